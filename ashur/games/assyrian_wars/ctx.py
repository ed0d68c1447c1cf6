"""The rules context: the mutable game state plus the content, with the queries the rules share.

A :class:`Ctx` wraps one state for the duration of one contract call (``act`` works on a clone). It
keeps a location index of the pieces that it updates as pieces move, so queries stay cheap.

State layout (plain JSON data; see docs/architecture-assyrian-wars.md):

* ``countries[cid]``: ``active``, ``eco`` (ECO level of the turn, 7.3.3.e), ``saved`` and ``borrowed``
  APs (6.18, 6.11), ``hand`` and ``home_discard`` (card numbers), ``vp``, ``camp`` (powers),
  ``ag_sold`` (6.6.6), ``merc_kept`` (9.4), ``mulligan`` (7.3.2) and per-module fields;
* ``pieces[pid]``: every unit, leader and ship: ``nation``, ``kind``, ``loc``, ``red`` (reduced side),
  ``army`` (the leader it marches with), ``city`` (inside the city), ``hired`` (mercenary hirer);
* ``areas[aid]``: ``ctrl`` (controlling country), ``pillage``, ``damage``, ``eco_plus``, ``eco_minus``,
  ``revolt``, ``province``;
* ``diplo[cid]`` for minors, minor cities and nomads: ``power`` and ``value`` on a diplomatic track
  (6.9), ``war`` (powers whose War box holds it), ``conquest`` (powers whose Conquest box holds it);
* ``wars``: sorted pairs of countries at war; ``tribute``: this turn's tribute relations (5.2);
* ``deck``, ``discard``, ``faceup``: the cards (top of the deck is the end of the list);
* ``control``: who plays minors at war and nomads (7.4.5, 10.1.1);
* ``stack``: the control flow (:mod:`ashur.core.flow`).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from typing import Any

from ashur.core import log as corelog
from ashur.core import rng
from ashur.core.statedata import copy_record, own

State = dict[str, Any]

#: where the pieces aboard ships are (the sea zone of their ship); ``aboard`` names the ship
CARGO_PREFIX = "sea:"

OFF_MAP_PREFIXES = ("pool", "gamepool", "merc:", "regroup", "homecard", "setup", "dead", "raid:", "trade:",
                    "fw:", "ag:")


_KINDS: dict[int, dict[str, str]] = {}


def kinds_of(content: Any) -> dict[str, str]:
    """Country id -> kind (power, minor, minor_city, nomad, ...), one table per content."""
    table = _KINDS.get(id(content))
    if table is None:
        table = {cid: str(n.kind) for cid, n in content.nations.items()}
        _KINDS[id(content)] = table
    return table


class Ctx:
    """The state of one game and the content it is played on.

    A *frozen* Ctx serves the calls that only read one state (deciders, legal actions, views): the game
    keeps it in the state's memo, and it memoises the relations it computes (who is at war with whom),
    which stay true until the engine changes the state and drops the memo. A Ctx that changes the state
    memoises nothing but the location index, which it keeps up to date itself.
    """

    def __init__(self, state: State, content: Any, *, at: dict[str, list[str]] | None = None,
                 frozen: bool = False, at_own: set[str] | None = None) -> None:
        self.s = state
        self.c = content
        self._at: dict[str, list[str]] | None = at
        self._at_own = at_own
        owned = None if frozen else getattr(state, "owned", None)
        self._own_pieces: set[str] | None = owned.get("pieces") if owned is not None else None
        self._own_areas: set[str] | None = owned.get("areas") if owned is not None else None
        self._own_countries: set[str] | None = owned.get("countries") if owned is not None else None
        self._own_diplo: set[str] | None = owned.get("diplo") if owned is not None else None
        """The records of the state's copy-on-write tables this Ctx may change in place (None: all); any
        other is copied on its first change (see :func:`ashur.core.statedata.fork`)."""
        """The locations whose index lists this Ctx may change (None: all): after ``act`` forks a state, the
        lists are shared with the state before it and copied when a piece moves (copy on write)."""
        self._kind = kinds_of(content)
        self.frozen = frozen
        memo = None if frozen else getattr(state, "memo", None)
        self._touched: set[str] | None = memo.get("touched") if memo is not None else None
        """The pieces this Ctx handed out (:meth:`piece`) while the engine applies an action: what the view
        of the next state recomputes (fog stacks, issue 12); None when nobody asks."""
        self._war: dict[tuple[str, str], bool] | None = {} if frozen else None
        self.cache: dict[Any, Any] | None = {} if frozen else None
        if frozen and "pieces" in state and "areas" in state and "countries" in state:
            # a frozen Ctx neither copies records nor notes the pieces it hands out: its record getters are
            # the tables' own lookups (the menus read several hundred records a decision, issue 12)
            self.piece = state["pieces"].__getitem__  # type: ignore[method-assign]
            self.area = state["areas"].__getitem__  # type: ignore[method-assign]
            self.country = state["countries"].__getitem__  # type: ignore[method-assign]

    def memoised(self, key: tuple[Any, ...], fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(self, *args)``, computed once per frozen Ctx (one unchanging state) under `key`; a Ctx that
        changes the state computes it every time. Callers must not change the result."""
        cache = self.cache
        if cache is None:
            return fn(self, *args)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = fn(self, *args)
        return hit

    # --- logging and dice ---------------------------------------------------------------------
    def log(self, key: str, rule: str | None, *, to: list[str] | None = None, **params: Any) -> None:
        corelog.log(self.s, key, rule, to=to, **params)

    def dice(self, n: int, *, rule: str, why: str, **params: Any) -> list[int]:
        return corelog.dice(self.s, n, rule=rule, why=why, **params)

    def die(self, *, rule: str, why: str, **params: Any) -> int:
        return corelog.die(self.s, rule=rule, why=why, **params)

    def impulse_record(self, key: str, fresh: Callable[[], dict[str, Any]], *, write: bool) -> dict[str, Any]:
        """A per-impulse record (land, naval) of the state; created on first write, and a read of a missing
        one never writes to the state."""
        rec = self.s.get(key)
        if not rec:
            rec = fresh()
            if write:
                self.s[key] = rec
        return rec

    def table(self, name: str, default: Any = None) -> Any:
        """A top-level table of the state to change: the state's own copy (copy on write: after ``act`` forks
        a state, the tables in ``game.SHARED_TABLES`` are shared whole until changed, see
        :func:`ashur.core.statedata.fork`). A missing table is created from `default` when one is given."""
        if self.frozen:
            return self.s.get(name, default)
        if default is not None and name not in self.s:
            self.s[name] = default
            return default
        return own(self.s, name)

    def reveal(self) -> None:
        """Count a revealed secret (a card drawn or shown): undo may not cross it."""
        self.s["reveals"] += 1

    def random_index(self, n: int) -> int:
        return rng.below(self.s, n)

    # --- countries ----------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return int(self.s["turn"])

    def nation(self, cid: str) -> Any:
        return self.c.nations[cid]

    def kind(self, cid: str) -> str:
        return self._kind[cid]

    def is_power(self, cid: str) -> bool:
        return self._kind[cid] == "power"

    def is_minor(self, cid: str) -> bool:
        return self._kind[cid] == "minor"

    def is_nomad(self, cid: str) -> bool:
        return self._kind[cid] == "nomad"

    def is_minor_city(self, cid: str) -> bool:
        return self._kind[cid] == "minor_city"

    def country(self, cid: str) -> dict[str, Any]:
        """A country's record; in a Ctx that changes the state, the state's own copy (copy on write, as
        :meth:`piece`; its lists, such as the hand, are copied with it)."""
        co = self.s["countries"][cid]
        own = self._own_countries
        if own is not None and cid not in own:
            own.add(cid)
            co = self.s["countries"][cid] = copy_record(co)
        return co

    def in_play(self, cid: str) -> bool:
        """A country with a place in this scenario's game (powers not in the scenario are out)."""
        return cid in self.s["countries"]

    def track(self) -> list[str]:
        """The impulse track (6.0): the countries in play in impulse-track order."""
        return [cid for cid in self.s["track"] if cid in self.s["countries"]]

    def powers(self) -> list[str]:
        return [cid for cid in self.track() if self.is_power(cid)]

    def active(self, cid: str) -> bool:
        return bool(self.s["countries"].get(cid, {}).get("active"))

    # --- cards --------------------------------------------------------------------------------
    def card(self, number: int) -> Any:
        return self.c.cards[number]

    def hand(self, cid: str) -> list[int]:
        return self.country(cid)["hand"]

    def is_home_card(self, number: int) -> bool:
        return self.c.cards[number].kind == "home"

    def cards_in_hand(self, cid: str) -> int:
        """Cards on hand including home cards (3.3 counts them for preemption)."""
        return len(self.hand(cid))

    def random_cards_in_hand(self, cid: str) -> int:
        """Cards on hand without home cards (7.3.2 hand limits)."""
        return sum(1 for n in self.hand(cid) if not self.is_home_card(n))

    def draw(self, cid: str, n: int, rule: str) -> list[int]:
        """Deal `n` cards from the draw pile to `cid` (4.1: the discard pile is reshuffled when empty)."""
        got: list[int] = []
        for _ in range(n):
            if not self.s["deck"]:
                if not self.s["discard"]:
                    self.log("aw.deck_empty", rule, country=cid)
                    break
                self.s["deck"] = self.s["discard"]
                self.s["discard"] = []
                rng.shuffle(self.s, self.s["deck"])
                self.log("aw.reshuffle", "4.1", cards=len(self.s["deck"]))
            card = self.s["deck"].pop()
            self.hand(cid).append(card)
            got.append(card)
        if got:
            self.reveal()
            self.log("aw.draw_secret", rule, to=[cid], country=cid, cards=got)
            self.log("aw.draw", rule, country=cid, n=len(got))
        return got

    def discard(self, cid: str, number: int) -> None:
        """Remove a card from a hand to its discard pile (home cards to the owner's pile, 4.1)."""
        self.hand(cid).remove(number)
        owner = self.c.cards[number].owner
        if owner is not None and owner in self.s["countries"]:
            self.country(owner)["home_discard"].append(number)
        else:
            self.s["discard"].append(number)

    # --- pieces -------------------------------------------------------------------------------
    def piece(self, pid: str) -> dict[str, Any]:
        """A piece's record; in a Ctx that changes the state, the state's own copy (copy on write: after
        ``act`` forks a state, its records are shared read-only until changed, see
        :func:`ashur.core.statedata.fork`)."""
        p = self.s["pieces"][pid]
        touched = self._touched
        if touched is not None:
            touched.add(pid)
        own = self._own_pieces
        if own is not None and pid not in own:
            own.add(pid)
            p = self.s["pieces"][pid] = dict(p)
        return p

    def _index(self) -> dict[str, list[str]]:
        """Location -> sorted piece ids, built once per Ctx and kept sorted as pieces move."""
        if self._at is None:
            at: dict[str, list[str]] = {}
            for pid in sorted(self.s["pieces"]):
                at.setdefault(self.s["pieces"][pid]["loc"], []).append(pid)
            self._at = at
        return self._at

    def pieces_at(self, loc: str) -> list[str]:
        """Piece ids at a location (sorted, so every iteration order is deterministic)."""
        at = self._at if self._at is not None else self._index()
        found = at.get(loc)
        return list(found) if found else []

    def pieces_here(self, loc: str) -> list[str] | tuple[()]:
        """:meth:`pieces_at` without the copy: the index's own sorted list, which the caller must neither
        change nor hold while pieces move."""
        at = self._at if self._at is not None else self._index()
        return at.get(loc) or ()

    def locations(self) -> list[str]:
        """Every location that holds a piece now (in no particular order)."""
        at = self._at if self._at is not None else self._index()
        return [loc for loc, pids in at.items() if pids]

    def move_piece(self, pid: str, loc: str) -> None:
        """Put a piece somewhere, keeping the location index right; a piece that leaves the sea is no longer
        aboard a ship (6.16.c)."""
        p = self.piece(pid)
        if "aboard" in p and not loc.startswith(CARGO_PREFIX):
            del p["aboard"]
        at = self._at
        if at is not None and p["loc"] != loc:
            own = self._at_own
            if own is not None:
                for where in (p["loc"], loc):
                    if where not in own:
                        own.add(where)
                        at[where] = list(at.get(where, ()))
            at[p["loc"]].remove(pid)
            bisect.insort(at.setdefault(loc, []), pid)
        p["loc"] = loc

    def owner(self, pid: str) -> str:
        """The country a piece fights for: its nation, or for a hired mercenary the hiring country."""
        p = self.s["pieces"][pid]
        return p.get("hired") or p["nation"]

    def on_map(self, loc: str) -> bool:
        return not loc.startswith(OFF_MAP_PREFIXES)

    # --- diplomacy queries (the dynamics live in rules/politics*) ----------------------------
    def at_war(self, a: str, b: str) -> bool:
        """At war: a declared war (``wars``), or members of opposite camps (glossary "Camp": nations in one
        camp are at war with all nations in the other, their allied minors included)."""
        if a == b:
            return False
        memo = self._war
        if memo is not None:
            found = memo.get((a, b))
            if found is None:
                found = memo[(a, b)] = self._at_war(a, b)
            return found
        return self._at_war(a, b)

    def _at_war(self, a: str, b: str) -> bool:
        pair = [a, b] if a < b else [b, a]
        if pair in self.s["wars"]:
            return True
        for n in (a, b):
            # 10.1: nomads are at war with all countries and other tribes unless allied with a power
            if self._kind[n] == "nomad" and self.ally_power(n) is None and n not in self.s.get("substitutes", {}):
                return True
        ca, cb = self.camp(a), self.camp(b)
        return ca is not None and cb is not None and ca != cb

    def camp(self, cid: str) -> str | None:
        """The camp of a country (1.1 G): a power's own camp, or the camp of the power a minor is allied to."""
        if self.is_power(cid):
            return self.s["countries"].get(cid, {}).get("camp")
        ally = self.ally_power(cid)
        return self.s["countries"].get(ally, {}).get("camp") if ally else None

    def diplo(self, cid: str) -> dict[str, Any] | None:
        """The diplomatic record of `cid` to change (None when it has none); in a Ctx that changes the state,
        the state's own copy (copy on write, as :meth:`piece`). Readers may read ``s["diplo"]`` directly."""
        table = self.s["diplo"]
        d = table.get(cid)
        own = self._own_diplo
        if d is not None and own is not None and cid not in own:
            own.add(cid)
            d = table[cid] = copy_record(d)
        return d

    def ally_power(self, cid: str) -> str | None:
        """The power a minor, minor city or nomad is allied to (alliance status 13–15, 6.9), if any."""
        d = self.s["diplo"].get(cid)
        if not d or d.get("power") is None:
            return None
        if self._kind[cid] == "minor_city":
            return d["power"] if d.get("pact") else None
        return d["power"] if d["value"] >= 13 else None

    def status(self, cid: str, power: str) -> int:
        """The value of `cid`'s marker on `power`'s diplomatic track (0 when it is not there)."""
        d = self.s["diplo"].get(cid)
        if not d or d.get("power") != power:
            return 0
        return int(d["value"])

    def allied(self, a: str, b: str) -> bool:
        """Allies (glossary): powers in one camp, a power and its allied minors/nomads, minors of allies."""
        if a == b:
            return True
        pa = a if self.is_power(a) else self.ally_power(a)
        pb = b if self.is_power(b) else self.ally_power(b)
        if pa is None or pb is None:
            return False
        if pa == pb:
            return True
        ca, cb = self.camp(pa), self.camp(pb)
        return ca is not None and ca == cb

    def march(self, minor: str, power: str) -> bool:
        """March status or better of `minor` towards `power` (6.9: 10–15)."""
        return self.status(minor, power) >= 10

    # --- areas --------------------------------------------------------------------------------
    def area(self, aid: str) -> dict[str, Any]:
        """An area's record; in a Ctx that changes the state, the state's own copy (as :meth:`piece`)."""
        a = self.s["areas"][aid]
        own = self._own_areas
        if own is not None and aid not in own:
            own.add(aid)
            a = self.s["areas"][aid] = dict(a)
        return a

    def area_ctrl(self, aid: str) -> str | None:
        return self.s["areas"][aid]["ctrl"]

    # --- APs ----------------------------------------------------------------------------------
    @staticmethod
    def halves(ap: float) -> int:
        """An AP cost in half points (6.0 fractions are summed exactly, then rounded up once)."""
        return round(ap * 2)

    @staticmethod
    def ap_text(halves: int) -> float | int:
        return halves // 2 if halves % 2 == 0 else halves / 2

    # --- victory points ---------------------------------------------------------------------
    def award_vp(self, cid: str, n: int, rule: str, why: str, **params: Any) -> None:
        """Give VPs (8.3): a minor's VPs go to its allied power and are lost otherwise."""
        target = cid
        substitute = self.s.get("substitutes", {}).get(cid)
        if substitute is not None:
            target = substitute  # 7.1: VPs earned with a substitute country count for its player
        elif not self.is_power(cid):
            target = self.ally_power(cid) or ""
        if not target or target not in self.s["countries"]:
            self.log("aw.vp_lost", rule, country=cid, n=n, why=why, **params)
            return
        self.country(target)["vp"] += n
        self.log("aw.vp", rule, country=target, n=n, why=why, **params)


def ceil_half(halves: int) -> int:
    """APs actually paid for a sum of costs in half points (6.0: round up once)."""
    return math.ceil(halves / 2)
