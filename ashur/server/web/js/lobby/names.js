// Names the lobby shows for what the server sends as ids: games, scenarios, roles, options, seat kinds,
// statuses and paces, from the interface catalog (ui.<lang>.json), else the catalog's English text.

import { t } from "../i18n.js";

/** The catalog text of `key`, or `fallback` when no catalog has the key (a game added by a plugin). */
export function tOr(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

/** A role's name; a role of several powers (rule 1.1 B, e.g. "egypt+babylonia") names each. */
export function roleName(role) {
  return role.split("+").map((part) => tOr(`role.${part}`, part)).join(" + ");
}

export function scenarioName(scenario) {
  return tOr(`scenario.${scenario.id}`, scenario.name || scenario.id);
}

export function scenarioSummary(scenario) {
  return tOr(`scenario.${scenario.id}.summary`, scenario.summary || "");
}

export function gameName(game) {
  return tOr(`game.${game.id}`, game.name || game.id);
}

export function optionName(option) {
  return tOr(`option.${option.name}`, option.name.replace(/_/g, " "));
}

export function optionHelp(option) {
  return tOr(`option.${option.name}.help`, option.help || "");
}

/** "human", "open", "bot" (with its kind) as shown in a seat list. */
export function seatKind(seat) {
  if (seat.kind === "bot") return t("seat.bot", { kind: botName(seat.bot || "") });
  if (seat.kind === "open") return t("seat.open");
  return seat.player ? seat.player : t("seat.guest");
}

export function botName(kind) {
  return tOr(`bot.${kind}`, kind);
}

export function statusName(status) {
  return tOr(`status.${status}`, status);
}

export function paceName(pace) {
  return tOr(`pace.${pace || "none"}`, pace || "");
}

/** A date and time in the interface's language. */
export function when(stamp, lang) {
  const date = new Date(stamp.endsWith("Z") || /[+-]\d\d:\d\d$/.test(stamp) ? stamp : `${stamp}Z`);
  if (Number.isNaN(date.getTime())) return stamp;
  return date.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}
