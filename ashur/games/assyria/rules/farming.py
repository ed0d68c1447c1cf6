"""I - Farming: sowing the columns (A), the harvest (B) and the new turn order (C)."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.core.flow import Step, pop
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import refs
from ashur.games.assyria.rules.cards import draw_food, type_of
from ashur.games.assyria.rules.registry import FLOW

Frame = dict[str, Any]


def arrange(ctx: Ctx, drawn: list[str]) -> list[str]:
    """Farming A: a row in order: cards by number of symbols (1 to 3), alike counts in drawing order,
    wild cards on the right (in drawing order too)."""
    foods = ctx.c.food_cards
    plain = [c for c in drawn if not foods[c].wild]
    wild = [c for c in drawn if foods[c].wild]
    return sorted(plain, key=lambda c: foods[c].symbols) + wild  # sorted() is stable: drawing order kept


def sow(ctx: Ctx) -> None:
    """Farming A: the first player draws a row of cards (5; 4 with 3 players; 3 with 2 players), arranges
    it, then a second row under it: as many columns of two cards."""
    n = ctx.setup.sow
    rows = []
    for _ in range(2):
        drawn = [draw_food(ctx, refs.SOWING) for _ in range(n)]
        rows.append(arrange(ctx, drawn))
    ctx.s["columns"] = [[rows[0][i], rows[1][i]] for i in range(n)]
    ctx.s["taken"] = {}
    ctx.reveal()
    for i, col in enumerate(ctx.s["columns"], start=1):
        ctx.log("as.sown", refs.SOWING, column=i, cards=[type_of(ctx, c) for c in col])


@FLOW.register
class Harvest(Step[Ctx]):
    """Farming B: in turn order, each player puts their disc above a free column and takes its two cards."""

    kind = "harvest"
    rule = refs.HARVEST

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        taken = ctx.s["taken"]
        out = []
        for i, col in enumerate(ctx.s["columns"], start=1):
            if str(i) not in taken:
                out.append(action(f"column:{i}", "as.act.column", self.rule, column=i,
                                  cards=[type_of(ctx, c) for c in col]))
        return out

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "as.prompt.harvest", "params": {}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("choose a column no other disc stands above", self.rule)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        i = act["params"]["column"]
        col = ctx.s["columns"][i - 1]
        ctx.s["taken"][str(i)] = actor
        ctx.p(actor)["cards"].extend(col)
        ctx.s["columns"][i - 1] = []
        got = ctx.p(actor)["cards"][-2:]
        ctx.log("as.harvest", self.rule, role=actor, column=i, cards=[type_of(ctx, c) for c in got])
        frame["queue"].pop(0)
        if not frame["queue"]:
            pop(ctx.s)


def new_order(ctx: Ctx) -> None:
    """Farming C: the disc farthest left plays first, the one farthest right last."""
    taken = ctx.s["taken"]
    ctx.s["order"] = [taken[k] for k in sorted(taken, key=int)]
    ctx.log("as.order", refs.NEW_ORDER, order=list(ctx.s["order"]))


def unselected(ctx: Ctx) -> list[str]:
    """Farming B note / Actions D: the cards of the columns nobody took, still on offer this turn."""
    taken = ctx.s["taken"]
    return [c for i, col in enumerate(ctx.s["columns"], start=1) if str(i) not in taken for c in col]
