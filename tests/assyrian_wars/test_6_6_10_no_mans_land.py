"""1.2, 6.6.10, 6.7.8: no-man's land belongs to nobody and is open to everybody: it is no friendly area (no
+1 to evade into it, not chosen while a friendly area is open) and no enemy area (no attrition) (issue 14)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.land.evasion import destinations
from ashur.games.assyrian_wars.rules.land.retreat import options
from tests.assyrian_wars.landkit import army, ctx, give_card, loc, phasing, put, set_ap, start, top


def _why(pos, why: str) -> list[dict]:
    return [e for e in pos.log if e["key"] == "dice" and e["params"].get("why") == why]


def test_6_6_10_no_mans_land_is_not_offered_while_a_friendly_area_is_open() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-hi4-1", "arrapha")  # next to Arbela, Ashur, Zamua (Assyrian) and Lahiru, Namri (nobody's)
    dests = {d: k for d, _m, k in destinations(ctx(pos), "assyria", ["assyria-hi4-1"], "arrapha", [])}
    assert "lahiru" not in dests and "namri" not in dests
    assert set(dests.values()) <= {"friendly", "city"}


def test_6_7_8_no_mans_land_is_no_friendly_retreat_either() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-hi4-1", "arrapha")
    opts = dict(options(ctx(pos), "assyria", ["assyria-hi4-1"], "arrapha", []))
    assert "lahiru" not in opts and set(opts.values()) <= {"friendly", "city"}


def test_6_6_10_evading_into_no_mans_land_has_no_friendly_bonus_and_no_attrition() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1", "assyria-li3-1"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:der")
    acts = pos.ids("assyria")
    assert "evade:lahiru" in acts and "evade:gambulu" in acts  # nothing friendly next to Der
    # 5 + 4 = 9, + the Turtanu's 3 − the Babylonian leader's 2 = 10: no +1, the area is nobody's
    pos.fix_dice(5, 4)
    pos.act("assyria", "evade:lahiru")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_roll", total=10, success=True)
    assert loc(pos, "assyria-hi4-1") == "lahiru"
    assert not _why(pos, "aw.why.evade_enemy")  # not an enemy controlled area: no attrition


def test_6_6_10_a_card_evasion_to_an_adjacent_friendly_area_cannot_go_to_no_mans_land() -> None:
    # 78 Feigned Flight evades "to an adjacent friendly area": around Der only no-man's land and Babylonian
    # areas are open, so the card cannot be played (issue 14: no-man's land used to count as friendly)
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1", "assyria-li3-1"])
    give_card(pos, "assyria", 78)
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:der")
    for _ in range(20):
        frame = top(pos)
        if frame["step"] != "window" or (frame.get("trigger") == "enemy_enters_your_area"
                                          and frame["order"][frame["i"]] == "assyria"):
            break
        pos.act(frame["order"][frame["i"]], "pass")
    assert top(pos).get("trigger") == "enemy_enters_your_area"
    assert pos.ids("assyria") == ["pass"]
    pos.assert_illegal("assyria", "choose:78", rule="6.11.e")
