// The game table (issue 16 items 1-5): /play/<id>. The seat's token comes from the link's fragment
// (#token=...) or this browser's store; the page reads the seat's view, draws the board, the prompt, the
// hand, the tracks, the odds and the log, sends the chosen actions, and follows the game over the websocket.
// Under the log, "why did the bots do that?" (issue 17) when the game lets the seat read the bots' reasons.

import { ApiError, api, keepSeat, seatsOf, tokenFromFragment } from "../api.js";
import { loadMessages, t } from "../i18n.js";
import { el, notice, start } from "../shell.js";
import { chime, setSound, soundOn } from "../table/alert.js";
import { nameOf } from "../table/svg.js";
import { actionText, installKeys, renderPrompt } from "../table/prompt.js";
import { GameLog } from "../table/log.js";
import { Odds } from "../table/odds.js";
import { showRule, ruleLink } from "../table/rules.js";
import { Chat } from "../table/chat.js";
import { BotReasons } from "../table/botreasons.js";
import { menu, closePopups } from "../table/popup.js";
import { rendererFor } from "../games/index.js";

const sheet = document.createElement("link");
sheet.rel = "stylesheet";
sheet.href = `/static/css/table.css?v=${window.ASHUR_VERSION || ""}`;
document.head.append(sheet);

const perf = { drawn: [], load: null };
window.ashurTable = perf;

function seatToken(gameId) {
  const fromLink = tokenFromFragment();
  if (fromLink) return { token: fromLink, fresh: true };
  const seats = seatsOf(gameId);
  const asked = new URLSearchParams(window.location.search).get("role");
  if (asked && seats[asked]) return { token: seats[asked] };
  const roles = Object.keys(seats);
  return roles.length ? { token: seats[roles[0]] } : { token: null };
}

function layout(app) {
  app.classList.add("table-page");
  const section = (id, title, open = true, hidden = false) => el("details", { class: "panel", id: `${id}-panel`, open,
    hidden: hidden || null }, el("summary", {}, title), el("div", { id }));
  const tools = el("div", { class: "board-tools" },
    el("button", { type: "button", id: "zoom-in", "aria-label": t("table.zoom_in") }, "+"),
    el("button", { type: "button", id: "zoom-out", "aria-label": t("table.zoom_out") }, "−"),
    el("button", { type: "button", id: "zoom-fit", "aria-label": t("table.zoom_fit") }, "⤢"));
  const side = el("aside", { class: "side" },
    el("div", { class: "panel status", id: "status" }),
    el("div", { class: "panel game-tools", id: "game-tools" }),
    el("div", { class: "panel prompt", id: "prompt" }),
    el("div", { class: "panel odds", id: "odds", hidden: true, "aria-live": "polite" }),
    el("div", { class: "panel why", id: "why", hidden: true, role: "alert" }),
    section("hand", t("table.hand")),
    section("tracks", t("table.tracks")),
    section("log", t("table.log")),
    section("bot-reasons", t("table.bot_reasons"), false, true),
    section("chat", t("table.chat"), false));
  const stage = el("section", { class: "stage", id: "stage" }, tools);
  app.replaceChildren(el("div", { class: "table" }, stage, side),
    el("div", { class: "rule-box panel", id: "rule-box", hidden: true, role: "dialog" }));
  return { stage };
}

