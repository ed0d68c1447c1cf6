"""6.11 framework: events, their AP cost and borrowing, and the windows that card events plug into."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ashur.games.assyrian_wars import cards
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars.helpers import pass_windows, top


@pytest.fixture
def test_event() -> Iterator[int]:
    """Register a test event on a deck card in Assyria's hand (card events come with a later issue)."""
    pos = Position.setup(GAME, "two_rivers", 3)
    number = next(n for n in pos.state["countries"]["assyria"]["hand"] if content().cards[n].kind == "deck")
    played: list[str] = []
    old = cards.EVENTS.pop(number, None)  # the card's own event, if it has one, is restored afterwards
    cards.register(cards.Event(number, cards.IMPULSE, lambda ctx, c, f: True,
                               lambda ctx, c, f: played.append(c)))
    yield number
    cards.EVENTS.pop(number)
    if old is not None:
        cards.register(old)


def test_6_11_event_is_offered_paid_and_resolved(test_event: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    assert f"card:{test_event}:event" in pos.ids("assyria")
    cost = content().cards[test_event].event_cost
    pos.act("assyria", f"card:{test_event}:event")
    pos.assert_logged(rule="6.11", key="aw.card_event", card=test_event)
    pass_windows(pos)
    if cost:
        pos.assert_logged(rule="6.11", key="aw.spend", what="event")
    assert test_event in pos.state["discard"] or any(f["card"] == test_event for f in pos.state["faceup"])


def test_6_11_an_unregistered_event_can_only_be_played_for_aps(test_event: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    ev = cards.EVENTS.pop(test_event)
    try:
        assert f"card:{test_event}:ap" in pos.ids("assyria")
        assert f"card:{test_event}:event" not in pos.ids("assyria")
        pos.assert_illegal("assyria", f"card:{test_event}:event", rule="6.11")
    finally:
        cards.EVENTS[test_event] = ev


def test_6_11_borrowing_against_the_next_impulse(test_event: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    cost = content().cards[test_event].event_cost
    if cost == 0:
        pytest.skip("the chosen card has no event cost")
    top(pos)["ap2"] = 0
    pos.act("assyria", f"card:{test_event}:event")
    pass_windows(pos)
    assert pos.state["countries"]["assyria"]["borrowed"] == cost
    pos.assert_logged(rule="6.11", key="aw.borrow", country="assyria", ap=cost)


def test_6_11_unrepaid_loan_costs_an_eco_marker() -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    s = pos.state
    s["countries"]["babylonia"]["borrowed"] = 50
    pos.act("assyria", next(i for i in pos.ids("assyria") if i.endswith(":ap")), "end")
    assert s is not pos.state
    assert pos.state["stack"][-1]["step"] == "loan_default"
    ids = pos.ids("babylonia")
    assert ids and all(i.startswith(("eco_minus:", "eco_plus_off:")) for i in ids)
    pos.act("babylonia", ids[0])
    pos.assert_logged(rule="6.11")


def test_6_11_2_2_an_unrepaid_loan_takes_no_eco_minus_marker_the_stock_lacks() -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    s = pos.state
    s["countries"]["babylonia"]["borrowed"] = 50
    others = [a for a, st in sorted(s["areas"].items()) if st["ctrl"] not in ("babylonia",)]
    stock = content().marker_stock["eco_minus"].count
    for aid in others[:stock]:
        s["areas"][aid]["eco_minus"] = 1  # every ECO -1 marker of the box is in play (2.2)
    for st in s["areas"].values():
        if st["ctrl"] == "babylonia":
            st["eco_plus"] = 0
    pos.act("assyria", next(i for i in pos.ids("assyria") if i.endswith(":ap")), "end")
    assert pos.ids("babylonia") == [] or not any(i.startswith("eco_minus:") for i in pos.ids("babylonia"))
    pos.assert_logged(rule="6.11", key="aw.loan_default_nothing", country="babylonia")
    assert all(st["eco_minus"] == 0 for st in pos.state["areas"].values() if st["ctrl"] == "babylonia")


def test_6_7_1_windows_ask_everyone_in_turn_order_and_reveal_together(test_event: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    ev = cards.EVENTS.pop(test_event)
    cards.register(cards.Event(test_event, "battle", lambda ctx, c, f: True, ev.play))
    ctx = Ctx(pos.state, content())
    cards.open_window(ctx, "battle", ["elam", "assyria", "babylonia"], {"battle": 1}, "6.7.1")
    frame = top(pos)
    assert frame["step"] == "window" and frame["order"] == ["assyria", "babylonia", "elam"]
    pos.act("assyria", f"choose:{test_event}")
    for role in ("babylonia", "elam"):
        view = GAME.view(pos.state, role)
        assert test_event not in [c for w in view["windows"] for v in w["mine"].values() for c in v]
    pos.act("assyria", "pass")
    pos.act("babylonia", "pass")
    pos.act("elam", "pass")
    pos.assert_logged(rule="6.7.1", key="aw.card_revealed", card=test_event)


def test_6_7_1_window_skipped_when_no_such_card_can_be_held() -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    s = pos.state
    for number, ev in cards.EVENTS.items():  # every battle card is publicly in a discard pile
        if "battle" not in ev.kinds:
            continue
        for pile in [s["deck"], *(co["hand"] for co in s["countries"].values())]:
            if number in pile:
                pile.remove(number)
                owner = content().cards[number].owner
                (s["countries"][owner]["home_discard"] if owner else s["discard"]).append(number)
    depth = len(pos.state["stack"])
    cards.open_window(Ctx(pos.state, content()), "battle", ["assyria", "babylonia"], {}, "6.7.1")
    assert len(pos.state["stack"]) == depth


def test_6_11_tallies_count_events_played_per_card(test_event: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    assert GAME.tallies(pos.state) == {"cards_played": {}}
    pos.act("assyria", f"card:{test_event}:event")
    pass_windows(pos)
    assert GAME.tallies(pos.state) == {"cards_played": {str(test_event): 1}}


def test_the_card_list_document_is_up_to_date() -> None:
    """docs/cards-assyrian-wars.md is generated from the data and the registered events (issue 13)."""
    from pathlib import Path

    from ashur.games.assyrian_wars.cards.doc import render

    path = Path(__file__).resolve().parents[2] / "docs" / "cards-assyrian-wars.md"
    assert path.read_text(encoding="utf-8") == render(content().cards, cards.EVENTS), \
        "regenerate: python -m ashur.games.assyrian_wars.cards.doc > docs/cards-assyrian-wars.md"


def test_6_11_option_card_events_off_every_card_gives_its_aps_only(test_event: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3, {"card_events": False})
    assert f"card:{test_event}:ap" in pos.ids("assyria")
    assert f"card:{test_event}:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", f"card:{test_event}:event", rule="6.11")
    depth = len(pos.state["stack"])
    cards.open_window(Ctx(pos.state, content()), "counter_measures", ["assyria", "babylonia"], {}, "6.11.e")
    assert len(pos.state["stack"]) == depth


def test_6_11_a_choose_one_card_with_no_option_left_when_it_resolves_has_no_effect() -> None:
    """An option possible when the card was played may be gone when it resolves (a response after other
    cards): the card then has no effect instead of asking a question with no answer."""
    from ashur.games.assyrian_wars.rules.course import card_effects

    pos = Position.setup(GAME, "campaign", 3)
    ctx = Ctx(pos.state, content())
    checks = {name: h for name, h in card_effects.OPS.items()}
    try:
        for name, h in checks.items():  # every option refuses now
            card_effects.OPS[name] = card_effects.OpHandler(name, h.run, lambda c, f, o: "gone")
        card_effects.start(ctx, 45, "egypt", pos.state["stack"][-1])
        depth = len(pos.state["stack"])
        card_effects.Effects().run(ctx, pos.state["stack"][-1])
        assert len(pos.state["stack"]) == depth  # no choice pushed
        pos.assert_logged(key="aw.card_no_option", card=45)
    finally:
        card_effects.OPS.update(checks)
