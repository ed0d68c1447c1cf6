"""7.1 B: the battle worth 3 VP that opens a surrender may have been lost at any time of the game (the rule sets
no time; issue 14); one offer per country and turn stays (defended: each rejection earns 1 VP, 8.3, which
unlimited offers would multiply; 8.3 limits the like VP for a refused camp entry to one attempt a turn)."""

from __future__ import annotations

from tests.assyrian_wars.politicskit import impulse, setup


def test_7_1_b_a_battle_worth_3_vp_lost_in_an_earlier_turn_opens_a_surrender() -> None:
    pos = setup()
    pos.state["vp_battles"] = [{"winners": ["assyria"], "losers": ["elam"], "vp": 3, "turn": 1}]
    pos.state["turn"] = 3
    impulse(pos, "elam")
    assert "surrender" in pos.ids("elam")


def test_7_1_b_the_older_reading_wanted_the_battle_in_this_turn() -> None:
    pos = setup(pre14_readings=True)
    pos.state["vp_battles"] = [{"winners": ["assyria"], "losers": ["elam"], "vp": 3, "turn": 1}]
    pos.state["turn"] = 3
    impulse(pos, "elam")
    assert "surrender" not in pos.ids("elam")


def test_7_1_b_one_offer_per_country_and_turn_a_new_turn_allows_another() -> None:
    pos = setup()
    pos.state["vp_battles"] = [{"winners": ["assyria"], "losers": ["elam"], "vp": 3, "turn": 1}]
    impulse(pos, "elam")
    vp = pos.state["countries"]["elam"]["vp"]
    pos.act("elam", "surrender")
    pos.act("assyria", "surrender:reject")
    assert pos.state["countries"]["elam"]["vp"] == vp + 1
    pos.assert_illegal("elam", "surrender", rule="7.1")  # no second offer (and VP) in the same turn
    pos.state["turn"] = 2
    impulse(pos, "elam")
    assert "surrender" in pos.ids("elam")
