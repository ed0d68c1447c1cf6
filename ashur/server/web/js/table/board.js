// The board (issue 16 item 1): the map drawn in SVG from the game's board data (GET /api/content/<game>/board,
// laid out as content/svg.py lays it out), with a layer for what the seat's view shows (control, markers,
// pieces: pieces.js) and one for the choices of the current prompt (highlights). Zoom and pan by wheel,
// drag, pinch and buttons. The board knows no rules: it draws data and reports clicks.

import { NS, esc, isDark, nameOf, tag } from "./svg.js";
import { drawPieces } from "./pieces.js";
import { tracksMarkup } from "./boardtracks.js";
import { t } from "../i18n.js";

export const CONNECTION_STYLES = {
  standard: { stroke: "#222222", width: 1.6, dash: null },
  river: { stroke: "#1e88e5", width: 3.2, dash: null },
  mountain: { stroke: "#7b4f2c", width: 3.6, dash: null },
  desert: { stroke: "#f08a12", width: 3.0, dash: "7,4" },
  mede: { stroke: "#ffffff", width: 3.2, dash: null },
  mede_only: { stroke: "#d32f2f", width: 3.2, dash: null },
};
const SEA_FILL = "#cfe8f7";
const SEA_LINE = "#1b4f8a";
const MIN_ZOOM = 0.15; // the smallest part of the board a view may show, as a share of its width

/** Where every spot of the board is: areas, seas and boxes by id, with their drawing sizes. */
export function spotsOf(data) {
  const spots = new Map();
  for (const a of data.areas || []) spots.set(a.id, { ...a, spot: "area" });
  for (const s of data.seas || []) if (!spots.has(s.id)) spots.set(s.id, { ...s, spot: "sea" });
  for (const b of data.boxes || []) spots.set(b.id, { ...b, spot: "box" });
  return spots;
}

function halfSize(spot) {
  const g = spot.geometry || {};
  if (g.form === "circle" || spot.r) return { w: g.r || spot.r, h: g.r || spot.r };
  if (g.form === "rect") return { w: g.w / 2, h: g.h / 2 };
  if (spot.rx) return { w: spot.rx, h: spot.ry };
  if (spot.w) return { w: spot.w / 2, h: spot.h / 2 };
  return { w: 12, h: 12 };
}

function areaShape(area) {
  const g = area.geometry || { form: "circle", r: 11 };
  const far = area.kind === "far_east";
  const fill = area.colour || "#ffffff";
  const out = [];
  if (g.form === "circle") {
    out.push(tag("circle", { class: "shape", r: g.r, fill, stroke: far ? "#d32f2f" : "#111", stroke_width: 1.4,
      stroke_dasharray: far ? "4,2" : null }));
    if (area.sealand) {
      out.push(tag("circle", { r: g.r + 4, fill: "none", stroke: SEA_LINE, stroke_width: 2, stroke_dasharray: "3,2" }));
    }
  } else {
    const x = -g.w / 2; const y = -g.h / 2;
    if (area.kind === "associated") {
      out.push(tag("rect", { class: "shape", x, y, width: g.w, height: g.h, fill: "#ffffff", stroke: "#111", stroke_width: 1.4 }));
      out.push(tag("rect", { x, y, width: g.w, height: g.h / 2, fill, stroke: "#111", stroke_width: 0.6 }));
    } else {
      out.push(tag("rect", { class: "shape", x, y, width: g.w, height: g.h, fill, stroke: "#111", stroke_width: 1.4 }));
    }
    if (area.shape === "city") {
      const inner = isDark(fill) && area.kind !== "associated" ? "#fff" : "#111";
      out.push(tag("rect", { x: x + 3, y: y + 3, width: g.w - 6, height: g.h - 6, fill: "none", stroke: inner,
        stroke_width: 0.9 }));
    }
  }
  return out.join("");
}

