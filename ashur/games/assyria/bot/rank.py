"""The heuristic player of Assyria: a score per legal action from the role's view only (never the state).

A sensible player at the table: it places huts where its cards can feed them (river hexes for camels,
the land between the rivers for prestige, corners where wells will fit), takes the columns whose symbols
fit its hexes, feeds its most valuable huts first, digs every well it can, builds and raises ziggurats,
and spends the rest on intrigue when Assur pays and on offerings when it owns ziggurats. The weights are
data (``weights.yaml``). Each score comes with its reason, message parts ``as.bot.*`` of the game's catalogs
(``messages/<lang>/bot.yaml``), read in each reader's language.
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core.contract import Action, Reason, message
from ashur.games.assyria.content import Content
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import board, refs
from ashur.games.assyria.rules.flood import ranking, reign_cards

from .weights import Weights, weights

TOTAL_TURNS = sum(refs.REIGN_TURNS)
Scored = tuple[float, Reason]


def why(key: str, **params: Any) -> Reason:
    """A reason of one part: the message ``as.bot.<key>`` with `params`."""
    return [message(f"as.bot.{key}", **params)]

HIGHER_STEP = {0: 1, 1: 3, 2: 4}
"""Flood III: the points the next hut on the higher dignitary adds (1, 4, 8 for 1, 2, 3 huts)."""


def _ctx(view: dict[str, Any], content: Content) -> Ctx:
    """A read-only stand-in state built from the view (the public table), for the board queries."""
    players = {r: dict(p, cards=[c["id"] for c in p["cards"]], bought=False, offered=False, wells_turn=0)
               for r, p in view["players"].items()}
    state = {"players": view["players_count"], "roles": view["roles"], "huts": view["huts"], "fed": view["fed"],
             "zigs": view["zigs"], "wells": view["wells"], "wells_stock": view["wells_stock"], "p": players,
             "turn": view["turn"], "reign": view["reign"], "dignitaries": view["dignitaries"],
             "exp_display": [], "bonus": False}
    return Ctx(state, content)


class Ranker:
    """The scores of one decision's actions."""

    def __init__(self, view: dict[str, Any], content: Content, w: Weights) -> None:
        self.v, self.c, self.w = view, content, w
        self.role = view["role"]
        self.ctx = _ctx(view, content)
        self.me = view["players"][self.role]
        symbols: dict[str, int] = {}
        wild = 1 if self.me["plow"] else 0
        for card in self.me["cards"]:
            if card["kind"] == "wild":
                wild += 1
            else:
                symbols[card["kind"]] = symbols.get(card["kind"], 0) + card["symbols"]
        self.symbols, self.wild = symbols, wild

    # --- shared estimates --------------------------------------------------------------------------
    def surplus(self, extra: list[str] | None = None) -> tuple[dict[str, int], int]:
        """Symbols left per kind and wild units left once every hut of ours (and `extra`) is fed."""
        need: dict[str, int] = {}
        for h in [*board.huts_of(self.ctx, self.role), *(extra or [])]:
            k = self.c.hexes[h].food
            need[k] = need.get(k, 0) + 1
        left = dict(self.symbols)
        wild = self.wild
        for k, n in need.items():
            have = left.get(k, 0)
            left[k] = have - n
            if have < n:
                wild -= n - have
        return left, wild

    def hut_value(self, h: str) -> float:
        """What a fed hut on `h` brings this turn: prestige, or camels on a river."""
        x = self.c.hexes[h]
        if x.river:
            mine = sum(1 for o in board.huts_of(self.ctx, self.role) if self.c.hexes[o].river == x.river and o != h)
            return self.w.river_first if mine == 0 else self.w.river_next
        return float(board.hut_prestige(self.ctx, h))

    def well_corners(self, h: str) -> int:
        """New corners where three of our huts would meet with a hut on `h`, and a well could go."""
        geo = self.ctx.geo
        if self.c.hexes[h].between or self.ctx.s["wells_stock"] <= 0:
            return 0
        n = 0
        for v in geo.vertices_of_hex[h]:
            tri = geo.vertices[v]
            if v in self.ctx.s["wells"] or any(self.c.hexes[t].between for t in tri):
                continue
            if any(t in self.ctx.s["zigs"] for t in geo.near_vertex[v]):
                continue
            if all(t == h or self.ctx.s["huts"].get(t) == self.role for t in tri):
                n += 1
        return n

    def turns_left(self) -> int:
        return TOTAL_TURNS - int(self.v["turn"])

    def reign_estimate(self) -> list[int]:
        """The cards of this reign's Assur: those on display and about 3 for each turn still to come."""
        cards = list(self.v["expansion"])
        cards += [3] * (refs.REIGN_TURNS[self.v["reign"] - 1] - self.v["turn_in_reign"])
        if self.v["bonus"]:
            cards.append(self.v["bonus"])
        return sorted(cards, reverse=True)

    def assur_points(self, digs: dict[str, list[str]]) -> float:
        """Our Assur points (Flood II) if the dignitaries stayed as `digs`."""
        self.ctx.s["dignitaries"] = digs
        try:
            order = ranking(self.ctx)
        finally:
            self.ctx.s["dignitaries"] = self.v["dignitaries"]
        if self.role not in order:
            return 0.0
        cards = self.reign_estimate()
        i = order.index(self.role)
        if self.v["players_count"] == 2:
            return float(sum(cards) if i == 0 else (0 if self.v["reign"] == 1 else min(cards)))
        return float(sum(cards[i:]))

    # --- per decision ------------------------------------------------------------------------------
    def start(self, h: str) -> Scored:
        geo = self.ctx.geo
        ring = set(geo.neighbours[h])
        for n in list(ring):
            ring.update(geo.neighbours[n])
        ring.discard(h)
        kinds = {self.c.hexes[x].food for x in ring}
        score = sum(2.0 if self.c.hexes[x].between else 1.5 if self.c.hexes[x].river else 1.0 for x in ring)
        score += 0.5 * len(kinds)
        return score, why("start", hex=h, n=len(ring), kinds=len(kinds))

    def card_value(self, kind: str, symbols: int) -> float:
        if kind == "wild":
            return self.w.column_wild
        reach = set(board.hut_targets(self.ctx, self.role)) | set(board.huts_of(self.ctx, self.role))
        useful = sum(1 for h in reach if self.c.hexes[h].food == kind)
        if not reach:
            return symbols * self.w.column_symbol * 0.8
        return min(symbols, useful) * self.w.column_symbol + max(0, symbols - useful) * self.w.column_useless

    def column(self, act: Action) -> Scored:
        i = act["params"]["column"]
        col = self.v["columns"][i - 1]
        value = sum(self.card_value(c["kind"], c["symbols"]) for c in col)
        value += self.w.column_order * (len(self.v["columns"]) - i)
        return value, why("column", column=i, value=f"{value:.1f}")

    def hut(self, h: str) -> Scored:
        left, wild = self.surplus([h])
        k = self.c.hexes[h].food
        if left.get(k, 0) >= 0 and wild >= 0:
            feed, how = 0.0, "hut_fed"
        elif wild >= 0:
            feed, how = self.w.hut_wild_fed, "hut_wild"
        else:
            feed, how = self.w.hut_unfed, "hut_unfed"
        geo = self.ctx.geo
        frontier = sum(1 for n in geo.neighbours[h] if board.owner(self.ctx, n) is None)
        score = feed + self.hut_value(h) + self.w.well_potential * self.well_corners(h) + self.w.frontier * frontier
        return score, why(how, hex=h, food=k)

    def feed(self, h: str) -> Scored:
        value = self.hut_value(h) + self.w.well_potential * self.well_corners(h)
        return 1.0 + value, why("feed", hex=h, value=f"{value:.1f}")

    def discard(self, act: Action) -> Scored:
        if act["id"] == "discard:plow":
            return 0.5, why("discard_plow")
        if act["params"]["kind"] == "wild":
            return 1.0, why("discard_wild")
        return 2.0 + 0.1 * act["params"]["symbols"], why("discard_plain")

    def build(self, h: str) -> Scored:
        value = self.w.ziggurat + self.w.turns_left_tile * self.turns_left() - refs.BUILD_COST * self.w.camel
        value -= board.hut_prestige(self.ctx, h) * 0.5 * self.turns_left() / TOTAL_TURNS * 2
        return value, why("build", hex=h)

    def extend(self, act: Action) -> Scored:
        value = self.w.tile + self.w.turns_left_tile * self.turns_left() - act["params"]["camels"] * self.w.camel
        return value, why("extend", hex=act["params"]["hex"])

    def intrigue(self, act: Action) -> Scored:
        name = act["params"]["dignitary"]
        digs = {k: list(v) for k, v in self.v["dignitaries"].items()}
        before = self.assur_points(digs)
        digs[name].append(self.role)
        after = self.assur_points(digs)
        sure = 0.9 if self.v["turn_in_reign"] == refs.REIGN_TURNS[self.v["reign"] - 1] else 0.55
        gain = (after - before) * sure
        if name == "higher":
            gain += HIGHER_STEP.get(self.v["dignitaries"]["higher"].count(self.role), 0)
        elif name == "middle":
            if not self.me["plow"] and self.role not in self.v["dignitaries"]["middle"] and self.v["plows_board"]:
                gain += self.w.plow_value
        else:
            gain += self.w.camel
        value = gain - act["params"]["camels"] * self.w.camel - self.w.intrigue_margin
        return value, why("intrigue", dignitary=name, gain=f"{gain:.1f}")

    def offer(self, n: int) -> Scored:
        sites = len(board.zigs_of(self.ctx, self.role))
        if sites < self.w.offering_min_sites:
            return -1.0, why("offer_none")
        return sites * n - n * self.w.camel, why("offer", n=n, sites=sites)

    def buy(self, act: Action) -> Scored:
        if act["id"] == "buy:plow":
            return self.w.plow_value - act["params"]["camels"] * self.w.camel, why("buy_plow")
        left, _ = self.surplus()
        kind = act["params"]["kind"]
        if kind == "wild":
            useful = 1.0
        else:
            frontier = [h for h in board.hut_targets(self.ctx, self.role) if self.c.hexes[h].food == kind]
            useful = min(act["params"]["symbols"], len(frontier) + max(0, -left.get(kind, 0)))
        value = useful * self.w.buy_symbol - act["params"]["camels"] * self.w.camel
        return value, why("buy", useful=f"{useful:g}")

    def one(self, act: Action) -> Scored:
        head, _, arg = act["id"].partition(":")
        if head == "start":
            return self.start(arg)
        if head == "draft":
            p = act["params"]
            return self.card_value(p["kind"], p["symbols"]), why("draft")
        if head == "column":
            return self.column(act)
        if head == "hut":
            return self.hut(arg)
        if head == "discard":
            return self.discard(act)
        if head == "feed":
            return self.feed(arg)
        if head == "drop":
            return 0.0, why("drop")
        if head == "well":
            return 10.0 + refs.WELL_POINTS[self.v["reign"] - 1], why("well")
        if head == "build":
            return self.build(arg)
        if head == "extend":
            return self.extend(act)
        if head == "intrigue":
            return self.intrigue(act)
        if head == "offer":
            return self.offer(int(arg))
        if head == "buy":
            return self.buy(act)
        return self.w.done, why("done")


def rank(view: dict[str, Any], actions: list[Action], content: Content) -> list[Scored]:
    """A score and a reason (message parts ``as.bot.*``) per action (same order), from `view` alone."""
    if not actions:
        return []
    r = Ranker(view, content, weights())
    return [r.one(a) for a in actions]


def evaluate(view: dict[str, Any], role: str) -> float:
    """How `role` stands: its score (with half its camels) against the best other player's, in [-1, 1]."""
    players = view["players"]

    def worth(r: str) -> float:
        p = players[r]
        return float(p["score"]) + p["camels"] / 2.0

    if view.get("over"):
        winners = view.get("winners") or []
        if role in winners:
            return 1.0 if len(winners) == 1 else 2.0 / len(winners) - 1.0
        return -1.0
    others = [worth(r) for r in players if r != role]
    diff = worth(role) - (max(others) if others else 0.0)
    return math.tanh(diff / 20.0)


__all__ = ["Ranker", "evaluate", "rank", "reign_cards"]
