"""The research adapters on whole games: too slow for CI, run by hand (issue 19; docs/research.md).

    .venv/bin/python scripts/research_slow.py                     # everything below, Two Rivers
    .venv/bin/python scripts/research_slow.py --only ismcts --games 2 --simulations 8

* ``simtest``: OpenSpiel's ``random_sim_test`` (with serialization) on whole games, no step limit.
* ``ismcts``: OpenSpiel's ``ISMCTSBot`` (resampling with ``Game.scramble``, leaves valued by ``Game.evaluate``)
  plays the first seat of whole games against uniformly random seats; the wins are counted.
* ``pettingzoo``: PettingZoo's ``api_test`` over whole games (``num_cycles`` large enough to reach the end).
* ``tiny``: ISMCTS (60 simulations; the tiny game has no ``evaluate``, so leaves are valued by two random
  rollouts, short in this game) against a random seat on the tests' tiny game (``tests/core/tinygame.py``),
  seats alternating, ``--games`` times 20 games.

Every part prints its wall-clock time. Nothing is asserted beyond what OpenSpiel's and PettingZoo's own tests
assert; a failure raises.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pyspiel


def simtest(game_id: str, scenario: str, games: int) -> None:
    from ashur.adapters import openspiel as aos

    game = aos.load(game_id, scenario=scenario)
    t = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=games, serialize=True, verbose=False)
    print(f"simtest: {games} whole {scenario} games passed random_sim_test in {time.perf_counter() - t:.0f} s")


def ismcts_games(game_id: str, scenario: str, games: int, simulations: int, seed: int) -> None:
    from ashur.adapters import openspiel as aos

    game = aos.load(game_id, scenario=scenario)
    wins = 0
    for i in range(games):
        bot = aos.ismcts_bot(game, simulations, seed + i)
        r = random.Random(seed + i)
        state = game.new_initial_state()
        t = time.perf_counter()
        moves = searched = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(r.choice(state.chance_outcomes())[0])
                continue
            if state.current_player() == 0:
                action = bot.step(state)
                searched += 1
            else:
                action = r.choice(state.legal_actions())
            state.apply_action(action)
            moves += 1
        returns = state.returns()
        wins += returns[0] > 0
        print(f"ismcts: game {i + 1}: {moves} moves ({searched} searched by ISMCTS, {simulations} simulations "
              f"each) in {time.perf_counter() - t:.0f} s; returns {returns}")
    print(f"ismcts: the ISMCTS seat ({game.roles[0]}) won {wins} of {games} games against random seats")


def tiny_ismcts(games: int, simulations: int) -> None:
    from open_spiel.python.algorithms import mcts

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for tests.core.tinygame
    from ashur.adapters import openspiel as aos
    from ashur.core import registry
    from tests.core.tinygame import GAME

    registry.register(GAME)
    game = aos.load("tiny")
    wins = 0
    t = time.perf_counter()
    for i in range(games):
        seat = i % 2
        rollouts = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=np.random.RandomState(i))
        bot = aos.ismcts_bot(game, simulations, i, evaluator=rollouts)
        r = random.Random(i)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(r.choice(state.chance_outcomes())[0])
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(r.choice(state.legal_actions()))
        returns = state.returns()
        wins += returns[seat] > returns[1 - seat]
    print(f"tiny: ISMCTS ({simulations} simulations) beat a random seat in {wins} of {games} tiny games "
          f"({time.perf_counter() - t:.0f} s)")


def pettingzoo_games(game_id: str, scenario: str) -> None:
    from pettingzoo.test import api_test

    from ashur.adapters import pettingzoo as apz

    t = time.perf_counter()
    api_test(apz.env(game=game_id, scenario=scenario), num_cycles=100_000)
    print(f"pettingzoo: api_test over a whole {scenario} game passed in {time.perf_counter() - t:.0f} s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="assyrian-wars")
    p.add_argument("--scenario", default="two_rivers")
    p.add_argument("--only", choices=["simtest", "ismcts", "pettingzoo", "tiny"])
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--simulations", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    warnings.simplefilter("ignore", UserWarning)
    if args.only in (None, "simtest"):
        simtest(args.game, args.scenario, args.games)
    if args.only in (None, "ismcts"):
        ismcts_games(args.game, args.scenario, args.games, args.simulations, args.seed)
    if args.only in (None, "pettingzoo"):
        pettingzoo_games(args.game, args.scenario)
    if args.only in (None, "tiny"):
        tiny_ismcts(20 * args.games, 60)


if __name__ == "__main__":
    main()
