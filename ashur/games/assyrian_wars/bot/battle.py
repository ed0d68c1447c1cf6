"""Battle and assault chances for the heuristic bot, from the role's view only, by the odds resolver of issue 16
(:mod:`ashur.games.assyrian_wars.odds`): the same rules of battle (6.7) and assault (6.8.2), fewer samples.

The odds hook (``Game.odds``) asks the state; the bot may not, so the pieces come from the view (as
:class:`~ashur.games.assyrian_wars.odds.known.Known` reads them: unseen pieces of a fogged stack drawn from
their country's public counter mix, 9.5) and the rest from the public content. Only the few battle and
siege choices ask, and each question (the groups, the area, the kind) is answered once: a small cache.
Assumed: special abilities in play (9.7, the default), no cards, the suggested losses.
"""

from __future__ import annotations

import random
from typing import Any

from ashur.games.assyrian_wars.ctx import kinds_of
from ashur.games.assyrian_wars.odds.known import Group, Known, seed_of
from ashur.games.assyrian_wars.odds.questions import army_groups, group_key, heads
from ashur.games.assyrian_wars.odds.resolver import Battle, Fighter, Resolver, Side, Tally, TooBig, exact, simulate

#: resolutions of a question with unseen pieces (or too big to enumerate); a draw of them every BATCH
SAMPLES = 300
BATCH = 30
#: battles of more pieces are sampled, not enumerated (an enumeration of big battles takes hundreds of ms)
EXACT_PIECES = 8
_CACHE: dict[str, float] = {}
CACHE_SIZE = 4096


class ViewCtx:
    """What :class:`Known` and the leaders' ratings (2.1.2) ask of a game context, answered from a view's
    pieces and the public content: no state."""

    def __init__(self, view: dict[str, Any], content: Any) -> None:
        self.c = content
        self._pieces: dict[str, dict[str, Any]] = view.get("pieces") or {}
        self._kind = kinds_of(content)

    def kind(self, cid: str) -> str:
        return self._kind[cid]

    def piece(self, pid: str) -> dict[str, Any]:
        return self._pieces[pid]


class Odds:
    """The win chances of the battles a view's choices lead to."""

    def __init__(self, view: dict[str, Any], content: Any) -> None:
        self.known = Known(ViewCtx(view, content), view)  # type: ignore[arg-type]

    def group(self, area: str, owners: set[str], *, city: bool) -> Group:
        return self.known.group(area, city=city, owners=owners)

    def field(self, att: Group, defn: Group, area: str, conn: str | None, *, interception: bool = False,
              chariots: str = "heavy") -> float:
        """The attacker's chance of winning a field battle at `area` entered over `conn` (6.7; 6.7.3: +1 die
        for the defender over a river, +2 over mountains; none after an interception, 6.6.9), the attacker's
        chariots fighting as `chariots` (9.7: ``bow`` or ``heavy``; the defender's as heavy troops)."""
        terrain = 0 if interception else {"river": 1, "mountain": 2}.get(conn or "", 0)
        disorganized = {"att": heads(self.known, att) > 1, "def": heads(self.known, defn) > 1}
        groups = army_groups(self.known)

        def build(a: list[Fighter], ar: list[bool], d: list[Fighter], dr: list[bool]) -> Battle:
            return Battle("field", a, d, ar, dr, abilities="field", crossing=conn, sealand=area == "sealand",
                          terrain_dice=terrain, terrain_mede=conn == "mede" and not interception,
                          disorganized=disorganized, interception=interception, groups=groups,
                          chariots={"att": chariots})

        # the question's key seeds its samples: heavy chariots (the default) keep the key they always had
        parts = ["field", area, conn, interception] + ([chariots] if chariots != "heavy" else [])
        return self._chance(parts, att, defn, build)

    def assault(self, att: Group, defn: Group, area: str, level: int, fortress: bool) -> float:
        """The besiegers' chance of taking the city of `area` by assault (6.8.2: the defenders' dice doubled,
        the city's `level` dice; a fortress -1 to the attackers)."""
        city = {"side": "def", "dice": level, "fortress": fortress}

        def build(a: list[Fighter], ar: list[bool], d: list[Fighter], dr: list[bool]) -> Battle:
            return Battle("assault", a, d, ar, dr, abilities="siege", city=city, dice_factor={"def": 2})

        return self._chance(["assault", area, level, fortress], att, defn, build)

    def _chance(self, parts: list[Any], att: Group, defn: Group, build: Any) -> float:
        key = repr([*parts, group_key(att), group_key(defn)])
        found = _CACHE.get(key)
        if found is None:
            found = _CACHE[key] = self._resolve(key, att, defn, build).winner.get("att", 0.0)
            if len(_CACHE) > CACHE_SIZE:
                _CACHE.clear()
                _CACHE[key] = found
        return found

    def _resolve(self, key: str, att: Group, defn: Group, build: Any) -> Tally:
        """Exact when nothing is unseen and the battle small (:data:`EXACT_PIECES`), else :data:`SAMPLES` resolutions
        from the question (what the role knows), a new draw of the unseen pieces every :data:`BATCH`."""
        if not att.uncertain and not defn.uncertain:
            res = Resolver(build(list(att.seen), list(att.seen_red), list(defn.seen), list(defn.seen_red)))
            if len(att.seen) + len(defn.seen) <= EXACT_PIECES:
                try:
                    return exact(res)
                except TooBig:
                    pass
            return simulate(res, SAMPLES, seed_of(key))
        a, ar, apools = self.known.layout(att)
        d, dr, dpools = self.known.layout(defn)
        res = Resolver(build(a, ar, d, dr))
        current: list[tuple[Side, Side]] = []

        def starts(r: random.Random) -> tuple[Side, Side]:
            if len(current) % BATCH == 0:
                current.append((Known.draw(att, apools, r), Known.draw(defn, dpools, r)))
            else:
                current.append(current[-1])
            return current[-1]

        return simulate(res, SAMPLES, seed_of(key), starts)
