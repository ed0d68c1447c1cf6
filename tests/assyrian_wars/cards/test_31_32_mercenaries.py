"""Cards 31 Turncoats and 32 Give Them What They Want (6.11.d, 10.4.e): every enemy mercenary of the battle,
in a city too, rolls a die before the first round; Aramaean nomads are immune (German rules #40)."""

from __future__ import annotations

from tests.assyrian_wars.cards.battlekit import answer, deal, fight, pass_all, rolls, start, why_not
from tests.assyrian_wars.landkit import army, loc, put, set_ap, settle, top


def _defect_dice(pos):  # type: ignore[no-untyped-def]
    return [e["params"] for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.mercenaries_defect"]


def _field(pos, card, *, aramaean=False):  # type: ignore[no-untyped-def]
    deal(pos, "assyria", card)
    put(pos, "assyria-hi4-1", "kalhu")
    defn = [put(pos, "babylonia-li2-1", "kalhu"), put(pos, "merc-li2-1", "kalhu", hired="babylonia"),
            put(pos, "merc-li2-2", "kalhu", hired="babylonia")]
    if aramaean:
        defn.append(put(pos, "aramaeans-li2-1", "kalhu", hired="babylonia"))
    fight(pos, "field", "kalhu", ["assyria-hi4-1"], defn)


def test_6_11_d_31_turncoats_fight_for_you_in_this_battle_then_leave() -> None:
    pos = start(special_abilities=False)
    _field(pos, 31, aramaean=True)
    answer(pos, {"assyria": [31]})
    # the mercenaries roll once the windows are closed: merc-li2-1 turns on a 1, merc-li2-2 stays on a 5
    pos.fix_dice(1, 5, 1, 6, 6, 6, 6, 6)
    pass_all(pos)
    assert _defect_dice(pos)[0]["pieces"] == ["merc-li2-1", "merc-li2-2"]  # not the Aramaeans
    pos.assert_logged(rule="6.11.d", key="aw.turncoat", piece="merc-li2-1", was="babylonia", country="assyria")
    assert pos.state["pieces"]["merc-li2-1"]["hired"] == "assyria"
    assert rolls(pos, "att")[0] == [4, 2, 3]  # the heavy infantry, the turncoat, the Assyrian die
    assert len(rolls(pos, "def")[0]) == 3
    settle(pos)
    pos.assert_logged(rule="6.7.6", key="aw.battle_result", winner="att")
    pos.assert_logged(rule="6.11.d", key="aw.turncoat_leaves", piece="merc-li2-1")
    assert loc(pos, "merc-li2-1") == "gamepool"
    assert pos.state["pieces"]["merc-li2-2"]["hired"] in ("babylonia", None)  # it stayed with its side


def test_6_11_d_32_give_them_what_they_want_buys_mercenaries_off_before_combat() -> None:
    pos = start(special_abilities=False)
    _field(pos, 32)
    answer(pos, {"assyria": [32]})
    pos.fix_dice(3, 4, *[6] * 5)
    pass_all(pos)
    pos.assert_logged(rule="6.11.d", key="aw.bought_off", piece="merc-li2-1", was="babylonia")
    assert loc(pos, "merc-li2-1") == "gamepool" and loc(pos, "merc-li2-2") == "kalhu"
    assert len(rolls(pos, "def")[0]) == 2  # the Babylonian and the mercenary who stayed
    pos.assert_logged(rule="6.11", key="aw.spend", what="event", card=32)  # its event costs 2 APs


def test_6_11_d_mercenary_cards_need_enemy_mercenaries_they_affect() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 31, 32)
    put(pos, "assyria-hi4-1", "kalhu")
    defn = [put(pos, "babylonia-li2-1", "kalhu"), put(pos, "aramaeans-li2-1", "kalhu", hired="babylonia")]
    fight(pos, "field", "kalhu", ["assyria-hi4-1"], defn)
    why = "no enemy mercenary this card affects fights in this battle (6.11.d, 10.4.e)"
    assert why_not(pos, "assyria", 31) == why and why_not(pos, "assyria", 32) == why
    assert "choose:31" not in pos.ids("assyria") and "choose:32" not in pos.ids("assyria")


def test_6_7_1_a_cancelled_turncoats_card_rolls_no_dice() -> None:
    pos = start(special_abilities=False)
    _field(pos, 31)
    deal(pos, "babylonia", 61)
    answer(pos, {"assyria": [31]})
    answer(pos, {"babylonia": [61]})
    pos.fix_dice(*[6] * 5)
    pass_all(pos)
    pos.assert_logged(rule="6.7.1", key="aw.event_cancelled", cancelled=31)
    assert _defect_dice(pos) == []
    assert pos.state["pieces"]["merc-li2-1"]["hired"] == "babylonia"


def test_10_4_e_turncoats_in_a_fortress_fight_without_its_penalty() -> None:
    """10.4.e: mercenaries of a garrison turned in siege combat join the besiegers; being inside the fortress
    already, they do not suffer the besiegers' -1 (6.8)."""
    pos = start(special_abilities=False)
    deal(pos, "assyria", 31)
    army(pos, "assyria-turtanu", "babylon", ["assyria-hi4-1"])
    put(pos, "merc-li2-1", "babylon", city=True, hired="babylonia")
    put(pos, "babylonia-li2-1", "babylon", city=True)
    set_ap(pos, 5)
    pos.act("assyria", "siege:assyria-turtanu:assault")
    assert top(pos)["kind"] == "battle"
    answer(pos, {"assyria": [31]})
    pos.fix_dice(1, *[6] * 30)
    pass_all(pos)
    pos.assert_logged(rule="6.11.d", key="aw.turncoat", piece="merc-li2-1", country="assyria", applies="10.4.e")
    # the heavy infantry 4-1, the turncoat 2 without the fortress's -1, three leader and two Assyrian dice at 3-1
    assert rolls(pos, "att")[0] == [3, 2, 2, 2, 2, 2, 2]
