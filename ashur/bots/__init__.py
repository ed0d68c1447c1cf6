"""Bots play over the contract only: they read the legal actions and choose one.

Kinds are pluggable by name: :func:`register` a factory, then ask for ``bot:NAME`` in a seat. A kind registered
with parameters takes them as a query: ``bot:ismcts?ms=1000`` or ``bot:ismcts?iterations=200&c=0.7``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import parse_qsl

from ashur.core.contract import Action, Game
from ashur.core.errors import SetupError

State = dict[str, Any]


class Bot(Protocol):
    """A decision maker for one seat."""

    def choose(self, game: Game, state: State, role: str, actions: list[Action]) -> str:
        """The id of one of `actions`."""
        ...


BotFactory = Callable[..., Bot]
_FACTORIES: dict[str, BotFactory] = {}
_WITH_PARAMS: set[str] = set()


def register(name: str, factory: BotFactory, *, params: bool = False) -> None:
    """Make a bot kind available under `name`. Its factory takes a seed, and with `params` also the
    parameters of the seat's query as a second argument (a dict of strings, to check and refuse)."""
    _FACTORIES[name] = factory
    if params:
        _WITH_PARAMS.add(name)


def kinds() -> list[str]:
    _builtin()
    return sorted(_FACTORIES)


def parse_kind(kind: str) -> tuple[str, dict[str, str]]:
    """``NAME`` or ``NAME?KEY=VALUE&...`` as the name and its parameters; SetupError for a malformed query."""
    name, sep, query = kind.partition("?")
    if not sep:
        return name, {}
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise SetupError(f"bot kind {kind!r}: the parameters must read KEY=VALUE&KEY=VALUE") from None
    params: dict[str, str] = {}
    for key, value in pairs:
        if key in params:
            raise SetupError(f"bot kind {kind!r}: parameter {key!r} is given twice")
        params[key] = value
    return name, params


def make(kind: str, seed: int) -> Bot:
    """A bot of `kind` (``NAME`` or ``NAME?KEY=VALUE&...``) seeded with `seed`; SetupError names the known
    kinds, a kind that takes no parameters, or the bad parameter."""
    _builtin()
    name, params = parse_kind(kind)
    if name not in _FACTORIES:
        raise SetupError(f"unknown bot kind {name!r} (kinds: {', '.join(sorted(_FACTORIES))})")
    if name in _WITH_PARAMS:
        return _FACTORIES[name](seed, params)
    if "?" in kind:
        raise SetupError(f"bot kind {name!r} takes no parameters (given: {kind!r})")
    return _FACTORIES[name](seed)


def _builtin() -> None:
    if "random" not in _FACTORIES:
        from ashur.bots.heuristic import HeuristicBot
        from ashur.bots.ismcts import IsmctsBot
        from ashur.bots.random_bot import RandomBot
        from ashur.bots.weighted_bot import WeightedBot

        register("random", RandomBot)
        register("eager", lambda seed: WeightedBot(seed, "eager"))
        register("heuristic", HeuristicBot)
        register("ismcts", lambda seed, params: IsmctsBot(seed, params, make), params=True)
