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
  return fill(template, params, {});
}

function shown(value, catalog) {
  if (Array.isArray(value)) return value.map((v) => shown(v, catalog)).join(", ");
  if (typeof value === "string") {
    if (value in catalog) return catalog[value];
    if (`name.${value}` in catalog) return catalog[`name.${value}`];
  }
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  return String(value);
}

function fill(template, params, catalog) {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    name in params ? shown(params[name], catalog) : whole);
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
    const args = Object.entries(params).map(([k, v]) => `${k}=${shown(v, {})}`).join(", ");
    return args ? `${key}(${args})` : key;
  }
  return fill(template, params, catalog);
}
