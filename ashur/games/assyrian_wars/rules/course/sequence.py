"""The course of play: turns, impulse rounds and the impulse track (3.0–3.7, 5.0, 6.0, 6.19, 7.8).

Frames:

* ``game``: the whole game — the secret diplomacy phase of the setup (4.2), the turns, the end (3.7);
* ``turn``: one game turn — initiate (5.1), tribute (5.2), action phase (6.0), turn end (6.19) and the
  Interphase (7.0);
* ``actions``: the action phase — scheduled impulses along the impulse track, preemption (3.3), the
  turn-end test after every impulse (3.5, 6.19) and the extended turn (3.6);
* ``preempt``: the country with the preemption ability is asked before a scheduled impulse (3.3).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import controller
from ashur.games.assyrian_wars.rules.course.events import effects_of, end_effect
from ashur.games.assyrian_wars.rules.course.impulse import income_of
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


# --------------------------------------------------------------------------------------------------
@FLOW.register
class GameStep(Step[Ctx]):
    """The root frame: setup diplomacy, then one turn frame per game turn, then the final score."""

    kind = "game"
    rule = "3.7"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        phase = frame["phase"]
        if phase == "setup":
            frame["phase"] = "turns"
            if ctx.s["options"].get("secret_diplomacy"):
                flow.push(ctx.s, "secret_diplomacy_phase", origin="4.2")
            return
        if phase == "turns":
            if ctx.s.get("ended"):
                frame["phase"] = "final"
                return
            if ctx.turn > ctx.s["last_turn"]:
                frame["phase"] = "final"
                return
            frame["phase"] = "turn_running"
            flow.push(ctx.s, "turn", phase="initiate")
            return
        if phase == "turn_running":
            if not ctx.s.get("ended") and ctx.turn < ctx.s["last_turn"]:
                ctx.s["turn"] += 1
                ctx.log("aw.turn_begins", "7.8", turn=ctx.turn)
                frame["phase"] = "turns"
            else:
                frame["phase"] = "final"
            return
        # final: end-of-game victory points and the result (8.3)
        from ashur.games.assyrian_wars.rules.course.victory import final_scoring

        final_scoring(ctx)
        flow.pop(ctx.s)


@FLOW.register
class TurnStep(Step[Ctx]):
    """One game turn (5.0): initiate, tribute, the action phase, turn end and the Interphase."""

    kind = "turn"
    rule = "5.0"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        phase = frame["phase"]
        s = ctx.s
        if phase == "initiate":
            frame["phase"] = "hooks"
            frame["hook"] = 0
            ctx.log("aw.turn_start", "5.0", turn=ctx.turn)
            if ctx.turn != s["first_turn"]:
                from ashur.games.assyrian_wars.rules.course.mercenaries import initiate_turn

                initiate_turn(ctx)
            return
        if phase == "hooks":
            i = frame["hook"]
            if i < len(HOOKS.turn_start):
                frame["hook"] = i + 1
                HOOKS.turn_start[i][2](ctx)
            else:
                frame["phase"] = "tribute"
            return
        if phase == "tribute":
            frame["phase"] = "actions"
            flow.push(s, "tribute_phase", stage="start")
            return
        if phase == "actions":
            frame["phase"] = "turn_end"
            s["round"] = 1
            flow.push(s, "actions", phase="next", pos=0, last=None, block=False, final=None, pending=None)
            ctx.log("aw.round", "3.1", turn=ctx.turn, round=1)
            return
        if phase == "turn_end":
            turn_end(ctx)
            frame["phase"] = "interphase"
            return
        if phase == "interphase":
            frame["phase"] = "done"
            flow.push(s, "interphase", slot=0)
            return
        flow.pop(s)


def turn_end(ctx: Ctx) -> None:
    """6.19: unplayed cards stay in hand; home cards and sold army group cards return to their owners."""
    for cid in list(ctx.s["countries"]):
        c = ctx.country(cid)
        back = c["home_discard"]
        if back:
            c["hand"].extend(back)
            c["home_discard"] = []
            ctx.log("aw.home_cards_back", "6.19", country=cid, n=len(back))
        for card_no, holder in list(ctx.s["home_held"].items()):
            # home cards given as tribute (7.4.3) go back to their owner
            owner = ctx.card(int(card_no)).owner
            if holder != owner and int(card_no) in ctx.s["countries"][holder]["hand"]:
                ctx.hand(holder).remove(int(card_no))
                ctx.hand(owner).append(int(card_no))
            ctx.s["home_held"].pop(card_no, None)
        if c.get("ag_sold"):
            c["ag_sold"] = False
            ctx.log("aw.ag_card_back", "6.19", country=cid)
    ctx.log("aw.turn_end", "6.19", turn=ctx.turn)


# --------------------------------------------------------------------------------------------------
def has_cards(ctx: Ctx, cid: str) -> bool:
    """A country with cards on hand (home cards included; 3.5 ignores buying and nomad draws)."""
    return bool(ctx.hand(cid))


def takes_impulses(ctx: Ctx, cid: str) -> bool:
    """Inactive countries are skipped on the impulse track (6.0, 3.4)."""
    if not ctx.active(cid):
        return False
    return controller(ctx, cid) is not None


def preemption_holder(ctx: Ctx) -> str | None:
    """3.3: the country with the most cards on hand (home cards included); a tie means nobody."""
    best: list[str] = []
    most = -1
    for cid in ctx.track():
        if not takes_impulses(ctx, cid):
            continue
        n = ctx.cards_in_hand(cid)
        if n > most:
            most, best = n, [cid]
        elif n == most:
            best.append(cid)
    if len(best) != 1 or most <= 0:
        return None
    return best[0]


def can_be_preempted(ctx: Ctx, cid: str) -> bool:
    """3.3: a country with playable cards, or able to buy one (5 AP with this impulse's income), or a
    phasing nomad able to draw a card."""
    if has_cards(ctx, cid):
        return True
    if ctx.is_nomad(cid):
        return True
    return ctx.country(cid)["saved"] + max(0, income_of(ctx, cid)) >= 5


def may_preempt(ctx: Ctx, frame: Frame, target: str) -> str | None:
    """The country that may preempt `target`'s scheduled impulse now, if any (3.3)."""
    if ctx.s["round"] <= 1 or frame["block"]:
        return None
    holder = preemption_holder(ctx)
    if holder is None or holder == target or holder == frame["last"]:
        return None
    if not can_be_preempted(ctx, target):
        return None
    return holder


def preempt_refusal(ctx: Ctx) -> tuple[str, str]:
    """Why a typed 'preempt' is refused at this moment (3.3)."""
    frame = flow.find(ctx.s, "actions")
    if frame is None:
        return ("preemption happens between impulses of the action phase", "3.3")
    if ctx.s["round"] <= 1:
        return ("no preemption in the first impulse round of a game turn", "3.3")
    if frame["block"]:
        return ("after a preemptive impulse another country must take a scheduled impulse first", "3.3")
    holder = preemption_holder(ctx)
    if holder is None:
        return ("no country has the preemption ability (a tie for the most cards)", "3.3")
    if frame["last"] == holder:
        return ("no country may conduct two consecutive impulses", "3.3")
    return ("preemption is declared between impulses, when the preempting country is asked", "3.3")


HOOKS.provide("sequence.preempt_refusal", preempt_refusal)


@FLOW.register
class ActionPhase(Step[Ctx]):
    """6.0: scheduled impulses along the impulse track, preemption between them, turn end (3.5/6.19)."""

    kind = "actions"
    rule = "6.0"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        s = ctx.s
        phase = frame["phase"]
        track = ctx.track()
        if phase == "check":
            self._check(ctx, frame)
            return
        if phase == "answered":
            target = frame["pending"]
            if frame.pop("answer"):
                frame["phase"] = "check"
                frame["after_preempt"] = target
                holder = frame.pop("holder")
                frame["block"] = True
                ctx.log("aw.preempt", "3.3", country=holder, target=target)
                flow.push(s, "impulse", c=holder, kind="preemptive", phase="start")
                frame["last_started"] = holder
            else:
                self._scheduled(ctx, frame, target)
            return
        # phase == "next": the next scheduled impulse
        special = special_impulse(ctx, frame)
        if special is not None:
            flow.push(s, "impulse", c=special, kind="preemptive", phase="start")
            return
        extra = extra_impulse(ctx, frame)
        if extra is not None:
            # like a preemptive impulse: no income (6.18), and a scheduled impulse comes next (3.3)
            frame["phase"] = "check"
            frame["block"] = True
            frame["last_started"] = extra
            flow.push(s, "impulse", c=extra, kind="extra", phase="start")
            return
        if frame.get("after_preempt"):
            target = frame.pop("after_preempt")
            frame["pending"] = None
            if takes_impulses(ctx, target):
                self._scheduled(ctx, frame, target)
            else:
                # the preempted country became inactive meanwhile (3.4): its slot passes
                frame["pos"] += 1
                frame["block"] = False
                ctx.log("aw.preempted_inactive", "3.4", country=target)
            return
        if not any(takes_impulses(ctx, c) for c in track):
            ctx.log("aw.no_active_country", "3.5")
            flow.pop(s)
            return
        target = self._next_scheduled(ctx, frame)
        holder = may_preempt(ctx, frame, target)
        if holder is not None:
            frame["pending"] = target
            frame["holder"] = holder
            frame["phase"] = "ask"
            flow.push(s, "preempt", holder=holder, target=target)
            return
        self._scheduled(ctx, frame, target)

    def _next_scheduled(self, ctx: Ctx, frame: Frame) -> str:
        """Move the impulse marker to the next country that takes an impulse (inactive ones are skipped)."""
        track = ctx.track()
        for _ in range(len(track) + 1):
            pos = frame["pos"]
            if pos >= len(track):
                frame["pos"] = pos = 0
                for _order, _name, fn in HOOKS.round_end:
                    fn(ctx)
                ctx.s["round"] += 1
                ctx.log("aw.round", "3.1", turn=ctx.turn, round=ctx.s["round"])
            cid = track[pos]
            if takes_impulses(ctx, cid):
                return cid
            frame["pos"] = pos + 1
        raise AssertionError("no country takes impulses")

    def _scheduled(self, ctx: Ctx, frame: Frame, target: str) -> None:
        frame["pos"] += 1
        frame["phase"] = "check"
        frame["block"] = False
        frame["pending"] = None
        frame["last_started"] = target
        flow.push(ctx.s, "impulse", c=target, kind="scheduled", phase="start")

    def _check(self, ctx: Ctx, frame: Frame) -> None:
        """After an impulse: the turn-end test (3.5, 6.19) and the extended turn (3.6)."""
        last = frame["last_started"]
        frame["last"] = last
        holders = [c for c in ctx.track() if takes_impulses(ctx, c) and has_cards(ctx, c)]
        if frame["final"] is not None:
            others = [c for c in holders if c != frame["final"]]
            if not others:
                ctx.log("aw.turn_over", "6.19", last=last)
                flow.pop(ctx.s)
                return
            ctx.log("aw.extended_turn", "3.6", countries=others)
            frame["final"] = None
        if not holders:
            ctx.log("aw.turn_over", "3.5", last=last)
            ctx.s["last_card_player"] = last
            flow.pop(ctx.s)
            return
        if holders == [last]:
            ctx.log("aw.turn_over_consecutive", "3.5", country=last)
            ctx.s["last_card_player"] = last
            flow.pop(ctx.s)
            return
        if len(holders) == 1 and frame.get("after_preempt") is None:
            final = holders[0]
            frame["final"] = final
            frame["last_started"] = final
            ctx.s["last_card_player"] = final
            ctx.log("aw.last_impulse", "6.19", country=final)
            flow.push(ctx.s, "impulse", c=final, kind="scheduled", phase="start", final=True)
            return
        ctx.s["last_card_player"] = last
        frame["phase"] = "next"


def special_impulse(ctx: Ctx, frame: Frame) -> str | None:
    """7.5.2.b: special preemptive impulses chosen by secret diplomacy take place before the first impulse
    of the turn, in impulse-track order."""
    waiting = ctx.s.get("special_impulses")
    if not waiting or frame["pos"] != 0 or ctx.s["round"] != 1 or frame.get("last") is not None:
        return None
    for cid in ctx.track():
        if cid in waiting:
            waiting.remove(cid)
            if takes_impulses(ctx, cid):
                ctx.log("aw.special_impulse", "7.5.2.b", country=cid)
                return cid
    return None


def next_scheduled(ctx: Ctx, frame: Frame) -> str | None:
    """The country of the next scheduled impulse: the next one on the impulse track that takes impulses
    (without moving the impulse marker)."""
    track = ctx.track()
    for i in range(len(track)):
        cid = track[(frame["pos"] + i) % len(track)]
        if takes_impulses(ctx, cid):
            return cid
    return None


def extra_impulse(ctx: Ctx, frame: Frame) -> str | None:
    """6.11.h (card 67, Seize the Moment): an extra impulse of the card's player once another country has
    taken an impulse after the card was played (the card's ``wait`` counts them down). Never two impulses
    of one country in a row (3.3): it waits while the previous or the next impulse is its own, and it is not
    put between a preemptive impulse and the impulse it preempted (3.3). It brings no income (6.18); a
    country without cards by then loses it (3.3: one without playable cards takes no such impulse), and
    so does one whose turn ends first (3.5: the effect lasts this turn)."""
    if frame.get("after_preempt"):
        return None
    for e in effects_of(ctx, "extra_impulse"):
        c = e["by"]
        if e["wait"] > 0 or frame.get("last") == c or next_scheduled(ctx, frame) == c:
            continue
        end_effect(ctx, e)
        if not takes_impulses(ctx, c) or not has_cards(ctx, c):
            ctx.log("aw.moves.extra_impulse_lost", "6.11.h", country=c, card=e["card"])
            continue
        ctx.log("aw.moves.extra_impulse", "6.11.h", country=c, card=e["card"])
        return str(c)
    return None


@FLOW.register
class Preempt(Step[Ctx]):
    """3.3: before a scheduled impulse the country with the preemption ability is asked."""

    kind = "preempt"
    rule = "3.3"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["holder"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action("preempt", "aw.act.preempt", "3.3", target=frame["target"]),
                action("no_preempt", "aw.act.no_preempt", "3.3", target=frame["target"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.preempt", "params": {"country": actor, "target": frame["target"]}}

    def orders(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, str]:
        """Never preempt, for the rest of the turn (3.3)."""
        return {"no_preempt": "no_preempt"}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        parent = ctx.s["stack"][-1]
        parent["answer"] = act["id"] == "preempt"
        parent["phase"] = "answered"
