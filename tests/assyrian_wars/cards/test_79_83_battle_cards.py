"""Cards 79-83, deck battle cards (6.7.1, 6.11.d): Royal Guard, Chariot Charge, Archers' Volley, Heroic Leader,
Panic in the Ranks. Chosen face down before the first roll, revealed together, cumulative, acting only on the
forces of their battle."""

from __future__ import annotations

from tests.assyrian_wars.cards.battlekit import answer, battle, deal, fight, pass_all, rolls, start, why_not
from tests.assyrian_wars.landkit import army, loc, put, settle, top


def _skirmish(pos, att_units, def_units, leader=None):  # type: ignore[no-untyped-def]
    """Assyria attacks Babylonia in Kalhu."""
    att = army(pos, leader, "kalhu", att_units) if leader else [put(pos, u, "kalhu") for u in att_units]
    defn = [put(pos, u, "kalhu") for u in def_units]
    fight(pos, "field", "kalhu", att, defn)


def test_6_11_d_81_archers_volley_two_extra_dice_in_the_first_round_only() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 81)
    _skirmish(pos, ["assyria-li3-1"], ["babylonia-li2-1"])
    assert top(pos)["kind"] == "battle" and top(pos)["order"] == ["assyria", "babylonia"]
    answer(pos, {"assyria": [81]})
    pos.assert_logged(rule="6.11.d", key="aw.card_battle_dice", card=81, side="att", n=2, applies="6.7.3")
    pos.fix_dice(*[6] * 5)
    pass_all(pos)  # no Battle Counter Measures
    assert rolls(pos, "att")[0] == [3, 3, 3, 3]  # the unit, the Assyrian die, two card dice (6.7.3)
    assert 81 in pos.state["discard"]
    # a tie: the second round has no card dice, and the card cannot be played again
    assert top(pos)["kind"] == "battle"
    deal(pos, "assyria", 81)
    assert why_not(pos, "assyria", 81) == "this card acts in the first combat round only (6.7.1)"
    assert "choose:81" not in pos.ids("assyria")
    pos.fix_dice(*[6] * 3)
    answer(pos)
    assert rolls(pos, "att")[1] == [3, 3]


def test_6_11_d_battle_cards_are_not_impulse_events() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 81)
    assert "card:81:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:81:event", rule="6.11")


def test_6_11_d_79_royal_guard_and_80_chariot_charge_are_cumulative_on_your_regulars() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 79, 80)
    put(pos, "merc-li2-1", "kalhu", hired="assyria")
    _skirmish(pos, ["assyria-ch4-1", "assyria-hi4-1", "merc-li2-1"], ["babylonia-hi3-1", "babylonia-hi3-2"])
    answer(pos, {"assyria": [79, 80]})
    pos.assert_logged(rule="6.11.d", key="aw.card_combat_modifier", card=79, units="regulars", amount=1)
    pos.assert_logged(rule="6.11.d", key="aw.card_combat_modifier", card=80, units="chariots", amount=2)
    pos.fix_dice(6, 6, 6, 6, 1, 6)  # one hit each: a tie, a second round
    pass_all(pos)
    # the chariot 4+1+2, the heavy infantry 4+1, the mercenary 2 unchanged, the Assyrian battle die 3
    assert rolls(pos, "att")[0] == [7, 5, 2, 3]
    settle(pos, windows=False)
    pos.fix_dice(*[6] * 6)
    answer(pos)
    assert rolls(pos, "att")[1] == [4, 4, 3]  # the cards act in round 1 only (the mercenary routed)


def test_6_11_d_80_chariot_charge_needs_your_chariots_in_the_battle() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 80)
    _skirmish(pos, ["assyria-hi4-1"], ["babylonia-li2-1"])
    assert why_not(pos, "assyria", 80) == "no chariots of yours fight in this battle (6.11.d)"
    assert "choose:80" not in pos.ids("assyria")


def test_6_11_d_a_card_of_one_side_does_not_help_the_other() -> None:
    pos = start(special_abilities=False)
    deal(pos, "babylonia", 79)
    _skirmish(pos, ["assyria-hi4-1"], ["babylonia-hi3-1"])
    answer(pos, {"babylonia": [79]})
    pos.fix_dice(*[6] * 5)
    pass_all(pos)
    assert rolls(pos, "att")[0] == [4, 3] and rolls(pos, "def")[0] == [4]


