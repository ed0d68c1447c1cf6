"""6.6 movement, 6.6.1 attrition, 6.6.2 armies, 6.6.7 relocation, 6.6.8 forced march, 9.7 cavalry, 10.4.b."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import land_view
from tests.assyrian_wars.landkit import ap_left, army, ctx, give_card, loc, put, set_ap, start, top


def test_6_6_army_pays_1_ap_per_area() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1", "assyria-hi4-2"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "to:nineveh", "to:dur_sharrukin", "stop")
    assert loc(pos, "assyria-hi4-2") == "dur_sharrukin"
    assert ap_left(pos) == 3
    pos.assert_logged(rule="6.6", key="aw.moved", area="dur_sharrukin")


def test_6_6_units_without_leader_pay_per_unit() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-hi4-1", "kalhu")
    put(pos, "assyria-li3-1", "kalhu")
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-hi4-1", "pickup:assyria-li3-1", "to:nineveh", "stop")
    assert loc(pos, "assyria-li3-1") == "nineveh"
    assert ap_left(pos) == 3


def test_6_6_mercenaries_cannot_move_without_a_leader() -> None:
    pos = start()
    put(pos, "merc-li2-1", "kalhu", hired="assyria")
    set_ap(pos, 5)
    assert "move:merc-li2-1" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "move:merc-li2-1", rule="6.6")


def test_6_6_2_pickup_over_the_command_rating_is_refused() -> None:
    pos = start()
    # the nagir ekalli commands 5 regulars on his front side
    army(pos, "assyria-nagir_ekalli", "kalhu", [f"assyria-li3-{i}" for i in range(1, 6)])
    put(pos, "assyria-hi4-1", "kalhu")
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-nagir_ekalli")
    assert "pickup:assyria-hi4-1" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "pickup:assyria-hi4-1", rule="6.6.2")


def test_6_6_2_mercenaries_count_separately_from_regulars() -> None:
    pos = start()
    army(pos, "assyria-nagir_ekalli", "kalhu", [f"assyria-li3-{i}" for i in range(1, 6)])
    put(pos, "merc-li2-1", "kalhu", hired="assyria")
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-nagir_ekalli", "pickup:merc-li2-1", "to:nineveh", "stop")
    assert loc(pos, "merc-li2-1") == "nineveh"


def test_6_6_2_dropped_unit_stays_and_is_not_picked_up_again_here() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "drop:assyria-li3-1")
    assert "pickup:assyria-li3-1" not in pos.ids("assyria")
    pos.act("assyria", "to:nineveh", "stop")
    assert loc(pos, "assyria-li3-1") == "kalhu"
    assert loc(pos, "assyria-hi4-1") == "nineveh"


def test_6_6_sealand_costs_two_and_attrition_for_non_babylonians() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "ur", ["assyria-hi4-1"])
    pos.state["areas"]["ur"]["ctrl"] = "assyria"
    set_ap(pos, 5)
    pos.fix_dice(6)
    pos.act("assyria", "move:assyria-turtanu", "to:sealand")
    assert ap_left(pos) == 3
    pos.assert_logged(rule="6.6.1", key="dice", why="aw.why.sealand")
    assert pos.state["pieces"]["assyria-hi4-1"]["red"]


def test_6_6_1_attrition_for_every_area_beyond_four_each_unit_counting_its_own_10_4_b() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    put(pos, "assyria-li3-1", "katmuhu")
    set_ap(pos, 8)
    pos.act("assyria", "move:assyria-turtanu", "to:nineveh", "to:katmuhu", "pickup:assyria-li3-1",
            "to:dur_sharrukin", "to:nineveh")
    assert not pos.logged(rule="6.6.1")
    pos.fix_dice(1)
    pos.act("assyria", "to:kalhu")
    rolls = [e for e in pos.logged(rule="6.6.1") if e["key"] == "dice"]
    assert len(rolls) == 1 and rolls[0]["params"]["pieces"] == ["assyria-hi4-1"]
    assert land_view(ctx(pos))["moved"]["assyria-li3-1"] == 3


def test_6_6_1_desert_crossing_attrition_and_light_cavalry_exempt_with_9_7() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "rasappa", ["assyria-hi4-1", "assyria-lc3-1"])
    set_ap(pos, 5)
    pos.fix_dice(6)
    pos.act("assyria", "move:assyria-turtanu", "to:suhu")
    roll = pos.assert_logged(rule="6.6.1", key="dice", why="aw.why.desert")
    assert roll["params"]["pieces"] == ["assyria-hi4-1"]


def test_9_7_cavalry_moves_two_areas_per_ap() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-lc3-1", "assyria-hc4-1"])
    set_ap(pos, 2)
    pos.act("assyria", "move:assyria-turtanu", "to:nineveh", "to:katmuhu", "to:dur_sharrukin", "to:nineveh")
    assert ap_left(pos) == 0
    assert loc(pos, "assyria-lc3-1") == "nineveh"


def test_9_7_one_non_cavalry_unit_prevents_quick_movement() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-lc3-1", "assyria-li3-1"])
    set_ap(pos, 2)
    pos.act("assyria", "move:assyria-turtanu", "to:nineveh", "to:katmuhu")
    assert ap_left(pos) == 0


def test_9_7_without_special_abilities_cavalry_pays_full() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-lc3-1"])
    set_ap(pos, 2)
    pos.act("assyria", "move:assyria-turtanu", "to:nineveh")
    assert ap_left(pos) == 1


def test_8_1_entering_a_peaceful_country_declares_war() -> None:
    pos = start("campaign")
    army(pos, "assyria-turtanu", "dur_sharrukin", ["assyria-hi4-1"])
    set_ap(pos, 12)
    pos.act("assyria", "move:assyria-turtanu")
    moves = {a["id"]: a for a in pos.actions("assyria") if a["id"].startswith("to:")}
    assert moves["to:musasir"]["params"]["war"] == "urartu"
    assert moves["to:nineveh"]["params"]["war"] == ""
    pos.act("assyria", "to:musasir")
    pos.assert_logged(rule="8.1", key="aw.war_declared", aggressor="assyria", target="urartu")
    assert ["assyria", "urartu"] in pos.state["wars"]


def test_6_6_7_leader_relocation_costs_1_ap_and_finishes_the_leader() -> None:
    pos = start()
    put(pos, "assyria-turtanu", "kalhu")
    set_ap(pos, 3)
    pos.act("assyria", "relocate:assyria-turtanu", "to:nasibina")
    assert loc(pos, "assyria-turtanu") == "nasibina"
    assert ap_left(pos) == 2
    assert "move:assyria-turtanu" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "relocate:assyria-turtanu", rule="6.6.7")


def test_6_6_7_only_a_leader_without_own_troops_relocates() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    set_ap(pos, 3)
    assert "relocate:assyria-turtanu" not in pos.ids("assyria")


def test_6_6_8_forced_march_needs_a_card_and_10_ap_and_finishes_the_army() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    put(pos, "assyria-li3-1", "nineveh")
    set_ap(pos, 12)
    assert "march:assyria-turtanu" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "march:assyria-turtanu", rule="6.6.8")
    give_card(pos, "assyria", 110)
    pos.act("assyria", "card:110:ap")
    pos.act("assyria", "march:assyria-turtanu", "to:nineveh", "pickup:assyria-li3-1", "to:katmuhu",
            "to:dur_sharrukin", "stop")
    assert loc(pos, "assyria-li3-1") == "dur_sharrukin"
    assert not pos.logged(rule="6.6.1")
    assert "move:assyria-turtanu" not in pos.ids("assyria")


def test_6_6_entering_a_city_that_is_not_allied_is_refused() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "nippur", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu")
    assert "city" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "city", rule="6.9")


def test_6_6_an_own_city_can_be_entered() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "city")
    assert pos.state["pieces"]["assyria-hi4-1"]["city"]
    assert top(pos)["step"] == "impulse"
