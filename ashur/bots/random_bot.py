"""The random bot: uniform over the legal actions, seeded, so simulations repeat exactly."""

from __future__ import annotations

import random
from typing import Any

from ashur.core.contract import Action, Game


class RandomBot:
    """Chooses uniformly among the legal actions with its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: dict[str, Any], role: str, actions: list[Action]) -> str:
        return actions[self.rng.randrange(len(actions))]["id"]
