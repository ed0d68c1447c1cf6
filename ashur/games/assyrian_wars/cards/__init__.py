"""Card events (6.11): the registry that card modules fill, event play in an impulse, and the windows
in which battle, response and counter-measures cards are played (6.7.1, 6.11.d, 6.11.e).

A card can always be played for its APs (3.1). Its event is offered only when an :class:`Event` is
registered for its number and the event can be played in the situation (6.11: otherwise the card can
only be played for APs). The AP cost of an event (printed on the card) is paid from the impulse's APs,
and what is missing may be borrowed against the next impulse (6.11).

Windows ask every participant in turn order — not only those holding a fitting card, so that a prompt
never reveals a hand — unless no registered card of the window's kind could be in anyone's hand (all of
them are publicly elsewhere): that test uses public information only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]

IMPULSE = "impulse"
WINDOW_KINDS = ("battle", "battle_counter_measures", "counter_measures", "response")


@dataclass(frozen=True)
class Event:
    """The event of one card: `timing` is ``impulse`` or a window kind."""

    number: int
    timing: str
    playable: Callable[[Ctx, str, Frame], bool]
    play: Callable[[Ctx, str, Frame], None]


EVENTS: dict[int, Event] = {}


def register(event: Event) -> None:
    if event.number in EVENTS:
        raise ValueError(f"event of card {event.number} registered twice")
    EVENTS[event.number] = event


def may_play_by(ctx: Ctx, number: int, cid: str) -> bool:
    """6.11: some events are playable by certain countries only ('you' means the card's owner)."""
    if ctx.kind(cid) == "nomad" and cid not in ctx.s.get("substitutes", {}):
        return False  # 10.1: nomads play no events
    card = ctx.card(number)
    who = getattr(card, "playable_by", None)
    if who in (None, "any") or who == ():
        return True
    return cid in who


def event_cost(ctx: Ctx, number: int) -> int:
    return int(getattr(ctx.card(number), "event_cost", 0) or 0)


def borrow_limit(ctx: Ctx, cid: str) -> int:
    """6.11: APs may be borrowed against the next impulse; an allied minor may not be made to borrow
    more than its next income repays (it would take an ECO −1 marker)."""
    from ashur.games.assyrian_wars.rules.course.impulse import income_of

    if ctx.is_minor(cid):
        return max(0, income_of(ctx, cid) - ctx.country(cid).get("borrowed", 0))
    return 99


def event_actions(ctx: Ctx, frame: Frame, number: int) -> list[Action]:
    """The event action for a card in an impulse, when its event is registered and playable now."""
    ev = EVENTS.get(number)
    c = frame["c"]
    if ev is None or ev.timing != IMPULSE or not may_play_by(ctx, number, c):
        return []
    if not ev.playable(ctx, c, frame):
        return []
    from ashur.games.assyrian_wars.rules.course.impulse import ap_left

    cost = event_cost(ctx, number)
    if cost > ap_left(frame) + borrow_limit(ctx, c):
        return []
    card = ctx.card(number)
    return [action(f"card:{number}:event", "aw.act.card_event", "6.11", card=number, name=card.name, cost=cost)]


def play_event(ctx: Ctx, frame: Frame, number: int, how: str) -> None:
    """Play a card as an event in the impulse: pay (or borrow) its cost, discard it, resolve it."""
    from ashur.games.assyrian_wars.rules.course.impulse import ap_left, pay

    c = frame["c"]
    ev = EVENTS[number]
    cost = event_cost(ctx, number)
    short = max(0, int(cost - ap_left(frame) + 0.5)) if cost > ap_left(frame) else 0
    if short:
        frame["ap2"] += 2 * short
        ctx.country(c)["borrowed"] = ctx.country(c).get("borrowed", 0) + short
        ctx.log("aw.borrow", "6.11", country=c, ap=short)
    if cost:
        pay(ctx, frame, 2 * cost, "6.11", "event", card=number)
    ctx.hand(c).remove(number)
    frame["cards"].append(number)
    ctx.reveal()
    ctx.log("aw.card_event", "6.11", country=c, card=number, name=ctx.card(number).name)
    lasting = bool(getattr(ctx.card(number), "face_up", False))
    if lasting:
        ctx.s["faceup"].append({"card": number, "by": c})
    else:
        owner = ctx.card(number).owner
        if owner is not None and owner in ctx.s["countries"]:
            ctx.country(owner)["home_discard"].append(number)
        else:
            ctx.s["discard"].append(number)
    ev.play(ctx, c, frame)


HOOKS.provide("cards.event_actions", event_actions)
HOOKS.provide("cards.play_event", play_event)


# --- windows -----------------------------------------------------------------------------------------
def _fits(ctx: Ctx, number: int, ev: Event, kind: str, trigger: str | None) -> bool:
    if ev.timing != kind:
        return False
    if trigger is None:
        return True
    return any(t.when == "response" and t.trigger == trigger for t in ctx.card(number).timing)


def window_could_matter(ctx: Ctx, kind: str, participants: list[str], trigger: str | None = None) -> bool:
    """Public test: could any registered card of this window kind be in a participant's hand?"""
    public = set(ctx.s["discard"]) | {f["card"] for f in ctx.s["faceup"]}
    for cid in ctx.s["countries"]:
        public |= set(ctx.country(cid)["home_discard"])
    for number, ev in EVENTS.items():
        if not _fits(ctx, number, ev, kind, trigger) or number in public:
            continue
        owner = ctx.card(number).owner
        if owner is not None and owner not in participants:
            continue
        return True
    return False


def open_window(ctx: Ctx, kind: str, participants: list[str], context: dict[str, Any], rule: str,
                trigger: str | None = None) -> None:
    """Push a window step: ``battle``, ``battle_counter_measures``, ``counter_measures`` or ``response``
    (with the content's response `trigger`, e.g. ``interception_declared``). Participants are asked in
    impulse-track order. `context` describes the situation for the events (battle id, areas, forces)."""
    order = [c for c in ctx.track() if c in participants]
    if not order or not window_could_matter(ctx, kind, order, trigger):
        return
    flow.push(ctx.s, "window", kind=kind, trigger=trigger, order=order, i=0, chosen={}, context=context,
              rule=rule)


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
            if ev and _fits(ctx, n, ev, frame["kind"], frame.get("trigger")) and n not in chosen \
                    and may_play_by(ctx, n, actor) and ev.playable(ctx, actor, frame):
                out.append(n)
        return out

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action(f"choose:{n}", "aw.act.choose_card", frame["rule"], card=n, name=ctx.card(n).name)
                for n in self._playable(ctx, frame, actor)]
        acts.append(action("done", "aw.act.window_done", frame["rule"], kind=frame["kind"]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.window", "params": {"country": actor, "kind": frame["kind"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "done":
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
        for cid in frame["order"]:
            for n in frame["chosen"].get(cid, []):
                ctx.discard(cid, n)
                ctx.log("aw.card_revealed", frame["rule"], country=cid, card=n, name=ctx.card(n).name)
                EVENTS[n].play(ctx, cid, frame)
