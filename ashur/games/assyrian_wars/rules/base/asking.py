"""Yes-or-no questions of politics: a country is asked for its consent or its choice (7.1.B, 7.4.1,
7.4.2, 7.4.3, 7.4.4, 7.4.6, 6.9 free passage).

A module registers a question kind with its choices and a handler; :func:`ask` pushes an ``ask`` frame
for the country that decides (its player answers). The frame is popped before the handler runs, so a
handler may ask the next country or push other frames.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
Handler = Callable[[Ctx, dict[str, Any], str, str], None]


@dataclass(frozen=True)
class Question:
    kind: str
    choices: tuple[str, ...]
    handler: Handler
    #: the answer when nobody can answer for the country (no player controls it)
    default: str


QUESTIONS: dict[str, Question] = {}


def register_question(kind: str, choices: tuple[str, ...], handler: Handler, default: str | None = None) -> None:
    if kind in QUESTIONS:
        raise ValueError(f"question {kind!r} registered twice")
    QUESTIONS[kind] = Question(kind, choices, handler, default or choices[-1])


def ask(ctx: Ctx, kind: str, who: str, *, rule: str, **data: Any) -> None:
    """Ask country `who` the question `kind` (the answer is handled when it is given)."""
    flow.push(ctx.s, "ask", kind=kind, who=who, rule=rule, data=data)


@FLOW.register
class Ask(Step[Ctx]):
    """A country answers a political question."""

    kind = "ask"
    rule = "7.4"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        return [frame["who"]] if role_of(ctx, frame["who"]) is not None else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        q = QUESTIONS[frame["kind"]]
        flow.pop(ctx.s)
        q.handler(ctx, frame["data"], q.default, frame["who"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        q = QUESTIONS[frame["kind"]]
        return [action(f"{q.kind}:{c}", f"aw.act.ask.{q.kind}.{c}", frame["rule"], country=actor, **frame["data"])
                for c in q.choices]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": f"aw.prompt.ask.{frame['kind']}", "params": {"country": actor, **frame["data"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return (f"{actor} must answer: {frame['kind']}", frame["rule"])

    def orders(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, str]:
        """Any answer may stand for the questions of the same kind ("refuse every peace offer")."""
        q = QUESTIONS[frame["kind"]]
        return {f"{q.kind}.{c}": f"{q.kind}:{c}" for c in q.choices}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        q = QUESTIONS[frame["kind"]]
        flow.pop(ctx.s)
        q.handler(ctx, frame["data"], act["id"].split(":", 1)[1], actor)
