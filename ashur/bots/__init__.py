"""Bots play over the contract only: they read the legal actions and choose one.

Kinds are pluggable by name: :func:`register` a factory, then ask for ``bot:NAME`` in a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ashur.core.contract import Action, Game
from ashur.core.errors import SetupError

State = dict[str, Any]


class Bot(Protocol):
    """A decision maker for one seat."""

    def choose(self, game: Game, state: State, role: str, actions: list[Action]) -> str:
        """The id of one of `actions`."""
        ...


BotFactory = Callable[[int], Bot]
_FACTORIES: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make a bot kind available under `name` (its factory takes a seed)."""
    _FACTORIES[name] = factory


def kinds() -> list[str]:
    _builtin()
    return sorted(_FACTORIES)


def make(kind: str, seed: int) -> Bot:
    """A bot of `kind` seeded with `seed`; SetupError names the known kinds."""
    _builtin()
    if kind not in _FACTORIES:
        raise SetupError(f"unknown bot kind {kind!r} (kinds: {', '.join(sorted(_FACTORIES))})")
    return _FACTORIES[kind](seed)


def _builtin() -> None:
    if "random" not in _FACTORIES:
        from ashur.bots.heuristic import HeuristicBot
        from ashur.bots.random_bot import RandomBot
        from ashur.bots.weighted_bot import WeightedBot

        register("random", RandomBot)
        register("eager", lambda seed: WeightedBot(seed, "eager"))
        register("heuristic", HeuristicBot)
