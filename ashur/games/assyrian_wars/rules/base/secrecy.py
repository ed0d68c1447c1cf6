"""Fog of war in the log (9.5): which countries may read an entry naming facts of a force.

Under 9.5 a role sees of a stack it does not play only the top piece and the number of pieces
(:mod:`ashur.games.assyrian_wars.fog`). A log entry that names hidden pieces, their sides, their number of
dice or a modifier drawn from them is written for the owners of those pieces only (``to=``), next to a
public entry that says only what the map shows anyway (which country, where, the outcome). Pieces shown to
everybody — in a battle being fought, or off the map in public boxes — need no secret entry.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx


def fog_to(ctx: Ctx, pieces: list[str], also: list[str] | None = None) -> list[str] | None:
    """The countries that may read an entry naming `pieces` (their owners and `also`), or None when
    everybody may (fog of war off, or every piece is shown)."""
    if not ctx.s["options"].get("fog_of_war"):
        return None
    shown = revealed(ctx)
    hidden = [p for p in pieces if p not in shown and _hideable(ctx, p)]
    if not hidden:
        return None
    return sorted({ctx.owner(p) for p in pieces} | set(also or []))


def _hideable(ctx: Ctx, pid: str) -> bool:
    loc = ctx.piece(pid)["loc"]
    return ctx.on_map(loc)


def log_fogged(ctx: Ctx, key: str, rule: str, pieces: list[str], *, public: str | None = None,
               public_params: dict[str, Any] | None = None, also: list[str] | None = None,
               **params: Any) -> None:
    """Log `key` for the countries that may know the facts of `pieces` (9.5) and, when it had to be
    restricted, the public entry `public` with only `public_params` (nothing public when `public` is None)."""
    to = fog_to(ctx, pieces, also)
    ctx.log(key, rule, to=to, **params)
    if to is not None and public is not None:
        ctx.log(public, rule, **(public_params or {}))


def fogged_dice(ctx: Ctx, n: int, pieces: list[str], *, rule: str, why: str, also: list[str] | None = None,
                **params: Any) -> list[int]:
    """Roll `n` dice for a force: the dice entry is secret to the owners when the force is fogged (9.5:
    the number of dice and modifiers tell what is in the stack)."""
    return ctx.dice(n, rule=rule, why=why, to=fog_to(ctx, pieces, also), **params)


def fogged(ctx: Ctx) -> bool:
    """Fog of war (9.5) is in play."""
    return bool(ctx.s["options"].get("fog_of_war"))


def revealed(ctx: Ctx) -> set[str]:
    """Pieces of a battle being fought (shown to everybody)."""
    out: set[str] = set()
    for frame in ctx.s["stack"]:
        if frame["step"] == "battle":
            for side in ("att", "def"):
                out |= set(frame["sides"][side]["pieces"])
    return out


def restacked(ctx: Ctx, pieces: list[str]) -> None:
    """9.5: a change of the stacks on the map (a unit dropped off, picked up or placed apart) can put on top,
    where all can see it, a piece that fog hid: count a reveal (undo may not cross it)."""
    if not fogged(ctx):
        return
    shown = revealed(ctx)
    if any(p not in shown and ctx.on_map(ctx.piece(p)["loc"]) for p in pieces):
        ctx.reveal()


def leaving_map(ctx: Ctx, pieces: list[str], dest: str) -> None:
    """9.5: a box off the map (a pool, the Regroup Box) is open to all, so fogged pieces going there from the
    map become known to every role: count a reveal."""
    if not ctx.on_map(dest):
        restacked(ctx, pieces)
