// Profile (/profile): e-mail, webhook address and language (GET/PATCH /api/me; a new language switches
// the interface at once), an API token for programs (a fresh one from POST /api/login, shown once), the
// password change (POST /api/me/password: other sessions and tokens end, this one goes on), an absence
// (PUT /api/me/away {until}: the pace clocks of my seats pause, no notices; DELETE /api/me/away to come
// back early; the server's rules: at most max_days ahead, 7 days between two absences), and the deletion
// of the account (DELETE /api/me with the password and a ticked confirmation).

import { api } from "../api.js";
import { LANGS, keepLang, t } from "../i18n.js";
import { el, notice, start } from "../shell.js";
import { checkNewPassword, logIn, loginError } from "../lobby/account.js";
import { when } from "../lobby/names.js";
import { checkField, copyBox, errorText, field, formError, setTitle } from "../lobby/ui.js";

const LANG_NAMES = { en: "English", de: "Deutsch", ja: "日本語" };

function profileForm(user, lang) {
  const email = el("input", { name: "email", id: "profile-email", type: "email", value: user.email || "", autocomplete: "email" });
  const webhook = el("input", { name: "webhook_url", id: "profile-webhook", type: "url", value: user.webhook_url || "",
    placeholder: "https://" });
  const language = el("select", { name: "lang", id: "profile-lang" },
    LANGS.map((l) => el("option", { value: l, selected: l === (user.lang || lang) }, LANG_NAMES[l])));
  const submit = el("button", { type: "submit", id: "profile-save" }, t("profile.save"));
  const form = el("form", {
    class: "panel", id: "profile-form",
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        const saved = await api("/api/me", { method: "PATCH", body: {
          email: email.value.trim() || null, webhook_url: webhook.value.trim() || null, lang: language.value } });
        keepLang(saved.lang);
        if (saved.lang !== lang) {
          window.location.reload();
          return;
        }
        notice(t("profile.saved"));
      } catch (err) {
        formError(form, errorText(err, { 422: "profile.refused" }));
      }
      submit.disabled = false;
    },
  }, el("h2", {}, t("profile.settings")),
  field(t("account.email"), email, t("profile.email_help")),
  field(t("profile.webhook"), webhook, t("profile.webhook_help")),
  field(t("profile.lang"), language),
  el("div", { class: "row" }, submit));
  return form;
}

function tokenForm(user) {
  const password = el("input", { name: "password", id: "token-password", type: "password", autocomplete: "current-password", required: true });
  const out = el("div", { id: "token-out" });
  const form = el("form", {
    class: "panel", id: "token-form",
    onsubmit: async (event) => {
      event.preventDefault();
      try {
        const answer = await logIn(user.name, password.value);
        password.value = "";
        out.replaceChildren(el("p", {}, t("profile.token_once")), copyBox(answer.token, t("profile.token")),
          el("pre", { class: "example" }, `curl -H "Authorization: Bearer ${answer.token}" ${window.location.origin}/api/me/games`));
      } catch (err) {
        formError(form, loginError(err) || errorText(err));
      }
    },
  }, el("h2", {}, t("profile.token")), el("p", {}, t("profile.token_text")),
  field(t("account.password"), password), el("div", { class: "row" }, el("button", { type: "submit", id: "token-make" }, t("profile.token_make"))),
  out);
  return form;
}

function passwordForm() {
  const old = el("input", { name: "old", id: "password-old", type: "password", autocomplete: "current-password", required: true });
  const fresh = el("input", { name: "new", id: "password-new", type: "password", autocomplete: "new-password", required: true });
  const again = el("input", { name: "again", id: "password-again", type: "password", autocomplete: "new-password", required: true });
  const submit = el("button", { type: "submit", id: "password-change" }, t("password.change"));
  const form = el("form", {
    class: "panel", id: "password-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const wrong = checkNewPassword(fresh.value, again.value);
      if (wrong) {
        formError(form, wrong);
        return;
      }
      submit.disabled = true;
      try {
        await api("/api/me/password", { method: "POST", body: { old: old.value, new: fresh.value } });
        for (const box of [old, fresh, again]) box.value = "";
        form.querySelector(".form-error")?.remove();
        notice(t("password.changed"));
      } catch (err) {
        formError(form, errorText(err, { 403: "password.wrong" }));
      }
      submit.disabled = false;
    },
  }, el("h2", {}, t("password.title")), el("p", {}, t("password.text")),
  field(t("password.old"), old), field(t("password.new"), fresh, t("register.password_help")),
  field(t("register.again"), again), el("div", { class: "row" }, submit));
  return form;
}

