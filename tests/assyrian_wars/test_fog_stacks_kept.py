"""The fog stacks (9.5) a view starts from are those of an earlier state, recomputed only where the actions
since touched a piece (issue 12). Whether the views come after every action, after every few or after a
branch taken with ``act``, the stacks are those computed from scratch."""

from __future__ import annotations

import random

from ashur.core.contract import resolve_options
from ashur.core.registry import get_game
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.fog import _stacks
from ashur.games.assyrian_wars.game import content


def _game(scenario: str, seed: int):
    game = get_game("assyrian-wars")
    opts = resolve_options(game, {})
    roles = game.roles(scenario, opts)
    return game, roles, game.setup(scenario, seed, opts, {r: "bot:random" for r in roles})


def _check(game, state, roles) -> bool:
    """View `state` for every role; True when the stacks were kept from an earlier state."""
    kept = state.memo.get("stacks_base") is not None
    for role in roles:
        game.view(state, role)
    found = state.memo["ctx"].cache["fog.stacks"]
    assert found == _stacks(Ctx(state, content()))
    return kept


def test_views_after_every_action_and_every_few_keep_the_stacks_right() -> None:
    for scenario, seed, every in (("campaign", 11, 1), ("two_rivers", 12, 7)):
        game, roles, state = _game(scenario, seed)
        rng = random.Random(seed)
        kept = 0
        for n in range(300):
            if game.result(state)["over"]:
                break
            role = game.active(state)[0]
            if n % every == 0:
                kept += _check(game, state, roles)
            game.apply(state, role, rng.choice(game.legal_actions(state, role))["id"])
        assert kept > 300 // every // 2


def test_a_branch_taken_with_act_leaves_both_states_right() -> None:
    game, roles, state = _game("rise_and_fall", 13)
    rng = random.Random(13)
    for _ in range(120):
        role = game.active(state)[0]
        _check(game, state, roles)
        acts = game.legal_actions(state, role)
        left = game.act(state, role, rng.choice(acts)["id"])
        right = game.act(state, role, rng.choice(acts)["id"])
        _check(game, left, roles)
        _check(game, right, roles)
        state = right
