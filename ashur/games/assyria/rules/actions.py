"""III - Actions: each player in turn order spends camels, as many actions as they wish and can pay for:
build or extend ziggurats (A), intrigue in Assur (B), an offering to the gods (C), buying a food or plow
card (D); then they stop (camels may be kept for later turns)."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.core.flow import Step, pop
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import board, refs
from ashur.games.assyria.rules.cards import describe, distinct
from ashur.games.assyria.rules.farming import unselected
from ashur.games.assyria.rules.registry import FLOW

Frame = dict[str, Any]


def dignitary(ctx: Ctx, name: str) -> Any:
    return next(d for d in ctx.c.tracks.dignitaries if d.id == name)


def intrigue_problem(ctx: Ctx, role: str, name: str) -> str | None:
    """Why `role` may not put a hut on dignitary `name` now (Actions B), or None."""
    if name not in ("higher", "middle", "lower"):
        return "there are three dignitaries: higher, middle and lower"
    d = dignitary(ctx, name)
    p = ctx.p(role)
    if len(ctx.s["dignitaries"][name]) >= d.spaces:
        return "every space of that dignitary is taken"
    if p["huts"] <= 0:
        return "you have no hut in stock"
    if p["camels"] < d.cost:
        return f"that dignitary costs {d.cost} camels"
    return None


def offer_values(ctx: Ctx, role: str) -> list[int]:
    """Actions C: the camels `role` may offer now (1 to 3, once a turn, within the offerings track)."""
    p = ctx.p(role)
    if p["offered"]:
        return []
    room = ctx.c.tracks.offerings.length - p["offering"]
    return list(range(refs.OFFERING_MIN, min(refs.OFFERING_MAX, p["camels"], room) + 1))


def buyable_food(ctx: Ctx, role: str) -> list[str]:
    """Actions D: the unselected cards `role` can pay for, if it has bought no food card this turn."""
    p = ctx.p(role)
    if p["bought"]:
        return []
    return [c for c in distinct(ctx, unselected(ctx)) if ctx.c.food_cards[c].price <= p["camels"]]


def plow_buyable(ctx: Ctx, role: str) -> bool:
    """Actions D: a plow card lies on its space, `role` has none and can pay for it."""
    p = ctx.p(role)
    return ctx.s["plows_board"] > 0 and not p["plow"] and p["camels"] >= ctx.c.cards.plow.price


@FLOW.register
class Actions(Step[Ctx]):
    """The actions of one player after the other (``queue``), until each says ``done``."""

    kind = "act"
    rule = refs.ACTIONS

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        out = [action("done", "as.act.done", refs.ACTIONS)]
        for h in board.huts_of(ctx, actor):
            if board.build_problem(ctx, actor, h) is None:
                out.append(action(f"build:{h}", "as.act.build", refs.BUILD, hex=h, camels=refs.BUILD_COST))
        for h in board.zigs_of(ctx, actor):
            if board.extend_problem(ctx, actor, h) is None:
                level = ctx.s["zigs"][h]["level"]
                out.append(action(f"extend:{h}", "as.act.extend", refs.EXTEND, hex=h, tile=refs.LEVELS[level],
                                  camels=board.extend_cost(ctx, h)))
        for name in ("higher", "middle", "lower"):
            if intrigue_problem(ctx, actor, name) is None:
                out.append(action(f"intrigue:{name}", "as.act.intrigue", refs.INTRIGUE, dignitary=name,
                                  camels=dignitary(ctx, name).cost))
        for n in offer_values(ctx, actor):
            out.append(action(f"offer:{n}", "as.act.offer", refs.OFFERING, camels=n))
        for c in buyable_food(ctx, actor):
            out.append(action(f"buy:{c}", "as.act.buy", refs.BUY, camels=ctx.c.food_cards[c].price,
                              **describe(ctx, c)))
        if plow_buyable(ctx, actor):
            out.append(action("buy:plow", "as.act.buy_plow", refs.BUY, camels=ctx.c.cards.plow.price))
        return out

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "as.prompt.actions", "params": {"camels": ctx.p(actor)["camels"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        head, _, arg = action_id.partition(":")
        why: str | None = None
        if head == "build":
            why = board.build_problem(ctx, actor, arg) if arg in ctx.c.hexes else "no such hex"
            return (why or "not now", refs.BUILD)
        if head == "extend":
            why = board.extend_problem(ctx, actor, arg)
            return (why or "not now", refs.EXTEND)
        if head == "intrigue":
            return (intrigue_problem(ctx, actor, arg) or "not now", refs.INTRIGUE)
        if head == "offer":
            if ctx.p(actor)["offered"]:
                return ("one offering a turn", refs.OFFERING)
            return ("an offering is 1 to 3 camels that you have", refs.OFFERING)
        if head == "buy" and arg == "plow":
            return ("a plow card must be on its space, you may own one only, and it must be paid", refs.BUY)
        if head == "buy":
            if ctx.p(actor)["bought"]:
                return ("one food card a turn", refs.BUY)
            return ("only a card of the columns nobody took, for its price", refs.BUY)
        return ("not one of your actions now", refs.ACTIONS)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head, _, arg = act["id"].partition(":")
        s = ctx.s
        p = ctx.p(actor)
        if head == "done":
            ctx.log("as.actions_done", refs.ACTIONS, role=actor, camels=p["camels"])
            frame["queue"].pop(0)
            if not frame["queue"]:
                pop(s)
        elif head == "build":
            p["camels"] -= refs.BUILD_COST
            del s["huts"][arg]
            if arg in s["fed"]:
                s["fed"].remove(arg)
            p["huts"] += 1
            p["bases"] -= 1
            s["zigs"][arg] = {"owner": actor, "level": 1, "turn": s["turn"]}
            ctx.log("as.build", refs.BUILD, role=actor, hex=arg, camels=refs.BUILD_COST)
        elif head == "extend":
            zig = s["zigs"][arg]
            cost = board.extend_cost(ctx, arg)
            p["camels"] -= cost
            p["centers" if zig["level"] == 1 else "roofs"] -= 1
            zig["level"] += 1
            zig["turn"] = s["turn"]
            ctx.log("as.extend", refs.EXTEND, role=actor, hex=arg, tile=refs.LEVELS[zig["level"] - 1], camels=cost)
        elif head == "intrigue":
            d = dignitary(ctx, arg)
            p["camels"] -= d.cost
            p["huts"] -= 1
            s["dignitaries"][arg].append(actor)
            ctx.log("as.intrigue", refs.INTRIGUE, role=actor, dignitary=arg, space=len(s["dignitaries"][arg]),
                    camels=d.cost)
        elif head == "offer":
            n = int(arg)
            p["camels"] -= n
            p["offering"] += n
            p["offered"] = True
            ctx.log("as.offer", refs.OFFERING, role=actor, camels=n, offering=p["offering"])
        elif arg == "plow":
            p["camels"] -= ctx.c.cards.plow.price
            s["plows_board"] -= 1
            p["plow"] = True
            ctx.log("as.buy_plow", refs.BUY, role=actor, camels=ctx.c.cards.plow.price)
        else:
            price = ctx.c.food_cards[arg].price
            p["camels"] -= price
            p["bought"] = True
            for col in s["columns"]:
                if arg in col:
                    col.remove(arg)
            p["cards"].append(arg)
            ctx.log("as.buy", refs.BUY, role=actor, camels=price, **describe(ctx, arg))
