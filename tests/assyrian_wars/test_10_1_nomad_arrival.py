"""7.6/10.1 with 6.12: nomads appearing in an area held by an enemy appear in the nearest free area."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.base.territory import arrival_area, enemy_forces_in
from ashur.testing import Position


def test_6_12_nomads_arrive_next_to_an_enemy_that_holds_their_area() -> None:
    pos = Position.setup(GAME, "rise_and_fall", 1)
    ctx = Ctx(pos.state, content())
    scythians = [p for p, x in pos.state["pieces"].items()
                 if x["nation"] == "scythians" and x["loc"] in content().areas]
    assert scythians
    area = pos.state["pieces"][scythians[0]]["loc"]
    assert ctx.at_war("cimmerians", "scythians")
    assert enemy_forces_in(ctx, area, "cimmerians")
    dest = arrival_area(ctx, "cimmerians", area)
    assert dest != area and not enemy_forces_in(ctx, dest, "cimmerians")


def test_6_12_a_free_area_is_used_as_it_is() -> None:
    pos = Position.setup(GAME, "rise_and_fall", 1)
    ctx = Ctx(pos.state, content())
    empty = next(a for a in sorted(content().areas) if not ctx.pieces_at(a) and content().neighbors(a))
    assert arrival_area(ctx, "cimmerians", empty) == empty
