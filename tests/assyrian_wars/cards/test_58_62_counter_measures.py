"""Cards 58-60 Counter Measures (6.11, 6.11.a, 6.11.e): cancel an event just played, before its effects;
the cancelled event costs nothing and both cards are discarded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ashur.games.assyrian_wars import cards
from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars.helpers import pass_windows, top

EVENT_CARD = 25  # any deck card with an AP cost; its event is replaced by a recording one for the test


@pytest.fixture
def recorded() -> Iterator[list[str]]:
    played: list[str] = []
    old = cards.EVENTS.pop(EVENT_CARD, None)
    cards.register(cards.Event(EVENT_CARD, cards.IMPULSE, lambda ctx, c, f: True,
                               lambda ctx, c, f: played.append(c)))
    yield played
    cards.EVENTS.pop(EVENT_CARD)
    if old is not None:
        cards.register(old)


def _deal(pos: Position, country: str, number: int) -> None:
    s = pos.state
    for holder in [s["deck"], s["discard"], *(co["hand"] for co in s["countries"].values())]:
        if number in holder:
            holder.remove(number)
    s["countries"][country]["hand"].append(number)


@pytest.mark.parametrize("cm", [58, 59, 60])
def test_6_11_e_counter_measures_cancel_the_event_and_its_cost(recorded: list[str], cm: int) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    _deal(pos, "assyria", EVENT_CARD)
    _deal(pos, "babylonia", cm)
    spent = top(pos)["spent2"]
    pos.act("assyria", f"card:{EVENT_CARD}:event")
    frame = top(pos)
    assert frame["step"] == "window" and frame["kind"] == "counter_measures"
    assert "assyria" not in frame["order"]
    pos.act(frame["order"][0], *(["pass"] if frame["order"][0] != "babylonia" else []))
    pos.act("babylonia", f"choose:{cm}")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="babylonia", card=cm, cancelled=EVENT_CARD)
    assert recorded == []
    assert EVENT_CARD in pos.state["discard"] and cm in pos.state["discard"]
    assert top(pos)["step"] == "impulse" and top(pos)["spent2"] == spent  # 6.11: no AP cost paid
    assert content().cards[EVENT_CARD].event_cost > 0


def test_6_11_e_without_counter_measures_the_event_resolves(recorded: list[str]) -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    _deal(pos, "assyria", EVENT_CARD)
    _deal(pos, "babylonia", 58)
    pos.act("assyria", f"card:{EVENT_CARD}:event")
    pass_windows(pos)
    assert recorded == ["assyria"]
    assert 58 in pos.state["countries"]["babylonia"]["hand"]


def test_6_11_e_counter_measures_are_not_offered_without_an_event() -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    _deal(pos, "assyria", 58)
    assert "card:58:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:58:event", rule="6.11")


def test_1_1_b_6_11_e_an_active_minor_nobody_controls_is_not_asked(recorded: list[str]) -> None:
    """An active minor without a controlling power has no player to choose its cards (1.1 B): the Counter
    Measures window skips it instead of waiting on nobody (fuzz, two_rivers: Judah after its marker left)."""
    pos = Position.setup(GAME, "two_rivers", 3)
    s = pos.state
    s["countries"]["judah"]["active"] = True
    s["diplo"]["judah"].update(power=None, value=0)
    _deal(pos, "judah", 58)
    _deal(pos, "assyria", EVENT_CARD)
    pos.act("assyria", f"card:{EVENT_CARD}:event")
    frame = top(pos)
    assert frame["step"] == "window" and "judah" not in frame["order"]
    assert frame["order"] and all(pos.game.legal_actions(pos.state, role) for role in pos.game.active(pos.state))
