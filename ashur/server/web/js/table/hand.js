// The hand (issue 16 item 2): each card of the seat's countries with its name, AP value, '+', when it may
// be played and its event text (the game's catalog: card.<n>.name / card.<n>.text), and whether it can be
// played now (a legal action names it). A click on a playable card plays it (or offers its ways to be
// played); a click on another card asks "why not?".

import { el } from "../shell.js";
import { t } from "../i18n.js";
import { prettyId } from "./svg.js";

function timingText(timing) {
  return (timing || []).map((x) => {
    const key = `table.timing.${x.when}`;
    const text = t(key);
    return text === key ? prettyId(x.when || "") : text;
  }).join(", ");
}

/** Draw the hands. `byCard`: card number -> legal actions naming it; `handlers`: {play(card, actions, node),
 * why(card)}. */
export function renderHand(box, { view, catalog, board, byCard }, handlers) {
  const hands = view.hands || {};
  const out = [];
  for (const [country, cards] of Object.entries(hands)) {
    if (!cards.length && Object.keys(hands).length > 1) continue;
    const list = el("ul", { class: "cards" });
    for (const card of cards) {
      const info = (board.cards || {})[String(card.n)] || {};
      const actions = byCard.get(card.n) || [];
      const playable = actions.length > 0;
      const name = catalog[`card.${card.n}.name`] || card.name;
      const text = catalog[`card.${card.n}.text`] || "";
      const node = el("li", {
        class: `card${playable ? " playable" : ""}${card.home ? " home" : ""}`, tabindex: 0,
        dataset: { card: String(card.n) }, "aria-label": `#${card.n} ${name}`,
        onclick: () => (playable ? handlers.play(card.n, actions, node) : handlers.why(card.n)),
        onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); node.click(); } },
      },
      el("div", { class: "card-head" },
        el("span", { class: "card-ap", title: t("table.card_ap") }, String(card.ap), card.plus ? "+" : ""),
        el("span", { class: "card-name" }, `#${card.n} ${name}`),
        el("span", { class: playable ? "card-now" : "card-later" }, playable ? t("table.playable") : t("table.not_now"))),
      info.timing ? el("div", { class: "card-timing" }, timingText(info.timing)) : null,
      text ? el("div", { class: "card-text" }, text) : null);
      list.append(node);
    }
    out.push(el("h4", {}, catalog[`name.${country}`] || prettyId(country), " ",
      el("span", { class: "muted" }, t("table.cards_n", { n: cards.length }))), list);
  }
  if (!out.length) out.push(el("p", { class: "muted" }, t("table.no_cards")));
  box.replaceChildren(...out);
}
