"""A fast resolver of land battles and siege combat for the odds (6.7, 6.8, 9.7), apart from the engine.

It follows the engine's battle procedure (``rules/land/battle.py``, ``combat.py``, ``casualties.py``) on a
compact model: each side is a tuple of ``(index, reduced)`` pairs of its present pieces (in piece-id order)
over a static list of :class:`Fighter` records, and every step is a pure, memoized function of it:

* the dice of a phase (6.7.2, 6.7.3; 9.7 bow fire in round 1, heavy troops' kills on a 2, absorption of
  enemy bow hits; 6.8 siege combat) and the exact distribution of the hits they score;
* the placing of hits and routs by the engine's suggested allocation: shared equally between the countries of
  a side, the excess one each to the first countries in track order that still have room (6.7.5); within a
  country half on mercenaries, an odd one on mercenaries; a unit before a leader, a full-strength unit before
  a reduced one, in id order (6.7.4, 6.7.4.a);
* the round's result (6.7.6: more hits win, a side wiped out loses, a tie after the last round goes to the
  defender, or to nobody after an interception) and routs with the winner's leaders rallying (6.7.4.a).

:func:`exact` enumerates the dice distributions round by round, merging equal positions; when that would
take too long, :func:`simulate` draws whole resolutions from the same tables.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ashur.games.assyrian_wars.rules.base.losses import split_losses

BATTLE_DIE = 3
SIEGE_KINDS = ("assault", "standard_siege")
CAVALRY = frozenset({"LC", "HC", "CH", "HB"})
HEAVY = frozenset({"HI", "HC", "CH"})
BOW = frozenset({"B", "HB", "CH"})
#: work (joint dice outcomes visited) above which :func:`exact` gives way to :func:`simulate`
EXACT_BUDGET = 60_000

Side = tuple[tuple[int, bool], ...]


class TooBig(Exception):
    """The exact enumeration would exceed :data:`EXACT_BUDGET`."""


@dataclass(frozen=True)
class Fighter:
    """One piece in a battle: a unit (``type``, ``front``/``reduced`` factors) or a leader (``action``)."""

    uid: str
    owner: str
    leader: bool = False
    type: str = ""
    front: int = 0
    reduced: int = 0
    merc: bool = False
    action: int = 0
    army: str = ""  # a unit's leader (the army it marches with); ``?``: unseen, some leader of its country
    assyrian_regular: bool = False
    mede_regular: bool = False

    def strength(self, red: bool) -> int:
        return self.reduced if red else self.front


@dataclass
class Battle:
    """A battle to resolve: ``kind`` ``field``, ``sortie``, ``raid`` (6.15: one round with routs),
    ``assault`` or ``standard_siege`` (see ``rules/land/battle.py`` KINDS), the pieces of both sides and the
    circumstances the engine's battle frame records."""

    kind: str
    att: list[Fighter]
    defn: list[Fighter]
    att_red: list[bool]
    def_red: list[bool]
    abilities: str | None = "field"
    interception: bool = False
    crossing: str | None = None
    sealand: bool = False
    terrain_dice: int = 0
    terrain_mede: bool = False
    city: dict[str, Any] | None = None  # {side, dice, fortress}
    dice_factor: dict[str, int] = field(default_factory=dict)
    disorganized: dict[str, bool] = field(default_factory=dict)
    quick: frozenset[str] = frozenset()  # 9.7: cavalry that moved at the quick rate this impulse
    order: tuple[str, ...] = ()  # the countries in track order (6.7.5: who takes a side's excess losses)
    groups: dict[str, str] = field(default_factory=dict)  # leader uid -> its army group (6.6.3)
    chariots: dict[str, str] = field(default_factory=dict)  # side -> "bow" or "heavy" (9.7; heavy by default)
    rounds: int = field(init=False, default=1)
    tie: str = field(init=False, default="def")
    routs: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.rounds = 2 if self.kind == "field" else 1
        self.routs = self.kind in ("field", "raid")
        self.tie = "att" if self.kind == "sortie" else "def"

    def static(self, side: str) -> list[Fighter]:
        return self.att if side == "att" else self.defn

    def start(self) -> tuple[Side, Side]:
        found: tuple[Side, Side] | None = self.__dict__.get("_start")
        if found is None:
            found = (tuple((i, bool(r)) for i, r in enumerate(self.att_red)),
                     tuple((i, bool(r)) for i, r in enumerate(self.def_red)))
            self.__dict__["_start"] = found
        return found


