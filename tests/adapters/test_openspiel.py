"""Issue 19: every registered game as an OpenSpiel game — OpenSpiel's own random simulation test, explicit
chance nodes that are exactly the engine's draws, copies and serialization in the middle of a move, observations
that depend on nothing the player may not know, and OpenSpiel's ISMCTS bot playing through the adapter.

Speed is measured by scripts/bench_adapters.py, never here. Whole Assyrian Wars games (random simulation test
and ISMCTS) are played by scripts/research_slow.py; here the games are cut by ``max_steps``."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from ashur.adapters import openspiel as aos
from ashur.adapters.common import canonical
from ashur.core import registry, rng
from ashur.core.contract import resolve_options
from tests.adapters.conftest import scenario_of

GAMES = registry.game_ids()


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.simplefilter("ignore", UserWarning)  # an id outside a game's table gets a headroom number


def _load(game_id: str, **params: object) -> pyspiel.Game:
    return aos.load(game_id, **params)


def _sample(state: pyspiel.State, r: random.Random) -> int:
    if state.is_chance_node():
        return int(r.choice(state.chance_outcomes())[0])
    return int(r.choice(state.legal_actions()))


def test_every_registered_game_is_an_openspiel_game() -> None:
    aos.register_all()  # the tiny game was registered after the import
    names = pyspiel.registered_names()
    for gid in registry.game_ids():
        assert aos.short_name(gid) in names
    game = pyspiel.load_game("ashur_assyrian_wars", {"scenario": "two_rivers"})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3
    assert "fog_of_war" in t.parameter_specification and "scenario" in t.parameter_specification


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_test_with_serialization(game_id: str) -> None:
    """OpenSpiel's own checks (clone, serialize, legal masks, action strings, observations of every player at
    every step, returns) on a game cut after 120 player moves (whole games: scripts/research_slow.py)."""
    game = _load(game_id, scenario=scenario_of(game_id), max_steps=120)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_on_whole_tiny_games() -> None:
    """Whole games to the end, with terminal returns, on the small second game."""
    aos.register("tiny")
    pyspiel.random_sim_test(_load("tiny"), num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "scenario", "moves"), [("tiny", "basic", 10_000),
                                                             ("assyrian-wars", "two_rivers", 150)])
def test_the_chance_nodes_are_exactly_the_engines_draws(game_id: str, scenario: str, moves: int) -> None:
    """Given the outcomes the engine's own generator would draw (in order), the adapter reaches byte for byte
    the state that setup and apply reach: the chance nodes are the engine's draws, one for one, and the
    adapter adds no rule of its own."""
    aos.register(game_id)
    seed = 4242
    game = _load(game_id, scenario=scenario, seed=seed)
    shadow = {"rng": rng.seed_state(seed)}
    state = game.new_initial_state()
    assert state.is_chance_node()  # the setup shuffles
    r = random.Random(1)
    ids: list[tuple[str, str]] = []
    roles = game.roles
    while not state.is_terminal() and len(ids) < moves:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            n = len(outcomes)
            assert all(p == pytest.approx(1.0 / n) for _, p in outcomes)
            state.apply_action(rng.below(shadow, n))
        else:
            a = r.choice(state.legal_actions())
            ids.append((roles[state.current_player()], state.action_id(a)))
            state.apply_action(a)
    while state.is_chance_node():
        state.apply_action(rng.below(shadow, len(state.chance_outcomes())))
    eng = registry.get_game(game_id)
    opts = resolve_options(eng, {})
    s = eng.setup(scenario, seed, opts, {r: "bot:random" for r in eng.roles(scenario, opts)})
    for role, aid in ids:
        eng.apply(s, role, aid)
    assert canonical(state.engine_state()) == canonical(s)
    assert rng.draws(s) == shadow["rng"]["n"]


def _to_a_move_with_draws(game: pyspiel.Game, r: random.Random, draws: int) -> pyspiel.State:
    """A state at the first chance node of a player's move that makes at least `draws` draws."""
    state = game.new_initial_state()
    while True:
        assert not state.is_terminal(), "no move with enough draws"
        if not state.is_chance_node():
            trial = state.clone()
            trial.apply_action(_sample(trial, r))
            made = 0
            probe = trial.clone()
            while probe.is_chance_node() and made < draws:
                probe.apply_action(0)
                made += 1
            if made >= draws:
                return trial
            state = trial
        else:
            state.apply_action(_sample(state, r))


