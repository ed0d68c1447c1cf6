// Languages of the interface (en, de, ja): the client's own catalogs (web/i18n/<part>.<lang>.json) and a
// game's message catalog (GET /api/content/<game>/messages/<lang>), rendered as ashur/core/i18n.py does.

export const LANGS = ["en", "de", "ja"];
const PARTS = ["ui", "table"];
const LANG_KEY = "ashur.lang";

let ui = {};
let uiLang = "en";

/** The language to show: the ?lang= of the address, the choice kept in this browser, the profile's,
 * the browser's, or English. */
export function chooseLang(profileLang) {
  const asked = new URLSearchParams(window.location.search).get("lang");
  for (const lang of [asked, localStorage.getItem(LANG_KEY), profileLang, (navigator.language || "").slice(0, 2)]) {
    if (lang && LANGS.includes(lang)) return lang;
  }
  return "en";
}

export function keepLang(lang) {
  if (LANGS.includes(lang)) localStorage.setItem(LANG_KEY, lang);
}

async function json(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  return response.ok ? response.json() : {};
}

/** Load the client's catalogs of `lang` (English fills what a language lacks). */
export async function loadUi(lang) {
  const v = window.ASHUR_VERSION || "";
  const load = (l) => Promise.all(PARTS.map((p) => json(`/static/i18n/${p}.${l}.json?v=${v}`)));
  const english = await Promise.all([load("en"), lang === "en" ? [] : load(lang)]);
  ui = Object.assign({}, ...english[0], ...english[1]);
  uiLang = lang;
  document.documentElement.lang = lang;
  return ui;
}

export function currentLang() {
  return uiLang;
}

/** The interface text of `key` with `{name}` parameters filled in. */
export function t(key, params = {}) {
  const template = ui[key];
  if (template === undefined) return key;
  return fill(template, params);
}

// --- game messages: the port of ashur/core/i18n.py (same rules, same order; see its docstring) ---------
const WORDS = { "word.none": "none", "word.yes": "yes", "word.no": "no", "word.and": " and ", "word.comma": ", " };
const CARD_PARAMS = ["card", "cancelled"];
const CARD_LIST_PARAMS = ["cards"];
const NUMBERED = /^([a-z]+)(\d+)$/;  // a numbered id made during play (ag19): template name.<letters>#

function word(catalog, key) {
  return catalog[key] || WORDS[key];
}

// the fallback of a missing key shows values as Python's str() does (so both sides read alike)
function plain(value) {
  if (Array.isArray(value)) return value.map(plain).join(", ");
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}

/** One parameter value as words of `catalog`. */
export function show(value, catalog, key = "", name = "", params = null, depth = 0) {
  if (value === null || value === undefined) return catalog[`${key}.${name}.none`] || word(catalog, "word.none");
  if (typeof value === "boolean") {
    const yesNo = value ? "yes" : "no";
    return catalog[`${key}.${name}.${yesNo}`] || word(catalog, `word.${yesNo}`);
  }
  if (typeof value === "number") {
    if (Number.isInteger(value) && CARD_PARAMS.includes(name) && `card.${value}.name` in catalog) {
      return `#${value} ${catalog[`card.${value}.name`]}`;
    }
    return String(value);
  }
  if (typeof value === "string") {
    if (Object.prototype.hasOwnProperty.call(catalog, value)) {
      if (depth < 2 && params !== null) return format(catalog[value], value, params, catalog, depth + 1);
      return catalog[value];
    }
    const named = catalog[`name.${value}`];
    if (named !== undefined) return named;
    const numbered = NUMBERED.exec(value);
    const template = numbered ? catalog[`name.${numbered[1]}#`] : undefined;
    return template === undefined ? value : template.split("{n}").join(numbered[2]);
  }
  if (Array.isArray(value)) {
    const itemName = CARD_LIST_PARAMS.includes(name) ? "card" : name;
    const items = value.map((v) => show(v, catalog, key, itemName, null, depth));
    if (!items.length) return word(catalog, "word.none");
    if (items.length === 1) return items[0];
    return `${items.slice(0, -1).join(word(catalog, "word.comma"))}${word(catalog, "word.and")}${items[items.length - 1]}`;
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${show(k, catalog, "", "", null, depth)} ${show(v, catalog, key, name, null, depth)}`).join(word(catalog, "word.comma"));
  }
  return String(value);
}

function format(template, key, params, catalog, depth) {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? show(params[name], catalog, key, name, params, depth) : whole);
}

function fill(template, params) {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

const messageCatalogs = new Map();

/** A game's message catalog in `lang` (cached per page). */
export async function loadMessages(game, lang) {
  const key = `${game}/${lang}`;
  if (!messageCatalogs.has(key)) {
    const v = window.ASHUR_VERSION || "";
    messageCatalogs.set(key, json(`/api/content/${encodeURIComponent(game)}/messages/${lang}?v=${v}`));
  }
  return messageCatalogs.get(key);
}

/** A message (log entry, prompt, action label) as text: the port of ashur.core.i18n.render. */
export function renderMessage(key, params, catalog) {
  params = params || {};
  let template;
  if (key === "dice" && typeof params.why === "string") template = catalog[`dice.${params.why}`];
  if (template === undefined) template = catalog[key];
  if (template === undefined) {
    const args = Object.entries(params).map(([k, v]) => `${k}=${plain(v)}`).join(", ");
    return args ? `${key}(${args})` : key;
  }
  return format(template, key, params, catalog, 0);
}

/** A bot's reason as one line: its message parts (`[{key, params}]`) rendered one after the other, the port of
 * ashur.core.i18n.render_reason. A key the game's catalog lacks is looked up in the client's own catalogs (the
 * reasons every game shares, bot.why.*); a plain string (a reason kept before reasons were messages) is itself. */
export function renderReason(reason, catalog) {
  if (typeof reason === "string") return reason;
  return (reason || []).filter((part) => part && typeof part === "object").map((part) => {
    const key = String(part.key || "");
    const params = part.params || {};
    const own = !(key in catalog) && Object.prototype.hasOwnProperty.call(ui, key);
    return own ? format(ui[key], key, params, catalog, 0) : renderMessage(key, params, catalog);
  }).join("");
}

/** A log entry as text, with its rule number (render_entry). */
export function renderEntry(entry, catalog) {
  const text = renderMessage(entry.key, entry.params || {}, catalog);
  return entry.rule ? `[${entry.rule}] ${text}` : text;
}
