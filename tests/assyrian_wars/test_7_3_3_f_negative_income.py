"""7.3.3.f: negative income brings pillage points each impulse round; bankruptcy stops the tribute."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.course.tribute import add_tribute, negative_income, tribute_balance
from ashur.testing import Position


def test_7_3_3_f_negative_levels_become_pillage_points() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    add_tribute(ctx, "egypt", "assyria", "decision", "5.2")
    negative_income(ctx, "egypt", 2)
    pillage = sum(ctx.area(a)["pillage"] for a in content().home_areas("egypt"))
    assert pillage == 2
    pos.assert_logged(rule="7.3.3.f", key="aw.negative_income_pillage", country="egypt")


def test_7_3_3_f_bankrupt_when_no_area_can_take_more() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    add_tribute(ctx, "egypt", "assyria", "decision", "5.2")
    for a in content().home_areas("egypt"):
        ctx.area(a)["pillage"] = 2
    before = tribute_balance(ctx, "assyria")
    negative_income(ctx, "egypt", 1)
    assert "egypt" in pos.state["bankrupt"]
    pos.assert_logged(rule="7.3.3.f", key="aw.bankrupt", country="egypt")
    assert tribute_balance(ctx, "assyria") == before - 2
    assert tribute_balance(ctx, "egypt") == 0


def test_7_3_3_f_no_pillage_without_tribute() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    negative_income(ctx, "mede", 3)
    assert sum(ctx.area(a)["pillage"] for a in content().home_areas("mede")) == 0
