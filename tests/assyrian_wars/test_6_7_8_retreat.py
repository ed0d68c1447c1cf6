"""6.7.8 retreat after combat (and 8.1 declaring war to retreat)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.land.retreat import options
from tests.assyrian_wars.landkit import army, ctx, loc, push_battle, put, settle, start


def _lost_at_kalhu(pos):
    lis = ["assyria-li3-1", "assyria-li3-2", "assyria-li3-3"]
    army(pos, "assyria-turtanu", "kalhu", lis)
    army(pos, "babylonia-nabu_zer_kitti_lishir", "kalhu", ["babylonia-hi3-1", "babylonia-hi3-2"])
    babylonians = ["babylonia-nabu_zer_kitti_lishir", "babylonia-hi3-1", "babylonia-hi3-2"]
    pos.fix_dice(1, 1, 6, 6, *[6] * 7)
    push_battle(pos, "field", "kalhu", babylonians, ["assyria-turtanu", *lis],
                origins={p: "arbela" for p in babylonians})
    settle(pos, ("hit:", "rout:", "extra:"))


def test_6_7_8_retreating_into_the_area_the_winner_came_from_is_refused() -> None:
    pos = start(special_abilities=False)
    _lost_at_kalhu(pos)
    acts = pos.ids("assyria")
    assert "retreat:nineveh" in acts and "retreat:city" in acts
    assert "retreat:arbela" not in acts
    pos.assert_illegal("assyria", "retreat:arbela", rule="6.7.8")
    pos.act("assyria", "retreat:nineveh")
    assert loc(pos, "assyria-turtanu") == "nineveh"
    pos.assert_logged(rule="6.7.8", key="aw.retreated", dest="nineveh")


def test_6_7_8_no_retreat_into_enemy_forces_and_no_mans_land_is_no_friendly_area() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-li3-1", "der")
    put(pos, "elam-li2-1", "bit_imbi")
    c = ctx(pos)
    opts = dict(options(c, "assyria", ["assyria-li3-1"], "der", []))
    assert "bit_imbi" not in opts  # enemy forces
    # nothing friendly next to Der: Lahiru and Gambulu (no-man's land, 1.2) stand beside the enemy areas
    assert opts["lahiru"] == opts["gambulu"] == "open"
    assert set(opts.values()) == {"open", "enemy"}


def test_6_7_8_enemy_area_with_attrition_when_nothing_friendly_is_open() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-li3-1", "babylon")
    c = ctx(pos)
    opts = options(c, "assyria", ["assyria-li3-1"], "babylon", [])
    assert opts and all(kind == "enemy" for _d, kind in opts)


def test_6_7_8_without_any_retreat_attrition_and_the_regroup_box() -> None:
    pos = start(special_abilities=False)
    lis = ["assyria-li3-1", "assyria-li3-2", "assyria-li3-3"]
    for u in lis:
        put(pos, u, "babylon")
    for i, area in enumerate(("sippar", "kutha", "borsippa", "nippur", "bit_dakkuri"), start=1):
        put(pos, f"babylonia-li2-{i}", area)
    put(pos, "babylonia-hi3-1", "babylon")
    put(pos, "babylonia-hi3-2", "babylon")
    pos.fix_dice(6, 6, 6, 6, 1, 1, 1)
    push_battle(pos, "field", "babylon", lis, ["babylonia-hi3-1", "babylonia-hi3-2"])
    settle(pos)
    pos.assert_logged(rule="6.7.8", key="aw.no_retreat", area="babylon")


def test_6_7_8_an_area_open_to_interception_only_when_no_other_retreat_is_possible() -> None:
    pos = start(special_abilities=False)
    army(pos, "elam-humban_undasha", "arrapha", ["elam-hi3-1"])
    _lost_at_kalhu(pos)
    acts = pos.ids("assyria")
    assert "retreat:ashur" not in acts and "retreat:nineveh" in acts


def test_6_7_8_a_retreat_can_be_intercepted() -> None:
    pos = start(special_abilities=False)
    army(pos, "elam-humban_undasha", "arrapha", ["elam-hi3-1"])
    for i, area in enumerate(("nineveh", "nasibina", "laqe", "suhu"), start=1):
        put(pos, f"babylonia-li2-{i}", area)
    lis = ["assyria-li3-1", "assyria-li3-2", "assyria-li3-3"]
    for u in lis:
        put(pos, u, "rasappa")
    put(pos, "babylonia-hi3-1", "rasappa")
    put(pos, "babylonia-hi3-2", "rasappa")
    pos.fix_dice(6, 6, 6, 6, 1, 1)
    push_battle(pos, "field", "rasappa", lis, ["babylonia-hi3-1", "babylonia-hi3-2"])
    settle(pos, ("hit:", "rout:", "extra:"))
    pos.assert_logged(rule="6.7.8", key="aw.retreated", dest="ashur")
    pos.act("babylonia", "no_intercept:babylonia-li2-4")  # the Babylonian unit in Suhu, in track order
    assert "intercept:elam-humban_undasha" in pos.ids("elam")
    assert not any(a.startswith("intercept:babylonia-hi3") for a in pos.ids("babylonia"))