function cityMarks(area) {
  const city = area.city;
  if (!city) return "";
  const out = [];
  const ink = isDark(area.colour) && area.kind !== "associated" ? "#fff" : "#111";
  const dy = area.kind === "associated" ? 7 : 0;
  if (city.fortress) {
    out.push(tag("rect", { x: -8, y: -7 + dy, width: 16, height: 14, rx: 2, fill: "#3a3a3a", stroke: "#000" }));
    out.push(tag("text", { y: 4 + dy, class: "lvl", fill: "#fff" }, esc(city.defence)));
  } else {
    out.push(tag("text", { y: 4 + dy, class: "lvl", fill: ink }, esc(city.defence)));
  }
  if (city.capital) {
    for (const dx of [-13, 9]) out.push(tag("rect", { x: dx, y: -17, width: 4, height: 6, fill: "#111", stroke: "#fff", stroke_width: 0.5 }));
  }
  if (city.eco) {
    const ring = city.blue_eco ? "#1565c0" : "#111";
    out.push(tag("circle", { cx: 20, cy: -12, r: 6.5, fill: "#fff", stroke: ring, stroke_width: 1.2 }));
    out.push(tag("text", { x: 20, y: -8.8, class: "eco", fill: ring }, esc(city.eco)));
  }
  if (city.port) out.push(tag("text", { x: -20, y: -8, class: "port" }, "⚓"));
  return out.join("");
}

export class Board {
  /** `handlers`: {onSpot(id, event), onPiece(pid, event), onHover(id|null)} */
  constructor(container, data, catalog, handlers = {}) {
    this.data = data;
    this.catalog = catalog;
    this.handlers = handlers;
    this.spots = spotsOf(data);
    this.nations = Object.fromEntries((data.nations || []).map((n) => [n.id, n]));
    const size = data.size || { w: 2808, h: 1854 };
    this.size = size;
    this.box = { x: 0, y: 0, w: size.w, h: size.h };
    this.svg = document.createElementNS(NS, "svg");
    this.svg.setAttribute("id", "board");
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", "board");
    this.svg.innerHTML = `<g id="layer-static">${this.staticMarkup()}</g><g id="layer-marks"></g><g id="layer-tracks"></g>`
      + `<g id="layer-preview"></g><g id="layer-pieces"></g><g id="layer-hl"></g>`;
    container.append(this.svg);
    this.layers = Object.fromEntries(["marks", "tracks", "preview", "pieces", "hl"].map((k) => [k, this.svg.querySelector(`#layer-${k}`)]));
    this.applyBox();
    this.wire();
  }

  name(id) {
    return nameOf(id, this.catalog);
  }

  /** A title of the board's tracks in the interface's language. */
  label(key) {
    return t(`table.track.${key}`);
  }

