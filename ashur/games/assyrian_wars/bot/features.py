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
        average_strength.cache_clear()


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

    def target_pull(self, area: str, strength: float) -> tuple[float, str]:
        """How much a force of `strength` at `area` gains by heading for the best enemy city it can hope to
        take: the city's value over (1 + distance), zero for cities it could not besiege with its strength."""
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
        return best, where


def owner_of(p: dict[str, Any]) -> str:
    return str(p.get("hired") or p["nation"])


def features(view: dict[str, Any]) -> Features:
    """The :class:`Features` of a view (:func:`ashur.games.assyrian_wars.view.build_view`)."""
    controls = set(view.get("controls") or [])
    actor = str(view.get("deciding") or (sorted(controls)[0] if controls else ""))
    enemies: set[str] = set()
    for a, b in view.get("wars") or []:
        if a == actor:
            enemies.add(b)
        elif b == actor:
            enemies.add(a)
    enemies -= controls
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
    for aid, ctrl in f.control.items():
        if ctrl in enemies:
            value = city_value(aid, f.count(aid, enemies, city=True))
            if value > 0:
                f.targets[aid] = value
    return f

