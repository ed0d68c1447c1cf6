"""The lone-action probe (issue 12): with the option ``auto_forced`` the engine asks whether a prompt has
a single legal action (3.1) without building a long list whole (the impulse menu, a moving force's next
steps, 6.6). The probe must agree with the whole list at every prompt of random games, and a list it gives
whole must be the prompt's list in its own order."""

from __future__ import annotations

import random

from ashur.core.contract import resolve_options
from ashur.core.registry import get_game
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import content
from ashur.games.assyrian_wars.rules.course.impulse import PROBE_FIRST, PROBE_LAST
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS


def _prompts(scenario: str, seed: int, steps: int):
    """Yield (state, frame, actor) at every prompt of one actor in a random game of `steps` decisions."""
    game = get_game("assyrian-wars")
    opts = resolve_options(game, {})
    roles = game.roles(scenario, opts)
    state = game.setup(scenario, seed, opts, {r: "bot:random" for r in roles})
    rng = random.Random(seed)
    for _ in range(steps):
        if game.result(state)["over"]:
            return
        role = game.active(state)[0]
        frame = state["stack"][-1]
        deciders = FLOW.step(frame).deciders(Ctx(state, content(), frozen=True), frame)
        if len(deciders) == 1:
            yield state, frame, deciders[0]
        state = game.act(state, role, rng.choice(game.legal_actions(state, role))["id"])


def test_the_probe_agrees_with_the_whole_list_in_random_games() -> None:
    seen = lone = 0
    partial: set[str] = set()
    kinds: set[str] = set()
    for scenario, seed in (("campaign", 5), ("two_rivers", 6)):
        for state, frame, actor in _prompts(scenario, seed, 350):
            step = FLOW.step(frame)
            kinds.add(frame["step"])
            whole_list = step.actions(Ctx(state, content(), frozen=True), frame, actor)
            part, whole = step.first_actions(Ctx(state, content(), frozen=True), frame, actor, 2)
            ids = [a["id"] for a in whole_list]
            if whole:
                assert part == whole_list  # the prompt's own list, in its own order
                lone += len(whole_list) == 1
            else:
                assert len(whole_list) >= 2  # a part only when there are two choices at least
                partial.add(frame["step"])
                assert {a["id"] for a in part} <= set(ids)
            # one frozen Ctx answering the probe first, then the whole list: the same list as a fresh one
            ctx = Ctx(state, content(), frozen=True)
            step.first_actions(ctx, frame, actor, 2)
            assert [a["id"] for a in step.actions(ctx, frame, actor)] == ids
            seen += 1
    assert seen > 200
    assert lone < seen
    assert {"impulse", "move"} <= kinds
    assert {"impulse", "move"} <= partial  # both stop early in some prompts


def test_the_probe_order_names_real_menu_entries_once() -> None:
    prefixes = {e.prefix for e in HOOKS.menu_entries()}
    named = [*PROBE_FIRST, *PROBE_LAST]
    assert set(named) <= prefixes
    assert len(named) == len(set(named))
