"""Forces on the map: armies, army groups and single units (6.6.2–6.6.5, glossary "Force", "Army").

* An **army** is a leader and the units marching with him (``pieces[pid]["army"]`` holds the leader's
  id): at most his command rating of regulars and as many mercenaries, all of his country (6.6.2).
* An **army group** is two or three armies under one commander on an army group card (6.6.3), kept in
  ``state["groups"][gid] = {card, owner, commander, armies}``; its id is ``ag<card>``.
* Every unit outside an army, and every leader without units, is a force of its own (glossary "Force").

A force is described by a plain dict (:func:`force`): ``id`` (group id, leader id or unit id), ``leaders``,
``units``, ``pieces``, ``commander``, ``country`` (the commander's or the unit's), ``countries``, ``loc``
and ``city``. The per-impulse record of land warfare (areas moved, Used markers, forces finished for the
impulse, pick-ups) lives in ``state["land"]`` and is reset at every impulse start and end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.secrecy import fogged
from ashur.games.assyrian_wars.rules.base.units import (
    CAVALRY,
    is_land_unit,
    is_leader,
    is_mercenary,
    ratings,
    unit_type,
)
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Force = dict[str, Any]
LAND_KINDS = ("unit", "merc", "leader", "king")
_LAND_KINDS = frozenset(LAND_KINDS)
_UNIT_KINDS = frozenset(("unit", "merc"))
_LEADER_KINDS = frozenset(("leader", "king"))


# --- the per-impulse record ------------------------------------------------------------------------
def fresh_land() -> dict[str, Any]:
    """The empty per-impulse record of land warfare."""
    return {"moved": {}, "used": [], "finished": [], "picked": {}, "dropped": {}, "quick": [],
            "pillaged": [], "leader_bought": False, "relocated": False, "forced_march": False,
            "sieged": [], "free_siege": [], "group_changed": [], "commander_changed": [], "city_moves": [],
            "halted": [],
            "sold_card": False, "maintained": [], "mercs_bought": False}


def land(ctx: Ctx) -> dict[str, Any]:
    """The per-impulse record (see :func:`fresh_land`)."""
    return ctx.impulse_record("land", fresh_land, write=True)


def land_view(ctx: Ctx) -> dict[str, Any]:
    """Read-only access to the per-impulse record (never writes to the state)."""
    return ctx.impulse_record("land", fresh_land, write=False)


def mark(ctx: Ctx, key: str, pids: list[str]) -> None:
    rec = land(ctx)[key]
    for pid in pids:
        if pid not in rec:
            rec.append(pid)


def is_used(ctx: Ctx, pids: list[str]) -> bool:
    used = land_view(ctx)["used"]
    return any(p in used for p in pids)


def is_finished(ctx: Ctx, pids: list[str]) -> bool:
    done = land_view(ctx)["finished"]
    return any(p in done for p in pids)


# --- pieces ----------------------------------------------------------------------------------------
def is_land_piece(ctx: Ctx, pid: str) -> bool:
    return ctx.piece(pid)["kind"] in LAND_KINDS


def _static_tables(ctx: Ctx) -> tuple[dict[str, list[str]], list[str], dict[str, int]]:
    """What never changes in a game's pieces table: nation -> piece ids (in table order), the pieces that
    can be hired (mercenaries, nomad mercenaries), and each id's position in the table. Kept in the state's
    memo, which the game carries from one state to the next (the table's ids and nations never change)."""
    memo = getattr(ctx.s, "memo", None)
    found = memo.get("pieces_static") if memo is not None else None
    if found is None:
        by_nation: dict[str, list[str]] = {}
        hireable: list[str] = []
        position: dict[str, int] = {}
        for i, (pid, p) in enumerate(ctx.s["pieces"].items()):
            by_nation.setdefault(p["nation"], []).append(pid)
            position[pid] = i
            if p["kind"] == "merc" or ctx.kind(p["nation"]) == "nomad_mercenary":
                hireable.append(pid)
        found = (by_nation, hireable, position)
        if memo is not None:
            memo["pieces_static"] = found
    return found


def pieces_by_owner(ctx: Ctx) -> dict[str, list[str]]:
    """Owner (:meth:`Ctx.owner`) -> the ids of its pieces (in no particular order), every piece wherever it
    is; built once per frozen Ctx (its cache, with the same table by nation for :func:`nation_pieces`), else
    at every call."""
    cache = ctx.cache
    if cache is not None:
        hit = cache.get("by_owner")
        if hit is not None:
            return hit
    by_nation, hireable, position = _static_tables(ctx)
    pieces = ctx.s["pieces"]
    out = {nation: list(pids) for nation, pids in by_nation.items()}
    received: set[str] = set()
    for pid in hireable:
        p = pieces[pid]
        hirer = p.get("hired")
        if hirer and hirer != p["nation"]:
            out[p["nation"]].remove(pid)
            out.setdefault(hirer, []).append(pid)
            received.add(hirer)
    for owner in received:
        out[owner].sort(key=position.__getitem__)  # the order of the pieces table, as a full scan gives
    if cache is not None:
        cache["by_owner"] = out
        cache["by_nation"] = {nation: list(pids) for nation, pids in by_nation.items()}
    return out


def pieces_of(ctx: Ctx, cid: str) -> list[str]:
    """The ids of every piece `cid` owns (:meth:`Ctx.owner`), in id order (the caller must not change it)."""
    cache = ctx.cache
    if cache is None:
        return sorted(pid for pid, p in ctx.s["pieces"].items() if (p.get("hired") or p["nation"]) == cid)
    key = ("pieces_of", cid)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = sorted(pieces_by_owner(ctx).get(cid, ()))
    return hit


def nation_pieces(ctx: Ctx, cid: str) -> list[str]:
    """The ids of every piece of nation `cid` (hired or not), in id order (the caller must not change it)."""
    cache = ctx.cache
    if cache is None:
        return sorted(pid for pid, p in ctx.s["pieces"].items() if p["nation"] == cid)
    key = ("nation_pieces", cid)
    hit = cache.get(key)
    if hit is None:
        by_nation = cache.get("by_nation")
        if by_nation is None:
            pieces_by_owner(ctx)
            by_nation = cache["by_nation"]
        hit = cache[key] = sorted(by_nation.get(cid, ()))
    return hit


def owned(ctx: Ctx, cid: str) -> list[dict[str, Any]]:
    """The records of every piece `cid` owns (:meth:`Ctx.owner`), in no particular order."""
    pieces = ctx.s["pieces"]
    if ctx.cache is None:
        return [p for p in pieces.values() if (p.get("hired") or p["nation"]) == cid]
    return [pieces[pid] for pid in pieces_by_owner(ctx).get(cid, ())]


def land_pieces_at(ctx: Ctx, loc: str, city: bool | None = None) -> list[str]:
    """Land units and leaders at a location (in the city, outside it, or both)."""
    pieces = ctx.s["pieces"]
    if city is None:
        return [pid for pid in ctx.pieces_here(loc) if pieces[pid]["kind"] in _LAND_KINDS]
    return [pid for pid in ctx.pieces_here(loc)
            if (p := pieces[pid])["kind"] in _LAND_KINDS and bool(p["city"]) == city]


def units_in(ctx: Ctx, pids: list[str]) -> list[str]:
    return [p for p in pids if is_land_unit(ctx, p)]


def leaders_in(ctx: Ctx, pids: list[str]) -> list[str]:
    return [p for p in pids if is_leader(ctx, p)]


def track_sorted(ctx: Ctx, countries: set[str] | list[str]) -> list[str]:
    found = set(countries)
    if len(found) < 2:
        return list(found)
    order = ctx.s["track"]
    return sorted(found, key=lambda c: (order.index(c) if c in order else len(order), c))


def army_units(ctx: Ctx, lid: str) -> list[str]:
    """The units marching with leader `lid` (6.6.2)."""
    pieces = ctx.s["pieces"]
    p = pieces[lid]
    city = bool(p["city"])
    return [u for u in ctx.pieces_here(p["loc"]) if (q := pieces[u]).get("army") == lid and q["kind"] in _UNIT_KINDS
            and bool(q["city"]) == city]


def counts(ctx: Ctx, units: list[str]) -> tuple[int, int]:
    """(regulars, mercenaries) among `units`."""
    mercs = sum(1 for u in units if is_mercenary(ctx, u))
    return len(units) - mercs, mercs


def command(ctx: Ctx, lid: str) -> int:
    return ratings(ctx, lid)[1]


def action_rating(ctx: Ctx, lid: str) -> int:
    return ratings(ctx, lid)[0]


def fits(ctx: Ctx, lid: str, units: list[str]) -> bool:
    """6.6.2: at most the command rating of regulars and as many mercenaries, all of the leader's country."""
    nation = ctx.piece(lid)["nation"]
    if any(ctx.owner(u) != nation for u in units):
        return False
    regs, mercs = counts(ctx, units)
    cmd = command(ctx, lid)
    return regs <= cmd and mercs <= cmd


def can_join_army(ctx: Ctx, lid: str, unit: str) -> bool:
    """A unit may join leader `lid`'s army (same country, within the command rating, 6.6.2)."""
    if ctx.owner(unit) != ctx.piece(lid)["nation"]:
        return False
    return fits(ctx, lid, [*army_units(ctx, lid), unit])


# --- army groups ------------------------------------------------------------------------------------
def groups(ctx: Ctx) -> dict[str, dict[str, Any]]:
    return ctx.s.get("groups") or {}


def group_of(ctx: Ctx, lid: str) -> str | None:
    found = ctx.s.get("groups")
    if not found:
        return None
    for gid, g in sorted(found.items()):
        if lid in g["armies"]:
            return gid
    return None


def kings_among(ctx: Ctx, leaders: list[str]) -> list[str]:
    from ashur.games.assyrian_wars.rules.base.units import is_king

    return [lid for lid in leaders if is_king(ctx, lid)]


def best_leader(ctx: Ctx, leaders: list[str]) -> str | None:
    """A king if there is one (6.6.3), else the leader with the best action rating (then id order)."""
    if not leaders:
        return None
    kings = kings_among(ctx, leaders)
    pool = kings or leaders
    return sorted(pool, key=lambda lid: (-action_rating(ctx, lid), lid))[0]


def ag_cards_in_use(ctx: Ctx) -> set[int]:
    return {int(g["card"]) for g in groups(ctx).values()}


def free_ag_cards(ctx: Ctx, cid: str) -> list[int]:
    """Army group cards of `cid` that are not sold (6.6.6) and not in use; none for nomads (10.1) and for
    the Mede before turn 4 (10.2)."""
    if cid not in ctx.s["countries"] or ctx.is_nomad(cid):
        return []
    if ctx.country(cid).get("ag_sold"):
        return []
    if cid == "mede" and mede_divided(ctx):
        return []
    used = ag_cards_in_use(ctx)
    return [n for n in ctx.c.army_group_cards(cid) if n not in used]


def mede_divided(ctx: Ctx) -> bool:
    """10.2: the Medes are not yet united (before turn 4 and Khshathrita's unification)."""
    return ctx.turn < 4 and not ctx.s.get("mede_united")


def form_group(ctx: Ctx, card: int, owner: str, armies: list[str], rule: str = "6.6.3",
               commander: str | None = None) -> str:
    """Create an army group of `armies` on `owner`'s card `card`; a king commands it (6.6.3), else the
    `commander` chosen by the forming player, else the owner's best leader."""
    gid = f"ag{card}"
    if commander not in armies:
        commander = best_leader(ctx, [a for a in armies if ctx.piece(a)["nation"] == owner]) or armies[0]
    kings = kings_among(ctx, armies)
    if kings:
        commander = kings[0]
    ctx.s["groups"][gid] = {"card": card, "owner": owner, "commander": commander, "armies": list(armies)}
    ctx.log("aw.group_formed", rule, group=gid, owner=owner, commander=commander, armies=list(armies),
            area=ctx.piece(commander)["loc"])
    return gid


def dissolve_group(ctx: Ctx, gid: str, rule: str = "6.6.3") -> None:
    g = ctx.s["groups"].pop(gid, None)
    if g is not None:
        ctx.log("aw.group_dissolved", rule, group=gid, owner=g["owner"])


def leave_group(ctx: Ctx, lid: str, rule: str = "6.6.3") -> None:
    """Army `lid` leaves its army group; a group left with one army, or without an army of the card's
    owner, is dissolved (6.6.3, 6.6.4); a new commander is chosen when the commander left."""
    gid = group_of(ctx, lid)
    if gid is None:
        return
    g = ctx.s["groups"][gid]
    g["armies"] = [a for a in g["armies"] if a != lid]
    owners = [a for a in g["armies"] if ctx.piece(a)["nation"] == g["owner"]]
    if len(g["armies"]) < 2 or not owners:
        dissolve_group(ctx, gid, rule)
        if len(g["armies"]) >= 2:
            _reform(ctx, g["armies"])
        return
    if g["commander"] == lid:
        g["commander"] = best_leader(ctx, kings_among(ctx, g["armies"]) or owners) or g["armies"][0]
        ctx.log("aw.group_commander", rule, group=gid, commander=g["commander"])


def _reform(ctx: Ctx, armies: list[str]) -> None:
    """6.6.4: when the card owner's forces are gone, an allied power present forms a new army group with its
    own free card (decision: at once, automatically)."""
    for nation in track_sorted(ctx, [ctx.piece(a)["nation"] for a in armies]):
        cards = free_ag_cards(ctx, nation)
        if cards and len(kings_among(ctx, armies)) <= 1:
            form_group(ctx, cards[0], nation, armies, "6.6.4")
            return


def normalize(ctx: Ctx) -> None:
    """Keep armies and army groups consistent after losses and moves: units whose leader is gone or
    elsewhere leave his army; leaders off the map or apart from their group leave it."""
    table = ctx.s["pieces"]
    for pid, p in table.items():
        lid = p.get("army")
        if lid is None:
            continue
        lp = table.get(lid)
        if lp is None or lp["loc"] != p["loc"] or bool(lp["city"]) != bool(p["city"]) or not ctx.on_map(p["loc"]):
            ctx.piece(pid)["army"] = None
    for gid in sorted(groups(ctx)):
        g = ctx.s["groups"].get(gid)
        if g is None:
            continue
        kings = kings_among(ctx, g["armies"])
        for extra in [k for k in kings if k != g["commander"]][: max(0, len(kings) - 1)]:
            ctx.log("aw.second_king_leaves", "6.6.3", group=gid, leader=extra)
            leave_group(ctx, extra, "6.6.3")
        if gid not in ctx.s["groups"]:
            continue
        cmd = ctx.piece(g["commander"])
        for lid in list(g["armies"]):
            lp = ctx.piece(lid)
            if not ctx.on_map(lp["loc"]) or lp["loc"] != cmd["loc"] or lp["city"] != cmd["city"]:
                if lid == g["commander"]:
                    others = [a for a in g["armies"] if a != lid and ctx.on_map(ctx.piece(a)["loc"])]
                    if not others:
                        dissolve_group(ctx, gid, "6.6.3")
                        break
                leave_group(ctx, lid, "6.6.3")
                if gid not in ctx.s["groups"]:
                    break
                cmd = ctx.piece(ctx.s["groups"][gid]["commander"])


def drop_leader(ctx: Ctx, lid: str) -> None:
    """A leader leaves the map (killed, routed): his army breaks up and he leaves his army group."""
    for pid in [pid for pid, p in ctx.s["pieces"].items() if p.get("army") == lid]:
        ctx.piece(pid)["army"] = None
    if ctx.s.get("groups"):
        leave_group(ctx, lid, "6.6.3")


# --- forces -----------------------------------------------------------------------------------------
def _make(ctx: Ctx, fid: str, leaders: list[str], units: list[str], commander: str | None) -> Force:
    pieces = [*leaders, *units]
    first = commander or (units[0] if units else leaders[0])
    table = ctx.s["pieces"]
    p = table[first]
    country = p["nation"] if p["kind"] in _LEADER_KINDS else (p.get("hired") or p["nation"])
    countries = track_sorted(ctx, {(q := table[x]).get("hired") or q["nation"] for x in pieces})
    return {"id": fid, "leaders": leaders, "units": units, "pieces": pieces, "commander": commander,
            "country": country, "countries": countries, "loc": p["loc"], "city": bool(p["city"])}


def force(ctx: Ctx, fid: str) -> Force | None:
    """The force with id `fid` (an army group id, a leader id or a unit id), or None if it is gone."""
    g = groups(ctx).get(fid)
    if g is not None:
        cmd = ctx.piece(g["commander"])
        if not ctx.on_map(cmd["loc"]):
            return None
        leaders = [lid for lid in g["armies"] if ctx.piece(lid)["loc"] == cmd["loc"]
                   and bool(ctx.piece(lid)["city"]) == bool(cmd["city"])]
        units = [u for lid in leaders for u in army_units(ctx, lid)]
        return _make(ctx, fid, leaders, units, g["commander"])
    if fid not in ctx.s["pieces"]:
        return None
    p = ctx.piece(fid)
    if not ctx.on_map(p["loc"]) or p["kind"] not in LAND_KINDS:
        return None
    if is_leader(ctx, fid):
        return _make(ctx, fid, [fid], army_units(ctx, fid), fid)
    return _make(ctx, fid, [], [fid], None)


def force_id(ctx: Ctx, pid: str) -> str:
    """The id of the force a piece belongs to."""
    pieces = ctx.s["pieces"]
    p = pieces[pid]
    if p["kind"] in _LEADER_KINDS:
        return _group_here(ctx, pid) or pid
    lid = p.get("army")
    if lid is not None and lid in pieces:
        lp = pieces[lid]
        if lp["loc"] == p["loc"] and bool(lp["city"]) == bool(p["city"]):
            return _group_here(ctx, lid) or lid
    return pid


def _group_here(ctx: Ctx, lid: str) -> str | None:
    """The army group of leader `lid` if its commander stands with him (else it is stale: see normalize)."""
    gid = group_of(ctx, lid)
    if gid is None:
        return None
    cmd = ctx.piece(groups(ctx)[gid]["commander"])
    me = ctx.piece(lid)
    return gid if cmd["loc"] == me["loc"] and bool(cmd["city"]) == bool(me["city"]) else None


def forces_at(ctx: Ctx, loc: str, *, city: bool | None = None) -> list[Force]:
    """Every force at a location, army groups first, then armies, then single units (id order)."""
    if ctx.cache is not None:
        return list(ctx.memoised(("forces_at", loc, city), _forces_at, loc, city))
    return _forces_at(ctx, loc, city)


def _forces_at(ctx: Ctx, loc: str, city: bool | None) -> list[Force]:
    seen: dict[str, None] = {}  # the force ids in the order first met
    for pid in land_pieces_at(ctx, loc, city):
        seen.setdefault(force_id(ctx, pid), None)
    table = ctx.s["pieces"]
    gs = groups(ctx)
    here_on_map = ctx.on_map(loc)
    out: list[Force | None] = []
    for fid in seen:
        p = table[fid] if fid not in gs else None
        if p is not None and here_on_map and p["kind"] in _UNIT_KINDS:
            # a unit on its own (its own force id, at `loc`): what force() makes of it, without the lookups
            owner = p.get("hired") or p["nation"]
            out.append({"id": fid, "leaders": [], "units": [fid], "pieces": [fid], "commander": None,
                        "country": owner, "countries": [owner], "loc": p["loc"], "city": bool(p["city"])})
        else:
            out.append(force(ctx, fid))
    rank = {"ag": 0}
    return sorted((f for f in out if f is not None),
                  key=lambda f: (rank.get(f["id"][:2], 1 if f["leaders"] else 2), f["id"]))


def armies_among(ctx: Ctx, pieces: list[str]) -> list[str]:
    """Leaders among `pieces` who lead an army there (at least one of their units is present)."""
    present = set(pieces)
    return [lid for lid in leaders_in(ctx, pieces) if any(u in present for u in army_units(ctx, lid))]


def is_cavalry_force(ctx: Ctx, pieces: list[str]) -> bool:
    """9.7: an all-cavalry force (leaders commanding only cavalry move like cavalry)."""
    units = units_in(ctx, pieces)
    return bool(units) and all(unit_type(ctx, u) in CAVALRY for u in units)


def cavalry_count(ctx: Ctx, pieces: list[str]) -> tuple[int, int]:
    """(cavalry units, other units)."""
    units = units_in(ctx, pieces)
    cav = sum(1 for u in units if unit_type(ctx, u) in CAVALRY)
    return cav, len(units) - cav


def mobility(ctx: Ctx, pieces: list[str]) -> int:
    """9.7: the number of cavalry units less the number of non-cavalry units."""
    cav, other = cavalry_count(ctx, pieces)
    return cav - other


def cavalry_table(mine: tuple[int, int], theirs: tuple[int, int]) -> int:
    """9.7 advanced modifiers of interception and evasion, from the side of `mine`, each side given as
    (cavalry units, other units): +3 all cavalry against no cavalry, +2 all cavalry against mixed, +1 mixed
    against no cavalry, +1 for the higher mobility (cavalry less the others) when both are mixed; the same
    values are subtracted when the other side has the advantage. Pure: the odds (issue 16) use it too."""
    def kind(cav: int, other: int) -> str:
        if cav and not other:
            return "all"
        return "mixed" if cav else "none"

    a, b = kind(*mine), kind(*theirs)
    table = {("all", "none"): 3, ("all", "mixed"): 2, ("mixed", "none"): 1}
    if (a, b) in table:
        return table[(a, b)]
    if (b, a) in table:
        return -table[(b, a)]
    if a == b == "mixed":
        ma, mb = mine[0] - mine[1], theirs[0] - theirs[1]
        return 1 if ma > mb else -1 if mb > ma else 0
    return 0


def cavalry_modifier(ctx: Ctx, mine: list[str], theirs: list[str]) -> int:
    """9.7: :func:`cavalry_table` of two groups of pieces."""
    return cavalry_table(cavalry_count(ctx, mine), cavalry_count(ctx, theirs))


def size(ctx: Ctx, pieces: list[str]) -> int:
    """6.6.10 automatic evasion: the strength of a force is its number of units and leaders."""
    return sum(1 for p in pieces if is_land_unit(ctx, p) or is_leader(ctx, p))


def tidy(ctx: Ctx, loc: str, cid: str) -> None:
    """Glossary "Army": single units of a country may not stay outside an army in an area where one of its
    leaders still has room; they join the first such leader (leaders in id order)."""
    for city in (False, True):
        pieces = [p for p in land_pieces_at(ctx, loc, city) if ctx.owner(p) == cid]
        leaders = [lid for lid in leaders_in(ctx, pieces) if ctx.piece(lid)["nation"] == cid]
        if not leaders:
            continue
        for u in units_in(ctx, pieces):
            if ctx.piece(u).get("army") in leaders:
                continue
            for lid in leaders:
                _room_shows(ctx, lid, u)
                if can_join_army(ctx, lid, u):
                    ctx.piece(u)["army"] = lid
                    break


def loose_choice(ctx: Ctx, loc: str, cid: str, show: bool = False) -> tuple[str, list[str]] | None:
    """Glossary "Army", 6.6.2: the first single unit of `cid` at `loc` (outside the city first) that two or
    more of its leaders there have room for, and those leaders in id order (the first is the default).

    With `show` the answer is about to be acted on where the others see it (the owner asked, or the unit
    joining an army): every leader's room that was weighed counts as shown (9.5, :func:`_room_shows`)."""
    for city in (False, True):
        pieces = [p for p in land_pieces_at(ctx, loc, city) if ctx.owner(p) == cid]
        leaders = [lid for lid in leaders_in(ctx, pieces) if ctx.piece(lid)["nation"] == cid]
        if len(leaders) < 2:
            continue
        for u in units_in(ctx, pieces):
            if ctx.piece(u).get("army") in leaders:
                continue
            if show:
                for lid in leaders:
                    _room_shows(ctx, lid, u)
            room = [lid for lid in leaders if can_join_army(ctx, lid, u)]
            if len(room) > 1:
                return u, room
    return None


def tidy_or_ask(ctx: Ctx, loc: str, cid: str) -> None:
    """:func:`tidy`, but when a single unit of the phasing country could join several of its leaders there,
    its player chooses which (step ``loose_join``; 6.6.2: the owner makes up his armies). Outside the
    owner's impulse (evasions, retreats) the units join as :func:`tidy` says, so that no question shows
    others what a fogged stack holds."""
    from ashur.games.assyrian_wars.rules.base.players import asks_players, role_of

    impulse = next((f for f in reversed(ctx.s["stack"]) if f["step"] == "impulse"), None)
    # 9.5: whether the owner is asked shows whether two of its leaders have room, which may depend on the
    # hidden make-up of their fogged armies (found by fuzz, campaign seed 166119039705772)
    if asks_players(ctx) and impulse is not None and impulse["c"] == cid and role_of(ctx, cid) is not None \
            and loose_choice(ctx, loc, cid, show=True) is not None:
        if not any(f["step"] == "loose_join" and f["area"] == loc and f["c"] == cid for f in ctx.s["stack"]):
            flow.push(ctx.s, "loose_join", area=loc, c=cid)
        return
    tidy(ctx, loc, cid)


@FLOW.register
class LooseJoin(Step[Ctx]):
    """Glossary "Army", 6.6.2: a single unit may not stay outside an army where a leader of its country has
    room; when several have, the owner chooses which army it joins (one unit at a time)."""

    kind = "loose_join"
    rule = "6.6.2"

    def deciders(self, ctx: Ctx, frame: dict[str, Any]) -> list[str]:
        return [frame["c"]] if loose_choice(ctx, frame["area"], frame["c"]) is not None else []

    def run(self, ctx: Ctx, frame: dict[str, Any]) -> None:
        flow.pop(ctx.s)
        tidy(ctx, frame["area"], frame["c"])

    def actions(self, ctx: Ctx, frame: dict[str, Any], actor: str) -> list[Action]:
        found = loose_choice(ctx, frame["area"], frame["c"])
        if found is None:
            return []
        unit, leaders = found
        return [action(f"loose:{unit}:{lid}", "aw.act.loose_join", "6.6.2", piece=unit, leader=lid,
                       area=frame["area"]) for lid in leaders]

    def prompt(self, ctx: Ctx, frame: dict[str, Any], actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.loose_join", "params": {"country": actor, "area": frame["area"]}}

    def explain(self, ctx: Ctx, frame: dict[str, Any], actor: str, action_id: str) -> tuple[str, str]:
        return ("the single unit joins one of your leaders here who has room for it", "6.6.2")

    def apply(self, ctx: Ctx, frame: dict[str, Any], actor: str, act: Action) -> None:
        from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged

        unit, lid = act["params"]["piece"], act["params"]["leader"]
        _room_shows(ctx, lid, unit)
        ctx.piece(unit)["army"] = lid
        log_fogged(ctx, "aw.loose_joined", "6.6.2", [unit, lid], country=actor, piece=unit, leader=lid,
                   area=frame["area"])
        # 9.5: whether the owner is asked again for the next single unit (or the unit joins the one leader
        # with room) shows the room left in the armies, which may hang on their hidden make-up: weigh it as
        # shown (found by fuzz, Rise and Fall seed 76097168075854)
        loose_choice(ctx, frame["area"], frame["c"], show=True)


def _room_shows(ctx: Ctx, lid: str, unit: str) -> None:
    """9.5: whether a fogged army has room for one more unit can depend on its hidden make-up (regulars and
    mercenaries count apart, 6.6.2) when its size alone does not settle it; the unit joining the stack or
    standing beside it shows that on the map: count a reveal."""
    units = army_units(ctx, lid)
    cmd = command(ctx, lid)
    if units and cmd < len(units) + 1 and len(units) < 2 * cmd and ctx.owner(unit) == ctx.piece(lid)["nation"] \
            and fogged(ctx) and ctx.on_map(ctx.piece(lid)["loc"]):
        ctx.reveal()


def divide_choice(ctx: Ctx, loc: str, cid: str) -> tuple[str, list[str]] | None:
    """6.6.2: when an area with several leaders but no army group is attacked, the units are divided so that
    each leader has at least one unit (the owner's choice). The first leader of `cid` there without units
    and the units that may join him: single units of his country first, then units of armies that keep one
    (the largest army's last unit in id order first: the default); None when every leader has a unit."""
    pieces = [p for p in land_pieces_at(ctx, loc, False) if ctx.owner(p) == cid]
    for lid in leaders_in(ctx, pieces):
        if ctx.piece(lid)["nation"] != cid or army_units(ctx, lid) or group_of(ctx, lid):
            continue
        options = [u for u in units_in(ctx, pieces) if ctx.piece(u).get("army") is None
                   and can_join_army(ctx, lid, u)]
        donors = sorted((lead for lead in leaders_in(ctx, pieces) if len(army_units(ctx, lead)) > 1
                         and not group_of(ctx, lead)), key=lambda lead: (-len(army_units(ctx, lead)), lead))
        for donor in donors:
            options += [u for u in sorted(army_units(ctx, donor), reverse=True)
                        if u not in options and can_join_army(ctx, lid, u)]
        if options:
            return lid, options
    return None


def divide_units(ctx: Ctx, loc: str, cid: str) -> None:
    """6.6.2 without a player to ask: each leader without units takes the default unit of
    :func:`divide_choice` (a single unit of his country, else the last unit of the largest army)."""
    for _ in range(64):
        found = divide_choice(ctx, loc, cid)
        if found is None:
            return
        ctx.piece(found[1][0])["army"] = found[0]


def all_forces_of(ctx: Ctx, cid: str, where: Callable[[str], bool] | None = None) -> list[Force]:
    """Every force on the map whose commander (or single unit) belongs to `cid`, in area order (with `where`
    only those in the areas it accepts, the others not built at all)."""
    if where is not None:
        return _all_forces_of(ctx, cid, where)
    if ctx.cache is not None:
        return list(ctx.memoised(("forces_of", cid), _all_forces_of, cid))
    return _all_forces_of(ctx, cid)


def _all_forces_of(ctx: Ctx, cid: str, where: Callable[[str], bool] | None = None) -> list[Force]:
    # only areas holding land pieces of `cid`: a multinational army group always includes some of them
    pieces = ctx.s["pieces"]
    areas = ctx.c.areas
    mine = map(pieces.__getitem__, pieces_by_owner(ctx).get(cid, ())) if ctx.cache is not None \
        else (p for p in pieces.values() if (p.get("hired") or p["nation"]) == cid)
    locs = sorted({p["loc"] for p in mine if p["kind"] in LAND_KINDS and p["loc"] in areas})
    out = []
    for loc in locs:
        if where is not None and not where(loc):
            continue
        for f in forces_at(ctx, loc):
            if cid in f["countries"]:
                out.append(f)
    return out


# --- the record's life cycle ------------------------------------------------------------------------
def _reset(ctx: Ctx, frame: dict[str, Any]) -> None:
    """A fresh record at the start of every impulse; Used markers are removed at its end (6.6.9). Armies
    and army groups are checked too (a king may have left the map in the Interphase, 10.3)."""
    ctx.s["land"] = fresh_land()
    normalize(ctx)


HOOKS.add_impulse_start(0, "land record", _reset)
HOOKS.add_impulse_end(99, "6.6.9 used markers", _reset)
