// Pop-ups over the board: the list of a stack's pieces (each piece's choices, or "why not?" for a piece no
// choice names) and a menu when one click could mean several actions.

import { el } from "../shell.js";
import { t } from "../i18n.js";
import { counterOf, counterText } from "./pieces.js";
import { nameOf } from "./svg.js";
import { actionText } from "./prompt.js";
import { ruleLink } from "./rules.js";

export function closePopups() {
  for (const node of document.querySelectorAll(".popup")) node.remove();
}

function place(node, anchor) {
  document.body.append(node);
  // an element (a card) or a pointer event (a click on the board)
  const rect = anchor instanceof Element ? anchor.getBoundingClientRect()
    : { left: (anchor && anchor.clientX) || 100, top: (anchor && anchor.clientY) || 100, bottom: (anchor && anchor.clientY) || 100 };
  const width = node.offsetWidth; const height = node.offsetHeight;
  const left = Math.max(4, Math.min(window.innerWidth - width - 4, rect.left));
  const below = (rect.bottom ?? rect.top) + 6;
  const top = below + height > window.innerHeight ? Math.max(4, rect.top - height - 6) : below;
  node.style.left = `${left}px`;
  node.style.top = `${top}px`;
  const first = node.querySelector("button");
  if (first) first.focus();
}

function closer() {
  return el("button", { type: "button", class: "close", "aria-label": t("table.close"), onclick: closePopups }, "×");
}

/** A menu of `items` ({text, rule, run, hover}) at a click event or an element. */
export function menu(anchor, items, catalog) {
  closePopups();
  const box = el("div", { class: "popup menu", role: "menu" }, closer(),
    el("ol", {}, ...items.map((item, i) => el("li", {},
      el("button", { type: "button", class: "action", role: "menuitem", dataset: { index: String(i + 1) },
        onclick: () => { closePopups(); item.run(); }, onmouseenter: item.hover, onfocus: item.hover }, item.text),
      ruleLink(item.rule, catalog)))));
  place(box, anchor);
}

/** The pieces of a stack: type, strength, leader ratings; each piece's choices or its "why not?". */
export function stackPopup(event, stack, { board, catalog, view, actionsOf, choose, why, spotActions }) {
  closePopups();
  const rows = [];
  const pieceRow = (pid, extra) => {
    const piece = view.pieces[pid] || {};
    const c = counterOf(pid, board);
    const actions = actionsOf(pid);
    const label = [counterText(pid, piece, board), catalog[`name.${pid}`] || c.name || pid,
      piece.red ? t("table.reduced") : "", piece.city ? t("table.in_city") : "", extra || ""].filter(Boolean).join(" · ");
    rows.push(el("li", { class: "piece-row", dataset: { piece: pid } },
      el("span", {}, label),
      actions.length ? actions.map((a) => el("button", { type: "button", class: "action", onclick: () => { closePopups(); choose(a); } },
        actionText(a, catalog)))
        : el("button", { type: "button", class: "link why-link", onclick: () => { closePopups(); why(pid); } }, t("table.why_not"))));
  };
  for (const pid of stack.pieces) pieceRow(pid);
  for (const c of stack.cargo) pieceRow(c.pid, c.aboard ? t("table.aboard", { ship: c.aboard }) : t("table.at_sea"));
  if (stack.hidden) rows.push(el("li", { class: "muted" }, t("table.hidden_pieces", { n: stack.hidden })));
  const box = el("div", { class: "popup stack-popup", role: "dialog" }, closer(),
    el("h4", {}, nameOf(stack.nation, catalog), " · ", nameOf(stack.spot, catalog), stack.city ? ` (${t("table.in_city")})` : ""),
    el("ul", {}, ...rows),
    spotActions.length ? el("div", { class: "spot-actions" }, ...spotActions.map((a) =>
      el("button", { type: "button", class: "action", onclick: () => { closePopups(); choose(a); } }, actionText(a, catalog)))) : null);
  place(box, event);
}
