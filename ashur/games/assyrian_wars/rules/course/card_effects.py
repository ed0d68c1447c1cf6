"""The interpreter of card effects (6.11): a card's ``effect`` data is a list of operations
(content/effects.py); each operation kind has a handler registered by a card module under ``cards/``.

* :data:`OPS` maps an operation name to its :class:`OpHandler`: ``check`` says why the operation cannot
  be carried out now (None when it can), ``run`` carries it out.
* :data:`CONDITIONS` maps the content's ``condition`` words to tests; an operation whose condition fails
  makes the event unplayable (6.11: the card is then played for its APs only).
* The ``effects`` step runs the operations of a card one after the other. A handler that needs a decision
  pushes a step of its own; the next operation runs once that step is done. Handlers share what was
  chosen through ``frame["vars"]`` of the effects frame (:func:`effects_frame`).
* ``choose_one`` is built in: the player picks one of the options whose operations can be carried out,
  and its operations run in turn.

Every card whose operations (and conditions) all have handlers gets its event from its data
(:func:`register_data_events`, called once the card modules are imported).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.events import (
    EVENTS,
    IMPULSE,
    INTERPHASE,
    TYPE_RULES,
    Event,
    card_rule,
    register,
)
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
Op = Any  # a content model of content/effects.py (its ``op`` field names the kind)
Check = Callable[[Ctx, Frame, Op], str | None]
Run = Callable[[Ctx, Frame, Op], None]

#: content timing ``when`` -> the event kind of the framework
WHEN_KINDS = {"own_impulse": IMPULSE, "interphase": INTERPHASE, "battle": "battle", "response": "response",
              "counter_measures": "counter_measures", "battle_counter_measures": "battle_counter_measures"}


@dataclass(frozen=True)
class OpHandler:
    name: str
    run: Run
    check: Check | None = None


OPS: dict[str, OpHandler] = {}
CONDITIONS: dict[str, Callable[[Ctx, Frame], bool]] = {}


def op(name: str, check: Check | None = None) -> Callable[[Run], Run]:
    """Decorator: register the handler of effect operation `name` (with an optional `check`)."""
    def deco(run: Run) -> Run:
        if name in OPS:
            raise ValueError(f"effect operation {name!r} registered twice")
        OPS[name] = OpHandler(name, run, check)
        return run
    return deco


def condition(name: str) -> Callable[[Callable[[Ctx, Frame], bool]], Callable[[Ctx, Frame], bool]]:
    """Decorator: register the test of a content condition word."""
    def deco(fn: Callable[[Ctx, Frame], bool]) -> Callable[[Ctx, Frame], bool]:
        CONDITIONS[name] = fn
        return fn
    return deco


# --- the play frame ----------------------------------------------------------------------------------
def play_frame(ctx: Ctx, number: int, cid: str, where: Frame) -> Frame:
    """What an operation sees when it is checked or run: the card, its player ("you", 6.11), how it is
    played (impulse or window kind, a response's trigger) and the window's context (battle, areas)."""
    kind = where.get("kind") if where.get("step") != "impulse" else IMPULSE
    return {"card": number, "c": cid, "how": kind or IMPULSE, "trigger": where.get("trigger"),
            "context": dict(where.get("context") or {}), "vars": {}}


def ops_at(ctx: Ctx, number: int, path: Sequence[int]) -> tuple[Op, ...]:
    """The operations of card `number`, or of the option of a ``choose_one`` that `path` leads to."""
    ops = ctx.card(number).effect
    for i in range(0, len(path), 2):
        ops = ops[path[i]].options[path[i + 1]].effect
    return tuple(ops)


def refusal(ctx: Ctx, frame: Frame, ops: Sequence[Op]) -> str | None:
    """Why these operations cannot be carried out now, or None (conditions, then each handler)."""
    for o in ops:
        if o.condition is not None:
            test = CONDITIONS.get(o.condition)
            if test is None:
                return f"condition {o.condition} has no test"
            if not test(ctx, frame):
                return f"condition {o.condition} does not hold"
        if o.op == "choose_one":
            if not choices(ctx, frame, o):
                return "no option of the card can be carried out"
            continue
        handler = OPS.get(o.op)
        if handler is None:
            return f"effect {o.op} has no handler"
        if handler.check is not None:
            why = handler.check(ctx, frame, o)
            if why:
                return why
    return None


def choices(ctx: Ctx, frame: Frame, o: Op) -> list[int]:
    """The options of a ``choose_one`` that can be carried out now."""
    return [i for i, opt in enumerate(o.options) if refusal(ctx, frame, opt.effect) is None]


def handled(ops: Sequence[Op]) -> bool:
    """Every operation (and condition) of the list has a handler: the event can come from data."""
    for o in ops:
        if o.condition is not None and o.condition not in CONDITIONS:
            return False
        if o.op == "choose_one":
            if not all(handled(opt.effect) for opt in o.options):
                return False
        elif o.op not in OPS:
            return False
    return True


def effects_frame(ctx: Ctx) -> Frame:
    """The effects frame being resolved (handlers use its ``vars``, ``c`` and ``context``)."""
    found = flow.find(ctx.s, "effects")
    if found is None:
        raise AssertionError("no card effect is being resolved")
    return found


# --- the effects step ----------------------------------------------------------------------------------
def start(ctx: Ctx, number: int, cid: str, where: Frame, path: Sequence[int] = ()) -> Frame:
    """Push the effects frame that runs the operations of card `number` (or of one option)."""
    base = play_frame(ctx, number, cid, where)
    return flow.push(ctx.s, "effects", **base, path=list(path), i=0)


@FLOW.register
class Effects(Step[Ctx]):
    """Runs a card's operations in order (6.11: follow the card's instructions)."""

    kind = "effects"
    rule = "6.11"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        ops = ops_at(ctx, frame["card"], frame["path"])
        if frame["i"] >= len(ops):
            flow.pop(ctx.s)
            return
        o = ops[frame["i"]]
        frame["i"] += 1
        if o.op == "choose_one":
            options = choices(ctx, frame, o)
            if not options:  # what made an option possible when the card was played has gone since
                ctx.log("aw.card_no_option", card_rule(ctx, frame["card"]), country=frame["c"], card=frame["card"],
                        name=ctx.card(frame["card"]).name)
                return
            flow.push(ctx.s, "choose_option", card=frame["card"], c=frame["c"], path=list(frame["path"]),
                      at=frame["i"] - 1, options=options)
            return
        OPS[o.op].run(ctx, frame, o)


@FLOW.register
class ChooseOption(Step[Ctx]):
    """``choose_one``: the card's player picks one of its options that can be carried out (6.11)."""

    kind = "choose_option"
    rule = "6.11"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        o = ops_at(ctx, frame["card"], frame["path"])[frame["at"]]
        return [action(f"option:{i}", "aw.act.card_option", card_rule(ctx, frame["card"]), card=frame["card"],
                       option=o.options[i].label) for i in frame["options"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.card_option", "params": {"country": actor, "card": frame["card"],
                                                           "name": ctx.card(frame["card"]).name}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        i = int(act["id"].split(":")[1])
        parent = effects_frame(ctx)
        # 6.11: a card of several types is played as the type of the option chosen (Pharaoh Takes Action)
        types = ops_at(ctx, frame["card"], frame["path"])[frame["at"]].options[i].types
        rule = TYPE_RULES.get(types[0], "6.11") if types else card_rule(ctx, frame["card"])
        ctx.log("aw.card_option", rule, country=actor, card=frame["card"], option=act["params"]["option"])
        flow.push(ctx.s, "effects", card=frame["card"], c=frame["c"], how=parent["how"],
                  trigger=parent.get("trigger"), context=parent["context"], vars=parent["vars"],
                  path=[*frame["path"], frame["at"], i], i=0)


# --- events from data -------------------------------------------------------------------------------------
def data_event(ctx_card: Any) -> Event:
    """The event of a card whose operations all have handlers: playable when they all can be carried
    out, resolved by the effects step."""
    number = ctx_card.number
    kinds = tuple(dict.fromkeys(WHEN_KINDS[t.when] for t in ctx_card.timing))

    def playable(ctx: Ctx, cid: str, where: Frame) -> bool:
        return refusal(ctx, play_frame(ctx, number, cid, where), ctx.card(number).effect) is None

    def play(ctx: Ctx, cid: str, where: Frame) -> None:
        start(ctx, number, cid, where)

    return Event(number, kinds, playable, play)


def register_data_events(cards: Any) -> list[int]:
    """Register the data-driven event of every card not registered by code whose operations all have
    handlers; returns the numbers registered."""
    done = []
    for number, card in sorted(cards.items()):
        if number in EVENTS or not card.effect or not card.timing or not handled(card.effect):
            continue
        register(data_event(card))
        done.append(number)
    return done
