"""Draw pile cards and the cards that reshape impulses (6.11.g, 6.11.h; 3.1–3.3, 6.18).

Operations handled here:

* ``pass_impulse`` (cards 33 Careful Preparations, 34 Pass Impulse, 6.11.g): the card must be the only
  thing done in the impulse — no card before it, no '+' card and no APs spent besides it (what the impulse
  start took by itself, buying a card or maintenance, does not count); once it resolves, the impulse ends.
  Its reward waits, face up, for the player's next impulse: extra APs, a second card as if one were a '+'
  card (3.2), or this impulse's unspent APs kept beyond the limit of 4 saved APs (6.18);
* ``draw_cards`` and ``discard_from`` (33, 35): cards from the draw pile (or the discard pile) to a hand, and
  cards discarded from hands (never home cards: they stay with their owners, 2.3);
* ``extra_impulse`` (67 Seize the Moment): an extra impulse after the next country's impulse; the action
  phase (``sequence.extra_impulse``) places it.
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.card_effects import op
from ashur.games.assyrian_wars.rules.course.events import (
    add_effect,
    effects_of,
    lasting_cards,
    remove_lasting,
)
from ashur.games.assyrian_wars.rules.course.impulse import CARD_PRICE, MAX_SAVED, ap_left, current_impulse
from ashur.games.assyrian_wars.rules.course.sequence import takes_impulses
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
RULE = "6.11.g"


# --- pass the impulse (6.11.g) -------------------------------------------------------------------------
def _own_impulse(ctx: Ctx, c: str) -> Frame | None:
    imp = current_impulse(ctx)
    return imp if imp is not None and imp["c"] == c and imp.get("phase") == "main" else None


def _check_pass(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    imp = _own_impulse(ctx, frame["c"])
    if imp is None:
        return "it gives up your own impulse (6.11.g)"
    if imp["cards"] or imp["bought_plus"]:
        return "no other card, '+' card or APs may be played with it: it must be the impulse's only card (6.11.g)"
    if imp["spent2"] > imp["flags"].get("main_spent2", 0):
        return "no APs may be spent in an impulse in which it is played (6.11.g)"
    return None


@op("pass_impulse", _check_pass)
def _pass_impulse(ctx: Ctx, frame: Frame, o: Any) -> None:
    c = frame["c"]
    add_effect(ctx, "pass_impulse", c, frame["card"], "next_impulse", ap=o.next_impulse_bonus_ap,
               extra_card=o.next_impulse_extra_card, save_all=o.save_all_income)
    imp = current_impulse(ctx)
    if imp is not None and imp["c"] == c:
        imp["phase"] = "end"  # nothing else is done in this impulse (6.11.g)
        imp["hook"] = 0
    ctx.log("aw.moves.impulse_passed", RULE, country=c, card=frame["card"], ap=o.next_impulse_bonus_ap,
            extra_card=o.next_impulse_extra_card, save_all=o.save_all_income)


def _main_spent(ctx: Ctx, imp: Frame) -> None:
    """What the impulse start spent by itself (a card bought, maintenance): not APs spent 'in addition'."""
    imp["flags"]["main_spent2"] = imp["spent2"]


def _next_impulse_start(ctx: Ctx, imp: Frame) -> None:
    """6.11.g: the reward of a passed impulse comes at the start of the player's next impulse."""
    c = imp["c"]
    for e in effects_of(ctx, "pass_impulse", c):
        if e["skip"]:
            continue
        if e["ap"]:
            imp["ap2"] += 2 * e["ap"]
            ctx.log("aw.moves.bonus_ap", RULE, country=c, card=e["card"], ap=e["ap"])
        if e["extra_card"] and not imp["bought_plus"]:
            imp["bought_plus"] = True  # 3.2: a second card, as if one were a '+' card
            ctx.log("aw.moves.second_card", "3.2", country=c, card=e["card"])
    if imp["passing"] and imp["kind"] == "scheduled" and not ctx.hand(c) and ap_left(imp) >= CARD_PRICE:
        # 6.18: a country without cards that has 5 APs must buy a card (the reward counts)
        imp["spent2"] += 2 * CARD_PRICE
        imp["passing"] = False
        ctx.log("aw.buy_card", "6.18", country=c, ap=CARD_PRICE)
        ctx.draw(c, 1, "6.18")


def _impulse_end(ctx: Ctx, imp: Frame) -> None:
    """At the end of the passed impulse its unspent APs are kept (Pass Impulse, beyond the 4 of 6.18); at the
    end of the next impulse the face-up card goes to the discard pile (6.11.l). An extra impulse waits for
    another country's impulse to end (card 67)."""
    c = imp["c"]
    for e in effects_of(ctx, "pass_impulse", c):
        if e["skip"] and e["save_all"]:
            left = imp["ap2"] // 2 - math.ceil(imp["spent2"] / 2)
            kept = max(0, left - MAX_SAVED)
            if kept:
                e["ap"] += kept
                imp["spent2"] += 2 * kept  # set aside: the impulse saves the usual 4 besides
                ctx.log("aw.moves.ap_kept", RULE, country=c, card=e["card"], ap=kept)
        elif not e["skip"] and lasting_cards(ctx, e["card"]):
            remove_lasting(ctx, e["card"], RULE)
    for e in effects_of(ctx, "extra_impulse"):
        if e["by"] != c and e["wait"] > 0:
            e["wait"] -= 1


