"""Issue 19: every registered game as a PettingZoo AEC environment — PettingZoo's api_test and seed_test,
whole games with rewards at the end, action masks that are the legal actions, observations from the role's
view only, and rendering."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ashur.adapters import pettingzoo as apz
from ashur.core import registry
from tests.adapters.conftest import scenario_of

GAMES = registry.game_ids()


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.simplefilter("ignore", UserWarning)  # api_test's advice on naming agents, ids outside a table


@pytest.mark.parametrize("game_id", [*GAMES, "tiny"])
def test_api_test(game_id: str) -> None:
    env = apz.env(game=game_id, scenario=scenario_of(game_id), max_steps=200, obs_size=1024)
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("game_id", [*GAMES, "tiny"])
def test_seed_test(game_id: str) -> None:
    seed_test(lambda: apz.env(game=game_id, scenario=scenario_of(game_id), max_steps=100, obs_size=1024),
              num_cycles=100)


def _play(env: apz.AshurEnv, seed: int, limit: int = 100_000) -> tuple[int, dict[str, float]]:
    """A random game by the masks to the end (or `limit` steps); the steps taken and the final rewards."""
    env.reset(seed=seed)
    r = random.Random(seed)
    steps = 0
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        _obs, reward, done, cut, _info = env.last(observe=False)
        if done or cut:
            final[agent] = float(reward)
            env.step(None)
            continue
        legal = np.flatnonzero(env.action_mask(agent))
        env.step(int(r.choice(list(legal))))
        steps += 1
        if steps >= limit:
            break
    return steps, final


def test_whole_games_end_with_the_terminal_rewards() -> None:
    env = apz.env(game="tiny", scenario="basic")
    for seed in range(3):
        _steps, final = _play(env, seed)
        assert env.agents == []
        assert env.state is not None
        result = env.game.result(env.state)
        assert result["over"]
        winners = result["winners"]
        for role in env.possible_agents:
            expected = (2.0 / len(winners) - 1.0) if role in winners else -1.0
            assert final[role] == expected


def test_a_whole_two_rivers_game() -> None:
    env = apz.env(game="assyrian-wars", scenario="two_rivers", obs_size=1024)
    steps, final = _play(env, 12)
    assert sorted(final) == sorted(env.possible_agents)
    assert env.agents == [] and steps > 100
    assert env.game.result(env.state)["over"]


def test_the_action_mask_is_the_legal_actions_and_others_are_refused() -> None:
    env = apz.env(game="assyrian-wars", scenario="two_rivers", obs_size=1024)
    env.reset(seed=5)
    agent = env.agent_selection
    obs, *_ = env.last()
    mask = obs["action_mask"]
    legal = {a["id"] for a in env.game.legal_actions(env.state, agent)}
    assert {env.action_id(agent, int(i)) for i in np.flatnonzero(mask)} == legal
    others = [a for a in env.possible_agents if a != agent and a not in env.game.active(env.state)]
    assert others and not env.observe(others[0])["action_mask"].any()
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)


@pytest.mark.parametrize(("game_id", "steps"), [("assyrian-wars", 200), ("tiny", 12)])
def test_observations_never_depend_on_what_the_role_may_not_know(game_id: str, steps: int) -> None:
    """Scrambling every secret of a role (``Game.scramble``) leaves its observation (view vector and mask) alone."""
    env = apz.env(game=game_id, scenario=scenario_of(game_id), obs_size=2048)
    env.reset(seed=8)
    r = random.Random(8)
    changed = 0
    for step in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        if step % max(1, steps // 6) == 0:
            true_state = env.state
            for role in env.possible_agents:
                before = env.observe(role)
                env.state = env.game.scramble(true_state, role, 1000 + step)
                env._legal_cache = None
                after = env.observe(role)
                changed += env.state != true_state
                env.state = true_state
                env._legal_cache = None
                assert np.array_equal(before["observation"], after["observation"])
                assert np.array_equal(before["action_mask"], after["action_mask"])
        legal = np.flatnonzero(env.action_mask(agent))
        env.step(int(r.choice(list(legal))))
    assert changed


def test_render_ansi_is_the_terminal_table_and_rgb_array_an_image() -> None:
    env = apz.env(game="assyrian-wars", scenario="two_rivers", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Assyria" in text
    pytest.importorskip("PIL")
    env = apz.env(game="assyrian-wars", scenario="two_rivers", render_mode="rgb_array")
    env.reset(seed=1)
    img = env.render()
    assert isinstance(img, np.ndarray) and img.ndim == 3 and img.shape[2] == 3 and img.dtype == np.uint8
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 3  # areas in several colours


def test_options_and_spaces() -> None:
    env = apz.env(game="assyrian-wars", scenario="two_rivers", options={"players": 2}, obs_size=512)
    assert len(env.possible_agents) == 2
    agent = env.possible_agents[0]
    assert env.observation_space(agent)["observation"].shape == (512,)
    assert env.action_space(agent).n == env.table.size


def test_simultaneous_decisions_are_serialized_in_seating_order_and_stay_secret() -> None:
    """Both tiny roles bid at once: red (first seat) is selected first, then blue, whose observation is the
    same whichever bid red made."""
    seen = []
    for bid in ("bid:0", "bid:2"):
        env = apz.env(game="tiny", scenario="basic", obs_size=512)
        env.reset(seed=4)
        assert env.agent_selection == "red"
        env.step(env.table.code(bid))
        assert env.agent_selection == "blue"
        seen.append(env.observe("blue"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


def test_the_training_loop_of_the_docs_runs() -> None:
    """scripts/research_train.py (docs/research.md): REINFORCE over the env, a few tiny episodes."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "research_train.py"
    spec = importlib.util.spec_from_file_location("research_train", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    history = module.train("tiny", "basic", 4, 0.5, 256, 1, 0)
    assert len(history) == 4
    assert all(set(h) >= {"red", "blue"} for h in history)
