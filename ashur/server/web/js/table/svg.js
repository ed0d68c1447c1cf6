// Small helpers to write SVG as strings (fast to build for a whole board) and to read the board's ids.

export const NS = "http://www.w3.org/2000/svg";

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for SVG/HTML markup. */
export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ESC[c]);
}

/** One element as markup: `attrs` with underscores turned into dashes, null/undefined left out. */
export function tag(name, attrs, body) {
  let out = `<${name}`;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    const shown = typeof value === "number" && !Number.isInteger(value) ? value.toFixed(1) : value;
    out += ` ${key.replace(/_/g, "-")}="${esc(shown)}"`;
  }
  return body === undefined ? `${out}/>` : `${out}>${body}</${name}>`;
}

/** A dark colour wants white text. */
export function isDark(colour) {
  if (!/^#[0-9a-f]{6}$/i.test(colour || "")) return false;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 110;
}

/** A readable name for an id the catalog does not name (`til_barsip` -> `Til barsip`). */
export function prettyId(id) {
  const text = String(id).replace(/[_-]+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The name of an id of the game (area, country, sea, piece type) in the game's catalog. */
export function nameOf(id, catalog) {
  if (id === null || id === undefined || id === "") return "";
  return catalog[`name.${id}`] || catalog[id] || prettyId(id);
}
