"""6.2: a hired mercenary is never placed into an allied area, not even with a force of the country standing
there (issue 14: the force exception is not in the rule)."""

from __future__ import annotations

from tests.assyrian_wars.landkit import army, phasing, set_ap, start


def test_6_2_no_mercenary_joins_a_force_in_an_area_an_ally_controls() -> None:
    pos = start()
    phasing(pos, "babylonia")
    assert pos.state["areas"]["susa"]["ctrl"] == "elam"  # Elam and Babylonia: the rebel camp
    army(pos, "babylonia-nabu_zer_kitti_lishir", "susa", ["babylonia-li2-1"])
    army(pos, "babylonia-shuzubu", "kutha", ["babylonia-li2-2"])
    set_ap(pos, 5)
    hire = next(a for a in pos.actions("babylonia") if a["id"].startswith("hire:"))
    pos.act("babylonia", hire["id"])
    places = pos.ids("babylonia")
    assert "at:kutha" in places  # with a force in its own area
    assert "at:susa" not in places  # 6.2: "It may not be placed into an allied area"
    pos.assert_illegal("babylonia", "at:susa")
