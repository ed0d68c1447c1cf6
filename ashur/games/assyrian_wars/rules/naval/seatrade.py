"""Sea trade and the trade clean-up of the Interphase (7.3.3.a, 7.3.3.d).

* 7.3.3.a: each full ship in a sea Trade Box earns its country 1 trade point, a reduced one ½ — minors
  included (7.3.3.e); the points join the trade markers and trade status in :func:`economy.trade_points`.
* 7.3.3.d, after the income: the ships in the Trade Boxes return to a sea zone with a friendly port on the
  same body of water (the owner chooses; the force pool without one); trade raiders check attrition and
  go to the Regroup Box; removed trade markers return to the Trade Box.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ashur.core import flow
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import track_sorted
from ashur.games.assyrian_wars.rules.base.naval import (
    RAID,
    TRADE,
    has_friendly_port,
    push_return,
    raider_attrition,
    sea_boxes,
    ship_value,
    ships_at,
)
from ashur.games.assyrian_wars.rules.course import economy
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


def sea_trade(ctx: Ctx) -> dict[str, Fraction]:
    """7.3.3.a: trade points of the ships in the sea Trade Boxes, per country."""
    out: dict[str, Fraction] = {}
    for box in sea_boxes(ctx):
        for p in ships_at(ctx, TRADE + box):
            c = ctx.piece(p)["nation"]
            out[c] = out.get(c, Fraction(0)) + ship_value(ctx, p)
    return out


economy.TRADE_SOURCES.append(sea_trade)


def home_zones(ctx: Ctx, box: str, cid: str) -> list[str]:
    """7.3.3.a: sea zones with a friendly port on the Trade Box's body of water."""
    body = ctx.c.trade_boxes[box].body
    return [z for z in sorted(ctx.c.sea_zones) if ctx.c.sea_zones[z].body == body and has_friendly_port(ctx, z, cid)]


def trade_cleanup(ctx: Ctx) -> None:
    """7.3.3.d: ships home, raiders to the Regroup Box after an attrition check, markers back."""
    for power in sorted(ctx.s["trade"]):
        t = ctx.s["trade"][power]
        if t["out"]:
            ctx.log("aw.markers_back", "7.3.3.d", country=power, n=t["out"])
            t["box"] += t["out"]
            t["out"] = 0
    raiders = [p for n in range(1, 6) for p in ctx.pieces_at(f"{RAID}{n}")]
    if raiders:
        flow.push(ctx.s, "raiders_home", pieces=raiders)
        by_owner: dict[str, list[str]] = {}
        for p in raiders:
            by_owner.setdefault(ctx.owner(p), []).append(p)
        for owner in track_sorted(ctx, list(by_owner)):
            raider_attrition(ctx, by_owner[owner], "7.3.3.d", "aw.why.raid_home", chooser=owner)
    earned = sea_trade(ctx)
    for c in track_sorted(ctx, list(earned)):
        ctx.log("aw.sea_trade", "7.3.3.a", country=c, points=float(earned[c]))
    for box in reversed(sea_boxes(ctx)):
        by_country: dict[str, list[str]] = {}
        for p in ships_at(ctx, TRADE + box):
            by_country.setdefault(ctx.piece(p)["nation"], []).append(p)
        for c in reversed(track_sorted(ctx, list(by_country))):
            push_return(ctx, c, by_country[c], home_zones(ctx, box, c), "7.3.3.a")


@FLOW.register
class RaidersHome(Step[Ctx]):
    """7.3.3.d: the raiders that survived their attrition check go to the Regroup Box."""

    kind = "raiders_home"
    rule = "7.3.3.d"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        back = [p for p in frame["pieces"] if ctx.piece(p)["loc"].startswith(RAID)]
        for p in back:
            ctx.move_piece(p, "regroup")
        if back:
            ctx.log("aw.raiders_home", "7.3.3.d", n=len(back), pieces=back)


HOOKS.set_interphase("7.3.3.d trade clean-up", 35, trade_cleanup)
