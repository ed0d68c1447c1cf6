"""Bots over the contract: kinds by name, seeded, only legal actions; the weighted bot follows its profile."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ashur import bots
from ashur.core.contract import action
from ashur.core.errors import SetupError
from ashur.core.session import Match
from tests.core.tinygame import GAME, TinyGame


class Profiled(TinyGame):
    id = "tiny-profiled"

    def bot_profile(self, name: str) -> dict[str, float]:
        return {"*": 1, "roll": 50, "end": 0} if name == "eager" else {}


def test_unknown_kind_names_the_kinds() -> None:
    with pytest.raises(SetupError, match=r"unknown bot kind 'genius'.*eager.*random"):
        bots.make("genius", 1)


def test_bots_are_seeded() -> None:
    m = Match.new(GAME, "basic", 1)
    acts = GAME.legal_actions(m.state, "red")
    a = [bots.make("random", 5).choose(GAME, m.state, "red", acts) for _ in range(3)]
    b = [bots.make("random", 5).choose(GAME, m.state, "red", acts) for _ in range(3)]
    assert a == b


def test_weighted_bot_follows_the_profile_among_legal_actions() -> None:
    game = Profiled()
    acts = [action("roll", "x", "T.2"), action("mark", "x", "T.4"), action("end", "x", "T.5")]
    bot = bots.make("eager", 3)
    picks = Counter(bot.choose(game, {}, "red", acts) for _ in range(520))
    assert picks["end"] == 0
    assert picks["roll"] > 10 * picks["mark"]
    assert set(picks) <= {"roll", "mark"}


def test_weighted_bot_weighs_prefix_and_last_part_apart() -> None:
    class Cards(Profiled):
        def bot_profile(self, name: str) -> dict[str, float]:
            return {"*": 1, "card": 1, "card:event": 0}

    acts = [action("card:7:ap", "x", "T.2"), action("card:7:event", "x", "T.4")]
    bot = bots.make("eager", 3)
    picks = Counter(bot.choose(Cards(), {}, "red", acts) for _ in range(100))
    assert picks == {"card:7:ap": 100}


def test_weighted_bot_without_a_profile_is_uniform() -> None:
    acts = [action("roll", "x", "T.2"), action("mark", "x", "T.4")]
    bot = bots.make("eager", 3)
    picks = Counter(bot.choose(GAME, {}, "red", acts) for _ in range(400))
    assert 120 < picks["roll"] < 280


def test_register_a_kind() -> None:
    class First:
        def choose(self, game: Any, state: Any, role: str, actions: list[Any]) -> str:
            return actions[0]["id"]

    bots.register("first", lambda seed: First())
    m = Match.new(GAME, "basic", 1)
    acts = GAME.legal_actions(m.state, "red")
    assert bots.make("first", 0).choose(GAME, m.state, "red", acts) == acts[0]["id"]
