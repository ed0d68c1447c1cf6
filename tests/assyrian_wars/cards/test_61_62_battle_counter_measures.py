"""Cards 61-62 Battle Counter Measures (6.7.1, 6.11.e): right after the battle cards are revealed, cancel one
of them; its effects do not apply and both cards go to the discard pile. A Counter Measures card played on
the Battle Counter Measures supersedes it: the battle card takes effect (6.11.e)."""

from __future__ import annotations

import pytest

from tests.assyrian_wars.cards.battlekit import answer, battle, deal, fight, pass_all, rolls, start, why_not
from tests.assyrian_wars.landkit import put, top


def _battle_with(pos, att_cards, def_cards):  # type: ignore[no-untyped-def]
    deal(pos, "assyria", *att_cards)
    deal(pos, "babylonia", *def_cards)
    att = [put(pos, u, "kalhu") for u in ("assyria-hi4-1", "assyria-ch4-1")]
    fight(pos, "field", "kalhu", att, [put(pos, "babylonia-li2-1", "kalhu")])


@pytest.mark.parametrize("bcm", [61, 62])
def test_6_7_1_battle_counter_measures_cancel_a_revealed_battle_card(bcm: int) -> None:
    pos = start(special_abilities=False)
    _battle_with(pos, [81], [bcm])
    assert top(pos)["kind"] == "battle"
    pos.act("assyria", "choose:81", "pass")
    assert pos.ids("babylonia") == ["pass"]  # not a battle card: its window comes after the reveal
    pos.act("babylonia", "pass")
    assert top(pos)["kind"] == "battle_counter_measures"
    answer(pos, {"babylonia": [bcm]})
    pos.assert_logged(rule="6.11", key="aw.card_event", card=bcm, how="battle_counter_measures")
    pos.fix_dice(*[6] * 4)
    pass_all(pos)  # the Counter Measures window on the Battle Counter Measures event: nobody
    pos.assert_logged(rule="6.7.1", key="aw.event_cancelled", country="babylonia", card=bcm, cancelled=81)
    assert battle(pos)["cards"] == [{"card": 81, "by": "assyria", "cancelled": {"by": "babylonia", "card": bcm}}]
    assert rolls(pos, "att")[0] == [4, 4, 3]  # no extra dice from the cancelled Archers' Volley
    assert 81 in pos.state["discard"] and bcm in pos.state["discard"]


def test_6_7_1_the_player_picks_which_battle_card_to_cancel() -> None:
    pos = start(special_abilities=False)
    _battle_with(pos, [81, 80], [61])
    answer(pos, {"assyria": [81, 80]})
    answer(pos, {"babylonia": [61]})
    pass_all(pos)
    assert top(pos)["step"] == "battle_card_pick"
    assert pos.ids("babylonia") == ["cancel:81", "cancel:80"]
    pos.fix_dice(*[6] * 6)
    pos.act("babylonia", "cancel:80")
    pos.assert_logged(rule="6.7.1", key="aw.event_cancelled", card=61, cancelled=80)
    pass_all(pos)
    assert rolls(pos, "att")[0] == [4, 4, 3, 3, 3]  # the volley's dice, no Chariot Charge


def test_6_11_e_counter_measures_supersede_battle_counter_measures() -> None:
    pos = start(special_abilities=False)
    _battle_with(pos, [81, 58], [61])
    answer(pos, {"assyria": [81]})
    answer(pos, {"babylonia": [61]})
    frame = top(pos)
    assert frame["kind"] == "counter_measures" and frame["order"] == ["assyria", "elam"]
    pos.fix_dice(*[6] * 6)
    answer(pos, {"assyria": [58]})
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="assyria", card=58, cancelled=61)
    assert not battle(pos)["cards"][0]["cancelled"]
    assert rolls(pos, "att")[0] == [4, 4, 3, 3, 3]  # Archers' Volley takes effect
    assert {58, 61, 81} <= set(pos.state["discard"])


def test_6_7_1_no_battle_counter_measures_without_revealed_battle_cards() -> None:
    pos = start(special_abilities=False)
    _battle_with(pos, [], [61])
    assert "choose:61" not in pos.ids("assyria")
    answer(pos)  # no battle card: the Battle Counter Measures window does not open
    assert top(pos)["step"] != "window"
    assert "card:61:event" not in pos.ids("babylonia")


def test_6_7_1_battle_counter_measures_only_on_the_cards_of_this_round() -> None:
    pos = start(special_abilities=False)
    _battle_with(pos, [81], [])
    answer(pos, {"assyria": [81]})
    pos.fix_dice(*[6] * 5)  # no hits: a second round
    pass_all(pos)
    deal(pos, "babylonia", 61)
    deal(pos, "assyria", 83)
    answer(pos, {"assyria": [83]})
    assert top(pos)["kind"] == "battle_counter_measures"
    assert why_not(pos, "babylonia", 61) is None
    answer(pos, {"babylonia": [61]})
    pass_all(pos)
    pos.assert_logged(rule="6.7.1", key="aw.event_cancelled", card=61, cancelled=83)  # 81 is not offered


def test_6_7_1_a_second_battle_counter_measures_finds_nothing_left() -> None:
    pos = start(special_abilities=False)
    _battle_with(pos, [81], [61, 62])
    answer(pos, {"assyria": [81]})
    answer(pos, {"babylonia": [61, 62]})
    pos.fix_dice(*[6] * 4)
    pass_all(pos)
    pos.assert_logged(rule="6.7.1", key="aw.event_cancelled", card=61, cancelled=81)
    pos.assert_logged(rule="6.7.1", key="aw.card_battle_no_effect", card=62)
    assert {61, 62, 81} <= set(pos.state["discard"])