@pytest.mark.parametrize("owned", [False, True])
def test_a_copy_or_a_serialized_state_in_the_middle_of_a_move_goes_on_alike(owned: bool) -> None:
    """A clone (and a deserialized copy) of a state halfway through a move's draws runs the move again with
    the outcomes known so far, and then follows the original outcome for outcome. With `owned`, the state was
    never copied before the move, so the move ran in place (``apply``) and the copies replay the history."""
    game = _load("assyrian-wars", scenario="two_rivers")
    r = random.Random(3)
    state = _to_a_move_with_draws(game, r, 3)
    state.apply_action(_sample(state, r))  # one draw in
    if owned:
        fresh = game.new_initial_state()
        for a in state.history():
            fresh.apply_action(a)
        assert fresh._node.base is None and fresh._node.need is not None  # applied in place
        state = fresh
    copy = state.clone()
    thawed = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(copy) == str(state) == str(thawed)
    assert copy.history() == state.history() == thawed.history()
    while state.is_chance_node():
        a = _sample(state, r)
        for s in (state, copy, thawed):
            s.apply_action(a)
    assert str(copy) == str(state) == str(thawed)
    assert canonical(copy.engine_state()) == canonical(state.engine_state()) == canonical(thawed.engine_state())
    for _ in range(30):  # and on alike, each on its own engine state
        a = _sample(state, r)
        for s in (state, copy, thawed):
            s.apply_action(a)
    assert canonical(copy.engine_state()) == canonical(state.engine_state()) == canonical(thawed.engine_state())
    assert copy.engine_state() is not state.engine_state()


def test_a_state_moved_in_place_and_one_moved_by_act_agree() -> None:
    """The hot path (a state never copied applies moves in place) and the copying path reach the same states."""
    game = _load("assyrian-wars", scenario="two_rivers")
    r = random.Random(9)
    alone, copied = game.new_initial_state(), game.new_initial_state()
    for _ in range(250):
        if alone.is_terminal():
            break
        a = _sample(alone, r)
        alone.apply_action(a)
        copied = copied.clone()  # every move from a shared state: act
        copied.apply_action(a)
    assert str(alone) == str(copied)


def _decision_points(game: pyspiel.Game, seed: int, moves: int, every: int) -> list[pyspiel.State]:
    state = game.new_initial_state()
    r = random.Random(seed)
    found: list[pyspiel.State] = []
    n = 0
    while not state.is_terminal() and n < moves:
        if not state.is_chance_node():
            n += 1
            if n % every == 0:
                found.append(state.clone())
        state.apply_action(_sample(state, r))
    return found


@pytest.mark.parametrize(("game_id", "moves", "every"), [("assyrian-wars", 240, 40), ("tiny", 40, 3)])
def test_observations_never_depend_on_what_the_player_may_not_know(game_id: str, moves: int, every: int) -> None:
    """Scramble everything a player may not know (``Game.scramble``, through resample_from_infostate): its
    observation and information-state strings and tensors stay the same, for every player at each point."""
    aos.register(game_id)
    game = _load(game_id, scenario=scenario_of(game_id), obs_size=2048)
    points = _decision_points(game, 11, moves, every)
    assert points
    checked = 0
    for state in points:
        for p in range(game.num_players()):
            for k, seed in enumerate((0.123, 0.777)):
                other = state.resample_from_infostate(p, lambda seed=seed: seed)
                assert other.history() == state.history()
                assert other.observation_string(p) == state.observation_string(p)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
                assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
                if k == 0 and canonical(other.engine_state()) != canonical(state.engine_state()):
                    checked += 1
    assert checked, "the scrambles changed nothing: the test would prove nothing"


def test_the_information_state_remembers_the_players_own_moves() -> None:
    """Perfect recall: the information state counts the player's own moves (the view alone may forget them)."""
    game = _load("assyrian-wars", scenario="two_rivers")
    state = _decision_points(game, 5, 30, 30)[0]
    p = state.current_player()
    text = state.information_state_string(p)
    assert text.startswith(f"{game.roles[p]} moves=")
    assert len(game.information_state_tensor_shape()) == 1
    assert game.information_state_tensor_size() == 2 * game.observation_tensor_size()


