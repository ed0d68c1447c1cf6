"""The search bot ``ismcts``: single-observer information-set Monte Carlo tree search over the contract.

After Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search" (the scheme OpenSpiel's
``ismcts`` implements for its games); written here for the contract only, so it knows no game.

One decision of role R is one search. Each iteration:

1. **Determinization.** ``game.scramble(state, R, seed_i)`` gives a state consistent with what R knows: the
   other hands and the deck re-dealt, the fogged forces re-drawn, the dice re-keyed (the game re-draws
   everything R may not know, and its outcome depends on the seed and on what R knows only). The bot reads
   nothing else of `state`: two states R cannot tell apart give the same search, hence the same decision.
2. **Selection and expansion** in a tree of R's information. A node is R's own sequence of choices since the
   root (the choices R has made are what R knows of its own play; the opponents' moves and the dice are
   sampled in each determinization, so they are not part of the key, and a decision with one legal action is
   no choice). The children are R's action ids; since the legal actions at a node differ between
   determinizations, UCB1 counts a child's *availability* (the iterations in which it was legal and within
   the widening) in place of the parent's visits (the subset-armed bandit of ISMCTS). Progressive widening:
   with n visits a node considers its first ``1 + ceil(pw · √n)`` actions in the order the game's
   :meth:`~ashur.core.contract.Game.rank_actions` gives from R's view of the determinization at the node's
   first visit (``pw=0``: all). Unvisited available children are expanded first, best ranked first.
3. **Playout.** Every other role, and R once the iteration has left the tree, plays by the playout bot
   (``heuristic`` by default, one per role, its choices from each role's own view of the determinization)
   until the game ends or `horizon` decisions have been made since the root.
4. **Evaluation and backup.** A finished game is worth 1 to a sole winner, ``2/k - 1`` to one of k joint
   winners and -1 to a loser; an unfinished one is worth ``game.evaluate(view(state, R), R)`` in [-1, 1].
   The value is added to every node of the path.

The move played is the root's most visited child (ties: the higher mean, then the better ranked). With
``iterations`` the bot is deterministic for its seed; with ``ms`` it searches until the time is up (both: the
first limit reached). :attr:`IsmctsBot.last_reason` explains the last choice in one line (a
:data:`~ashur.core.contract.Reason`: ``bot.why.ismcts`` of the table's catalog with the iterations, the visit
share and the mean value), and :attr:`IsmctsBot.last_stats` holds the figures of the last search (iterations,
seconds, iterations per second).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ashur.core.contract import Action, Game, Reason, message
from ashur.core.errors import SetupError

State = dict[str, Any]

#: the parameters of ``bot:ismcts?NAME=VALUE&...``: name -> (type, default, help)
PARAMS: dict[str, tuple[type, Any, str]] = {
    "iterations": (int, None, "iterations per decision (deterministic for a seed)"),
    "ms": (int, None, "milliseconds per decision (time-bounded; default 1000 when iterations is not given)"),
    "c": (float, 0.5, "UCB1 exploration constant (values are in [-1, 1])"),
    "horizon": (int, 40, "decisions played out from the root before the position is evaluated"),
    "pw": (float, 1.0, "progressive widening: a node with n visits tries its 1 + ceil(pw * sqrt(n)) best-ranked "
                       "actions (0: all)"),
    "playout": (str, "heuristic", "the bot kind that plays the other roles and the playouts"),
}
DEFAULT_MS = 1000


@dataclass
class Node:
    """A node of the tree: R's choices from the root; per child action, visits, value sum and availability."""

    order: list[str] | None = None
    visits: int = 0
    children: dict[str, Node] = field(default_factory=dict)
    total: float = 0.0
    avail: int = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def parse_params(params: Mapping[str, str]) -> dict[str, Any]:
    """The search parameters from the seat's query (strings), checked; SetupError names the bad one."""
    out: dict[str, Any] = {name: default for name, (_, default, _) in PARAMS.items()}
    for name, raw in params.items():
        if name not in PARAMS:
            raise SetupError(f"bot:ismcts: unknown parameter {name!r} (parameters: {', '.join(PARAMS)})")
        kind = PARAMS[name][0]
        try:
            value = kind(raw)
        except ValueError:
            raise SetupError(f"bot:ismcts: {name}={raw!r} is not {'an integer' if kind is int else 'a number'}") \
                from None
        if isinstance(value, float) and not math.isfinite(value):
            raise SetupError(f"bot:ismcts: {name}={raw!r} is not a finite number")
        out[name] = value
    for name in ("iterations", "ms", "horizon"):
        if out[name] is not None and out[name] < 1:
            raise SetupError(f"bot:ismcts: {name} must be at least 1, got {out[name]}")
    for name in ("c", "pw"):
        if out[name] < 0:
            raise SetupError(f"bot:ismcts: {name} must not be negative, got {out[name]}")
    if out["playout"] == "ismcts" or out["playout"].startswith("ismcts?"):
        raise SetupError("bot:ismcts: the playout bot cannot be ismcts itself")
    if out["iterations"] is None and out["ms"] is None:
        out["ms"] = DEFAULT_MS
    return out


def _seed(*parts: Any) -> int:
    text = ":".join(str(p) for p in parts)
    return int(hashlib.sha256(text.encode()).hexdigest()[:15], 16)


