"""``ashur arena``: the rotation of bot kinds over the roles, the counts, Wilson intervals, the Bradley–Terry
ratings on hand-made outcomes with known answers, ``--json``, and the digest with any ``--jobs``."""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from ashur.cli import app, ray_argv
from ashur.tools import arena as ar
from ashur.tools import simulate as sim

runner = CliRunner()
GAME, SCEN, KINDS, GAMES, SEED = "assyrian-wars", "two_rivers", ["random", "eager"], 4, 11


@pytest.fixture(scope="module")
def run() -> tuple[list[sim.Outcome], dict[str, Any]]:
    outs = list(ar.run_arena(GAME, SCEN, GAMES, SEED, {}, KINDS, jobs=1))
    roles = ar.roles_of(GAME, SCEN, {})
    return outs, ar.summarize(outs, GAME, SCEN, roles, KINDS, 0.0)


def test_rotation_gives_each_role_each_kind_equally() -> None:
    roles = ["a", "b", "c"]
    for kinds in (["x", "y"], ["x", "y", "z"], ["w", "x", "y", "z"]):
        k = len(kinds)
        counts = {(r, kd): 0 for r in roles for kd in kinds}
        for g in range(3 * k):
            seat = ar.seating(roles, kinds, g)
            for r in roles:
                counts[(r, seat[r])] += 1
            # inside a game the kinds are spread as evenly as the numbers allow
            per_kind = [list(seat.values()).count(kd) for kd in kinds]
            assert max(per_kind) - min(per_kind) <= 1
        assert set(counts.values()) == {3}
    assert ar.seating(roles, ["x", "y"], 0) == {"a": "x", "b": "y", "c": "x"}
    assert ar.seating(roles, ["x", "y"], 1) == {"a": "y", "b": "x", "c": "y"}


def test_games_use_the_arena_seeds_and_the_rotation(run: tuple[list[sim.Outcome], dict[str, Any]]) -> None:
    outs, _ = run
    assert [o.index for o in outs] == list(range(GAMES))
    assert [o.seed for o in outs] == [sim.derive(SEED, "arena", g) for g in range(GAMES)]
    assert all(not o.error for o in outs)


