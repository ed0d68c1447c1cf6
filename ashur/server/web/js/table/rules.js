// Rule numbers as links to a short paraphrase of the rule (issue 16 items 2, 4, 5): `rule.<n>` of the game's
// catalog, or of the nearest rule above it (6.6.9 -> 6.6 -> 6) when the catalog has no text for it.

import { el } from "../shell.js";
import { t } from "../i18n.js";

/** The paraphrase of `rule` and the rule it belongs to: [rule, text] or [rule, null]. */
export function paraphrase(rule, catalog) {
  let r = String(rule || "");
  while (r) {
    const text = catalog[`rule.${r}`];
    if (text) return [r, text];
    const cut = Math.max(r.lastIndexOf("."), r.lastIndexOf(" "));
    r = cut > 0 ? r.slice(0, cut) : "";
  }
  return [rule, null];
}

/** Open the rule's paraphrase in the page's rule box (`text`: a text the server gave for it). */
export function showRule(rule, catalog, text) {
  const [found, own] = paraphrase(rule, catalog);
  const box = document.getElementById("rule-box");
  if (!box) return;
  const body = text || own;
  box.replaceChildren(
    el("h3", {}, t("table.rule", { rule })),
    el("p", { class: "rule-text" }, body || t("table.rule_none")),
    found !== rule && own && !text ? el("p", { class: "muted" }, t("table.rule_parent", { rule: found })) : null,
    el("button", { type: "button", class: "secondary", onclick: () => { box.hidden = true; } }, t("table.close")));
  box.hidden = false;
  box.querySelector("button").focus();
}

/** A clickable rule number. */
export function ruleLink(rule, catalog) {
  if (!rule) return null;
  return el("button", {
    type: "button", class: "rule", title: t("table.rule_open"),
    onclick: (event) => { event.stopPropagation(); showRule(rule, catalog); },
  }, `§${rule}`);
}