start(async ({ app, lang }) => {
  const t0 = performance.now();
  const gameId = decodeURIComponent(window.location.pathname.split("/")[2] || "");
  const seat = seatToken(gameId);
  if (!seat.token) {
    app.replaceChildren(el("p", { class: "panel" }, t("table.no_seat")));
    return;
  }
  const token = seat.token;
  const gamePath = `/api/games/${encodeURIComponent(gameId)}`;
  const first = await api(`${gamePath}/view`, { token });
  keepSeat(gameId, first.role, token);
  const gameName = first.view.game;
  const v = window.ASHUR_VERSION || "";
  const [board, catalog, R] = await Promise.all([
    api(`/api/content/${encodeURIComponent(gameName)}/board?v=${v}`), loadMessages(gameName, lang),
    rendererFor(gameName)]);
  const { stage } = layout(app);
  const state = { data: first, busy: false, index: null, undoable: false, lastOwnVersion: -1, answeredAt: null };
  const role = first.role;

  const choose = async (id) => {
    if (state.busy || !state.data.actions.some((a) => a.id === id)) return;
    state.busy = true;
    closePopups();
    document.getElementById("why").hidden = true;
    try {
      const answer = await api(`${gamePath}/actions`, { method: "POST", token, body: { action: id, version: state.data.version } });
      state.answeredAt = { version: answer.version, at: performance.now() };
      state.lastOwnVersion = answer.version;
      state.busy = false;
      if (state.data.version >= answer.version) draw(); // the websocket brought this version first
      else if (!(await refresh())) draw();
    } catch (err) {
      state.busy = false;
      if (err instanceof ApiError && err.status === 409) { if (!(await refresh())) draw(); }
      else {
        if (err instanceof ApiError && err.status === 422) showWhy({ error: err.error, rule: err.rule });
        else notice(err.message, "error");
        draw();
      }
    }
  };

  const showWhy = (refusal) => {
    const box = document.getElementById("why");
    box.replaceChildren(el("p", { class: "why-text" }, refusal.error || t("table.not_legal")), " ",
      refusal.rule ? ruleLink(refusal.rule, catalog) : null,
      refusal.rule_text ? el("p", { class: "muted" }, refusal.rule_text) : null);
    if (refusal.rule) box.querySelector("button.rule").onclick = () => showRule(refusal.rule, catalog, refusal.rule_text);
    box.hidden = false;
  };

  const why = async (kind, thing) => {
    const id = R.composeId(state.index, kind, thing, { spots: boardView.spots, view: state.data.view });
    if (!id) {
      showWhy({ error: state.data.actions.length ? t("table.no_choice_here") : t("table.not_your_turn") });
      return;
    }
    try {
      const answer = await api(`${gamePath}/why?action=${encodeURIComponent(id)}&lang=${lang}`, { token });
      if (answer.legal) choose(id);
      else showWhy(answer);
    } catch (err) {
      showWhy({ error: err.error || err.message, rule: err.rule });
    }
  };

  const offer = (actions, anchor) => {
    if (actions.length === 1) { choose(actions[0].id); return; }
    menu(anchor, actions.map((a) => ({ text: actionText(a, catalog), rule: a.rule, run: () => choose(a.id),
      hover: () => preview(a) })), catalog);
  };

  const onSpot = (id, event) => {
    const actions = state.index.bySpot.get(id);
    if (actions && actions.length) offer(actions, event);
    else why("spot", id);
  };
  const onStack = (key, event) => {
    const stack = boardView.stacks.get(key);
    if (!stack) return;
    const named = [...stack.pieces, ...stack.cargo.map((c) => c.pid)].flatMap((pid) => state.index.byPiece.get(pid) || []);
    if (named.length && stack.count === 1) { offer(named, event); return; }
    R.stackPopup(event, stack, {
      board, catalog, view: state.data.view,
      actionsOf: (pid) => state.index.byPiece.get(pid) || [],
      choose: (a) => choose(a.id), why: (pid) => why("piece", pid),
      spotActions: state.index.bySpot.get(stack.spot) || [],
    });
  };

  const preview = (action) => {
    if (!action) { boardView.preview(null, null, null); return; }
    const named = state.index.targets.get(action.id);
    let to = named && [...named.spots][0];
    if (!to && named) {
      const pid = [...named.pieces][0];
      const piece = pid && state.data.view.pieces[pid];
      to = piece ? (boardView.spots.has(piece.loc) ? piece.loc : null) : null;
    }
    const cost = action.params && (action.params.ap ?? action.params.cost);
    boardView.preview(R.fromSpot(action, state.data.view.prompt, boardView.spots, state.data.view), to,
      typeof cost === "number" && cost > 0 ? t("table.ap", { ap: cost }) : null);
    if (to) boardView.reveal(to);
    odds.hover(action);
  };

  const boardView = new R.Board(stage, board, catalog, { onSpot, onStack });
  document.getElementById("zoom-in").onclick = () => boardView.zoom(1.4);
  document.getElementById("zoom-out").onclick = () => boardView.zoom(1 / 1.4);
  document.getElementById("zoom-fit").onclick = () => boardView.fit();
  const odds = new Odds(document.getElementById("odds"), { gameId, token, catalog });
  const gameLog = new GameLog(document.getElementById("log"), catalog);
  const chat = new Chat(document.getElementById("chat"), { gamePath, token, role, catalog });
  const botReasons = new BotReasons(document.getElementById("bot-reasons-panel"), document.getElementById("bot-reasons"),
    { gamePath, token, catalog });
  // the game's public facts say whether it has bot seats and who may read their reasons (bot_reasons)
  const facts = { bots: false, setting: "after" };
  const clockedSeats = (data) => Object.entries(data.clocks || {}).filter(([, c]) => c).map(([r]) => r).sort().join(",");
  const reasonsReadable = (data) => facts.bots && (facts.setting === "open" || data.status === "finished");
  const readFacts = async () => {
    try {
      const got = await api(gamePath);
      facts.bots = Object.values(got.seats || {}).some((x) => x.kind === "bot");
      facts.setting = got.bot_reasons || "after";
    } catch (err) { if (!(err instanceof ApiError)) throw err; }
    botReasons.setReadable(reasonsReadable(state.data));
    botReasons.update(state.data.version);
  };
  installKeys(() => state.data.actions, choose);

  const drawStatus = () => {
    const d = state.data;
    const box = document.getElementById("status");
    const who = nameOf(role, catalog);
    const over = d.status === "finished" || (d.result && d.result.over);
    box.replaceChildren(el("span", { class: "seat" }, t("table.you_play", { role: who })), " · ",
      el("span", { id: "game-status" }, over ? t("table.over") : d.actions.length ? t("table.your_move") : t("table.waiting")));
    document.title = d.actions.length && !over ? `● ${t("table.your_move")} – Ashur` : "Ashur";
  };

  const drawTools = () => {
    const d = state.data;
    const box = document.getElementById("game-tools");
    const over = d.status !== "active";
    const items = [];
    const sound = el("button", { type: "button", id: "sound", class: "secondary", "aria-pressed": String(soundOn()),
      title: t("table.sound_help"),
      onclick: () => { setSound(!soundOn()); drawTools(); } }, soundOn() ? t("table.sound_on") : t("table.sound_off"));
    items.push(sound);
    if (!over) {
      items.push(el("button", { type: "button", id: "undo", class: "secondary", disabled: !state.undoable || state.busy || null,
        onclick: async () => {
          try {
            await api(`${gamePath}/undo`, { method: "POST", token, body: { version: d.version } });
            state.undoable = false;
            await refresh();
          } catch (err) { notice(err.error || err.message, "error"); state.undoable = false; drawTools(); }
        } }, t("table.undo")));
      items.push(el("button", { type: "button", id: "resign", class: "secondary danger",
        onclick: async () => {
          if (!window.confirm(t("table.resign_confirm"))) return;
          try { await api(`${gamePath}/resign`, { method: "POST", token }); await refresh(); } catch (err) { notice(err.message, "error"); }
        } }, t("table.resign")));
    } else {
      const result = d.result || {};
      const winners = (result.winners || []).map((r) => nameOf(r, catalog)).join(", ");
      items.push(el("div", { id: "result", class: "result" },
        el("h3", {}, t("table.game_over")),
        el("p", {}, winners ? t("table.winners", { who: winners }) : t("table.no_winner")),
        result.reason ? el("p", { class: "muted" }, catalog[result.reason] || result.reason) : null,
        result.scores ? el("p", {}, Object.entries(result.scores).map(([r, s]) => `${nameOf(r, catalog)}: ${s}`).join(" · ")) : null));
      items.push(el("button", { type: "button", id: "rematch", onclick: async () => {
        try {
          const made = await api(`${gamePath}/rematch`, { method: "POST", token });
          const mine = Object.values(made.seats || {})[0];
          if (mine) window.location.href = mine.url.replace(/^https?:\/\/[^/]+/, "");
        } catch (err) { notice(err.message, "error"); }
      } }, t("table.rematch")));
      items.push(el("a", { href: `/replay/${encodeURIComponent(gameId)}`, class: "button secondary", id: "replay-link" }, t("table.replay")));
    }
    box.replaceChildren(...items);
  };

  function draw() {
    const d = state.data;
    const view = d.view;
    const started = performance.now();
    boardView.setView(view);
    state.index = R.indexActions(d.actions, boardView.spots, view.pieces || {});
    boardView.highlight(new Set(state.index.bySpot.keys()), new Set(state.index.byPiece.keys()));
    renderPrompt(document.getElementById("prompt"), {
      view, actions: d.actions, catalog, role, busy: state.busy,
      onBoard: (id) => { const n = state.index.targets.get(id); return n && (n.spots.size || n.pieces.size); },
    }, { choose, preview });
    R.renderHand(document.getElementById("hand"), { view, catalog, board, byCard: state.index.byCard },
      { play: (n, actions, node) => offer(actions, node), why: (n) => why("card", n) });
    R.renderTracks(document.getElementById("tracks"), { view, board, catalog });
    drawStatus();
    drawTools();
    const drawn = performance.now();
    document.body.dataset.version = String(d.version);
    if (state.answeredAt && d.version >= state.answeredAt.version) {
      perf.drawn.push({ version: d.version, answerToDrawn: drawn - state.answeredAt.at, drawMs: drawn - started,
        viewToDrawn: state.receivedAt ? drawn - state.receivedAt : null });
      state.answeredAt = null;
    }
  }

  async function readLog() {
    try {
      const got = await api(`${gamePath}/log?since=${gameLog.next}`, { token });
      gameLog.add(got.entries || []);
      gameLog.render(state.data.view);
    } catch (err) { if (!(err instanceof ApiError)) throw err; }
  }

  function accept(data) {
    if (data.version < state.data.version) return false;
    if (data.version === state.data.version && data.status === state.data.status) {
      state.data = { ...state.data, clocks: data.clocks };
      return false;
    }
    const before = state.data.version;
    state.receivedAt = performance.now();
    state.data = data;
    state.undoable = data.undo !== undefined ? Boolean(data.undo)
      : state.lastOwnVersion === data.version && data.actions.length > 0 && data.status === "active";
    draw();
    odds.update(data.version, data.actions);
    if (data.version !== before || !gameLog.entries.length) readLog();
    if (data.version !== before) {
      botReasons.setReadable(reasonsReadable(data));
      botReasons.update(data.version);
    }
    // a seat whose clock ran out may be handed to a bot (its clock goes): the facts say so, read them again
    const timed = clockedSeats(data);
    if (timed !== facts.clocked) {
      const first = facts.clocked === undefined;
      facts.clocked = timed;
      if (!first) readFacts();
    }
    return true;
  }

  async function refresh() {
    const data = await api(`${gamePath}/view`, { token });
    return accept(data);
  }

  // --- the websocket: a view after every change, chat; reconnects with a growing pause ------------
  let wait = 500;
  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${window.location.host}${gamePath}/ws?token=${encodeURIComponent(token)}`);
    let ping = null;
    ws.onopen = () => {
      wait = 500;
      ping = setInterval(() => { if (ws.readyState === 1) ws.send("ping"); }, 25000);
      document.body.dataset.ws = "open";
    };
    ws.onmessage = (event) => {
      if (event.data === "pong") return;
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type === "view") {
        const was = state.data.actions.length;
        if (accept(msg) && !was && msg.actions.length) {
          chime();
          if (document.hidden) notice(t("table.your_move"));
        }
      } else if (msg.type === "chat") chat.add([msg]);
    };
    ws.onclose = (event) => {
      clearInterval(ping);
      document.body.dataset.ws = "closed";
      if (event.code === 4401 || event.code === 4403) { notice(t("table.seat_gone"), "error"); return; }
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 15000);
    };
  }

  state.data = { ...first, version: -1 };
  accept(first);
  boardView.focusPieces();
  perf.load = { tableMs: performance.now() - t0, navToDrawn: performance.now() };
  document.body.dataset.ready = "1";
  connect();
  chat.load();
  readFacts();
});
