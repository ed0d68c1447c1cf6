"""Bot kinds against each other (``ashur arena``): win rates per seat, ratings and the games' statistics.

Seating: with roles r_0..r_{n-1} (the scenario's order) and kinds K_0..K_{k-1} (as given), game *g* seats kind
``K_((g + i) mod k)`` at role r_i (a cyclic Latin square). Over any k consecutive games every role plays every
kind once, so with a multiple of k games each role × kind cell has the same number of games; inside a game the
kinds are spread as evenly over the roles as their number allows.

Focus mode (``--focus K``): one seat plays K, every other seat one opponent kind — the measure "does K beat
the others?". With roles r_0..r_{n-1} and the opponent kinds O_0..O_{m-1} (the other kinds of ``--bots``, in
their order), game *g* seats K at role ``r_(g mod n)`` and ``O_((g div n) mod m)`` at every other role: over
any n·m consecutive games K plays every role once against each opponent kind.

Game *g* of a run with seed *s* uses the seed ``derive(s, "arena", g)``; each bot is seeded from the game seed
and its role as ``ashur simulate`` does. The games are played by :func:`ashur.tools.simulate.play_game`, in
this process, in ``--jobs`` processes or on Ray, and collected in game order: everything but the timings,
the ``digest`` included, is the same wherever they ran.

Wins are the result's winners; a win shared by n roles counts 1/n to each. Win rates carry a Wilson 95 %
score interval. The kinds' ratings are a Bradley–Terry fit (the MM algorithm) of the pairwise outcomes of the
seats of each game with different kinds (the higher final score wins the pair; equal scores are half a win
each), regularized by one virtual draw of every kind against a fixed 1500 player, shown on the Elo scale
(400 · log10 of the strength) and centred on 1500.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator
from typing import Any

from ashur.core.registry import get_game
from ashur.tools import simulate as sim
from ashur.tools.cluster import map_ordered

Z95 = 1.959963984540054
ELO_SCALE = 400.0
ELO_CENTRE = 1500.0


def seating(roles: list[str], kinds: list[str], game: int, focus: str | None = None) -> dict[str, str]:
    """The kind of each role in game `game`: role i plays ``kinds[(game + i) % len(kinds)]``; with `focus`,
    role ``game % n`` plays `focus` and every other role the opponent ``others[(game // n) % len(others)]``
    (`others`: the kinds but `focus`, in order)."""
    if focus is None:
        return {role: kinds[(game + i) % len(kinds)] for i, role in enumerate(roles)}
    others = [k for k in kinds if k != focus]
    if focus not in kinds or not others:
        raise ValueError(f"focus {focus!r} needs to be one of at least two kinds, got {kinds}")
    n = len(roles)
    seat, opponent = roles[game % n], others[(game // n) % len(others)]
    return {role: focus if role == seat else opponent for role in roles}


def arena_one(args: tuple[str, str, int, int, dict[str, Any], dict[str, str], int]) -> sim.Outcome:
    """Play game `index` of an arena run (a top-level function, so process pools and Ray can call it)."""
    game_id, scenario, base_seed, index, options, kinds, max_decisions = args
    seats = {role: f"bot:{kind}" for role, kind in kinds.items()}
    return sim.play_game(game_id, scenario, sim.derive(base_seed, "arena", index), index, options, seats,
                         False, max_decisions)


def roles_of(game_id: str, scenario: str, options: dict[str, Any]) -> list[str]:
    game = get_game(game_id)
    return list(game.roles(scenario, sim._resolved(game, options)))


def run_arena(game_id: str, scenario: str, games: int, seed: int, options: dict[str, Any], kinds: list[str],
              jobs: int = 1, ray: str | None = None,
              max_decisions: int = sim.DEFAULT_MAX_DECISIONS, focus: str | None = None) -> Iterator[sim.Outcome]:
    """Yield the outcomes of the arena's games in game order (`focus`: see :func:`seating`)."""
    roles = roles_of(game_id, scenario, options)
    tasks = [(game_id, scenario, seed, g, options, seating(roles, kinds, g, focus), max_decisions)
             for g in range(games)]
    yield from map_ordered(arena_one, tasks, jobs, ray)


# --------------------------------------------------------------------------------------------------
def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `wins`/`n` (fractional wins allowed); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(points: dict[tuple[str, str], float], kinds: list[str], prior: float = 1.0,
                  iterations: int = 100_000, tol: float = 1e-12) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from pairwise results: ``points[(a, b)]`` is what a scored against b
    (1 a win, 0.5 a draw), summed over their meetings.

    The MM algorithm (Hunter 2004) updates every strength at once from the previous ones,
    p_i ← W_i / Σ_j N_ij / (p_i + p_j), W_i the points of i, N_ij the meetings of i and j; `prior` adds that
    many virtual meetings of each kind with a fixed player of strength 1, drawn (so every fit exists).
    Without a prior every kind needs a win and a loss and the strengths are scaled to a geometric mean of 1.
    """
    idx = {k: i for i, k in enumerate(kinds)}
    n = len(kinds)
    won = [prior / 2] * n
    meet = [[0.0] * n for _ in range(n)]
    for (a, b), pts in points.items():
        won[idx[a]] += pts
        meet[idx[a]][idx[b]] += pts
        meet[idx[b]][idx[a]] += pts
    if prior <= 0 and any(w <= 0 or w >= sum(meet[i]) for i, w in enumerate(won)):
        raise ValueError("without a prior every kind needs at least one win and one loss")
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denom = sum(meet[i][j] / (p[i] + p[j]) for j in range(n) if j != i) + prior / (p[i] + 1.0)
            new.append(won[i] / denom if denom > 0 else 1.0)
        if prior <= 0:
            g = math.exp(sum(math.log(x) for x in new) / n)
            new = [x / g for x in new]
        change = max(abs(a - b) / b for a, b in zip(new, p))
        p = new
        if change < tol:
            break
    logs = [ELO_SCALE * math.log10(x) for x in p]
    mean = sum(logs) / n
    return {k: ELO_CENTRE + logs[i] - mean for k, i in idx.items()}


def _add(total: dict[str, Any], count: dict[str, Any], report: dict[str, Any]) -> None:
    """Add a game's report into `total` and count the games that have each number in `count`."""
    for key, value in report.items():
        if isinstance(value, dict):
            _add(total.setdefault(key, {}), count.setdefault(key, {}), value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            total[key] = total.get(key, 0) + value
            count[key] = count.get(key, 0) + 1


def _mean(total: dict[str, Any], count: dict[str, Any]) -> dict[str, Any]:
    return {k: _mean(v, count[k]) if isinstance(v, dict) else round(v / count[k], 4) for k, v in total.items()}


def statistics(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The games' ``Game.report`` figures: ``total`` (summed) and ``mean`` (per game, over the games that
    have the figure: a turn only some games reached is averaged over those)."""
    total: dict[str, Any] = {}
    count: dict[str, Any] = {}
    for r in reports:
        _add(total, count, r)
    return {"total": total, "mean": _mean(total, count)}


def summarize(outcomes: list[sim.Outcome], game_id: str, scenario: str, roles: list[str], kinds: list[str],
              seconds: float, prior: float = 1.0, focus: str | None = None) -> dict[str, Any]:
    """The ``--json`` object of an arena run (see the module's docstring for what each figure means)."""
    cells = {r: {k: {"games": 0, "wins": 0.0, "vp": 0.0} for k in kinds} for r in roles}
    others = [k for k in kinds if k != focus] if focus is not None else []
    # focus mode: the focus seat per opponent kind and role, and what the opponents' seats did in those games
    fcells = {o: {r: {"games": 0, "wins": 0.0, "vp": 0.0, "opp_games": 0, "opp_wins": 0.0, "opp_vp": 0.0}
                  for r in roles} for o in others}
    points: dict[tuple[str, str], float] = {}
    errors: list[dict[str, Any]] = []
    h = hashlib.sha256()
    for o in outcomes:
        h.update(o.digest.encode())
        if o.error:
            errors.append({"game": o.index, "seed": o.seed, "error": o.error})
            continue
        seat = seating(roles, kinds, o.index, focus)
        for r in roles:
            cell = cells[r][seat[r]]
            cell["games"] += 1
            cell["wins"] += 1 / len(o.winners) if r in o.winners else 0.0
            cell["vp"] += float(o.scores.get(r, 0.0))
        if focus is not None:
            where = roles[o.index % len(roles)]
            fc = fcells[others[(o.index // len(roles)) % len(others)]][where]
            for r in roles:
                won = 1 / len(o.winners) if r in o.winners else 0.0
                vp = float(o.scores.get(r, 0.0))
                if r == where:
                    fc["games"] += 1
                    fc["wins"] += won
                    fc["vp"] += vp
                else:
                    fc["opp_games"] += 1
                    fc["opp_wins"] += won
                    fc["opp_vp"] += vp
        for i, a in enumerate(roles):
            for b in roles[i + 1:]:
                ka, kb = seat[a], seat[b]
                if ka == kb:
                    continue
                sa, sb = o.scores.get(a, 0.0), o.scores.get(b, 0.0)
                pa = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
                points[(ka, kb)] = points.get((ka, kb), 0.0) + pa
                points[(kb, ka)] = points.get((kb, ka), 0.0) + 1.0 - pa
    per_role = {r: {k: _rates(c) for k, c in row.items()} for r, row in cells.items()}
    per_kind = {}
    for k in kinds:
        merged = {"games": sum(cells[r][k]["games"] for r in roles), "wins": sum(cells[r][k]["wins"] for r in roles),
                  "vp": sum(cells[r][k]["vp"] for r in roles)}
        per_kind[k] = _rates(merged)
    ratings = bradley_terry(points, kinds, prior) if len(kinds) > 1 else dict.fromkeys(kinds, ELO_CENTRE)
    played = [o for o in outcomes if not o.error]
    extra: dict[str, Any] = {}
    if focus is not None:
        extra["focus"] = {"kind": focus, "vs": {opp: _focus_rows(per) for opp, per in fcells.items()}}
    return {
        "game": game_id,
        "scenario": scenario,
        "kinds": kinds,
        "roles": roles,
        "games": len(outcomes),
        "decisions": sum(o.decisions for o in outcomes),
        "seconds": round(seconds, 3),
        "errors": errors,
        "per_role": per_role,
        "per_kind": per_kind,
        "ratings": {k: round(v, 1) for k, v in ratings.items()},
        "pairs": {f"{a}>{b}": round(v, 2) for (a, b), v in sorted(points.items())},
        "statistics": statistics([o.report for o in played]),
        "digest": h.hexdigest(),
        **extra,
    }


def _focus_rows(per_role: dict[str, dict[str, float]]) -> dict[str, Any]:
    """The focus seat against one opponent kind: per role and over all roles, its rates (:func:`_rates`) and
    the opponents' seats' wins and VP average in the same games."""
    def row(c: dict[str, float]) -> dict[str, Any]:
        out = _rates(c)
        out["opponent_seats"] = int(c["opp_games"])
        out["opponent_wins"] = round(c["opp_wins"], 4)
        out["opponent_vp_avg"] = round(c["opp_vp"] / c["opp_games"], 3) if c["opp_games"] else None
        return out

    total = {k: sum(c[k] for c in per_role.values()) for k in next(iter(per_role.values()))}
    return {"per_role": {r: row(c) for r, c in per_role.items()}, "all": row(total)}


def _rates(cell: dict[str, float]) -> dict[str, Any]:
    games, wins = int(cell["games"]), float(cell["wins"])
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": round(wins, 4), "win_rate": round(wins / games, 4) if games else None,
            "wilson95": [round(lo, 4), round(hi, 4)], "vp_avg": round(cell["vp"] / games, 3) if games else None}


def flat(stats: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """(dotted key, number) for every figure of a nested statistics dict, in its order."""
    rows: list[tuple[str, Any]] = []
    for k, v in stats.items():
        name = f"{prefix}{k}"
        if isinstance(v, dict):
            rows.extend(flat(v, name + "."))
        else:
            rows.append((name, v))
    return rows
