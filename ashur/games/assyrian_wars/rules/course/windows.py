"""Card windows (6.7.1, 6.11.d, 6.11.e): battle cards, battle counter measures, responses and counter
measures, chosen face down in turn order and revealed together.

A window asks every participant in turn order — not only those holding a fitting card, so that a prompt
never reveals a hand — unless no registered card of the window's kind could be in anyone's hand (all of
them are publicly elsewhere): that test uses public information only.

Once everybody has chosen, the cards are revealed and resolved in turn order: battle cards at once (their
counter is the Battle Counter Measures window that follows, 6.11.d); a response or a Battle Counter
Measures card as an event, which itself may be cancelled by Counter Measures (6.11.e: Counter Measures
supersede Battle Counter Measures); a Counter Measures card at once.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.events import (
    EVENTS,
    announce,
    can_afford,
    card_rule,
    event_cost,
    fits,
    may_play_by,
    open_window,
    pay_event,
    put_away,
    window_could_matter,
)

__all__ = ["Window", "WindowResolve", "open_window", "window_could_matter"]
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]

#: windows whose cards resolve at once when revealed (the others resolve as events, 6.11.e)
AT_ONCE = ("battle", "counter_measures")


@FLOW.register
class Window(Step[Ctx]):
    """Participants choose cards in turn order; choices stay face down until all have chosen (6.7.1,
    6.11.d), then they are revealed together and resolved in turn order."""

    kind = "window"
    rule = "6.11.d"

    def _current(self, frame: Frame) -> str | None:
        return frame["order"][frame["i"]] if frame["i"] < len(frame["order"]) else None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        c = self._current(frame)
        return [c] if c is not None else []

    def _playable(self, ctx: Ctx, frame: Frame, actor: str) -> list[int]:
        chosen = set(frame["chosen"].get(actor, []))
        out = []
        for n in sorted(set(ctx.hand(actor))):
            ev = EVENTS.get(n)
            if ev and n not in chosen and fits(ctx, n, ev, frame["kind"], frame.get("trigger")) \
                    and may_play_by(ctx, n, actor) and can_afford(ctx, actor, event_cost(ctx, n, frame["kind"])) \
                    and ev.playable(ctx, actor, frame):
                out.append(n)
        return out

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        """Passing first (the default), then the cards that fit. The window asks even when passing is the
        only choice: its lone action is then a secrecy pass (``pass``), never answered without asking —
        except for a participant with an empty hand, which everybody sees (the number of cards in a hand is
        public): asking it keeps no secret, so with the option ``auto_forced`` its lone action is a plain
        ``done``, answered by the engine (with the option off every atom is asked, and the id stays ``pass``
        as in the scripted tests and saves)."""
        if not ctx.hand(actor) and ctx.s["options"].get("auto_forced", False):
            return [action("done", "aw.act.window_empty_hand", frame["rule"], kind=frame["kind"])]
        acts = [action("pass", "aw.act.window_done", frame["rule"], kind=frame["kind"])]
        acts += [action(f"choose:{n}", "aw.act.choose_card", frame["rule"], card=n, name=ctx.card(n).name)
                 for n in self._playable(ctx, frame, actor)]
        return acts

    def orders(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, str]:
        """A standing order to pass in every card window (it answers whatever the hand holds)."""
        return {"pass": "pass"} if ctx.hand(actor) else {}

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.window", "params": {"country": actor, "kind": frame["kind"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith("choose:"):
            return (f"no card of this hand fits this {frame['kind']} window now", frame["rule"])
        return super().explain(ctx, frame, actor, action_id)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] in ("pass", "done"):
            frame["i"] += 1
            return
        n = act["params"]["card"]
        frame["chosen"].setdefault(actor, []).append(n)
        ctx.log("aw.card_chosen", frame["rule"], to=[actor], country=actor, card=n)

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        if not frame["chosen"]:
            return
        ctx.reveal()
        queue = []
        for cid in frame["order"]:
            for n in frame["chosen"].get(cid, []):
                ctx.hand(cid).remove(n)
                ctx.log("aw.card_revealed", frame["rule"], country=cid, card=n, name=ctx.card(n).name)
                queue.append([cid, n])
        flow.push(ctx.s, "window_resolve", kind=frame["kind"], trigger=frame.get("trigger"),
                  context=frame["context"], rule=frame["rule"], queue=queue)


@FLOW.register
class WindowResolve(Step[Ctx]):
    """The revealed cards of a window resolve one by one in turn order (6.7.1, 6.11.e)."""

    kind = "window_resolve"
    rule = "6.11.e"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if not frame["queue"]:
            flow.pop(ctx.s)
            return
        cid, n = frame["queue"].pop(0)
        if frame["kind"] == "battle":
            battle = flow.find(ctx.s, "battle")
            if battle is not None:
                battle.setdefault("cards", []).append({"card": n, "by": cid, "cancelled": None})
        if frame["kind"] in AT_ONCE:
            ctx.log("aw.card_event", "6.11", country=cid, card=n, name=ctx.card(n).name,
                    card_rule=card_rule(ctx, n), how=frame["kind"])
            pay_event(ctx, cid, n, event_cost(ctx, n, frame["kind"]))
            put_away(ctx, cid, n, lasting=True)
            EVENTS[n].play(ctx, cid, frame)
            return
        announce(ctx, cid, n, frame["kind"], {"window": frame["kind"], "trigger": frame.get("trigger"),
                                              **frame["context"]})
