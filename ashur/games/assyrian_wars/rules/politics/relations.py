"""War and peace between countries (6.9, 7.4.2, 7.4.3, 7.4.6, 8.1, 10.4.f): the explicit wars, the reason
each one exists, and what follows whenever the set of enemies changes.

``state["wars"]`` holds the explicit wars as sorted pairs; ``state["war_cause"]`` maps a pair key
(``"a|b"``) to the keys of the declarations it comes from. A declaration of war on a power is also one
on its allied minors and its camp (7.4.2): those pairs carry the declaration's key as their cause, so a
peace between the two principals ends them too, and a minor whose alliance ends leaves the wars it
fought only for its ally (7.4.3). Wars between the camps are not stored: the camps are at war (glossary
"Camp", :meth:`Ctx.at_war`).

Every political change runs inside :func:`change`: the enemies before and after are compared and the
consequences follow at once — activation of an attacked minor (6.17), its player (7.4.5), relocations
out of a new enemy's territory (7.4.2, 10.4.f), relocations out of a country now at peace below march
status (7.4.1, 8.1), sieges lifted by peace, and inactive minors no longer at war (3.4).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import HOOKS

Pair = tuple[str, str]
#: kinds of countries that take part in wars (nomad mercenaries have no diplomatic status, 10.1)
PARTIES = ("power", "minor", "minor_city", "nomad")


def key(a: str, b: str) -> str:
    """The key of a pair of countries, independent of order."""
    return "|".join(sorted((a, b)))


def _causes(ctx: Ctx) -> dict[str, list[str]]:
    return ctx.table("war_cause", {})  # type: ignore[no-any-return]


def explicit(ctx: Ctx, a: str, b: str) -> bool:
    """A declared (stored) war between `a` and `b`."""
    return sorted([a, b]) in ctx.s["wars"]


def add_war(ctx: Ctx, a: str, b: str, cause: str | None = None) -> bool:
    """Record a war between `a` and `b` caused by the declaration `cause` (its own key when direct)."""
    if a == b:
        return False
    pair = sorted([a, b])
    k = key(a, b)
    causes = _causes(ctx)
    if pair not in ctx.s["wars"]:
        causes[k] = []
        ctx.table("wars").append(pair)
        new = True
    else:
        new = False
        causes.setdefault(k, [k])
    c = cause or k
    if c not in causes[k]:
        causes[k].append(c)
    _war_box(ctx, a, b, add=True)
    return new


def _war_box(ctx: Ctx, a: str, b: str, *, add: bool) -> None:
    """7.4.2: a minor at war with a power has a marker (or a unit) in that power's War box."""
    for power, minor in ((a, b), (b, a)):
        d = ctx.diplo(minor)
        if d is None or not ctx.is_power(power) or not ctx.in_play(power):
            continue
        if add and power not in d["war"]:
            d["war"].append(power)
        elif not add and power in d["war"]:
            d["war"].remove(power)


def _drop(ctx: Ctx, pair: list[str]) -> None:
    ctx.table("wars").remove(pair)
    _causes(ctx).pop(key(*pair), None)
    _war_box(ctx, pair[0], pair[1], add=False)


def end_war(ctx: Ctx, a: str, b: str) -> list[Pair]:
    """End the war between `a` and `b` and every war that exists only because of it (7.4.3)."""
    k = key(a, b)
    causes = _causes(ctx)
    ended: list[Pair] = []
    for pair in sorted(ctx.s["wars"]):
        pk = key(*pair)
        cs = causes.get(pk) or [pk]
        if k not in cs:
            continue
        rest = [c for c in cs if c != k]
        if pk == k or not rest:
            _drop(ctx, pair)
            ended.append((pair[0], pair[1]))
        else:
            causes[pk] = rest
    return ended


def end_all_wars(ctx: Ctx, cid: str) -> None:
    """End every declared war of `cid` (a conquered minor, 7.4.3; an eliminated power, 7.1)."""
    for pair in sorted(ctx.s["wars"]):
        if cid in pair and pair in ctx.s["wars"]:
            end_war(ctx, pair[0], pair[1])


def alliance_joins_wars(ctx: Ctx, minor: str, power: str) -> None:
    """A minor (or nomad) allied to `power` is at war with the countries its power has declared war on or
    that declared war on it (7.4.2: a war on a power is a war on its allied minors; 10.4.f example)."""
    for pair in sorted(ctx.s["wars"]):
        if power in pair:
            other = pair[1] if pair[0] == power else pair[0]
            if other != minor and not ctx.allied(other, minor):
                add_war(ctx, minor, other, cause=key(*pair))


