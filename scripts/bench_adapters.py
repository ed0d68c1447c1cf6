"""Steps per second through the research adapters against the engine's own decisions per second (issue 19).

    .venv/bin/python scripts/bench_adapters.py --game assyrian-wars --scenario two_rivers --games 6

Every way plays *the same* whole games: each decision picks uniformly at random (``random.Random(seed)``)
among the legal action ids in sorted order, and the dice and shuffles are the engine's generator for the
seed (OpenSpiel's chance nodes are answered with the outcomes that generator draws, so they are the very
same draws). The ways take turns game by game (engine, OpenSpiel, PettingZoo, ...), so a machine whose load
changes during the run slows them alike and the ratios stay fair. Reported per way: player decisions per
second (a decision is one move of a role: the unit of ``ashur bench``), all steps per second (with
OpenSpiel's chance nodes), and the ratio of the engine's decisions/s to the way's. Times are the process's
CPU time (``time.process_time``), so that other work on a shared machine does not count. ``ashur bench``
(random games, wall-clock time, with its sampling of the other calls) runs first for reference. Measured,
never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from ashur.core.contract import resolve_options, resolve_seats
from ashur.core.registry import get_game
from ashur.tools.bench import bench
from ashur.tools.simulate import derive


def engine_game(game_id: str, scenario: str, seed: int) -> tuple[int, int]:
    """One game by the engine's own loop (as ``ashur bench`` plays it): (decisions, steps)."""
    game = get_game(game_id)
    opts = resolve_options(game, {})
    state = game.setup(scenario, seed, opts, resolve_seats(game, scenario, opts, {}))
    r = random.Random(seed)
    n = 0
    while not game.result(state)["over"]:
        role = game.active(state)[0]
        ids = sorted(a["id"] for a in game.legal_actions(state, role))
        game.apply(state, role, ids[r.randrange(len(ids))])
        n += 1
    return n, n


def openspiel_game(game_id: str, scenario: str, seed: int, observe: bool = False) -> tuple[int, int]:
    """One game through the OpenSpiel adapter: (player moves, all steps with the chance nodes). With
    `observe`, the mover's observation tensor is read before each move (as a learning agent reads it)."""
    from ashur.adapters import openspiel as aos
    from ashur.core import rng

    game = aos.load(game_id, scenario=scenario, seed=seed)
    state = game.new_initial_state()
    shadow = {"rng": rng.seed_state(seed)}  # the engine's generator for the seed: its draws, in its order
    r = random.Random(seed)
    name = game.actions.action_id
    moves = steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.below(shadow, len(state.chance_outcomes())))
        else:
            if observe:
                state.observation_tensor(state.current_player())
            legal = sorted((name(a), a) for a in state.legal_actions())
            state.apply_action(legal[r.randrange(len(legal))][1])
            moves += 1
        steps += 1
    return moves, steps


def pettingzoo_game(game_id: str, scenario: str, seed: int, observe: bool = False) -> tuple[int, int]:
    """One game through the PettingZoo environment with random choices by the action mask: (steps, steps).
    With `observe`, each step reads ``last()`` with the observation (the hashed view and the mask)."""
    from ashur.adapters import pettingzoo as apz

    env = apz.env(game=game_id, scenario=scenario)
    env.reset(seed=seed)
    r = random.Random(seed)
    name = env.table.action_id
    steps = 0
    for agent in env.agent_iter():
        obs, _reward, done, cut, _info = env.last(observe=observe)
        if done or cut:
            env.step(None)
            continue
        mask = obs["action_mask"] if observe else env.action_mask(agent)
        legal = sorted((name(int(a)), int(a)) for a in np.flatnonzero(mask))
        env.step(legal[r.randrange(len(legal))][1])
        steps += 1
    return steps, steps


WAYS: dict[str, Callable[[str, str, int], tuple[int, int]]] = {
    "engine": engine_game,
    "openspiel": openspiel_game,
    "openspiel+obs": lambda g, s, seed: openspiel_game(g, s, seed, observe=True),
    "pettingzoo": pettingzoo_game,
    "pettingzoo+obs": lambda g, s, seed: pettingzoo_game(g, s, seed, observe=True),
}


def measure(game_id: str, scenario: str, games: int, seed: int) -> dict[str, Any]:
    """Play `games` games each way, taking turns; the figures per way."""
    warnings.simplefilter("ignore", UserWarning)
    for way in WAYS.values():  # imports, tables and registrations before the clock runs
        way(game_id, scenario, derive(seed, "warm") % 2**31)
    totals = {k: [0, 0, 0.0] for k in WAYS}
    for i in range(games):
        lengths = set()
        for name, way in WAYS.items():
            t = time.process_time()
            decisions, steps = way(game_id, scenario, derive(seed, "game", i) % 2**31)  # OpenSpiel ints
            dt = time.process_time() - t
            lengths.add(decisions)
            tot = totals[name]
            tot[0] += decisions
            tot[1] += steps
            tot[2] += dt
        if len(lengths) != 1:
            raise RuntimeError(f"game {i}: the ways played different games ({sorted(lengths)} decisions)")
    engine_rate = totals["engine"][0] / totals["engine"][2]
    out: dict[str, Any] = {"game": game_id, "scenario": scenario, "games": games, "ways": {}}
    for name, (decisions, steps, seconds) in totals.items():
        rate = decisions / seconds
        out["ways"][name] = {"decisions": decisions, "steps": steps, "seconds": round(seconds, 2),
                             "decisions_per_second": round(rate, 1), "steps_per_second": round(steps / seconds, 1),
                             "engine_over_this": round(engine_rate / rate, 2)}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="assyrian-wars")
    p.add_argument("--scenario", default="two_rivers")
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    reference = bench(args.game, args.scenario, args.games, args.seed, {})
    out = measure(args.game, args.scenario, args.games, args.seed)
    out["ashur_bench_decisions_per_second"] = reference["decisions_per_second"]
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{args.game} {args.scenario}: {args.games} games each way, taking turns")
    print(f"  ashur bench (reference): {reference['decisions_per_second']} decisions/s")
    print(f"  {'way':16} {'decisions/s':>12} {'steps/s':>10} {'engine/way':>11}")
    for name, f in out["ways"].items():
        print(f"  {name:16} {f['decisions_per_second']:>12} {f['steps_per_second']:>10} {f['engine_over_this']:>10}x")


if __name__ == "__main__":
    main()
