// Odds before committing (issue 16 item 3): for the prompt's actions that lead to a chance event (battle,
// interception, evasion, siege, raid) the server's GET .../odds (the engine's figures from what the seat
// may know only) shown before the choice: each outcome's chance, the expected values (losses on each side),
// the method (exact, or simulated with N samples) and the assumptions.

import { el } from "../shell.js";
import { renderMessage, t } from "../i18n.js";
import { ApiError, api } from "../api.js";
import { actionText } from "./prompt.js";
import { ruleLink } from "./rules.js";

/** Action id prefixes that may lead to a chance event: only these are asked about. */
export const ODDS_PREFIXES = new Set(["to", "march", "attack", "attack_next", "intercept", "intercept_dow",
  "intercept_army", "intercept_armies", "evade", "evade_hasty", "stay", "siege", "sortie", "raid", "box",
  "target", "search", "ambush", "defend", "relief", "land", "land_dow", "withdraw", "surrender", "storm"]);
const MAX_ASKED = 12;

export class Odds {
  constructor(box, { gameId, token, catalog }) {
    this.box = box;
    this.gameId = gameId;
    this.token = token;
    this.catalog = catalog;
    this.cache = new Map(); // `${version}|${action}` -> Promise<odds|null>
    this.version = -1;
    this.shown = null;
  }

  ask(version, id) {
    const key = `${version}|${id}`;
    if (!this.cache.has(key)) {
      this.cache.set(key, api(`/api/games/${encodeURIComponent(this.gameId)}/odds?action=${encodeURIComponent(id)}`,
        { token: this.token }).catch((err) => {
        if (err instanceof ApiError && [404, 409, 422].includes(err.status)) return null;
        throw err;
      }));
    }
    return this.cache.get(key);
  }

  /** A new decision: ask about its candidate actions at once and show the first that has odds. */
  async update(version, actions) {
    if (version !== this.version) { this.cache.clear(); this.version = version; }
    this.actions = actions;
    const asked = actions.filter((a) => ODDS_PREFIXES.has(String(a.id).split(":")[0])).slice(0, MAX_ASKED);
    if (!asked.length) { this.show(null, null); return; }
    const found = await Promise.all(asked.map((a) => this.ask(version, a.id)));
    if (version !== this.version) return;
    const first = asked.findIndex((_, i) => found[i]);
    this.withOdds = new Set(asked.filter((_, i) => found[i]).map((a) => a.id));
    this.show(first >= 0 ? asked[first] : null, first >= 0 ? found[first] : null);
  }

  /** The hovered or focused action: show its odds when it has some. */
  async hover(action) {
    if (!action || !this.withOdds || !this.withOdds.has(action.id)) return;
    const odds = await this.ask(this.version, action.id);
    if (odds) this.show(action, odds);
  }

  show(action, odds) {
    this.shown = odds;
    if (!odds) { this.box.hidden = true; this.box.replaceChildren(); return; }
    const pct = (p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;
    const outcomes = (odds.outcomes || []).map((o) => el("tr", {},
      el("td", {}, renderMessage(o.key, o.params, this.catalog)),
      el("td", { class: "num" }, pct(o.p)),
      el("td", { class: "bar" }, el("span", { style: `width:${Math.round(100 * o.p)}%` }))));
    const expected = (odds.expected || []).map((x) => el("tr", {},
      el("td", {}, renderMessage(x.key, x.params, this.catalog)),
      el("td", { class: "num" }, Number(x.value).toFixed(2)), el("td")));
    const method = odds.method === "exact" ? t("table.odds_exact")
      : t("table.odds_simulated", { n: odds.samples || "?" });
    const assumptions = (odds.assumptions || []).map((a) => el("li", {},
      typeof a === "string" ? renderMessage(a, {}, this.catalog) : renderMessage(a.key, a.params, this.catalog)));
    this.box.replaceChildren(
      el("h3", {}, t("table.odds"), " ", ruleLink(odds.rule, this.catalog)),
      action ? el("p", { class: "odds-action" }, actionText(action, this.catalog)) : null,
      el("table", { class: "odds-table" }, el("tbody", {}, ...outcomes, ...expected)),
      el("p", { class: "muted odds-method" }, method),
      assumptions.length ? el("ul", { class: "assumptions" }, ...assumptions) : null);
    this.box.hidden = false;
  }
}
