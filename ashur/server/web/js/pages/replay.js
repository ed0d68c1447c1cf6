// A finished game's replay (issue 16 item 6): /replay/<id>. Each frame (GET /api/games/<id>/replay?step=k)
// drawn on the same board as the table, as the seat this browser holds saw it (or as an observer): first,
// previous, next and last buttons, a slider, the arrow keys, and the log entries the step added. A step
// made by a bot seat that explains itself shows its reason too ("why did the bot do that?", issue 17; read
// once from GET /api/games/<id>/bot-reasons, which lets whoever may replay a finished game read them).

import { ApiError, api, seatsOf } from "../api.js";
import { loadMessages, renderReason, t } from "../i18n.js";
import { el, notice, start } from "../shell.js";
import { GameLog } from "../table/log.js";
import { actionText } from "../table/prompt.js";
import { rendererFor } from "../games/index.js";
import { nameOf } from "../table/svg.js";

/** Every bot reason of a game by action index (an empty map when they may not be read). */
async function loadReasons(gameId, token) {
  const out = new Map();
  let since = 0;
  for (let page = 0; page < 100; page += 1) {
    let got;
    try {
      got = await api(`/api/games/${encodeURIComponent(gameId)}/bot-reasons?since=${since}`, { token });
    } catch (err) {
      if (err instanceof ApiError) return out;
      throw err;
    }
    for (const x of got.reasons || []) out.set(x.n, x);
    if (!got.reasons || got.reasons.length === 0 || !(got.next > since)) break;
    since = got.next;
  }
  return out;
}

const sheet = document.createElement("link");
sheet.rel = "stylesheet";
sheet.href = `/static/css/table.css?v=${window.ASHUR_VERSION || ""}`;
document.head.append(sheet);

start(async ({ app, lang }) => {
  const gameId = decodeURIComponent(window.location.pathname.split("/")[2] || "");
  const seats = seatsOf(gameId);
  const asked = new URLSearchParams(window.location.search).get("role");
  const role = asked || Object.keys(seats)[0] || "observer";
  const token = seats[role] || Object.values(seats)[0] || undefined;
  const path = (step) => `/api/games/${encodeURIComponent(gameId)}/replay?role=${encodeURIComponent(role)}`
    + `${step === null ? "" : `&step=${step}`}`;
  let frame;
  try {
    frame = await api(path(null), { token });
  } catch (err) {
    app.replaceChildren(el("p", { class: "panel" }, err instanceof ApiError ? err.error : String(err)));
    return;
  }
  const gameName = frame.view.game;
  const v = window.ASHUR_VERSION || "";
  const [board, catalog, reasons, R] = await Promise.all([
    api(`/api/content/${encodeURIComponent(gameName)}/board?v=${v}`), loadMessages(gameName, lang),
    loadReasons(gameId, token), rendererFor(gameName)]);
  app.classList.add("table-page");
  const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: frame.steps, value: frame.step,
    "aria-label": t("replay.title") });
  const label = el("span", { id: "replay-step" });
  const button = (id, key, to) => el("button", { type: "button", id, class: "secondary", onclick: () => show(to()) }, t(key));
  const controls = el("div", { class: "panel replay-controls" },
    el("h3", {}, t("replay.title"), " · ", t("replay.as"), " ", role === "observer" ? t("replay.observer") : nameOf(role, catalog)),
    el("div", { class: "replay-buttons" },
      button("replay-first", "replay.first", () => 0), button("replay-prev", "replay.prev", () => frame.step - 1),
      button("replay-next", "replay.next", () => frame.step + 1), button("replay-last", "replay.last", () => frame.steps)),
    slider, label, el("p", { id: "replay-action" }),
    el("p", { id: "replay-why", class: "bot-why muted", hidden: true }));
  const stage = el("section", { class: "stage" });
  const logBox = el("div", { id: "log" });
  const tracksBox = el("div", { id: "tracks" });
  app.replaceChildren(el("div", { class: "table" }, stage,
    el("aside", { class: "side" }, controls, el("div", { class: "panel" }, tracksBox), el("div", { class: "panel" }, logBox))));
  const boardView = new R.Board(stage, board, catalog, {});
  const gameLog = new GameLog(logBox, catalog);
  let loading = null;

  function draw() {
    boardView.setView(frame.view);
    slider.value = String(frame.step);
    label.textContent = t("replay.step", { step: frame.step, steps: frame.steps });
    const act = frame.action;
    const why = act ? reasons.get(frame.step - 1) : undefined;
    const named = why && why.label ? actionText(why, catalog) : (act ? act[1] : "");
    const text = act ? `${nameOf(act[0], catalog)}: ${named}` : t("replay.start");
    document.getElementById("replay-action").textContent = act ? t("replay.action", { action: text }) : text;
    const whyBox = document.getElementById("replay-why");
    whyBox.hidden = !why;
    const reason = why && why.why ? renderReason(why.why, catalog) : why && why.reason;
    whyBox.textContent = why ? t("replay.why", { reason }) : "";
    R.renderTracks(tracksBox, { view: frame.view, board, catalog });
    gameLog.entries = [];
    gameLog.next = 0;
    gameLog.add(frame.log || []);
    gameLog.render(frame.view);
    document.body.dataset.step = String(frame.step);
  }

  async function show(step) {
    const target = Math.max(0, Math.min(frame.steps, step));
    if (target === frame.step && !loading) return;
    const mine = api(path(target), { token });
    loading = mine;
    try {
      const got = await mine;
      if (loading !== mine) return;
      frame = got;
      draw();
    } catch (err) { notice(err.message, "error"); } finally { if (loading === mine) loading = null; }
  }

  slider.addEventListener("change", () => show(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") show(frame.step + 1);
    else if (event.key === "ArrowLeft") show(frame.step - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(frame.steps);
  });
  draw();
  boardView.focusPieces();
  document.body.dataset.ready = "1";
});
