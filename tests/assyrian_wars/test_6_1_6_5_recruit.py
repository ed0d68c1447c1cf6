"""6.1 build, 6.2 hire, 6.3 buy leaders, 6.4 rebuild/pillage/repair, 6.5 Regroup Box, 9.3 combining,
9.6 selling mercenaries, 9.7 unit costs."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import content
from tests.assyrian_wars.landkit import ap_left, army, loc, phasing, put, set_ap, start


def _ap_of(pos, prefix):
    return {a["id"]: a["params"]["ap"] for a in pos.actions("assyria") if a["id"].startswith(prefix)}


def test_6_1_build_costs_two_ap_per_strength_point_plus_9_7_abilities() -> None:
    pos = start()
    set_ap(pos, 12)
    costs = _ap_of(pos, "build:")
    assert costs["build:assyria-li3-1"] == 6
    assert costs["build:assyria-hi4-1"] == 9  # 8 + 1 (9.7)
    assert costs["build:assyria-ch4-1"] == 10  # 8 + 2 (9.7)
    pos = start(special_abilities=False)
    set_ap(pos, 12)
    assert _ap_of(pos, "build:")["build:assyria-ch4-1"] == 8


def test_6_1_build_in_a_home_city_free_of_enemy_units_at_full_strength() -> None:
    pos = start()
    put(pos, "babylonia-li2-1", "kalhu")
    set_ap(pos, 12)
    pos.act("assyria", "build:assyria-li3-1")
    places = pos.ids("assyria")
    assert "at:nineveh" in places and "at:kalhu" not in places and "at:rasappa" not in places
    pos.act("assyria", "at:nineveh")
    assert loc(pos, "assyria-li3-1") == "nineveh" and not pos.state["pieces"]["assyria-li3-1"]["red"]
    assert ap_left(pos) == 6
    pos.assert_logged(rule="6.1", key="aw.build_placed", area="nineveh")


def test_6_1_building_refused_when_unaffordable() -> None:
    pos = start()
    set_ap(pos, 5)
    pos.assert_illegal("assyria", "build:assyria-li3-1", rule="6.1")


def test_6_2_hire_half_ap_per_strength_point_with_a_force_or_in_an_empty_home_area() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 5)
    hire = next(a for a in pos.actions("assyria") if a["id"].startswith("hire:"))
    merc = hire["params"]["piece"]
    strength = int(content().mercenary_units[merc].front)
    assert hire["params"]["ap"] == strength / 2
    pos.act("assyria", hire["id"])
    assert "at:der" in pos.ids("assyria") and "at:kalhu" in pos.ids("assyria")
    pos.act("assyria", "at:der")
    assert pos.state["pieces"][merc]["hired"] == "assyria"
    assert ap_left(pos) == 5 - strength / 2
    pos.assert_logged(rule="6.2", key="aw.hire_placed", area="der")


def test_6_2_mercenaries_of_another_pool_are_not_hired() -> None:
    pos = start()
    set_ap(pos, 5)
    elam_merc = next(p for p, x in sorted(pos.state["pieces"].items()) if x["loc"] == "merc:elam")
    pos.assert_illegal("assyria", f"hire:{elam_merc}", rule="6.2")


def test_6_3_one_leader_per_impulse_for_two_ap_on_its_reduced_side() -> None:
    pos = start()
    set_ap(pos, 10)
    pos.act("assyria", "leader")
    drawn = pos.assert_logged(rule="6.3", key="aw.leader_drawn")["params"]["piece"]
    assert pos.state["pieces"][drawn]["red"]  # 9.2
    pos.act("assyria", pos.ids("assyria")[0])
    assert ap_left(pos) == 8
    pos.assert_illegal("assyria", "leader", rule="6.3")


def test_6_5_regroup_box_costs_one_ap_regular_half_for_mercenaries_same_strength() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "regroup", red=True)
    put(pos, "merc-li2-1", "regroup", red=False)
    army(pos, "assyria-turtanu", "der", ["assyria-li3-1"])
    set_ap(pos, 5)
    costs = _ap_of(pos, "regroup:")
    assert costs == {"regroup:assyria-hi4-1": 1, "regroup:merc-li2-1": 0.5}
    pos.act("assyria", "regroup:assyria-hi4-1", "at:nineveh")
    assert pos.state["pieces"]["assyria-hi4-1"]["red"] and loc(pos, "assyria-hi4-1") == "nineveh"


def test_6_4_rebuild_two_ap_per_point_with_a_supply_path() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "kalhu", red=True)
    put(pos, "merc-li2-1", "der", red=True, hired="assyria")
    put(pos, "assyria-li3-1", "babylon", red=True)
    set_ap(pos, 10)
    costs = _ap_of(pos, "rebuild:")
    assert costs["rebuild:assyria-hi4-1"] == 4  # 4 - 2 = 2 points
    assert costs["rebuild:merc-li2-1"] == 0.5  # mercenaries need no path
    assert "rebuild:assyria-li3-1" not in costs  # no friendly path out of Babylon
    pos.assert_illegal("assyria", "rebuild:assyria-li3-1", rule="6.4")


def test_6_4_removing_pillage_and_repairing_city_defences() -> None:
    pos = start()
    pos.state["areas"]["kalhu"]["pillage"] = 2
    pos.state["areas"]["kalhu"]["damage"] = 1
    pos.state["areas"]["der"]["pillage"] = 1
    set_ap(pos, 5)
    acts = pos.ids("assyria")
    assert "unpillage:kalhu" in acts and "repair:kalhu" in acts and "unpillage:der" not in acts
    pos.act("assyria", "unpillage:kalhu", "unpillage:kalhu", "repair:kalhu")
    assert pos.state["areas"]["kalhu"]["pillage"] == 0 and pos.state["areas"]["kalhu"]["damage"] == 0
    assert ap_left(pos) == 2


def test_6_4_a_besieged_city_cannot_be_repaired() -> None:
    pos = start()
    pos.state["areas"]["kalhu"]["damage"] = 1
    pos.state["sieges"]["kalhu"] = {"besieger": "babylonia", "kind": "standard", "level": None,
                                    "start_defence": 3, "impulses": 0}
    set_ap(pos, 5)
    pos.assert_illegal("assyria", "repair:kalhu", rule="6.4")


def test_9_3_combining_two_reduced_units_of_the_same_kind() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "kalhu", red=True)
    put(pos, "assyria-hi4-2", "kalhu", red=True)
    put(pos, "assyria-li3-1", "kalhu", red=True)
    set_ap(pos, 1)
    assert [a for a in pos.ids("assyria") if a.startswith("combine:")] == ["combine:assyria-hi4-1:assyria-hi4-2"]
    pos.act("assyria", "combine:assyria-hi4-1:assyria-hi4-2")
    assert not pos.state["pieces"]["assyria-hi4-1"]["red"] and loc(pos, "assyria-hi4-2") == "pool"


def test_9_6_buying_mercenaries_needs_the_sellers_consent_and_pays_the_seller() -> None:
    pos = start()
    seller_merc = next(p for p, x in sorted(pos.state["pieces"].items()) if x["loc"] == "merc:elam")
    set_ap(pos, 5)
    pos.state["countries"]["elam"]["saved"] = 0
    pos.act("assyria", f"buy_merc:elam:{seller_merc}")
    assert pos.ids("elam")[:2] == ["sell", "refuse"]
    pos.act("elam", "sell")
    assert pos.state["countries"]["elam"]["saved"] > 0
    pos.act("assyria", pos.ids("assyria")[0])
    assert pos.state["pieces"][seller_merc]["hired"] == "assyria"
    phasing(pos, "elam")
    assert not [a for a in pos.ids("elam") if a.startswith("buy_merc:")]


def test_9_6_a_refused_sale_is_not_offered_again_in_the_impulse() -> None:
    pos = start()
    seller_merc = next(p for p, x in sorted(pos.state["pieces"].items()) if x["loc"] == "merc:elam")
    set_ap(pos, 5)
    pos.act("assyria", f"buy_merc:elam:{seller_merc}")
    pos.act("elam", "refuse")
    assert f"buy_merc:elam:{seller_merc}" not in pos.ids("assyria")
    pos.assert_logged(rule="9.6", key="aw.sale_refused")


def test_8_2_an_ally_that_joined_the_war_is_a_supply_source_for_rebuilding() -> None:
    """6.4 with 8.2: a Babylonian unit cut off from every Babylonian home area traces its path to an Elamite
    home area, since Elam, its ally, has joined the war (its camp)."""
    from ashur.games.assyrian_wars.rules.land.repair import supply_path
    from tests.assyrian_wars.politicskit import ctx_of, hold

    pos = start()
    for aid in content().home_areas("babylonia"):
        hold(pos, aid, "assyria")
    ctx = ctx_of(pos)
    assert ctx.camp("elam") == ctx.camp("babylonia") == "rebel"
    assert supply_path(ctx, "susa", "babylonia", "babylonia")
    assert not supply_path(ctx, "babylon", "babylonia", "babylonia")  # Babylon itself is Assyria's now
