"""Naval transport: boarding, disembarking, amphibious assaults, hits on carrying ships (6.16.c–6.16.f).

* Capacity (6.16.c): a full ship carries one full unit or two reduced units, a reduced ship one reduced
  unit; both any number of leaders. A ship takes one force per impulse: it boards only while empty and not
  after it set down a force in this impulse (retreats excepted, 6.16.e).
* Boarding and disembarking cost nothing and happen only in port areas (6.16.d): the areas whose city has
  its port in the fleet's sea zone, and Sealand's land area for the Sealand zone (decision). A force boards
  whole, with every piece that has not moved by land, fought or landed in this impulse; after
  disembarking it cannot move by land in the impulse (6.16.d). Landing in the area of a country at peace
  below march status is a declaration of war on it (8.1, 7.4.2): it is offered as such (``land_dow``), the
  war declared and paid before the force is set down. Landed pieces stand outside the city.
* Disembarking into an area with enemy forces outside the city is an amphibious assault (6.16.e): the entry
  procedure runs (interception, evasion), then a field battle of kind ``amphibious`` in which the ships do
  not fight and the assaulting units fight at −1 (cavalry −2; the battle dice as infantry, decision);
  beaten assaulters may go back onto the ships they came from instead of retreating by land.
* A hit on a carrying ship hits its cargo as often (6.16.f); the cargo of a sunk ship is lost with it, the
  cargo of a routed ship goes with it to the Regroup Box (decision).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import (
    force,
    forces_at,
    is_finished,
    land,
    land_view,
    normalize,
    tidy,
)
from ashur.games.assyrian_wars.rules.base.naval import (
    CARGO,
    cargo_of,
    fits,
    naval,
    naval_view,
    port_areas,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.secrecy import restacked
from ashur.games.assyrian_wars.rules.base.units import is_leader
from ashur.games.assyrian_wars.rules.land.casualties import distribute
from ashur.games.assyrian_wars.rules.land.entering import entry_requirement
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
#: 6.16.e: combat factors of units in an amphibious assault (cavalry −2, all others −1)
AMPHIBIOUS_MODS = [{"type": "combat", "amount": -1, "units": "infantry"},
                   {"type": "combat", "amount": -2, "units": "cavalry"}]


# --- capacity ----------------------------------------------------------------------------------------
def empty_ships(ctx: Ctx, ships: list[str]) -> list[str]:
    """Ships that may still take a force this impulse: empty and not unloaded yet (6.16.c)."""
    done = naval_view(ctx)["unloaded"]
    return [s for s in ships if not cargo_of(ctx, s) and s not in done]


def allocate(ctx: Ctx, pieces: list[str], ships: list[str]) -> dict[str, str] | None:
    """Ships for a whole force (6.16.c), or None when it does not fit: full units on full ships, reduced
    units first one to a reduced ship, the rest two to a full ship; leaders with the first ship used."""
    full_ships = [s for s in ships if not ctx.piece(s)["red"]]
    red_ships = [s for s in ships if ctx.piece(s)["red"]]
    units = [p for p in pieces if not is_leader(ctx, p)]
    out: dict[str, str] = {}
    for u in [u for u in units if not ctx.piece(u)["red"]]:
        if not full_ships:
            return None
        out[u] = full_ships.pop(0)
    reduced = [u for u in units if ctx.piece(u)["red"]]
    while reduced and red_ships:
        out[reduced.pop(0)] = red_ships.pop(0)
    while reduced:
        if not full_ships:
            return None
        ship = full_ships.pop(0)
        for _ in range(2):
            if reduced:
                out[reduced.pop(0)] = ship
    leaders = [p for p in pieces if is_leader(ctx, p)]
    if leaders:
        first = sorted(out.values())[0] if out else (full_ships + red_ships or [None])[0]
        if first is None:
            return None
        for lid in leaders:
            out[lid] = first
    return out


def may_board(ctx: Ctx, pids: list[str]) -> bool:
    """6.16.d: no land movement before boarding; pieces that fought or landed stay ashore too."""
    moved = land_view(ctx)["moved"]
    return not any(moved.get(p, 0) for p in pids) and not is_finished(ctx, pids) \
        and not any(p in naval_view(ctx)["landed"] for p in pids)


def boardable(ctx: Ctx, c: str, zone: str, ships: list[str]) -> list[tuple[str, dict[str, str]]]:
    """(force id, ship allocation) of every own force in a port area of `zone` that can board `ships`."""
    free = empty_ships(ctx, ships)
    out: list[tuple[str, dict[str, str]]] = []
    if not free:
        return out
    for aid in port_areas(ctx, zone):
        for f in forces_at(ctx, aid):
            if f["countries"] != [c] or not may_board(ctx, f["pieces"]):
                continue
            if f["city"] and aid in ctx.s["sieges"]:
                continue
            plan = allocate(ctx, f["pieces"], free)
            if plan is not None:
                out.append((f["id"], plan))
    return out


def board(ctx: Ctx, c: str, fid: str, zone: str, ships: list[str]) -> None:
    """Put force `fid` aboard (6.16.c, 6.16.d)."""
    f = force(ctx, fid)
    assert f is not None
    plan = allocate(ctx, f["pieces"], empty_ships(ctx, ships))
    assert plan is not None
    area = f["loc"]
    for pid, ship in sorted(plan.items()):
        p = ctx.piece(pid)
        p["city"] = False
        p["aboard"] = ship
        ctx.move_piece(pid, CARGO + zone)
    from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged

    # 9.5: which ships carry the force, and the force's own id, are the owner's; the public sees it go aboard
    log_fogged(ctx, "aw.boarded", "6.16.c", list(plan), country=c, force=fid, area=area, zone=zone, n=len(plan),
               ships=sorted(set(plan.values())), public="aw.boarded_public",
               public_params={"country": c, "area": area, "zone": zone, "n": len(plan)})
    from ashur.games.assyrian_wars.rules.land.siege import check_lifted

    check_lifted(ctx, area)


def cargo_owned(ctx: Ctx, c: str, ships: list[str]) -> list[str]:
    return [p for s in ships for p in cargo_of(ctx, s) if ctx.owner(p) == c]


def cargo_split(ctx: Ctx, zone: str, ships: list[str]) -> list[str]:
    """The cargo in `zone` of every country whose cargo there `ships` carry only in part (9.5): when those
    ships sail on, what they carry and what stays behind form stacks of their own, whose tops are open to
    all. Empty when each country's cargo moves whole or stays whole."""
    moving: dict[str, list[str]] = {}
    staying: dict[str, list[str]] = {}
    carriers = set(ships)
    for p in ctx.pieces_at(CARGO + zone):
        side = moving if ctx.piece(p).get("aboard") in carriers else staying
        side.setdefault(ctx.owner(p), []).append(p)
    return sorted(p for c in sorted(moving) if c in staying for p in moving[c] + staying[c])


