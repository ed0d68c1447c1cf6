"""Fighting for room in a sea Trade Box (6.16.g).

A sea Trade Box holds 4 ships. A fleet that does not fit may try to make room: it enters (1 AP) and pays
1 AP for each occupying country's fleet it searches (6.16.f roll); a detected fleet fights it in a naval
battle in the box. No declaration of war is needed and allies may fight each other there.

* When the entering fleet wins, it places up to the room left beside the other occupants (at most 4 of its
  surviving ships); the loser keeps what still fits and puts the excess into the nearest sea zone with a
  friendly port (to the force pool without one, decision); the winner's own excess goes back to the zone
  it came from.
* When it loses, or all its searches fail, or it gives up, the fleet goes back to the zone it came from.
  Either way the fleet is finished for the impulse.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import mark, track_sorted
from ashur.games.assyrian_wars.rules.base.naval import (
    TRADE,
    move_ships,
    nearest_port_zones,
    push_return,
    ships_at,
    ships_of,
)
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.naval.search import naval_battle, roll_search
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]


def push_contest(ctx: Ctx, c: str, box: str, src: str, ships: list[str]) -> None:
    """6.16.g: the fleet enters the full Trade Box (1 AP) to fight for room."""
    imp = flow.find(ctx.s, "impulse")
    assert imp is not None
    pay(ctx, imp, 2, "6.16.g", "Trade Box", box=box)
    move_ships(ctx, ships, TRADE + box)
    ctx.log("aw.trade_box_contest", "6.16.g", country=c, box=box, zone=src, n=len(ships))
    flow.push(ctx.s, "tradebox_contest", c=c, box=box, src=src, ships=list(ships), searched=[], phase="choose",
              target=None)


def occupants(ctx: Ctx, frame: Frame) -> list[str]:
    mine = set(frame["ships"])
    return track_sorted(ctx, {ctx.piece(p)["nation"] for p in ships_at(ctx, TRADE + frame["box"]) if p not in mine})


def _fleet(ctx: Ctx, frame: Frame) -> list[str]:
    return [p for p in frame["ships"] if ctx.piece(p)["loc"] == TRADE + frame["box"]]


@FLOW.register
class TradeBoxContest(Step[Ctx]):
    """6.16.g: search the occupants one fleet at a time, fight, share the room."""

    kind = "tradebox_contest"
    rule = "6.16.g"

    def _targets(self, ctx: Ctx, frame: Frame) -> list[str]:
        imp = flow.find(ctx.s, "impulse")
        if imp is None or not can_pay(imp, 2):
            return []
        return [x for x in occupants(ctx, frame) if x not in frame["searched"]]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["phase"] == "choose" and _fleet(ctx, frame) and self._targets(ctx, frame):
            return [frame["c"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["phase"] == "battle":
            self._after_battle(ctx, frame, frame.pop("battle_result", None) or {})
            return
        self._back(ctx, frame, "aw.trade_box_repulsed")

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action(f"search:{x}", "aw.act.search_box", "6.16.g", country=x, box=frame["box"], ap=1)
                for x in self._targets(ctx, frame)]
        acts.append(action("withdraw", "aw.act.withdraw_box", "6.16.g", zone=frame["src"]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.tradebox_contest", "params": {"country": actor, "box": frame["box"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("each occupying country's fleet is searched once, for 1 AP", "6.16.g")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"] == "withdraw":
            self._back(ctx, frame, "aw.trade_box_withdrawn")
            return
        target = act["params"]["country"]
        imp = flow.find(ctx.s, "impulse")
        assert imp is not None
        pay(ctx, imp, 2, "6.16.g", "search", box=frame["box"], target=target)
        frame["searched"].append(target)
        loc = TRADE + frame["box"]
        mine = _fleet(ctx, frame)
        theirs = ships_of(ctx, loc, target)
        if roll_search(ctx, frame["c"], mine, target, frame["box"]):
            frame["phase"] = "battle"
            frame["target"] = target
            frame["defn"] = list(theirs)
            naval_battle(ctx, loc, mine, theirs)

    def _after_battle(self, ctx: Ctx, frame: Frame, res: dict[str, Any]) -> None:
        box, loc = frame["box"], TRADE + frame["box"]
        mine = _fleet(ctx, frame)
        theirs = [p for p in frame["defn"] if ctx.piece(p)["loc"] == loc]
        if res.get("winner") != "att" or not mine:
            self._back(ctx, frame, "aw.trade_box_repulsed")
            return
        others = [p for p in ships_at(ctx, loc) if p not in mine and p not in theirs]
        free = int(ctx.c.trade_boxes[box].capacity or 4) - len(others)
        stay = mine[:max(0, free)]
        back = mine[len(stay):]
        keep = theirs[:max(0, free - len(stay))]
        out = theirs[len(keep):]
        flow.pop(ctx.s)
        mark(ctx, "finished", mine)
        if back:
            move_ships(ctx, back, frame["src"])
        ctx.log("aw.trade_box_won", "6.16.g", country=frame["c"], box=box, placed=len(stay), back=len(back),
                loser=frame["target"], kept=len(keep), removed=len(out))
        if out:
            tb = ctx.c.trade_boxes[box]
            options = nearest_port_zones(ctx, list(tb.entered_from), frame["target"], None)
            push_return(ctx, frame["target"], out, options, "6.16.g")

    def _back(self, ctx: Ctx, frame: Frame, key: str) -> None:
        mine = _fleet(ctx, frame)
        flow.pop(ctx.s)
        mark(ctx, "finished", mine)
        move_ships(ctx, mine, frame["src"])
        ctx.log(key, "6.16.g", country=frame["c"], box=frame["box"], zone=frame["src"], n=len(mine))
