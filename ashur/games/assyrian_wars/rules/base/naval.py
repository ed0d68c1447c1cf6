"""Naval affairs: the shared queries of ships, fleets, ports and cargo (6.16, 6.12 sea zones, glossary
"Fleet", "Port", "Sea Zone", "Adjacent"), the per-impulse naval record and the naval invariants.

Locations: a ship stands in a sea zone (its id; Sealand is both a land area and a sea zone, 1.3), in a
sea Trade Box (``trade:<box>``), in the force pool or the Regroup Box. Land pieces carried by ships
(6.16.c) stand at ``sea:<zone>`` with ``aboard`` naming their ship; they move with it. Raiders stand in
``raid:<n>`` (6.15).

The per-impulse record ``state["naval"]`` (reset at every impulse start and end): ``moved`` (ships that
moved in a fleet move, 6.16.b), ``boxed`` (ships that entered or left a Trade Box: nothing else that
impulse, 6.16.b), ``searched`` (sea zones where the phasing
country searched, 6.16.f), ``unloaded`` (ships that set down their force: one force per ship and impulse,
6.16.c), ``landed`` (land pieces that disembarked: no land movement after it, 6.16.d), ``raider``
(countries that placed a raider, 6.15), ``new_raiders`` (raiders placed this impulse), ``raided``
(countries whose raiders were activated), ``repaired`` (ships repaired, 6.16.a).
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import CARGO_PREFIX, Ctx
from ashur.games.assyrian_wars.rules.base.territory import friendly_country
from ashur.games.assyrian_wars.rules.base.units import is_leader
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
CARGO = CARGO_PREFIX
TRADE = "trade:"
RAID = "raid:"


# --- the per-impulse record ------------------------------------------------------------------------
def fresh_naval() -> dict[str, Any]:
    return {"moved": [], "boxed": [], "searched": [], "unloaded": [], "landed": [], "raider": [],
            "new_raiders": [], "raided": [], "repaired": []}


def naval(ctx: Ctx) -> dict[str, Any]:
    """The per-impulse naval record (created on first use)."""
    return ctx.impulse_record("naval", fresh_naval, write=True)


def naval_view(ctx: Ctx) -> dict[str, Any]:
    """Read-only access to the record (never writes to the state)."""
    return ctx.impulse_record("naval", fresh_naval, write=False)


def landed(ctx: Ctx, pids: list[str]) -> bool:
    """6.16.d: one of `pids` disembarked in this impulse (no land movement after disembarking)."""
    done = naval_view(ctx)["landed"]
    return any(p in done for p in pids)


def _reset(ctx: Ctx, frame: Frame) -> None:
    ctx.s["naval"] = fresh_naval()


HOOKS.add_impulse_start(1, "naval record", _reset)
HOOKS.add_impulse_end(98, "naval record", _reset)


# --- ships and fleets -------------------------------------------------------------------------------
def is_zone(ctx: Ctx, loc: str) -> bool:
    return loc in ctx.c.sea_zones


def sea_box(ctx: Ctx, box: str) -> Any:
    """The sea Trade Box `box` (6.16.g), or None for the overland box and unknown ids."""
    tb = ctx.c.trade_boxes.get(box)
    return tb if tb is not None and tb.kind == "sea" else None


def sea_boxes(ctx: Ctx) -> list[str]:
    return sorted(b for b, tb in ctx.c.trade_boxes.items() if tb.kind == "sea")


def ships_at(ctx: Ctx, loc: str) -> list[str]:
    """Ship pieces at a sea zone or ``trade:<box>`` (sorted)."""
    return [p for p in ctx.pieces_at(loc) if ctx.piece(p)["kind"] == "ship"]


def ships_of(ctx: Ctx, loc: str, cid: str) -> list[str]:
    return [p for p in ships_at(ctx, loc) if ctx.piece(p)["nation"] == cid]


def countries_with_ships(ctx: Ctx, loc: str) -> list[str]:
    from ashur.games.assyrian_wars.rules.base.forces import track_sorted

    return track_sorted(ctx, {ctx.piece(p)["nation"] for p in ships_at(ctx, loc)})


def enemy_ship_countries(ctx: Ctx, loc: str, cid: str, exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Countries at war with `cid` that have ships at `loc` (each one a fleet to search for, 6.16.f)."""
    skip = set(exclude)
    return [c for c in countries_with_ships(ctx, loc) if ctx.at_war(c, cid)
            and any(p not in skip for p in ships_of(ctx, loc, c))]


