"""3.5, 3.6, 6.19: the end of the turn, the last impulse and the extended turn; home cards return."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars.helpers import run_until, top


def _empty_hand(pos: Position, c: str) -> None:
    hand = pos.state["countries"][c]["hand"]
    for n in list(hand):
        hand.remove(n)
        if content().cards[n].kind == "home":
            pos.state["countries"][c]["home_discard"].append(n)
        else:
            pos.state["discard"].append(n)


def test_6_19_last_country_with_cards_takes_the_last_impulse() -> None:
    pos = Position.setup(GAME, "two_rivers", 2)
    for c in ("babylonia", "elam"):
        _empty_hand(pos, c)
    # Assyria plays; afterwards only Assyria holds cards and just played: the turn ends at once (3.5)
    run_until(pos, lambda p: p.state["turn"] == 3 or top(p)["step"] != "impulse")
    assert any(e["key"] == "aw.turn_over_consecutive" and e["rule"] == "3.5" for e in pos.log)


def _keep_one_card(pos: Position, c: str) -> int:
    """Leave `c` a single deck card (home cards to its home discard pile)."""
    hand = pos.state["countries"][c]["hand"]
    keep = next(n for n in hand if content().cards[n].kind != "home")
    _empty_hand(pos, c)
    pos.state["discard"].remove(keep)
    hand.append(keep)
    return keep


def test_6_19_the_single_other_holder_plays_last_then_the_turn_ends() -> None:
    """Assyria plays its only card; Elam is then the one country with cards and takes the last impulse
    at once; after it nobody has cards and the turn ends; home cards come back (6.19)."""
    pos = Position.setup(GAME, "two_rivers", 2)
    _empty_hand(pos, "babylonia")
    card = _keep_one_card(pos, "assyria")
    _keep_one_card(pos, "elam")
    pos.act("assyria", f"card:{card}:ap", "end")
    pos.assert_logged(rule="6.19", key="aw.last_impulse", country="elam")
    assert top(pos)["step"] == "impulse" and top(pos)["c"] == "elam"
    elam_card = pos.state["countries"]["elam"]["hand"][0]
    pos.act("elam", f"card:{elam_card}:ap", "end")
    pos.assert_logged(rule="6.19", key="aw.turn_end")
    pos.assert_logged(rule="6.19", key="aw.home_cards_back", country="assyria")


def test_3_6_extended_turn_when_a_country_receives_a_card() -> None:
    """3.6: after the 'last' impulse another country holding cards again extends the turn."""
    from ashur.games.assyrian_wars.ctx import Ctx
    from ashur.games.assyrian_wars.rules.course.sequence import ActionPhase

    pos = Position.setup(GAME, "two_rivers", 2)
    ctx = Ctx(pos.state, content())
    frame = {"step": "actions", "phase": "check", "pos": 1, "last": "assyria", "block": False,
             "final": "elam", "pending": None, "last_started": "elam"}
    _empty_hand(pos, "elam")
    pos.state["stack"].append(frame)
    ActionPhase().run(ctx, frame)
    assert frame["final"] is None and frame["phase"] == "next", "Assyria and Babylonia hold cards again"
    assert any(e["key"] == "aw.extended_turn" and e["rule"] == "3.6" for e in pos.log)
