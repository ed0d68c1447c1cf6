"""Counters: units, leaders, kings, ships, mercenaries and marker stocks (rules 2.1, 2.2, 4.2, 10.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from ashur.games.assyrian_wars.content import Content, load_content


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_2_1_unit_ids_are_derivable_from_nation_type_and_strength(content: Content) -> None:
    for uid, unit in content.units.items():
        stem = f"{unit.nation}-{unit.type.lower()}{unit.front}-"
        assert uid.startswith(stem) and uid[len(stem) :].isdigit()
    assert [f"assyria-hi4-{i}" in content.units for i in range(1, 7)] == [True] * 6
    assert "assyria-hi4-7" not in content.units


def test_2_1_3_reduced_side_is_weaker(content: Content) -> None:
    for unit in content.units.values():
        assert 0 <= unit.reduced < unit.front
    for ship in content.ships.values():
        assert ship.reduced < ship.front


def test_2_1_every_power_and_minor_has_units_of_several_types(content: Content) -> None:
    for nation in content.powers() + content.minors():
        types = {u.type for u in content.units.values() if u.nation == nation}
        assert len(types) >= 2, nation
    assert {u.type for u in content.units.values()} == {"HI", "LI", "HC", "LC", "HB", "B", "CH"}


def test_4_2_some_units_enter_later_by_card_or_timetable(content: Content) -> None:
    later = {u.id: u for u in content.units.values() if not u.initially_available}
    assert all(u.entry in ("card", "timetable") for u in later.values())
    assert later["egypt-b3-4"].entry_refs == (108,)
    assert later["mede-hb4-1"].entry_refs == (109,)
    assert later["egypt-hi4-1"].entry == "timetable"
    assert all(not u.initially_available for u in content.units.values() if u.nation in ("cimmerians", "scythians"))


def test_10_1_nomad_mercenaries_enter_by_their_cards(content: Content) -> None:
    arabs = [u for u in content.units.values() if u.nation == "arabs"]
    aramaeans = [u for u in content.units.values() if u.nation == "aramaeans"]
    assert arabs and all(u.entry_refs == (41,) for u in arabs)
    assert aramaeans and all(u.entry_refs == (40,) for u in aramaeans)


def test_2_1_2_leader_ratings_within_glossary_ranges(content: Content) -> None:
    for leader in content.leaders.values():
        for side in (leader.front, leader.reduced):
            assert 0 <= side.action <= 5 and 2 <= side.command <= 10
        assert leader.id.startswith(f"{leader.nation}-")
    per_nation = Counter(leader.nation for leader in content.leaders.values())
    for power in content.powers():
        assert per_nation[power] >= 4
    assert per_nation["assyria"] >= 6
    for nomad in content.nomads():
        assert per_nation[nomad] >= 2


def test_2_1_2_kings_are_paired_counters_of_the_powers(content: Content) -> None:
    for counter in content.king_counters.values():
        front, back = content.kings[counter.front.id], content.kings[counter.back.id]
        assert front.counter == back.counter == counter.id
        assert front.other_side == back.id and back.other_side == front.id
        assert counter.nation in content.powers()
    for king in content.kings.values():
        assert 0 <= king.action <= 5 and 2 <= king.command <= 10
    assyrian = {k.id for k in content.kings.values() if k.nation == "assyria"}
    assert {"sargon_ii", "sennacherib", "esarhaddon", "ashurbanipal", "sin_shar_ishkun"} <= assyrian
    assert {"khshathrita", "cyaxares"} <= set(content.kings)


def test_6_3_generic_king_marker_raises_ratings_within_limits(content: Content) -> None:
    markers = content.generic_king_markers
    assert markers.count >= 5 and markers.action_bonus == 1 and markers.command_bonus == 2
    assert content.crowned_ratings("assyria-turtanu") == (4, 8)
    for leader_id in content.leaders:
        action, command = content.crowned_ratings(leader_id)
        assert action <= 5 and command <= 10


def test_2_1_3_ships_with_search_numbers(content: Content) -> None:
    nations = {s.nation for s in content.ships.values()}
    assert {"phoenicia", "egypt", "babylonia", "elam", "assyria"} <= nations
    for ship in content.ships.values():
        assert 2 <= ship.search <= 12
    assert not content.ships["assyria-ship-1"].initially_available
    assert min(s.search for s in content.ships.values() if s.nation == "phoenicia") < 7


def test_4_2_mercenary_pool_covers_a_turn_and_is_mixed(content: Content) -> None:
    need = 8 + 4 * 4 + 7 * 1
    assert len(content.mercenary_units) >= need
    assert len({m.type for m in content.mercenary_units.values()}) >= 5
    assert all(mid.startswith("merc-") for mid in content.mercenary_units)


def test_2_2_finite_marker_stocks(content: Content) -> None:
    stock = content.marker_stock
    assert stock["pillage"].front == "pillage_1" and stock["pillage"].back == "pillage_2"
    assert stock["pillage_revolt"].front == "pillage_1" and stock["pillage_revolt"].back == "revolt"
    assert stock["city_damage"].total() > 0 and stock["eco_plus"].total() > 0 and stock["eco_minus"].total() > 0
    assert set(stock["trade"].per_nation or {}) == set(content.powers())
    assert (
        stock["tribute_refused"].front == "refused_this_turn" and stock["tribute_refused"].back == "refused_last_turn"
    )
    assert stock["number"].total() >= 10 and stock["vp"].total() == 5
    assert (stock["secret_diplomacy"].per_nation or {})["assyria"] == 2