def search_number(ctx: Ctx, ships: list[str]) -> int:
    """6.16.f: the lowest search number printed on the searching ships."""
    return min(int(ctx.c.ships[p].search) for p in ships)


def ship_value(ctx: Ctx, pid: str) -> Fraction:
    """7.3.3.a: a full ship in a Trade Box is worth 1 trade point, a reduced one ½."""
    return Fraction(1, 2) if ctx.piece(pid)["red"] else Fraction(1)


# --- ports ------------------------------------------------------------------------------------------
def port_zone(ctx: Ctx, aid: str) -> str | None:
    area = ctx.c.areas.get(aid)
    if area is None or area.city is None:
        return None
    return area.city.port


def port_areas(ctx: Ctx, zone: str) -> list[str]:
    """6.16.d: the areas where land units board and disembark in `zone`: the areas whose city has its port
    there; Sealand's own land area for the Sealand zone (decision: it is both, 1.3)."""
    return list(ctx.c.port_areas(zone))


def friendly_port(ctx: Ctx, aid: str, cid: str) -> bool:
    """A port city held by `cid` or a country friendly to it (glossary "Port", "Friendly")."""
    from ashur.games.assyrian_wars.rules.base.control_areas import city_holder

    if port_zone(ctx, aid) is None:
        return False
    return friendly_country(ctx, city_holder(ctx, aid), cid)


def home_port_zones(ctx: Ctx, cid: str) -> list[str]:
    """6.16.a: zones beside a friendly home port of `cid`: a port city in its own home area that it holds,
    in an area free of enemy land units (6.1)."""
    from ashur.games.assyrian_wars.rules.base.control_areas import city_holder
    from ashur.games.assyrian_wars.rules.base.territory import enemy_forces_in

    out = set()
    for aid in ctx.c.home_cities(cid):
        zone = port_zone(ctx, aid)
        if zone is None or ctx.c.areas[aid].kind != "home":
            continue
        if city_holder(ctx, aid) == cid and not enemy_forces_in(ctx, aid, cid):
            out.add(zone)
    return sorted(out)


def has_friendly_port(ctx: Ctx, zone: str, cid: str) -> bool:
    """6.16.a repair: the sea zone holds a friendly port."""
    return any(friendly_port(ctx, aid, cid) for aid in ctx.c.port_cities(zone))


def nearest_port_zones(ctx: Ctx, starts: list[str], cid: str, body: str | None) -> list[str]:
    """The sea zones with a friendly port nearest to `starts` (breadth-first along the coast, 6.16.g);
    `body` restricts them to one body of water (7.3.3.a)."""
    seen = {z: 0 for z in starts}
    queue = deque(sorted(starts))
    found: list[tuple[int, str]] = []
    while queue:
        z = queue.popleft()
        if has_friendly_port(ctx, z, cid) and (body is None or ctx.c.sea_zones[z].body == body):
            found.append((seen[z], z))
        for nxt in ctx.c.sea_neighbors(z):
            if nxt not in seen:
                seen[nxt] = seen[z] + 1
                queue.append(nxt)
    if not found:
        return []
    best = min(d for d, _ in found)
    return sorted(z for d, z in found if d == best)


# --- cargo (6.16.c) ----------------------------------------------------------------------------------
def cargo_of(ctx: Ctx, ship: str) -> list[str]:
    """Land pieces aboard `ship`."""
    loc = ctx.piece(ship)["loc"]
    if not is_zone(ctx, loc):
        return []
    return [p for p in ctx.pieces_at(CARGO + loc) if ctx.piece(p).get("aboard") == ship]


def load_of(ctx: Ctx, ship: str, extra: list[str] | tuple[str, ...] = ()) -> tuple[int, int]:
    """(full units, reduced units) aboard `ship`, with `extra` pieces added."""
    units = [p for p in [*cargo_of(ctx, ship), *extra] if not is_leader(ctx, p)]
    full = sum(1 for p in units if not ctx.piece(p)["red"])
    return full, len(units) - full


