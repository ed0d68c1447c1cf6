"""Home battle cards (6.7.1, 6.11.d, played by their owner only, 6.11): 3 Siege Engines (Assyria), 5 Riders of
the Mountains (Mede), 11 Archers of Elam, 12 Ships of Tarshish (Phoenicia, the only modifier ships receive,
6.7.2), 14 Chariots of Israel, 15 Coalition of Qarqar (Syria), 16 Fortresses of Urartu."""

from __future__ import annotations

from tests.assyrian_wars.cards.battlekit import answer, deal, fight, pass_all, rolls, start, why_not
from tests.assyrian_wars.landkit import army, put, set_ap, settle, top, war


def test_6_8_3_siege_engines_two_extra_dice_for_the_assyrian_besiegers() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 3)
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "siege:assyria-turtanu:assault")
    answer(pos, {"assyria": [3]})
    pos.fix_dice(*[6] * 20)
    pass_all(pos)
    pos.assert_logged(rule="6.11.d", key="aw.card_battle_dice", card=3, side="att", n=2, rounds="all")
    assert rolls(pos, "att")[0] == [4, 3, 3, 3, 3, 3, 3, 3]


def test_6_11_3_siege_engines_not_in_a_field_battle_nor_by_others() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 3)
    fight(pos, "field", "kalhu", [put(pos, "assyria-hi4-1", "kalhu")], [put(pos, "babylonia-li2-1", "kalhu")])
    assert why_not(pos, "assyria", 3) == "condition besieging does not hold"
    assert "choose:3" not in pos.ids("assyria")


def test_6_11_d_5_riders_of_the_mountains_defending_in_a_mede_home_area() -> None:
    pos = start("campaign", special_abilities=False)
    war(pos, "assyria", "mede")
    deal(pos, "mede", 5)
    fight(pos, "field", "ecbatana", [put(pos, "assyria-hi4-1", "ecbatana")], [put(pos, "mede-li2-1", "ecbatana")])
    assert top(pos)["order"] == ["assyria", "mede"]
    answer(pos, {"mede": [5]})
    pos.fix_dice(*[6] * 10)
    pass_all(pos)
    assert rolls(pos, "def")[0] == [2, 3, 3]
    # the Mede attacking elsewhere may not play it
    pos2 = start("campaign", special_abilities=False)
    war(pos2, "assyria", "mede")
    deal(pos2, "mede", 5)
    fight(pos2, "field", "kalhu", [put(pos2, "mede-li2-1", "kalhu")], [put(pos2, "assyria-hi4-1", "kalhu")])
    assert why_not(pos2, "mede", 5) == "condition defending_in_own_home_area does not hold"


def test_6_11_d_11_archers_of_elam_every_round_of_the_field_battle() -> None:
    pos = start(special_abilities=False)
    deal(pos, "elam", 11)
    defn = [put(pos, "elam-b3-1", "kalhu"), put(pos, "elam-li2-1", "kalhu")]
    fight(pos, "field", "kalhu", [put(pos, "assyria-li3-1", "kalhu")], defn)
    answer(pos, {"elam": [11]})
    pos.assert_logged(rule="6.11.d", key="aw.card_combat_modifier", card=11, side="def", units="bow", rounds="all")
    pos.fix_dice(*[6] * 4)
    pass_all(pos)
    assert rolls(pos, "def")[0] == [4, 2]  # the bow unit 3+1, the light infantry unchanged
    pos.fix_dice(*[6] * 4)
    answer(pos)
    assert rolls(pos, "def")[1] == [4, 2]  # every round


def test_6_7_2_12_ships_of_tarshish_phoenician_ships_in_a_naval_battle() -> None:
    pos = start("campaign", special_abilities=False)
    pos.state["control"]["phoenicia"] = "egypt"
    war(pos, "assyria", "phoenicia")
    deal(pos, "phoenicia", 12)
    for pid in ("assyria-ship-1", "phoenicia-ship-1"):
        pos.state["pieces"][pid].update(loc="sz_phoenicia", red=False)
    fight(pos, "naval", "sz_phoenicia", ["assyria-ship-1"], ["phoenicia-ship-1"])
    assert top(pos)["order"] == ["assyria", "phoenicia"]
    answer(pos, {"phoenicia": [12]})
    pos.fix_dice(*[6] * 4)
    pass_all(pos)
    assert rolls(pos, "att")[0] == [2] and rolls(pos, "def")[0] == [4]


def test_6_11_d_12_ships_of_tarshish_only_in_a_naval_battle() -> None:
    pos = start("campaign", special_abilities=False)
    pos.state["control"]["phoenicia"] = "egypt"
    war(pos, "assyria", "phoenicia")
    deal(pos, "phoenicia", 12)
    fight(pos, "field", "tyre", [put(pos, "assyria-hi4-1", "tyre")], [put(pos, "phoenicia-li2-1", "tyre")])
    assert why_not(pos, "phoenicia", 12) == "this card acts in naval battles only (6.11.d)"


def test_6_11_d_14_chariots_of_israel() -> None:
    pos = start("campaign", special_abilities=False)
    deal(pos, "israel", 14)
    defn = [put(pos, "israel-ch3-1", "samaria"), put(pos, "israel-li2-1", "samaria")]
    fight(pos, "field", "samaria", [put(pos, "assyria-li3-1", "samaria")], defn)
    answer(pos, {"israel": [14]})
    pos.fix_dice(*[6] * 4)
    pass_all(pos)
    assert rolls(pos, "def")[0] == [4, 2]


def test_6_11_d_15_coalition_of_qarqar_defending_in_syria() -> None:
    pos = start("campaign", special_abilities=False)
    pos.state["control"]["syria"] = "egypt"
    war(pos, "assyria", "syria")
    deal(pos, "syria", 15)
    fight(pos, "field", "damascus", [put(pos, "assyria-hi4-1", "damascus")], [put(pos, "syria-li2-1", "damascus")])
    answer(pos, {"syria": [15]})
    pos.fix_dice(*[6] * 10)
    pass_all(pos)
    assert rolls(pos, "def")[0] == [2, 3, 3]
    pos.fix_dice(*[6] * 10)
    answer(pos)
    assert rolls(pos, "def")[1] == [2]  # the first round only


def test_6_8_16_fortresses_of_urartu_a_further_minus_one_for_the_besiegers() -> None:
    """The Urartian capital Tushpa (a fortress of 4) without a garrison: Urartu takes part in the siege combat
    through its city (6.8) and plays its home card; the besiegers' units and battle dice lose 2 in all."""
    pos = start("campaign", special_abilities=False)
    pos.state["control"]["urartu"] = "mede"
    war(pos, "assyria", "urartu")
    deal(pos, "urartu", 16)
    army(pos, "assyria-turtanu", "tushpa", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "siege:assyria-turtanu:assault")
    assert top(pos)["order"] == ["assyria", "urartu"]
    answer(pos, {"urartu": [16]})
    pos.assert_logged(rule="6.11.d", key="aw.card_combat_modifier", card=16, side="att", amount=-1)
    pos.fix_dice(*[6] * 20)
    pass_all(pos)
    assert rolls(pos, "att")[0] == [2, 1, 1, 1, 1, 1]
    settle(pos)


def test_6_11_home_battle_cards_only_for_their_owner() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 11)  # the Elamite home card in Assyrian hands (an impossible deal, for the test)
    defn = [put(pos, "babylonia-li2-1", "kalhu")]
    fight(pos, "field", "kalhu", [put(pos, "assyria-b3-1", "kalhu")], defn)
    assert "choose:11" not in pos.ids("assyria")
