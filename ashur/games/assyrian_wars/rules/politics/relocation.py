"""Involuntary relocations of forces (glossary "Relocation"; 7.1.D, 7.4.1, 7.4.2, 8.1, 10.4.f).

* New enemies (7.4.2): forces of each in the other's territory go to their nearest friendly area; the
  owner of the area stays (10.4.f).
* Peace below march status (7.4.1, 8.1): forces in a country they may no longer enter — at peace, not
  friendly (march status, alliance, free passage, tribute to Assyria, conquest) — go to their nearest
  friendly area; forces inside the city of a country that is no longer an ally leave it too (6.9).
* 8.1: the path to the nearest friendly area may cross the country being left and friendly territory;
  with no such land path the forces go to the Regroup Box. With several nearest areas the relocating
  country chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.base.territory import friendly_area, friendly_country
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
LAND_KINDS = ("unit", "merc", "leader", "king")


def holder(ctx: Ctx, aid: str) -> str | None:
    """The country holding the city of an area (or the area when it has no city)."""
    st = ctx.area(aid)
    return st.get("city_ctrl") or st["ctrl"]


def land_pieces(ctx: Ctx, aid: str) -> list[str]:
    return [pid for pid in ctx.pieces_at(aid) if ctx.piece(pid)["kind"] in LAND_KINDS]


def territory_of(ctx: Ctx, aid: str, cid: str) -> bool:
    """The area belongs to `cid`'s territory: it controls it (its home areas, associated areas,
    provinces)."""
    return ctx.area_ctrl(aid) == cid


def nearest(ctx: Ctx, start: str, owner: str, leaving: str | None,
            target: Callable[[str], bool]) -> list[str]:
    """8.1: the nearest areas satisfying `target`, reached by land through friendly territory or the
    territory of the country being left (`leaving`); Mede-only connections for the Mede only (1.3)."""
    frontier = [start]
    seen = {start}
    while frontier:
        found: list[str] = []
        nxt: list[str] = []
        for aid in frontier:
            for other, kind in ctx.c.neighbors(aid):
                if other in seen or (kind == "mede_only" and owner != "mede"):
                    continue
                seen.add(other)
                inside = leaving is not None and territory_of(ctx, other, leaving)
                if not inside and target(other):
                    found.append(other)
                elif inside or friendly_area(ctx, other, owner):
                    nxt.append(other)
        if found:
            return sorted(set(found))
        frontier = sorted(nxt)
    return []


def relocate(ctx: Ctx, owner: str, aid: str, pieces: list[str], leaving: str | None, rule: str,
             target: Callable[[str], bool] | None = None) -> None:
    """Relocate `pieces` of `owner` from `aid` (8.1): at once when one nearest area exists, to the Regroup
    Box when none, by the owner's choice among several."""
    if not pieces:
        return
    pred = target or (lambda a: friendly_area(ctx, a, owner))
    options = nearest(ctx, aid, owner, leaving, pred)
    if not options:
        move_group(ctx, pieces, "regroup", rule, owner)
        return
    if len(options) == 1:
        move_group(ctx, pieces, options[0], rule, owner)
        return
    flow.push(ctx.s, "relocation_choice", owner=owner, area=aid, pieces=pieces, options=options, rule=rule)


def move_group(ctx: Ctx, pieces: list[str], dest: str, rule: str, owner: str) -> None:
    src = ctx.piece(pieces[0])["loc"]
    leaving_map(ctx, pieces, dest)  # 8.1 to the Regroup Box: the pieces' sides are open to all (9.5)
    for pid in pieces:
        p = ctx.piece(pid)
        ctx.move_piece(pid, dest)
        p["city"] = False
        if dest == "regroup":
            p["army"] = None
    ctx.log("aw.relocated", rule, country=owner, area=src, dest=dest, n=len(pieces))


_SORTED_AREAS: dict[int, tuple[Any, list[str]]] = {}


def _sorted_areas(ctx: Ctx) -> list[str]:
    entry = _SORTED_AREAS.get(id(ctx.c))
    if entry is None or entry[0] is not ctx.c:
        entry = _SORTED_AREAS[id(ctx.c)] = (ctx.c, sorted(ctx.c.areas))
    return entry[1]