HOOKS.add_impulse_start(2, "6.11.g passed impulse", _next_impulse_start)
HOOKS.add_impulse_start(999, "6.11.g start spending", _main_spent)
HOOKS.add_impulse_end(94, "6.11.g passed impulse", _impulse_end)


# --- extra impulse (card 67, 6.11.h) ------------------------------------------------------------------------
def _check_extra(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    c = frame["c"]
    if _own_impulse(ctx, c) is None:
        return "it is played in your own impulse (6.11.h)"
    if effects_of(ctx, "extra_impulse", c):
        return "you already wait for an extra impulse"
    actions = flow.find(ctx.s, "actions")
    if actions is not None and actions.get("final") == c:
        return "this is the last impulse of the turn: no impulse follows it (6.19)"
    if sum(1 for x in ctx.track() if takes_impulses(ctx, x)) < 3:
        return ("with two countries taking impulses an extra impulse would always join one of your own, and no "
                "country takes two impulses in a row (3.3)")
    return None


@op("extra_impulse", _check_extra)
def _extra_impulse(ctx: Ctx, frame: Frame, o: Any) -> None:
    add_effect(ctx, "extra_impulse", frame["c"], frame["card"], "turn", wait=1)
    ctx.log("aw.moves.extra_impulse_gained", "6.11.h", country=frame["c"], card=frame["card"])


# --- drawing and discarding cards ------------------------------------------------------------------------------
def _drawer(frame: Frame, who: str) -> str | None:
    return frame["c"] if who == "self" else frame["vars"].get("target")


def _check_draw(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if _drawer(frame, o.who) is None:
        return "the card names no country to draw"
    if o.source == "discard_pile" and not ctx.s["discard"]:
        return "the discard pile is empty"
    if not ctx.s["deck"] and not ctx.s["discard"]:
        return "the draw pile and the discard pile are empty (4.1)"
    return None


@op("draw_cards", _check_draw)
def _draw_cards(ctx: Ctx, frame: Frame, o: Any) -> None:
    who = _drawer(frame, o.who)
    assert who is not None
    if o.source == "draw_pile":
        ctx.draw(who, o.count, RULE)
        return
    pile = ctx.s["discard"]
    for _ in range(min(o.count, len(pile))):
        n = pile.pop()  # the top of the discard pile, open to all (4.1)
        ctx.hand(who).append(n)
        ctx.log("aw.moves.took_discard", RULE, country=who, card=n, name=ctx.card(n).name)


def discardable(ctx: Ctx, cid: str) -> list[int]:
    """Cards of a hand a card event may discard: never home cards (2.3: they stay with their owners)."""
    return sorted({n for n in ctx.hand(cid) if not ctx.is_home_card(n)})


def _victims(ctx: Ctx, frame: Frame, whose: str) -> list[str]:
    if whose == "self":
        return [frame["c"]]
    if whose == "target":
        target = frame["vars"].get("target")
        return [target] if target else []
    return [x for x in ctx.track() if x != frame["c"] and ctx.is_power(x) and ctx.active(x)]


def _check_discard(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not _victims(ctx, frame, o.whose):
        return "the card names no country to discard"
    return None


@op("discard_from", _check_discard)
def _discard_from(ctx: Ctx, frame: Frame, o: Any) -> None:
    c = frame["c"]
    for victim in reversed(_victims(ctx, frame, o.whose)):
        chooser = victim if o.chooser == "owner" else c
        if o.chooser == "random":
            for _ in range(o.count):
                cards = discardable(ctx, victim)
                if not cards:
                    break
                discard(ctx, victim, cards[ctx.random_index(len(cards))], RULE)
            continue
        if chooser != victim:
            ctx.reveal()  # the card player looks at the hand (undo stops here)
        flow.push(ctx.s, "moves_discard", victim=victim, chooser=chooser, left=o.count, card=frame["card"])


def discard(ctx: Ctx, cid: str, number: int, rule: str) -> None:
    """A card goes from a hand to the discard pile, face up for all (4.1)."""
    ctx.discard(cid, number)
    ctx.log("aw.moves.discarded", rule, country=cid, card=number, name=ctx.card(number).name)


@FLOW.register
class MovesDiscard(Step[Ctx]):
    """6.11.g: the chooser discards cards from the victim's hand, one at a time."""

    kind = "moves_discard"
    rule = RULE

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["chooser"]] if frame["left"] > 0 and discardable(ctx, frame["victim"]) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["left"] > 0:
            ctx.log("aw.moves.nothing_to_discard", RULE, country=frame["victim"])
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"discard:{n}", "aw.act.moves_discard", RULE, card=n, name=ctx.card(n).name,
                       country=frame["victim"]) for n in discardable(ctx, frame["victim"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.moves_discard", "params": {"country": actor, "victim": frame["victim"],
                                                             "n": frame["left"], "card": frame["card"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("only a card of that hand, never a home card (2.3), can be discarded", RULE)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        discard(ctx, frame["victim"], int(act["params"]["card"]), RULE)
        frame["left"] -= 1