def landing_areas(ctx: Ctx, c: str, zone: str, ships: list[str]) -> list[str]:
    """Port areas of `zone` where the cargo of `c` may disembark (entry without a declaration of war)."""
    if not cargo_owned(ctx, c, ships):
        return []
    return [a for a in port_areas(ctx, zone) if entry_requirement(ctx, c, a)[0] == "ok"]


def landing_wars(ctx: Ctx, c: str, zone: str, ships: list[str]) -> list[tuple[str, str]]:
    """(area, country) of the port areas of `zone` where the cargo of `c` may disembark by declaring war on
    the country (8.1: at peace below march status; 7.4.2: it can declare and pay it now)."""
    from ashur.games.assyrian_wars.rules.land.hostilities import can_declare_now

    if not cargo_owned(ctx, c, ships):
        return []
    out = []
    for a in port_areas(ctx, zone):
        req, target, _rule = entry_requirement(ctx, c, a)
        if req == "dow" and can_declare_now(ctx, c, target):
            out.append((a, target))
    return out


def disembark(ctx: Ctx, c: str, zone: str, ships: list[str], area: str) -> list[str]:
    """Set the cargo of `c` down in `area` (6.16.d); an area with enemy forces outside its city makes it an
    amphibious assault (6.16.e). Pushes the entry frame; returns the landed pieces."""
    from ashur.games.assyrian_wars.rules.land.entry import enemies_in_field, push_entry

    pieces = cargo_owned(ctx, c, ships)
    origin = {p: ctx.piece(p)["aboard"] for p in pieces}
    if any(ctx.owner(p) == c and p not in origin for p in ctx.pieces_at(CARGO + zone)):
        # 9.5: which ship carries which fogged piece is hidden, but the pieces set down form a stack of their
        # own whose top is open to all: landing part of the country's cargo shows what those ships carried
        restacked(ctx, pieces)
    rec, nav = land(ctx), naval(ctx)
    for p in pieces:
        ctx.piece(p).pop("aboard", None)
        ctx.piece(p)["city"] = False
        ctx.move_piece(p, area)
        rec["moved"][p] = rec["moved"].get(p, 0) + 1
        nav["landed"].append(p)
    for s in sorted(set(origin.values())):
        if s not in nav["unloaded"]:
            nav["unloaded"].append(s)
    assault = bool(enemies_in_field(ctx, area, c))
    ctx.log("aw.amphibious_assault" if assault else "aw.landed", "6.16.e" if assault else "6.16.d", country=c,
            zone=zone, area=area, n=len(pieces))
    battle = {"kind": "amphibious", "params": {"mods": {"att": list(AMPHIBIOUS_MODS), "def": []},
                                               "sea_retreat": {"zone": zone, "ships": origin}}}
    push_entry(ctx, area, c, pieces, kind="move", battle=battle)
    return pieces


