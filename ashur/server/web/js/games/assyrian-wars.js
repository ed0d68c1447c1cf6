// Assyrian Wars' renderer (issue 16): the point-to-point map with its stacks, the hands of cards and the
// tracks; see games/index.js for the interface.

export { Board } from "../table/board.js";
export { composeId, fromSpot, indexActions } from "../table/actions.js";
export { renderHand } from "../table/hand.js";
export { renderTracks } from "../table/tracks.js";
export { stackPopup } from "../table/popup.js";
