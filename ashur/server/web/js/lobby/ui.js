// Small pieces the lobby and account pages share: labelled form fields, a copy button, a page title with
// a "your move" badge, and API errors as text in the interface's language.

import { ApiError } from "../api.js";
import { t } from "../i18n.js";
import { el, notice } from "../shell.js";

/** A labelled field: the control, and under it a line of help when given. */
export function field(label, control, help = "") {
  if (!control.id) control.id = `f-${Math.random().toString(36).slice(2, 9)}`;
  return el("div", { class: "field" },
    el("label", { for: control.id }, label), control,
    help ? el("small", { class: "help" }, help) : null);
}

/** A checkbox with its label beside it, and the help under the label. */
export function checkField(label, box, help = "") {
  if (!box.id) box.id = `f-${Math.random().toString(36).slice(2, 9)}`;
  return el("div", { class: "field check" }, box, el("label", { for: box.id }, label),
    help ? el("small", { class: "help" }, help) : null);
}

/** A read-only text box with a button copying it to the clipboard. */
export function copyBox(text, name) {
  const box = el("input", { type: "text", readonly: true, value: text, class: "copy-text", "aria-label": name });
  const button = el("button", {
    type: "button", class: "secondary copy",
    onclick: async () => {
      box.select();
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        document.execCommand("copy");
      }
      notice(t("copy.done"));
    },
  }, t("copy.button"));
  return el("div", { class: "copy-box" }, box, button);
}

/** The page's title, with the number of games waiting for my move in front ("(2) Ashur"). */
export function setTitle(title, waiting = 0) {
  const base = title ? `${title} · ${t("app.name")}` : t("app.name");
  document.title = waiting > 0 ? `(${waiting}) ${base}` : base;
}

/** An error of the API (or of the network) as a sentence to show; `known` maps statuses to catalog keys. */
export function errorText(err, known = {}) {
  if (err instanceof ApiError) {
    if (known[err.status]) return t(known[err.status], { error: err.error });
    if (err.status === 401) return t("error.login_needed");
    if (err.status === 429) {
      const minutes = Math.max(1, Math.ceil(Number(err.body.retry_after || 60) / 60));
      return t("error.too_many", { minutes, error: err.error });
    }
    return t("error.server", { status: err.status, error: err.error });
  }
  return t("error.network", { error: err && err.message ? err.message : String(err) });
}

/** Show an error in a form's message line (role=alert) and return it. */
export function formError(form, text) {
  let line = form.querySelector(".form-error");
  if (!line) {
    line = el("p", { class: "form-error", role: "alert" });
    form.append(line);
  }
  line.textContent = text;
  return line;
}
