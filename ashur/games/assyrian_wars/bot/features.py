"""What a role's view tells the heuristic bot (issue 17): never the state, only ``view(state, role)``.

Own and enemy cities, the visible stacks and their strength (a fogged stack's unseen pieces, 9.5, count at
the average strength of their country's counters: the counter mix is public content), VP, ECO, sieges,
wars, the trade boxes and the APs left in the impulse. Distances are land steps over the map's connections
(1.3), computed once per area from the public content.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

LAND = ("unit", "merc", "leader", "king")


_BOUND: list[Any] = []


def bind(content: Any) -> None:
    """Use `content` (the game's public data: map, counters) for the questions below; the game module binds
    it before ranking (this package does not import the game module: no import circle)."""
    if not _BOUND or _BOUND[0] is not content:
        _BOUND[:] = [content]
        distances.cache_clear()
        sea_distances.cache_clear()
        average_strength.cache_clear()
        kinds.cache_clear()


def _content() -> Any:
    if not _BOUND:
        raise RuntimeError("bot.features: no content bound (call bind(content) first)")
    return _BOUND[0]


@lru_cache(maxsize=512)
def distances(source: str) -> dict[str, int]:
    """Land steps from `source` to every area reachable over the connections (1.3), ignoring terrain costs."""
    c = _content()
    out = {source: 0}
    todo = deque([source])
    while todo:
        a = todo.popleft()
        for b, _kind in c.neighbors(a):
            if b not in out:
                out[b] = out[a] + 1
                todo.append(b)
    return out


@lru_cache(maxsize=64)
def sea_distances(source: str) -> dict[str, int]:
    """Steps of a fleet from the sea zone `source` to every coastal zone it can reach (6.16.b: ½ AP each; the
    open sea is crossed only through a Trade Box, 1.3, which is not counted here)."""
    c = _content()
    if source not in c.sea_zones:
        return {}
    out = {source: 0}
    todo = deque([source])
    while todo:
        z = todo.popleft()
        for nxt in c.sea_neighbors(z):
            if nxt not in out:
                out[nxt] = out[z] + 1
                todo.append(nxt)
    return out


@lru_cache(maxsize=64)
def average_strength(country: str) -> float:
    """The mean full strength of a country's unit counters (a mercenary's when it has none): what an unseen
    piece of a fogged stack is taken to be."""
    c = _content()
    fronts = [sp.front for sp in c.units.values() if sp.nation == country]
    if not fronts:
        fronts = [sp.front for sp in c.mercenary_units.values()]
    return sum(fronts) / len(fronts) if fronts else 2.0


def piece_strength(pid: str, red: bool) -> float:
    """A unit's combat factor on its present side (content values); leaders and kings count 0 here (their
    ratings lead, they do not fight, 6.7)."""
    c = _content()
    sp = c.units.get(pid) or c.mercenary_units.get(pid)
    if sp is None:
        return 0.0
    return float(sp.reduced if red else sp.front)


def city_value(aid: str, garrison_units: int = 0) -> float:
    """The VPs taking the city of `aid` gives (8.3, as the siege rules count them: level 3+ 1 VP, a strength-4
    fortress 3, Nineveh 4, a capital one more, a garrison of 5+ one more), plus its printed ECO (income,
    5.1). Zero for an area without a city."""
    area = _content().areas.get(aid)
    if area is None or area.city is None:
        return 0.0
    city = area.city
    if area.nation == "assyria" and city.capital:
        vp = 4
    elif city.fortress and city.defence >= 4:
        vp = 3
    elif city.defence >= 3 or garrison_units >= 1:
        vp = 1
    else:
        vp = 0
    if garrison_units >= 5:
        vp += 1
    if city.capital:
        vp += 1
    return float(vp + city.eco)


def city_defence(aid: str) -> int:
    area = _content().areas.get(aid)
    return int(area.city.defence) if area is not None and area.city is not None else 0


@dataclass
class Features:
    """The facts of one view the ranking reads."""

    actor: str
    mine: set[str]
    enemies: set[str]
    vp: dict[str, int]
    eco: dict[str, int]
    ap_left: float
    #: (area, inside the city) -> owner -> strength (seen pieces at their factor, unseen ones at the average)
    strength: dict[tuple[str, bool], dict[str, float]] = field(default_factory=dict)
    #: (area, inside the city) -> owner -> number of land units (leaders not counted)
    units: dict[tuple[str, bool], dict[str, int]] = field(default_factory=dict)
    control: dict[str, str | None] = field(default_factory=dict)
    sieges: dict[str, dict[str, Any]] = field(default_factory=dict)
    trade: dict[str, dict[str, int]] = field(default_factory=dict)
    hand_ap: dict[int, int] = field(default_factory=dict)
    targets: dict[str, float] = field(default_factory=dict)
    #: the power that scores the actor's VPs (the actor, or the power of the role playing a minor or tribe)
    power: str = ""
    #: tribute (check) refusers Assyria must punish this turn (5.2.1 black marker, 7.4.4, 8.3.1)
    refusers: set[str] = field(default_factory=set)
    #: area -> VPs a victory over the enemy field force there is worth (8.3: its size band, a tribe's last
    #: units, a refuser punished)
    field_vp: dict[str, float] = field(default_factory=dict)
    #: each power's trade points as the next Interphase would count them (7.3.3)
    trade_points: dict[str, float] = field(default_factory=dict)
    def force(self, area: str, owners: set[str], *, city: bool | None = False) -> float:
        """The strength of `owners`' land pieces at `area` (outside the city, inside, or both: None)."""
        total = 0.0
        for inside in ((False, True) if city is None else (city,)):
            for owner, s in self.strength.get((area, inside), {}).items():
                if owner in owners:
                    total += s
        return total

    def count(self, area: str, owners: set[str], *, city: bool) -> int:
        return sum(n for o, n in self.units.get((area, city), {}).items() if o in owners)

    def own(self, area: str, *, city: bool | None = False) -> float:
        return self.force(area, self.mine | {self.actor}, city=city)

    def hostile(self, area: str, *, city: bool | None = False) -> float:
        return self.force(area, self.enemies, city=city)

    def total(self, owners: set[str]) -> float:
        return sum(s for per in self.strength.values() for o, s in per.items() if o in owners)

    def target_pull(self, area: str, strength: float, field_value: float = 0.0,
                    field_ratio: float = 1.3) -> tuple[float, str]:
        """How much a force of `strength` at `area` gains by heading for the best target it can hope to
        take: an enemy city's value over (1 + distance), zero for cities it could not besiege with its
        strength; with `field_value` > 0 also an enemy field force worth VPs (:attr:`field_vp`, times
        `field_value`) that the force outmatches `field_ratio` times."""
        best, where = 0.0, ""
        dist = distances(area)
        for aid, value in self.targets.items():
            d = dist.get(aid)
            if d is None:
                continue
            defence = self.hostile(aid, city=True) + self.hostile(aid, city=False) + city_defence(aid)
            if strength < 0.5 * defence:
                continue
            pull = value / (1.0 + d)
            if pull > best:
                best, where = pull, aid
        if field_value > 0:
            for aid, vp in self.field_vp.items():
                d = dist.get(aid)
                if d is None or d == 0 or strength < field_ratio * self.hostile(aid):
                    continue
                pull = field_value * vp / (1.0 + d)
                if pull > best:
                    best, where = pull, aid
        return best, where