def fits(ctx: Ctx, ship: str, extra: list[str] | tuple[str, ...] = (), *, as_reduced: bool = False) -> bool:
    """6.16.c: a full ship carries one full unit or two reduced units, a reduced ship one reduced unit;
    both any number of leaders. `as_reduced`: judge the ship as if it were already reduced."""
    full, reduced = load_of(ctx, ship, extra)
    if as_reduced or ctx.piece(ship)["red"]:
        return full == 0 and reduced <= 1
    return (full == 0 and reduced <= 2) or (full == 1 and reduced == 0)


def move_ships(ctx: Ctx, ships: list[str], dest: str) -> None:
    """Move ships with their cargo (6.16.c: the carried force moves with its ship)."""
    for sid in ships:
        cargo = cargo_of(ctx, sid)
        ctx.move_piece(sid, dest)
        for p in cargo:
            if is_zone(ctx, dest):
                ctx.move_piece(p, CARGO + dest)
            else:
                ctx.piece(p).pop("aboard", None)
                ctx.move_piece(p, "regroup")


def capacity_problems(ctx: Ctx, ship: str) -> list[str]:
    return [] if fits(ctx, ship) else [f"ship {ship} carries more than 6.16.c allows"]


# --- sea zone control (6.12) --------------------------------------------------------------------------
def sea_control(ctx: Ctx, zone: str) -> str | None:
    """6.12 Sea Zones (and the glossary "Control"): nobody controls an empty zone or one with ships of
    countries at war with each other; ships of one country, or of allies only, give control to the country
    with the most ships there (a power before its allied minor, then impulse-track order)."""
    counts: dict[str, int] = {}
    pieces = ctx.s["pieces"]
    for pid in ctx.pieces_here(zone):
        p = pieces[pid]
        if p["kind"] == "ship":
            c = p["nation"]
            counts[c] = counts.get(c, 0) + 1
    owners = sorted(counts)
    if not owners:
        return None
    for i, a in enumerate(owners):
        for b in owners[i + 1:]:
            if ctx.at_war(a, b) or not ctx.allied(a, b):
                return None
    order = ctx.s["track"]
    return sorted(owners, key=lambda c: (-counts[c], not ctx.is_power(c),
                                         order.index(c) if c in order else 99))[0]


_ZONES: dict[int, list[str]] = {}


def sea_control_map(ctx: Ctx) -> dict[str, str | None]:
    """Every sea zone's controller (6.12), in zone order (every view shows it)."""
    zones = _ZONES.get(id(ctx.c))
    if zones is None:
        zones = _ZONES[id(ctx.c)] = sorted(ctx.c.sea_zones)
    here = ctx.pieces_here
    return {z: sea_control(ctx, z) if here(z) else None for z in zones}


# --- raiders' attrition (6.15, 7.3.3.d) -------------------------------------------------------------------
def raider_attrition(ctx: Ctx, pieces: list[str], rule: str, why: str, chooser: str) -> None:
    """6.6.1 for raiders leaving a Raid Box: a die per unit, each 6 a hit the owner assigns."""
    if not pieces:
        return
    values = ctx.dice(len(pieces), rule=rule, why=why, pieces=list(pieces))
    hits = sum(1 for v in values if v == 6)
    if hits:
        flow.push(ctx.s, "assign_hits", owner=chooser, pieces=list(pieces), hits=hits, rule=rule)


# --- 6.16.e retreat onto the ships ------------------------------------------------------------------------
def push_sea_retreat(ctx: Ctx, pieces: list[str], bf: Frame, forbidden: list[str]) -> None:
    """6.16.e: beaten amphibious assaulters may retreat onto the ships they came from (else 6.7.8)."""
    sea = bf["sea_retreat"]
    by_country: dict[str, list[str]] = {}
    for p in pieces:
        if ctx.piece(p)["loc"] == bf["area"]:
            by_country.setdefault(ctx.owner(p), []).append(p)
    for c in sorted(by_country, reverse=True):
        flow.push(ctx.s, "sea_retreat", c=c, pieces=by_country[c], area=bf["area"], zone=sea["zone"],
                  ships={p: sea["ships"][p] for p in by_country[c] if p in sea["ships"]},
                  forbidden=list(forbidden), bid=bf["id"])


