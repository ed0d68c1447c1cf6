"""II - Expansion, each player in turn order through all of it: new huts (A), resupplying (B), famine (C),
wells (D), revenue and prestige (E)."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.core.flow import Step, pop
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import board, refs
from ashur.games.assyria.rules.cards import describe, distinct, expansion_value
from ashur.games.assyria.rules.registry import FLOW

Frame = dict[str, Any]


@FLOW.register
class Expand(Step[Ctx]):
    """The expansion of one player after the other (``queue``), through the parts A to E (``part``)."""

    kind = "expand"
    rule = refs.NEW_HUTS

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if not frame["queue"]:
            pop(ctx.s)
            return
        role = frame["queue"][0]
        part = frame["part"]
        if part == "huts":
            frame["part"] = "resupply"
            p = ctx.p(role)
            n = min(expansion_value(ctx), p["huts"])
            ctx.log("as.new_huts", refs.NEW_HUTS, role=role, huts=n)
            if n and board.hut_targets(ctx, role):
                ctx.s["stack"].append({"step": "huts", "role": role, "left": n})
            elif n:
                ctx.log("as.huts_blocked", refs.NEW_HUTS, role=role, huts=n)
        elif part == "resupply":
            frame["part"] = "famine"
            ctx.s["stack"].append({"step": "resupply", "role": role, "card": None, "left": 0})
        elif part == "famine":
            frame["part"] = "wells"
            famine(ctx, role)
        elif part == "wells":
            frame["part"] = "income"
            ctx.p(role)["wells_turn"] = 0
            if board.well_sites(ctx, role):
                ctx.s["stack"].append({"step": "wells", "role": role})
        else:
            revenue_and_prestige(ctx, role)
            frame["queue"].pop(0)
            frame["part"] = "huts"


@FLOW.register
class PlaceHuts(Step[Ctx]):
    """Expansion A: place the huts one by one on empty hexes next to your own huts or ziggurats (a hut just
    placed counts; river hexes allowed). Placing is not optional; huts with nowhere to go stay in stock."""

    kind = "huts"
    rule = refs.NEW_HUTS

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["role"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"hut:{h}", "as.act.hut", self.rule, hex=h, food=ctx.c.hexes[h].food)
                for h in board.hut_targets(ctx, actor)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "as.prompt.huts", "params": {"left": frame["left"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("a new hut goes on an empty hex next to one of your huts or ziggurats", self.rule)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        h = act["params"]["hex"]
        ctx.s["huts"][h] = actor
        ctx.p(actor)["huts"] -= 1
        frame["left"] -= 1
        ctx.log("as.hut", self.rule, role=actor, hex=h)
        if frame["left"] and not board.hut_targets(ctx, actor):
            ctx.log("as.huts_blocked", self.rule, role=actor, huts=frame["left"])
            frame["left"] = 0
        if not frame["left"]:
            pop(ctx.s)


def resources(ctx: Ctx, role: str, frame: Frame) -> tuple[dict[str, int], int]:
    """Symbols per kind and wild units (wild cards, the plow card) `role` can still feed with: the cards in
    hand and what is left of the card being discarded."""
    p = ctx.p(role)
    symbols: dict[str, int] = {}
    wild = 1 if p["plow"] else 0
    foods = ctx.c.food_cards
    for c in p["cards"]:
        fc = foods[c]
        if fc.kind == "wild":
            wild += 1
        else:
            symbols[fc.kind] = symbols.get(fc.kind, 0) + fc.symbols
    kind = frame.get("kind")
    if frame.get("card") is not None and frame["left"]:
        if kind == "wild":
            wild += frame["left"]
        else:
            symbols[kind] = symbols.get(kind, 0) + frame["left"]
    return symbols, wild


def still_feedable(ctx: Ctx, role: str, frame: Frame) -> int:
    """How many more huts `role` can still feed (Expansion B: resupplying is mandatory up to this)."""
    symbols, wild = resources(ctx, role, frame)
    return board.max_feed(board.food_need(ctx, role), symbols, wild)


@FLOW.register
class Resupply(Step[Ctx]):
    """Expansion B: discard cards one by one, each symbol resupplying one hut on a hex of that symbol (wild
    and plow cards: any one hut). Resupplying is mandatory: no choice may leave a hut unfed that the cards
    could feed (the most huts that can be fed must stay within reach); cards left over are kept."""

    kind = "resupply"
    rule = refs.RESUPPLY

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["card"] is None and still_feedable(ctx, frame["role"], frame) == 0:
            return []
        return [frame["role"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        pop(ctx.s)  # nothing more can be fed: the other cards stay in hand

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        need = board.food_need(ctx, actor)
        if frame["card"] is None:
            p = ctx.p(actor)
            out = []
            for c in distinct(ctx, p["cards"]):
                fc = ctx.c.food_cards[c]
                if (fc.wild and need) or need.get(fc.kind):
                    out.append(action(f"discard:{c}", "as.act.discard", self.rule, **describe(ctx, c)))
            if p["plow"] and need:
                out.append(action("discard:plow", "as.act.discard_plow", self.rule))
            return out
        best = still_feedable(ctx, actor, frame)
        out = []
        for h in board.huts_of(ctx, actor):
            if h in ctx.s["fed"]:
                continue
            food = ctx.c.hexes[h].food
            if frame["kind"] != "wild" and food != frame["kind"]:
                continue
            if self._after_feed(ctx, actor, frame, h) == best - 1:
                out.append(action(f"feed:{h}", "as.act.feed", self.rule, hex=h, food=food))
        rest = dict(frame, left=0)
        if still_feedable(ctx, actor, rest) == best:
            out.append(action("drop", "as.act.drop", self.rule, lost=frame["left"]))
        return out

    def _after_feed(self, ctx: Ctx, actor: str, frame: Frame, h: str) -> int:
        fed = ctx.s["fed"]
        fed.append(h)
        try:
            return still_feedable(ctx, actor, dict(frame, left=frame["left"] - 1))
        finally:
            fed.pop()

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        if frame["card"] is None:
            return {"key": "as.prompt.resupply", "params": {"unfed": sum(board.food_need(ctx, actor).values())}}
        return {"key": "as.prompt.feed", "params": {"kind": frame["kind"], "left": frame["left"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith("feed:") and frame["card"] is None:
            return ("discard a card first, then resupply huts with its symbols", self.rule)
        if action_id.startswith("feed:"):
            return ("that hut is not yours, not hungry, has another symbol, or feeding it would leave a hut "
                    "unfed that your cards could feed (resupplying is mandatory)", self.rule)
        if action_id == "drop":
            return ("the symbols left on this card can still resupply a hut: resupplying is mandatory", self.rule)
        return ("that card cannot resupply any of your hungry huts now", self.rule)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        p = ctx.p(actor)
        aid = act["id"]
        if aid == "discard:plow":
            p["plow"] = False
            ctx.s["plows_board"] += 1
            frame.update(card="plow", kind="wild", left=1)
            ctx.log("as.discard_plow", self.rule, role=actor)
        elif aid.startswith("discard:"):
            card = aid.split(":", 1)[1]
            p["cards"].remove(card)
            ctx.s["discard"].append(card)
            fc = ctx.c.food_cards[card]
            frame.update(card=card, kind=fc.kind, left=fc.symbols)
            ctx.log("as.discard", self.rule, role=actor, **describe(ctx, card))
        elif aid.startswith("feed:"):
            h = act["params"]["hex"]
            ctx.s["fed"].append(h)
            frame["left"] -= 1
            ctx.log("as.feed", self.rule, role=actor, hex=h)
        else:  # drop
            ctx.log("as.drop", self.rule, role=actor, lost=frame["left"])
            frame["left"] = 0
        if frame["card"] is not None and frame["left"] == 0:
            frame.update(card=None, kind=None)


def famine(ctx: Ctx, role: str) -> None:
    """Expansion C: every hut of `role` not resupplied goes back to its stock."""
    fed = set(ctx.s["fed"])
    lost = [h for h in board.huts_of(ctx, role) if h not in fed]
    for h in lost:
        del ctx.s["huts"][h]
    ctx.p(role)["huts"] += len(lost)
    if lost:
        ctx.log("as.famine", refs.FAMINE, role=role, hexes=lost)


@FLOW.register
class Wells(Step[Ctx]):
    """Expansion D: dig wells, if you wish, where three of your huts meet; not next to a ziggurat, not
    between the rivers, not on a well; as many as the limited stock allows."""

    kind = "wells"
    rule = refs.WELLS

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["role"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        out = [action(f"well:{v}", "as.act.well", self.rule, hexes=list(ctx.geo.vertices[v]))
               for v in board.well_sites(ctx, actor)]
        out.append(action("done", "as.act.no_more_wells", self.rule))
        return out

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "as.prompt.wells", "params": {"stock": ctx.s["wells_stock"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith("well:"):
            why = board.well_site_problem(ctx, actor, action_id.split(":", 1)[1])
            if why:
                return (why, self.rule)
        return ("dig a well at one of the corners offered, or stop", self.rule)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "done":
            pop(ctx.s)
            return
        v = act["id"].split(":", 1)[1]
        ctx.s["wells"][v] = actor
        ctx.s["wells_stock"] -= 1
        ctx.p(actor)["wells_turn"] += 1
        ctx.log("as.well", self.rule, role=actor, hexes=list(ctx.geo.vertices[v]))
        if not board.well_sites(ctx, actor):
            pop(ctx.s)


def revenue_and_prestige(ctx: Ctx, role: str) -> None:
    """Expansion E: camels for the huts on the rivers (3 for the first on each river, 2 for each further one,
    at most 10), then prestige: huts between the rivers 2, outside 1; each ziggurat tile 1; each well dug
    this turn 6, 5 or 4 by reign."""
    got, raw = board.revenue(ctx, role)
    if got:
        ctx.p(role)["camels"] += got
        ctx.log("as.revenue", refs.REVENUE, role=role, camels=got, capped=raw > got)
    huts = sum(board.hut_prestige(ctx, h) for h in board.huts_of(ctx, role))
    tiles = board.tiles_on_board(ctx, role)
    wells = ctx.p(role)["wells_turn"] * refs.WELL_POINTS[ctx.s["reign"] - 1]
    ctx.p(role)["wells_turn"] = 0
    total = huts + tiles + wells
    if total:
        ctx.p(role)["score"] += total
    ctx.log("as.prestige", refs.PRESTIGE, role=role, points=total, huts=huts, tiles=tiles, wells=wells)
