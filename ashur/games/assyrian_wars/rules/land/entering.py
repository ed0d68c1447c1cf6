"""A force enters an area (6.6.9, 6.6.10, 8.1): what entering takes, and the ``entry`` frame, resolved by
:mod:`.entry`.

Movement, evasions, retreats, reinforcements, landings and card events push it here without importing
the entry rules (which fight the battles that push evasions and retreats).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.terrain import connection
from ashur.games.assyrian_wars.rules.base.territory import friendly_country
from ashur.games.assyrian_wars.rules.politics.war import can_declare

Frame = dict[str, Any]


def push_entry(ctx: Ctx, area: str, mover: str, pieces: list[str], *, src: str | None = None, kind: str = "move",
               exclude: list[str] | tuple[str, ...] = (), battle: dict[str, Any] | None = None) -> Frame:
    """Push the frame that resolves `pieces` of `mover` entering `area` (see the module docstring); `battle`
    ({kind, params}) replaces the field battle against the occupants (6.16.e amphibious assault)."""
    conn = connection(ctx, src, area) if src else None
    return flow.push(ctx.s, "entry", area=area, c=mover, pieces=list(pieces), src=src, conn=conn, kind=kind,
                     battle=battle,
                     exclude=list(exclude), phase="start", queue=[], cands=[], attempts=[], evasions=[],
                     failed=[], int_mods={}, int_auto=[], int_blocked=False, eva_mods={}, eva_auto=[],
                     eva_blocked=[], relief=[], asked_relief=False, waves=[], waves_set=False, fought=False)


def entry_requirement(ctx: Ctx, mover: str, aid: str) -> tuple[str, str, str]:
    """What entering `aid` takes for forces of `mover` (8.1, 6.9 march status, 5.2.3, 7.1 grace period):

    * ``("ok", "", rule)`` — own, friendly, enemy or no-man's land;
    * ``("dow", target, "8.1")`` — the area belongs to a country at peace with `mover` below march
      status: entering is a declaration of war on `target`;
    * ``("no", reason, rule)`` — not allowed at all (own camp during a turn, grace period, ...).
    """
    return ctx.memoised(("entry_req", mover, aid), _entry_requirement, mover, aid)  # type: ignore[no-any-return]


def _entry_requirement(ctx: Ctx, mover: str, aid: str) -> tuple[str, str, str]:
    owner = ctx.area_ctrl(aid)
    if owner is None or owner == mover:
        return ("ok", "", "8.1")
    if owner not in ctx.s["countries"]:
        return ("no", f"{owner} takes no part in this scenario", "8.1")
    if ctx.at_war(owner, mover) or friendly_country(ctx, owner, mover):
        return ("ok", "", "8.1")
    ok, reason, rule = can_declare(ctx, mover, owner)
    if not ok:
        return ("no", reason, rule)
    return ("dow", owner, "8.1")
