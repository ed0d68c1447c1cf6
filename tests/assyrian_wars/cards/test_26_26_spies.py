"""Card 26 Spies (6.11.g): look at another country's hand, take one of its cards at random (never a home
card) and give it one card of your choice; only the spying player sees the hand (a reveal: undo stops)."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME
from tests.assyrian_wars.cards.diplomacy_kit import ctx_of, deal, play, ready, setup, top


def test_26_spies_look_take_at_random_and_give_back() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 26)
    egypt_before = list(pos.state["countries"]["egypt"]["hand"])
    home = [n for n in egypt_before if ctx_of(pos).is_home_card(n)]
    reveals = pos.state["reveals"]
    play(pos, "assyria", 26)
    assert top(pos)["step"] == "card_pick"
    assert pos.ids("assyria") == ["pick:mede", "pick:egypt", "pick:babylonia", "pick:elam", "pick:israel",
                                  "pick:persia"]
    pos.act("assyria", "pick:egypt")
    assert pos.state["reveals"] > reveals
    seen = pos.assert_logged(rule="6.11.g", key="aw.spies_hand", country="assyria", target="egypt")
    assert seen["params"]["cards"] == sorted(egypt_before) and seen["to"] == ["assyria"]
    took = pos.assert_logged(rule="6.11.g", key="aw.spies_took", country="assyria", target="egypt")
    taken = took["params"]["card"]
    assert taken in egypt_before and taken not in home and sorted(took["to"]) == ["assyria", "egypt"]
    assert taken in pos.state["countries"]["assyria"]["hand"]
    assert top(pos)["step"] == "card_pick" and f"pick:{taken}" in pos.ids("assyria")
    assert not any(ctx_of(pos).is_home_card(int(i.split(":")[1])) for i in pos.ids("assyria"))  # never a home card
    pos.act("assyria", "pick:98")
    assert 98 in pos.state["countries"]["egypt"]["hand"]
    assert len(pos.state["countries"]["egypt"]["hand"]) == len(egypt_before)
    pos.assert_logged(rule="6.11.g", key="aw.spies_gave", country="assyria", target="egypt", card=98)
    assert top(pos)["step"] == "impulse"


def test_26_what_the_spies_saw_stays_hidden_from_the_others() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 26)
    play(pos, "assyria", 26)
    pos.act("assyria", "pick:egypt")
    for role in ("mede", "babylonia", "observer"):
        view = GAME.view(pos.state, role)
        entries = [e for e in view["log"] if e["key"] in ("aw.spies_hand", "aw.spies_took")]
        assert not entries
        assert any(e["key"] == "aw.spies_take" for e in view["log"])
        assert GAME.view(GAME.scramble(pos.state, role, 5), role) == view
    assert any(e["key"] == "aw.spies_hand" for e in GAME.view(pos.state, "assyria")["log"])


def test_26_never_a_home_card() -> None:
    """A country holding only home cards cannot be robbed: with nobody else to spy on, no event."""
    pos = setup("two_rivers", 3)
    s = pos.state
    for cid in ("babylonia", "elam"):
        s["countries"][cid]["hand"] = [n for n in s["countries"][cid]["hand"] if ctx_of(pos).is_home_card(n)]
    ready(pos, "assyria", 10, 26)
    assert "card:26:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:26:event", rule="6.11")
    deal(pos, "elam", 98)
    assert "card:26:event" in pos.ids("assyria")


def test_26_the_return_gift_reads_the_hand_when_chosen() -> None:
    """The cards offered in return are read from the hand when the choice is made: a role that may not
    know the hand sees the same whatever the hand holds (the fuzzer's leak check)."""
    pos = setup()
    ready(pos, "assyria", 10, 26)
    play(pos, "assyria", 26)
    pos.act("assyria", "pick:egypt")
    assert top(pos)["step"] == "card_pick" and top(pos)["options"] == []
    before = pos.state
    for role in ("mede", "egypt"):
        scrambled = GAME.scramble(before, role, 11, keep_rng=True)
        hand = [n for n in scrambled["countries"]["assyria"]["hand"] if not ctx_of(pos).is_home_card(n)]
        after = GAME.act(scrambled, "assyria", f"pick:{hand[0]}")
        assert hand[0] in after["countries"]["egypt"]["hand"]
