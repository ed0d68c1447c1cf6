"""The fuzzer reports slow decisions (legal_actions + act of one step) as findings, never as flaky
failures; the mechanism is tested with a 0 ms limit and with a game that works 30 ms of CPU time on some
steps, never with timings."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ashur.cli import app
from ashur.core import registry
from ashur.tools import fuzz
from tests.core.tinygame import TinyGame


def test_zero_limit_reports_every_decision_but_does_not_fail() -> None:
    r = fuzz.fuzz_one(("tiny", "basic", 1, 0, {}, 10_000, 1, 0.0))
    assert r.failure is None, r.trace
    assert r.stats["slow"] == r.decisions > 0
    assert 0 < len(r.slow) <= fuzz.MAX_SLOW_KEPT
    assert {"step", "role", "action", "ms"} <= set(r.slow[0])
    assert [s["ms"] for s in r.slow] == sorted((s["ms"] for s in r.slow), reverse=True)


def test_slow_fail_turns_the_finding_into_a_failure(tmp_path: Path) -> None:
    r = fuzz.fuzz_one(("tiny", "basic", 1, 0, {}, 10_000, 1, 0.0, True))
    assert r.failure is not None and "slower than 0 ms" in r.failure and r.save is not None
    assert fuzz.write_failure(r, tmp_path, "tiny").exists()


class SleepyGame(TinyGame):
    """Works for 30 ms of CPU time in act whenever a marker is set (T.4): those steps, and only the game's
    time, are slow (the fuzzer measures CPU time: a sleep would not count)."""

    id = "tiny-sleepy"

    def act(self, state: dict[str, Any], role: str, action_id: str) -> dict[str, Any]:
        if action_id == "mark":
            until = time.process_time() + 0.03
            while time.process_time() < until:
                pass
        return super().act(state, role, action_id)


@pytest.fixture
def sleepy() -> Any:
    game = SleepyGame()
    registry.register(game)
    yield game
    registry.unregister(game.id)


def test_a_sleeping_step_is_reported_with_its_action(sleepy: SleepyGame) -> None:
    for i in range(10):
        r = fuzz.fuzz_one((sleepy.id, "basic", 2, i, {}, 10_000, 1, 25.0))
        assert r.failure is None, r.trace
        if any(s["action"] == "mark" for s in r.slow):
            assert all(s["ms"] >= 25.0 for s in r.slow)
            return
    pytest.fail("no game set a marker")


def test_cli_options_and_json(sleepy: SleepyGame, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["fuzz", "tiny", "--games", "2", "--slow-ms", "0", "--json",
                                      "--out-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["stats"]["slow"] == data["decisions"] and data["slow"] and data["failures"] == []
    result = CliRunner().invoke(app, ["fuzz", "tiny", "--games", "1", "--slow-ms", "0", "--slow-fail",
                                      "--out-dir", str(tmp_path)])
    assert result.exit_code == 1 and "slower than 0 ms" in result.output
    result = CliRunner().invoke(app, ["fuzz", "tiny", "--games", "1", "--out-dir", str(tmp_path)])
    assert result.exit_code == 0 and "no failures" in result.output
