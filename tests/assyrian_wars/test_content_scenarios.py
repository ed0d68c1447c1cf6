"""Scenarios: player tables, starting positions and their legality (1.1 B, 4.1, 4.2, 5.2, 6.6.2, 6.8, 6.17)."""

from __future__ import annotations

from collections import Counter

import pytest

from ashur.games.assyrian_wars.content import Content, load_content

# Rule 1.1 B, copied from the rule book: players -> (AS, ME, EG, BA, EL); "-" is None.
RULE_1_1_B = {
    "campaign": {
        5: (1, 2, 3, 4, 5),
        4: (1, 2, 3, 4, 3),
        3: (1, 3, 2, 2, 3),
        2: (1, 2, 2, 2, 2),
    },
    "rise_and_fall": {
        4: (1, 2, None, 3, 4),
        3: (1, 2, None, 2, 3),
        2: (1, 2, None, 2, 2),
    },
    "two_rivers": {
        3: (1, None, None, 2, 3),
        2: (1, None, None, 2, 2),
    },
}
POWERS = ("assyria", "mede", "egypt", "babylonia", "elam")


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_1_1_b_player_tables_are_exactly_as_in_the_rule_book(content: Content) -> None:
    assert set(content.scenarios) == set(RULE_1_1_B)
    for sid, table in RULE_1_1_B.items():
        players = content.scenarios[sid].players
        assert {n: tuple(row.get(p) for p in POWERS) for n, row in players.items()} == table


def test_3_7_scenario_turns_and_powers(content: Content) -> None:
    campaign, rise, rivers = (content.scenarios[s] for s in ("campaign", "rise_and_fall", "two_rivers"))
    assert (campaign.first_turn, campaign.last_turn, campaign.start_year) == (1, 5, 722)
    assert campaign.powers == POWERS
    assert rise.powers == ("assyria", "mede", "babylonia", "elam") and rise.absent_powers == ("egypt",)
    assert rivers.powers == ("assyria", "babylonia", "elam") and rivers.tutorial


@pytest.mark.parametrize("sid", ["campaign", "rise_and_fall", "two_rivers"])
def test_4_1_scenario_places_only_existing_counters_once(content: Content, sid: str) -> None:
    setup = content.setups[sid]
    scenario = content.scenarios[sid]
    placed = [u for f in setup.forces for u in f.units]
    assert len(placed) == len(set(placed))
    assert len(placed) == sum(g.count for f in scenario.forces for g in f.units)
    for force in setup.forces:
        for uid in force.units:
            unit = content.units[uid]
            assert unit.nation == force.nation
        for lid in force.leaders:
            assert content.leaders[lid].nation == force.nation
        for kid in force.kings:
            assert content.kings[kid].nation == force.nation
    ships = [s for fl in setup.fleets for s in fl.ships]
    assert len(ships) == len(set(ships)) and all(content.ships[s].initially_available for s in ships)
    per_type = Counter((content.units[u].nation, content.units[u].type, content.units[u].front) for u in placed)
    pool = Counter((u.nation, u.type, u.front) for u in content.units.values())
    assert all(per_type[key] <= pool[key] for key in per_type)


@pytest.mark.parametrize("sid", ["campaign", "rise_and_fall", "two_rivers"])
def test_6_6_2_forces_respect_command_and_stacking(content: Content, sid: str) -> None:
    for force in content.setups[sid].forces:
        commanders = [content.leaders[x].front.command for x in force.leaders]
        commanders += [content.kings[x].command for x in force.kings]
        assert len(commanders) <= 1
        if commanders:
            assert len(force.units) <= commanders[0]
        assert len(force.units) + len(commanders) <= 10


@pytest.mark.parametrize("sid", ["campaign", "rise_and_fall", "two_rivers"])
def test_1_3_forces_stand_on_land_and_fleets_at_sea(content: Content, sid: str) -> None:
    setup = content.setups[sid]
    for force in setup.forces:
        assert force.area in content.areas
        assert not force.in_city or content.areas[force.area].city is not None
    for fleet in setup.fleets:
        assert fleet.zone in content.sea_zones


@pytest.mark.parametrize("sid", ["campaign", "rise_and_fall", "two_rivers"])
def test_4_1_6_17_inactive_minors_are_not_set_up_but_have_activation(content: Content, sid: str) -> None:
    scenario = content.scenarios[sid]
    on_map = {f.nation for f in scenario.forces}
    for minor in content.minors():
        if minor in on_map:
            assert minor not in scenario.activation and minor in scenario.hands
        else:
            activation = scenario.activation[minor]
            assert activation.forces and 1 <= activation.hand <= 3
            assert all(f.nation == minor for f in activation.forces)


