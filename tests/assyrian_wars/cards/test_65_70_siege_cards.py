"""Cards 65 Battering Rams, 66 Undermining the Walls (battle cards in siege combat, 6.8, 6.11.d) and 70
Rebuilding the Walls (a response to city damage, 6.8.3, 6.11.e)."""

from __future__ import annotations

from tests.assyrian_wars.cards.battlekit import answer, battle, deal, fight, pass_all, rolls, start, why_not
from tests.assyrian_wars.landkit import army, put, set_ap, settle, top


def _siege_der(pos, kind="standard", garrison=True):  # type: ignore[no-untyped-def]
    """Assyria besieges Der (defence 3, no fortress) with the Turtanu (action 3) and a heavy infantry."""
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    if garrison:
        put(pos, "babylonia-li2-1", "der", city=True)
    set_ap(pos, 5)
    pos.act("assyria", f"siege:assyria-turtanu:{kind}")
    assert top(pos)["kind"] == "battle"


def test_6_8_65_battering_rams_two_extra_dice_in_siege_combat() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 65)
    _siege_der(pos)
    answer(pos, {"assyria": [65]})
    pos.assert_logged(rule="6.11.d", key="aw.card_battle_dice", card=65, side="att", n=2)
    pos.fix_dice(*[6] * 20)
    pass_all(pos)
    # the unit, 3 leader dice, 2 Assyrian siege dice (6.8) and 2 card dice
    assert rolls(pos, "att")[0] == [4, 3, 3, 3, 3, 3, 3, 3]


def test_6_8_65_battering_rams_not_in_a_field_battle() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 65)
    fight(pos, "field", "kalhu", [put(pos, "assyria-hi4-1", "kalhu")], [put(pos, "babylonia-li2-1", "kalhu")])
    assert why_not(pos, "assyria", 65) == "condition besieging does not hold"
    assert "choose:65" not in pos.ids("assyria")


def test_6_8_66_undermining_the_walls_one_level_of_damage_before_the_combat() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 66)
    _siege_der(pos)
    assert why_not(pos, "babylonia", 66) == "condition besieging does not hold"  # the defender cannot
    answer(pos, {"assyria": [66]})
    pos.fix_dice(*[6] * 20)
    pass_all(pos)  # Battle Counter Measures, then the city_damaged responses: nobody
    pos.assert_logged(rule="6.11.d", key="aw.card_city_damage", card=66, area="der", levels=1, damage=1)
    assert pos.state["areas"]["der"]["damage"] == 1
    assert rolls(pos, "def")[0] == [2, 3, 3]  # the garrison and the city's 3 - 1 dice (6.8)
    pos.assert_logged(rule="6.11", key="aw.spend", what="event", card=66)


def test_6_8_66_undermining_never_takes_the_last_level() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 66)
    pos.state["areas"]["der"]["damage"] = 2
    _siege_der(pos)
    assert why_not(pos, "assyria", 66) == "the last level of a city's defences falls only to a siege (6.8.3)"


def test_6_11_e_70_rebuilding_the_walls_answers_undermining() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 66)
    deal(pos, "babylonia", 70)
    _siege_der(pos)
    answer(pos, {"assyria": [66]})
    answer(pos, kind="battle_counter_measures")  # nobody
    frame = top(pos)
    assert frame["kind"] == "response" and frame["trigger"] == "city_damaged"
    assert battle(pos)["city"]["dice"] == 2
    answer(pos, {"babylonia": [70]})
    pos.fix_dice(*[6] * 20)
    pass_all(pos)  # Counter Measures on Rebuilding the Walls: nobody
    pos.assert_logged(rule="6.11.e", key="aw.card_city_repaired", card=70, area="der", levels=1, damage=0)
    assert pos.state["areas"]["der"]["damage"] == 0
    assert rolls(pos, "def")[0] == [2, 3, 3, 3]  # the walls stand again: 3 city dice


def test_6_11_e_70_rebuilding_the_walls_after_a_standard_siege() -> None:
    """6.8.3: 3 hits on a level 3 city place one damage marker; its holder repairs it at once."""
    pos = start(special_abilities=False)
    deal(pos, "babylonia", 70)
    _siege_der(pos, garrison=False)
    pos.fix_dice(1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6)
    answer(pos)  # the battle card window
    pos.assert_logged(rule="6.8.3", key="aw.city_damaged", area="der", levels=1)
    frame = top(pos)
    assert frame["kind"] == "response" and frame["trigger"] == "city_damaged" and frame["context"] == {"area": "der"}
    assert why_not(pos, "elam", 70) == "condition own_city_besieged does not hold"
    answer(pos, {"babylonia": [70]})
    pass_all(pos)
    pos.assert_logged(rule="6.11.e", key="aw.card_city_repaired", area="der", levels=1, damage=0)
    assert pos.state["areas"]["der"]["damage"] == 0
    pos.assert_logged(rule="6.11", key="aw.card_event", card=70, how="response")
    pos.assert_logged(rule="6.11", key="aw.borrow", country="babylonia", ap=1)  # its cost, against the next impulse


def test_6_11_e_70_rebuilding_the_walls_not_without_damage() -> None:
    pos = start(special_abilities=False)
    deal(pos, "babylonia", 70)
    _siege_der(pos, garrison=False)
    pos.fix_dice(*[6] * 11)
    answer(pos)
    settle(pos)
    assert pos.state["areas"]["der"]["damage"] == 0
    assert top(pos)["step"] != "window"  # no damage, no city_damaged window
