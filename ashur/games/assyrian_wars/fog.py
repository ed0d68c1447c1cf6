"""Fog of war (9.5): what a role sees of the stacks it does not play, and the scrambler that proves it.

Stacks: an army group (its commander on top, its armies on the card), an army (its leader on top), and
the other pieces of one country in one place (inside or outside a city), at most 10 to a stack (9.5).
The top piece of a stack is its best leader, else its strongest unit. A role sees every piece of the
countries it plays; of any other stack only the top piece and the number of pieces (decision: stacks of
countries the role does not play are hidden, not only those of enemies). Pieces taking part in a battle
being fought are shown (they are revealed for the battle).
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from ashur.core import statedata
from ashur.games.assyrian_wars.ctx import OFF_MAP_PREFIXES, Ctx
from ashur.games.assyrian_wars.rules.base.forces import army_units, groups
from ashur.games.assyrian_wars.rules.base.secrecy import fogged, revealed
from ashur.games.assyrian_wars.rules.base.units import is_leader, ratings

MAX_STACK = 10
STACK_KINDS = ("unit", "merc", "leader", "king", "ship")
_STACK_KINDS = frozenset(STACK_KINDS)


_STRENGTHS: dict[int, dict[str, tuple[int, int]]] = {}


def _strengths(content: Any) -> dict[str, tuple[int, int]]:
    """Counter id -> (front, reduced) combat factor of every unit, mercenary and ship, once per content."""
    table = _STRENGTHS.get(id(content))
    if table is None:
        table = {}
        for group in (content.units, content.mercenary_units, content.ships):
            for pid, sp in group.items():
                table[pid] = (int(sp.front), int(sp.reduced))
        _STRENGTHS[id(content)] = table
    return table


def _top(ctx: Ctx, pieces: list[str]) -> str:
    """The piece shown on top of a stack: its best leader (action, then command rating), else its strongest
    unit; ties by piece id."""
    if len(pieces) == 1:
        return pieces[0]
    state_pieces = ctx.s["pieces"]
    leaders = [p for p in pieces if state_pieces[p]["kind"] in ("leader", "king")]
    if leaders:
        if len(leaders) == 1:
            return leaders[0]
        return min((-a, -c, p) for p in leaders for a, c in (ratings(ctx, p),))[2]
    table = _strengths(ctx.c)
    return min((-table[p][1 if state_pieces[p]["red"] else 0], p) for p in pieces)[1]


def stacks(ctx: Ctx) -> list[dict[str, Any]]:
    """Every stack on the map: ``{loc, city, owner, kind, top, pieces}`` (kind ``group``, ``army``, ``loose``).

    The same for every role, so a frozen Ctx (one state) computes it once for all the views of that state.
    Callers must not change the result."""
    return _stacks_owned(ctx)[0]


def _stack_owners(ctx: Ctx) -> list[frozenset[str]]:
    """The owners of the pieces of each stack of :func:`stacks` (one, but for allied armies in a group)."""
    return _stacks_owned(ctx)[1]


def _stacks_owned(ctx: Ctx) -> tuple[list[dict[str, Any]], list[frozenset[str]]]:
    """:func:`stacks` and :func:`_stack_owners`, made together in one pass, once per frozen Ctx."""
    cache = ctx.cache
    if cache is not None:
        found = cache.get("fog.stacks")
        if found is None:
            found = cache["fog.stacks"] = _stacks_kept(ctx)
        return found
    return _stacks(ctx)


Place = tuple[tuple[str, ...], list[dict[str, Any]], list[frozenset[str]]]
"""The stacks of one location: the ids of its pieces that are in no army group, its stacks (by inside the
city or not, then owner) and their owners."""


class StackCache:
    """The stacks of one state, location by location, for the next states to reuse (issue 12): a later
    state recomputes only the locations of the pieces its actions changed, all of them when the army groups
    changed. ``Ctx.piece`` hands out every record that may be changed, and most are only read: a copy of the
    record of each piece kept in a place (``rec_of``) tells the changed ones apart. A king is recomputed
    whenever it is touched (its ratings depend on more than its record, 2.1.2)."""

    __slots__ = ("groups", "places", "rec_of")

    def __init__(self, groups: bytes, places: dict[str, Place], rec_of: dict[str, dict[str, Any]]) -> None:
        self.groups = groups
        self.places = places
        self.rec_of = rec_of


def _stacks_kept(ctx: Ctx) -> tuple[list[dict[str, Any]], list[frozenset[str]]]:
    """:func:`_stacks` from the :class:`StackCache` of an earlier state when the engine left one
    (``memo["stacks_base"]``: that cache and the pieces touched since), keeping this state's own cache in
    ``memo["stacks_cache"]``. With ``statedata.STRICT`` (tests, fuzzer) every result is checked against a
    computation from scratch."""
    memo = getattr(ctx.s, "memo", None)
    out, owned, done, in_group = _group_stacks(ctx)
    gkey = orjson.dumps(groups(ctx), option=orjson.OPT_SORT_KEYS)
    at = ctx._at if ctx._at is not None else ctx._index()
    base = memo.get("stacks_base") if memo is not None else None
    pieces = ctx.s["pieces"]
    if base is not None and base[0].groups == gkey:
        prev, touched = base
        places = dict(prev.places)
        rec_of = dict(prev.rec_of)
        dirty: set[str] = set()
        for pid in touched:
            p = pieces[pid]
            old = rec_of.get(pid)
            if old is None:
                if _on_map(p["loc"]):
                    dirty.add(p["loc"])
            elif old != p or p["kind"] == "king":
                dirty.add(p["loc"])
                dirty.add(old["loc"])
        for loc in dirty:
            old_place = places.pop(loc, None)
            if old_place is not None:
                for pid in old_place[0]:
                    found = rec_of.get(pid)
                    if found is not None and found["loc"] == loc:
                        del rec_of[pid]
            place = _place(ctx, loc, at.get(loc), done, in_group)
            if place is not None:
                places[loc] = place
                for pid in place[0]:
                    rec_of[pid] = dict(pieces[pid])
    else:
        places, rec_of = {}, {}
        for loc, pids in at.items():
            place = _place(ctx, loc, pids, done, in_group)
            if place is not None:
                places[loc] = place
                for pid in place[0]:
                    rec_of[pid] = dict(pieces[pid])
    for loc in sorted(places):
        place = places[loc]
        out.extend(place[1])
        owned.extend(place[2])
    if memo is not None:
        memo["stacks_cache"] = StackCache(gkey, places, rec_of)
    if statedata.STRICT:
        full = _stacks(ctx)
        assert (out, owned) == full, "fog: the stacks kept from an earlier state differ from the state's own"
    return out, owned


def _group_stacks(ctx: Ctx) -> tuple[list[dict[str, Any]], list[frozenset[str]], set[str], set[str]]:
    """The stacks of the army groups (their members, the armies on the card, form one stack wherever they
    stand) with their owners, the pieces in them and the leaders of their armies."""
    pieces = ctx.s["pieces"]
    out: list[dict[str, Any]] = []
    owned: list[frozenset[str]] = []
    done: set[str] = set()
    in_group: set[str] = set()
    for gid, g in sorted(groups(ctx).items()):
        members = [m for lid in g["armies"] for m in [lid, *army_units(ctx, lid)]]
        cmd = pieces[g["commander"]]
        out.append({"loc": cmd["loc"], "city": bool(cmd["city"]), "owner": cmd["nation"], "kind": "group",
                    "top": g["commander"], "pieces": sorted(members), "group": gid})
        owned.append(frozenset(ctx.owner(p) for p in members))
        done.update(members)
        in_group.update(g["armies"])
    return out, owned, done, in_group


def _on_map(loc: str) -> bool:
    """Whether pieces at `loc` stand on the map (stacks are made there only)."""
    return loc != "setup" and not loc.startswith(OFF_MAP_PREFIXES)


def _place(ctx: Ctx, loc: str, pids: list[str] | None, done: set[str], in_group: set[str]) -> Place | None:
    """The stacks of the pieces at `loc` outside the army groups (None off the map or where there are none):
    per place (inside the city or not, owner) its pieces in id order (the location index keeps them sorted),
    armies first, then the loose pieces by tens."""
    if not pids or not _on_map(loc):
        return None
    pieces = ctx.s["pieces"]
    kinds = _STACK_KINDS
    by_place: dict[tuple[bool, str], list[str]] = {}
    kept: list[str] = []
    for pid in pids:
        if pid in done:
            continue
        p = pieces[pid]
        if p["kind"] in kinds:
            kept.append(pid)
            key = (bool(p["city"]), p.get("hired") or p["nation"])
            found = by_place.get(key)
            if found is None:
                by_place[key] = [pid]
            else:
                found.append(pid)
    if not kept:
        return None
    stacks: list[dict[str, Any]] = []
    owners: list[frozenset[str]] = []
    for (city, owner), rest in sorted(by_place.items()):
        mine = frozenset((owner,))
        armies: dict[str, list[str]] = {}
        leaders: list[str] = []
        for pid in rest:
            p = pieces[pid]
            kind = p["kind"]
            if kind == "leader" or kind == "king":
                if pid not in in_group:
                    leaders.append(pid)
            elif (kind == "unit" or kind == "merc") and p.get("army"):
                armies.setdefault(p["army"], []).append(pid)
        if armies:
            marched: set[str] = set()
            for lid in leaders:
                units = armies.get(lid)
                if units:
                    members = sorted([lid, *units])
                    stacks.append({"loc": loc, "city": city, "owner": owner, "kind": "army", "top": lid,
                                   "pieces": members})
                    owners.append(mine)
                    marched.update(members)
            if marched:
                rest = [p for p in rest if p not in marched]
        for i in range(0, len(rest), MAX_STACK):
            chunk = rest[i:i + MAX_STACK]
            stacks.append({"loc": loc, "city": city, "owner": owner, "kind": "loose", "top": _top(ctx, chunk),
                           "pieces": chunk})
            owners.append(mine)
    return tuple(kept), stacks, owners


def _stacks(ctx: Ctx) -> tuple[list[dict[str, Any]], list[frozenset[str]]]:
    """The stacks of a state from scratch (no earlier state's cache): the army groups, then every
    location's :func:`_place` in location order."""
    out, owned, done, in_group = _group_stacks(ctx)
    at = ctx._at if ctx._at is not None else ctx._index()
    for loc in sorted(at):
        place = _place(ctx, loc, at[loc], done, in_group)
        if place is not None:
            out.extend(place[1])
            owned.extend(place[2])
    return out, owned


def fog_plan(ctx: Ctx, mine: set[str]) -> tuple[set[str], set[str], list[dict[str, Any]]] | None:
    """9.5 for one role: the pieces of other countries' stacks it may not see (every one but the top), the
    tops whose ship it may not see (``aboard``), and the stacks it sees as a top piece and a count; None
    without fog of war. Made before the view copies any piece, so hidden pieces are never copied."""
    if not fogged(ctx):
        return None
    shown = revealed(ctx)
    hidden_stacks = []
    drop: set[str] = set()
    tops: set[str] = set()
    owner = ctx.owner
    all_stacks, all_owners = _stacks_owned(ctx)
    for st, owners in zip(all_stacks, all_owners, strict=True):
        if owners <= mine:
            continue
        hide = [p for p in st["pieces"] if p not in shown and (len(owners) == 1 or owner(p) not in mine)]
        if not hide:
            continue
        top = st["top"]
        for pid in hide:
            if pid != top:
                drop.add(pid)
            else:
                tops.add(pid)
        hidden_stacks.append({"loc": st["loc"], "city": st["city"], "owner": st["owner"], "top": top,
                              "count": len(st["pieces"])})
    return drop, tops, hidden_stacks


def apply_fog(ctx: Ctx, view: dict[str, Any], mine: set[str],
              plan: tuple[set[str], set[str], list[dict[str, Any]]] | None = None) -> None:
    """9.5: replace the pieces of other countries' stacks by their top pieces and a count (`plan`: the
    role's :func:`fog_plan` when the caller made it already and left the hidden pieces out)."""
    if plan is None:
        plan = fog_plan(ctx, mine)
        if plan is None:
            return
    drop, tops, hidden_stacks = plan
    pieces = view["pieces"]
    for pid in drop:
        pieces.pop(pid, None)
    for pid in tops:
        if "aboard" in pieces.get(pid, {}):
            # which ship carries a fogged piece is hidden too (only the stack's top and count show)
            pieces[pid] = {k: v for k, v in pieces[pid].items() if k != "aboard"}
    view["stacks"] = hidden_stacks
    view["groups"] = {gid: ({**g} if g["owner"] in mine else {"owner": g["owner"], "commander": g["commander"],
                                                               "card": g["card"]})
                      for gid, g in sorted(groups(ctx).items())}






def _protected(ctx: Ctx) -> set[str]:
    """Piece ids the rules refer to from frames or the impulse record: never scrambled."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x in ctx.s["pieces"]:
                out.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(ctx.s["stack"])
    walk(ctx.s.get("land") or {})
    return out


def scramble_fog(ctx: Ctx, mine: set[str], r: random.Random) -> None:
    """Change at random what 9.5 hides: which hidden units march in which hidden army of their country, and
    their sides (tops and counts stay the same); and which ship carries which hidden piece aboard."""
    if not fogged(ctx):
        return
    keep = _protected(ctx) | revealed(ctx)
    by_owner: dict[str, list[str]] = {}
    for st in stacks(ctx):
        if st["kind"] == "loose":
            continue
        for pid in st["pieces"]:
            owner = ctx.owner(pid)
            if owner not in mine and not is_leader(ctx, pid) and pid not in keep \
                    and ctx.piece(pid)["kind"] in ("unit", "merc"):
                by_owner.setdefault(owner, []).append(pid)
    for owner in sorted(by_owner):
        units = sorted(by_owner[owner])
        slots = [(ctx.piece(u)["loc"], ctx.piece(u)["city"], ctx.piece(u)["army"], ctx.piece(u).get("aboard"))
                 for u in units]
        slots.sort(key=str)  # canonical: who stood where must not shape the outcome (ISMCTS determinizations)
        r.shuffle(units)
        for u, (loc, city, army, aboard) in zip(units, slots, strict=True):
            ctx.move_piece(u, loc)
            ctx.piece(u)["city"] = city
            ctx.piece(u)["army"] = army
            ctx.piece(u).pop("aboard", None)
            if aboard is not None:
                ctx.piece(u)["aboard"] = aboard
            ctx.piece(u)["red"] = r.random() < 0.5
    _scramble_cargo(ctx, mine, keep, r)


def _scramble_cargo(ctx: Ctx, mine: set[str], keep: set[str], r: random.Random) -> None:
    """Shuffle the ships that carry the hidden pieces of one country in one sea zone (not the tops)."""
    tops = {st["top"] for st in stacks(ctx)}
    by_place: dict[tuple[str, str], list[str]] = {}
    for pid, p in sorted(ctx.s["pieces"].items()):
        if p.get("aboard") and ctx.owner(pid) not in mine and pid not in keep and pid not in tops:
            by_place.setdefault((p["loc"], ctx.owner(pid)), []).append(pid)
    for place in sorted(by_place):
        pids = by_place[place]
        ships = sorted((ctx.piece(p)["aboard"] for p in pids), key=str)
        r.shuffle(ships)
        for p, ship in zip(pids, ships, strict=True):
            ctx.piece(p)["aboard"] = ship


def side_hidden(ctx: Ctx, c: str) -> bool:
    """9.5: whether a stack on the map hides a piece of `c`'s side from the others: a stack of two or more
    pieces (the others see its top and its size only) holding a piece of `c`, of a country played by the
    same role, or of a minor or nomad allied to `c`, not every piece of it shown in a battle being fought."""
    if not fogged(ctx):
        return False
    from ashur.games.assyrian_wars.rules.base.players import countries_of_role, role_of

    role = role_of(ctx, c)
    side = {c} | (countries_of_role(ctx, role) if role is not None else set())
    shown = revealed(ctx)
    owner = ctx.owner
    for st in stacks(ctx):
        pids = st["pieces"]
        if len(pids) < 2 or all(p in shown for p in pids):
            continue
        for p in pids:
            o = owner(p)
            if o in side or ((ctx.is_minor(o) or ctx.is_nomad(o)) and ctx.ally_power(o) == c):
                return True
    return False


def names_piece(ctx: Ctx, act: dict[str, Any]) -> bool:
    """Whether an action is a choice among pieces: its id or a parameter of its label names a piece."""
    pieces = ctx.s["pieces"]
    if any(part in pieces for part in act["id"].split(":")):
        return True
    return any(isinstance(v, str) and v in pieces for v in (act.get("params") or {}).values())


def lone_piece_public(ctx: Ctx, c: str, act: dict[str, Any]) -> bool:
    """Issue 14 with 9.5: a lone choice among pieces (a unit, a leader, a force) given to `c` is public only
    when nothing of `c`'s side is hidden on the map. Which pieces of a country are candidates (a unit that
    may raid, be rebuilt, be picked up, take a loss) turns on their kind, side and place, and a stack shows
    its top and its size only: were a candidate hidden below a top, or the lone one the only one because
    of what lies hidden, answering it unasked would tell the others what the stack holds."""
    return not (fogged(ctx) and names_piece(ctx, act) and side_hidden(ctx, c))
