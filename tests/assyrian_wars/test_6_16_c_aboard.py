"""6.16.c: a piece is aboard a ship only at sea. A piece taken off the map from a ship (a minor deactivated,
its forces to its home card) keeps no stale ``aboard`` (it showed in views of an open box and differed
under the fuzzer's scramble)."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import CARGO_PREFIX
from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position


def test_6_16_c_a_piece_leaving_the_sea_is_no_longer_aboard() -> None:
    pos = Position.setup(GAME, "campaign", seed=1)
    ctx = GAME._ctx(pos.state)
    unit = next(pid for pid, p in pos.state["pieces"].items() if p["nation"] == "phoenicia" and p["kind"] == "unit")
    ctx.move_piece(unit, CARGO_PREFIX + "east_med")
    pos.state["pieces"][unit]["aboard"] = "phoenicia-ship-1"
    ctx.move_piece(unit, CARGO_PREFIX + "west_med")
    assert pos.state["pieces"][unit]["aboard"] == "phoenicia-ship-1"  # from sea to sea: still aboard
    ctx.move_piece(unit, "homecard")
    assert "aboard" not in pos.state["pieces"][unit]