@lru_cache(maxsize=1)
def kinds() -> dict[str, str]:
    """Country id -> kind (power, minor, minor_city, nomad) from the public content."""
    return {cid: str(n.kind) for cid, n in _content().nations.items()}


def ally_power(view: dict[str, Any], cid: str, kind: dict[str, str]) -> str | None:
    """The power `cid` (a minor, minor city or nomad) is allied to, read from the public diplomatic track
    (6.9: alliance at 13-15; a minor city by its pact)."""
    d = (view.get("diplo") or {}).get(cid)
    if not d or d.get("power") is None:
        return None
    if kind.get(cid) == "minor_city":
        return str(d["power"]) if d.get("pact") else None
    return str(d["power"]) if int(d.get("value") or 0) >= 13 else None


def camp_of(view: dict[str, Any], cid: str, kind: dict[str, str]) -> str | None:
    """1.1 G: a power's own camp, or the camp of the power a minor is allied to."""
    countries = view.get("countries") or {}
    if kind.get(cid) == "power":
        return (countries.get(cid) or {}).get("camp")
    ally = ally_power(view, cid, kind)
    return (countries.get(ally) or {}).get("camp") if ally else None


def enemies_of(view: dict[str, Any], actor: str) -> set[str]:
    """The countries at war with `actor` as the rules count them (glossary "Camp"), from public facts only:
    a declared war (the view's ``wars``), a member of the opposite camp (a power in it or a minor allied to
    one), or a nomad tribe allied to no power (10.1)."""
    kind = kinds()
    out: set[str] = set()
    for a, b in view.get("wars") or []:
        if a == actor:
            out.add(str(b))
        elif b == actor:
            out.add(str(a))
    mine = camp_of(view, actor, kind)
    actor_nomad_free = kind.get(actor) == "nomad" and ally_power(view, actor, kind) is None
    for cid in view.get("countries") or {}:
        if cid == actor or cid in out:
            continue
        if actor_nomad_free or (kind.get(cid) == "nomad" and ally_power(view, cid, kind) is None):
            out.add(cid)
            continue
        theirs = camp_of(view, cid, kind)
        if mine is not None and theirs is not None and mine != theirs:
            out.add(cid)
    return out


