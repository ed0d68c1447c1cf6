// The tracks drawn on the board (issue 16 item 1), in the strip right of the map: the turn track with the
// timetable's years, the impulse track (the country acting ringed, each power's camp), the VP and ECO tracks
// (0-15, a marker beyond 15 flips to its '+' side, 2.2) and the diplomatic track (each minor's marker in
// its power's colour at its value; W war, C conquest, P pact, G grace, R refusal). The side panel
// (tracks.js) shows the same figures as text.

import { esc, isDark, nameOf, tag } from "./svg.js";

const CELL = 18;
const TOP = 15;

function marker(x, y, colour, text, title) {
  const ink = isDark(colour) ? "#fff" : "#111";
  return tag("g", { transform: `translate(${x},${y})` },
    tag("rect", { width: CELL - 4, height: CELL - 6, rx: 2, fill: colour, stroke: "#000", stroke_width: 0.6 })
    + (text ? tag("text", { x: (CELL - 4) / 2, y: 9, class: "track-mark", fill: ink }, esc(text)) : "")
    + `<title>${esc(title)}</title>`);
}

function scale(x, y, label, values) {
  const out = [tag("text", { x, y: y - 4, class: "track-title" }, esc(label))];
  for (let v = 0; v <= TOP; v += 1) {
    out.push(tag("rect", { x: x + v * CELL, y, width: CELL, height: CELL, fill: v % 5 === 0 ? "#f3e3c3" : "#fffaf0",
      stroke: "#8a7450", stroke_width: 0.6 }));
    out.push(tag("text", { x: x + v * CELL + CELL / 2, y: y + CELL + 8, class: "track-num" }, String(v)));
  }
  const at = new Map();
  for (const item of values) {
    const plus = item.value > TOP;
    const v = Math.max(0, Math.min(TOP, plus ? item.value - TOP : item.value));
    const k = at.get(v) || 0;
    at.set(v, k + 1);
    out.push(marker(x + v * CELL + 2, y + 3 - k * 5, item.colour, plus ? "+" : "", `${item.name}: ${item.value}`));
  }
  return out.join("");
}

/** The markup of the tracks for `view`. */
export function tracksMarkup(boardView, view) {
  const data = boardView.data;
  const tracks = data.tracks || {};
  const nations = boardView.nations;
  const name = (id) => nameOf(id, boardView.catalog);
  const colour = (id) => (nations[id] && nations[id].colour) || "#bbb";
  const x = data.size ? data.size.w - 316 : 2492;
  let y = 40;
  const out = [tag("rect", { x: x - 10, y: 10, width: 312, height: 0, class: "tracks-bg" })];
  // turn track
  const turns = tracks.turns || [];
  out.push(tag("text", { x, y: y - 4, class: "track-title" }, esc(boardView.label("turn"))));
  turns.forEach((turn, i) => {
    const cx = x + (i % 8) * 37; const cy = y + Math.floor(i / 8) * 30;
    const now = turn.turn === view.turn;
    out.push(tag("rect", { x: cx, y: cy, width: 34, height: 26, rx: 3, fill: now ? "#1f4e8c" : "#fffaf0",
      stroke: "#8a7450", stroke_width: 0.8, class: now ? "turn-now" : null }));
    out.push(tag("text", { x: cx + 17, y: cy + 11, class: "track-num", fill: now ? "#fff" : "#111" }, String(turn.turn)));
    if (turn.years) out.push(tag("text", { x: cx + 17, y: cy + 21, class: "track-small", fill: now ? "#fff" : "#555" }, esc(turn.years)));
  });
  y += Math.ceil(Math.max(turns.length, 1) / 8) * 30 + 22;
  // impulse track
  out.push(tag("text", { x, y: y - 4, class: "track-title" }, esc(boardView.label("impulse"))));
  const countries = view.countries || {};
  const order = ((tracks.impulse && tracks.impulse.order) || Object.keys(countries)).filter((c) => countries[c] && countries[c].active);
  const acting = view.impulse && view.impulse.country;
  order.forEach((c, i) => {
    const cx = x + (i % 6) * 50; const cy = y + Math.floor(i / 6) * 22;
    const camp = countries[c].camp ? (countries[c].camp === "assyrian" ? "A" : "R") : "";
    out.push(tag("rect", { x: cx, y: cy, width: 46, height: 18, rx: 3, fill: colour(c), stroke: c === acting ? "#e8a33d" : "#000",
      stroke_width: c === acting ? 3 : 0.6 }, `<title>${esc(name(c))}</title>`));
    out.push(tag("text", { x: cx + 23, y: cy + 12, class: "track-small", fill: isDark(colour(c)) ? "#fff" : "#111" },
      esc(`${name(c).slice(0, 5)}${camp ? ` ${camp}` : ""}`)));
  });
  y += Math.ceil(Math.max(order.length, 1) / 6) * 22 + 20;
  const powers = ((tracks.vp && tracks.vp.powers) || order).filter((c) => countries[c]);
  out.push(scale(x, y, boardView.label("vp"), powers.map((c) => ({ value: countries[c].vp, colour: colour(c), name: name(c) }))));
  y += CELL + 34;
  out.push(scale(x, y, boardView.label("eco"), order.map((c) => ({ value: countries[c].eco, colour: colour(c), name: name(c) }))));
  y += CELL + 42;
  // diplomatic track
  const diplo = Object.entries(view.diplo || {});
  if (diplo.length) {
    out.push(tag("text", { x, y: y - 12, class: "track-title" }, esc(boardView.label("diplo"))));
    out.push(tag("text", { x, y: y - 3, class: "track-small", text_anchor: "start" }, esc(boardView.label("diplo_flags"))));
    const grace = view.conquered || {};
    const refused = view.refused || {};
    diplo.forEach(([minor, d], i) => {
      const cy = y + i * 15;
      out.push(tag("text", { x: x + 40, y: cy + 10, class: "track-small", text_anchor: "end" }, esc(name(minor).slice(0, 9))));
      out.push(tag("rect", { x: x + 44, y: cy, width: 16 * 14, height: 13, fill: "#fffaf0", stroke: "#c9b58f", stroke_width: 0.5 }));
      const v = Math.max(0, Math.min(TOP, d.value || 0));
      if (d.power) {
        out.push(tag("rect", { x: x + 44 + v * 14 + 1, y: cy + 1, width: 12, height: 11, rx: 2, fill: colour(d.power),
          stroke: "#000", stroke_width: 0.6 }, `<title>${esc(`${name(minor)}: ${name(d.power)} ${d.value}`)}</title>`));
      }
      const flags = [(d.war || []).length ? "W" : "", (d.conquest || []).length ? "C" : "", d.pact ? "P" : "",
        (grace[minor] || []).some((g) => g.grace_until >= view.turn) ? "G" : "", refused[minor] ? "R" : ""].join("");
      if (flags) out.push(tag("text", { x: x + 44 + 16 * 14 + 4, y: cy + 10, class: "track-small", text_anchor: "start" }, flags));
    });
    y += diplo.length * 15 + 10;
  }
  out[0] = tag("rect", { x: x - 10, y: 10, width: 314, height: y - 10, rx: 6, class: "tracks-bg" });
  return out.join("");
}
