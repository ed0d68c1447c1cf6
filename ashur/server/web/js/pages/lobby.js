// The lobby (/): one click to play against bots (no account needed where the server lets guests play),
// my games with "your move" first (refreshed every few seconds, the count in the tab's title), the open
// public games to join, the games being played and the finished games with their replays.

import { ApiError, api, keepSeat, seatsOf } from "../api.js";
import { t } from "../i18n.js";
import { el, notice, start } from "../shell.js";
import { loadCatalog } from "../lobby/catalog.js";
import { gameRow, myGames, publicGames, resultLine, seatList } from "../lobby/games.js";
import { roleName, scenarioName } from "../lobby/names.js";
import { errorText, setTitle } from "../lobby/ui.js";

const POLL_MS = Number(window.ASHUR_POLL_MS) || 10000;
const QUICK = { game: "assyrian-wars", scenario: "two_rivers", role: "assyria", bot: "heuristic" };

function section(id, heading, intro = "") {
  return el("section", { id, class: "panel lobby-list" }, el("h2", {}, heading),
    intro ? el("p", { class: "muted" }, intro) : null, el("ul", { class: "games" }));
}

function fill(sectionNode, rows, empty) {
  const list = sectionNode.querySelector("ul.games");
  list.replaceChildren(...(rows.length ? rows : [el("li", { class: "empty" }, empty)]));
}

/** Create a game against bots: the quick game's role human, every other seat a bot; keep the seat token
 * and go to the table. */
async function quickPlay(game, scenarioId, button) {
  const scenario = game.scenarios.find((sc) => sc.id === scenarioId) || game.scenarios[0];
  const role = scenario.roles.includes(QUICK.role) ? QUICK.role : scenario.roles[0];
  const bot = game.bots.includes(QUICK.bot) ? QUICK.bot : game.bots[0];
  const seats = Object.fromEntries(scenario.roles.map((r) => [r, r === role ? "human" : `bot:${bot}`]));
  button.disabled = true;
  try {
    const made = await api("/api/games", { method: "POST", body: { game: game.id, scenario: scenario.id, seats, public: false } });
    keepSeat(made.id, role, made.seats[role].token);
    window.location.href = made.seats[role].url;
  } catch (err) {
    button.disabled = false;
    notice(errorText(err, { 401: "lobby.quick.login" }), "error");
  }
}

async function quickPanel(user) {
  const games = await loadCatalog();
  const game = games.find((g) => g.id === QUICK.game) || games[0];
  const choice = el("select", { id: "quick-scenario", "aria-label": t("lobby.quick.scenario") },
    game.scenarios.map((sc) => el("option", { value: sc.id, selected: sc.id === QUICK.scenario }, scenarioName(sc))));
  const button = el("button", { type: "button", id: "quick-play", onclick: () => quickPlay(game, choice.value, button) },
    t("lobby.quick.button"));
  return el("section", { class: "panel quick" },
    el("h2", {}, t("lobby.quick.title")),
    el("p", {}, t("lobby.quick.text", { role: roleName(QUICK.role) })),
    el("div", { class: "row" }, choice, button, el("a", { href: "/new", class: "button secondary" }, t("lobby.new"))),
    user ? null : el("p", { class: "muted" }, t("lobby.quick.guest")));
}

async function renderMine(node, user, lang, before) {
  const games = await myGames(user);
  const rows = await Promise.all(games.map((item) => gameRow(item, lang, {
    details: [el("span", { class: "roles" }, t("lobby.you_play", { roles: item.roles.map(roleName).join(", ") }))],
    actions: [item.status === "finished"
      ? el("a", { href: `/replay/${item.id}`, class: "button secondary" }, t("lobby.replay"))
      : el("a", { href: `/play/${item.id}`, class: "button" }, item.your_move ? t("lobby.move_now") : t("lobby.open_table"))],
  })));
  fill(node, rows, user || games.length ? t("lobby.mine.none") : t("lobby.mine.none_guest"));
  const waiting = games.filter((g) => g.your_move).length;
  setTitle(t("nav.lobby"), waiting);
  if (before !== null && waiting > before) notice(t("lobby.your_move_now"));
  return waiting;
}

async function join(item, role, user) {
  if (!user) {
    window.location.href = `/login?next=${encodeURIComponent("/")}`;
    return;
  }
  try {
    const seat = await api(`/api/games/${item.id}/join`, { method: "POST", body: { role } });
    keepSeat(item.id, seat.role, seat.token);
    window.location.href = `/play/${item.id}`;
  } catch (err) {
    notice(errorText(err, { 409: "join.taken", 403: "join.private" }), "error");
  }
}

async function renderPublic(nodes, user, lang) {
  const [open, active, finished] = await Promise.all(["open", "active", "finished"].map(publicGames));
  fill(nodes.open, await Promise.all(open.map((item) => gameRow(item, lang, {
    details: [seatList(item)],
    actions: Object.entries(item.seats).filter(([, seat]) => seat.kind === "open").map(([role]) =>
      el("button", { type: "button", class: "join", dataset: { role }, onclick: () => join(item, role, user) },
        t("lobby.join_as", { role: roleName(role) }))),
  }))), t("lobby.open.none"));
  fill(nodes.active, await Promise.all(active.map((item) => gameRow(item, lang, {
    details: [seatList(item)],
    actions: [
      ...(Object.keys(seatsOf(item.id)).length
        ? [el("a", { href: `/play/${item.id}`, class: "button" }, t("lobby.open_table"))] : []),
      ...(item.spectators !== false
        ? [el("a", { href: `/watch/${item.id}`, class: "button secondary watch" }, t("lobby.watch"))] : []),
    ],
  }))), t("lobby.active.none"));
  fill(nodes.finished, await Promise.all(finished.map((item) => gameRow(item, lang, {
    details: [seatList(item), resultLine(item.result)],
    actions: [el("a", { href: `/replay/${item.id}`, class: "button secondary" }, t("lobby.replay"))],
  }))), t("lobby.finished.none"));
}

start(async ({ user, lang, app }) => {
  setTitle(t("nav.lobby"));
  const mine = section("my-games", t("lobby.mine"));
  const nodes = {
    open: section("open-games", t("lobby.open"), t("lobby.open.intro")),
    active: section("active-games", t("lobby.active")),
    finished: section("finished-games", t("lobby.finished")),
  };
  app.replaceChildren(el("h1", { class: "sr-only" }, t("nav.lobby")), await quickPanel(user), mine,
    nodes.open, nodes.active, nodes.finished);
  let waiting = await renderMine(mine, user, lang, null);
  await renderPublic(nodes, user, lang);
  app.dataset.ready = "1";
  const refresh = async () => {
    try {
      waiting = await renderMine(mine, user, lang, waiting);
    } catch (err) {
      if (!(err instanceof ApiError)) return;  // offline for a moment: the next poll tries again
      notice(errorText(err), "error");
    }
  };
  setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
});