def test_6_11_d_82_heroic_leader_more_battle_dice_and_a_stronger_rally() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 82)
    lis = [f"assyria-li3-{i}" for i in range(1, 5)]
    army(pos, "assyria-masennu", "kalhu", lis)
    army(pos, "assyria-nagir_ekalli", "kalhu", ["assyria-li3-5"])
    from ashur.games.assyrian_wars.rules.base.forces import form_group
    from tests.assyrian_wars.landkit import ctx

    form_group(ctx(pos), 19, "assyria", ["assyria-masennu", "assyria-nagir_ekalli"])
    bab = [put(pos, f"babylonia-li2-{i}", "kalhu") for i in range(1, 4)]
    fight(pos, "field", "kalhu", ["assyria-masennu", "assyria-nagir_ekalli", *lis, "assyria-li3-5"], bab)
    answer(pos, {"assyria": [82]})
    # two leaders: the player picks one (6.11.d)
    assert top(pos)["step"] == "battle_card_pick"
    assert pos.ids("assyria") == ["leader:assyria-masennu", "leader:assyria-nagir_ekalli"]
    pos.act("assyria", "leader:assyria-nagir_ekalli")
    pos.assert_logged(rule="6.11.d", key="aw.card_leader_rating", piece="assyria-nagir_ekalli", amount=2)
    # Assyria: 5 units, 2 + (2 + 2) leader dice, 1 Assyrian die = 12 dice, all hit; Babylonia 3 hits of 3 dice
    pos.fix_dice(*[1] * 12, 1, 1, 1)
    pass_all(pos)
    assert len(rolls(pos, "att")[0]) == 12
    settle(pos)
    # 3 hits: 2 routs, all rallied by the leaders (2 + 4)
    pos.assert_logged(rule="6.7.4.a", key="aw.rallied", side="att", n=2)


def test_6_11_d_82_heroic_leader_needs_a_leader_of_yours() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 82)
    _skirmish(pos, ["assyria-li3-1"], ["babylonia-li2-1"])
    assert why_not(pos, "assyria", 82) == "no leader of yours takes part in this battle (6.11.d)"


def test_6_7_4_a_83_panic_in_the_ranks_two_extra_routs_not_rallied() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 83)
    bab = [f"babylonia-li2-{i}" for i in range(1, 6)]
    army(pos, "babylonia-nabu_zer_kitti_lishir", "kalhu", bab)
    put(pos, "assyria-li3-1", "kalhu")
    fight(pos, "field", "kalhu", ["assyria-li3-1"], ["babylonia-nabu_zer_kitti_lishir", *bab])
    answer(pos, {"assyria": [83]})
    pos.assert_logged(rule="6.11.d", key="aw.card_rout_modifier", card=83, side="def", n=2, applies="6.7.4.a")
    # Assyria misses; Babylonia (5 units, 2 leader dice) scores 1 hit and wins: no routs of its own but 2 from
    # the card, which its leader does not rally
    pos.fix_dice(6, 6, 1, *[6] * 6)
    pass_all(pos)
    settle(pos)
    pos.assert_logged(rule="6.7.6", key="aw.battle_result", winner="def")
    pos.assert_logged(rule="6.11.d", key="aw.card_routs", side="def", n=2)
    pos.assert_logged(rule="6.7.4.a", key="aw.routs", side="def", n=2, hits=0)
    assert sum(loc(pos, u) == "regroup" for u in bab) == 2


def test_6_8_83_panic_in_the_ranks_not_in_siege_combat() -> None:
    pos = start(special_abilities=False)
    deal(pos, "assyria", 83)
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    put(pos, "babylonia-li2-1", "der", city=True)
    from tests.assyrian_wars.landkit import set_ap

    set_ap(pos, 5)
    pos.act("assyria", "siege:assyria-turtanu:assault")
    assert top(pos)["kind"] == "battle"
    assert why_not(pos, "assyria", 83) == "no routs are suffered in this kind of battle (6.8)"
    assert battle(pos)["kind"] == "assault"