/** A datetime-local input's value (local time, to the minute) for `date`. */
function localValue(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function awayForm(status, lang) {
  const form = el("form", { class: "panel", id: "away-form", novalidate: true });
  const show = (now) => {
    form.replaceChildren(el("h2", {}, t("away.title")), el("p", {}, t("away.text", { days: now.max_days })));
    if (now.away) {
      const back = el("button", { type: "submit", id: "away-end" }, t("away.end"));
      form.append(el("p", { id: "away-status" }, t("away.until", { until: when(now.until, lang) })),
        el("div", { class: "row" }, back));
      form.onsubmit = async (event) => {
        event.preventDefault();
        back.disabled = true;
        try {
          show(await api("/api/me/away", { method: "DELETE" }));
          notice(t("away.ended"));
        } catch (err) {
          formError(form, errorText(err, { 409: "away.refused" }));
          back.disabled = false;
        }
      };
      return;
    }
    const earliest = new Date(Date.now() + 60 * 60 * 1000);
    const until = el("input", { type: "datetime-local", id: "away-until", required: true,
      min: localValue(earliest), max: localValue(new Date(Date.now() + now.max_days * 24 * 3600 * 1000)),
      value: localValue(new Date(Date.now() + 7 * 24 * 3600 * 1000)) });
    const go = el("button", { type: "submit", id: "away-start" }, t("away.start"));
    const help = now.next_start ? t("away.next", { when: when(now.next_start, lang) }) : t("away.help");
    form.append(field(t("away.until_label"), until, help), el("div", { class: "row" }, go));
    form.onsubmit = async (event) => {
      event.preventDefault();
      const chosen = new Date(until.value);
      if (!until.value || Number.isNaN(chosen.getTime())) {
        formError(form, t("away.pick"));
        return;
      }
      go.disabled = true;
      try {
        show(await api("/api/me/away", { method: "PUT", body: { until: chosen.toISOString() } }));
        notice(t("away.started"));
      } catch (err) {
        formError(form, errorText(err, { 409: "away.refused", 422: "away.refused" }));
        go.disabled = false;
      }
    };
  };
  show(status);
  return form;
}

function deleteForm() {
  const password = el("input", { name: "password", id: "delete-password", type: "password", autocomplete: "current-password", required: true });
  const sure = el("input", { type: "checkbox", id: "delete-sure", required: true });
  const submit = el("button", { type: "submit", id: "delete-account", class: "danger" }, t("delete.button"));
  const form = el("form", {
    class: "panel", id: "delete-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      if (!sure.checked) {
        formError(form, t("delete.confirm_first"));
        return;
      }
      submit.disabled = true;
      try {
        await api("/api/me", { method: "DELETE", body: { password: password.value } });
        window.location.href = "/";
      } catch (err) {
        formError(form, errorText(err, { 403: "password.wrong" }));
        submit.disabled = false;
      }
    },
  }, el("h2", {}, t("delete.title")), el("p", {}, t("delete.text")),
  field(t("account.password"), password), checkField(t("delete.sure"), sure),
  el("div", { class: "row" }, submit));
  return form;
}

start(async ({ user, lang, app }) => {
  setTitle(t("profile.title"));
  if (!user) {
    app.replaceChildren(el("section", { class: "panel narrow" }, el("h1", {}, t("profile.title")),
      el("p", {}, t("profile.login_first")),
      el("a", { href: `/login?next=${encodeURIComponent("/profile")}`, class: "button" }, t("nav.login"))));
    return;
  }
  const [fresh, away] = await Promise.all([api("/api/me"), api("/api/me/away")]);
  app.replaceChildren(el("h1", {}, t("profile.heading", { name: fresh.name })), profileForm(fresh, lang), tokenForm(fresh),
    passwordForm(), awayForm(away, lang), deleteForm());
  app.dataset.ready = "1";
});
