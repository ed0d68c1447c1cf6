// The current decision (issue 16 item 2): the prompt's text, its legal actions as buttons (rendered labels,
// the rule of each, a mark on those also chosen on the board), previews on hover and focus, and the keyboard:
// Tab and the arrow keys move through the choices, Enter chooses, the number keys 1-9 choose directly.

import { el } from "../shell.js";
import { renderMessage, t } from "../i18n.js";
import { costOf } from "./actions.js";
import { ruleLink } from "./rules.js";
import { nameOf } from "./svg.js";

/** The text of an action's label. */
export function actionText(action, catalog) {
  const params = action.params || {};
  const card = params.card !== undefined && catalog[`card.${params.card}.name`];
  return renderMessage(action.label, card ? { ...params, name: card } : params, catalog);
}

/** Draw the prompt panel. `handlers`: {choose(id), preview(action|null)}; `onBoard(id)`: the action names
 * something on the board. */
export function renderPrompt(box, { view, actions, catalog, role, busy, onBoard }, handlers) {
  const prompt = view.prompt;
  const mine = actions.length > 0;
  const head = [];
  if (mine && prompt) {
    head.push(el("p", { class: "prompt-text", id: "prompt-text" }, renderMessage(prompt.key, prompt.params, catalog), " ",
      ruleLink(prompt.rule, catalog)));
  } else if (view.deciding && view.deciding !== role && !(Array.isArray(view.deciding) && !view.deciding.length)) {
    // one deciding role, or (games with simultaneous decisions) a list of them
    const who = Array.isArray(view.deciding) ? view.deciding.filter((r) => r !== role) : [view.deciding];
    head.push(el("p", { class: "waiting", id: "prompt-text" }, who.length ? t("table.waiting_for", {
      who: who.map((r) => nameOf(r, catalog)).join(", ") }) : t("table.nothing_to_do")));
  } else {
    head.push(el("p", { class: "waiting", id: "prompt-text" }, t("table.nothing_to_do")));
  }
  const list = el("ol", { class: "actions", id: "actions", "aria-label": t("table.choices") });
  actions.forEach((action, i) => {
    const cost = costOf(action);
    const button = el("button", {
      type: "button", class: `action${onBoard(action.id) ? " on-board" : ""}`, disabled: busy || null,
      dataset: { action: action.id, index: String(i + 1) },
      onclick: () => handlers.choose(action.id),
      onmouseenter: () => handlers.preview(action),
      onmouseleave: () => handlers.preview(null),
      onfocus: () => handlers.preview(action),
    }, i < 9 ? el("kbd", {}, String(i + 1)) : null, el("span", { class: "label" }, actionText(action, catalog)),
    cost !== null && cost > 0 ? el("span", { class: "cost" }, t("table.ap", { ap: cost })) : null);
    list.append(el("li", {}, button, ruleLink(action.rule, catalog)));
  });
  box.replaceChildren(...head, list);
}

/** The keyboard of the choices (installed once per page): digits choose, arrows move the focus. */
export function installKeys(getActions, choose) {
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key)) {
      const action = getActions()[Number(event.key) - 1];
      if (action) { event.preventDefault(); choose(action.id); }
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const buttons = [...document.querySelectorAll("#actions button.action")];
      if (!buttons.length) return;
      const at = buttons.indexOf(document.activeElement);
      const next = event.key === "ArrowDown" ? Math.min(buttons.length - 1, at + 1) : Math.max(0, at - 1);
      event.preventDefault();
      buttons[at < 0 ? 0 : next].focus();
    }
  });
}
