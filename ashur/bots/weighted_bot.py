"""A weighted random bot: random over the legal actions, each weighted by the game's bot profile.

The profile is data the game module supplies (:meth:`Game.bot_profile`): a weight per action-id prefix
(the part before the first ``:``), or per prefix and last part (``card:event`` weighs ``card:40:event``
apart from ``card:40:ap``), ``*`` for the rest. The bot knows no rules: it reads the legal-action
list of the contract like every other bot. Profiles make simulations press on with what the game is
about (sieges, conquests) instead of wandering as uniform random play does.
"""

from __future__ import annotations

import random
from typing import Any

from ashur.core.contract import Action, Game


class WeightedBot:
    """Chooses among the legal actions with probabilities proportional to the profile's weights."""

    def __init__(self, seed: int, profile: str) -> None:
        self.rng = random.Random(seed)
        self.profile = profile
        self._weights: dict[str, float] | None = None

    def choose(self, game: Game, state: dict[str, Any], role: str, actions: list[Action]) -> str:
        if self._weights is None:
            self._weights = dict(game.bot_profile(self.profile))
        weights = self._weights
        default = weights.get("*", 1.0)
        w = [max(0.0, _weight(weights, a["id"], default)) for a in actions]
        if sum(w) <= 0:
            return actions[self.rng.randrange(len(actions))]["id"]
        return self.rng.choices(actions, weights=w, k=1)[0]["id"]


def _weight(weights: dict[str, float], action_id: str, default: float) -> float:
    head, _, rest = action_id.partition(":")
    if rest:
        both = weights.get(f"{head}:{rest.rpartition(':')[2]}")
        if both is not None:
            return both
    return weights.get(head, default)
