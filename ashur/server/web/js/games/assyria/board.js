// Assyria's board (issue 18 item 6): the hexes of the set-up in play (flat-topped, axial, as
// ashur/games/assyria/board.py lays them out), coloured by region (the land outside the rivers, the rivers,
// the land between them), each with its food symbol; the huts in their players' colours (a fed hut wears a
// ring), the ziggurats by level, the wells on the corners where three hexes meet, the free starting spaces.
// Spots are the hexes and the well sites: a click on one reports it, the prompt's choices are highlighted.
// The board knows no rules: it draws the view and reports clicks.

import { NS, esc, nameOf, tag } from "../../table/svg.js";

const SIZE = 34; // the drawn radius of a hex
const PAD = 24;
const REGION = { outside: "#ead9ab", between: "#bcd58e", river1: "#8dbde9", river2: "#8dbde9" };
export const FOOD = { palm: "#2e7d32", dates: "#8d5524", grapes: "#7b1fa2", salt: "#eceff1", barley: "#f9a825",
  wild: "#9e9e9e" };
export const PLAYER = { red: "#d32f2f", blue: "#1565c0", green: "#2e7d32", yellow: "#fbc02d" };

function hexPoints(r) {
  return Array.from({ length: 6 }, (_, k) => {
    const a = (Math.PI / 3) * k;
    return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

function hut(colour, fed) {
  return tag("g", { class: "hut" }, (fed ? tag("circle", { r: 13, fill: "none", stroke: "#fff176", stroke_width: 3 }) : "")
    + tag("path", { d: "M-9,9 L-9,-1 L0,-9 L9,-1 L9,9 Z", fill: colour, stroke: "#222", stroke_width: 1.2 }));
}

function ziggurat(colour, level) {
  let out = "";
  for (let i = 0; i < Math.max(1, level); i += 1) {
    const w = 26 - i * 7;
    out += tag("rect", { x: -w / 2, y: 8 - (i + 1) * 7, width: w, height: 7, fill: colour, stroke: "#3e2723",
      stroke_width: 1.2 });
  }
  return tag("g", { class: "ziggurat", transform: "translate(0,-2)" }, out);
}

export class Board {
  constructor(stage, data, catalog, handlers = {}) {
    this.data = data;
    this.catalog = catalog;
    this.handlers = handlers;
    this.stacks = new Map();
    this.spots = new Map();
    this.setup = null;
    this.svg = document.createElementNS(NS, "svg");
    this.svg.id = "board";
    this.svg.classList.add("hex-board");
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", "Assyria");
    stage.append(this.svg);
    this.svg.addEventListener("click", (event) => {
      const spot = event.target.closest("[data-spot]");
      if (spot && this.handlers.onSpot) this.handlers.onSpot(spot.dataset.spot, event);
    });
    this.svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      this.zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2);
    }, { passive: false });
  }

  name(id) { return nameOf(id, this.catalog); }

  /** Lay out the set-up of `players` (the hexes in play, their drawing positions, the well sites). */
  layout(players) {
    const setup = (this.data.setups || {})[String(players)];
    if (!setup || this.setup === setup) return;
    this.setup = setup;
    const hexes = this.data.hexes || {};
    const xs = setup.hexes.map((h) => hexes[h].x);
    const ys = setup.hexes.map((h) => hexes[h].y);
    this.x0 = Math.min(...xs); this.y0 = Math.min(...ys);
    const at = (x, y) => ({ x: PAD + SIZE + (x - this.x0) * SIZE, y: PAD + SIZE + (y - this.y0) * SIZE });
    this.spots = new Map();
    for (const h of setup.hexes) this.spots.set(h, { ...hexes[h], id: h, spot: "hex", ...at(hexes[h].x, hexes[h].y) });
    for (const [v, site] of Object.entries(setup.well_sites || {})) {
      this.spots.set(v, { id: v, spot: "well", ...at(site.x, site.y), hexes: site.hexes });
    }
    const w = PAD * 2 + SIZE * 2 + (Math.max(...xs) - this.x0) * SIZE;
    const h = PAD * 2 + SIZE * 2 + (Math.max(...ys) - this.y0) * SIZE;
    this.size = { w, h };
    this.fit();
    const base = [];
    const points = hexPoints(SIZE - 1);
    for (const id of setup.hexes) {
      const s = this.spots.get(id);
      base.push(tag("g", { class: `spot hex ${s.region}`, "data-spot": id, transform: `translate(${s.x.toFixed(1)},${s.y.toFixed(1)})` },
        tag("polygon", { points, fill: REGION[s.region] || "#ddd", stroke: "#6d4c41", stroke_width: 1.2 })
        + (s.food ? tag("circle", { class: "food", cx: 0, cy: -17, r: 6, fill: FOOD[s.food] || "#999", stroke: "#333",
          stroke_width: 0.8 }, `<title>${esc(this.name(s.food))}</title>`) : "")
        + tag("text", { class: "hex-name", y: 25, text_anchor: "middle", font_size: 8, fill: "#4e342e" }, esc(id))));
    }
    this.svg.innerHTML = `<g id="layer-hexes">${base.join("")}</g><g id="layer-starts"></g><g id="layer-hl"></g>`
      + "<g id=\"layer-things\"></g><g id=\"layer-wells\"></g><g id=\"layer-preview\"></g>";
    this.layers = Object.fromEntries(["starts", "hl", "things", "wells", "preview"].map((k) => [k, this.svg.querySelector(`#layer-${k}`)]));
  }

  /** Draw what the view shows: huts, ziggurats, wells, the free starting spaces. */
  setView(view) {
    this.layout(view.players_count || (view.roles || []).length);
    if (!this.layers) return;
    const things = [];
    const zigs = view.zigs || {};
    const fed = new Set(view.fed || []);
    for (const [h, role] of Object.entries(view.huts || {})) {
      const s = this.spots.get(h);
      if (!s) continue;
      things.push(tag("g", { class: "piece", "data-spot": h, "data-owner": role, transform: `translate(${s.x.toFixed(1)},${(s.y + 4).toFixed(1)})` },
        hut(PLAYER[role] || "#777", fed.has(h)) + `<title>${esc(this.name(role))}: ${esc(h)}</title>`));
    }
    for (const [h, z] of Object.entries(zigs)) {
      const s = this.spots.get(h);
      if (!s) continue;
      things.push(tag("g", { class: "piece", "data-spot": h, "data-owner": z.owner, transform: `translate(${s.x.toFixed(1)},${(s.y + 4).toFixed(1)})` },
        ziggurat(PLAYER[z.owner] || "#777", z.level || 1) + `<title>${esc(this.name(z.owner))}: ziggurat ${esc(z.level)}</title>`));
    }
    this.layers.things.innerHTML = things.join("");
    const wells = [];
    for (const [v, role] of Object.entries(view.wells || {})) {
      const s = this.spots.get(v);
      if (!s) continue;
      wells.push(tag("g", { class: "well", "data-spot": v, transform: `translate(${s.x.toFixed(1)},${s.y.toFixed(1)})` },
        tag("circle", { r: 7, fill: "#29b6f6", stroke: PLAYER[role] || "#222", stroke_width: 3 })
        + `<title>${esc(this.name(role))}</title>`));
    }
    this.layers.wells.innerHTML = wells.join("");
    const taken = new Set([...Object.keys(view.huts || {}), ...Object.keys(zigs)]);
    this.layers.starts.innerHTML = (this.setup.starts || []).filter((h) => !taken.has(h) && this.spots.has(h))
      .map((h) => { const s = this.spots.get(h); return tag("circle", { class: "start", cx: s.x, cy: s.y, r: SIZE - 8, fill: "none",
        stroke: "#6d4c41", stroke_width: 2, stroke_dasharray: "4,3" }); }).join("");
  }

  /** Mark the spots (hexes, well sites) the prompt's actions name. */
  highlight(spots) {
    const out = [];
    for (const id of spots) {
      const s = this.spots.get(id);
      if (!s) continue;
      if (s.spot === "well") {
        out.push(tag("circle", { class: "hl", "data-spot": id, cx: s.x, cy: s.y, r: 10 }));
      } else {
        out.push(tag("polygon", { class: "hl", "data-spot": id, points: hexPoints(SIZE - 4),
          transform: `translate(${s.x.toFixed(1)},${s.y.toFixed(1)})` }));
      }
    }
    this.layers.hl.innerHTML = out.join("");
  }

  /** Ring the target of an action (hover, keyboard), with a label. */
  preview(from, to, label) {
    const s = to && this.spots.get(to);
    this.layers.preview.innerHTML = s ? tag("circle", { class: "preview", cx: s.x, cy: s.y, r: s.spot === "well" ? 12 : SIZE - 2 })
      + (label ? tag("text", { class: "preview-label", x: s.x, y: s.y - SIZE }, esc(label)) : "") : "";
  }

  reveal() {}

  applyBox() {
    const { x, y, w, h } = this.box;
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  }

  zoom(factor) {
    if (!this.box) return;
    const { x, y, w, h } = this.box;
    const nw = Math.min(this.size.w * 1.5, Math.max(this.size.w * 0.3, w / factor));
    const k = nw / w;
    const cx = x + w / 2; const cy = y + h / 2;
    this.box = { x: cx - (w * k) / 2, y: cy - (h * k) / 2, w: nw, h: h * k };
    this.applyBox();
  }

  fit() {
    if (!this.size) return;
    this.box = { x: 0, y: 0, w: this.size.w, h: this.size.h };
    this.applyBox();
  }

  focusPieces() { this.fit(); }
}
