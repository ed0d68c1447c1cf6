"""What a role knows of the pieces in a battle, for the odds: its view, never the state's hidden facts (9.5).

Pieces come from ``view(state, role)["pieces"]``; of a stack under fog of war the role sees its top piece and
how many pieces it holds (``view["stacks"]``). Each piece it cannot see is modelled as a full-strength unit
of the stack's country drawn at random from that country's counters (the counter mix is public content);
:meth:`Known.sample` draws one such composition.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
from dataclasses import dataclass, replace
from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.odds.resolver import Fighter, Side
from ashur.games.assyrian_wars.rules.base.units import ratings

LAND = ("unit", "merc", "leader", "king")


@dataclass(frozen=True)
class Group:
    """The pieces of one side a role knows: visible fighters and, per country, a number of unseen pieces."""

    seen: tuple[Fighter, ...]
    seen_red: tuple[bool, ...]
    unseen: tuple[tuple[str, int], ...]  # (country, number of pieces the role cannot see)

    @property
    def uncertain(self) -> bool:
        return any(n for _, n in self.unseen)

    def size(self) -> int:
        """Units and leaders (6.6.10 automatic evasion)."""
        return len(self.seen) + sum(n for _, n in self.unseen)


class Known:
    """A role's knowledge of the pieces on the map (from its view) and the public facts (from the state)."""

    def __init__(self, ctx: Ctx, view: dict[str, Any]) -> None:
        self.ctx = ctx
        self.pieces: dict[str, dict[str, Any]] = view.get("pieces") or {}
        self.stacks: list[dict[str, Any]] = list(view.get("stacks") or [])
        self.groups: dict[str, dict[str, Any]] = dict(view.get("groups") or {})
        self._mix: dict[str, list[Fighter]] = {}

    @staticmethod
    def owner(p: dict[str, Any]) -> str:
        return str(p.get("hired") or p["nation"])

    def fighter(self, pid: str) -> Fighter:
        """The :class:`Fighter` of a piece the role sees (content values, its present side)."""
        p = self.pieces[pid]
        c = self.ctx.c
        owner = self.owner(p)
        if p["kind"] in ("leader", "king"):
            return Fighter(pid, owner, leader=True, action=ratings(self.ctx, pid)[0])
        if p["kind"] == "merc":
            sp = c.mercenary_units[pid]
            return Fighter(pid, owner, type=str(sp.type), front=int(sp.front), reduced=int(sp.reduced), merc=True,
                           army=str(p.get("army") or ""))
        sp = c.units[pid]
        merc = self.ctx.kind(p["nation"]) == "nomad_mercenary"
        regular = not merc
        return Fighter(pid, owner, type=str(sp.type), front=int(sp.front), reduced=int(sp.reduced), merc=merc,
                       assyrian_regular=regular and p["nation"] == "assyria",
                       mede_regular=regular and p["nation"] == "mede", army=str(p.get("army") or ""))

    def group(self, area: str, *, city: bool | None, owners: set[str] | None = None,
              exclude: set[str] | None = None) -> Group:
        """The land pieces at `area` (inside the city, outside it, or both: None) of `owners` (all: None)."""
        seen = sorted(pid for pid, p in self.pieces.items()
                      if p.get("loc") == area and p.get("kind") in LAND and (city is None or bool(p["city"]) == city)
                      and (owners is None or self.owner(p) in owners) and pid not in (exclude or set()))
        unseen: dict[str, int] = {}
        for st in self.stacks:
            if st["loc"] != area or (city is not None and bool(st["city"]) != city) or st.get("count", 0) <= 1:
                continue
            if owners is not None and st["owner"] not in owners:
                continue
            unseen[st["owner"]] = unseen.get(st["owner"], 0) + int(st["count"]) - 1
        fighters = tuple(self.fighter(p) for p in seen)
        return Group(fighters, tuple(bool(self.pieces[p]["red"]) for p in seen), tuple(sorted(unseen.items())))

    def mix(self, country: str) -> list[Fighter]:
        """The counters of `country`'s units, full strength (the pool an unseen piece is drawn from), one
        entry per counter (equal counters repeat: they weigh the draw)."""
        found = self._mix.get(country)
        if found is None:
            c = self.ctx.c
            nation = country
            specs = sorted((pid, sp) for pid, sp in c.units.items() if sp.nation == nation)
            if specs:
                merc = self.ctx.kind(nation) == "nomad_mercenary"
                found = [Fighter(f"~{country}", country, type=str(sp.type), front=int(sp.front),
                                 reduced=int(sp.reduced), merc=merc,
                                 assyrian_regular=not merc and nation == "assyria",
                                 mede_regular=not merc and nation == "mede") for _pid, sp in specs]
            else:
                found = [Fighter(f"~{country}", country, type=str(sp.type), front=int(sp.front),
                                 reduced=int(sp.reduced), merc=True)
                         for _pid, sp in sorted(c.mercenary_units.items())]
            self._mix[country] = found
        return found

    def layout(self, g: Group) -> tuple[list[Fighter], list[bool], list[tuple[list[int], list[int], int]]]:
        """The static pieces of a side with unseen ones: the seen pieces, then one entry per kind of counter of
        each country with unseen pieces (uids ``~country-NN``, after every real id); and per such country the
        static indices of its kinds, their cumulative weights in its counter mix and the number unseen."""
        static, red = list(g.seen), list(g.seen_red)
        pools: list[tuple[list[int], list[int], int]] = []
        for country, n in g.unseen:
            mix = self.mix(country)
            kinds = sorted(set(mix), key=lambda f: (f.type, f.front, f.reduced, f.merc))
            idx, cum, acc = [], [], 0
            for k, f in enumerate(kinds):
                static.append(replace(f, uid=f"~{country}-{k:02d}", army="?"))
                red.append(False)
                idx.append(len(static) - 1)
                acc += sum(1 for m in mix if m == f)
                cum.append(acc)
            pools.append((idx, cum, n))
        return static, red, pools

    @staticmethod
    def draw(g: Group, pools: list[tuple[list[int], list[int], int]], r: random.Random) -> Side:
        """A start of the side of :meth:`layout`: the seen pieces as they are and each unseen piece a
        full-strength counter drawn from its country's mix."""
        out = [(i, bool(red)) for i, red in enumerate(g.seen_red)]
        for idx, cum, n in pools:
            for _ in range(n):
                out.append((idx[bisect.bisect_right(cum, r.randrange(cum[-1]))], False))
        return tuple(sorted(out))

    def sample(self, g: Group, r: random.Random) -> list[Fighter]:
        """One composition of `g` (its seen pieces and a draw for each unseen one)."""
        static, _red, pools = self.layout(g)
        return [static[i] for i, _ in self.draw(g, pools, r)]


def seed_of(*parts: Any) -> int:
    """A seed from the question itself (what the role knows), so that the same question gives the same
    answer and nothing hidden reaches the draw."""
    text = json.dumps(parts, sort_keys=True, default=repr)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
