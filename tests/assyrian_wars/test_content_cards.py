"""Cards: numbering, named cards, home and army group cards, structured effects (2.3, 3.2, 6.11, 7.5)."""

from __future__ import annotations

from collections import Counter
from typing import get_args

import pytest

from ashur.games.assyrian_wars.content import Content, load_content
from ashur.games.assyrian_wars.content.checks import NAMED_CARDS, walk_ops
from ashur.games.assyrian_wars.content.effects import Card, CardType


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def by_name(content: Content, name: str) -> list[Card]:
    return [c for c in content.cards.values() if c.name == name]


def ops(card: Card) -> list[str]:
    return [op.op for op in walk_ops(card.effect)]


def test_2_3_deck_has_110_cards_numbered_1_to_110(content: Content) -> None:
    assert sorted(content.cards) == list(range(1, 111))


def test_6_11_every_card_the_rules_name_is_present(content: Content) -> None:
    names = {c.name for c in content.cards.values()}
    for name in NAMED_CARDS:
        assert name in names, name


def test_6_11_every_card_has_an_ap_value_and_every_playable_card_an_effect(content: Content) -> None:
    for card in content.cards.values():
        assert card.ap >= 0 and card.text
        if card.kind != "army_group":
            assert card.effect and card.types and card.timing


def test_3_2_deck_ap_values_are_mostly_2_to_5_with_a_few_1_and_6(content: Content) -> None:
    aps = Counter(content.cards[n].ap for n in content.deck())
    assert len(content.deck()) == 86
    assert sum(aps[v] for v in (2, 3, 4, 5)) >= 0.85 * 86
    assert 1 <= aps[1] <= 5 and 1 <= aps[6] <= 5


def test_2_3_home_cards_and_secret_diplomacy_backs(content: Content) -> None:
    for power in content.powers():
        homes = [content.cards[n] for n in content.home_cards(power)]
        assert len(homes) >= 2 and all(c.plus for c in homes)
        tables = [c for c in homes if c.secret_diplomacy_table]
        assert len(tables) == (2 if power == "assyria" else 1)
    for minor in content.minors():
        assert len(content.home_cards(minor)) == 1
    for nomad in content.nomads():
        assert content.home_cards(nomad) == ()


def test_6_6_3_army_group_cards_are_holding_areas(content: Content) -> None:
    assert len(content.army_group_cards("assyria")) == 2
    for power in content.powers():
        for number in content.army_group_cards(power):
            card = content.cards[number]
            assert card.kind == "army_group" and card.owner == power and not card.effect


def test_6_11_aramaean_nomads_card_40(content: Content) -> None:
    card = content.cards[40]
    assert card.name == "Aramaean Nomads" and card.ap == 4 and card.event_cost == 3 and card.types == ("recruit",)
    op = card.effect[0]
    assert op.op == "nomad_mercenaries" and op.nation == "aramaeans"
    assert op.exclusive and not op.disband_in_interphase and op.replaces_previous
    turncoats, give = by_name(content, "Turncoats")[0], by_name(content, "Give Them What They Want")[0]
    assert set(op.immune_to_cards) == {turncoats.number, give.number}


def test_10_4_e_turncoats_and_give_them_what_they_want_spare_aramaeans(content: Content) -> None:
    for name in ("Turncoats", "Give Them What They Want"):
        card = by_name(content, name)[0]
        defect = card.effect[0]
        assert defect.op == "mercenaries_defect" and "aramaeans" in defect.exempt
        assert "battle" in card.types


def test_6_11_c_phoenician_alliance_is_an_alliance_breaker_ap_4(content: Content) -> None:
    card = by_name(content, "Phoenician Alliance")[0]
    assert card.ap == 4 and card.event_cost == 4 and card.types == ("alliance_breaker",)
    assert {(t.when, t.trigger) for t in card.timing} == {("own_impulse", None), ("response", "vp_battle")}
    move = card.effect[0]
    assert move.subjects == ("phoenicia",) and move.dice.n == 2 and move.alliance_breaker
    breakers = [c for c in content.cards.values() if "alliance_breaker" in c.types]
    assert len(breakers) >= 8


def test_6_3_10_3_crown_prince(content: Content) -> None:
    card = by_name(content, "Crown Prince")[0]
    assert ops(card) == ["crown_king"] and card.effect[0].target == "either"
    assert "interphase" in {t.when for t in card.timing}


