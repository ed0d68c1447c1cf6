// Password reset (/reset): without a token, ask for a link by name or e-mail (POST /api/password-reset,
// always the same answer); with the mailed link's #token=, choose a new password
// (POST /api/password-reset/confirm), then log in with it.

import { api, tokenFromFragment } from "../api.js";
import { t } from "../i18n.js";
import { el, start } from "../shell.js";
import { checkNewPassword } from "../lobby/account.js";
import { errorText, field, formError, setTitle } from "../lobby/ui.js";

function askForm(app) {
  const who = el("input", { name: "name_or_email", id: "reset-who", autocomplete: "username", required: true, maxlength: 254 });
  const submit = el("button", { type: "submit", id: "reset-ask" }, t("reset.ask"));
  const form = el("form", {
    class: "panel narrow", id: "reset-form",
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        await api("/api/password-reset", { method: "POST", body: { name_or_email: who.value.trim() } });
        app.replaceChildren(el("section", { class: "panel narrow", id: "reset-sent" }, el("h1", {}, t("reset.title")),
          el("p", {}, t("reset.sent")), el("a", { href: "/login" }, t("reset.to_login"))));
      } catch (err) {
        formError(form, errorText(err));
        submit.disabled = false;
      }
    },
  }, el("h1", {}, t("reset.title")), el("p", {}, t("reset.ask_text")),
  field(t("reset.who"), who),
  el("div", { class: "row" }, submit, el("a", { href: "/login" }, t("reset.to_login"))));
  app.replaceChildren(form);
  who.focus();
}

function newPasswordForm(app, token) {
  const password = el("input", { name: "password", id: "reset-password", type: "password", autocomplete: "new-password",
    required: true, minlength: 8 });
  const again = el("input", { name: "again", id: "reset-again", type: "password", autocomplete: "new-password", required: true });
  const submit = el("button", { type: "submit", id: "reset-set" }, t("reset.set"));
  const form = el("form", {
    class: "panel narrow", id: "reset-new-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const wrong = checkNewPassword(password.value, again.value);
      if (wrong) {
        formError(form, wrong);
        return;
      }
      submit.disabled = true;
      try {
        await api("/api/password-reset/confirm", { method: "POST", body: { token, password: password.value } });
        app.replaceChildren(el("section", { class: "panel narrow", id: "reset-done" }, el("h1", {}, t("reset.title")),
          el("p", {}, t("reset.done")), el("a", { href: "/login", class: "button", id: "reset-login" }, t("nav.login"))));
      } catch (err) {
        formError(form, errorText(err, { 400: "reset.bad_link" }));
        submit.disabled = false;
      }
    },
  }, el("h1", {}, t("reset.title")),
  field(t("reset.new"), password, t("register.password_help")), field(t("register.again"), again),
  el("div", { class: "row" }, submit));
  app.replaceChildren(form);
  password.focus();
}

start(async ({ app }) => {
  setTitle(t("reset.title"));
  const token = tokenFromFragment();
  if (token) newPasswordForm(app, token);
  else askForm(app);
  app.dataset.ready = "1";
});