def alliance_leaves_wars(ctx: Ctx, minor: str, power: str) -> None:
    """7.4.3: wars a minor fought because of its alliance with `power` end with the alliance."""
    causes = _causes(ctx)
    for pair in sorted(ctx.s["wars"]):
        if minor not in pair:
            continue
        pk = key(*pair)
        cs = causes.get(pk) or [pk]
        rest = [c for c in cs if c == pk or power not in c.split("|")]
        if not rest:
            _drop(ctx, pair)
        else:
            causes[pk] = rest


# --- the consequences of a change of enemies -----------------------------------------------------
def parties(ctx: Ctx) -> list[str]:
    return [cid for cid in sorted(ctx.s["countries"]) if ctx.kind(cid) in PARTIES]


def snapshot(ctx: Ctx) -> set[Pair]:
    """Every pair of countries at war now (declared, between the camps, unallied nomads).

    The pairs for which :meth:`Ctx.at_war` holds, worked out with what it reads taken once per country (the
    same three tests: a declared war, an unallied nomad, opposite camps); ``test_snapshot_is_at_war`` checks
    that the two agree."""
    cids = parties(ctx)
    wars = {(w[0], w[1]) for w in ctx.s["wars"] if len(w) == 2}
    subs = ctx.s.get("substitutes", {})
    wild = {n for n in cids if ctx.kind(n) == "nomad" and ctx.ally_power(n) is None and n not in subs}
    camps = [ctx.camp(n) for n in cids]
    out: set[Pair] = set()
    for i, a in enumerate(cids):
        ca = camps[i]
        if a in wild:
            out.update((a, b) for b in cids[i + 1:])
            continue
        for j in range(i + 1, len(cids)):
            b = cids[j]
            if (a, b) in wars or b in wild:
                out.add((a, b))
                continue
            cb = camps[j]
            if ca is not None and cb is not None and ca != cb:
                out.add((a, b))
    return out


@contextmanager
def change(ctx: Ctx, rule: str) -> Iterator[None]:
    """Wrap a political change: afterwards apply what follows from the new wars and the new peaces.

    Nested changes settle once, at the outermost level (or earlier at a :func:`settle_point`)."""
    depth = getattr(ctx, "_politics_depth", 0)
    if depth == 0:
        ctx._politics_before = snapshot(ctx)  # type: ignore[attr-defined]
        ctx._politics_base = len(ctx.s["stack"])  # type: ignore[attr-defined]
    ctx._politics_depth = depth + 1  # type: ignore[attr-defined]
    try:
        yield
    finally:
        ctx._politics_depth = depth  # type: ignore[attr-defined]
    if depth == 0:
        settle(ctx, ctx._politics_before, rule)  # type: ignore[attr-defined]
        left = take_deferred(ctx)
        if left:
            coexistence(ctx, left, both=True)


def settle_point(ctx: Ctx, rule: str, *, coexist: bool = True) -> None:
    """Settle the changes made so far inside the current change (used between the reactions to a
    declaration of war: relocations come before the battles of 10.4.f). Without `coexist` the new enemies'
    pairs are kept for the battles of 10.4.f (:func:`take_deferred`): every pair, the camp partners' and
    allies' as well as the declaring pair's."""
    if getattr(ctx, "_politics_depth", 0) == 0:
        return
    new = settle(ctx, ctx._politics_before, rule, coexist=coexist)  # type: ignore[attr-defined]
    ctx._politics_before = snapshot(ctx)  # type: ignore[attr-defined]
    if not coexist:
        ctx._politics_deferred = [*getattr(ctx, "_politics_deferred", []), *new]  # type: ignore[attr-defined]


def take_deferred(ctx: Ctx) -> list[Pair]:
    """The new enemies settled without their 10.4.f battles since the last call (:func:`settle_point`)."""
    pairs: list[Pair] = getattr(ctx, "_politics_deferred", [])
    ctx._politics_deferred = []  # type: ignore[attr-defined]
    return pairs


