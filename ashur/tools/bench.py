"""``ashur bench``: decisions per second, full games per minute, the median cost of view, act, clone
and JSON round trip, and peak memory. Measured, never asserted (no timed tests)."""

from __future__ import annotations

import resource
import statistics
import time
from typing import Any

from ashur.core.registry import get_game
from ashur.core.session import Match
from ashur.core.statedata import clone, clone_for_act, dumps, loads
from ashur.tools.simulate import derive, seat_bots


def _median_ns(samples: list[int]) -> float:
    return statistics.median(samples) / 1000.0 if samples else 0.0


def bench(game_id: str, scenario: str, games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play `games` random games, timing every decision and sampling the costs of the contract calls."""
    game = get_game(game_id)
    from ashur.core.contract import resolve_options

    opts = resolve_options(game, options)
    roles = game.roles(scenario, opts)
    t_act: list[int] = []
    t_view: list[int] = []
    t_legal: list[int] = []
    t_clone: list[int] = []
    t_clone_act: list[int] = []
    t_json: list[int] = []
    sizes: list[int] = []
    decisions = 0
    play_seconds = 0.0
    finished = 0
    for i in range(games):
        match = Match.new(game, scenario, derive(seed, "bench", i), options, {r: "bot:random" for r in roles})
        bots = seat_bots(match, "random")
        start = time.perf_counter()
        while not game.result(match.state)["over"]:
            role = match.active()[0]
            t0 = time.perf_counter_ns()
            actions = game.legal_actions(match.state, role)
            t1 = time.perf_counter_ns()
            choice = bots[role].choose(game, match.state, role, actions)
            t2 = time.perf_counter_ns()
            match.state = game.act(match.state, role, choice)
            t3 = time.perf_counter_ns()
            match.actions.append([role, choice])
            t_legal.append(t1 - t0)
            t_act.append(t3 - t2)
            decisions += 1
            if decisions % 25 == 0:
                s = match.state
                a = time.perf_counter_ns()
                game.view(s, role)
                b = time.perf_counter_ns()
                clone(s)
                c0 = time.perf_counter_ns()
                clone_for_act(s)
                c = time.perf_counter_ns()
                t_clone_act.append(c - c0)
                data = dumps(s)
                loads(data)
                d = time.perf_counter_ns()
                t_view.append(b - a)
                t_clone.append(c0 - b)
                t_json.append(d - c)
                sizes.append(len(data))
        play_seconds += time.perf_counter() - start
        finished += 1
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "game": game_id,
        "scenario": scenario,
        "games": finished,
        "decisions": decisions,
        "seconds": round(play_seconds, 3),
        "decisions_per_second": round(decisions / play_seconds, 1) if play_seconds else 0.0,
        "games_per_minute": round(finished * 60.0 / play_seconds, 2) if play_seconds else 0.0,
        "median_us": {
            "legal_actions": round(_median_ns(t_legal), 1),
            "act": round(_median_ns(t_act), 1),
            "view": round(_median_ns(t_view), 1),
            "clone": round(_median_ns(t_clone), 1),
            "clone_for_act": round(_median_ns(t_clone_act), 1),
            "json_roundtrip": round(_median_ns(t_json), 1),
        },
        "state_bytes_median": int(statistics.median(sizes)) if sizes else 0,
        "peak_rss_mb": round(peak_kb / 1024.0, 1),
    }
