"""6.12 change of control: occupation, cities, reversion, contested areas, multiple occupants, revolts."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.control_areas import (
    check_occupation,
    revert_areas,
    set_city_control,
    strongest,
)
from ashur.games.assyrian_wars.rules.course.economy import contested
from ashur.games.assyrian_wars.rules.registry import HOOKS
from tests.assyrian_wars.landkit import army, ctx, phasing, put, set_ap, start


def test_6_12_an_area_without_city_changes_control_when_only_enemies_occupy_it() -> None:
    pos = start()
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    seen = []
    HOOKS.control_changed.append((999, "test", lambda c, a, o, n: seen.append((a, o, n))))
    try:
        pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu", "to:nineveh", "to:katmuhu")
    finally:
        HOOKS.control_changed.pop()
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "babylonia"
    assert pos.state["areas"]["kalhu"]["ctrl"] == "assyria"  # a city must be conquered first
    assert ("katmuhu", "assyria", "babylonia") in seen
    pos.assert_logged(rule="6.12", key="aw.control_changed", area="katmuhu", new="babylonia")


def test_6_12_an_allied_force_does_not_change_control() -> None:
    pos = start()
    put(pos, "elam-li2-1", "bit_dakkuri")
    check_occupation(ctx(pos), "bit_dakkuri", entering="elam")
    assert pos.state["areas"]["bit_dakkuri"]["ctrl"] == "babylonia"


def test_6_12_conquered_areas_without_enemy_land_units_revert_at_the_end_of_an_impulse() -> None:
    pos = start()
    pos.state["areas"]["katmuhu"]["ctrl"] = "babylonia"
    pos.state["areas"]["rasappa"]["ctrl"] = "babylonia"
    put(pos, "babylonia-li2-1", "rasappa")
    revert_areas(ctx(pos))
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "assyria"
    assert pos.state["areas"]["rasappa"]["ctrl"] == "babylonia"


def test_6_12_a_province_stays_while_garrisoned_7_1_d() -> None:
    pos = start()
    pos.state["areas"]["katmuhu"].update(ctrl="babylonia", province="babylonia")
    pos.state["wars"] = []
    put(pos, "babylonia-li2-1", "katmuhu")
    revert_areas(ctx(pos))
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "babylonia"
    put(pos, "babylonia-li2-1", "pool")
    revert_areas(ctx(pos))
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "assyria"
    assert pos.state["areas"]["katmuhu"]["province"] is None


def test_6_12_contested_area_city_held_by_an_enemy_of_the_area_controller() -> None:
    pos = start()
    c = ctx(pos)
    set_city_control(c, "der", "assyria", "6.12")
    assert pos.state["areas"]["der"]["city_ctrl"] == "assyria"
    assert contested(c, "der")


def test_6_12_multiple_occupants_the_strongest_power_decides() -> None:
    pos = start()
    assert strongest(ctx(pos), {"babylonia": 2, "elam": 3}) == "elam"
    assert strongest(ctx(pos), {"babylonia": 3, "elam": 3}) == "babylonia"


def test_7_5_2_d_a_revolt_gives_the_area_to_the_next_country_entering() -> None:
    pos = start()
    pos.state["areas"]["kalhu"]["revolt"] = True
    put(pos, "babylonia-li2-1", "kalhu")
    check_occupation(ctx(pos), "kalhu", entering="babylonia")
    assert pos.state["areas"]["kalhu"]["ctrl"] == "babylonia"
    assert not pos.state["areas"]["kalhu"]["revolt"]