def settle(ctx: Ctx, before: set[Pair], rule: str, *, coexist: bool = True) -> list[Pair]:
    """The consequences of a change of enemies (see the module docstring); the new pairs of enemies."""
    from ashur.games.assyrian_wars.rules.politics import minors, relocation

    after = snapshot(ctx)
    new = sorted(after - before)
    ended = sorted(before - after)
    for a, b in ended:
        if _worth_logging(ctx, a, b):
            ctx.log("aw.war_ended", rule, a=a, b=b)
    for a, b in new:
        if _worth_logging(ctx, a, b):
            ctx.log("aw.now_at_war", rule, a=a, b=b)
    passages = ctx.s.get("free_passage", [])
    for pair in list(passages):
        if ctx.at_war(pair[0], pair[1]):
            passages.remove(pair)
            ctx.log("aw.free_passage_ended", "6.9", a=pair[0], b=pair[1])
    # 6.17: a minor attacked (a declared war) is activated; 7.4.5: who plays it
    for a, b in new:
        for x in (a, b):
            if ctx.is_minor(x) and explicit(ctx, a, b) and not ctx.active(x):
                minors.activate(ctx, x, "6.17")
    from ashur.games.assyrian_wars.rules.base.control import minor_control

    for cid in parties(ctx):
        if ctx.is_minor(cid) and ctx.active(cid) and ctx.ally_power(cid) is None \
                and any(cid in w for w in ctx.s["wars"]) and ctx.s["control"].get(cid) is None:
            minor_control(ctx, cid)
    # 7.4.2 / 10.4.f: new enemies leave each other's territory; the owner of the area stays
    for a, b in new:
        relocation.leave_enemy_territory(ctx, a, b, rule)
    # 7.4.1 / 8.1: forces in a country now at peace below march status (or in a city of a non-ally)
    relocation.enforce_territory(ctx, rule)
    lift_sieges(ctx, rule)
    # 3.4: an unallied minor without a war is inactive
    for cid in parties(ctx):
        if ctx.is_minor(cid) and ctx.active(cid) and ctx.ally_power(cid) is None \
                and not any(cid in w for w in ctx.s["wars"]):
            minors.deactivate(ctx, cid, "3.4")
    if coexist:
        coexistence(ctx, new)
    return new


def _worth_logging(ctx: Ctx, a: str, b: str) -> bool:
    """Wars worth a log entry: between a power and an active country or a minor city."""
    return any(ctx.is_power(x) and (ctx.active(y) or ctx.is_minor_city(y)) for x, y in ((a, b), (b, a)))


def lift_sieges(ctx: Ctx, rule: str) -> None:
    """A siege ends when its besieger is no longer at war with the holder of the city (7.4.3, 8.1)."""
    from ashur.games.assyrian_wars.rules.course.economy import city_control

    for aid in sorted(ctx.s["sieges"]):
        siege = ctx.s["sieges"][aid]
        holder = city_control(ctx, aid)
        besieger = siege.get("besieger")
        if holder is not None and besieger is not None and not ctx.at_war(besieger, holder):
            del ctx.s["sieges"][aid]
            ctx.log("aw.siege_lifted_by_peace", rule, area=aid, besieger=besieger, holder=holder)


def coexistence(ctx: Ctx, new: list[Pair], *, both: bool = False) -> None:
    """10.4.f: new enemies whose forces share an area that neither must leave fight a battle there at
    once, whatever made them enemies (a declaration, an alliance, a camp change); the first of the pair
    (the side whose act started the war) attacks. The battles come after the relocations of the same
    change: the step that starts them goes beneath every frame the change pushed (relocation choices)."""
    if not new:
        return
    frame: dict[str, Any] = {"step": "coexistence_battles", "pairs": [list(p) for p in new]}
    if both:
        frame["both"] = True  # pairs a declaration made enemies besides its own: both must stand there
    stack = ctx.s["stack"]
    base = getattr(ctx, "_politics_base", None)
    if base is None or base > len(stack):
        stack.append(frame)
    else:
        stack.insert(base, frame)


def supply_source(ctx: Ctx, cid: str, for_country: str) -> bool:
    """8.2: a country that has joined the war (a camp member, or in a declared war) is a supply source for
    its own forces and for those of its allies."""
    if not ctx.active(cid) or ctx.s.get("eliminated", {}).get(cid):
        return False
    in_war = ctx.camp(cid) is not None or any(cid in pair for pair in ctx.s["wars"])
    return in_war and (cid == for_country or ctx.allied(cid, for_country))


def principal(ctx: Ctx, cid: str) -> str:
    """The power a minor, minor city or nomad is allied to, or the country itself."""
    if ctx.is_power(cid):
        return cid
    return ctx.ally_power(cid) or cid


def side_of(ctx: Ctx, cid: str) -> list[str]:
    """A country and the minors, minor cities and nomads allied to it (a power's side)."""
    out = [cid]
    if ctx.is_power(cid):
        out += [m for m in sorted(ctx.s["diplo"]) if ctx.ally_power(m) == cid]
    return out


# 6.17: minors.py (below this module) reaches the battles of new enemies through the registry.
HOOKS.provide("politics.coexistence", coexistence)
# course/tribute.py (below this module) ends wars by tribute peace (5.2.3) as a political change
HOOKS.provide("politics.change", change)
