"""6.6, 1.3: a Mede connection costs 2 AP for every force, the Mede's own included (issue 14 fidelity)."""

from __future__ import annotations

from tests.assyrian_wars.landkit import ap_left, army, loc, phasing, set_ap, start


def test_6_6_a_mede_army_pays_2_ap_over_a_mede_connection() -> None:
    pos = start("campaign", special_abilities=False)
    phasing(pos, "mede")
    army(pos, "mede-daiukku", "harhar", ["mede-li2-1", "mede-li2-2"])
    set_ap(pos, 5)
    pos.act("mede", "move:mede-daiukku", "to:ecbatana", "stop")
    assert loc(pos, "mede-li2-1") == "ecbatana"
    assert ap_left(pos) == 3  # 6.6: "Sealand and Mede cost 2 AP"; 1.3 spares Mede regulars the attrition only
    pos.assert_logged(rule="6.6", key="aw.moved", area="ecbatana")


def test_6_6_mede_units_without_a_leader_pay_2_ap_each_over_a_mede_connection() -> None:
    pos = start("campaign", special_abilities=False)
    phasing(pos, "mede")
    army(pos, "mede-li2-1", "harhar", [])
    pos.state["pieces"]["mede-li2-1"]["army"] = None
    set_ap(pos, 5)
    pos.act("mede", "move:mede-li2-1", "to:ecbatana", "stop")
    assert ap_left(pos) == 3


def test_6_6_1_mede_regulars_cross_a_mede_connection_without_attrition() -> None:
    pos = start("campaign", special_abilities=False)
    phasing(pos, "mede")
    army(pos, "mede-daiukku", "harhar", ["mede-li2-1"])
    set_ap(pos, 5)
    pos.fix_dice([6])
    pos.act("mede", "move:mede-daiukku", "to:ecbatana", "stop")
    assert not pos.state["pieces"]["mede-li2-1"]["red"]
