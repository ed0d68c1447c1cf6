"""Every decision loop terminates: players who always take the same position in the legal list (first,
last, second, second to last) finish whole games. Random bots escape a zero-cost cycle by chance; these
policies would repeat it for ever, so they prove there is none on their path (DESIGN: no dead end, a
step limit)."""

from __future__ import annotations

import pytest

from ashur.core.session import Match
from ashur.games.assyrian_wars.game import GAME

LIMIT = 40_000


def _play(scenario: str, seed: int, position: int) -> int:
    m = Match.new(GAME, scenario, seed, {"sudden_end": False}, {r: "human" for r in GAME.roles(scenario, {})})
    for n in range(LIMIT):
        if GAME.result(m.state)["over"]:
            return n
        role = m.active()[0]
        actions = GAME.legal_actions(m.state, role)
        assert actions, f"dead end: {role} has no action"
        index = position if -len(actions) <= position < len(actions) else (0 if position < 0 else -1)
        m.state = GAME.act(m.state, role, actions[index]["id"])
    raise AssertionError(f"{scenario}: no end after {LIMIT} decisions always choosing action {position}")


@pytest.mark.parametrize("position", [0, -1, 1, -2])
@pytest.mark.parametrize("scenario", ["two_rivers", "rise_and_fall"])
def test_fixed_position_players_finish_the_game(scenario: str, position: int) -> None:
    assert _play(scenario, 3, position) > 0


@pytest.mark.parametrize("position", [0, -1])
def test_fixed_position_players_finish_the_campaign(position: int) -> None:
    assert _play("campaign", 3, position) > 0