def test_openspiels_ismcts_bot_plays_through_the_adapter() -> None:
    """OpenSpiel's ISMCTSBot (Python), re-drawing hidden information with resample_from_infostate, plays every
    seat of Two Rivers for 24 moves (whole games: scripts/research_slow.py), and whole tiny games."""
    game = _load("assyrian-wars", scenario="two_rivers")
    bot = aos.ismcts_bot(game, max_simulations=4, seed=7)
    assert isinstance(bot, ismcts.ISMCTSBot)
    state = game.new_initial_state()
    r = random.Random(2)
    moves = 0
    while not state.is_terminal() and moves < 24:
        if state.is_chance_node():
            state.apply_action(_sample(state, r))
            continue
        a = bot.step(state)
        assert a in state.legal_actions()
        state.apply_action(a)
        moves += 1
    assert moves == 24
    aos.register("tiny")
    tiny = _load("tiny")
    bot = aos.ismcts_bot(tiny, max_simulations=20, seed=3)
    for _ in range(2):
        state = tiny.new_initial_state()
        while not state.is_terminal():
            state.apply_action(_sample(state, r) if state.is_chance_node() else bot.step(state))
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_mcts_and_outcome_sampling_mccfr_run_on_the_tiny_game() -> None:
    """The other families: MCTS (which reads the true state: for comparison only) and outcome-sampling MCCFR
    (a few iterations; a full CFR traversal does not fit even the tiny game's 9! deck orders)."""
    aos.register("tiny")
    game = _load("tiny")
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=10, evaluator=aos.HeuristicEvaluator(game),
                       random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    r = random.Random(4)
    while not state.is_terminal():
        state.apply_action(_sample(state, r) if state.is_chance_node() else bot.step(state))
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    assert len(solver._infostates) > 0  # the tabular regrets it learned


def test_parameters_choose_the_scenario_and_options() -> None:
    game = _load("assyrian-wars", scenario="two_rivers", players=2, fog_of_war=False)
    assert game.num_players() == 2
    assert game.options["fog_of_war"] is False
    with pytest.raises(Exception, match="scenario"):
        _load("assyrian-wars", scenario="nowhere")


def test_max_steps_cuts_the_game_with_zero_returns() -> None:
    game = _load("assyrian-wars", scenario="two_rivers", max_steps=5)
    assert game.max_game_length() == 5
    state = game.new_initial_state()
    r = random.Random(0)
    while not state.is_terminal():
        state.apply_action(_sample(state, r))
    assert state.returns() == [0.0, 0.0, 0.0]
    assert sum(1 for pa in state.full_history() if pa.player >= 0) == 5


def test_simultaneous_decisions_are_serialized_in_seating_order_and_stay_secret() -> None:
    """The tiny game opens with a secret bid by both roles at once: red (first seat) moves first, then blue,
    and blue's observation and information state do not show which bid red made."""
    aos.register("tiny")
    game = _load("tiny")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    assert registry.get_game("tiny").active(state.engine_state()) == ["red", "blue"]
    assert state.current_player() == 0
    after = []
    for bid in ("bid:0", "bid:2"):
        s = state.clone()
        s.apply_action(next(a for a in s.legal_actions() if s.action_id(a) == bid))
        assert s.current_player() == 1
        after.append(s)
    low, high = after
    assert low.observation_string(1) == high.observation_string(1)
    assert low.information_state_string(1) == high.information_state_string(1)
    assert np.array_equal(low.information_state_tensor(1), high.information_state_tensor(1))
    assert low.information_state_string(0) != high.information_state_string(0)  # red remembers its own bid


def test_a_public_observer_reads_the_observer_view() -> None:
    """``private_info=NONE``: every player gets the public (``observer``) view, the same for all."""
    from open_spiel.python.observation import make_observation

    game = _load("assyrian-wars", scenario="two_rivers", obs_size=1024)
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    state = _decision_points(game, 2, 20, 20)[0]
    texts = {public.string_from(state, p) for p in range(game.num_players())}
    eng = registry.get_game("assyrian-wars")
    assert texts == {canonical(eng.view(state.engine_state(), "observer")).decode()}
    public.set_from(state, 0)
    first = public.tensor.copy()
    public.set_from(state, 2)
    assert np.array_equal(first, public.tensor) and first.any()
