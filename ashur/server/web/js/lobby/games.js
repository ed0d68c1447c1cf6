// The lists of the lobby: my games (the account's, and those whose seat tokens this browser keeps), and
// the server's public games by status. Each game is one row; the caller adds the actions.

import { ApiError, api, seatsOf } from "../api.js";
import { t } from "../i18n.js";
import { el } from "../shell.js";
import { findGame, findScenario } from "./catalog.js";
import { gameName, roleName, scenarioName, seatKind, statusName, when } from "./names.js";

const SEATS = "ashur.seats";
const LOCAL_LIMIT = 30;

/** The ids of the games this browser holds seat tokens of (guests play by them). */
export function localGameIds() {
  try { return Object.keys(JSON.parse(localStorage.getItem(SEATS) || "{}")); } catch { return []; }
}

/** My games, "your move" first, then the latest change first: the account's (GET /api/me/games) and the
 * games of the seat tokens kept in this browser (their public facts: GET /api/games/<id>). */
export async function myGames(user) {
  const games = new Map();
  if (user) {
    for (const game of await api("/api/me/games")) games.set(game.id, game);
  }
  const local = localGameIds().filter((id) => !games.has(id)).slice(-LOCAL_LIMIT);
  const facts = await Promise.all(local.map((id) => api(`/api/games/${encodeURIComponent(id)}`).catch((err) => {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  })));
  for (const fact of facts) {
    if (!fact) continue;
    const roles = Object.keys(seatsOf(fact.id)).filter((role) => role in fact.seats);
    games.set(fact.id, {
      id: fact.id, game: fact.game, scenario: fact.scenario, status: fact.status, version: fact.version,
      roles, active: fact.active, updated_at: fact.updated_at,
      your_move: fact.status === "active" && roles.some((role) => fact.active.includes(role)),
    });
  }
  return [...games.values()].sort((a, b) =>
    (b.your_move - a.your_move) || (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));
}

/** The public games of a status (open, active, finished). */
export function publicGames(status) {
  return api(`/api/games?status=${status}&limit=50`);
}

/** "Scenario · Game" of a game row, from the catalog when it knows the game. */
export async function title(item) {
  const game = await findGame(item.game);
  const scenario = findScenario(game, item.scenario);
  return `${scenarioName(scenario)} · ${game ? gameName(game) : item.game}`;
}

/** The seats of a game's public facts as "Role: player" items. */
export function seatList(facts) {
  return el("ul", { class: "seats" }, Object.entries(facts.seats).map(([role, seat]) =>
    el("li", { class: `seat ${seat.kind}`, dataset: { role } },
      el("span", { class: "role" }, roleName(role)), ": ", seatKind(seat))));
}

/** The result line of a finished game: the winners and each role's score. */
export function resultLine(result) {
  if (!result || !result.over) return null;
  const winners = (result.winners || []).map(roleName).join(", ") || t("result.nobody");
  const scores = Object.entries(result.scores || {}).map(([role, score]) => `${roleName(role)} ${score}`).join(" · ");
  return el("span", { class: "result" }, t("result.won", { winners }), scores ? ` (${scores})` : "");
}

/** A row of a game list: its title, facts and the given actions. */
export async function gameRow(item, lang, { details = [], actions = [] } = {}) {
  return el("li", { class: `game ${item.your_move ? "your-move" : ""}`, dataset: { id: item.id, status: item.status } },
    el("div", { class: "game-head" },
      el("strong", { class: "game-title" }, await title(item)),
      item.your_move ? el("span", { class: "badge" }, t("lobby.your_move")) : null,
      el("span", { class: "status" }, statusName(item.status)),
      el("span", { class: "when" }, when(item.updated_at, lang))),
    ...details,
    actions.length ? el("div", { class: "game-actions" }, ...actions) : null);
}