def hit_distribution(dice: tuple[tuple[int, bool], ...]) -> list[float]:
    """The exact distribution of the hits of `dice` (modified strength, may kill): a die hits at or below its
    strength (6.7.2), a killing die scores 2 on a 2 (9.7)."""
    dist = [1.0]
    for s, kill in dice:
        p = min(max(s, 0), 6) / 6
        two = 1 / 6 if kill and s >= 2 else 0.0
        one = p - two
        new = [0.0] * (len(dist) + 2)
        for h, q in enumerate(dist):
            if q:
                new[h] += q * (1 - p)
                new[h + 1] += q * one
                new[h + 2] += q * two
        dist = new
    while len(dist) > 1 and dist[-1] == 0:
        dist.pop()
    return dist


def other(side: str) -> str:
    return "def" if side == "att" else "att"


class Resolver:
    """The memoized steps of one :class:`Battle`."""

    def __init__(self, battle: Battle, shared: dict[tuple[tuple[int, bool], ...], list[float]] | None = None) -> None:
        self.b = battle
        self._pmf: dict[tuple[Any, ...], list[float]] = {}
        self._by_dice: dict[tuple[tuple[int, bool], ...], list[float]] = {} if shared is None else shared
        self._cdf: dict[tuple[Any, ...], list[float]] = {}
        self._place: dict[tuple[Any, ...], Side] = {}
        self._absorb: dict[tuple[str, Side], int] = {}
        self._steps: dict[tuple[str, Side], int] = {}
        self._flags: dict[str, tuple[list[bool], list[bool], list[int]]] = {}
        self._owners = {side: [f.owner for f in battle.static(side)] for side in ("att", "def")}
        for side in ("att", "def"):
            static = battle.static(side)
            order = sorted(range(len(static)), key=lambda i: static[i].uid)
            rank = [0] * len(static)
            for pos, i in enumerate(order):
                rank[i] = pos
            self._flags[side] = ([f.leader for f in static], [f.merc for f in static], rank)
        self._round: dict[tuple[Any, ...], tuple[Side, Side, str | None, bool, int, int]] = {}

    # --- dice (6.7.2, 6.7.3, 6.8, 9.7) --------------------------------------------------------------
    def unit_modifier(self, side: str, f: Fighter) -> int:
        """``combat.unit_modifier`` without cards: besiegers of a fortress -1, besiegers who moved at the
        quick rate -1; defending bows +1 in siege combat (9.7 "Siege"); heavy infantry over a river,
        chariots over a river or mountain or in Sealand -1 when attacking (9.7), not after an interception."""
        b, mod = self.b, 0
        if b.kind in SIEGE_KINDS and b.city and side != b.city["side"]:
            if b.city.get("fortress"):
                mod -= 1
            if f.uid in b.quick:
                mod -= 1
        if b.abilities == "siege" and b.city and side == b.city["side"] and f.type in BOW:
            mod += 1
        if b.abilities == "field" and side == "att" and not b.interception:
            if f.type == "HI" and b.crossing == "river":
                mod -= 1
            if f.type == "CH" and (b.crossing in ("river", "mountain") or b.sealand):
                mod -= 1
        return mod

    def dice(self, side: str, st: Side, phase: str, rnd: int) -> list[tuple[int, bool]]:
        """``combat.dice_pool``: (modified strength, may kill) of every die of a phase (``bow``, ``melee``,
        ``all``). Chariots fight as heavy troops unless the battle says bow for their side (their owner's
        choice in 9.7; the odds the table shows assume heavy)."""
        b = self.b
        static = b.static(side)
        factor = b.dice_factor.get(side, 1)
        field_ab = b.abilities == "field"
        pool: list[tuple[int, bool]] = []
        units = [(static[i], red) for i, red in st if not static[i].leader]
        chariots_bow = b.chariots.get(side) == "bow"  # 9.7: bow units that do not kill, or heavy troops
        for f, red in units:
            bow = field_ab and rnd == 1 and f.type in BOW and (f.type != "CH" or chariots_bow)
            if (phase == "bow") != bow and phase != "all":
                continue
            s = f.strength(red) + self.unit_modifier(side, f)
            if s <= 0:
                continue
            kill = field_ab and f.type in HEAVY and (f.type != "CH" or not chariots_bow) and s >= 2
            pool.extend([(s, kill)] * factor)
        if phase in ("melee", "all"):
            s = BATTLE_DIE
            if b.kind in SIEGE_KINDS and b.city and side != b.city["side"] and b.city.get("fortress"):
                s -= 1
            if s > 0:
                n = self.battle_dice(side, st, rnd, bool(units))
                pool.extend([(s, False)] * (n * factor))
        return pool

    def battle_dice(self, side: str, st: Side, rnd: int, has_units: bool) -> int:
        """``combat.extra_dice``: the action ratings of the leaders leading an army there (6.7.3; in a city
        with dice all its leaders; none for a disorganized side), the defender's terrain dice in round 1 (not
        after an interception), the Assyrian regulars' die (2 in siege combat) and the city's dice."""
        b = self.b
        static = b.static(side)
        city_side = bool(b.city and b.city["side"] == side)
        n = 0
        if (has_units or city_side) and not self.disorganized(side, st):
            lead = [i for i, _ in st if static[i].leader] if city_side else self.commanders(side, st)
            n += sum(static[i].action for i in lead)
        if side == "def" and rnd == 1 and not b.interception:
            t = b.terrain_dice
            if b.terrain_mede and any(static[i].mede_regular for i, _ in st):
                t += 1
            n += t
        if any(static[i].assyrian_regular for i, _ in st):
            n += 2 if b.kind in SIEGE_KINDS else 1
        if city_side and b.city:
            n += int(b.city.get("dice", 0))
        return n

    def pmf(self, side: str, st: Side, phase: str, rnd: int) -> list[float]:
        """The exact distribution of the hits a side scores in a phase (index = hits)."""
        key = (side, st, phase, rnd)
        found = self._pmf.get(key)
        if found is not None:
            return found
        dice = tuple(sorted(self.dice(side, st, phase, rnd)))
        found = self._by_dice.get(dice)
        if found is None:
            found = self._by_dice[dice] = hit_distribution(dice)
        self._pmf[key] = found
        return found

    def draw(self, side: str, st: Side, phase: str, rnd: int, r: random.Random) -> int:
        key = (side, st, phase, rnd)
        cdf = self._cdf.get(key)
        if cdf is None:
            acc, cdf = 0.0, []
            for q in self.pmf(side, st, phase, rnd):
                acc += q
                cdf.append(acc)
            self._cdf[key] = cdf
        return min(bisect.bisect_right(cdf, r.random() * cdf[-1]), len(cdf) - 1)

    def absorption(self, side: str, st: Side) -> int:
        """9.7: heavy troops cancel 2 enemy bow hits with five or more, 1 with two to four."""
        key = (side, st)
        found = self._absorb.get(key)
        if found is None:
            found = self._absorb[key] = self._absorption(side, st)
        return found

    def _absorption(self, side: str, st: Side) -> int:
        static = self.b.static(side)
        bow = self.b.chariots.get(side) == "bow"
        heavy = sum(1 for i, _ in st if not static[i].leader and static[i].type in HEAVY
                    and not (bow and static[i].type == "CH"))
        return 2 if heavy >= 5 else 1 if heavy >= 2 else 0

    # --- hits and routs (6.7.4, 6.7.4.a) ------------------------------------------------------------
    def place(self, side: str, st: Side, n: int, mode: str) -> Side:
        """``casualties``: `n` hits or routs placed by the suggested allocation."""
        if n <= 0 or not st:
            return st
        key = (side, st, n, mode)
        found = self._place.get(key)
        if found is not None:
            return found
        owner = self._owners[side]
        if len({owner[i] for i, _ in st}) > 1:
            out = self._place_shared(side, st, n, mode)
        else:
            out = self._place_country(side, st, n, mode)
        self._place[key] = out
        return out

    def _place_country(self, side: str, st: Side, n: int, mode: str) -> Side:
        """`n` losses on the pieces `st` of one country (6.7.4, 6.7.4.a)."""
        leader, merc, rank = self._flags[side]
        if not any(merc[i] for i, _ in st):
            return self._place_regulars(st, n, mode, leader, rank)
        return self.place_one_by_one(side, st, n, mode)

    def shares(self, side: str, st: Side, n: int, mode: str) -> dict[str, int]:
        """6.7.5 as ``casualties.LossSplit`` shares them: rounds of equal parts among the countries with room
        left (hits: 2 per full-strength unit, 1 per reduced unit or leader; routs: 1 per piece); when fewer
        losses are left than such countries, one each to the first in track order (the decider's choice, as
        the prompt lists them)."""
        owner = self._owners[side]
        leader = self._flags[side][0]
        room: dict[str, int] = {}
        for i, red in st:
            room[owner[i]] = room.get(owner[i], 0) + (1 if mode == "routs" or red or leader[i] else 2)
        rank = {c: k for k, c in enumerate(self.b.order)}
        order = sorted(room, key=lambda c: (rank.get(c, len(rank)), c))
        shares = dict.fromkeys(order, 0)
        left = n
        while left > 0:
            elig = [c for c in order if room[c] - shares[c] > 0]
            if not elig:
                break
            base = left // len(elig)
            if base == 0:
                for c in elig[:left]:
                    shares[c] += 1
                break
            for c in elig:
                give = min(base, room[c] - shares[c])
                shares[c] += give
                left -= give
        return shares

    def _place_shared(self, side: str, st: Side, n: int, mode: str) -> Side:
        """`n` losses on a side of several countries: shared (6.7.5), then placed within each country."""
        owner = self._owners[side]
        out: list[tuple[int, bool]] = []
        for c, k in self.shares(side, st, n, mode).items():
            part = tuple(p for p in st if owner[p[0]] == c)
            out += self._place_country(side, part, k, mode) if k else part
        return tuple(sorted(out))

    def place_one_by_one(self, side: str, st: Side, n: int, mode: str) -> Side:
        """The allocation loss by loss, as ``casualties`` places them (6.7.4, 6.7.4.a, 6.7.5)."""
        leader, merc, rank = self._flags[side]
        pieces = list(st)  # (index, reduced); an index repeats for equal unseen pieces (see known.py)
        cm = cr = 0
        for i, red in pieces:
            if not leader[i]:
                c = 1 if (mode == "routs" or red) else 2
                if merc[i]:
                    cm += c
                else:
                    cr += c
        m, r = split_losses(n, cm, cr)  # the odd loss as the engine suggests it (see the assumptions)
        left = n
        while left > 0 and pieces:
            # the suggested piece: a unit of a type still owed a loss (else any unit), full strength first,
            # then in id order; leaders only when no unit is left
            at, best = -1, (2, True, 0)
            for k, (i, red) in enumerate(pieces):
                if leader[i]:
                    continue
                key = (0 if (m > 0 and merc[i]) or (r > 0 and not merc[i]) else 1, red, rank[i])
                if key < best:
                    at, best = k, key
            if at < 0:
                at = min(range(len(pieces)), key=lambda k: rank[pieces[k][0]])
            pick, red = pieces[at]
            if leader[pick]:
                if r > 0:
                    r -= 1
                else:
                    m = max(0, m - 1)
            elif merc[pick]:
                m = max(0, m - 1)
            else:
                r = max(0, r - 1)
            left -= 1
            if mode == "hits" and not leader[pick] and not red:
                pieces[at] = (pick, True)
            else:
                del pieces[at]
        return tuple(sorted(pieces))

    def on_defender(self, st: Side, n: int) -> Side:
        """The attackers' hits on the defenders; in a standard siege they fall on the city (6.8.3: the
        defender taking none on the garrison, see the assumptions)."""
        return st if self.b.kind == "standard_siege" else self.place("def", st, n, "hits")

    @staticmethod
    def _place_regulars(st: Side, n: int, mode: str, leader: list[bool], rank: list[int]) -> Side:
        """:meth:`place` for a side without mercenaries, in one pass: hits flip full-strength units in id
        order, then eliminate reduced ones in id order, then leaders; routs take full-strength units, then
        reduced ones, then leaders, each in id order."""
        units = sorted((p for p in st if not leader[p[0]]), key=lambda p: (p[1], rank[p[0]]))
        leaders = sorted((p for p in st if leader[p[0]]), key=lambda p: rank[p[0]])
        if mode == "routs":
            gone = min(n, len(units))
            return tuple(sorted(units[gone:] + leaders[n - gone:]))
        full = [p for p in units if not p[1]]
        if n <= len(full):
            return tuple(sorted([(i, True) for i, _ in full[:n]] + full[n:] + units[len(full):] + leaders))
        n -= len(full)
        reduced = sorted([(i, True) for i, _ in full] + units[len(full):], key=lambda p: rank[p[0]])
        if n <= len(reduced):
            return tuple(sorted(reduced[n:] + leaders))
        n -= len(reduced)
        return tuple(sorted(leaders[n:]))

    def steps(self, side: str, st: Side) -> int:
        """:func:`steps_left` of a side, memoized."""
        key = (side, st)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = steps_left(self.b.static(side), st)
        return found

    def commanders(self, side: str, st: Side) -> list[int]:
        """``forces.armies_among``: the leaders of `st` with a unit of their army present; an unseen unit of
        a fogged stack (army ``?``) counts for every leader of its country."""
        static = self.b.static(side)
        armies = {static[i].army for i, _ in st if not static[i].leader}
        unseen = {static[i].owner for i, _ in st if not static[i].leader and static[i].army == "?"}
        return [i for i, _ in st if static[i].leader and (static[i].uid in armies or static[i].owner in unseen)]

    def disorganized(self, side: str, st: Side) -> bool:
        """``combat.disorganized`` (6.6.5, 6.7.5): two or more armies left that are not one army group (a
        side with one army at the start stays organized)."""
        if not self.b.disorganized.get(side):
            return False
        static = self.b.static(side)
        return len({self.b.groups.get(static[i].uid, static[i].uid) for i in self.commanders(side, st)}) > 1

    def rally(self, side: str, st: Side) -> int:
        if self.disorganized(side, st):
            return 0
        static = self.b.static(side)
        return sum(static[i].action for i, _ in st if static[i].leader)

    # --- one round ------------------------------------------------------------------------------------
    def finish_round(self, sa: Side, sd: Side, ha: int, hd: int,
                     rnd: int) -> tuple[Side, Side, str | None, bool, int, int]:
        """``Battle._result`` after the dice of a round: hits ``ha`` scored by the attacker and ``hd`` by the
        defender are already placed; returns the sides after routs, the winner, whether it is decided and
        the pieces routed on each side (1000 per piece plus their steps)."""
        key = (sa, sd, ha, hd, rnd)
        found = self._round.get(key)
        if found is None:
            found = self._round[key] = self._finish_round(sa, sd, ha, hd, rnd)
        return found

    def _finish_round(self, sa: Side, sd: Side, ha: int, hd: int,
                      rnd: int) -> tuple[Side, Side, str | None, bool, int, int]:
        b = self.b
        last = rnd >= b.rounds
        winner: str | None = None
        decided = False
        if b.kind == "assault":
            decided, winner = True, "att" if ha > hd and sa else "def"
        elif b.kind == "standard_siege":
            decided = True
            winner = "att" if ha > hd and sa else "def" if hd > ha else None
        elif not sa or not sd:
            decided = True
            winner = "att" if sa else "def" if sd else None
        elif ha != hd:
            decided, winner = True, "att" if ha > hd else "def"
        elif last:
            decided = True
            winner = None if b.interception else b.tie
        ra = rd = 0
        if b.routs:
            taken = {"att": hd, "def": ha}
            sides = {"att": sa, "def": sd}
            for side in ("att", "def"):
                routs = math.ceil(taken[side] / 2)
                if side == winner and routs:
                    routs = max(0, routs - self.rally(side, sides[side]))
                sides[side] = self.place(side, sides[side], routs, "routs")
            ra = (len(sa) - len(sides["att"])) * 1000 + self.steps("att", sa) - self.steps("att", sides["att"])
            rd = (len(sd) - len(sides["def"])) * 1000 + self.steps("def", sd) - self.steps("def", sides["def"])
            sa, sd = sides["att"], sides["def"]
        return sa, sd, winner, decided, ra, rd

    def phases(self, rnd: int) -> list[str]:
        return ["bow", "melee"] if self.b.abilities == "field" and rnd == 1 else ["all"]


