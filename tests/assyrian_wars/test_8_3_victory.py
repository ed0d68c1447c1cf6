"""8.3, 8.3.1, 9.1, 2.2: VPs, penalties, the sudden end, the end of the game and its winners."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.course.victory import (
    early_winners,
    final_scoring,
    penalties,
    roll_sudden_end,
    vp_dominance,
)
from ashur.games.assyrian_wars.view import track_markers
from ashur.testing import Position


def _ctx(scenario: str = "campaign") -> tuple[Position, Ctx]:
    pos = Position.setup(GAME, scenario, 3)
    return pos, Ctx(pos.state, content())


def test_2_2_vp_track_example_fifty_points() -> None:
    """2.2 example: 50 VP show as the VP+ marker on 5 with a number marker 2 (2×15 + 15 + 5)."""
    assert track_markers(50) == {"position": 5, "plus": True, "number": 2}
    assert track_markers(7) == {"position": 7, "plus": False, "number": 0}
    m = track_markers(50)
    assert m["number"] * 15 + (15 if m["plus"] else 0) + m["position"] == 50


def test_8_3_a_minors_vps_go_to_its_allied_power_or_are_lost() -> None:
    pos, ctx = _ctx()
    ctx.s["diplo"]["phoenicia"].update(power="egypt", value=13)
    before = ctx.country("egypt")["vp"]
    ctx.award_vp("phoenicia", 2, "8.3", "aw.why.trade_tycoon")
    assert ctx.country("egypt")["vp"] == before + 2
    ctx.award_vp("judah", 1, "8.3", "aw.why.trade_tycoon")
    pos.assert_logged(rule="8.3", key="aw.vp_lost", country="judah")


def test_8_3_1_unpunished_tribute_refusers_cost_assyria_two_vp_each() -> None:
    _pos, ctx = _ctx()
    refusers = [m for m, mark in ctx.s["refused"].items() if mark == "black"]
    before = ctx.country("assyria")["vp"]
    penalties(ctx)
    assert ctx.country("assyria")["vp"] == before - 2 * len(refusers)
    assert all(ctx.s["refused"][m] == "white" for m in refusers)


def test_8_3_end_of_game_points() -> None:
    """Powers other than Assyria: 1 VP per turn not conquered, doubled if never conquered; everyone: twice
    the ECO increase over the scenario's base level (without tribute)."""
    _pos, ctx = _ctx("two_rivers")
    s = ctx.s
    s["turn"] = s["last_turn"]
    s["income_turn"] = s["turn"]
    s["tribute"] = []
    for p in ("assyria", "babylonia", "elam"):
        s["countries"][p]["vp"] = 0
        s["countries"][p]["eco"] = s["eco_base"][p] + 1
    s["countries"]["elam"]["conquered_turns"] = [3]
    s["countries"]["elam"]["ever_conquered"] = True
    final_scoring(ctx)
    turns = s["last_turn"] - s["first_turn"] + 1
    assert s["countries"]["assyria"]["vp"] == 2
    assert s["countries"]["babylonia"]["vp"] == 2 * turns + 2
    assert s["countries"]["elam"]["vp"] == (turns - 1) + 2
    assert s["final"]["winners"] == ["babylonia"]


def test_9_1_vp_dominance() -> None:
    _pos, ctx = _ctx()
    for p, v in {"assyria": 3, "mede": 1, "egypt": 1, "babylonia": 0, "elam": 0}.items():
        ctx.country(p)["vp"] = v
    assert vp_dominance(ctx) == "assyria", "3 > 1 + 1 + 0 + 0"
    for p, v in {"assyria": 10, "mede": 2, "egypt": 13, "babylonia": 1, "elam": 1}.items():
        ctx.country(p)["vp"] = v
    assert vp_dominance(ctx) == "egypt", "a non-Assyrian power above the second best and the worst together"
    ctx.country("egypt")["vp"] = 11
    assert vp_dominance(ctx) is None, "11 is not more than 10 + 1"


def test_9_1_vp_dominance_names_one_power_when_totals_are_negative() -> None:
    """The arena's Campaign game (seed 59688356249537): with Assyria at -8, Babylonia's 1 VP topped "all the
    others together" (-8 + 0 + 0 + 8 = 0) before Elam's 8 did; a debt lowers nobody's bar (decision), so
    Elam alone dominates."""
    _pos, ctx = _ctx()
    for p, v in {"assyria": -8, "mede": 0, "egypt": 0, "babylonia": 1, "elam": 8}.items():
        ctx.country(p)["vp"] = v
    assert vp_dominance(ctx) == "elam", "8 > 0 + 0 + 1 (the -8 counts as none)"
    for p, v in {"assyria": 4, "mede": 2, "egypt": 3, "babylonia": 0, "elam": -5}.items():
        ctx.country(p)["vp"] = v
    assert vp_dominance(ctx) is None, "4 is not more than 2 + 3 + 0 + 0 (the -5 counts as none; counted, 4 > 0)"
    ctx.country("assyria")["vp"] = 2
    assert vp_dominance(ctx) == "egypt", "3 > 2 + 0: above the second best and the worst (a debt counts as none)"


def test_9_1_sudden_end_roll_adds_turn_and_defeated_powers() -> None:
    pos, ctx = _ctx()
    ctx.s["conquered"]["babylonia"] = [{"by": "assyria", "turn": 1, "grace_until": 2}]
    ctx.s["conquered"]["elam"] = [{"by": "assyria", "turn": 1, "grace_until": 2}]
    pos.fix_dice(4, 3)
    assert roll_sudden_end(ctx, "rebel"), "4 + 3 + turn 1 + 2 defeated powers = 10"
    entry = pos.assert_logged(rule="9.1", key="dice")
    assert entry["params"]["bonus"] == 3


def test_9_1_sudden_end_roll_can_fail() -> None:
    pos, ctx = _ctx()
    ctx.s["conquered"]["babylonia"] = [{"by": "assyria", "turn": 1, "grace_until": 2}]
    pos.fix_dice(2, 3)
    assert not roll_sudden_end(ctx, "rebel")
    pos.assert_logged(rule="9.1", key="aw.no_sudden_end")


def test_8_3_early_end_winners() -> None:
    assert early_winners({"assyria": 20, "mede": 9, "egypt": 10, "elam": 5}) == ["assyria"]
    assert early_winners({"assyria": 14, "mede": 9, "egypt": 10, "elam": 5}) == ["egypt"]
    assert early_winners({"assyria": 14, "mede": 10, "egypt": 10, "elam": 5}) == []