def test_counts_add_up(run: tuple[list[sim.Outcome], dict[str, Any]]) -> None:
    outs, s = run
    roles = s["roles"]
    assert roles == ["assyria", "babylonia", "elam"]
    for role in roles:
        assert [s["per_role"][role][k]["games"] for k in KINDS] == [GAMES // 2, GAMES // 2]
    # every game hands out one win (shared wins split), none for a draw
    wins = sum(c["wins"] for row in s["per_role"].values() for c in row.values())
    assert wins == pytest.approx(sum(1 for o in outs if o.winners))
    for k in KINDS:
        cell = s["per_kind"][k]
        assert cell["games"] == sum(s["per_role"][r][k]["games"] for r in roles)
        assert cell["wins"] == pytest.approx(sum(s["per_role"][r][k]["wins"] for r in roles))
        vp = [o.scores[r] for o in outs for r in roles if ar.seating(roles, KINDS, o.index)[r] == k]
        assert cell["vp_avg"] == pytest.approx(sum(vp) / len(vp), abs=1e-3)
        lo, hi = cell["wilson95"]
        assert lo <= cell["win_rate"] <= hi
    # three roles and two kinds: two of the three pairs of each game have different kinds
    assert sum(s["pairs"].values()) == pytest.approx(2 * GAMES)
    assert sum(s["ratings"].values()) / len(KINDS) == pytest.approx(1500, abs=0.1)
    stats = s["statistics"]
    assert stats["total"]["battles"]["count"] == sum(o.report["battles"]["count"] for o in outs)
    assert stats["mean"]["battles"]["count"] == pytest.approx(stats["total"]["battles"]["count"] / GAMES, abs=1e-4)


def test_wilson_interval_known_values() -> None:
    lo, hi = ar.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = ar.wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = ar.wilson(81, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.7222, 0.8749)
    assert ar.wilson(0, 0) == (0.0, 1.0)
    lo, hi = ar.wilson(2.5, 5)  # shared wins make fractions
    assert lo == pytest.approx(1 - hi)


def test_bradley_terry_known_answers() -> None:
    # two kinds, a wins 3 of 4: strengths 3 : 1, i.e. 400·log10(3) Elo apart, centred on 1500
    r = ar.bradley_terry({("a", "b"): 3.0, ("b", "a"): 1.0}, ["a", "b"], prior=0)
    half = 200 * math.log10(3)
    assert r["a"] == pytest.approx(1500 + half, abs=1e-6) and r["b"] == pytest.approx(1500 - half, abs=1e-6)
    # three kinds with outcomes exactly as strengths 4 : 2 : 1 predict
    points = {("a", "b"): 20.0, ("b", "a"): 10.0, ("a", "c"): 40.0, ("c", "a"): 10.0,
              ("b", "c"): 20.0, ("c", "b"): 10.0}
    r = ar.bradley_terry(points, ["a", "b", "c"], prior=0)
    step = 400 * math.log10(2)
    assert r == pytest.approx({"a": 1500 + step, "b": 1500.0, "c": 1500 - step}, abs=1e-6)
    # draws are half a win each: equal kinds stay at 1500
    assert ar.bradley_terry({("a", "b"): 2.0, ("b", "a"): 2.0}, ["a", "b"]) == pytest.approx(
        {"a": 1500.0, "b": 1500.0})


def test_bradley_terry_prior_keeps_a_clean_sweep_finite() -> None:
    with pytest.raises(ValueError):
        ar.bradley_terry({("a", "b"): 4.0, ("b", "a"): 0.0}, ["a", "b"], prior=0)
    r = ar.bradley_terry({("a", "b"): 4.0, ("b", "a"): 0.0}, ["a", "b"])
    assert math.isfinite(r["a"]) and r["a"] > 1500 > r["b"]
    assert r["a"] + r["b"] == pytest.approx(3000)
    assert r == ar.bradley_terry({("a", "b"): 4.0, ("b", "a"): 0.0}, ["a", "b"])  # deterministic
    # a kind that met nobody stays at the centre
    r = ar.bradley_terry({("a", "b"): 1.0, ("b", "a"): 1.0}, ["a", "b", "c"])
    assert r["c"] == pytest.approx(1500.0)


def test_statistics_mean_over_the_games_that_have_a_figure() -> None:
    s = ar.statistics([{"n": 2, "turn": {"1": 4, "2": 6}}, {"n": 0, "turn": {"1": 2}}])
    assert s["total"] == {"n": 2, "turn": {"1": 6, "2": 6}}
    assert s["mean"] == {"n": 1, "turn": {"1": 3, "2": 6}}


def test_json_parses_and_digest_is_the_same_with_two_jobs(run: tuple[list[sim.Outcome], dict[str, Any]]) -> None:
    _, s = run
    result = runner.invoke(app, ["arena", GAME, "--scenario", SCEN, "--bots", "random,eager", "--games",
                                 str(GAMES), "--seed", str(SEED), "--jobs", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["digest"] == s["digest"]
    assert {k: v for k, v in data.items() if k != "seconds"} == {k: v for k, v in s.items() if k != "seconds"}


def test_tables_and_bad_bots() -> None:
    result = runner.invoke(app, ["arena", GAME, "--scenario", SCEN, "--bots", "eager,random", "--games", "2"])
    assert result.exit_code == 0, result.output
    for text in ("per role and bot kind", "Wilson 95 %", "rating", "battles.count", "digest:"):
        assert text in result.stdout
    result = runner.invoke(app, ["arena", GAME, "--bots", "random,genius"])
    assert result.exit_code == 2 and "unknown bot kind 'genius'" in result.output
    result = runner.invoke(app, ["arena", GAME, "--bots", "random,random"])
    assert result.exit_code == 2 and "distinct" in result.output


def test_bare_ray_flag_means_a_local_ray() -> None:
    assert ray_argv(["arena", "g", "--ray"]) == ["arena", "g", "--ray=local"]
    assert ray_argv(["arena", "g", "--ray", "--jobs", "2"]) == ["arena", "g", "--ray=local", "--jobs", "2"]
    assert ray_argv(["arena", "g", "--ray", "auto"]) == ["arena", "g", "--ray", "auto"]
    assert ray_argv(["arena", "g", "--ray=ray://h:1"]) == ["arena", "g", "--ray=ray://h:1"]


def test_ray_missing_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    for command in ("arena", "simulate"):
        result = runner.invoke(app, [command, GAME, "--scenario", SCEN, "--games", "1", "--ray", "local"])
        assert result.exit_code == 2
        assert "pip install 'ashur[cluster]'" in result.output


def test_focus_seating_rotates_the_seat_and_the_opponents() -> None:
    """--focus K: game g seats K at role g mod n and one opponent kind, others[(g div n) mod m], everywhere
    else; over n·m games K plays every role once against each opponent kind."""
    roles = ["a", "b", "c"]
    kinds = ["h", "r", "e"]
    assert ar.seating(roles, kinds, 0, "h") == {"a": "h", "b": "r", "c": "r"}
    assert ar.seating(roles, kinds, 1, "h") == {"a": "r", "b": "h", "c": "r"}
    assert ar.seating(roles, kinds, 3, "h") == {"a": "h", "b": "e", "c": "e"}
    cells: dict[tuple[str, str], int] = {}
    for g in range(6):
        seat = ar.seating(roles, kinds, g, "h")
        assert list(seat.values()).count("h") == 1
        (where,) = [r for r, k in seat.items() if k == "h"]
        opponent = {k for k in seat.values() if k != "h"}
        assert len(opponent) == 1
        key = (where, opponent.pop())
        cells[key] = cells.get(key, 0) + 1
    assert cells == {(r, o): 1 for r in roles for o in ("r", "e")}
    with pytest.raises(ValueError):
        ar.seating(roles, ["h"], 0, "h")


def test_focus_summary_counts_the_focus_seat_per_opponent() -> None:
    outs = list(ar.run_arena(GAME, SCEN, 6, SEED, {}, ["eager", "random"], jobs=1, focus="eager"))
    roles = ar.roles_of(GAME, SCEN, {})
    s = ar.summarize(outs, GAME, SCEN, roles, ["eager", "random"], 0.0, focus="eager")
    focus = s["focus"]
    assert focus["kind"] == "eager" and list(focus["vs"]) == ["random"]
    rows = focus["vs"]["random"]
    assert [rows["per_role"][r]["games"] for r in roles] == [2, 2, 2]
    assert rows["all"]["games"] == 6 and rows["all"]["opponent_seats"] == 12
    won = sum(1 / len(o.winners) for o in outs if roles[o.index % 3] in o.winners)
    assert rows["all"]["wins"] == pytest.approx(won, abs=1e-3)
    vp = [o.scores[roles[o.index % 3]] for o in outs]
    assert rows["all"]["vp_avg"] == pytest.approx(sum(vp) / 6, abs=1e-3)
    lo, hi = rows["all"]["wilson95"]
    assert lo <= rows["all"]["win_rate"] <= hi
    # the focus kind's per_kind cell is its seats: one a game
    assert s["per_kind"]["eager"]["games"] == 6 and s["per_kind"]["random"]["games"] == 12


def test_focus_on_the_command_line() -> None:
    result = runner.invoke(app, ["arena", GAME, "--scenario", SCEN, "--bots", "eager,random", "--focus", "eager",
                                 "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["focus"]["vs"]["random"]["all"]["games"] == 3
    result = runner.invoke(app, ["arena", GAME, "--scenario", SCEN, "--bots", "eager,random", "--focus", "eager",
                                 "--games", "3"])
    assert result.exit_code == 0 and "focus: eager in one seat" in result.stdout
    for bad in (["--bots", "eager,random", "--focus", "heuristic"], ["--bots", "eager", "--focus", "eager"]):
        result = runner.invoke(app, ["arena", GAME, "--scenario", SCEN, *bad, "--games", "1"])
        assert result.exit_code == 2 and "--focus" in result.output
