// Join (/join/<id>#token=...): the invitation's game and its open seats; "Take the seat" joins with the
// invitation (POST /api/games/<id>/join), keeps the seat token the server returns and goes to the table.

import { api, keepSeat, tokenFromFragment } from "../api.js";
import { t } from "../i18n.js";
import { el, start } from "../shell.js";
import { findGame, findScenario } from "../lobby/catalog.js";
import { gameName, paceName, roleName, scenarioName, scenarioSummary, statusName } from "../lobby/names.js";
import { seatList } from "../lobby/games.js";
import { errorText, formError, setTitle } from "../lobby/ui.js";

/** The invitation of this page: read from the fragment once (which is then cleared from the address bar),
 * kept for this tab so a reload still works. */
function invitation(gameId) {
  const key = `ashur.invite.${gameId}`;
  const fresh = tokenFromFragment();
  if (fresh) sessionStorage.setItem(key, fresh);
  return sessionStorage.getItem(key);
}

start(async ({ user, app }) => {
  setTitle(t("join.title"));
  const gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
  const invite = invitation(gameId);
  let facts;
  try {
    facts = await api(`/api/games/${encodeURIComponent(gameId)}`);
  } catch (err) {
    app.replaceChildren(el("section", { class: "panel narrow" }, el("h1", {}, t("join.title")),
      el("p", { class: "form-error", role: "alert" }, errorText(err, { 404: "join.no_game" }))));
    return;
  }
  const game = await findGame(facts.game);
  const scenario = findScenario(game, facts.scenario);
  const openRoles = Object.entries(facts.seats).filter(([, seat]) => seat.kind === "open").map(([role]) => role);
  const take = el("button", { type: "button", id: "join-take", disabled: !invite || !openRoles.length }, t("join.take"));
  const panel = el("section", { class: "panel narrow", id: "join", dataset: { game: facts.id } },
    el("h1", {}, t("join.heading", { scenario: scenarioName(scenario) })),
    el("p", { class: "muted" }, `${game ? gameName(game) : facts.game} · ${statusName(facts.status)} · ${paceName(facts.pace || "")}`),
    el("p", { class: "summary" }, scenarioSummary(scenario)),
    seatList(facts),
    el("p", { id: "join-seat" }, openRoles.length === 1 ? t("join.seat_one", { role: roleName(openRoles[0]) })
      : openRoles.length ? t("join.seat_many", { roles: openRoles.map(roleName).join(", ") }) : t("join.none_open")),
    invite ? null : el("p", { class: "form-error", role: "alert" }, t("join.no_invite")),
    user ? null : el("p", { class: "muted" }, t("join.guest")),
    el("div", { class: "row" }, take));
  take.addEventListener("click", async () => {
    take.disabled = true;
    try {
      const seat = await api(`/api/games/${encodeURIComponent(facts.id)}/join`, { method: "POST", body: { invite } });
      keepSeat(facts.id, seat.role, seat.token);
      sessionStorage.removeItem(`ashur.invite.${facts.id}`);
      window.location.href = `/play/${facts.id}`;
    } catch (err) {
      formError(panel, errorText(err, { 403: "join.bad_invite", 409: "join.started" }));
      take.disabled = false;
    }
  });
  app.replaceChildren(panel);
  app.dataset.ready = "1";
});
