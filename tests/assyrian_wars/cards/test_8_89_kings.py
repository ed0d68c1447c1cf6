"""Cards 8 Akitu Festival (its king part), 25 Crown Prince, 88 Sons against the Father and 89 Oath of
Succession (6.11.f, 6.11.l, 6.3, 10.3): modifiers on the next king candidate roll, a crowned leader, and the
Crown Prince played at the succession in the Interphase."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.cards.interphase import check_crown, king_check_modifier
from ashur.games.assyrian_wars.content.effects import CrownKing, KingCheckModifier
from ashur.games.assyrian_wars.rules.course.events import effects_of
from tests.assyrian_wars.cards.economykit import deal, impulse_of, pass_windows, play, setup, top
from tests.assyrian_wars.politicskit import ctx_of, put, run


def succession(pos, power: str, *, keep_hand: bool = False) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """The Interphase succession of `power` for turn 2 (10.3); without cards drawn from the deck it is not
    asked about a sacrifice."""
    if not keep_hand:
        hand = pos.state["countries"][power]["hand"]
        hand[:] = [n for n in hand if n < 19]
    frame = {"step": "succession", "order": [power], "i": 0, "turn": 2, "sacrifice": None}
    pos.state["stack"].append(frame)
    run(pos, lambda ctx: None)
    return frame


def last_roll(pos) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return pos.assert_logged(rule="10.3", key="dice", why="aw.why.succession")


# --- 89 Oath of Succession, 88 Sons against the Father -----------------------------------------------------
def test_10_3_card_89_your_next_king_candidate_roll_gets_minus_2() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 89)
    play(pos, "egypt", 89)
    pos.assert_logged(rule="10.3", key="aw.card_king_check", country="egypt", power="egypt", amount=-2, card=89,
                      card_rule="6.11.f")
    assert any(f["card"] == 89 for f in pos.state["faceup"])  # 6.11.l: face up until the roll
    pos.fix_dice(6)
    succession(pos, "egypt")
    assert last_roll(pos)["params"]["modifier"] == -2
    pos.assert_logged(rule="10.3", key="aw.king_crowned", country="egypt", king="shabaka")  # 6 - 2 < 6
    pos.assert_logged(rule="10.3", key="aw.king_check_used", country="egypt", card=89)
    assert not effects_of(ctx_of(pos), "king_check")
    assert not any(f["card"] == 89 for f in pos.state["faceup"]) and 89 in pos.state["discard"]


def test_10_3_card_88_a_rival_powers_next_roll_gets_plus_2() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 88)
    play(pos, "egypt", 88)
    assert top(pos)["step"] == "card_king_target"
    ids = pos.ids("egypt")
    assert "king_of:assyria" in ids and "king_of:egypt" not in ids
    pos.act("egypt", "king_of:babylonia")
    pos.assert_logged(rule="10.3", key="aw.card_king_check", country="egypt", power="babylonia", amount=2)
    pos.fix_dice(4)
    succession(pos, "babylonia")
    assert last_roll(pos)["params"]["modifier"] == 2
    pos.assert_logged(rule="10.3", key="aw.no_king", country="babylonia")  # 4 + 2 fails


def test_10_3_the_modifiers_wait_for_the_targets_own_succession() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 89)
    play(pos, "egypt", 89)
    pos.fix_dice(1)
    succession(pos, "elam")
    assert last_roll(pos)["params"]["modifier"] == 0
    assert effects_of(ctx_of(pos), "king_check")


def test_6_11_cards_88_89_need_a_king_candidate_roll_ahead() -> None:
    pos = setup()
    pos.state["last_turn"] = 1  # no Interphase with a timetable left (7.6)
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 88)
    deal(pos, "egypt", 89)
    pos.assert_illegal("egypt", "card:88:event", rule="6.11")
    pos.assert_illegal("egypt", "card:89:event", rule="6.11")


def test_10_3_card_8_the_akitu_festival_helps_the_babylonian_candidate() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    frame = {"c": "babylonia", "card": 8, "how": "impulse", "context": {}, "vars": {}}
    run(pos, lambda c: king_check_modifier(c, frame, KingCheckModifier(op="king_check_modifier", target="self",
                                                                         amount=-1)))
    pos.state["faceup"].append({"card": 8, "by": "babylonia"})
    assert [e["amount"] for e in effects_of(ctx, "king_check")] == [-1]
    pos.fix_dice(6)
    succession(pos, "babylonia")
    assert last_roll(pos)["params"]["modifier"] == -1
    pos.assert_logged(rule="10.3", key="aw.king_crowned", country="babylonia")
    assert 8 in pos.state["countries"]["babylonia"]["home_discard"]  # 6.11.l: discarded once used up


# --- 25 Crown Prince ---------------------------------------------------------------------------------------
def test_6_3_card_25_crowns_one_of_your_leaders_in_your_impulse() -> None:
    pos = setup()
    put(pos, "egypt-tefnakht", "memphis")
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 25)
    play(pos, "egypt", 25)
    assert top(pos)["step"] == "card_crown_leader"
    assert pos.ids("egypt") == ["crown:egypt-reu", "crown:egypt-tefnakht"]
    pos.act("egypt", "crown:egypt-tefnakht")
    assert pos.state["pieces"]["egypt-tefnakht"]["crowned"]
    pos.assert_logged(rule="6.11", key="aw.spend", what="event", ap=2)
    # 10.3: two candidates at the next succession bring riots
    pos.fix_dice(1)
    succession(pos, "egypt")
    pos.assert_logged(rule="10.3", key="aw.two_candidates", country="egypt", rival="egypt-tefnakht")


def test_6_6_3_a_crowned_leader_commands_his_group_or_leaves_a_group_with_a_king() -> None:
    pos = setup()
    from ashur.games.assyrian_wars.rules.course.timetable import crown_leader

    for pid in ("egypt-reu", "egypt-tefnakht"):
        put(pos, pid, "memphis")
    pos.state["pieces"]["egypt-king-1"].update(city=False, army=None)
    pos.state["groups"] = {"ag22": {"card": 22, "owner": "egypt", "commander": "egypt-tefnakht",
                                    "armies": ["egypt-tefnakht", "egypt-reu"]}}
    assert run(pos, lambda ctx: crown_leader(ctx, "egypt-reu"))
    assert pos.state["groups"]["ag22"]["commander"] == "egypt-reu"
    pos.state["groups"]["ag22"]["armies"].append("egypt-king-1")
    pos.state["pieces"]["egypt-reu"]["crowned"] = False
    assert run(pos, lambda ctx: crown_leader(ctx, "egypt-reu"))
    assert "egypt-reu" not in pos.state["groups"]["ag22"]["armies"]


def test_6_11_card_25_needs_a_generic_king_marker() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 25)
    assert "card:25:event" in pos.ids("egypt")
    leaders = [p for p, q in sorted(pos.state["pieces"].items()) if q["kind"] == "leader"][:5]
    for pid in leaders:
        pos.state["pieces"][pid]["crowned"] = True
    pos.assert_illegal("egypt", "card:25:event", rule="6.11")


def test_10_3_card_25_at_the_succession_crowns_the_candidate_without_a_roll() -> None:
    pos = setup()
    deal(pos, "egypt", 25)
    pos.state["countries"]["egypt"]["saved"] = 2
    succession(pos, "egypt", keep_hand=True)
    assert top(pos)["step"] == "succession"
    assert "card:25:event" in pos.ids("egypt") and "no_sacrifice" in pos.ids("egypt")
    pos.act("egypt", "card:25:event")
    pos.assert_logged(rule="6.11", key="aw.card_event", country="egypt", card=25, how="interphase")
    n = pos.state["rng"]["n"]
    pass_windows(pos)
    pos.assert_logged(rule="10.3", key="aw.crown_prince", country="egypt")
    pos.assert_logged(rule="10.3", key="aw.crown_prince_succession", country="egypt", king="shabaka")
    assert pos.state["rng"]["n"] == n  # no die: no roll, no sacrifice asked
    assert pos.state["countries"]["egypt"]["saved"] == 0  # the event's 2 AP from the saved APs (6.11)
    assert all(f["step"] != "succession" for f in pos.state["stack"])


def test_10_3_the_succession_asks_the_same_whether_the_power_holds_the_crown_prince_or_not() -> None:
    with_card, without = setup(), setup()
    deal(with_card, "egypt", 25)
    deal(without, "egypt", 26)  # as many cards in hand: only Egypt may know which
    for pos in (with_card, without):
        succession(pos, "egypt", keep_hand=True)
    assert with_card.game.active(with_card.state) == without.game.active(without.state) == ["egypt"]
    prompts = [pos.game.view(pos.state, "egypt")["prompt"] for pos in (with_card, without)]
    assert prompts[0] == prompts[1]
    assert "card:25:event" in with_card.ids("egypt") and "card:25:event" not in without.ids("egypt")


def test_6_11_card_25_is_not_played_at_another_powers_succession() -> None:
    pos = setup()
    o = CrownKing(op="crown_king", target="either")
    frame = {"c": "egypt", "card": 25, "how": "interphase", "context": {"succession": "assyria",
                                                                           "candidate": "sennacherib"}}
    assert "your own succession" in (check_crown(ctx_of(pos), frame, o) or "")
    frame["context"]["succession"] = "egypt"
    assert check_crown(ctx_of(pos), frame, o) is None
    assert check_crown(ctx_of(pos), frame, CrownKing(op="crown_king", target="own_leader"))


def test_10_3_card_8_in_the_last_turn_its_king_part_is_void_but_the_card_playable() -> None:
    from ashur.games.assyrian_wars.cards.interphase import check_king

    pos = setup()
    pos.state["last_turn"] = 1
    pos.state["faceup"].append({"card": 8, "by": "babylonia"})
    o = KingCheckModifier(op="king_check_modifier", target="self", amount=-1)
    frame = {"c": "babylonia", "card": 8, "how": "impulse", "context": {}, "vars": {}}
    assert check_king(ctx_of(pos), frame, o) is None  # the Akitu Festival also moves a diplomatic marker
    assert check_king(ctx_of(pos), {**frame, "card": 89}, o)  # the Oath of Succession does nothing else
    run(pos, lambda c: king_check_modifier(c, frame, o))
    pos.assert_logged(rule="10.3", key="aw.card_king_check_void", country="babylonia", card=8)
    assert not effects_of(ctx_of(pos), "king_check") and not pos.state["faceup"]
