// Register (/register): name, password (twice) and an optional e-mail; then logged in at once.

import { api } from "../api.js";
import { t } from "../i18n.js";
import { el, start } from "../shell.js";
import { checkAccount, checkNewPassword, logIn, nextPage } from "../lobby/account.js";
import { errorText, field, formError, setTitle } from "../lobby/ui.js";

start(async ({ user, app }) => {
  setTitle(t("register.title"));
  if (user) {
    app.replaceChildren(el("section", { class: "panel narrow" }, el("h1", {}, t("register.title")),
      el("p", {}, t("login.already", { name: user.name })), el("a", { href: "/profile" }, t("nav.profile"))));
    return;
  }
  const name = el("input", { name: "name", id: "register-name", autocomplete: "username", required: true, maxlength: 32 });
  const password = el("input", { name: "password", id: "register-password", type: "password",
    autocomplete: "new-password", required: true, minlength: 8 });
  const again = el("input", { name: "again", id: "register-again", type: "password", autocomplete: "new-password", required: true });
  const email = el("input", { name: "email", id: "register-email", type: "email", autocomplete: "email" });
  const submit = el("button", { type: "submit", id: "register-submit" }, t("register.submit"));
  const form = el("form", {
    class: "panel narrow", id: "register-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const wrong = checkAccount(name.value.trim(), password.value, email.value.trim())
        || checkNewPassword(password.value, again.value);
      if (wrong) {
        formError(form, wrong);
        return;
      }
      submit.disabled = true;
      try {
        await api("/api/register", { method: "POST",
          body: { name: name.value.trim(), password: password.value, email: email.value.trim() || null } });
        await logIn(name.value.trim(), password.value);
        window.location.href = nextPage();
      } catch (err) {
        formError(form, errorText(err, { 409: "register.taken" }));
        submit.disabled = false;
      }
    },
  }, el("h1", {}, t("register.title")),
  field(t("account.name"), name, t("register.name_help")),
  field(t("account.password"), password, t("register.password_help")),
  field(t("register.again"), again),
  field(t("account.email"), email, t("register.email_help")),
  el("div", { class: "row" }, submit, el("a", { href: "/login" }, t("register.to_login"))));
  app.replaceChildren(form);
  name.focus();
  app.dataset.ready = "1";
});
