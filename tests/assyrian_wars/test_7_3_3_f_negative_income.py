"""7.3.3.f: negative income brings pillage points each impulse round; the paying country places them;
bankruptcy stops the tribute."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.course.tribute import add_tribute, negative_income, tribute_balance
from ashur.testing import Position


def _negative(pos: Position, cid: str, levels: int) -> Ctx:
    ctx = Ctx(pos.state, content())
    negative_income(ctx, cid, levels)
    FLOW.advance(ctx, pos.state)
    return ctx


def _pillage(pos: Position, cid: str) -> dict[str, int]:
    return {a: pos.state["areas"][a]["pillage"] for a in content().home_areas(cid) if pos.state["areas"][a]["pillage"]}


def test_7_3_3_f_the_paying_country_places_each_point() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    add_tribute(Ctx(pos.state, content()), "egypt", "assyria", "decision", "5.2")
    ctx = _negative(pos, "egypt", 2)
    role = role_of(ctx, "egypt")
    frame = pos.state["stack"][-1]
    assert frame["step"] == "negative_pillage" and frame["c"] == "egypt"
    ids = pos.ids(role)
    assert ids and all(i.startswith("neg_pillage:") for i in ids)
    assert pos.game.view(pos.state, role)["prompt"]["key"] == "aw.prompt.negative_pillage"
    # the default is an area not pillaged yet; the player may pick any own home area below pillage 2
    last = ids[-1]
    pos.act(role, last)
    assert _pillage(pos, "egypt") == {last.split(":")[1]: 1}
    pos.act(role, pos.ids(role)[-1])
    assert sum(_pillage(pos, "egypt").values()) == 2
    assert pos.state["stack"][-1]["step"] != "negative_pillage"
    pos.assert_logged(rule="7.3.3.f", key="aw.negative_income_pillage", country="egypt")


def test_7_3_3_f_default_first_is_the_least_pillaged_area() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    add_tribute(ctx, "egypt", "assyria", "decision", "5.2")
    home = sorted(a for a in content().home_areas("egypt") if ctx.area(a)["ctrl"] == "egypt")
    pos.state["areas"][home[0]]["pillage"] = 1
    _negative(pos, "egypt", 1)
    role = role_of(ctx, "egypt")
    ids = pos.ids(role)
    assert ids[0] == f"neg_pillage:{home[1]}"
    assert ids[-1] == f"neg_pillage:{home[0]}"
    pos.act(role, ids[0])
    assert pos.state["areas"][home[1]]["pillage"] == 1


def test_7_3_3_f_bankrupt_when_no_area_can_take_more() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    add_tribute(ctx, "egypt", "assyria", "decision", "5.2")
    for a in content().home_areas("egypt"):
        ctx.area(a)["pillage"] = 2
    before = tribute_balance(ctx, "assyria")
    _negative(pos, "egypt", 1)
    assert "egypt" in pos.state["bankrupt"]
    pos.assert_logged(rule="7.3.3.f", key="aw.bankrupt", country="egypt")
    assert tribute_balance(ctx, "assyria") == before - 2
    assert tribute_balance(ctx, "egypt") == 0


def test_7_3_3_f_bankrupt_once_the_last_free_area_is_full() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    add_tribute(ctx, "egypt", "assyria", "decision", "5.2")
    home = sorted(a for a in content().home_areas("egypt") if ctx.area(a)["ctrl"] == "egypt")
    for a in content().home_areas("egypt"):
        ctx.area(a)["pillage"] = 2
    pos.state["areas"][home[0]]["pillage"] = 1
    _negative(pos, "egypt", 2)
    role = role_of(ctx, "egypt")
    assert pos.ids(role) == [f"neg_pillage:{home[0]}"]
    pos.act(role, f"neg_pillage:{home[0]}")
    assert "egypt" in pos.state["bankrupt"]


def test_7_3_3_f_no_pillage_without_tribute() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    _negative(pos, "mede", 3)
    assert sum(pos.state["areas"][a]["pillage"] for a in content().home_areas("mede")) == 0
    assert pos.state["stack"][-1]["step"] != "negative_pillage"
