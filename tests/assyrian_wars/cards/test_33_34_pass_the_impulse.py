"""33 Careful Preparations and 34 Pass Impulse (6.11.g): the card is the impulse's only card, with no '+'
card and no APs besides it; the impulse ends, and the player's next impulse is stronger."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars.helpers import at_impulse_of, pass_windows, run_until, to_main, top
from tests.assyrian_wars.landkit import give_card

CAREFUL, PASS = 33, 34


def _assyria(card: int, ap: int = 9) -> Position:
    pos = to_main(Position.setup(GAME, "two_rivers", 3))
    give_card(pos, "assyria", card)
    top(pos)["ap2"], top(pos)["spent2"] = 2 * ap, 0
    return pos


def _plain(pos: Position, country: str) -> list[int]:
    return [n for n in pos.state["countries"][country]["hand"] if not content().cards[n].plus]


def test_6_11_g_34_pass_impulse_ends_the_impulse_and_keeps_all_its_aps() -> None:
    pos = _assyria(PASS, ap=9)
    pos.act("assyria", f"card:{PASS}:event")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.g", key="aw.moves.impulse_passed", country="assyria", card=PASS, save_all=True)
    pos.assert_logged(rule="6.11.g", key="aw.moves.ap_kept", country="assyria", ap=5)
    pos.assert_logged(rule="3.1", key="aw.impulse_end", country="assyria", saved=4, lost=0)
    assert pos.state["countries"]["assyria"]["saved"] == 4
    assert any(f["card"] == PASS for f in pos.state["faceup"]), "it lies face up until its reward is used (6.11.l)"
    assert not (top(pos)["step"] == "impulse" and top(pos)["c"] == "assyria")
    run_until(pos, at_impulse_of("assyria"))
    pos.assert_logged(rule="6.11.g", key="aw.moves.bonus_ap", country="assyria", ap=5, card=PASS)
    start = pos.assert_logged(rule="3.1", key="aw.impulse", country="assyria", round=2)
    assert top(pos)["ap2"] == 2 * (start["params"]["ap"] + 5)
    pos.act("assyria", f"card:{_plain(pos, 'assyria')[0]}:ap", "end")
    assert PASS in pos.state["discard"] and not any(f["card"] == PASS for f in pos.state["faceup"])
    pos.assert_logged(rule="6.11.g", key="aw.card_expired", card=PASS)


def test_6_11_g_33_careful_preparations_draws_and_strengthens_the_next_impulse() -> None:
    pos = _assyria(CAREFUL, ap=6)
    drawn = pos.state["deck"][0]
    pos.fix_draws(drawn)
    pos.act("assyria", f"card:{CAREFUL}:event")
    pass_windows(pos)
    assert drawn in pos.state["countries"]["assyria"]["hand"]
    pos.assert_logged(rule="6.11.g", key="aw.draw", country="assyria", n=1)
    pos.assert_logged(rule="3.1", key="aw.impulse_end", country="assyria", saved=4, lost=2)
    run_until(pos, at_impulse_of("assyria"))
    pos.assert_logged(rule="6.11.g", key="aw.moves.bonus_ap", country="assyria", ap=2, card=CAREFUL)
    pos.assert_logged(rule="3.2", key="aw.moves.second_card", country="assyria", card=CAREFUL)
    assert "plus" not in pos.ids("assyria"), "the impulse already allows two cards (3.2)"
    a, b = _plain(pos, "assyria")[:2]
    pos.act("assyria", f"card:{a}:ap", f"card:{b}:ap")
    assert top(pos)["cards"] == [a, b]


def test_6_11_g_not_after_another_card_a_plus_card_or_aps() -> None:
    pos = _assyria(PASS)
    pos.act("assyria", "card:1:ap")  # Deportation, an Assyrian home '+' card
    assert f"card:{PASS}:ap" in pos.ids("assyria") and f"card:{PASS}:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", f"card:{PASS}:event", rule="6.11")
    pos = _assyria(CAREFUL)
    pos.act("assyria", "plus")  # 3 AP to make a '+' card (6.18): APs spent in the impulse
    pos.assert_illegal("assyria", f"card:{CAREFUL}:event", rule="6.11")


def test_6_11_g_nothing_else_after_it() -> None:
    pos = _assyria(PASS)
    pos.act("assyria", f"card:{PASS}:event")
    pass_windows(pos)
    assert top(pos)["step"] != "impulse" or top(pos)["c"] != "assyria"
    pos.assert_illegal("assyria", "card:1:ap")


def test_6_11_e_a_cancelled_pass_leaves_the_impulse_going() -> None:
    pos = _assyria(PASS)
    give_card(pos, "babylonia", 58)
    pos.act("assyria", f"card:{PASS}:event")
    pos.act("babylonia", "choose:58")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", cancelled=PASS)
    assert top(pos)["step"] == "impulse" and top(pos)["c"] == "assyria" and top(pos)["phase"] == "main"
    assert not pos.state.get("card_effects") and PASS in pos.state["discard"]
