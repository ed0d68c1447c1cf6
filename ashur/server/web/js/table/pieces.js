// Pieces on the board (issue 16 item 1): counters in their nation's colour with type and strength, one
// counter per stack (a nation's pieces in one place, inside or outside a city) with the number of pieces,
// ships with their cargo, and the fogged stacks of other countries as the view gives them (9.5: the top
// piece and a count, never more). The popup of a stack lists its pieces.

import { esc, isDark, nameOf, tag } from "./svg.js";

const CARGO = "sea:";
const SIZE = 18;

/** The counter data of a piece id: board data first, else read from the id (`assyria-hi4-1`). */
export function counterOf(pid, board) {
  const counters = (board.pieces && board.pieces.counters) || {};
  const types = (board.pieces && board.pieces.types) || {};
  const c = counters[pid];
  if (c) return { ...c, ...(types[c.type] || {}), strength: c.strength ?? (types[c.type] || {}).strength };
  const m = /^([a-z_]+)-([a-z]+)(\d+)-\d+$/.exec(pid);
  if (m) return { kind: "unit", nation: m[1], unit_type: m[2].toUpperCase(), strength: Number(m[3]) };
  if (/-ship-\d+$/.test(pid)) return { kind: "ship", nation: pid.split("-")[0] };
  return { kind: "leader", nation: pid.split("-")[0] };
}

/** Short text of a counter: `HI4` (reduced: its reduced strength), a leader's ratings, a ship's strength. */
export function counterText(pid, piece, board) {
  const c = counterOf(pid, board);
  if (c.kind === "unit" || c.kind === "merc") {
    const strength = piece && piece.red && c.reduced !== undefined ? c.reduced : c.strength;
    return `${c.unit_type || "?"}${strength ?? ""}`;
  }
  if (c.kind === "ship") return `⛵${piece && piece.red && c.reduced !== undefined ? c.reduced : c.strength ?? ""}`;
  if (c.kind === "king") return "♛";
  return "★";
}

/** The spot a piece's location is drawn in, or null when it is off the board (pools, dead pile...). */
export function spotOfLoc(loc, board, spots) {
  if (!loc) return null;
  if (spots.has(loc)) return loc;
  if (loc.startsWith(CARGO) && spots.has(loc.slice(CARGO.length))) return loc.slice(CARGO.length);
  const raid = /^raid:(\d+)$/.exec(loc);
  if (raid) {
    const box = (board.boxes || []).find((b) => b.kind === "raid" && String(b.number) === raid[1]);
    return box ? box.id : null;
  }
  if (loc.startsWith("trade:") && spots.has(loc.slice(6))) return loc.slice(6);
  if (loc.startsWith("trade:")) {
    const overland = (board.boxes || []).find((b) => b.kind === "trade_overland");
    return overland ? overland.id : null;
  }
  return null;
}

function rank(pid, board) {
  const c = counterOf(pid, board);
  return { king: 0, leader: 1, ship: 2 }[c.kind] ?? 3 - (c.strength || 0) / 100;
}

/** The stacks of a view: key -> {key, spot, nation, city, pieces: [pid], hidden: count not shown, top}. */
export function stacksOf(view, board, spots) {
  const stacks = new Map();
  const add = (spot, nation, city, pid) => {
    const key = `${spot}|${nation}|${city ? "c" : "f"}`;
    if (!stacks.has(key)) stacks.set(key, { key, spot, nation, city, pieces: [], hidden: 0, cargo: [] });
    return stacks.get(key);
  };
  const fogged = new Map();
  for (const st of view.stacks || []) {
    const spot = spotOfLoc(st.loc, board, spots);
    if (!spot) continue;
    const piece = (view.pieces || {})[st.top];
    const nation = (piece && piece.nation) || st.owner;
    fogged.set(st.top, { spot, nation, city: st.city, count: st.count });
  }
  for (const [pid, p] of Object.entries(view.pieces || {})) {
    const spot = spotOfLoc(p.loc, board, spots);
    if (!spot) continue;
    if (String(p.loc).startsWith(CARGO)) {
      const stack = add(spot, p.nation, false, pid);
      stack.cargo.push({ pid, aboard: p.aboard || null });
      continue;
    }
    const fog = fogged.get(pid);
    const stack = add(spot, p.nation, p.city, pid);
    stack.pieces.push(pid);
    if (fog) stack.hidden += fog.count - 1;
  }
  for (const stack of stacks.values()) {
    stack.pieces.sort((a, b) => rank(a, board) - rank(b, board) || a.localeCompare(b));
    stack.top = stack.pieces[0] || (stack.cargo[0] && stack.cargo[0].pid);
    stack.count = stack.pieces.length + stack.cargo.length + stack.hidden;
  }
  return stacks;
}

/** Draw every stack as one counter in the board's pieces layer; returns the stacks by key. */
export function drawPieces(boardView, view) {
  const board = boardView.data;
  const stacks = stacksOf(view, board, boardView.spots);
  const bySpot = new Map();
  for (const s of stacks.values()) {
    if (!bySpot.has(s.spot)) bySpot.set(s.spot, []);
    bySpot.get(s.spot).push(s);
  }
  const out = [];
  for (const [spotId, list] of bySpot) {
    const spot = boardView.spots.get(spotId);
    const g = spot.geometry || {};
    const halfW = g.form === "rect" ? g.w / 2 : g.r || spot.rx || (spot.w ? spot.w / 2 : 12);
    list.sort((a, b) => a.nation.localeCompare(b.nation) || Number(a.city) - Number(b.city));
    list.forEach((s, i) => {
      const nation = boardView.nations[s.nation] || { colour: "#bbbbbb" };
      const fill = nation.colour || "#bbbbbb";
      const ink = nation.text_colour || (isDark(fill) ? "#fff" : "#111");
      const col = i % 3; const row = Math.floor(i / 3);
      const x = spot.x + halfW + 3 + col * (SIZE + 2);
      const y = spot.y - SIZE / 2 - 6 + row * (SIZE + 2);
      const piece = (view.pieces || {})[s.top];
      const body = [
        tag("rect", { class: "counter", width: SIZE, height: SIZE, rx: 2, fill, stroke: s.city ? "#000" : "#333",
          stroke_width: s.city ? 2.2 : 0.8 }),
        tag("text", { x: SIZE / 2, y: SIZE / 2 + 3, class: "counter-text", fill: ink }, esc(counterText(s.top, piece, board))),
      ];
      if (s.count > 1) {
        body.push(tag("circle", { cx: SIZE, cy: 0, r: 5.5, class: "count" }));
        body.push(tag("text", { x: SIZE, y: 2.5, class: "count-text" }, esc(s.count)));
      }
      if (s.hidden) body.push(tag("text", { x: 2, y: SIZE - 2, class: "fog-mark", fill: ink }, "?"));
      const title = `${nameOf(s.nation, boardView.catalog)} · ${s.count}`;
      out.push(tag("g", { class: "stack", "data-stack": s.key, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
        body.join("") + `<title>${esc(title)}</title>`));
    });
  }
  boardView.layers.pieces.innerHTML = out.join("");
  return stacks;
}