def test_6_8_4_gathering_the_tribes_and_deportation(content: Content) -> None:
    tribes = by_name(content, "Gathering the Tribes")[0]
    assert tribes.kind == "home" and tribes.owner == "mede"
    assert {"eco_marker", "resurrect_power"} <= set(ops(tribes))
    eco = next(op for op in walk_ops(tribes.effect) if op.op == "eco_marker")
    assert eco.where == "mede_far_east"
    deport = by_name(content, "Deportation")[0]
    assert deport.kind == "home" and deport.owner == "assyria" and ops(deport) == ["deport_eco"]
    assert deport.effect[0].max_markers == 2


def test_6_11_j_elam_home_card_converts_mercenaries(content: Content) -> None:
    assert any("convert_mercenaries" in ops(content.cards[n]) for n in content.home_cards("elam"))


def test_6_7_2_only_the_phoenician_home_card_modifies_ships(content: Content) -> None:
    ship_cards = [
        c
        for c in content.cards.values()
        if any(op.op == "combat_modifier" and op.units == "ships" for op in walk_ops(c.effect))
    ]
    assert [(c.kind, c.owner) for c in ship_cards] == [("home", "phoenicia")]


def test_7_1_grace_period_cards(content: Content) -> None:
    for name in ("Opposing Party Takes Command", "Priests of Marduk"):
        assert {"cancel_grace_period", "allow_camp_change"} <= set(ops(by_name(content, name)[0]))
    incite = by_name(content, "Incite Hostilities")[0]
    grace = incite.effect[0]
    assert grace.op == "cancel_grace_period" and {grace.subject, grace.other} == {"elam", "persia"}


def test_6_11_f_marduks_assyrian_followers_lies_face_up(content: Content) -> None:
    card = by_name(content, "Marduk's Assyrian Followers")[0]
    assert "political" in card.types and card.face_up is not None


def test_6_11_g_careful_preparations_and_pass_impulse(content: Content) -> None:
    for name in ("Careful Preparations", "Pass Impulse"):
        card = by_name(content, name)[0]
        assert card.types == ("draw_pile",) and "pass_impulse" in ops(card)


def test_6_11_pharaoh_takes_action_is_move_or_draw(content: Content) -> None:
    card = by_name(content, "Pharaoh Takes Action")[0]
    assert set(card.types) == {"move", "draw_pile"} and card.playable_by == ("egypt",)
    choice = card.effect[0]
    assert choice.op == "choose_one" and {o.types for o in choice.options} == {("move",), ("draw_pile",)}


def test_6_11_b_foreign_wars(content: Content) -> None:
    sides = {c.effect[0].sides for c in content.cards.values() if "foreign_war" in c.types}
    assert ("egypt", "lybia") in sides and ("egypt", "nubia") in sides and ("mede", "mede") in sides
    assert any("nomads" in pair for pair in sides)
    assert len(by_name(content, "End Any Foreign War")) >= 1


def test_6_11_a_disasters_and_counter_measures(content: Content) -> None:
    assert by_name(content, "Pirates") and len(by_name(content, "Pestilence")) >= 1
    for card in by_name(content, "Counter Measures"):
        assert card.effect[0].card_types == "any"
    for card in by_name(content, "Battle Counter Measures"):
        assert card.effect[0].card_types == ("battle",)
    assert ops(by_name(content, "Coordinated Attack")[0]) == ["coordinated_attack"]


def test_8_4_any_alliance_allows_alliance_with_a_conquered_power(content: Content) -> None:
    assert {"move_diplomatic_marker", "ally_conquered_power"} <= set(ops(by_name(content, "Any Alliance")[0]))


def test_6_11_c2_a_pact_card_for_every_minor_city(content: Content) -> None:
    cities: set[str] = set()
    for card in content.cards.values():
        if "minor_city_pact" in card.types:
            cities.update(card.effect[0].cities)
    assert cities == set(content.minor_cities())


def test_6_11_every_card_type_is_used(content: Content) -> None:
    used = {t for c in content.cards.values() for t in c.types}
    assert used == set(get_args(CardType))
    assert len(used) == 16


def test_6_11_m_secret_diplomacy_alternatives(content: Content) -> None:
    alternatives = [c for c in content.cards.values() if c.secret_diplomacy is not None]
    assert alternatives and all(c.secret_diplomacy.fails_on == (9, 10, 11, 12) for c in alternatives)  # type: ignore[union-attr]


def test_7_5_secret_diplomacy_tables(content: Content) -> None:
    tables = content.secret_diplomacy
    assert Counter(t.power for t in tables.values()) == {"assyria": 2, "mede": 1, "egypt": 1, "babylonia": 1, "elam": 1}
    allowed = set(content.powers()) | set(content.minors()) | set(content.nomads()) | {"minor_cities", "trade"}
    for table in tables.values():
        assert set(table.objectives) <= allowed
        assert {table.power, "trade", "minor_cities"} <= set(table.objectives)
        assert content.cards[table.card].secret_diplomacy_table == table.id
