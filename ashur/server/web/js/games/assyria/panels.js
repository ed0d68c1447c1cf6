// Assyria beside the board (issue 18 item 6): which hex, well site or card each legal action names (for the
// board's highlights, clicks and "why not?"), the cards in front of the seat (and the draft packet while it
// holds it) as its hand, and the tracks: the players' scores, camels, offerings and pieces left, the farming
// columns and who took which, Assur's dignitaries, the expansion card and the stocks.

import { el } from "../../shell.js";
import { t } from "../../i18n.js";
import { nameOf } from "../../table/svg.js";
import { FOOD, PLAYER } from "./board.js";

/** The card ids an action names: the part after `draft:`, `discard:` or `buy:` that is a card of the view. */
function cardOf(action) {
  const m = /^(draft|discard|buy):([^:]+)$/.exec(action.id);
  return m && m[2] !== "plow" ? m[2] : null;
}

/** Per spot and per card, the actions naming them (an action names a spot when a part of its id is one). */
export function indexActions(actions, spots) {
  const bySpot = new Map();
  const byCard = new Map();
  const targets = new Map();
  const templates = { spot: [], piece: [], card: [] };
  const seen = new Set();
  const push = (map, key, action) => { if (!map.has(key)) map.set(key, []); map.get(key).push(action); };
  const template = (kind, id, part, sort) => {
    const pattern = id.split(":").map((p) => (p === part ? "\u0000" : p)).join(":");
    if (seen.has(kind + pattern)) return;
    seen.add(kind + pattern);
    templates[kind].push({ pattern, sort });
  };
  for (const action of actions) {
    const named = { spots: new Set(), pieces: new Set() };
    for (const part of String(action.id).split(":").slice(1)) {
      if (spots.has(part)) {
        named.spots.add(part);
        push(bySpot, part, action);
        template("spot", action.id, part, spots.get(part).spot);
      }
    }
    const card = cardOf(action);
    if (card) { push(byCard, card, action); template("card", action.id, card, "card"); }
    targets.set(action.id, named);
  }
  return { bySpot, byPiece: new Map(), byCard, templates, targets };
}

/** The id a click on `thing` would mean (for "why not?"): a legal id's pattern for things of its sort. */
export function composeId(index, kind, thing, { spots } = {}) {
  const sort = kind === "spot" ? (spots && spots.get(thing) || {}).spot : "card";
  const found = (index.templates[kind] || []).find((x) => x.sort === sort);
  return found ? found.pattern.replace("\u0000", String(thing)) : null;
}

export function fromSpot() { return null; }

export function stackPopup() {}

function cardNode(card, catalog, { actions, play, why } = {}) {
  const playable = actions && actions.length;
  const symbols = card.kind === "wild" ? "★" : "●".repeat(card.symbols || 0);
  return el("li", { class: `card assyria-card${playable ? " playable" : ""}`, dataset: { card: card.id },
    title: nameOf(card.kind, catalog), tabindex: 0,
    onclick: (event) => { if (playable) play(card.id, actions, event.currentTarget); else if (why) why(card.id); } },
  el("span", { class: "chip", style: `background:${FOOD[card.kind] || "#ccc"}` }), " ",
  el("b", {}, nameOf(card.kind, catalog)), " ", el("span", { class: "symbols" }, symbols),
  card.price !== undefined ? el("span", { class: "muted" }, " · ", t("table.assyria.price", { camels: card.price })) : null);
}

/** The seat's cards (all cards are laid face up in Assyria) and, during the draft, the packet it holds. */
export function renderHand(box, { view, catalog, byCard }, handlers) {
  const me = (view.players || {})[view.role];
  const items = [];
  if (view.draft && view.draft.cards) {
    items.push(el("h4", {}, t("table.assyria.draft")));
    items.push(el("ol", { class: "hand", id: "draft-cards" }, ...view.draft.cards.map((c) => cardNode(c, catalog,
      { actions: byCard.get(c.id), play: handlers.play, why: handlers.why }))));
  }
  if (me) {
    items.push(el("ol", { class: "hand", id: "hand-cards" }, ...(me.cards || []).map((c) => cardNode(c, catalog,
      { actions: byCard.get(c.id), play: handlers.play, why: handlers.why }))));
    if (me.plow) items.push(el("p", {}, t("table.assyria.plow")));
    if (!(me.cards || []).length) items.push(el("p", { class: "muted" }, t("table.assyria.no_cards")));
  }
  box.replaceChildren(...items);
}

/** The players, the columns, Assur and the stocks. */
export function renderTracks(box, { view, catalog }) {
  const order = view.order || view.roles || [];
  const head = el("tr", {}, ...["", "score", "camels", "offering", "huts", "cards"].map((k) =>
    el("th", {}, k ? t(`table.assyria.${k}`) : "")));
  const rows = order.map((r) => {
    const p = (view.players || {})[r] || {};
    return el("tr", { dataset: { role: r } },
      el("td", {}, el("span", { class: "chip", style: `background:${PLAYER[r] || "#999"}` }), " ", nameOf(r, catalog)),
      el("td", { class: "num" }, String(p.score ?? "")), el("td", { class: "num" }, String(p.camels ?? "")),
      el("td", { class: "num" }, String(p.offering ?? "")), el("td", { class: "num" }, String(p.huts ?? "")),
      el("td", { class: "num" }, String((p.cards || []).length)));
  });
  const columns = (view.columns || []).map((col, i) => {
    const who = (view.taken || {})[String(i + 1)];
    return el("li", { dataset: { column: String(i + 1) } }, el("b", {}, `${i + 1}`), " ",
      col.length ? col.map((c) => `${nameOf(c.kind, catalog)} ${c.kind === "wild" ? "★" : c.symbols}`).join(", ") : "—",
      who ? el("span", { class: "muted" }, ` (${nameOf(who, catalog)})`) : null);
  });
  const assur = Object.entries(view.dignitaries || {}).map(([rank, who]) => el("li", {},
    el("b", {}, nameOf(rank, catalog)), ": ", who.length ? who.map((r) => nameOf(r, catalog)).join(", ") : "—"));
  box.replaceChildren(
    el("p", { id: "turn-line" }, t("table.assyria.turn", { turn: view.turn, reign: view.reign, in_reign: view.turn_in_reign })),
    el("table", { class: "figures", id: "players-table" }, head, ...rows),
    el("h4", {}, t("table.assyria.columns")), el("ul", { class: "columns", id: "columns" }, ...columns),
    el("h4", {}, t("table.assyria.assur")), el("ul", { id: "assur" }, ...assur),
    el("p", { class: "muted" }, t("table.assyria.stocks", { wells: view.wells_stock ?? 0, plows: view.plows_board ?? 0,
      deck: view.deck ?? 0, expansion: view.expansion_now ?? "—" })));
}