@pytest.mark.parametrize("sid", ["campaign", "rise_and_fall", "two_rivers"])
def test_4_1_markers_economy_and_hands(content: Content, sid: str) -> None:
    s = content.scenarios[sid]
    assert s.impulse_marker == "assyria" and s.preemption_marker == "assyria"
    for power in s.powers:
        assert s.eco[power] == s.eco_base[power] + s.tribute_track.get(power, 0)
        hand = content.nations[power].hand
        assert hand is not None and hand.min <= s.hands[power] <= hand.max
        assert s.vp[power] == 0
        assert s.trade_box[power] <= (content.marker_stock["trade"].per_nation or {})[power]
    assert set(s.diplomacy) == set(content.minors()) | set(content.minor_cities()) | set(content.nomads())


@pytest.mark.parametrize("sid", ["campaign", "rise_and_fall", "two_rivers"])
def test_10_3_scenario_kings_are_the_timetable_kings_of_the_first_turn(content: Content, sid: str) -> None:
    s = content.scenarios[sid]
    kings = content.kings_for_turn(s.first_turn).kings
    placed = {content.kings[k].nation: k for f in s.forces for k in f.kings}
    for power in s.powers:
        if kings[power] is not None:
            assert placed.get(power) == kings[power]


def test_6_8_1_campaign_samaria_under_assyrian_hunger_siege(content: Content) -> None:
    s = content.scenarios["campaign"]
    siege = s.sieges[0]
    assert (siege.area, siege.besieger, siege.kind) == ("samaria", "assyria", "hunger")
    assert siege.level < content.areas["samaria"].city.defence + 3  # type: ignore[union-attr]
    assert any(f.nation == "assyria" and f.area == "samaria" and not f.in_city for f in s.forces)
    assert any(f.nation == "israel" and f.area == "samaria" and f.in_city for f in s.forces)


def test_1_1_campaign_political_start(content: Content) -> None:
    s = content.scenarios["campaign"]
    assert s.camps == {
        "assyria": "assyrian",
        "babylonia": "rebel",
        "elam": "rebel",
        "mede": "neutral",
        "egypt": "neutral",
    }
    assert ("mede", "persia") in s.wars
    refusers = [n for n, state in s.tribute.items() if state == "refused"]
    assert len(refusers) >= 3 and "urartu" in refusers
    assert "refused_last_turn" in s.tribute.values()
    assert any(k == "marduk_apla_iddina_ii" for f in s.forces for k in f.kings)
    assert any(k == "sargon_ii" for f in s.forces for k in f.kings)


def test_1_1_rise_and_fall_political_start(content: Content) -> None:
    s = content.scenarios["rise_and_fall"]
    assert s.camps["babylonia"] == s.camps["elam"] == "rebel" and s.camps["assyria"] == "assyrian"
    assert s.camps["mede"] == "neutral" and s.tribute["mede"] == "paid" and s.tribute_track["mede"] == -2
    persia = s.diplomacy["persia"]
    assert persia.track == "assyria" and persia.value is not None and persia.value >= 7
    assert {f.nation for f in s.forces} >= {"cimmerians", "scythians"}


def test_6_9_rise_and_fall_persia_is_the_only_pro_assyrian_country(content: Content) -> None:
    """Public account (S2): Persia alone is pro-Assyrian at the start; pro is 7-9 on a track (6.9), and
    alliance or march (10+) would be more than pro. Urartu, the hostile minor, refuses tribute (5.2.3)."""
    s = content.scenarios["rise_and_fall"]
    pro = sorted(n for n, d in s.diplomacy.items() if d.track == "assyria" and (d.value or 0) >= 7)
    assert pro == ["persia"]
    assert s.diplomacy["phoenicia"].value == s.diplomacy["judah"].value == 5  # trade status (4-6)
    assert s.tribute["urartu"] == "refused" and s.diplomacy["urartu"].box == "neutral"


def test_6_9_setup_revision_1_puts_back_the_earlier_rise_and_fall_markers() -> None:
    from ashur.games.assyrian_wars.game import GAME
    from ashur.testing import Position

    now = Position.setup(GAME, "rise_and_fall", seed=1).state["diplo"]
    old = Position.setup(GAME, "rise_and_fall", seed=1, options={"setup_revision": 1}).state["diplo"]
    assert (now["phoenicia"]["value"], now["judah"]["value"], now["scythians"]["value"]) == (5, 5, 5)
    assert (old["phoenicia"]["value"], old["judah"]["value"], old["scythians"]["value"]) == (7, 8, 7)
    assert {k: v for k, v in now.items() if k not in ("phoenicia", "judah", "scythians")} == \
        {k: v for k, v in old.items() if k not in ("phoenicia", "judah", "scythians")}


def test_8_3_eco_base_level_is_given_for_every_power(content: Content) -> None:
    for s in content.scenarios.values():
        assert set(s.eco_base) == set(s.powers)
