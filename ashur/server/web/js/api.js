// The HTTP API as the pages use it: JSON in and out, the CSRF header on cookie requests, seat tokens kept
// per game in this browser, and errors as ApiError {status, error, rule}.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.error = (body && body.error) || `HTTP ${status}`;
    this.rule = (body && body.rule) || null;
    this.body = body || {};
  }
}

export function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Call the API. `token`: a bearer token (a seat's s_... or a user's u_...); without it the session
 * cookie is used and unsafe methods carry the CSRF token. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (!token && method !== "GET") {
    const csrf = cookie("ashur_csrf");
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }
  const response = await fetch(path, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: text.slice(0, 200) }; }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// --- seat tokens: game id -> {role: token}, kept in localStorage ---------------------------------------
const SEATS = "ashur.seats";

function allSeats() {
  try { return JSON.parse(localStorage.getItem(SEATS) || "{}"); } catch { return {}; }
}

export function seatsOf(gameId) {
  return allSeats()[gameId] || {};
}

export function keepSeat(gameId, role, token) {
  const seats = allSeats();
  seats[gameId] = { ...(seats[gameId] || {}), [role]: token };
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

/** A token in the page's fragment (#token=...), removed from the address bar once read. */
export function tokenFromFragment() {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  return decodeURIComponent(match[1]);
}

/** The signed-in user, or null (no session). */
export async function me() {
  try { return await api("/api/me"); } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
