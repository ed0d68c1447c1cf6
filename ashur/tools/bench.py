"""``ashur bench``: decisions per second, full games per minute, the median cost of each contract call,
the state's size and peak memory; ``--profile`` adds the functions that take the time. Measured, never
asserted (no timed tests).

The games are played as simulations play them: random bots, each decision applied in place
(``Game.apply``). Every 25th decision the other calls are sampled on the current state: ``view`` of the
deciding role (the first view of a new state), ``view_other`` of each other role of that state (what a
server does after every action: the views of all seats), ``act`` (the contract call that leaves its
input unchanged: a copy, then ``apply``), a clone for search (a full independent copy), and a JSON round
trip. The decision after a sampled one also times ``view_next``: the deciding role's view of a state
whose predecessor was viewed, as on a server that shows every state (what the last views computed, such
as the fog's stacks, is reused).
"""

from __future__ import annotations

import cProfile
import io
import pstats
import resource
import statistics
import time
from typing import Any

from ashur.core import statedata
from ashur.core.contract import resolve_options
from ashur.core.registry import get_game
from ashur.core.session import Match
from ashur.core.statedata import clone, dumps, loads
from ashur.tools.simulate import derive, seat_bots

SAMPLE_EVERY = 25


def _median_us(samples: list[int]) -> float:
    return round(statistics.median(samples) / 1000.0, 1) if samples else 0.0


def bench(game_id: str, scenario: str, games: int, seed: int, options: dict[str, Any],
          profile: int = 0) -> dict[str, Any]:
    """Play `games` random games, timing every decision and sampling the costs of the contract calls.

    With `profile` > 0 the games run under cProfile and the top `profile` functions (by own time and by
    cumulative time) are returned under ``profile`` (the timings are then inflated by the profiler)."""
    game = get_game(game_id)
    opts = resolve_options(game, options)
    roles = game.roles(scenario, opts)
    t: dict[str, list[int]] = {k: [] for k in ("legal_actions", "apply", "act", "view", "view_next", "view_other",
                                               "clone", "json_roundtrip", "active")}
    sizes: list[int] = []
    log_sizes: list[int] = []
    decisions = 0
    sampled_ns = 0  # the time of the samples (views, act, clone, JSON), left out of decisions/s
    play_seconds = 0.0
    finished = 0
    prof = cProfile.Profile() if profile else None
    for i in range(games):
        match = Match.new(game, scenario, derive(seed, "bench", i), options, {r: "bot:random" for r in roles},
                          keep_undo=False)
        bots = seat_bots(match, "random")
        state = match.state
        start = time.perf_counter()
        if prof:
            prof.enable()
        while not game.result(state)["over"]:
            t0 = time.perf_counter_ns()
            role = game.active(state)[0]
            t1 = time.perf_counter_ns()
            actions = game.legal_actions(state, role)
            t2 = time.perf_counter_ns()
            choice = bots[role].choose(game, state, role, actions)
            chosen = time.perf_counter_ns()
            if decisions % SAMPLE_EVERY == 0:
                _sample(game, state, role, roles, choice, t, sizes, log_sizes)
            elif decisions % SAMPLE_EVERY == 1:
                v = time.perf_counter_ns()
                game.view(state, role)
                t["view_next"].append(time.perf_counter_ns() - v)
            t3 = time.perf_counter_ns()
            sampled_ns += t3 - chosen  # the bot's choice is timed with the decision, the samples are not
            game.apply(state, role, choice)
            t4 = time.perf_counter_ns()
            t["active"].append(t1 - t0)
            t["legal_actions"].append(t2 - t1)
            t["apply"].append(t4 - t3)
            decisions += 1
        if prof:
            prof.disable()
        play_seconds += time.perf_counter() - start
        finished += 1
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    seconds = max(play_seconds - sampled_ns / 1e9, 1e-9)
    out: dict[str, Any] = {
        "game": game_id,
        "scenario": scenario,
        "options": {k: v for k, v in opts.items() if v != game.options()[k].default},
        "games": finished,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1),
        "games_per_minute": round(finished * 60.0 / seconds, 2),
        "median_us": {k: _median_us(v) for k, v in t.items()},
        "mean_decision_us": round(seconds * 1e6 / max(decisions, 1), 1),
        "state_bytes_median": int(statistics.median(sizes)) if sizes else 0,
        "state_bytes_max": max(sizes) if sizes else 0,
        "log_entries_max": max(log_sizes) if log_sizes else 0,
        "peak_rss_mb": round(peak_kb / 1024.0, 1),
    }
    if prof:
        out["profile"] = _top(prof, profile)
    return out


def _sample(game: Any, state: Any, role: str, roles: list[str], choice: str, t: dict[str, list[int]],
            sizes: list[int], log_sizes: list[int]) -> None:
    """Time the calls that simulations do not make on every decision (excluded from decisions/s)."""
    from ashur.core import log as corelog

    a = time.perf_counter_ns()
    game.view(state, role)
    t["view"].append(time.perf_counter_ns() - a)
    for other in roles:
        if other != role:
            o = time.perf_counter_ns()
            game.view(state, other)
            t["view_other"].append(time.perf_counter_ns() - o)
    b = time.perf_counter_ns()
    _act_aside(game, state, role, choice)
    c = time.perf_counter_ns()
    clone(state)
    d = time.perf_counter_ns()
    data = dumps(state)
    loads(data)
    e = time.perf_counter_ns()
    t["act"].append(c - b)
    t["clone"].append(d - c)
    t["json_roundtrip"].append(e - d)
    sizes.append(len(data))
    log_sizes.append(corelog.length(state))


def _act_aside(game: Any, state: Any, role: str, choice: str) -> None:
    """``game.act`` on the played state, its result dropped, then the played state given back what the fork
    took from it: ``act`` shares the state's records with its result (copy on write), after which the
    played state would copy every record it changes for the rest of the game, a cost of the sample that
    the decisions/s must not carry (only simulations' calls are counted there). The result is garbage at
    once, so the played state owns its records again (not under ``statedata.STRICT``, which freezes shared
    records: the bench never runs strict)."""
    owned, lent = getattr(state, "owned", None), getattr(state, "lent", None)
    memo = getattr(state, "memo", None)
    at_own = memo.get("at_own", _MISSING) if memo is not None else _MISSING
    game.act(state, role, choice)
    if memo is None or statedata.STRICT:
        return
    state.owned, state.lent = owned, lent
    if at_own is _MISSING:
        memo.pop("at_own", None)
    else:
        memo["at_own"] = at_own


_MISSING = object()


def _top(prof: cProfile.Profile, n: int) -> dict[str, list[dict[str, Any]]]:
    stats = pstats.Stats(prof, stream=io.StringIO())
    out: dict[str, list[dict[str, Any]]] = {}
    for key in ("tottime", "cumulative"):
        stats.sort_stats(key)
        rows = []
        for func in stats.fcn_list[:n]:  # type: ignore[attr-defined]
            _cc, nc, tt, ct, _callers = stats.stats[func]  # type: ignore[attr-defined]
            filename, line, name = func
            short = filename.split("/ashur/", 1)[-1] if "/ashur/" in filename else filename
            rows.append({"function": f"{short}:{line}({name})", "calls": nc, "own_s": round(tt, 3),
                         "cumulative_s": round(ct, 3)})
        out["by_own_time" if key == "tottime" else "by_cumulative_time"] = rows
    return out
