"""The heuristic bot: plays the legal action the game ranks best from the role's own view.

It knows no rules. It asks the game's :meth:`~ashur.core.contract.Game.rank_actions` hook with
``view(state, role)`` — never the state itself — so by construction it decides on what its role may know
(DESIGN: hidden information). Ties go to its seeded generator; the one-line reason of its last choice is
kept in :attr:`HeuristicBot.last_reason` ("why did the bot do that?"): a :data:`~ashur.core.contract.Reason`
of message parts, the game's own or, when the game gives none, ``bot.why.no_preference`` (the table's
catalog, ``ashur/server/web/i18n/table.<lang>.json``).
"""

from __future__ import annotations

import random
from typing import Any

from ashur.core.contract import Action, Game, Reason, message

#: scores closer than this count as a tie (broken by the seeded generator)
TIE = 1e-9


class HeuristicBot:
    """Chooses the best-ranked legal action of the game's ranking hook; seeded for repeatable games."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.last_reason: Reason = []
        self.last_score = 0.0

    def choose(self, game: Game, state: dict[str, Any], role: str, actions: list[Action]) -> str:
        view = game.view(state, role)
        return self.choose_from_view(game, view, actions)

    def choose_from_view(self, game: Game, view: dict[str, Any], actions: list[Action]) -> str:
        """The choice among `actions` from `view` alone (what :meth:`choose` does after taking the view)."""
        ranked = game.rank_actions(view, actions)
        if len(ranked) != len(actions):
            raise ValueError(f"{game.id}: rank_actions gave {len(ranked)} scores for {len(actions)} actions")
        best = max(score for score, _ in ranked)
        tied = [i for i, (score, _) in enumerate(ranked) if score >= best - TIE]
        pick = tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]
        score, reason = ranked[pick]
        self.last_score = score
        self.last_reason = reason or [message("bot.why.no_preference", n=len(tied))]
        return actions[pick]["id"]
