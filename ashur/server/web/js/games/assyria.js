// Assyria's renderer (issue 18 item 6): the hex board, the cards in front of the seat, the players' tracks,
// the columns and Assur; see games/index.js for the interface.

export { Board } from "./assyria/board.js";
export { composeId, fromSpot, indexActions, renderHand, renderTracks, stackPopup } from "./assyria/panels.js";
