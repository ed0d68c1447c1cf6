"""'+' cards of the draw deck (3.2: '+' cards are home cards "for the most part"): 71 Desert Guides, 72
Mountain Passes, 73 Inflated Skins, 93 Gifts from Dilmun, 97 Lords of Zikirtu allow a second card in the
impulse, first or second, for APs or as an event (3.2, 6.11, 6.18, 6.19)."""

from __future__ import annotations

import pytest

from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars.helpers import pass_windows, to_main, top
from tests.assyrian_wars.landkit import army, give_card, set_ap, start

DECK_PLUS = (71, 72, 73, 93, 97)


def _plain(pos: Position, country: str) -> list[int]:
    return [n for n in pos.state["countries"][country]["hand"] if not content().cards[n].plus]


def _assyria(*cards: int) -> Position:
    pos = to_main(Position.setup(GAME, "two_rivers", 3))
    for n in cards:
        give_card(pos, "assyria", n)
    return pos


def test_3_2_the_deck_holds_a_few_plus_cards_home_cards_are_most() -> None:
    cards = content().cards.values()
    deck_plus = sorted(c.number for c in cards if c.kind == "deck" and c.plus)
    home_plus = [c.number for c in cards if c.kind == "home" and c.plus]
    assert deck_plus == list(DECK_PLUS)
    assert len(home_plus) > len(deck_plus), "'+' cards are home cards for the most part (3.2)"
    for n in deck_plus:
        assert "'+' card (3.2" in (content().cards[n].source or "")
    assert not content().cards[33].plus and not content().cards[34].plus, "6.11.g: no + card with them"


@pytest.mark.parametrize("plus", DECK_PLUS)
def test_3_2_a_deck_plus_card_first_allows_a_second_card(plus: int) -> None:
    pos = _assyria(plus)
    a, b = _plain(pos, "assyria")[:2]
    pos.act("assyria", f"card:{plus}:ap", f"card:{a}:ap")
    assert top(pos)["cards"] == [plus, a]
    assert plus in pos.state["discard"], "a deck '+' card goes to the common discard pile (4.1)"
    exc = pos.assert_illegal("assyria", f"card:{b}:ap", rule="3.2")
    assert "two cards" in exc.reason


def test_3_2_a_deck_plus_card_may_be_the_second_card() -> None:
    pos = _assyria(93)
    a, b = _plain(pos, "assyria")[:2]
    pos.act("assyria", f"card:{a}:ap")
    assert f"card:{b}:ap" not in pos.ids("assyria") and "card:93:ap" in pos.ids("assyria")
    pos.act("assyria", "card:93:ap")
    assert top(pos)["cards"] == [a, 93]
    assert "plus" not in pos.ids("assyria")


def test_3_2_a_deck_plus_card_played_as_its_event_allows_a_second_card() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "assyria", 72)
    pos.act("assyria", "card:72:event")
    pass_windows(pos)
    pos.act("assyria", "force:assyria-turtanu")
    a = _plain(pos, "assyria")[0]
    assert f"card:{a}:ap" in pos.ids("assyria")
    pos.act("assyria", f"card:{a}:ap")
    assert top(pos)["cards"] == [72, a]


def test_6_11_an_event_paid_with_a_plus_card_played_for_aps() -> None:
    """6.11: an event's cost may be paid by a '+' card played for its APs (no loan needed)."""
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "assyria", 73)
    give_card(pos, "assyria", 64)
    set_ap(pos, 0)
    pos.act("assyria", "card:73:ap", "card:64:event")
    pass_windows(pos)
    pos.act("assyria", "force:assyria-turtanu")
    assert pos.state["countries"]["assyria"]["borrowed"] == 0
    pos.assert_logged(rule="6.11", key="aw.spend", what="event", card=64)


def test_6_11_g_no_plus_card_with_the_passing_cards() -> None:
    pos = _assyria(72, 34)
    pos.act("assyria", "card:72:ap")
    pos.assert_illegal("assyria", "card:34:event", rule="6.11")
    pos = _assyria(72, 34)
    pos.act("assyria", "card:34:event")
    pass_windows(pos)
    assert not (top(pos)["step"] == "impulse" and top(pos)["c"] == "assyria"), "the impulse is over (6.11.g)"


def test_6_19_the_last_impulse_plays_two_cards_if_one_is_a_plus_card() -> None:
    """6.19: the last country with cards takes one impulse, with two cards if one is a '+' card."""
    pos = _assyria()
    a = _plain(pos, "assyria")[0]
    others = [n for n in pos.state["deck"] if not content().cards[n].plus][:2]
    pos.state["countries"]["assyria"]["hand"][:] = [a]
    pos.state["countries"]["elam"]["hand"][:] = []
    pos.state["countries"]["babylonia"]["hand"][:] = [97, *others]
    for n in (97, *others):
        if n in pos.state["deck"]:
            pos.state["deck"].remove(n)
    pos.act("assyria", f"card:{a}:ap", "end")
    to_main(pos)
    assert top(pos)["c"] == "babylonia" and top(pos).get("final")
    pos.assert_logged(rule="6.19", key="aw.last_impulse", country="babylonia")
    pos.act("babylonia", f"card:{others[0]}:ap")
    pos.assert_illegal("babylonia", f"card:{others[1]}:ap", rule="3.2")
    pos.act("babylonia", "card:97:ap")
    assert top(pos)["cards"] == [others[0], 97]
