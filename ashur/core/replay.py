"""Replay: rebuild a game from its setup parameters and actions, checking every action was legal.

A rules fix re-runs saved games; a replay that no longer fits is reported with the first action that
diverged (DESIGN: determinism, replay).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.core.errors import AshurError, IllegalAction, ReplayDivergence
from ashur.core.registry import get_game
from ashur.core.savefile import SaveFile
from ashur.core.session import Match

State = dict[str, Any]


def start(save: SaveFile) -> Match:
    """The match at the start of a saved game (setup only); raises SetupError for bad parameters."""
    game = get_game(save.game)
    return Match.new(game, save.scenario, save.seed, save.options, save.seats)


def replay(
    save: SaveFile,
    check: Callable[[Match, int], None] | None = None,
) -> Match:
    """Replay every action of `save`. `check(match, index)` runs after each action (the fuzz checks).

    Raises ReplayDivergence naming the first action that is not legal any more.
    """
    match = start(save)
    match.keep_undo = check is not None  # the checks compare states before and after; plain replay works in place
    for index, (role, action_id) in enumerate(save.actions):
        active = match.active()
        if role not in active:
            who = ", ".join(active) or "nobody (the game is over)"
            raise ReplayDivergence(index, role, action_id, f"{role} does not decide now; {who} does")
        try:
            match.act(role, action_id)
        except IllegalAction as exc:
            raise ReplayDivergence(index, role, action_id, exc.reason + (f" (rule {exc.rule})" if exc.rule
                                                                          else "")) from None
        except AshurError:
            raise
        if check is not None:
            check(match, index)
    match.keep_undo = True
    return match
