"""6.15 raiding the overland trade: placing raiders, displacing occupants, raids, bringing markers back, leaving
the Raid Boxes; 9.7 the cavalry's second raid; 7.5.2.a the free raid."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.naval.raids import free_raid
from tests.assyrian_wars.landkit import ap_left, loc, put, settle
from tests.assyrian_wars.navalkit import ctx, naval_start

RAIDER = "assyria-hi4-1"


def _raider_in_box(pos, pid: str, n: int) -> None:
    put(pos, pid, f"raid:{n}")


def test_6_15_place_a_raider_for_1_ap_once_per_impulse() -> None:
    pos = naval_start("assyria", 4)
    put(pos, RAIDER, "kalhu")
    put(pos, "assyria-li3-1", "kalhu")
    pos.act("assyria", "raider")
    assert f"unit:{RAIDER}" in pos.ids("assyria")
    pos.act("assyria", f"unit:{RAIDER}", "box:2")
    assert loc(pos, RAIDER) == "raid:2"
    assert ap_left(pos) == 3
    pos.assert_logged(rule="6.15", key="aw.raider_placed", box=2, piece=RAIDER)
    pos.assert_illegal("assyria", "raider", rule="6.15")
    # a raider placed in this impulse is not activated in it
    assert "raid" not in pos.ids("assyria")


def test_6_15_no_mercenaries_no_besieged_units_regroup_box_allowed() -> None:
    pos = naval_start("assyria", 4)
    put(pos, "merc-li2-1", "kalhu", hired="assyria")
    put(pos, "assyria-li3-2", "regroup")
    put(pos, "assyria-hi4-2", "ur", city=True)
    pos.state["sieges"]["ur"] = {"besieger": "babylonia", "kind": "hunger", "level": 0, "start_defence": 2,
                                 "impulses": 0}
    pos.act("assyria", "raider")
    ids = pos.ids("assyria")
    assert "unit:assyria-li3-2" in ids
    assert "unit:merc-li2-1" not in ids and "unit:assyria-hi4-2" not in ids


def test_6_15_displacing_an_occupant_one_round_of_battle() -> None:
    pos = naval_start("assyria", 4, special_abilities=False)
    occupants = ["babylonia-li2-1", "babylonia-li2-2", "babylonia-li2-3", "elam-li2-1", "elam-li2-2"]
    for n, u in enumerate(occupants, 1):
        _raider_in_box(pos, u, n)
    put(pos, RAIDER, "kalhu")
    # D6 3: Raid Box 3; the raider (HI 4) and the Assyrian die roll 1, 6; the occupant (LI 2) rolls 6
    pos.fix_dice(3, 1, 6, 6)
    pos.act("assyria", "raider", f"unit:{RAIDER}")
    settle(pos)
    pos.assert_logged(rule="6.7", key="aw.battle", kind="raid")
    assert loc(pos, RAIDER) == "raid:3"
    assert loc(pos, "babylonia-li2-3") in ("regroup", "pool")
    assert ap_left(pos) == 3


def test_6_15_displacement_fails_on_a_6_and_on_a_draw() -> None:
    pos = naval_start("assyria", 4, special_abilities=False)
    for n, u in enumerate(["babylonia-li2-1", "babylonia-li2-2", "babylonia-li2-3", "elam-li2-1",
                           "elam-li2-2"], 1):
        _raider_in_box(pos, u, n)
    put(pos, RAIDER, "kalhu")
    pos.fix_dice(6)
    pos.act("assyria", "raider", f"unit:{RAIDER}")
    pos.assert_logged(rule="6.15", key="aw.raid_place_failed", roll=6)
    assert loc(pos, RAIDER) == "kalhu"
    pos2 = naval_start("assyria", 4, special_abilities=False)
    for n, u in enumerate(["babylonia-li2-1", "babylonia-li2-2", "babylonia-li2-3", "elam-li2-1",
                           "elam-li2-2"], 1):
        _raider_in_box(pos2, u, n)
    put(pos2, RAIDER, "kalhu")
    pos2.fix_dice(1, 6, 6, 6)
    pos2.act("assyria", "raider", f"unit:{RAIDER}")
    settle(pos2)
    assert loc(pos2, RAIDER) == "kalhu"
    assert loc(pos2, "babylonia-li2-1") == "raid:1"


def test_6_15_raid_removes_a_marker_and_brings_one_back() -> None:
    pos = naval_start("assyria", 4)
    _raider_in_box(pos, RAIDER, 1)
    pos.state["trade"]["assyria"] = {"box": 2, "out": 1}
    pos.state["trade"]["babylonia"] = {"box": 2, "out": 0}
    # D6 4: Babylonia; the raider (HI 4) rolls 3: a hit; D6 2 (even): an Assyrian marker comes back
    pos.fix_dice(4, 3, 2)
    pos.act("assyria", "raid")
    assert pos.state["trade"]["babylonia"] == {"box": 1, "out": 1}
    assert pos.state["trade"]["assyria"] == {"box": 3, "out": 0}
    pos.assert_logged(rule="6.15", key="aw.raid_success", target="babylonia")
    pos.assert_logged(rule="6.15", key="aw.marker_back", country="assyria")
    pos.assert_illegal("assyria", "raid", rule="6.15")


def test_6_15_own_power_rolled_lets_the_raider_choose_and_6_fails() -> None:
    pos = naval_start("assyria", 4)
    _raider_in_box(pos, RAIDER, 1)
    pos.fix_dice(1)
    pos.act("assyria", "raid")
    assert sorted(pos.ids("assyria")) == ["target:babylonia", "target:elam"]
    pos.fix_dice(5)
    pos.act("assyria", "target:elam")
    pos.assert_logged(rule="6.15", key="aw.raid_missed", target="elam")
    pos2 = naval_start("assyria", 4)
    _raider_in_box(pos2, RAIDER, 1)
    pos2.fix_dice(6)
    pos2.act("assyria", "raid")
    pos2.assert_logged(rule="6.15", key="aw.raid_failed", roll=6)


def test_9_7_cavalry_raids_a_second_time_after_a_success() -> None:
    pos = naval_start("assyria", 4, special_abilities=True)
    _raider_in_box(pos, "assyria-lc3-1", 1)
    pos.fix_dice(4, 1, 4, 2)
    pos.act("assyria", "raid")
    pos.assert_logged(rule="9.7", key="aw.raid_second", n=1)
    assert pos.state["trade"]["babylonia"] == {"box": 0, "out": 2}


def test_6_15_leaving_a_raid_box_checks_attrition() -> None:
    pos = naval_start("assyria", 4)
    _raider_in_box(pos, RAIDER, 1)
    pos.fix_dice(6)
    pos.act("assyria", f"raid_leave:{RAIDER}")
    assert loc(pos, RAIDER) == "regroup"
    assert pos.state["pieces"][RAIDER]["red"] is True


def test_7_5_2_a_free_raid_places_and_raids_at_once() -> None:
    pos = naval_start("assyria", 0)
    put(pos, RAIDER, "kalhu")
    c = ctx(pos)
    free_raid(c, "assyria")
    FLOW.advance(c, pos.state)
    pos.fix_dice(5, 1)
    pos.act("assyria", f"unit:{RAIDER}", "box:4")
    pos.assert_logged(rule="6.15", key="aw.raid_success", target="elam")
    assert ap_left(pos) == 0


def _lone_raider_candidate(*, alone: bool) -> list[str]:
    """Assyria's only unit that may raid marches in an army (a stack of two under fog) or stands alone; the
    ids of its prompt after ``raider``, with ``auto_forced``."""
    pos = naval_start("assyria", 4, auto_forced=True, fog_of_war=True)
    if alone:
        put(pos, RAIDER, "kalhu")
    else:
        put(pos, "assyria-king-1", "kalhu")
        put(pos, RAIDER, "kalhu", army="assyria-king-1")
    pos.act("assyria", "raider")
    return [i for i in pos.ids("assyria") if not i.startswith("order:")]


def test_6_15_9_5_a_lone_raider_hidden_in_a_fogged_stack_is_asked() -> None:
    """6.15 with 9.5 and issue 14: the others see of a stack only its top and its size, so they cannot tell
    that a single unit may go to a Raid Box; answered unasked, the AP spent would name the hidden unit (fuzz,
    two_rivers seed 138378113718599, Israel's raider at step 980). Alone on the map it is public: answered."""
    assert _lone_raider_candidate(alone=False) == [f"unit:{RAIDER}"]
    assert _lone_raider_candidate(alone=True) == [f"box:{n}" for n in range(1, 6)]


def test_6_15_9_5_a_raider_leaving_a_fogged_army_for_a_raid_box_is_a_reveal() -> None:
    """6.15 with 9.5: the Raid Boxes are off the map, open to all; a unit hidden in an army shows its side
    there, so placing it counts as a reveal (undo stops there), whether its box is chosen or, the only
    empty one, answered unasked (fuzz, campaign seed 131982311422413: Phrygia's reduced raider from an
    army, step 570)."""
    for empty in (5, 1):
        pos = naval_start("assyria", 4, auto_forced=True, fog_of_war=True)
        put(pos, "assyria-king-1", "kalhu")
        put(pos, RAIDER, "kalhu", army="assyria-king-1", red=True)
        put(pos, "assyria-li3-1", "kalhu", army="assyria-king-1")
        for n, u in enumerate(["babylonia-li2-1", "babylonia-li2-2", "babylonia-li2-3", "elam-li2-1"][:5 - empty],
                              1):
            _raider_in_box(pos, u, n)
        pos.act("assyria", "raider")
        before = pos.state.get("reveals", 0)
        pos.act("assyria", f"unit:{RAIDER}")
        if empty > 1:
            pos.act("assyria", "box:5")
        assert loc(pos, RAIDER) == "raid:5"
        assert pos.state.get("reveals", 0) == before + 1
