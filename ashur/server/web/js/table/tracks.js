// The tracks (issue 16 item 1): turn and impulse round with the timetable's years, the impulse track, each
// country's VP, ECO, income, cards, camp and refusal marker, and the diplomatic track of the minors (the
// power, its value and status, wars, conquests, pacts and grace periods), as the view shows them.

import { el } from "../shell.js";
import { t } from "../i18n.js";
import { nameOf } from "./svg.js";

function chip(nation, nations) {
  const n = nations[nation];
  return el("span", { class: "chip", style: `background:${(n && n.colour) || "#ccc"}` });
}

function status(value, tracks) {
  const row = ((tracks.diplomatic || {}).statuses || []).find((s) => value >= s.from && value <= s.to);
  return row ? t(`table.status.${row.status}`) : "";
}

/** Draw the tracks panel. */
export function renderTracks(box, { view, board, catalog }) {
  const nations = Object.fromEntries((board.nations || []).map((n) => [n.id, n]));
  const tracks = board.tracks || {};
  const name = (id) => nameOf(id, catalog);
  const turnRow = (tracks.turns || []).find((x) => x.turn === view.turn);
  const events = (tracks.timetable || []).filter((e) => e.turn === view.turn);
  const out = [el("p", { class: "turn", id: "turn-line" },
    t("table.turn_round", { turn: view.turn, round: view.round }),
    turnRow && turnRow.years ? ` · ${turnRow.years}` : "",
    events.length ? ` · ${t("table.timetable")}: ${events.map((e) => name(e.id)).join(", ")}` : "")];
  const order = (tracks.impulse && tracks.impulse.order) || Object.keys(view.countries || {});
  const now = view.impulse && view.impulse.country;
  out.push(el("ol", { class: "impulse-track", "aria-label": t("table.impulse_track") },
    order.filter((c) => (view.countries || {})[c] && view.countries[c].active).map((c) =>
      el("li", { class: c === now ? "now" : "" }, chip(c, nations), name(c)))));
  const rows = Object.entries(view.countries || {}).filter(([, c]) => c.active || c.vp || c.income)
    .map(([id, c]) => el("tr", { dataset: { country: id } },
      el("td", {}, chip(id, nations), name(id)),
      el("td", { class: "num" }, String(c.vp)), el("td", { class: "num" }, String(c.eco)),
      el("td", { class: "num" }, String(c.income)), el("td", { class: "num" }, String(c.cards)),
      el("td", {}, c.camp ? t(`table.camp.${c.camp}`) : ""),
      el("td", {}, c.refused || (view.refused || {})[id] ? t("table.refusal", { colour: c.refused || view.refused[id] }) : "")));
  out.push(el("table", { class: "countries" },
    el("thead", {}, el("tr", {}, ...["country", "vp", "eco", "income", "cards", "camp", "markers"].map((k) =>
      el("th", {}, t(`table.col.${k}`))))),
    el("tbody", {}, ...rows)));
  const diplo = Object.entries(view.diplo || {});
  if (diplo.length) {
    const grace = view.conquered || {};
    out.push(el("h4", {}, t("table.diplomatic_track")), el("table", { class: "diplo" }, el("tbody", {},
      ...diplo.map(([minor, d]) => el("tr", {},
        el("td", {}, chip(minor, nations), name(minor)),
        el("td", {}, d.power ? [chip(d.power, nations), name(d.power)] : "—"),
        el("td", { class: "num" }, String(d.value)),
        el("td", {}, d.power ? status(d.value, tracks) : ""),
        el("td", {}, [
          ...(d.war || []).map((w) => t("table.war_with", { who: name(w) })),
          ...(d.conquest || []).map((w) => t("table.conquest_by", { who: name(w) })),
          d.pact ? t("table.pact") : null,
          ...(grace[minor] || []).filter((g) => g.grace_until >= view.turn).map((g) => t("table.grace", { turn: g.grace_until })),
        ].filter(Boolean).join("; ")))))));
  }
  if ((view.wars || []).length) {
    out.push(el("p", {}, t("table.wars"), ": ", (view.wars || []).map((w) => Array.isArray(w) ? w.map(name).join(" – ")
      : [w.a || w.attacker, w.b || w.defender].filter(Boolean).map(name).join(" – ")).join("; ")));
  }
  box.replaceChildren(...out);
}
