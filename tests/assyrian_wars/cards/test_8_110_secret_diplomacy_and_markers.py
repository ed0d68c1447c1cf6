"""Card 110 Secret Diplomacy and the secret diplomacy alternative of cards 90, 91 and 98 (6.11.m, 7.5.2.g:
any country, at once, free, failing on 2D6 of 9+); the marker moves of cards 8 Akitu Festival, 90 Royal
Marriage and 91 Egypt Stirs Up Palestine (6.9)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ashur.games.assyrian_wars.rules.course import card_effects
from ashur.games.assyrian_wars.rules.course.events import EVENTS
from tests.assyrian_wars.cards.diplomacy_kit import (
    act,
    ctx_of,
    deal,
    marker,
    play,
    ready,
    setup,
    top,
    windows,
)


def test_110_secret_diplomacy_succeeds_below_9() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 110)
    play(pos, "assyria", 110)
    assert top(pos)["step"] == "card_pick"
    assert "pick:urartu" in pos.ids("assyria") and "pick:trade" in pos.ids("assyria")
    pos.fix_dice(4, 4)
    pos.act("assyria", "pick:urartu")
    pos.assert_logged(rule="7.5.2.g", key="aw.sd_event", power="assyria", objective="urartu")
    assert top(pos)["step"] == "sd_resolve" and "move:urartu" in pos.ids("assyria")
    pos.fix_dice(3)
    pos.act("assyria", "move:urartu")
    assert (pos.state["diplo"]["urartu"]["power"], pos.state["diplo"]["urartu"]["value"]) == ("assyria", 3)


def test_110_secret_diplomacy_fails_on_9_or_more() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 110)
    play(pos, "assyria", 110)
    pos.fix_dice(5, 4)
    pos.act("assyria", "pick:urartu")
    pos.assert_logged(rule="7.5.2.g", key="aw.sd_event_failed", power="assyria", objective="urartu")
    assert top(pos)["step"] == "impulse" and pos.state["diplo"]["urartu"]["value"] == 0


def test_6_11_m_any_country_may_take_the_alternative_free_of_cost() -> None:
    """Egypt Stirs Up Palestine is Egypt's only, but Assyria may play it for its secret diplomacy action,
    which costs nothing."""
    pos = setup()
    ready(pos, "assyria", 10, 91)
    assert "card:91:event" not in pos.ids("assyria") and "card:91:secret" in pos.ids("assyria")
    act(pos, "assyria", "card:91:secret")
    assert windows(pos) == [("counter_measures", None)]
    pos.assert_logged(rule="6.11", key="aw.card_event", card=91, how="secret")
    assert not pos.logged(key="aw.spend")
    pos.fix_dice(1, 1)
    pos.act("assyria", "pick:assyria")
    pos.assert_logged(rule="6.11.m", key="aw.card_sd", objective="assyria")
    assert pos.ids("assyria")[-1] == "preempt:assyria"
    pos.act("assyria", "preempt:assyria")
    assert pos.state["special_impulses"] == ["assyria"]
    assert 91 in pos.state["discard"] and top(pos)["cards"] == [91]


def test_6_11_m_a_minor_takes_it_for_its_power() -> None:
    pos = setup()
    marker(pos, "urartu", "elam", 13)
    pos.state["countries"]["urartu"]["active"] = True
    ready(pos, "urartu", 2, 98)
    assert "card:98:event" not in pos.ids("elam")  # any power: not a minor
    assert "card:98:secret" in pos.ids("elam")
    play(pos, "urartu", 98, "secret")
    pos.fix_dice(2, 2)
    pos.act("elam", "pick:phrygia")
    pos.assert_logged(rule="6.11.m", key="aw.card_sd", country="urartu", power="elam", objective="phrygia")


def test_6_11_m_not_for_an_unallied_minor() -> None:
    pos = setup()
    ready(pos, "israel", 2, 90)
    assert "card:90:ap" in pos.ids("elam") and "card:90:secret" not in pos.ids("elam")
    pos.assert_illegal("elam", "card:90:secret", rule="6.11.m")


def test_6_11_e_counter_measures_cancel_the_secret_diplomacy_action() -> None:
    pos = setup()
    ready(pos, "egypt", 10, 90)
    act(pos, "egypt", "card:90:secret")
    windows(pos, {"babylonia": [58]})
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="babylonia", cancelled=90)
    assert top(pos)["step"] == "impulse" and not pos.logged(key="aw.card_sd")


def test_90_royal_marriage_moves_a_minor_not_allied_to_another_power_a_die_up_your_track() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 13)
    ready(pos, "babylonia", 10, 90)
    play(pos, "babylonia", 90)
    pos.assert_logged(rule="6.11", key="aw.spend", country="babylonia", ap=2, card=90)
    ids = pos.ids("babylonia")
    assert "pick:phoenicia" in ids and "pick:syria" not in ids  # Syria is allied to Egypt (6.9)
    assert "pick:cimmerians" not in ids and "pick:cyprus" not in ids
    pos.fix_dice(4)
    pos.act("babylonia", "pick:urartu")
    assert (pos.state["diplo"]["urartu"]["power"], pos.state["diplo"]["urartu"]["value"]) == ("babylonia", 4)


def test_91_egypt_stirs_up_palestine_splits_the_roll() -> None:
    pos = setup()
    ready(pos, "egypt", 10, 91)
    pos.fix_dice(6)
    play(pos, "egypt", 91)
    assert pos.ids("egypt") == ["pick:judah", "pick:israel", "pick:phoenicia", "pick:syria"]
    pos.act("egypt", "pick:judah")
    assert top(pos)["step"] == "breaker_spaces" and pos.ids("egypt")[0] == "move:6"
    pos.act("egypt", "move:5")
    assert (pos.state["diplo"]["judah"]["power"], pos.state["diplo"]["judah"]["value"]) == ("assyria", 3)


@pytest.fixture
def akitu() -> Iterator[None]:
    """Card 8's king candidate modifier belongs to the economy cards; a neutral stand-in lets its marker
    move be played here through the real event."""
    added = "king_check_modifier" not in card_effects.OPS
    if added:
        card_effects.OPS["king_check_modifier"] = card_effects.OpHandler("king_check_modifier", lambda c, f, o: None)
    registered = 8 not in EVENTS
    if registered:
        EVENTS[8] = card_effects.data_event(ctx_of(setup()).card(8))
    yield
    if registered:
        EVENTS.pop(8)
    if added:
        card_effects.OPS.pop("king_check_modifier")


def test_8_akitu_festival_moves_a_minor_d3_up_babylonias_track(akitu: None) -> None:
    pos = setup()
    ready(pos, "babylonia", 10)
    assert "card:8:event" in pos.ids("babylonia")
    pos.fix_dice(5)  # a D3: 5 halved, rounded up
    play(pos, "babylonia", 8)
    pos.act("babylonia", "pick:phrygia")
    pos.assert_logged(rule="6.11.f", key="aw.card_marker", subject="phrygia", power="babylonia", n=3)
    assert (pos.state["diplo"]["phrygia"]["power"], pos.state["diplo"]["phrygia"]["value"]) == ("babylonia", 3)
    deal(pos, "elam", 8)
    ready(pos, "elam", 10)
    assert "card:8:event" not in pos.ids("elam")  # Babylonia's card ("you", 6.11)
