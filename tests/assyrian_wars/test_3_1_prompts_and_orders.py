"""Decision granularity (issue 14; DESIGN "around the atoms, spare the player"): prompts with one legal action
answer themselves (option ``auto_forced``), windows asking everyone keep their secrecy pass, standing orders
answer routine prompts exactly as a hand answer would, merged decisions for a series, and every prompt names
its rule and its default."""

from __future__ import annotations

import random
from typing import Any

from ashur.core import flow
from ashur.core.session import Match
from ashur.core.statedata import clone
from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from ashur.tools.simulate import run_one
from tests.assyrian_wars.landkit import army, put, set_ap, start

ON = {"auto_forced": True}


def _rule_ids(pos: Position, role: str) -> list[str]:
    return [i for i in pos.ids(role) if not i.startswith("order:")]


def _same_but_orders(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal states but for the standing orders and the undo barrier (an answer given by another role ends
    undo, by hand as by order)."""
    strip = ("orders", "reveals")
    return {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}


def test_3_1_random_campaign_meets_no_forced_prompt_and_every_prompt_names_rule_and_default() -> None:
    """A long stretch of random Campaign play with ``auto_forced``: no prompt has a single legal action other
    than a secrecy pass or one the others cannot tell is single (a hidden hand or force), and every prompt
    names its rule and its default (the first legal action)."""
    pos = Position.setup(GAME, "campaign", 5, {**ON, "sudden_end": False})
    r = random.Random(14)
    for _ in range(2500):
        role = GAME.active(pos.state)[0]
        acts = GAME.legal_actions(pos.state, role)
        rule_acts = [a for a in acts if not a["id"].startswith("order:")]
        assert flow.forced(rule_acts) is None or GAME.lone_kept_secret(pos.state, role), \
            (pos.state["stack"][-1]["step"], rule_acts)
        prompt = GAME.view(pos.state, role)["prompt"]
        assert prompt["rule"], pos.state["stack"][-1]
        assert prompt["default"] == acts[0]["id"] and prompt["default_label"]
        GAME.apply(pos.state, role, acts[r.randrange(len(acts))]["id"])
        if GAME.result(pos.state)["over"]:
            break


def test_3_1_option_off_asks_every_atom() -> None:
    """Without ``auto_forced`` (the scripted rule tests) no order is offered."""
    pos = Position.setup(GAME, "campaign", 1)
    assert not any(i.startswith("order:") for i in pos.ids("assyria"))
    assert "auto_forced" in GAME.options() and GAME.options()["auto_forced"].default is True


def _window(pos: Position, order: list[str]) -> None:
    flow.push(pos.state, "window", kind="battle", trigger=None, order=order, i=0, chosen={},
              context={"battle": 0}, rule="6.7.1")


def test_6_11_d_a_window_with_nothing_to_play_still_asks_with_a_pass() -> None:
    """6.7.1, 6.11.d: the window asks everybody, so that a prompt never reveals a hand: its lone action is
    a secrecy pass, never answered without asking."""
    pos = start(**ON)
    _window(pos, ["babylonia", "elam"])
    assert GAME.active(pos.state) == ["babylonia"]
    assert _rule_ids(pos, "babylonia") == ["pass"]
    assert pos.ids("babylonia") == ["pass", "order:pass:impulse", "order:pass:turn"]
    pos.act("babylonia", "pass")
    assert GAME.active(pos.state) == ["elam"] and _rule_ids(pos, "elam") == ["pass"]


def test_6_11_d_a_participant_with_an_empty_hand_is_not_asked() -> None:
    """6.7.1, 6.11.d: an empty hand is public (every view shows how many cards a hand holds), so asking
    it keeps no secret: its lone action is a plain ``done``, answered by the engine; with the option off
    every participant is still asked with its ``pass``."""
    pos = start(**ON)
    pos.state["countries"]["elam"]["hand"] = []
    assert GAME.view(pos.state, "babylonia")["countries"]["elam"]["cards"] == 0
    _window(pos, ["babylonia", "elam"])
    pos.act("babylonia", "pass")
    assert pos.state["stack"][-1]["step"] != "window"
    off = start()
    off.state["countries"]["elam"]["hand"] = []
    _window(off, ["babylonia", "elam"])
    off.act("babylonia", "pass")
    assert GAME.active(off.state) == ["elam"] and off.ids("elam") == ["pass"]


def _idle_impulse(pos: Position) -> None:
    """Assyria's impulse with nothing left to do but end it: no card, no AP, passing (6.0)."""
    frame = flow.find(pos.state, "impulse")
    assert frame is not None and frame["c"] == "assyria"
    pos.state["countries"]["assyria"]["hand"] = []
    frame["passing"] = True
    set_ap(pos, 0)


def test_3_1_a_lone_end_of_impulse_the_others_can_tell_is_answered_unasked() -> None:
    """3.1: an empty hand and, under fog (9.5), no stack of two pieces: everybody can tell that ending is
    all the impulse offers, so the engine ends it once the window before it is over."""
    pos = start(**ON)
    _idle_impulse(pos)
    put(pos, "assyria-hi4-1", "nineveh")
    assert pos.ids("assyria") == ["end"]
    _window(pos, ["babylonia"])
    pos.act("babylonia", "pass")
    assert flow.find(pos.state, "impulse")["c"] != "assyria"
    assert pos.logged(key="aw.impulse_end")[-1]["params"]["country"] == "assyria"


def test_9_5_a_lone_end_hiding_a_fogged_stack_is_asked_as_a_secrecy_pass() -> None:
    """9.5 with 3.1: a stack of two pieces hides what lies below its top (a pair to combine, 9.3; a reduced
    unit to rebuild, 6.4), so ending unasked would tell the others that none is there: the lone choice is
    asked, as the secrecy pass ``pass`` (with the option off it stays ``end``)."""
    pos = start(**ON)
    _idle_impulse(pos)
    put(pos, "assyria-hi4-1", "nineveh")
    put(pos, "assyria-li3-1", "nineveh")
    assert pos.ids("assyria") == ["pass"]
    _window(pos, ["babylonia"])
    pos.act("babylonia", "pass")
    assert GAME.active(pos.state) == ["assyria"] and pos.ids("assyria") == ["pass"]
    pos.act("assyria", "pass")
    assert pos.logged(key="aw.impulse_end")[-1]["params"]["country"] == "assyria"
    off = start()
    _idle_impulse(off)
    put(off, "assyria-hi4-1", "nineveh")
    put(off, "assyria-li3-1", "nineveh")
    assert off.ids("assyria") == ["end"]


def test_6_11_d_a_standing_pass_answers_later_windows_exactly_like_a_hand_pass() -> None:
    pos = start(**ON)
    _window(pos, ["babylonia", "elam"])
    pos.act("babylonia", "order:pass:turn")
    assert GAME.view(pos.state, "babylonia")["orders"] == [
        {"k": 1, "step": "window", "name": "pass", "until": "turn", "turn": pos.state["turn"],
         "cancel": "order:cancel:1"}]
    assert GAME.view(pos.state, "elam")["orders"] == []
    pos.act("elam", "pass")
    by_hand = Position(GAME, clone(pos.state))
    del by_hand.state["orders"]  # the same game, Babylonia without its order
    _window(pos, ["elam", "babylonia"])
    _window(by_hand, ["elam", "babylonia"])
    pos.act("elam", "pass")  # Babylonia's order answers for it: the window closes
    by_hand.act("elam", "pass")
    assert GAME.active(by_hand.state) == ["babylonia"]
    by_hand.act("babylonia", "pass")
    assert pos.state["stack"][-1]["step"] != "window"
    assert _same_but_orders(pos.state, by_hand.state)
    assert pos.log == by_hand.log
    for role in ("assyria", "elam"):
        assert GAME.view(pos.state, role) == GAME.view(by_hand.state, role)


def _campaign_buying() -> Position:
    """The Campaign, Assyria's first impulse with a card played for APs: it may buy Elam's mercenaries."""
    pos = Position.setup(GAME, "campaign", 1, ON)
    pos.act("assyria", "supply:assyria-turtanu")
    pos.act("assyria", next(i for i in pos.ids("assyria") if i.endswith(":ap")))
    return pos


def _buy_from(pos: Position, seller: str) -> None:
    pos.act("assyria", next(i for i in pos.ids("assyria") if i.startswith(f"buy_merc:{seller}:")))


def test_9_6_sell_none_answers_the_series_of_sales_as_refusals_given_by_hand() -> None:
    """9.6: the seller's refusals for the rest of the impulse in one decision; the log and the state are
    those of the same refusals given one by one."""
    pos = _campaign_buying()
    _buy_from(pos, "elam")
    ids = pos.ids("elam")
    assert ids[:2] == ["sell", "refuse"] and "order:sell_none:impulse" in ids and "order:sell_all:turn" in ids
    by_hand = Position(GAME, clone(pos.state))
    pos.act("elam", "order:sell_none:impulse")
    by_hand.act("elam", "refuse")
    _buy_from(pos, "elam")
    _buy_from(by_hand, "elam")
    assert GAME.active(pos.state) == ["assyria"]
    by_hand.act("elam", "refuse")
    assert _same_but_orders(pos.state, by_hand.state)
    assert pos.log == by_hand.log
    assert pos.logged(key="aw.sale_refused")[-1]["params"]["seller"] == "elam"
    # the order lapses with the impulse
    pos.act("assyria", "end")
    assert GAME.view(pos.state, "elam")["orders"] == []


def test_3_1_orders_are_cancellable_in_the_roles_impulse_and_hidden_from_the_others() -> None:
    pos = _campaign_buying()
    _buy_from(pos, "mede")
    pos.act("mede", "order:sell_all:turn")
    assert not any(i.startswith("order:cancel:") for i in pos.ids("assyria"))
    mede_orders = GAME.view(pos.state, "mede")["orders"]
    assert [(o["name"], o["cancel"]) for o in mede_orders] == [("sell_all", "order:cancel:1")]
    assert "orders" not in GAME.view(pos.state, "observer")
    # the other roles never see it: scrambling it changes none of their views
    for role in ("assyria", "egypt", "observer"):
        scrambled = GAME.scramble(pos.state, role, 7)
        assert scrambled["orders"]["mede"] != pos.state["orders"]["mede"]
        assert GAME.view(scrambled, role) == GAME.view(pos.state, role)
    # the Mede may not cancel while another role decides (it decides nothing now)
    pos.assert_illegal("mede", "order:cancel:1")
    pos.act("assyria", pos.ids("assyria")[0])  # the bought mercenary is placed (9.6)
    # Assyria cancels its own order in its impulse menu: the menu stays
    pos.state["orders"]["assyria"] = {"n": 1, "live": [{"k": 1, "step": "window", "name": "pass",
                                                         "until": "turn", "turn": pos.state["turn"]}]}
    before = pos.ids("assyria")
    assert GAME.view(pos.state, "assyria")["orders"][0]["cancel"] == "order:cancel:1"
    assert before[-1] == "order:cancel:1"  # the legal list is complete (DESIGN); the cancel comes last
    pos.assert_illegal("assyria", "order:cancel:2")
    pos.act("assyria", "order:cancel:1")
    assert GAME.view(pos.state, "assyria")["orders"] == []
    assert pos.state["stack"][-1]["step"] == "impulse" and pos.ids("assyria") == before[:-1]


def test_6_6_9_declining_every_interception_is_one_decision() -> None:
    """6.6.9: the interception questions of one country in a row merged: ``no_intercept:all`` declines each
    force, logging what declining them one by one logs."""
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "ashur", ["assyria-li3-1"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1", "babylonia-li2-2"])
    from tests.assyrian_wars.landkit import phasing

    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu")
    ids = pos.ids("assyria")
    assert ids[0].startswith("intercept:") and "no_intercept:all" in ids
    by_hand = Position(GAME, clone(pos.state))
    pos.act("assyria", "no_intercept:all")
    first = next(i for i in ids if i.startswith("no_intercept:") and i != "no_intercept:all")
    by_hand.act("assyria", first)
    second = next(i for i in by_hand.ids("assyria") if i.startswith("no_intercept:"))
    by_hand.act("assyria", second)
    assert pos.state == by_hand.state
    assert len([e for e in pos.log if e["key"] == "aw.no_interception"]) == 2


def test_6_6_1_suggested_hit_allocation_first_beside_the_hit_by_hit_way() -> None:
    """6.6.1, 6.7.4: the suggested allocation (full-strength units first) is the first choice, the
    hit-by-hit way stays; the suggestion gives what the same hits placed by hand give."""
    pos = start()
    units = ["assyria-hi4-1", "assyria-li3-1", "assyria-li3-2"]
    army(pos, "assyria-turtanu", "nineveh", units)
    pos.state["pieces"]["assyria-hi4-1"]["red"] = True
    flow.push(pos.state, "assign_hits", owner="assyria", pieces=units, hits=2, rule="6.6.1")
    ids = pos.ids("assyria")
    assert ids == ["hits:suggested", *[f"hit:{u}" for u in units]]
    by_hand = Position(GAME, clone(pos.state))
    pos.act("assyria", "hits:suggested")
    by_hand.act("assyria", "hit:assyria-li3-1", "hit:assyria-li3-2")
    assert pos.state == by_hand.state


def test_3_1_a_game_with_auto_forced_replays_from_its_chosen_actions() -> None:
    """Answers given by the engine are not in the record: a replay re-derives them."""
    seats = {r: "bot:random" for r in GAME.roles("two_rivers", {})}
    match = Match.new(GAME, "two_rivers", 3, {"auto_forced": True}, seats, keep_undo=False)
    r = random.Random(3)
    for _ in range(600):
        if GAME.result(match.state)["over"]:
            break
        role = match.active()[0]
        acts = GAME.legal_actions(match.state, role)
        match.act(role, acts[r.randrange(len(acts))]["id"])
    again = Match.new(GAME, "two_rivers", 3, {"auto_forced": True}, seats, keep_undo=False)
    for role, action_id in match.actions:
        again.act(role, action_id)
    assert again.state == match.state


def test_3_1_simulate_counts_prompts_per_kind_and_the_forced_ones() -> None:
    out = run_one(("assyrian-wars", "two_rivers", 1, 0, {}, "random", False, 400))
    assert out.prompts and sum(n for k, n in out.prompts.items() if ":" not in k) == 400
    assert not any(k.startswith("forced:") for k in out.prompts)
    off = run_one(("assyrian-wars", "two_rivers", 1, 0, {"auto_forced": False}, "random", False, 400))
    assert any(k.startswith("forced:") for k in off.prompts)
