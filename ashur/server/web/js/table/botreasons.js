// "Why did the bots do that?" (issue 17 item 1): a panel under the log listing the bot seats' decisions —
// the role, the action named as the prompt names actions, and the bot's one-line reason in the reader's
// language (its message parts rendered as log entries are) — read from GET /api/games/<id>/bot-reasons. Shown
// only while the game lets this seat read them (its setting bot_reasons "open", or the game is over); fetched
// when the view's version moves and the panel is open.

import { ApiError, api } from "../api.js";
import { renderReason, t } from "../i18n.js";
import { el } from "../shell.js";
import { actionText } from "./prompt.js";
import { ruleLink } from "./rules.js";
import { nameOf } from "./svg.js";

const SHOWN = 300;

export class BotReasons {
  /** `panel`: the <details> holding `box`. */
  constructor(panel, box, { gamePath, token, catalog }) {
    this.panel = panel;
    this.box = box;
    this.gamePath = gamePath;
    this.token = token;
    this.catalog = catalog;
    this.items = [];
    this.next = 0;
    this.version = -1;
    this.wanted = -1;
    this.readable = false;
    this.loading = null;
    this.list = el("ol", { class: "log bot-reasons", id: "bot-reasons-list" });
    this.empty = el("p", { class: "muted", id: "bot-reasons-empty" }, t("table.bot_reasons_none"));
    box.replaceChildren(this.empty, this.list);
    panel.addEventListener("toggle", () => { if (panel.open) this.update(this.wanted); });
  }

  /** Whether this seat may read the reasons now (the panel is hidden otherwise). */
  setReadable(readable) {
    this.readable = Boolean(readable);
    this.panel.hidden = !this.readable;
  }

  /** The view is at `version`: read the new reasons when the panel is open. */
  async update(version) {
    this.wanted = Math.max(this.wanted, version);
    if (!this.readable || !this.panel.open || this.version >= this.wanted || this.loading) return;
    const asked = this.wanted;
    this.loading = api(`${this.gamePath}/bot-reasons?since=${this.next}`, { token: this.token });
    try {
      const got = await this.loading;
      this.add(got.reasons || []);
      this.next = Math.max(this.next, got.next || 0);
      this.version = asked;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 403) this.setReadable(false);
    } finally {
      this.loading = null;
    }
    if (this.version < this.wanted && this.readable) this.update(this.wanted);
  }

  add(reasons) {
    const known = new Set(this.items.map((x) => x.n));
    for (const x of reasons) if (!known.has(x.n)) this.items.push(x);
    this.render();
  }

  render() {
    const items = this.items.slice(-SHOWN).map((x) => el("li", { class: "bot-reason", dataset: { n: String(x.n), role: x.role } },
      el("b", {}, nameOf(x.role, this.catalog)), ": ",
      el("span", { class: "bot-action" }, x.label ? actionText(x, this.catalog) : x.action), " ",
      x.rule ? ruleLink(x.rule, this.catalog) : null,
      el("div", { class: "bot-why muted" }, x.why ? renderReason(x.why, this.catalog) : x.reason)));
    this.empty.hidden = this.items.length > 0;
    this.list.replaceChildren(...items);
    this.list.scrollTop = this.list.scrollHeight;
  }
}
