// The board renderers, one per game (DESIGN: "one board renderer per game"). The pages (table, replay,
// watch) know no game: they ask here for the renderer of the view's game and use its interface —
//   Board: new Board(stage, boardData, catalog, {onSpot, onStack}) with setView(view), highlight(spots,
//     pieces), preview(from, to, label), reveal(spot), zoom(factor), fit(), focusPieces(), and the Maps
//     `spots` (id -> spot) and `stacks` (key -> stack);
//   indexActions(actions, spots, pieces) -> {bySpot, byPiece, byCard, templates, targets};
//   composeId(index, kind, thing, {spots, view}) and fromSpot(action, prompt, spots, view);
//   renderHand(box, {view, catalog, board, byCard}, {play, why}) and renderTracks(box, {view, board, catalog});
//   stackPopup(event, stack, options).
// A game without a renderer of its own gets the generic one: no board, its prompt as buttons, the view's
// public figures as a table.

const KNOWN = new Set(["assyrian-wars", "assyria"]);

export async function rendererFor(game) {
  if (KNOWN.has(game)) return import(`./${game}.js`);
  return import("./generic.js");
}
