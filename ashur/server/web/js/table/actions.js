// The prompt's legal actions read for the board (issue 16 items 2 and 4): which spots (areas, seas, boxes)
// and which pieces an action names, and the id a click on something else would mean (for "why not?").
// An action names a thing when one of the `:`-separated parts of its id is that thing's id.

/** Parameters that name a place, and a piece or force (a country named `target` is neither). */
const SPOT_PARAMS = ["area", "zone", "box", "dest", "to", "from", "src", "city"];
const PIECE_PARAMS = ["force", "piece", "leader", "ship", "unit"];

/** {spots: Set, pieces: Set} named by an action's id: the parts of the id that are a spot (or piece) and
 * that its parameters give as a place (or piece). */
export function targetsOf(action, spots, pieces) {
  const out = { spots: new Set(), pieces: new Set() };
  const params = action.params || {};
  const given = (keys) => new Set(keys.map((k) => params[k]).filter((v) => typeof v === "string"));
  const places = given(SPOT_PARAMS);
  const forces = given(PIECE_PARAMS);
  for (const part of String(action.id).split(":")) {
    if (spots.has(part) && places.has(part)) out.spots.add(part);
    else if (pieces[part] && forces.has(part)) out.pieces.add(part);
  }
  return out;
}

/** Index of the actions: per spot and per piece, the actions naming them; `buttons`: the other actions;
 * `templates`: for each kind of thing (spot, piece, card), the id patterns with a hole where it goes. */
export function indexActions(actions, spots, pieces) {
  // spots: Map id -> spot (board.js spotsOf); pieces: the view's pieces
  const bySpot = new Map();
  const byPiece = new Map();
  const byCard = new Map();
  const templates = { spot: [], piece: [], card: [] };
  const seen = new Map();
  const push = (map, key, action) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(action);
  };
  const template = (kind, id, part) => {
    const pattern = id.split(":").map((p) => (p === part ? "\u0000" : p)).join(":");
    const known = seen.get(`${kind}${pattern}`);
    if (known) { known.count += 1; return; }
    const sort = kind === "spot" ? (spots.get(part) || {}).spot
      : kind === "piece" ? (spots.has((pieces[part] || {}).loc) ? "map" : "off") : kind;
    const entry = { pattern, sort, count: 1 };
    seen.set(`${kind}${pattern}`, entry);
    templates[kind].push(entry);
  };
  const targets = new Map();
  for (const action of actions) {
    const named = targetsOf(action, spots, pieces);
    targets.set(action.id, named);
    for (const s of named.spots) { push(bySpot, s, action); template("spot", action.id, s); }
    for (const p of named.pieces) { push(byPiece, p, action); template("piece", action.id, p); }
    const card = /^card:(\d+):/.exec(action.id);
    if (card) { push(byCard, Number(card[1]), action); template("card", action.id, card[1]); }
  }
  for (const list of Object.values(templates)) list.sort((a, b) => b.count - a.count);
  return { bySpot, byPiece, byCard, templates, targets };
}

/** The id a click on `thing` (a spot, piece or card id) would mean: a pattern of the legal ids naming
 * such a thing (a spot of the same sort: area, sea or box) with the thing put in, else null. For a spot
 * no pattern names, a piece there stands in (the seat's own first: `move:<force>`). */
export function composeId(index, kind, thing, { spots, view } = {}) {
  const fill = (t) => t.pattern.replace("\u0000", String(thing));
  if (kind === "spot") {
    const sort = spots && (spots.get(thing) || {}).spot;
    const same = index.templates.spot.find((t) => t.sort === sort);
    if (same) return fill(same);
    const mine = new Set((view && view.controls) || []);
    const here = Object.entries((view && view.pieces) || {}).filter(([, p]) => p.loc === thing)
      .sort(([a, p], [b, q]) => Number(mine.has(q.nation)) - Number(mine.has(p.nation)) || a.localeCompare(b));
    if (here.length) {
      const first = here.filter(([, p]) => p.nation === here[0][1].nation);
      const leader = first.find(([, p]) => p.kind === "leader" || p.kind === "king") || first[0];
      return composeId(index, "piece", leader[0], { spots, view });
    }
    return null;
  }
  if (kind === "piece" && spots && view) {
    const sort = spots.has(((view.pieces || {})[thing] || {}).loc) ? "map" : "off";
    const same = index.templates.piece.find((t) => t.sort === sort);
    if (same) return fill(same);
  }
  const t = index.templates[kind][0];
  return t === undefined ? null : fill(t);
}

/** The spot an action starts from for a preview line: a spot named in its params other than its target. */
export function fromSpot(action, prompt, spots, view) {
  const params = { ...(prompt && prompt.params), ...action.params };
  for (const key of ["src", "from", "area"]) {
    const value = params[key];
    if (typeof value === "string" && spots.has(value) && !String(action.id).split(":").includes(value)) return value;
  }
  const force = params.force || params.leader || params.piece;
  const piece = force && view.pieces && view.pieces[force];
  if (piece && spots.has(piece.loc)) return piece.loc;
  return null;
}

/** The AP an action costs, when its parameters say. */
export function costOf(action) {
  const p = action.params || {};
  for (const key of ["ap", "cost"]) if (typeof p[key] === "number") return p[key];
  return null;
}