def _groups(ctx: Ctx, keep: Callable[[str, str, str], bool]) -> list[tuple[str, str, list[str]]]:
    """(owner, area, pieces) of on-map land pieces for which ``keep(owner, area, pid)`` is False."""
    out: dict[tuple[str, str], list[str]] = {}
    countries = ctx.s["countries"]
    table = ctx.s["pieces"]
    for aid in _sorted_areas(ctx):
        for pid in ctx.pieces_here(aid):
            p = table[pid]
            if p["kind"] not in LAND_KINDS:
                continue
            owner = p.get("hired") or p["nation"]
            if owner not in countries or keep(owner, aid, pid):
                continue
            out.setdefault((owner, aid), []).append(pid)
    return [(o, a, ps) for (o, a), ps in sorted(out.items())]


def leave_enemy_territory(ctx: Ctx, a: str, b: str, rule: str) -> None:
    """7.4.2: after a new war between `a` and `b` the forces of each in the other's territory relocate."""
    for mover, owner in ((a, b), (b, a)):
        def keep(aid: str, owner: str = owner) -> bool:
            return not territory_of(ctx, aid, owner) and holder(ctx, aid) != owner
        for aid, pieces in _groups_of(ctx, mover, keep):
            relocate(ctx, mover, aid, pieces, owner, "7.4.2")


def _groups_of(ctx: Ctx, mover: str, keep: Callable[[str], bool]) -> list[tuple[str, list[str]]]:
    """:func:`_groups` of the pieces `mover` owns with a test of the area alone: (area, pieces) for the
    on-map land pieces of `mover` in areas where ``keep(area)`` is False, by area, the pieces in id order."""
    if mover not in ctx.s["countries"]:
        return []
    areas = ctx.c.areas
    by_area: dict[str, list[str]] = {}
    for pid, p in ctx.s["pieces"].items():
        if (p.get("hired") or p["nation"]) == mover and p["kind"] in LAND_KINDS and p["loc"] in areas:
            by_area.setdefault(p["loc"], []).append(pid)
    return [(aid, sorted(pids)) for aid, pids in sorted(by_area.items()) if not keep(aid)]


def allowed_in(ctx: Ctx, owner: str, aid: str, in_city: bool) -> bool:
    """May forces of `owner` stay in `aid` now (8.1, 6.9 march status, 5.2.3, 7.1 grace period)?"""
    ctrl = ctx.area_ctrl(aid)
    if in_city:
        h = holder(ctx, aid)
        if h is not None and h != owner and not ctx.allied(h, owner) and not ctx.at_war(h, owner):
            return False
    if ctrl is None or ctrl == owner or ctrl not in ctx.s["countries"]:
        return True
    return ctx.at_war(ctrl, owner) or friendly_country(ctx, ctrl, owner)


def enforce_territory(ctx: Ctx, rule: str) -> None:
    """7.4.1 / 8.1: forces in a country at peace with them below march status relocate."""
    seen: dict[tuple[str, str, bool], bool] = {}  # nothing moves while _groups asks

    def keep(o: str, aid: str, pid: str) -> bool:
        key = (o, aid, bool(ctx.piece(pid)["city"]))
        found = seen.get(key)
        if found is None:
            found = seen[key] = allowed_in(ctx, *key)
        return found
    for o, aid, pieces in _groups(ctx, keep):
        relocate(ctx, o, aid, pieces, ctx.area_ctrl(aid), "8.1")


@FLOW.register
class RelocationChoice(Step[Ctx]):
    """8.1: with several nearest friendly areas the relocating country chooses one."""

    kind = "relocation_choice"
    rule = "8.1"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        alive = [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["area"]]
        if not alive or role_of(ctx, frame["owner"]) is None:
            return []
        return [frame["owner"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        alive = [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["area"]]
        if alive:
            move_group(ctx, alive, frame["options"][0], frame["rule"], frame["owner"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"relocate_to:{a}", "aw.act.relocate_forces", frame["rule"], area=frame["area"], to=a,
                       n=len(frame["pieces"])) for a in frame["options"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.relocation_choice", "params": {"country": actor, "area": frame["area"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        alive = [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["area"]]
        move_group(ctx, alive, act["params"]["to"], frame["rule"], actor)
