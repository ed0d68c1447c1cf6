// A game watched live (issue 15, spectators): /watch/<id>. No token: the page reads the public view
// (GET /api/games/<id>/watch, the engine's view of the "observer"), draws it read-only with the table's
// modules (board, tracks, log; no prompt, no hand, no chat) and follows the game over the spectators'
// websocket (?watch=1), which pushes the public view after every change.

import { ApiError, api } from "../api.js";
import { loadMessages, t } from "../i18n.js";
import { el, start } from "../shell.js";
import { GameLog } from "../table/log.js";
import { nameOf } from "../table/svg.js";
import { rendererFor } from "../games/index.js";

const sheet = document.createElement("link");
sheet.rel = "stylesheet";
sheet.href = `/static/css/table.css?v=${window.ASHUR_VERSION || ""}`;
document.head.append(sheet);

start(async ({ app, lang }) => {
  const gameId = decodeURIComponent(window.location.pathname.split("/")[2] || "");
  const gamePath = `/api/games/${encodeURIComponent(gameId)}`;
  let data;
  try {
    data = await api(`${gamePath}/watch`);
  } catch (err) {
    app.replaceChildren(el("p", { class: "panel", id: "watch-refused" }, err instanceof ApiError ? err.error : String(err)));
    return;
  }
  const v = window.ASHUR_VERSION || "";
  const [board, catalog, R] = await Promise.all([
    api(`/api/content/${encodeURIComponent(data.view.game)}/board?v=${v}`), loadMessages(data.view.game, lang),
    rendererFor(data.view.game)]);
  app.classList.add("table-page");
  const tools = el("div", { class: "board-tools" },
    el("button", { type: "button", id: "zoom-in", "aria-label": t("table.zoom_in") }, "+"),
    el("button", { type: "button", id: "zoom-out", "aria-label": t("table.zoom_out") }, "−"),
    el("button", { type: "button", id: "zoom-fit", "aria-label": t("table.zoom_fit") }, "⤢"));
  const stage = el("section", { class: "stage", id: "stage" }, tools);
  const status = el("div", { class: "panel status", id: "status" });
  const tracksBox = el("div", { id: "tracks" });
  const logBox = el("div", { id: "log" });
  app.replaceChildren(el("div", { class: "table" }, stage, el("aside", { class: "side" },
    status,
    el("details", { class: "panel", open: true }, el("summary", {}, t("table.tracks")), tracksBox),
    el("details", { class: "panel", open: true }, el("summary", {}, t("table.log")), logBox))));
  const boardView = new R.Board(stage, board, catalog, {});
  document.getElementById("zoom-in").onclick = () => boardView.zoom(1.4);
  document.getElementById("zoom-out").onclick = () => boardView.zoom(1 / 1.4);
  document.getElementById("zoom-fit").onclick = () => boardView.fit();
  const gameLog = new GameLog(logBox, catalog);

  function drawStatus() {
    const over = data.status === "finished" || (data.result && data.result.over);
    const items = [el("h3", {}, t("watch.title")), el("p", { class: "muted" }, t("watch.intro"))];
    if (over) {
      const result = data.result || {};
      const winners = (result.winners || []).map((r) => nameOf(r, catalog)).join(", ");
      items.push(el("p", { id: "game-status" }, t("table.over")),
        el("p", { id: "result" }, winners ? t("table.winners", { who: winners }) : t("table.no_winner")),
        el("a", { href: `/replay/${encodeURIComponent(gameId)}`, class: "button secondary", id: "replay-link" }, t("table.replay")));
    } else {
      const active = data.active || [];
      items.push(el("p", { id: "game-status" }, active.length
        ? t("watch.deciding", { roles: active.map((r) => nameOf(r, catalog)).join(", ") }) : t("watch.live")));
    }
    status.replaceChildren(...items);
  }

  async function readLog() {
    try {
      const got = await api(`${gamePath}/watch/log?since=${gameLog.next}`);
      gameLog.add(got.entries || []);
      gameLog.render(data.view);
    } catch (err) { if (!(err instanceof ApiError)) throw err; }
  }

  function draw() {
    boardView.setView(data.view);
    R.renderTracks(tracksBox, { view: data.view, board, catalog });
    drawStatus();
    document.body.dataset.version = String(data.version);
  }

  function accept(next) {
    if (next.version < data.version || (next.version === data.version && next.status === data.status)) return;
    const moved = next.version !== data.version;
    data = next;
    draw();
    if (moved) readLog();
  }

  let wait = 500;
  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${window.location.host}${gamePath}/ws?watch=1`);
    let ping = null;
    ws.onopen = () => {
      wait = 500;
      ping = setInterval(() => { if (ws.readyState === 1) ws.send("ping"); }, 25000);
      document.body.dataset.ws = "open";
    };
    ws.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type === "view") accept(msg);
    };
    ws.onclose = (event) => {
      clearInterval(ping);
      document.body.dataset.ws = "closed";
      if (event.code >= 4400 && event.code < 4500) return;
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 15000);
    };
  }

  draw();
  await readLog();
  boardView.focusPieces();
  document.body.dataset.ready = "1";
  connect();
});
