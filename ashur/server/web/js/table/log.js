// The log (issue 16 item 5): the entries the seat may read as sentences in its language (renderMessage with
// the game's catalog), the rule number of each (a link to its paraphrase), dice as dice faces, a filter by
// country and by turn, and a summary of the turn at each Interphase (VP scored, ECO changes, conquests; the
// standings now at the latest one).

import { el } from "../shell.js";
import { renderMessage, t } from "../i18n.js";
import { ruleLink } from "./rules.js";
import { nameOf } from "./svg.js";

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** A die's value as a face (1-6) or a boxed number. */
export function dieFace(value) {
  return el("span", { class: "die", title: String(value) }, Number.isInteger(value) && value >= 1 && value <= 6
    ? FACES[value - 1] : String(value));
}

function countriesIn(entry, countries) {
  const out = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "string" && countries.has(v)) out.add(v);
  };
  Object.values(entry.params || {}).forEach(walk);
  return out;
}

export class GameLog {
  constructor(box, catalog) {
    this.box = box;
    this.catalog = catalog;
    this.entries = [];
    this.next = 0;
    this.filter = { country: "", turn: "" };
  }

  /** Add entries (`{index, key, params, rule}`) read from the server, in order; entries already held are skipped. */
  add(entries) {
    let turn = this.entries.length ? this.entries[this.entries.length - 1].turn : 0;
    for (const e of entries) {
      if (e.index !== undefined && e.index < this.next) continue;
      if ((e.key === "aw.round" || e.key === "aw.turn_start" || e.key === "aw.turn_begins") && e.params) turn = e.params.turn;
      this.entries.push({ ...e, turn });
      this.next = (e.index ?? this.next) + 1;
    }
  }

  /** The summary of the turn that the Interphase entry at position `at` closes. */
  summary(at, view, latest) {
    const turn = this.entries[at].params && this.entries[at].params.turn;
    const vp = new Map();
    const eco = new Map();
    const conquests = [];
    for (let i = at - 1; i >= 0 && this.entries[i].key !== "aw.interphase"; i -= 1) {
      const e = this.entries[i];
      const p = e.params || {};
      if (e.key === "aw.vp" && p.country) vp.set(p.country, (vp.get(p.country) || 0) + (Number(p.n) || 0));
      if (e.key === "aw.conquered" || e.key === "aw.conquered_outright") conquests.push(p.target);
      if (/^aw\.(eco_|card_eco_marker|far_east_eco)/.test(e.key) && p.country) {
        eco.set(p.country, (eco.get(p.country) || 0) + 1);
      }
    }
    const name = (id) => nameOf(id, this.catalog);
    const parts = [t("table.summary", { turn })];
    if (vp.size) parts.push(`${t("table.col.vp")}: ${[...vp].map(([c, n]) => `${name(c)} +${n}`).join(", ")}`);
    if (eco.size) parts.push(`${t("table.eco_changes")}: ${[...eco].map(([c, n]) => `${name(c)} ${n}`).join(", ")}`);
    parts.push(`${t("table.conquests")}: ${conquests.length ? conquests.map(name).join(", ") : "—"}`);
    if (latest && view) {
      const standing = Object.entries(view.countries || {}).filter(([, c]) => c.active)
        .map(([c, x]) => `${name(c)} ${x.vp} VP / ${x.eco} ECO`);
      parts.push(standing.join(", "));
    }
    return parts.join(" · ");
  }

  entryNode(e, i, view, lastInterphase) {
    const dice = e.key === "dice" && Array.isArray((e.params || {}).values);
    const text = renderMessage(e.key, e.params, this.catalog);
    const node = el("li", { class: `entry ${e.key.replace(/\./g, "-")}`, dataset: { turn: String(e.turn), countries: [...countriesIn(e, this.countries)].join(" ") } },
      dice ? el("span", { class: "dice" }, ...e.params.values.map(dieFace), " ") : null,
      el("span", { class: "text" }, text), " ", ruleLink(e.rule, this.catalog));
    if (e.key !== "aw.interphase") return node;
    return [node, el("li", { class: "summary" }, this.summary(i, view, i === lastInterphase))];
  }

  render(view) {
    const countries = new Set(Object.keys((view && view.countries) || {}));
    this.countries = countries;
    const turns = [...new Set(this.entries.map((e) => e.turn))];
    const pick = (key, values, label) => el("select", {
      "aria-label": label, id: `log-${key}`,
      onchange: (event) => { this.filter[key] = event.target.value; this.render(view); },
    }, el("option", { value: "" }, label), values.map((v) => el("option", { value: String(v), selected: String(v) === this.filter[key] },
      key === "turn" ? t("table.turn_n", { turn: v }) : nameOf(v, this.catalog))));
    const lastInterphase = this.entries.map((e) => e.key).lastIndexOf("aw.interphase");
    const items = [];
    this.entries.forEach((e, i) => {
      if (this.filter.turn && String(e.turn) !== this.filter.turn) return;
      if (this.filter.country && !countriesIn(e, countries).has(this.filter.country)) return;
      items.push(this.entryNode(e, i, view, lastInterphase));
    });
    const list = el("ol", { class: "log", id: "log-list" }, ...items.slice(-400).flat());
    this.box.replaceChildren(el("div", { class: "log-filters" },
      pick("country", [...countries].sort(), t("table.all_countries")), pick("turn", turns, t("table.all_turns"))), list);
    list.scrollTop = list.scrollHeight;
  }
}
