"""Lasting effects of move cards on a force's march (6.11.h), as the movement rules consult them.

A move card's event records its effect in the store of lasting card effects (``events.add_effect``); the
card modules choose the force and write the entry, the movement rules (:mod:`.movement`) ask this module at
every step of a move. An entry concerns either one force (``force``: the leaders and units it had when the
card was played; it stays that force while one of its leaders moves, or, without a leader, one of its
units) or, without ``force``, every force of the card's player.

Kinds of entries (the effect operations of ``content/effects.py`` of the same names):

* ``free_move`` (``left`` areas, ``ap_cost`` per area, ``no_extra_attrition``): the force's next steps cost
  no APs (or ``ap_cost``) and cause no attrition for moving beyond four areas (6.6);
* ``prevent_interception`` (``free_only``): nobody may try to intercept the force (6.6.9); with
  ``free_only`` only on the steps of its free move;
* ``long_march``: no attrition for moving beyond four areas (6.6, 6.6.1);
* ``ignore_terrain`` (``types``, ``effects``): no attrition for crossing those connections (1.3, 6.6.1),
  and/or no battle dice of the defenders for them (6.7.3) — the entry frame carries the card
  (``terrain_card``) to the battle.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.events import effects_of

Entry = dict[str, Any]
RULE = "6.11.h"


def same_force(desc: dict[str, Any], pieces: list[str]) -> bool:
    """Whether `pieces` (a moving force) are the force a card was played on: one of its leaders is among
    them, or, for a force without a leader, one of its units."""
    keys = desc.get("leaders") or desc.get("units") or []
    return any(p in keys for p in pieces)


def effects_on(ctx: Ctx, kind: str, c: str, pieces: list[str]) -> list[Entry]:
    """The effects of `kind` played by `c` that concern the force of `pieces` (oldest first)."""
    if not ctx.s.get("card_effects"):
        return []
    return [e for e in effects_of(ctx, kind, c) if e.get("force") is None or same_force(e["force"], pieces)]


def free_step(ctx: Ctx, c: str, pieces: list[str]) -> Entry | None:
    """The free move (card 35) the next step of the force uses, if any areas of it are left."""
    return next((e for e in effects_on(ctx, "free_move", c, pieces) if e["left"] > 0), None)


def step_cost2(entry: Entry | None, cost2: int) -> int:
    """The cost in half APs of a step: a free move's own price per area instead of the usual one."""
    if entry is None:
        return cost2
    return round(2 * float(entry.get("ap_cost", 0)))


def use_free_step(ctx: Ctx, entry: Entry | None, c: str, area: str) -> None:
    """A step of a free move was made: one area less is left."""
    if entry is None:
        return
    entry["left"] -= 1
    ctx.log("aw.moves.free_step", RULE, country=c, card=entry["card"], area=area, left=entry["left"])


def on_step(ctx: Ctx, entry_frame: dict[str, Any], c: str, pieces: list[str], conn: str | None,
            free: Entry | None) -> tuple[int | None, tuple[str, ...]]:
    """The card effects on one step of a move, after its entry frame was pushed: forbid interceptions and
    waive the defenders' terrain dice through the entry frame. Returns the card that spares the force the
    attrition of moving beyond four areas (or None) and the connection kinds whose crossing attrition is
    waived."""
    for e in effects_on(ctx, "prevent_interception", c, pieces):
        if e.get("free_only") and free is None:
            continue
        entry_frame["int_blocked"] = True
        entry_frame["int_blocked_card"] = e["card"]
        ctx.log("aw.moves.no_interception", "6.6.9", country=c, card=e["card"], area=entry_frame["area"])
        break
    ignored: list[str] = []
    for e in effects_on(ctx, "ignore_terrain", c, pieces):
        if conn not in e["types"]:
            continue
        if e["effects"] in ("battle_dice", "both"):
            entry_frame["terrain_card"] = e["card"]
        if e["effects"] in ("attrition", "both") and conn not in ignored:
            ignored.append(conn)
            ctx.log("aw.moves.no_crossing_attrition", "6.6.1", country=c, card=e["card"],
                    area=entry_frame["area"], conn=conn)
    long_march = effects_on(ctx, "long_march", c, pieces)
    if long_march:
        return long_march[0]["card"], tuple(ignored)
    if free is not None and free.get("no_extra_attrition"):
        return free["card"], tuple(ignored)
    return None, tuple(ignored)
