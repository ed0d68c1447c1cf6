"""The research adapters' tests (issue 19): not collected when OpenSpiel or PettingZoo is not installed (they
come with the ``research`` and ``test`` extras); the tiny test game registered too, as a second game."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

from ashur.core import registry
from tests.core.tinygame import GAME as TINY

MISSING = [m for m in ("pyspiel", "pettingzoo", "gymnasium", "greenlet") if importlib.util.find_spec(m) is None]
collect_ignore_glob = ["test_*.py"] if MISSING else []

SHORT = {"assyrian-wars": "two_rivers"}
"""The scenario the tests play of each game (a game not listed: its first scenario, cut by a step limit)."""


def scenario_of(game_id: str) -> str:
    """The scenario the tests play of `game_id`."""
    if game_id in SHORT:
        return SHORT[game_id]
    return next(iter(registry.get_game(game_id).scenarios()))


@pytest.fixture(autouse=True, scope="package")
def tiny_here() -> Iterator[None]:
    """The tiny game registered in this process too (a small whole game for every adapter). It stays registered:
    with pytest-xdist a worker may interleave these tests with the core tests, whose session fixture registers
    the same game and must not find it gone (OpenSpiel cannot forget a registered game either)."""
    registry.register(TINY)
    yield