@dataclass
class Tally:
    """What the resolutions gave: the probability of each winner (``att``, ``def``, None), of an overrun
    (6.7.7: the winner removed the other side entirely), the distribution of the attackers' hits in a
    standard siege (6.8.3; -1: the besiegers were wiped out), and per side the expected steps lost to hits,
    units lost (eliminated or routed) and pieces routed; ``joint``: the probability of each pair (attacker has
    pieces left, defender has pieces left) at the end."""

    winner: dict[str | None, float] = field(default_factory=dict)
    overrun: dict[str, float] = field(default_factory=dict)
    city_hits: dict[int, float] = field(default_factory=dict)
    steps: dict[str, float] = field(default_factory=lambda: {"att": 0.0, "def": 0.0})
    units: dict[str, float] = field(default_factory=lambda: {"att": 0.0, "def": 0.0})
    routed: dict[str, float] = field(default_factory=lambda: {"att": 0.0, "def": 0.0})
    survives: dict[str, float] = field(default_factory=lambda: {"att": 0.0, "def": 0.0})
    joint: dict[tuple[bool, bool], float] = field(default_factory=dict)
    samples: int = 0

    def overrun_of(self, side: str) -> float:
        return self.overrun.get(side, 0.0)

    def add(self, res: Resolver, start: tuple[Side, Side], winner: str | None, sa: Side, sd: Side,
            routed: tuple[int, int], p: float) -> None:
        self.winner[winner] = self.winner.get(winner, 0.0) + p
        self.joint[(bool(sa), bool(sd))] = self.joint.get((bool(sa), bool(sd)), 0.0) + p
        if winner is not None and not (sd if winner == "att" else sa):
            self.overrun[winner] = self.overrun.get(winner, 0.0) + p
        for side, st0, st, rr in (("att", start[0], sa, routed[0]), ("def", start[1], sd, routed[1])):
            static = res.b.static(side)
            self.steps[side] += p * (res.steps(side, st0) - res.steps(side, st) - rr % 1000)
            units0 = sum(1 for i, _ in st0 if not static[i].leader)
            self.units[side] += p * (units0 - sum(1 for i, _ in st if not static[i].leader))
            self.routed[side] += p * (rr // 1000)
            if st:
                self.survives[side] += p


def exact(res: Resolver) -> Tally:
    """Enumerate the dice distributions round by round (positions merged); raises :class:`TooBig`."""
    tally = Tally()
    work = 0
    sa0, sd0 = res.b.start()
    current: dict[tuple[Side, Side, int, int], float] = {(sa0, sd0, 0, 0): 1.0}
    for rnd in range(1, res.b.rounds + 1):
        nxt: dict[tuple[Side, Side, int, int], float] = {}
        for (sa1, sd1, ra1, rd1), p0 in current.items():
            # per phase: the positions reached with the hits scored so far this round
            states: dict[tuple[Side, Side, int, int], float] = {(sa1, sd1, 0, 0): p0}
            done: dict[tuple[Side, Side, int, int], float] = {}
            for phase in res.phases(rnd):
                step: dict[tuple[Side, Side, int, int], float] = {}
                for (sa, sd, ha, hd), p in states.items():
                    pa, pd = res.pmf("att", sa, phase, rnd), res.pmf("def", sd, phase, rnd)
                    ca = res.absorption("def", sd) if phase == "bow" else 0
                    cd = res.absorption("att", sa) if phase == "bow" else 0
                    work += len(pa) * len(pd)
                    if work > EXACT_BUDGET:
                        raise TooBig
                    for xa, qa in enumerate(pa):
                        if not qa:
                            continue
                        sa_hits = max(0, xa - ca)
                        nd = res.on_defender(sd, sa_hits)
                        for xd, qd in enumerate(pd):
                            if not qd:
                                continue
                            sd_hits = max(0, xd - cd)
                            na = res.place("att", sa, sd_hits, "hits")
                            key = (na, nd, ha + sa_hits, hd + sd_hits)
                            target = done if phase == "bow" and (not na or not nd) else step
                            target[key] = target.get(key, 0.0) + p * qa * qd
                states = step
            for src in (states, done):
                for (sa, sd, ha, hd), p in src.items():
                    if res.b.kind == "standard_siege":
                        key3 = ha if sa else -1
                        tally.city_hits[key3] = tally.city_hits.get(key3, 0.0) + p
                    fa, fd, winner, decided, ra, rd = res.finish_round(sa, sd, ha, hd, rnd)
                    if decided:
                        tally.add(res, (sa0, sd0), winner, fa, fd, (ra1 + ra, rd1 + rd), p)
                    else:
                        key2 = (fa, fd, ra1 + ra, rd1 + rd)
                        nxt[key2] = nxt.get(key2, 0.0) + p
        current = nxt
    return tally


def simulate(res: Resolver, samples: int, seed: int,
             starts: Callable[[random.Random], tuple[Side, Side]] | None = None) -> Tally:
    """`samples` resolutions drawn from the tables; ``starts(r)`` gives the sides at the start of each one (a
    new composition of the unseen pieces), by default the battle's own."""
    r = random.Random(seed)
    tally = Tally(samples=samples)
    w = 1.0 / samples
    counts: dict[tuple[Any, ...], int] = {}
    for _ in range(samples):
        start = starts(r) if starts is not None else res.b.start()
        sa, sd = start
        ra = rd = 0
        for rnd in range(1, res.b.rounds + 1):
            ha = hd = 0
            for phase in res.phases(rnd):
                xa, xd = res.draw("att", sa, phase, rnd, r), res.draw("def", sd, phase, rnd, r)
                if phase == "bow":
                    xa, xd = max(0, xa - res.absorption("def", sd)), max(0, xd - res.absorption("att", sa))
                sa, sd = res.place("att", sa, xd, "hits"), res.on_defender(sd, xa)
                ha, hd = ha + xa, hd + xd
                if phase == "bow" and (not sa or not sd):
                    break
            if res.b.kind == "standard_siege":
                key3 = ha if sa else -1
                tally.city_hits[key3] = tally.city_hits.get(key3, 0.0) + w
            sa, sd, winner, decided, ra2, rd2 = res.finish_round(sa, sd, ha, hd, rnd)
            ra, rd = ra + ra2, rd + rd2
            if decided:
                key = (start, winner, sa, sd, ra, rd)
                counts[key] = counts.get(key, 0) + 1
                break
    for (start, winner, sa, sd, ra, rd), n in counts.items():
        tally.add(res, start, winner, sa, sd, (ra, rd), n * w)
    return tally


def steps_left(static: list[Fighter], st: Side) -> int:
    """Steps of a side: 2 per full-strength unit, 1 per reduced unit or leader."""
    return sum(1 if (static[i].leader or red) else 2 for i, red in st)
