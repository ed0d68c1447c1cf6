"""Cards 7 Gifts of the Nile, 101 Tribute of the Lands, 102 Temple Treasure and 104 Sea Trade Flourishes
(6.11.i: economic cards add APs to this impulse; 8.3 a VP)."""

from __future__ import annotations

from tests.assyrian_wars.cards.economykit import deal, impulse_of, play, setup, top
from tests.assyrian_wars.politicskit import put


def test_6_11_i_card_7_gifts_of_the_nile_give_1_plus_d3_ap() -> None:
    pos = setup()
    impulse_of(pos, "egypt", ap=10)
    pos.fix_dice(5)  # a D3 is a D6 halved, rounded up: 3
    play(pos, "egypt", 7)
    assert top(pos)["ap2"] == 2 * (10 + 4)
    pos.assert_logged(rule="6.11.i", key="aw.card_gain_ap", country="egypt", ap=4, card=7)
    pos.assert_logged(rule="6.11.i", key="dice", why="aw.why.card_ap")
    assert 7 in pos.state["countries"]["egypt"]["home_discard"]  # a home card goes back to its owner (4.1)


def test_6_11_card_7_is_egypts_alone() -> None:
    pos = setup()
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 7)
    assert "card:7:event" not in pos.ids("assyria") and "card:7:ap" in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:7:event", rule="6.11")


def test_6_11_i_card_102_temple_treasure_gives_d6_ap() -> None:
    pos = setup()
    impulse_of(pos, "babylonia", ap=3)
    deal(pos, "babylonia", 102)
    pos.fix_dice(6)
    play(pos, "babylonia", 102)
    assert top(pos)["ap2"] == 2 * 9
    pos.assert_logged(rule="6.11.i", key="aw.card_gain_ap", country="babylonia", ap=6, card=102)


def test_6_11_i_card_101_one_ap_per_minor_paying_tribute() -> None:
    pos = setup()
    impulse_of(pos, "assyria", ap=5)
    deal(pos, "assyria", 101)
    play(pos, "assyria", 101)
    assert top(pos)["step"] == "choose_option" and pos.ids("assyria") == ["option:0", "option:1"]
    pos.act("assyria", "option:0")
    # Judah and Persia pay tribute at the start; Adana is a minor city, not a minor (5.2)
    assert top(pos)["ap2"] == 2 * (5 + 2)
    pos.assert_logged(rule="6.11.i", key="aw.card_gain_ap", country="assyria", ap=2)


def test_6_11_i_card_101_at_most_6_ap() -> None:
    pos = setup()
    minors = ["phoenicia", "judah", "israel", "syria", "urartu", "phrygia", "persia"]
    pos.state["tribute"] = [{"payer": m, "to": "assyria", "amount": 1, "why": "test"} for m in minors]
    impulse_of(pos, "assyria", ap=0)
    deal(pos, "assyria", 101)
    play(pos, "assyria", 101)
    pos.act("assyria", "option:0")
    assert top(pos)["ap2"] == 2 * 6


def test_8_3_card_101_the_annals_give_a_vp_and_are_the_only_choice_without_tribute() -> None:
    pos = setup()
    pos.state["tribute"] = []
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 101)
    vp = pos.state["countries"]["assyria"]["vp"]
    play(pos, "assyria", 101)
    assert pos.ids("assyria") == ["option:1"]
    pos.act("assyria", "option:1")
    assert pos.state["countries"]["assyria"]["vp"] == vp + 1
    pos.assert_logged(rule="6.11.i", key="aw.vp", country="assyria", n=1, why="aw.why.card_event")


def test_6_11_card_101_is_assyrias_alone() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 101)
    pos.assert_illegal("egypt", "card:101:event", rule="6.11")


def test_7_3_3_a_card_104_one_ap_per_ship_in_a_sea_trade_box() -> None:
    pos = setup()
    impulse_of(pos, "egypt", ap=1)
    deal(pos, "egypt", 104)
    assert "card:104:event" not in pos.ids("egypt")  # no ship in a sea Trade Box yet
    pos.assert_illegal("egypt", "card:104:event", rule="6.11")
    for ship in ("egypt-ship-1", "egypt-ship-2"):
        put(pos, ship, "trade:trade_great_sea_south")
    put(pos, "egypt-ship-3", "trade:trade_great_sea_west")
    play(pos, "egypt", 104)
    assert top(pos)["ap2"] == 2 * (1 + 3)
    pos.assert_logged(rule="6.11.i", key="aw.card_gain_ap", country="egypt", ap=3, card=104)


def test_6_11_i_the_aps_of_an_event_are_for_the_players_own_impulse() -> None:
    from ashur.games.assyrian_wars.cards.economy import check_gain_ap
    from ashur.games.assyrian_wars.content.effects import GainAP
    from tests.assyrian_wars.politicskit import ctx_of

    pos = setup()
    impulse_of(pos, "egypt")
    o = GainAP(op="gain_ap", amount=2)
    frame = {"c": "assyria", "how": "impulse", "card": 102}
    assert "own impulse" in (check_gain_ap(ctx_of(pos), frame, o) or "")
    assert check_gain_ap(ctx_of(pos), {**frame, "c": "egypt"}, o) is None
