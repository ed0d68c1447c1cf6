"""Cards 92-97 minor city pacts (6.11.c2): a power makes a pact with the minor city its card names; the
card lies face up while the pact lasts (6.11.l); Counter Measures cancel it (6.11.e)."""

from __future__ import annotations

import pytest

from ashur.games.assyrian_wars.rules.course.card_effects import play_frame, refusal
from ashur.games.assyrian_wars.rules.politics.markers import end_pact
from tests.assyrian_wars.cards.diplomacy_kit import act, ctx_of, deal, play, ready, setup, top, windows
from tests.assyrian_wars.politicskit import run

CITIES = {92: "cyprus", 93: "dilmun", 94: "petra", 95: "malatia", 97: "zirkitia"}


@pytest.mark.parametrize("number", sorted(CITIES))
def test_6_11_c2_the_card_makes_a_pact_with_its_city(number: int) -> None:
    city = CITIES[number]
    pos = setup()
    ready(pos, "egypt", 10, number)
    play(pos, "egypt", number)
    pos.assert_logged(rule="6.11.c2", key="aw.minor_city_pact", city=city, power="egypt")
    d = pos.state["diplo"][city]
    assert d["pact"] and d["power"] == "egypt" and d["value"] == 0
    assert ctx_of(pos).ally_power(city) == "egypt"
    assert {"payer": city, "to": "egypt", "amount": 1, "why": "pact"} in pos.state["tribute"]
    assert {"card": number, "by": "egypt", "city": city} in pos.state["faceup"]
    assert top(pos)["spent2"] == 0  # a pact card has no event cost


def test_6_11_c2_no_pact_with_a_city_already_in_one() -> None:
    """Adana starts the Campaign in an Assyrian pact: Cities of Que cannot be played for its event."""
    pos = setup()
    ready(pos, "egypt", 10, 96)
    assert "card:96:event" not in pos.ids("egypt") and "card:96:ap" in pos.ids("egypt")
    pos.assert_illegal("egypt", "card:96:event", rule="6.11")
    why = refusal(ctx_of(pos), play_frame(ctx_of(pos), 96, "egypt", top(pos)), ctx_of(pos).card(96).effect)
    assert why == "adana is already in a minor city pact (6.11.c2)"


def test_6_11_c2_no_pact_with_a_conquered_city() -> None:
    pos = setup()
    pos.state["conquered"]["cyprus"] = [{"by": "assyria", "turn": 1, "grace_until": None}]
    ready(pos, "egypt", 10, 92)
    assert "card:92:event" not in pos.ids("egypt")


def test_6_11_c2_only_a_power_makes_a_pact() -> None:
    pos = setup()
    ready(pos, "israel", 10, 93)
    assert "card:93:ap" in pos.ids("elam")  # Israel, played by Elam under 7.4.5
    assert "card:93:event" not in pos.ids("elam")


def test_6_11_l_the_card_leaves_the_table_when_the_pact_ends() -> None:
    pos = setup()
    ready(pos, "egypt", 10, 92)
    play(pos, "egypt", 92)
    run(pos, lambda ctx: end_pact(ctx, "cyprus", "7.1"))
    act(pos, "egypt", "end")
    pos.assert_logged(rule="6.11.c2", key="aw.card_expired", card=92)
    assert not pos.state["faceup"] and 92 in pos.state["discard"]


def test_6_11_e_counter_measures_cancel_the_pact() -> None:
    pos = setup()
    ready(pos, "egypt", 10, 95)
    deal(pos, "babylonia", 58)
    act(pos, "egypt", "card:95:event")
    windows(pos, {"babylonia": [58]})
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="babylonia", cancelled=95)
    assert not pos.state["diplo"]["malatia"]["pact"]
    assert 95 in pos.state["discard"] and not pos.state["faceup"]
