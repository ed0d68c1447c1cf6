"""6.6.9 interception: who may intercept, the roll, competing interceptors, consequences."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import mark
from ashur.games.assyrian_wars.rules.land.interception import candidates, modifier
from tests.assyrian_wars.landkit import army, ctx, loc, phasing, put, set_ap, settle, start


def _fragment():
    """The example of 6.6.9 on the map: the Assyrian army in Nineveh ("A"); Katmuhu holds an Elamite unit
    ("1"), Kalhu ("2") and Rasappa ("5") are empty, Dur-Sharrukin ("3") holds a solitary Elamite leader,
    Ashur ("4") is not connected to Nineveh."""
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1", "assyria-li3-1"])
    put(pos, "elam-li2-1", "katmuhu")
    put(pos, "elam-ituni", "dur_sharrukin")
    return pos


def test_6_6_9_interception_example_map_fragment() -> None:
    pos = _fragment()
    c = ctx(pos)
    reach = {}
    for area in ("katmuhu", "kalhu", "dur_sharrukin", "ashur", "rasappa"):
        entering = [put(pos, f"babylonia-li2-{1 + len(reach)}", area)]
        reach[area] = any(a["fid"] == "assyria-turtanu" for a in candidates(c, area, "babylonia", entering))
    assert reach == {"katmuhu": False, "kalhu": True, "dur_sharrukin": True, "ashur": False, "rasappa": True}


def test_6_6_9_a_leader_without_units_cannot_intercept() -> None:
    pos = start()
    put(pos, "assyria-turtanu", "nineveh")
    entering = [put(pos, "babylonia-li2-1", "kalhu")]
    assert candidates(ctx(pos), "kalhu", "babylonia", entering) == []


def test_6_6_9_a_used_force_cannot_intercept() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    mark(ctx(pos), "used", ["assyria-hi4-1"])
    entering = [put(pos, "babylonia-li2-1", "kalhu")]
    assert candidates(ctx(pos), "kalhu", "babylonia", entering) == []


def test_6_6_9_modifiers_leader_rating_no_leader_and_enemy_territory() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    put(pos, "assyria-li3-2", "arbela")
    c = ctx(pos)
    entering = [put(pos, "babylonia-li2-1", "kalhu")]
    cands = {a["fid"]: a for a in candidates(c, "kalhu", "babylonia", entering)}
    assert modifier(c, cands["assyria-turtanu"], "kalhu", entering) == 3
    assert modifier(c, cands["assyria-li3-2"], "kalhu", entering) == -2
    pos.state["areas"]["kalhu"]["ctrl"] = "babylonia"
    assert modifier(c, cands["assyria-turtanu"], "kalhu", entering) == 2


def test_9_7_cavalry_modifiers_of_interception() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "nineveh", ["assyria-lc3-1", "assyria-hc4-1"])
    c = ctx(pos)
    entering = [put(pos, "babylonia-li2-1", "kalhu")]
    att = next(a for a in candidates(c, "kalhu", "babylonia", entering) if a["fid"] == "assyria-turtanu")
    assert modifier(c, att, "kalhu", entering) == 3 + 3  # leader 3, all cavalry against no cavalry


def _babylonian_move(pos):
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu")


def test_6_6_9_successful_interception_gives_an_interception_battle_without_terrain_dice() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1", "assyria-li3-1"])
    _babylonian_move(pos)
    assert "intercept:assyria-turtanu" in pos.ids("assyria")
    pos.fix_dice(3, 1)  # 4 + 3 = 7: success
    pos.act("assyria", "intercept:assyria-turtanu")
    pos.assert_logged(rule="6.6.9", key="aw.interception_roll", total=7, success=True)
    pos.assert_logged(rule="6.6.9", key="aw.intercepted", area="kalhu", src="nineveh")
    battle = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert battle["interception"] and battle.get("terrain") is None
    assert loc(pos, "assyria-hi4-1") == "kalhu"


def test_6_6_9_failed_interception_stays_and_suffers_no_attrition() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    _babylonian_move(pos)
    pos.fix_dice(1, 2)
    pos.act("assyria", "intercept:assyria-turtanu")
    pos.assert_logged(rule="6.6.9", key="aw.interception_roll", success=False)
    assert loc(pos, "assyria-hi4-1") == "nineveh"
    assert not pos.logged(rule="6.6.1")


def test_6_6_9_interception_into_sealand_suffers_attrition_before_the_battle() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "ur", ["assyria-hi4-1"])
    pos.state["areas"]["ur"]["ctrl"] = "assyria"
    army(pos, "elam-humban_undasha", "bit_bunakki", ["elam-li2-1"])
    phasing(pos, "elam")
    set_ap(pos, 5)
    pos.act("elam", "move:elam-humban_undasha")
    pos.fix_dice(6)  # Elam's own Sealand attrition
    pos.act("elam", "to:sealand")
    settle(pos)
    pos.fix_dice(6, 6, 6)  # interception roll 12, then the interceptor's attrition: a 6
    pos.act("assyria", "intercept:assyria-turtanu")
    pos.assert_logged(rule="6.6.1", key="dice", why="aw.why.sealand", pieces=["assyria-hi4-1"])


def test_6_6_9_an_interception_cannot_trigger_another_interception() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "elam-humban_undasha", "ashur", ["elam-li2-1"])  # adjacent to Kalhu as well
    _babylonian_move(pos)
    # Elam is no enemy of Babylonia: only Assyria is asked
    assert pos.ids("elam") == []
    pos.fix_dice(6, 6)
    pos.act("assyria", "intercept:assyria-turtanu")
    assert not any(e["key"] == "aw.interception_declared" and e["params"]["country"] == "elam"
                   for e in pos.log)


def test_6_6_9_competing_hostile_interceptors_better_action_rating_first() -> None:
    pos = start(special_abilities=False)
    pos.state["wars"].append(["babylonia", "elam"])
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "babylonia-nabu_bel_shumati", "ashur", ["babylonia-li2-3"])
    army(pos, "elam-humban_undasha", "arbela", ["elam-li2-1"])
    phasing(pos, "elam")
    set_ap(pos, 5)
    pos.act("elam", "move:elam-humban_undasha", "to:kalhu")
    pos.act("assyria", "intercept:assyria-turtanu")
    pos.fix_dice(6, 6)
    pos.act("babylonia", "intercept:babylonia-nabu_bel_shumati")
    # Assyria (rating 3) tries first and succeeds; Babylonia, at war with Assyria, may not try
    pos.assert_logged(rule="6.6.9", key="aw.interception_forestalled", country="babylonia")
