"""simulate is deterministic for any --jobs; the fuzzer passes a sound game and catches broken ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ashur.core import log, registry, savefile
from ashur.core.replay import replay
from ashur.core.statedata import clone, digest, dumps
from ashur.tools import fuzz, simulate
from tests.core.tinygame import GAME, TinyGame, other


def _summary(jobs: int, tmp: Path | None = None) -> dict[str, Any]:
    outs = list(simulate.run_games("tiny", "basic", 8, 5, {}, "random", jobs, tmp is not None))
    if tmp is not None:
        for o in outs:
            simulate.save_outcome(o, tmp, "tiny", "basic")
    s = simulate.summarize(outs, 0.0)
    s.pop("seconds")
    return s


def test_simulate_same_seed_same_digest_any_jobs(tmp_path: Path) -> None:
    one = _summary(1)
    assert one == _summary(1)
    assert one == _summary(2, tmp_path)
    assert one["games"] == 8 and not one["errors"] and one["decisions"] > 0
    assert one["rule_counts"]["T.2"] + one["rule_counts"].get("T.3", 0) > 0
    assert sum(one["event_counts"].values()) == sum(one["rule_counts"].values()) > 0


def test_every_saved_simulation_replays(tmp_path: Path) -> None:
    outs = list(simulate.run_games("tiny", "basic", 4, 9, {}, "random", 1, True))
    for o in outs:
        path = simulate.save_outcome(o, tmp_path, "tiny", "basic")
        assert path is not None
        assert digest(replay(savefile.load(path)).state) == o.digest


def test_fuzz_passes_and_runs_its_checks() -> None:
    r = fuzz.fuzz_one(("tiny", "basic", 1, 0, {}, 10_000, 1))
    assert r.failure is None, r.trace
    assert r.stats["scrambles_changed"] > 0 and r.stats["undos"] > 0 and r.stats["reveal_checks"] > 0
    assert r.stats["log_checks"] > 0 and r.stats["log_skipped_reveal"] > 0


class LeakyGame(TinyGame):
    """Shows the opponent's hand: the leak check must catch it."""

    id = "tiny-leaky"

    def view(self, state: dict[str, Any], role: str) -> dict[str, Any]:
        v = super().view(state, role)
        v["all_hands"] = state["hands"]
        return v


class LogLeakGame(TinyGame):
    """Writes the opponent's hidden hand into a public log entry after a roll: the log-leak check must
    catch it (the view shows only the last entries, which the state scramble cannot change)."""

    id = "tiny-logleak"

    def act(self, state: dict[str, Any], role: str, action_id: str) -> dict[str, Any]:
        new = super().act(state, role, action_id)
        if action_id == "roll":
            log.log(new, "tiny.peek", "T.2", role=role, other=sorted(new["hands"][other(role)]))
        return new


class NoRevealGame(TinyGame):
    """Forgets to count the drawn card as a reveal: the undo-rule check must catch it."""

    id = "tiny-noreveal"

    def act(self, state: dict[str, Any], role: str, action_id: str) -> dict[str, Any]:
        new = super().act(state, role, action_id)
        new["reveals"] = state["reveals"] if action_id.startswith("play:") else new["reveals"]
        return new


class DeadEndGame(TinyGame):
    """No legal action after the bids: the dead-end check must catch it."""

    id = "tiny-dead"

    def legal_actions(self, state: dict[str, Any], role: str) -> list[Any]:
        acts = super().legal_actions(state, role)
        return [] if state["stack"] and state["stack"][-1]["step"] == "turn" else acts

    def view(self, state: dict[str, Any], role: str) -> dict[str, Any]:
        v = super().view(state, role)
        v["actions"] = self.legal_actions(state, role)
        return v


class BrokenInvariantGame(TinyGame):
    id = "tiny-broken"

    def act(self, state: dict[str, Any], role: str, action_id: str) -> dict[str, Any]:
        new = clone(super().act(state, role, action_id))
        if action_id == "roll":
            new["deck"].append(99)
        return new


@pytest.mark.parametrize(("cls", "message"), [
    (LeakyGame, "hidden information leaks"),
    (LogLeakGame, "leaks into the log of"),
    (NoRevealGame, "learned a secret"),
    (DeadEndGame, "dead end"),
    (BrokenInvariantGame, "invariant broken"),
])
def test_fuzz_catches_defects_and_the_failure_replays(cls: type[TinyGame], message: str, tmp_path: Path) -> None:
    game = cls()
    registry.register(game)
    try:
        failing = None
        for i in range(10):
            r = fuzz.fuzz_one((game.id, "basic", 3, i, {}, 10_000, 1))
            if r.failure:
                failing = r
                break
        assert failing is not None and message in failing.failure
        path = fuzz.write_failure(failing, tmp_path, game.id)
        with pytest.raises(AssertionError, match=message):
            fuzz.replay_checked(savefile.load(path))
    finally:
        registry.unregister(game.id)


def test_same_game_registered_is_found() -> None:
    assert registry.get_game("tiny") is GAME


def test_simulate_sums_the_games_tallies() -> None:
    outs = [simulate.Outcome(index=i, seed=i, tallies={"cards_played": {"25": 1, "3": i}}) for i in range(3)]
    summary = simulate.summarize(outs, 1.0)
    assert summary["cards_played"] == {"3": 3, "25": 3}
    assert list(summary["cards_played"]) == ["3", "25"]


def test_bench_reports_every_measure_it_names() -> None:
    """`ashur bench` (issue 12): a whole game timed, every contract call sampled, the state's size kept;
    the view of a state whose predecessor was viewed (view_next) is reported next to the first view."""
    from ashur.tools.bench import bench

    out = bench("assyrian-wars", "two_rivers", 1, 3, {})
    assert out["games"] == 1 and out["decisions"] > 100
    assert out["decisions_per_second"] > 0 and out["state_bytes_max"] >= out["state_bytes_median"] > 0
    medians = out["median_us"]
    for key in ("legal_actions", "apply", "act", "view", "view_next", "view_other", "clone", "json_roundtrip"):
        assert medians[key] > 0, key


def test_bench_act_sample_leaves_the_played_state_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench times `act` on the played state; `act` forks it (copy on write), and the sample gives the
    state back its records afterwards, so that the decisions timed next do not copy every record they change
    (issue 12: a cost of the sample, not of the game). The game goes on exactly as without the sample. (The
    bench runs without `statedata.STRICT`, which freezes the records a fork shares.)"""
    from ashur.core import statedata
    from ashur.core.registry import get_game
    from ashur.core.session import Match
    from ashur.tools.bench import _act_aside
    from ashur.tools.simulate import derive, seat_bots

    monkeypatch.setattr(statedata, "STRICT", False)
    game = get_game("assyrian-wars")
    roles = game.roles("two_rivers", {})
    twins = []
    for sample in (False, True):
        match = Match.new(game, "two_rivers", derive(3, "bench", 0), {}, {r: "bot:random" for r in roles},
                          keep_undo=False)
        bots = seat_bots(match, "random")
        state = match.state
        for n in range(60):
            role = game.active(state)[0]
            choice = bots[role].choose(game, state, role, game.legal_actions(state, role))
            if sample and n % 10 == 0:
                _act_aside(game, state, role, choice)
                assert state.owned is None and state.lent is None and "at_own" not in state.memo
            game.apply(state, role, choice)
        twins.append(dumps(state))
    assert twins[0] == twins[1]