  staticMarkup() {
    const d = this.data;
    const out = [tag("rect", { class: "ground", x: 0, y: 0, width: this.size.w, height: this.size.h, fill: "#efe4cc" })];
    for (const s of d.seas || []) {
      if (s.r) continue; // Sealand: drawn as its land area (1.3)
      out.push(tag("g", { class: "spot sea", "data-spot": s.id, transform: `translate(${s.x},${s.y})` },
        tag("ellipse", { class: "shape", rx: s.rx || 30, ry: s.ry || 15, fill: SEA_FILL, stroke: SEA_LINE, stroke_width: 1.6 })
        + tag("text", { y: 3, class: "sea-name" }, esc(this.name(s.id)))));
    }
    for (const b of d.boxes || []) {
      const nation = this.nations[b.power];
      const stroke = nation ? nation.colour : SEA_LINE;
      const label = this.name(b.id);
      out.push(tag("g", { class: `spot box ${b.kind}`, "data-spot": b.id, transform: `translate(${b.x},${b.y})` },
        tag("rect", { class: "shape", x: -b.w / 2, y: -b.h / 2, width: b.w, height: b.h, rx: 4,
          fill: b.kind === "raid" ? "#fff" : "#e3f1fb", stroke, stroke_width: b.kind === "raid" ? 3 : 1.6 })
        + tag("text", { y: -b.h / 2 + 10, class: "box-name" }, esc(label))));
    }
    const at = (id) => this.spots.get(id);
    for (const c of d.connections || []) {
      const a = at(c.a); const b = at(c.b);
      if (!a || !b) continue;
      const style = CONNECTION_STYLES[c.type] || CONNECTION_STYLES.standard;
      if (c.type === "mede") out.push(tag("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#333", stroke_width: style.width + 2.4 }));
      out.push(tag("line", { class: `conn ${c.type}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: style.stroke,
        stroke_width: style.width, stroke_dasharray: style.dash }));
    }
    for (const a of d.areas || []) {
      const half = halfSize(a);
      out.push(tag("g", { class: `spot area ${a.kind}`, "data-spot": a.id, transform: `translate(${a.x},${a.y})`, tabindex: -1 },
        areaShape(a) + cityMarks(a)
        + tag("text", { y: half.h + 9, class: "area-name" }, esc(this.name(a.id)))));
    }
    return out.join("");
  }

  // --- what the view shows ------------------------------------------------------------------------
  /** Draw the dynamic layers from a view: control, markers and sieges, and the pieces. */
  setView(view) {
    this.view = view;
    const marks = [];
    const areas = view.areas || {};
    for (const [id, a] of Object.entries(areas)) {
      const spot = this.spots.get(id);
      if (!spot || spot.spot !== "area") continue;
      const half = halfSize(spot);
      const items = [];
      if (a.ctrl && a.ctrl !== spot.nation && this.nations[a.ctrl]) {
        items.push(tag("circle", { class: "ctrl", cx: -half.w - 2, cy: -half.h - 2, r: 5, fill: this.nations[a.ctrl].colour,
          stroke: "#000", stroke_width: 1 }, `<title>${esc(this.name(a.ctrl))}</title>`));
      }
      const badges = [];
      if (a.pillage) badges.push(["P", "#8b0000", `pillage ${a.pillage}`]);
      if (a.damage) badges.push(["D", "#5d4037", `damage ${a.damage}`]);
      if (a.eco_plus) badges.push([`+${a.eco_plus}`, "#2e7d32", "ECO +1"]);
      if (a.eco_minus) badges.push([`-${a.eco_minus}`, "#c62828", "ECO -1"]);
      if (a.revolt) badges.push(["R", "#6a1b9a", "revolt"]);
      if (a.province) badges.push(["◆", "#1f4e8c", `province ${a.province}`]);
      if ((view.sieges || {})[id]) badges.push(["⚔", "#000", "siege"]);
      badges.forEach(([text, colour, title], i) => {
        items.push(tag("g", { class: "marker", transform: `translate(${half.w + 2 + i * 11},${-half.h - 4})` },
          tag("rect", { x: -5, y: -5, width: 11, height: 10, rx: 2, fill: colour })
          + tag("text", { y: 3, x: 0.5, class: "marker-text" }, esc(text)) + `<title>${esc(title)}</title>`));
      });
      if (items.length) marks.push(tag("g", { transform: `translate(${spot.x},${spot.y})` }, items.join("")));
    }
    for (const [zone, owner] of Object.entries(view.sea_control || {})) {
      const spot = this.spots.get(zone);
      if (!spot || !owner || !this.nations[owner]) continue;
      marks.push(tag("circle", { cx: spot.x - (spot.rx || spot.r || 20) + 4, cy: spot.y, r: 4, fill: this.nations[owner].colour,
        stroke: "#000", stroke_width: 0.8 }, `<title>${esc(this.name(owner))}</title>`));
    }
    this.layers.marks.innerHTML = marks.join("");
    this.layers.tracks.innerHTML = tracksMarkup(this, view);
    this.stacks = drawPieces(this, view);
  }

  // --- highlights and previews ----------------------------------------------------------------------
  /** Mark the spots and pieces the prompt's actions name (`spots`, `pieces`: Sets of ids). */
  highlight(spots, pieces) {
    this.hlSpots = spots;
    this.hlPieces = pieces;
    const out = [];
    for (const id of spots) {
      const spot = this.spots.get(id);
      if (!spot) continue;
      const half = halfSize(spot);
      out.push(tag("rect", { class: "hl", "data-spot": id, x: spot.x - half.w - 5, y: spot.y - half.h - 5,
        width: 2 * half.w + 10, height: 2 * half.h + 10, rx: 6 }));
    }
    this.layers.hl.innerHTML = out.join("");
    for (const node of this.layers.pieces.querySelectorAll("[data-stack]")) {
      const stack = this.stacks && this.stacks.get(node.dataset.stack);
      const named = stack && [...stack.pieces, ...stack.cargo.map((c) => c.pid)].some((pid) => pieces.has(pid));
      node.classList.toggle("hl-piece", Boolean(named));
    }
  }

  /** Show what an action would do: its target spot ringed, a line from `from` (a spot) to it, a label. */
  preview(from, to, label) {
    const out = [];
    const a = from && this.spots.get(from);
    const b = to && this.spots.get(to);
    if (a && b && a !== b) {
      out.push(tag("line", { class: "path", x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    }
    if (b) {
      const half = halfSize(b);
      out.push(tag("rect", { class: "preview", x: b.x - half.w - 8, y: b.y - half.h - 8, width: 2 * half.w + 16,
        height: 2 * half.h + 16, rx: 8 }));
      if (label) out.push(tag("text", { class: "preview-label", x: b.x, y: b.y - half.h - 12 }, esc(label)));
    }
    this.layers.preview.innerHTML = out.join("");
  }

  /** Centre the board on a spot (keyboard choices that are off screen). */
  reveal(id) {
    const spot = this.spots.get(id);
    if (!spot) return;
    const { x, y, w, h } = this.box;
    if (spot.x > x && spot.x < x + w && spot.y > y && spot.y < y + h) return;
    this.box = { ...this.box, x: spot.x - w / 2, y: spot.y - h / 2 };
    this.applyBox();
  }

  // --- zoom and pan -----------------------------------------------------------------------------------
  applyBox() {
    const { x, y, w, h } = this.box;
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  }

  /** Zoom by `factor` (> 1: closer) around the board point (px, py), by default the centre. */
  zoom(factor, px, py) {
    const { x, y, w, h } = this.box;
    const cx = px === undefined ? x + w / 2 : px;
    const cy = py === undefined ? y + h / 2 : py;
    const nw = Math.min(this.size.w * 1.5, Math.max(this.size.w * MIN_ZOOM, w / factor));
    const k = nw / w;
    this.box = { x: cx - (cx - x) * k, y: cy - (cy - y) * k, w: nw, h: h * k };
    this.applyBox();
  }

  /** Show the part of the board where pieces stand (the whole board when they are everywhere). */
  focusPieces() {
    const xs = []; const ys = [];
    for (const stack of (this.stacks || new Map()).values()) {
      const spot = this.spots.get(stack.spot);
      if (spot && spot.spot === "area") { xs.push(spot.x); ys.push(spot.y); }
    }
    if (!xs.length) { this.fit(); return; }
    const pad = 70;
    const x0 = Math.max(0, Math.min(...xs) - pad); const y0 = Math.max(0, Math.min(...ys) - pad);
    const x1 = Math.min(this.size.w, Math.max(...xs) + pad); const y1 = Math.min(this.size.h, Math.max(...ys) + pad);
    this.box = { x: x0, y: y0, w: Math.max(x1 - x0, this.size.w * 0.3), h: Math.max(y1 - y0, this.size.h * 0.3) };
    this.applyBox();
  }

  fit() {
    this.box = { x: 0, y: 0, w: this.size.w, h: this.size.h };
    this.applyBox();
  }

  toBoard(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  wire() {
    const svg = this.svg;
    const pointers = new Map();
    let drag = null;
    let moved = false;
    svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      const p = this.toBoard(event.clientX, event.clientY);
      this.zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
    }, { passive: false });
    svg.addEventListener("pointerdown", (event) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      moved = false;
      if (pointers.size === 1) drag = { x: event.clientX, y: event.clientY, box: { ...this.box } };
      else drag = null;
    });
    svg.addEventListener("pointermove", (event) => {
      if (!pointers.has(event.pointerId)) return;
      const before = [...pointers.values()];
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 2) {
        const after = [...pointers.values()];
        const dist = (ps) => Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) || 1;
        const mid = this.toBoard((after[0].x + after[1].x) / 2, (after[0].y + after[1].y) / 2);
        this.zoom(dist(after) / dist(before), mid.x, mid.y);
        moved = true;
        return;
      }
      if (!drag) return;
      const dx = event.clientX - drag.x; const dy = event.clientY - drag.y;
      if (!moved && Math.hypot(dx, dy) < 5) return;
      if (!moved) svg.setPointerCapture(event.pointerId);
      moved = true;
      const rect = svg.getBoundingClientRect();
      const scale = Math.max(drag.box.w / rect.width, drag.box.h / rect.height);
      this.box = { ...drag.box, x: drag.box.x - dx * scale, y: drag.box.y - dy * scale };
      this.applyBox();
    });
    const up = (event) => {
      pointers.delete(event.pointerId);
      if (pointers.size === 0) drag = null;
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("click", (event) => {
      if (moved) { moved = false; return; }
      const piece = event.target.closest("[data-piece]");
      if (piece && this.handlers.onPiece) { this.handlers.onPiece(piece.dataset.piece, event); return; }
      const stack = event.target.closest("[data-stack]");
      if (stack && this.handlers.onStack) { this.handlers.onStack(stack.dataset.stack, event); return; }
      const spot = event.target.closest("[data-spot]");
      if (spot && this.handlers.onSpot) this.handlers.onSpot(spot.dataset.spot, event);
    });
    svg.addEventListener("mouseover", (event) => {
      const spot = event.target.closest("[data-spot]");
      if (this.handlers.onHover) this.handlers.onHover(spot ? spot.dataset.spot : null);
    });
  }
}
