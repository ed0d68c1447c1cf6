"""Cards 99 Caravan Trade and 100 Desert Raiders (6.11.i, 6.15: trade markers and raids without AP cost)."""

from __future__ import annotations

from tests.assyrian_wars.cards.economykit import deal, impulse_of, play, setup, top
from tests.assyrian_wars.politicskit import put


def test_6_15_card_99_puts_a_removed_trade_marker_back() -> None:
    pos = setup()
    pos.state["trade"]["assyria"] = {"box": 1, "out": 2}
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 99)
    play(pos, "assyria", 99)
    assert pos.state["trade"]["assyria"] == {"box": 2, "out": 1}
    pos.assert_logged(rule="6.15", key="aw.card_trade_back", country="assyria", n=1, box=2, card=99,
                      card_rule="6.11.i")


def test_6_11_card_99_needs_a_removed_trade_marker() -> None:
    pos = setup()
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 99)
    assert pos.state["trade"]["assyria"]["out"] == 0
    assert "card:99:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:99:event", rule="6.11")


def test_6_15_card_100_places_a_raider_and_raids_for_free() -> None:
    pos = setup()
    impulse_of(pos, "assyria", ap=4)
    deal(pos, "assyria", 100)
    play(pos, "assyria", 100)
    pos.assert_logged(rule="6.15", key="aw.card_free_raid", country="assyria", card=100)
    assert top(pos)["step"] == "raid_place"
    # the raid follows at once: a 3 names Egypt's trade, the new raider (strength 3) hits with a 1
    pos.fix_dice(3, 1)
    pos.act("assyria", "unit:assyria-li3-3", "box:2")
    assert pos.state["pieces"]["assyria-li3-3"]["loc"] == "raid:2"
    assert top(pos)["step"] == "impulse" and not pos.dice_left()
    assert pos.state["trade"]["egypt"] == {"box": 1, "out": 1}
    pos.assert_logged(rule="6.15", key="aw.raid_success", country="assyria", target="egypt")
    assert top(pos)["spent2"] == 0  # no AP for the raider nor for the raid


def test_6_11_card_100_needs_a_raid_box_to_go_to() -> None:
    pos = setup()
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 100)
    assert "card:100:event" in pos.ids("assyria")
    for n, pid in enumerate(["assyria-hi4-6", "assyria-li3-4", "assyria-li3-5", "assyria-li3-6", "assyria-li3-2"],
                            start=1):
        put(pos, pid, f"raid:{n}")
    pos.assert_illegal("assyria", "card:100:event", rule="6.11")
