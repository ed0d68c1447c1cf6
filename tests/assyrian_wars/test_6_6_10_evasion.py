"""6.6.10 evasion: destinations, the roll and its modifiers, hasty and automatic evasion, failed evasion,
the attacker's free siege, pursuit."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import land_view
from ashur.games.assyrian_wars.rules.land.evasion import destinations, modifier
from tests.assyrian_wars.landkit import army, ctx, loc, phasing, put, set_ap, start


def _attack_kalhu(pos):
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu")


def test_6_6_10_destinations_city_and_adjacent_friendly_areas() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    acts = pos.ids("assyria")
    assert {"evade:city", "evade:nineveh", "evade:ashur", "evade_hasty:nineveh", "stay"} <= set(acts)
    assert "evade_hasty:city" not in acts


def test_6_6_10_enemy_areas_only_when_no_friendly_area_is_open() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-hi4-1", "babylon")
    c = ctx(pos)
    dests = destinations(c, "assyria", ["assyria-hi4-1"], "babylon", [])
    assert dests and all(kind == "enemy" for _d, _m, kind in dests)
    put(pos, "assyria-hi4-2", "kalhu")
    dests = destinations(c, "assyria", ["assyria-hi4-2"], "kalhu", [])
    assert all(kind in ("friendly", "city") for _d, _m, kind in dests)


def test_6_6_10_modifiers() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "kalhu", ["babylonia-li2-1"])
    c = ctx(pos)
    mine = ["assyria-turtanu", "assyria-hi4-1"]
    theirs = ["babylonia-nabu_zer_kitti_lishir", "babylonia-li2-1"]
    assert modifier(c, mine, "city", theirs, False) == 3 + 3 - 2
    assert modifier(c, mine, "nineveh", theirs, True, "friendly") == 1 + 3 - 2 + 2
    assert modifier(c, ["assyria-hi4-1"], "nineveh", theirs, False, "friendly") == 1 - 2 - 2


def test_6_6_10_failed_evasion_one_hit_routs_a_unit() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(1, 2)  # 3 + 2 = 5 < 9
    pos.act("assyria", "evade:nineveh")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_roll", success=False)
    battle = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert set(battle["single_rout"]) == {"assyria-turtanu", "assyria-hi4-1", "assyria-li3-1"}


def test_6_6_10_successful_evasion_lets_the_attacker_start_a_siege_free() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(6, 5)
    pos.act("assyria", "evade:nineveh")
    assert loc(pos, "assyria-hi4-1") == "nineveh"
    assert "kalhu" in land_view(ctx(pos))["free_siege"]
    pos.act("babylonia", "stop")
    sieges = [a for a in pos.actions("babylonia") if a["id"].startswith("siege:")]
    assert sieges and all(a["params"]["ap"] == 0 for a in sieges)


def test_6_6_10_hasty_evasion_adds_two_and_causes_attrition() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(2, 2, 6, 1)  # 4 + 2 + 2 = 8 < 9? no: +1 friendly +3 leader -2 attacker +2 hasty = 4 -> 8
    pos.act("assyria", "evade_hasty:nineveh")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_roll", total=8, success=False)


def test_6_6_10_hasty_evasion_success_rolls_attrition() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(3, 2, 6, 1)
    pos.act("assyria", "evade_hasty:nineveh")
    pos.assert_logged(rule="6.6.10", key="dice", why="aw.why.hasty")


def test_6_6_10_a_single_unit_evades_into_a_friendly_city_automatically() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-hi4-1", "kalhu")
    _attack_kalhu(pos)
    pos.act("assyria", "evade:city")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_automatic", dest="city")
    assert pos.state["pieces"]["assyria-hi4-1"]["city"]


def test_6_6_10_pursuit_lets_the_evader_try_again() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(6, 5)
    pos.act("assyria", "evade:nineveh")
    pos.act("babylonia", "to:nineveh")
    assert any(a.startswith("evade:") for a in pos.ids("assyria"))