def power_of(view: dict[str, Any], actor: str) -> str:
    """The power whose VP track the actor's gains reach (8.3: a minor's or tribe's VPs go to its power)."""
    kind = kinds()
    if kind.get(actor) == "power":
        return actor
    ally = ally_power(view, actor, kind)
    if ally:
        return ally
    powers = [c for c in view.get("controls") or [] if kind.get(c) == "power"]
    return powers[0] if powers else actor


@lru_cache(maxsize=1)
def tribe_vp() -> dict[str, int]:
    """8.3: the VPs for destroying a tribe's last units on the map (``defeat_vp`` of the content)."""
    return {cid: int(getattr(n, "defeat_vp", 0) or 0) for cid, n in _content().nations.items()}


def battle_vp(units: int) -> int:
    """8.3: the VPs of a land battle won against `units` enemy units (5-9: 1, 10-14: 2, 15+: 3)."""
    return 3 if units >= 15 else 2 if units >= 10 else 1 if units >= 5 else 0


def trade_points(view: dict[str, Any]) -> dict[str, float]:
    """7.3.3 as the view shows it: trade markers in the Trade Box (7.3.3.b), one point per minor at trade
    status or better on the power's track (7.3.3.c), one per full-strength ship in a Trade Box and a half per
    reduced one (7.3.3.a)."""
    kind = kinds()
    countries = view.get("countries") or {}
    pts = {c: 0.0 for c in countries if kind.get(c) == "power"}
    for c, t in (view.get("trade") or {}).items():
        if c in pts:
            pts[c] += float(t.get("box") or 0)
    for minor, d in (view.get("diplo") or {}).items():
        if kind.get(minor) == "minor" and d.get("power") in pts and int(d.get("value") or 0) >= 4:
            pts[str(d["power"])] += 1.0
    for p in (view.get("pieces") or {}).values():
        if p.get("kind") == "ship" and str(p.get("loc") or "").startswith("trade:"):
            owner = owner_of(p)
            if owner in pts:
                pts[owner] += 0.5 if p.get("red") else 1.0
    return pts


def trade_vp(points: dict[str, float]) -> dict[str, int]:
    """8.3: 3 VP for the most trade points, 1 for the second; a tie for first 2 each and no second; a tie
    for second 1 each (powers with no points score nothing)."""
    values = sorted({v for v in points.values() if v > 0}, reverse=True)
    out = dict.fromkeys(points, 0)
    if not values:
        return out
    firsts = [p for p, v in points.items() if v == values[0]]
    if len(firsts) > 1:
        for p in firsts:
            out[p] = 2
        return out
    out[firsts[0]] = 3
    if len(values) > 1:
        for p, v in points.items():
            if v == values[1]:
                out[p] = 1
    return out


