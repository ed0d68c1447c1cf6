"""Preparation: the starting spaces and the initial draft (the rest of the preparation is in setup)."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.core.flow import Step, pop
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import refs
from ashur.games.assyria.rules.cards import describe, distinct, draw_food, type_of
from ashur.games.assyria.rules.registry import FLOW

Frame = dict[str, Any]


def free_starts(ctx: Ctx) -> list[str]:
    """The starting spaces of this set-up nobody has chosen yet."""
    return [h for h in ctx.setup.starts if h not in ctx.s["zigs"]]


@FLOW.register
class ChooseStart(Step[Ctx]):
    """Preparation: in turn order, each player picks a free starting space and puts a ziggurat base there
    (with 2 players, each picks one of the four places: 2 players)."""

    kind = "start"
    rule = refs.PREPARATION

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"start:{h}", "as.act.start", self.rule, hex=h) for h in free_starts(ctx)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "as.prompt.start", "params": {}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("choose one of the free starting spaces of this board", self.rule)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        h = act["params"]["hex"]
        ctx.s["zigs"][h] = {"owner": actor, "level": 1, "turn": 0}
        ctx.p(actor)["bases"] -= 1
        ctx.log("as.start", self.rule, role=actor, hex=h)
        frame["queue"].pop(0)
        if not frame["queue"]:
            pop(ctx.s)


def start_draft(ctx: Ctx) -> None:
    """Preparation, initial draft: the last player in turn order draws one card per player (4, 3 or 2)."""
    s = ctx.s
    order = s["order"]
    holder = order[-1]
    packet = [draw_food(ctx, refs.DRAFT) for _ in range(ctx.setup.draft)]
    ctx.reveal()
    ctx.log("as.draft_drawn", refs.DRAFT, role=holder, count=len(packet))
    ctx.log("as.draft_seen", refs.DRAFT, to=[holder], role=holder, cards=[type_of(ctx, c) for c in packet])
    s["stack"].append({"step": "draft", "queue": list(reversed(order)), "packet": packet, "seen": [holder]})


@FLOW.register
class Draft(Step[Ctx]):
    """Preparation, initial draft: the holder keeps one card face up and passes the rest to the player
    before them in turn order; the first player gets the last card."""

    kind = "draft"
    rule = refs.DRAFT

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"draft:{c}", "as.act.draft", self.rule, **describe(ctx, c))
                for c in distinct(ctx, frame["packet"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "as.prompt.draft", "params": {"count": len(frame["packet"])}}

    def lone_is_public(self, ctx: Ctx, frame: Frame, actor: str) -> bool:
        return len(frame["packet"]) == 1

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("keep one of the cards you hold in the draft", self.rule)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        card = act["id"].split(":", 1)[1]
        frame["packet"].remove(card)
        ctx.p(actor)["cards"].append(card)
        ctx.log("as.draft_pick", self.rule, role=actor, **describe(ctx, card))
        frame["queue"].pop(0)
        if not frame["queue"] or not frame["packet"]:
            pop(ctx.s)
            return
        nxt = frame["queue"][0]
        if nxt not in frame["seen"]:
            frame["seen"].append(nxt)
        ctx.reveal()
        ctx.log("as.draft_seen", self.rule, to=[nxt], role=nxt, cards=[type_of(ctx, c) for c in frame["packet"]])
