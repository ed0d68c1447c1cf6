// Logging in and registering as the account pages do it: the cookie session comes from POST /api/login
// (its CSRF token in the readable cookie the API module sends back); registering logs in at once.

import { ApiError, api } from "../api.js";
import { t } from "../i18n.js";

/** Log in; the session cookie is set by the answer. Returns the answer ({token, csrf}). */
export function logIn(name, password) {
  return api("/api/login", { method: "POST", body: { name, password } });
}

/** A failed login as a sentence: wrong name or password, or the login limit's wait (429, Retry-After). */
export function loginError(err) {
  if (err instanceof ApiError && err.status === 401) return t("login.wrong");
  if (err instanceof ApiError && err.status === 429) {
    const minutes = Math.max(1, Math.ceil(Number(err.body.retry_after || 900) / 60));
    return t("login.limit", { minutes });
  }
  return null;
}

/** The form checks of register (the server's own rules, said in the interface's language). */
export function checkAccount(name, password, email) {
  if (!/^[\p{L}\p{N}_.-]{2,32}$/u.test(name)) return t("register.bad_name");
  const bad = checkPassword(password);
  if (bad) return bad;
  if (email && !/^[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s]{1,60}$/.test(email)) return t("profile.bad_email");
  return null;
}

/** The server's password rule (8 to 200 characters), said in the interface's language; null when kept. */
export function checkPassword(password) {
  return password.length < 8 || password.length > 200 ? t("register.bad_password") : null;
}

/** A new password typed twice: the first problem (length, then the two differing), or null. */
export function checkNewPassword(password, again) {
  return checkPassword(password) || (password !== again ? t("register.mismatch") : null);
}

/** Where to go after logging in: the page's ?next= when it is a path of this site, else the lobby. */
export function nextPage() {
  const next = new URLSearchParams(window.location.search).get("next") || "/";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}