class IsmctsBot:
    """Information-set MCTS for one seat (see the module's docstring); seeded for repeatable searches."""

    def __init__(self, seed: int, params: Mapping[str, str] | None, make: Callable[[str, int], Any]) -> None:
        """`make(kind, seed)` makes the playout bots (:func:`ashur.bots.make`, passed in: no import circle)."""
        p = parse_params(params or {})
        self.iterations: int | None = p["iterations"]
        self.ms: int | None = p["ms"]
        self.c: float = p["c"]
        self.horizon: int = p["horizon"]
        self.pw: float = p["pw"]
        self.playout: str = p["playout"]
        self.make = make
        make(self.playout, 0)  # an unknown playout kind is refused now, not at the first decision
        self.seed = seed
        self.decisions = 0
        self.last_reason: Reason = []
        self.last_stats: dict[str, float] = {}

    # --- the Bot protocol ---------------------------------------------------------------------
    def choose(self, game: Game, state: State, role: str, actions: list[Action]) -> str:
        ids = [a["id"] for a in actions]
        self.decisions += 1
        if len(ids) == 1:
            self.last_reason = [message("bot.why.ismcts_only")]
            self.last_stats = {"iterations": 0, "seconds": 0.0, "per_second": 0.0}
            return ids[0]
        base = _seed(self.seed, self.decisions)
        policies: dict[str, Any] = {}
        root = Node()
        start = time.perf_counter()
        deadline = start + self.ms / 1000 if self.ms is not None else math.inf
        done = 0
        while (self.iterations is None or done < self.iterations) and (done == 0 or time.perf_counter() < deadline):
            det = game.scramble(state, role, _seed(base, "det", done))
            self._iterate(game, det, role, root, policies, base)
            done += 1
        seconds = time.perf_counter() - start
        pick = self._best(root, ids)
        child = root.children.get(pick)
        visits = child.visits if child else 0
        share = visits / max(1, root.visits)
        mean = child.mean() if child else 0.0
        self.last_reason = [message("bot.why.ismcts", iterations=done, share=f"{share:.2f}", mean=f"{mean:+.2f}")]
        self.last_stats = {"iterations": done, "seconds": seconds, "per_second": done / seconds if seconds else 0.0}
        return pick

    # --- the search ---------------------------------------------------------------------------
    def _policy(self, policies: dict[str, Any], role: str, base: int) -> Any:
        """The playout bot of `role` in this search (made at its first decision, seeded from the search)."""
        if role not in policies:
            policies[role] = self.make(self.playout, _seed(base, "playout", role))
        return policies[role]

    def _iterate(self, game: Game, det: State, role: str, root: Node, policies: dict[str, Any],
                 base: int) -> None:
        """One iteration on the determinization `det` (changed in place): select, expand, play out, back up."""
        node: Node | None = root
        path = [root]
        steps = 0
        value: float | None = None
        while value is None:
            result = game.result(det)
            if result["over"]:
                value = _terminal_value(result["winners"], role)
                break
            if steps >= self.horizon:
                value = float(game.evaluate(game.view(det, role), role))
                break
            active = game.active(det)
            if not active:
                raise RuntimeError("ismcts: the game is not over but nobody decides")
            who = active[0]
            legal = game.legal_actions(det, who)
            if not legal:
                raise RuntimeError(f"ismcts: {who} must decide but has no legal action")
            if who == role and node is not None and len(legal) > 1:
                choice, child, expanded = self._select(game, det, role, node, legal)
                path.append(child)
                node = None if expanded else child
            elif len(legal) == 1:
                choice = legal[0]["id"]
            else:
                choice = self._policy(policies, who, base).choose(game, det, who, legal)
            game.apply(det, who, choice)
            steps += 1
        for n in path:
            n.visits += 1
            n.total += value

    def _select(self, game: Game, det: State, role: str, node: Node, legal: list[Action]) -> tuple[str, Node, bool]:
        """The child of `node` to follow (UCB1 over the available children, unvisited ones first)."""
        ids = [a["id"] for a in legal]
        if node.order is None:
            ranked = game.rank_actions(game.view(det, role), legal)
            node.order = [i for _, _, i in sorted((-s, k, i) for k, ((s, _), i) in enumerate(zip(ranked, ids,
                                                                                                  strict=True)))]
        known = set(node.order)
        node.order.extend(i for i in ids if i not in known)  # actions never legal before, in legal order
        legal_set = set(ids)
        available = [i for i in node.order if i in legal_set]
        if self.pw > 0:
            available = available[: 1 + math.ceil(self.pw * math.sqrt(node.visits))]
        for i in available:
            child = node.children.get(i)
            if child is None:
                child = node.children[i] = Node()
            child.avail += 1
        fresh = next((i for i in available if node.children[i].visits == 0), None)
        if fresh is not None:
            return fresh, node.children[fresh], True

        def ucb(i: str) -> float:
            ch = node.children[i]
            return ch.mean() + self.c * math.sqrt(math.log(ch.avail) / ch.visits)

        best = max(available, key=ucb)  # max keeps the first (best ranked) of equal scores
        return best, node.children[best], False

    def _best(self, root: Node, ids: list[str]) -> str:
        """The root's most visited legal child (ties: higher mean, then the better ranked)."""
        order = root.order or ids
        rank = {i: k for k, i in enumerate(order)}
        legal = [i for i in ids if i in root.children and root.children[i].visits > 0]
        if not legal:
            return min(ids, key=lambda i: rank.get(i, len(rank)))
        return min(legal, key=lambda i: (-root.children[i].visits, -root.children[i].mean(), rank.get(i, len(rank))))


def _terminal_value(winners: list[str], role: str) -> float:
    """1 for a sole winner, 2/k - 1 for one of k joint winners, -1 for a loser (or when nobody wins)."""
    if role not in winners:
        return -1.0
    return 2.0 / len(winners) - 1.0
