"""The fuzzer (DESIGN: "the fuzzer is the main test"): random legal play with checks at every step.

Checks: no exception; no dead end (a game not over must have a deciding role, and each deciding role a
legal action); a step limit; JSON round trip; the game's own invariants; views of every role agree
with the legal-action lists; hidden information (scrambling what a role may not know leaves its view
unchanged, and an action applied to a state scrambled for a role adds the same entries to that role's
visible log as the true action); the undo rule (undo restores the exact snapshot, is never offered across
a barrier, and an action that lets the actor learn a secret must raise the barrier); replay determinism at
the end.

The same :class:`Checker` runs under ``ashur replay --check``, so a failure written to
``fuzz-failures/`` reproduces there.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ashur.core import statedata
from ashur.core.contract import Game
from ashur.core.errors import IllegalAction
from ashur.core.log import length as log_length
from ashur.core.registry import get_game
from ashur.core.savefile import SaveFile
from ashur.core.session import Match, barrier
from ashur.core.statedata import digest, roundtrip_equal
from ashur.tools.simulate import derive, play_out, seat_bots

State = dict[str, Any]


class FuzzFailure(AssertionError):
    """A check that failed; the message says which and where."""


@dataclass
class Checker:
    """The per-step checks. `every` runs the costly ones (views, scrambles) on every n-th step."""

    game: Game
    seed: int
    every: int = 1
    stats: dict[str, int] = field(default_factory=lambda: {"steps": 0, "views": 0, "scrambles": 0,
                                                            "scrambles_changed": 0, "undos": 0,
                                                            "reveal_checks": 0, "log_checks": 0,
                                                            "log_skipped_illegal": 0,
                                                            "log_skipped_reveal": 0,
                                                            "log_skipped_other_action": 0})

    def roles(self, match: Match) -> list[str]:
        return [*match.seats, "observer"]

    def check_live(self, match: Match, index: int) -> None:
        """The checks of every step when the others are sampled: no dead end."""
        game, state = self.game, match.state
        self.stats["steps"] += 1
        if not game.result(state)["over"]:
            active = game.active(state)
            if not active:
                raise FuzzFailure(f"step {index}: dead end: the game is not over but nobody decides")
            for role in active:
                if not game.legal_actions(state, role):
                    raise FuzzFailure(f"step {index}: dead end: {role} decides but has no legal action")

    def check_state(self, match: Match, index: int) -> None:
        """Checks of the current state (index = actions applied so far)."""
        game, state = self.game, match.state
        self.stats["steps"] += 1
        if not roundtrip_equal(state):
            raise FuzzFailure(f"step {index}: the state does not survive a JSON round trip")
        problems = game.invariants(state)
        if problems:
            raise FuzzFailure(f"step {index}: invariant broken: {problems[0]}")
        res = game.result(state)
        active = game.active(state)
        if not res["over"]:
            if not active:
                raise FuzzFailure(f"step {index}: dead end: the game is not over but nobody decides")
            for role in active:
                if not game.legal_actions(state, role):
                    raise FuzzFailure(f"step {index}: dead end: {role} decides but has no legal action")
        if index % self.every:
            return
        for role in self.roles(match):
            view = game.view(state, role)
            self.stats["views"] += 1
            ids = [a["id"] for a in view.get("actions", [])]
            legal = [a["id"] for a in game.legal_actions(state, role)] if role != "observer" else []
            if ids != legal:
                raise FuzzFailure(f"step {index}: the view of {role} lists other actions than legal_actions")
            if len(set(ids)) != len(ids):
                raise FuzzFailure(f"step {index}: duplicate action ids for {role}")
            scrambled = game.scramble(state, role, derive(self.seed, "scramble", index, role))
            self.stats["scrambles"] += 1
            if scrambled != state:
                self.stats["scrambles_changed"] += 1
            if game.view(scrambled, role) != view:
                raise FuzzFailure(f"step {index}: hidden information leaks into the view of {role}: "
                                  "scrambling what it may not know changed its view")

    def check_action(self, match: Match, index: int, before: State, role: str, action_id: str) -> None:
        """Checks of one action just applied (undo rule, determinism, reveals)."""
        game = self.game
        after = match.state
        if game.act(before, role, action_id) != after:
            raise FuzzFailure(f"action {index}: applying the same action twice gave different states")
        if match.can_undo(role):
            if barrier(before) != barrier(after):
                raise FuzzFailure(f"action {index}: undo offered across dice or a reveal")
            snap = match.undo_stack[-1]
            if snap.state != before:
                raise FuzzFailure(f"action {index}: the undo snapshot is not the state before the action")
            self.stats["undos"] += 1
            if index % self.every == 0:
                # If the actor learned a secret through this action, the game had to raise the barrier.
                scrambled = game.scramble(before, role, derive(self.seed, "reveal", index))
                try:
                    alt = game.act(scrambled, role, action_id)
                except Exception as exc:
                    raise FuzzFailure(f"action {index}: the action depends on what {role} may not know "
                                      f"({type(exc).__name__}: {exc})") from exc
                self.stats["reveal_checks"] += 1
                if game.view(alt, role) != game.view(after, role):
                    raise FuzzFailure(f"action {index}: {role} learned a secret but undo stays possible "
                                      "(the game must count a reveal)")
        if index % self.every == 0:
            self.check_log_leaks(match, index, before, role, action_id)

    def check_log_leaks(self, match: Match, index: int, before: State, actor: str, action_id: str) -> None:
        """Hidden information must not leak through the log: for every role R, scramble what R may not know
        in the state before the action (keeping the random generator, so the same dice come out), apply
        the same action, and compare the entries the action added to R's visible log, and R's view.

        Skipped (and counted): roles for which nothing is hidden, actions illegal in the scrambled state
        (they moved a force R cannot see), actions whose description (label parameters) differs in the
        scrambled state (the id names a hidden piece that the scramble put elsewhere: another action, as
        far as R can tell), and actions that reveal a secret (``reveals`` grows: a card drawn, a battle
        showing its forces), whose outcome R may legitimately learn.
        """
        game, after = self.game, match.state
        since = log_length(before)
        described = _described(game, before, actor, action_id)
        if after.get("reveals", 0) != before.get("reveals", 0):
            self.stats["log_skipped_reveal"] += 1
            return
        for r in self.roles(match):
            scrambled = game.scramble(before, r, derive(self.seed, "logleak", index, r), keep_rng=True)
            if scrambled == before:
                continue
            if _described(game, scrambled, actor, action_id) != described:
                self.stats["log_skipped_other_action"] += 1
                continue
            try:
                alt = game.act(scrambled, actor, action_id)
            except IllegalAction:
                self.stats["log_skipped_illegal"] += 1
                continue
            if alt.get("reveals", 0) != scrambled.get("reveals", 0):
                self.stats["log_skipped_reveal"] += 1
                continue
            self.stats["log_checks"] += 1
            true_new = [e for _, e in game.visible_log(after, r, since)]
            alt_new = [e for _, e in game.visible_log(alt, r, since)]
            if true_new != alt_new:
                i = next((k for k, (a, b) in enumerate(zip(true_new, alt_new)) if a != b),
                         min(len(true_new), len(alt_new)))
                entry = true_new[i] if i < len(true_new) else alt_new[i]
                raise FuzzFailure(f"step {index}: hidden information leaks into the log of {r}: entry "
                                  f"{entry.get('key')!r} (rule {entry.get('rule')}) of {actor}'s {action_id!r} "
                                  "depends on what it may not know")
            if game.view(alt, r) != game.view(after, r):
                raise FuzzFailure(f"step {index}: hidden information leaks into the view of {r} after "
                                  f"{actor}'s {action_id!r}: the outcome depends on what it may not know")


def _described(game: Game, state: State, role: str, action_id: str) -> dict[str, Any] | None:
    """The legal action `action_id` of `role` in `state` (its label and parameters), or None."""
    return next((a for a in game.legal_actions(state, role) if a["id"] == action_id), None)


DEFAULT_SLOW_MS = 250.0
"""A decision (legal_actions + act of one step) slower than this is reported (``--slow-ms``)."""
MAX_SLOW_KEPT = 10


@dataclass
class FuzzResult:
    index: int
    scenario: str
    seed: int
    decisions: int = 0
    failure: str | None = None
    trace: str | None = None
    save: dict[str, Any] | None = None
    stats: dict[str, int] = field(default_factory=dict)
    slow: list[dict[str, Any]] = field(default_factory=list)
    """The slowest decisions over the limit (at most MAX_SLOW_KEPT): step, role, action, ms."""


def fuzz_one(args: tuple[Any, ...]) -> FuzzResult:
    """Fuzz one game (a top-level function for process pools).

    `args`: game id, scenario, base seed, game index, options, step limit, every; optionally the slow
    limit in milliseconds (default DEFAULT_SLOW_MS) and whether a slow decision fails the game.
    Slow decisions are findings, not failures, unless asked: timings vary with the machine's load.
    """
    game_id, scenario, base_seed, index, options, max_steps, every = args[:7]
    slow_ms = float(args[7]) if len(args) > 7 else DEFAULT_SLOW_MS
    slow_fail = bool(args[8]) if len(args) > 8 else False
    sample = int(args[9]) if len(args) > 9 else 1
    statedata.STRICT = True  # a change that bypasses copy on write fails here instead of passing unseen
    game = get_game(game_id)
    seed = derive(base_seed, "fuzz", scenario, index)
    result = FuzzResult(index=index, scenario=scenario, seed=seed)
    from ashur.core.contract import resolve_options

    opts = resolve_options(game, options)
    seats = {role: "bot:random" for role in game.roles(scenario, opts)}
    match = Match.new(game, scenario, seed, options, seats)
    checker = Checker(game, seed, every)
    state_before: dict[str, State] = {}

    slow_count = 0

    def on_timed(m: Match, role: str, action_id: str, seconds: float) -> None:
        nonlocal slow_count
        ms = seconds * 1000.0
        if ms < slow_ms:
            return
        slow_count += 1
        result.slow.append({"step": len(m.actions) - 1, "role": role, "action": action_id, "ms": round(ms, 1)})
        if len(result.slow) > MAX_SLOW_KEPT:
            result.slow.sort(key=lambda s: -s["ms"])
            del result.slow[MAX_SLOW_KEPT:]

    def on_step(m: Match, role: str, action_id: str) -> None:
        index_ = len(m.actions) - 1
        if index_ % sample == 0:
            checker.check_action(m, index_, state_before["s"], role, action_id)
            checker.check_state(m, len(m.actions))
        else:
            checker.check_live(m, len(m.actions))
        # With `sample` > 1 the actions between two sampled ones are applied in place (as simulations do):
        # only a sampled action keeps the state before it, which its checks compare with.
        m.keep_undo = (index_ + 1) % sample == 0
        state_before["s"] = m.state

    try:
        checker.check_state(match, 0)
        state_before["s"] = match.state
        result.decisions = play_out(match, seat_bots(match, "random"), max_steps, on_step, on_timed)
        from ashur.core.replay import replay

        again = replay(match.to_save())
        if digest(again.state) != digest(match.state):
            raise FuzzFailure("replaying the record gave a different final state")
        if slow_fail and result.slow:
            worst = max(result.slow, key=lambda s: s["ms"])
            raise FuzzFailure(f"{slow_count} decisions slower than {slow_ms:g} ms; the slowest: step "
                              f"{worst['step']} ({worst['role']}: {worst['action']}) took {worst['ms']} ms")
    except Exception as exc:
        result.failure = f"{type(exc).__name__}: {exc}"
        result.trace = traceback.format_exc()
        result.save = match.to_save().model_dump()
        result.decisions = len(match.actions)
    result.stats = {**checker.stats, "slow": slow_count}
    result.slow.sort(key=lambda s: -s["ms"])
    return result


def write_failure(r: FuzzResult, directory: Path, game_id: str) -> Path:
    """Write the failing game as a save file (plus the failure text beside it)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{game_id}-{r.scenario}-{r.seed}.ashur.json"
    assert r.save is not None
    SaveFile.model_validate(r.save).save(path)
    path.with_suffix(".txt").write_text(f"{r.failure}\n\n{r.trace or ''}", encoding="utf-8")
    return path


def replay_checked(save: SaveFile) -> Match:
    """Replay `save` running every fuzz check at every step (``ashur replay --check``).

    Raises FuzzFailure (an AssertionError) at the first failing check, ReplayDivergence when an action
    does not fit any more.
    """
    from ashur.core.replay import replay, start

    checker = Checker(get_game(save.game), save.seed, 1)
    first = start(save)
    checker.check_state(first, 0)
    prev = {"s": first.state}

    def step(m: Match, i: int) -> None:
        checker.check_action(m, i, prev["s"], *save.actions[i])
        checker.check_state(m, i + 1)
        prev["s"] = m.state

    return replay(save, step)