def owner_of(p: dict[str, Any]) -> str:
    return str(p.get("hired") or p["nation"])


def features(view: dict[str, Any]) -> Features:
    """The :class:`Features` of a view (:func:`ashur.games.assyrian_wars.view.build_view`)."""
    controls = set(view.get("controls") or [])
    actor = str(view.get("deciding") or (sorted(controls)[0] if controls else ""))
    enemies = enemies_of(view, actor) - controls
    countries = view.get("countries") or {}
    impulse = view.get("impulse") or {}
    f = Features(actor=actor, mine=controls, enemies=enemies,
                 vp={c: int(v.get("vp", 0)) for c, v in countries.items()},
                 eco={c: int(v.get("eco", 0)) for c, v in countries.items()},
                 ap_left=float(impulse.get("ap_left", 0) or 0) if impulse.get("country") == actor else 0.0,
                 sieges=dict(view.get("sieges") or {}), trade=dict(view.get("trade") or {}))
    areas = view.get("areas") or {}
    f.control = {aid: a.get("ctrl") for aid, a in areas.items()}
    for pid, p in (view.get("pieces") or {}).items():
        if p.get("kind") not in LAND or p.get("loc") not in areas:
            continue
        key = (str(p["loc"]), bool(p.get("city")))
        owner = owner_of(p)
        per = f.strength.setdefault(key, {})
        per[owner] = per.get(owner, 0.0) + piece_strength(pid, bool(p.get("red")))
        if p["kind"] in ("unit", "merc"):
            n = f.units.setdefault(key, {})
            n[owner] = n.get(owner, 0) + 1
    for st in view.get("stacks") or []:
        unseen = int(st.get("count", 0)) - 1
        if unseen <= 0 or st.get("loc") not in areas:
            continue
        key = (str(st["loc"]), bool(st.get("city")))
        owner = str(st["owner"])
        per = f.strength.setdefault(key, {})
        per[owner] = per.get(owner, 0.0) + unseen * average_strength(owner)
        n = f.units.setdefault(key, {})
        n[owner] = n.get(owner, 0) + unseen
    for cid, cards in (view.get("hands") or {}).items():
        if cid == actor:
            f.hand_ap = {int(card["n"]): int(card["ap"]) for card in cards}
    f.power = power_of(view, actor)
    if f.power == "assyria" or (actor == "assyria"):
        f.refusers = {m for m, marker in (view.get("refused") or {}).items() if marker == "black"}
    for aid, ctrl in f.control.items():
        if ctrl in enemies:
            value = city_value(aid, f.count(aid, enemies, city=True))
            if value > 0:
                f.targets[aid] = value
        elif ctrl in f.refusers:
            # 7.4.4: taking one of its cities punishes a refuser (Assyria attacks it for free, 5.2.3)
            value = city_value(aid, 0)
            if value > 0:
                f.targets[aid] = value + PUNISH_VP
    tribes = tribe_vp()
    kind = kinds()
    on_map: dict[str, int] = {}
    for per in f.units.values():
        for owner, n in per.items():
            if kind.get(owner) == "nomad":
                on_map[owner] = on_map.get(owner, 0) + n
    for (aid, inside), per in f.units.items():
        if inside:
            continue
        vp = 0.0
        for owner, n in per.items():
            if owner not in enemies:
                continue
            vp += battle_vp(f.count(aid, enemies, city=False)) / max(1, len(per))
            if tribes.get(owner) and on_map.get(owner):
                vp += tribes[owner] * n / on_map[owner]
            if owner in f.refusers:
                vp += PUNISH_VP
        if vp > 0:
            f.field_vp[aid] = vp
    f.trade_points = trade_points(view)
    return f


#: what punishing a refuser is worth to Assyria in VPs: the 2 VP penalty (8.3.1) times the chance that the
#: tribute check it causes succeeds (about (5/6)^3 for a city of defence 3, 5.2.1)
PUNISH_VP = 1.2

