"""Timetable: kings by turn and timed events (rules 3.0, 7.6, 10.1, 10.2, 10.3)."""

from __future__ import annotations

import pytest

from ashur.games.assyrian_wars.content import Content, load_content


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_7_6_a_king_or_none_for_every_power_in_every_turn(content: Content) -> None:
    for turn in range(1, 6):
        row = content.kings_for_turn(turn)
        assert set(row.kings) == set(content.powers())
        for power, king in row.kings.items():
            if king is not None:
                assert content.kings[king].nation == power


def test_3_0_each_turn_is_the_reign_of_an_assyrian_king(content: Content) -> None:
    kings = [content.kings_for_turn(t).kings["assyria"] for t in range(1, 6)]
    assert kings == ["sargon_ii", "sennacherib", "esarhaddon", "ashurbanipal", "sin_shar_ishkun"]


def test_10_2_khshathrita_becomes_king_of_the_medes_in_turn_4(content: Content) -> None:
    assert [content.kings_for_turn(t).kings["mede"] for t in range(1, 6)] == [
        None,
        None,
        None,
        "khshathrita",
        "cyaxares",
    ]
    unification = [e for e in content.timetable.events if e.type == "mede_unification"]
    assert len(unification) == 1 and unification[0].turn == 4


def test_10_1_nomads_enter_by_the_timetable_with_orders(content: Content) -> None:
    entries = {e.nation: e for e in content.timetable.events if e.type == "nomad_entry"}
    assert set(entries) == {"cimmerians", "scythians"}
    cimmerians = entries["cimmerians"]
    assert cimmerians.area == "gamir" and cimmerians.orders is not None
    assert (cimmerians.orders.kind, cimmerians.orders.target) == ("harass_exclusively", "urartu")
    assert entries["scythians"].area == "ishkuza"
    for event in entries.values():
        assert event.area in content.areas
        assert all((content.units.get(c) or content.leaders[c]).nation == event.nation for c in event.counters)


def test_10_1_2_special_orders_end_when_allied(content: Content) -> None:
    for event in content.timetable.events:
        if event.orders is not None and event.orders.kind == "harass_exclusively":
            assert event.orders.until == "allied_to_a_power"
            assert event.orders.target in content.nations


def test_7_6_events_are_typed_and_reference_existing_counters(content: Content) -> None:
    types = {e.type for e in content.timetable.events}
    assert {"nomad_entry", "nomad_orders", "mede_unification", "units_to_force_pool"} <= types
    for event in content.timetable.events:
        for cid in event.counters:
            counter = content.units.get(cid) or content.leaders.get(cid)
            assert counter is not None and counter.entry == "timetable"
    assert len(content.events_for_turn(4)) >= 3
