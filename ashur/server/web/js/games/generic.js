// The renderer of a game without one of its own (see games/index.js): no board to draw (the prompt's
// actions are buttons), no hand, and the view's top-level figures (numbers, strings, short lists) as a
// table, so that any registered game can be played at the table.

import { el } from "../shell.js";
import { t } from "../i18n.js";
import { nameOf } from "../table/svg.js";

export class Board {
  constructor(stage) {
    this.spots = new Map();
    this.stacks = new Map();
    this.box = el("div", { class: "generic-board panel", id: "board" }, t("table.no_board"));
    stage.append(this.box);
  }

  setView() {}

  highlight() {}

  preview() {}

  reveal() {}

  zoom() {}

  fit() {}

  focusPieces() {}
}

export function indexActions(actions) {
  const targets = new Map(actions.map((a) => [a.id, { spots: new Set(), pieces: new Set() }]));
  return { bySpot: new Map(), byPiece: new Map(), byCard: new Map(), templates: { spot: [], piece: [], card: [] },
    targets };
}

export function composeId() { return null; }

export function fromSpot() { return null; }

export function renderHand(box) {
  box.replaceChildren();
  const panel = box.closest("details");
  if (panel) panel.hidden = true;
}

const SHOWN = (v) => ["number", "string", "boolean"].includes(typeof v)
  || (Array.isArray(v) && v.length <= 12 && v.every((x) => ["number", "string"].includes(typeof x)));

export function renderTracks(box, { view, catalog }) {
  const skip = new Set(["game", "role", "prompt", "actions", "log", "deciding"]);
  const rows = Object.entries(view || {}).filter(([k, v]) => !skip.has(k) && SHOWN(v))
    .map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, Array.isArray(v)
      ? v.map((x) => nameOf(String(x), catalog)).join(", ") : String(v))));
  box.replaceChildren(el("table", { class: "figures" }, ...rows));
}

export function stackPopup() {}
