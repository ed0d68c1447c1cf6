// Log in (/login): name and password; the session cookie is set; errors (wrong name or password, the
// login limit's 429 with its wait) are shown in the form; "forgot password?" leads to /reset.

import { t } from "../i18n.js";
import { el, start } from "../shell.js";
import { logIn, loginError, nextPage } from "../lobby/account.js";
import { errorText, field, formError, setTitle } from "../lobby/ui.js";

start(async ({ user, app }) => {
  setTitle(t("login.title"));
  if (user) {
    app.replaceChildren(el("section", { class: "panel narrow" }, el("h1", {}, t("login.title")),
      el("p", {}, t("login.already", { name: user.name })), el("a", { href: "/" }, t("nav.lobby"))));
    return;
  }
  const name = el("input", { name: "name", id: "login-name", autocomplete: "username", required: true, maxlength: 32 });
  const password = el("input", { name: "password", id: "login-password", type: "password",
    autocomplete: "current-password", required: true });
  const submit = el("button", { type: "submit", id: "login-submit" }, t("login.submit"));
  const form = el("form", {
    class: "panel narrow", id: "login-form",
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        await logIn(name.value.trim(), password.value);
        window.location.href = nextPage();
      } catch (err) {
        formError(form, loginError(err) || errorText(err));
        submit.disabled = false;
      }
    },
  }, el("h1", {}, t("login.title")),
  field(t("account.name"), name), field(t("account.password"), password),
  el("div", { class: "row" }, submit, el("a", { href: "/register" }, t("login.to_register")),
    el("a", { href: "/reset", id: "login-forgot" }, t("login.forgot"))));
  app.replaceChildren(form);
  name.focus();
  app.dataset.ready = "1";
});