def after_landing(ctx: Ctx, c: str, area: str) -> None:
    normalize(ctx)
    tidy(ctx, area, c)


# --- hits on carrying ships (6.16.f) ----------------------------------------------------------------------
def pass_hit_to_cargo(ctx: Ctx, ship: str, rule: str) -> None:
    """6.16.f: the force aboard a ship that takes a hit takes the same hit. Called before the ship's hit is
    applied; the cargo of a ship that is sunk is lost afterwards (``cargo_fate``).

    A full ship's hit reduces it, and a reduced ship carries one reduced unit only (6.16.c). A leader aboard
    may take the hit (6.7.3) only when the units aboard already fit the reduced ship; otherwise the hit goes
    to a unit, which brings the cargo within what the reduced ship carries (decision)."""
    cargo = cargo_of(ctx, ship)
    if not cargo:
        return
    units = [p for p in cargo if not is_leader(ctx, p)]
    takers = cargo
    if units and not ctx.piece(ship)["red"] and not fits(ctx, ship, as_reduced=True):
        takers = units
    zone = ctx.piece(ship)["loc"]
    flow.push(ctx.s, "cargo_fate", ship=ship, zone=zone, pieces=list(cargo))
    from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged

    log_fogged(ctx, "aw.cargo_hit", "6.16.f", [ship, *cargo], ship=ship, zone=zone, n=len(cargo),
               public="aw.cargo_hit_public", public_params={"ship": ship, "zone": zone})
    distribute(ctx, side_pieces=takers, loc=CARGO + zone, n=1, mode="hits", decider=ctx.owner(takers[0]),
               rule="6.16.f")


HOOKS.provide("transport.pass_hit_to_cargo", pass_hit_to_cargo)


@FLOW.register
class CargoFate(Step[Ctx]):
    """After a carrying ship's hit: if the ship sank, its remaining cargo is lost with it (decision)."""

    kind = "cargo_fate"
    rule = "6.16.f"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        from ashur.games.assyrian_wars.rules.base.losses import eliminate

        flow.pop(ctx.s)
        if ctx.piece(frame["ship"])["loc"] == frame["zone"]:
            return
        for p in frame["pieces"]:
            if ctx.piece(p)["loc"] == CARGO + frame["zone"] and ctx.piece(p).get("aboard") == frame["ship"]:
                ctx.piece(p).pop("aboard", None)
                eliminate(ctx, p, "6.16.f")
        normalize(ctx)


def _reembark_ok(ctx: Ctx, frame: Frame, pieces: list[str]) -> bool:
    if not pieces or any(p not in frame["ships"] for p in pieces):
        return False
    by_ship: dict[str, list[str]] = {}
    for p in pieces:
        by_ship.setdefault(frame["ships"][p], []).append(p)
    return all(ctx.piece(s)["loc"] == frame["zone"] and fits(ctx, s, by_ship[s]) for s in by_ship)


@FLOW.register
class SeaRetreat(Step[Ctx]):
    """6.16.e: back onto the ships, or a retreat by land (6.7.8)."""

    kind = "sea_retreat"
    rule = "6.16.e"

    def _pieces(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["area"]]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        pieces = self._pieces(ctx, frame)
        if pieces and _reembark_ok(ctx, frame, pieces) and role_of(ctx, frame["c"]):
            return [frame["c"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        pieces = self._pieces(ctx, frame)
        if pieces and _reembark_ok(ctx, frame, pieces):
            self._reembark(ctx, frame, pieces)
        else:
            self._land(ctx, frame, pieces)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action("reembark", "aw.act.reembark", "6.16.e", zone=frame["zone"]),
                action("land_retreat", "aw.act.land_retreat", "6.7.8", area=frame["area"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.sea_retreat", "params": {"country": actor, "area": frame["area"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        pieces = self._pieces(ctx, frame)
        if act["id"] == "reembark":
            self._reembark(ctx, frame, pieces)
        else:
            self._land(ctx, frame, pieces)

    def _reembark(self, ctx: Ctx, frame: Frame, pieces: list[str]) -> None:
        flow.pop(ctx.s)
        for p in pieces:
            ctx.piece(p)["aboard"] = frame["ships"][p]
            ctx.piece(p)["city"] = False
            ctx.move_piece(p, CARGO + frame["zone"])
        ctx.log("aw.reembarked", "6.16.e", country=frame["c"], area=frame["area"], zone=frame["zone"], n=len(pieces))
        normalize(ctx)

    def _land(self, ctx: Ctx, frame: Frame, pieces: list[str]) -> None:
        from ashur.games.assyrian_wars.rules.land.retreat import push_retreats

        flow.pop(ctx.s)
        if pieces:
            push_retreats(ctx, pieces, frame["area"], frame["forbidden"], frame["bid"])
