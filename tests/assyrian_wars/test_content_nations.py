"""Nations: kinds, impulse track, hand limits, mercenaries, capitals, city counts (1.1, 2.1.2, 4.2, 6.0, 7.3)."""

from __future__ import annotations

import pytest

from ashur.games.assyrian_wars.content import Content, load_content


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_1_1_nations_by_kind(content: Content) -> None:
    assert content.powers() == ["assyria", "mede", "egypt", "babylonia", "elam"]
    assert content.minors() == ["phoenicia", "judah", "israel", "syria", "urartu", "phrygia", "persia"]
    assert sorted(content.minor_cities()) == sorted(["cyprus", "petra", "adana", "malatia", "dilmun", "zirkitia"])
    assert content.nomads() == ["cimmerians", "scythians"]
    assert sorted(content.nomad_mercenaries()) == ["arabs", "aramaeans"]
    assert content.nations["mercenaries"].kind == "mercenary"


def test_6_0_impulse_track_powers_then_minors_ending_with_scythians(content: Content) -> None:
    order = content.impulse_order()
    assert order[:5] == content.powers()
    assert order[5:12] == content.minors()
    assert order[-1] == "scythians" and order[-2] == "cimmerians"
    for nid in content.minor_cities() + content.nomad_mercenaries() + ["mercenaries"]:
        assert content.nations[nid].impulse_position is None


def test_7_3_2_hand_limits(content: Content) -> None:
    hands = {n: (x.hand.min, x.hand.max) for n, x in content.nations.items() if x.hand}
    assert hands["assyria"] == (4, 10)
    for power in content.powers()[1:]:
        assert hands[power] == (2, 6)
    for minor in content.minors():
        assert hands[minor] == (1, 3)
    for nomad in content.nomads():
        assert content.nations[nomad].hand is None


def test_4_2_mercenary_allotment(content: Content) -> None:
    assert content.nations["assyria"].mercenaries == 8
    for power in content.powers()[1:]:
        assert content.nations[power].mercenaries == 4
    for minor in content.minors():
        assert content.nations[minor].mercenaries == 1
    for nomad in content.nomads():
        assert content.nations[nomad].mercenaries == 0


def test_2_1_2_colours_follow_the_rules_list(content: Content) -> None:
    colours = {n: x.colour.lower() for n, x in content.nations.items()}
    assert colours["assyria"] < "#333333"  # black
    assert colours["mercenaries"] == "#f39c12"  # orange
    assert colours["arabs"] == "#ffffff"  # white
    assert content.nations["scythians"].accent is not None  # orange bars
    assert len({colours[n] for n in content.powers() + content.minors()}) == 12


def test_1_2_capitals_of_powers_and_minors(content: Content) -> None:
    expected = {
        "assyria": "nineveh",
        "mede": "ecbatana",
        "egypt": "memphis",
        "babylonia": "babylon",
        "elam": "susa",
        "phoenicia": "tyre",
        "judah": "jerusalem",
        "israel": "samaria",
        "syria": "damascus",
        "urartu": "tushpa",
        "phrygia": "gordion",
        "persia": None,
    }
    for nation, capital in expected.items():
        assert content.capital(nation) == capital


def test_5_2_1_tribute_dice_are_the_capital_city_defence(content: Content) -> None:
    for nation in content.minors() + content.powers():
        capital = content.capital(nation)
        if capital is None:
            assert content.tribute_dice(nation) is None  # Persia always pays (5.2.1)
        else:
            assert content.tribute_dice(nation) == content.areas[capital].city.defence  # type: ignore[union-attr]
    assert content.tribute_dice("assyria") == 5


def test_7_3_1_printed_city_count_matches_the_map(content: Content) -> None:
    for nation in content.powers() + content.minors():
        assert content.nations[nation].printed_city_count == content.city_count(nation)
    assert content.city_count("persia") == 0


def test_6_6_6_army_group_cards(content: Content) -> None:
    assert content.nations["assyria"].army_group_cards == 2
    for power in content.powers()[1:]:
        assert content.nations[power].army_group_cards == 1
    for minor in content.minors():
        assert content.nations[minor].army_group_cards == 0


def test_6_9_israel_and_judah_influenced_at_half_cost(content: Content) -> None:
    cheap = {n for n, x in content.nations.items() if x.diplomacy_half_cost}
    assert cheap == {"israel", "judah"}


def test_7_3_1_fixed_eco_only_persia(content: Content) -> None:
    assert {n for n, x in content.nations.items() if x.fixed_eco is not None} == {"persia"}