# --- returning ships to a port (6.16.g, 7.3.3.a) ---------------------------------------------------------
def push_return(ctx: Ctx, c: str, ships: list[str], options: list[str], rule: str) -> None:
    """Send `ships` of `c` to one of the sea zones `options` (the owner chooses); without an option the
    ships go to the force pool (7.3.3.a)."""
    flow.push(ctx.s, "ship_return", c=c, ships=list(ships), options=list(options), rule=rule)


@FLOW.register
class ShipReturn(Step[Ctx]):
    """Ships go to a sea zone with a friendly port chosen by their owner (6.16.g, 7.3.3.a), or to the
    force pool when there is none."""

    kind = "ship_return"
    rule = "7.3.3.a"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if len(frame["options"]) > 1 and role_of(ctx, frame["c"]) is not None:
            return [frame["c"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        self._go(ctx, frame, frame["options"][0] if frame["options"] else None)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"port:{z}", "aw.act.ship_return", frame["rule"], zone=z, n=len(frame["ships"]))
                for z in frame["options"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.ship_return", "params": {"country": actor, "n": len(frame["ships"])}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        self._go(ctx, frame, act["params"]["zone"])

    def _go(self, ctx: Ctx, frame: Frame, zone: str | None) -> None:
        flow.pop(ctx.s)
        for sid in frame["ships"]:
            p = ctx.piece(sid)
            if p["kind"] != "ship" or not p["loc"].startswith((TRADE, *ctx.c.sea_zones)):
                continue
            if zone is None:
                p["red"] = False
                ctx.move_piece(sid, "pool")
            else:
                ctx.move_piece(sid, zone)
        ctx.log("aw.ships_returned", frame["rule"], country=frame["c"], zone=zone or "pool", n=len(frame["ships"]))


# --- invariants -------------------------------------------------------------------------------------
def check(ctx: Ctx) -> list[str]:
    """Naval invariants: cargo aboard a ship in its zone and within capacity, Trade Box capacity (6.16.g),
    one raider per Raid Box (6.15), trade markers never negative."""
    problems: list[str] = []
    stack_kinds = {f["step"] for f in ctx.s["stack"]}
    for pid, p in sorted(ctx.s["pieces"].items()):
        loc = p["loc"]
        if loc.startswith(CARGO):
            ship = p.get("aboard")
            zone = loc[len(CARGO):]
            sp = ctx.s["pieces"].get(ship) if ship else None
            if sp is None or sp["kind"] != "ship" or (sp["loc"] != zone and "cargo_fate" not in stack_kinds):
                problems.append(f"{pid} at {loc} is not aboard a ship there (6.16.c)")
            if p["kind"] not in ("unit", "merc", "leader", "king"):
                problems.append(f"{pid} of kind {p['kind']} at {loc}")
        if p["kind"] == "ship" and is_zone(ctx, loc) and "cargo_fate" not in stack_kinds:
            problems += capacity_problems(ctx, pid)
        if loc.startswith(RAID) and p["kind"] != "unit":
            problems.append(f"{pid} of kind {p['kind']} in {loc} (6.15: land units raid)")
    if "tradebox_contest" not in stack_kinds:
        for box in sea_boxes(ctx):
            cap = ctx.c.trade_boxes[box].capacity or 4
            n = len(ships_at(ctx, TRADE + box))
            if n > cap:
                problems.append(f"{n} ships in {box} (6.16.g: at most {cap})")
    if "raid_place" not in stack_kinds:
        for n in range(1, 6):
            if len(ctx.pieces_at(f"{RAID}{n}")) > 1:
                problems.append(f"raid box {n} holds {len(ctx.pieces_at(f'{RAID}{n}'))} raiders (6.15)")
    for power, t in sorted(ctx.s["trade"].items()):
        if t["box"] < 0 or t["out"] < 0:
            problems.append(f"trade markers of {power} negative: {t}")
    return problems


HOOKS.add_invariant(check)
