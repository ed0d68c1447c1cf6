"""Counters on the table: what a piece is and what it is worth (2.1, 2.1.2, 2.1.3, 9.2, 9.7).

Piece records in ``state["pieces"]``: ``kind`` is ``unit``, ``merc`` (orange mercenary), ``leader``,
``king`` or ``ship``; ``red`` marks the reduced (unpromoted) side; a king counter carries ``side``
(front or back: each side is another king); a crowned leader carries ``crowned`` (the generic king
marker, 6.3).
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx

CAVALRY = frozenset({"LC", "HC", "CH", "HB"})
HEAVY = frozenset({"HI", "HC", "CH"})
BOW = frozenset({"B", "HB", "CH"})


def spec(ctx: Ctx, pid: str) -> Any:
    """The content counter of a piece."""
    kind = ctx.piece(pid)["kind"]
    if kind == "unit":
        return ctx.c.units[pid]
    if kind == "merc":
        return ctx.c.mercenary_units[pid]
    if kind == "leader":
        return ctx.c.leaders[pid]
    if kind == "ship":
        return ctx.c.ships[pid]
    if kind == "king":
        return ctx.c.king_counters[pid]
    raise KeyError(pid)


def is_land_unit(ctx: Ctx, pid: str) -> bool:
    return ctx.piece(pid)["kind"] in ("unit", "merc")


def is_leader(ctx: Ctx, pid: str) -> bool:
    return ctx.piece(pid)["kind"] in ("leader", "king")


def is_king(ctx: Ctx, pid: str) -> bool:
    p = ctx.piece(pid)
    return p["kind"] == "king" or bool(p.get("crowned"))


def is_ship(ctx: Ctx, pid: str) -> bool:
    return ctx.piece(pid)["kind"] == "ship"


def is_mercenary(ctx: Ctx, pid: str) -> bool:
    """Orange mercenaries and nomad mercenaries hired by a country (10.1)."""
    p = ctx.piece(pid)
    return p["kind"] == "merc" or (p["kind"] == "unit" and ctx.kind(p["nation"]) == "nomad_mercenary")


def is_regular(ctx: Ctx, pid: str) -> bool:
    return ctx.piece(pid)["kind"] == "unit" and not is_mercenary(ctx, pid)


def unit_type(ctx: Ctx, pid: str) -> str:
    return str(spec(ctx, pid).type)


def strength(ctx: Ctx, pid: str) -> int:
    """The combat factor of a land unit or ship on its present side."""
    sp = spec(ctx, pid)
    return int(sp.reduced if ctx.piece(pid)["red"] else sp.front)


def front_strength(ctx: Ctx, pid: str) -> int:
    return int(spec(ctx, pid).front)


def king_side(ctx: Ctx, pid: str) -> Any:
    """The named king showing on a king counter."""
    counter = ctx.c.king_counters[pid]
    return counter.front if ctx.piece(pid).get("side", "front") == "front" else counter.back


def ratings(ctx: Ctx, pid: str) -> tuple[int, int]:
    """(action rating, command rating) of a leader or king on its present side (2.1.2, 9.2, 6.3)."""
    p = ctx.piece(pid)
    if p["kind"] == "king":
        side = king_side(ctx, pid)
        return int(side.action), int(side.command)
    sp = ctx.c.leaders[pid]
    r = sp.reduced if p["red"] else sp.front
    action, command = int(r.action), int(r.command)
    if p.get("crowned"):
        gk = ctx.c.generic_king_markers
        action = min(gk.max_action, action + gk.action_bonus)
        command = min(gk.max_command, command + gk.command_bonus)
    return action, command


def search_number(ctx: Ctx, pid: str) -> int:
    return int(ctx.c.ships[pid].search)


def name_of(ctx: Ctx, pid: str) -> str:
    p = ctx.piece(pid)
    if p["kind"] == "king":
        return str(king_side(ctx, pid).name)
    if p["kind"] == "leader":
        return str(ctx.c.leaders[pid].name or pid)
    return pid
