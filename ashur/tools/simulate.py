"""Whole games between bots (``ashur simulate``): deterministic for given arguments, with any ``--jobs``.

Game *i* of a run with seed *s* uses the derived seed ``derive(s, i)``; each bot seat is seeded from the
game seed and its role. Results are collected in game order, so the summary (apart from timings) and
its ``digest`` do not depend on how many processes ran the games, nor on whether Ray ran them (``--ray``,
:mod:`ashur.tools.cluster`).
"""

from __future__ import annotations

import hashlib
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ashur import bots as botlib
from ashur.core import log as corelog
from ashur.core.contract import Game
from ashur.core.flow import SECRECY_PASS
from ashur.core.registry import get_game
from ashur.core.savefile import SaveFile
from ashur.core.session import Match
from ashur.core.statedata import digest

DEFAULT_MAX_DECISIONS = 500_000


def derive(seed: int, *parts: Any) -> int:
    """A 48-bit seed derived from `seed` and `parts` (stable across Python versions and processes)."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)


@dataclass
class Outcome:
    """One simulated game."""

    index: int
    seed: int
    decisions: int = 0
    winners: list[str] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)
    reason: str = ""
    error: str | None = None
    rule_counts: dict[str, int] = field(default_factory=dict)
    event_counts: dict[str, int] = field(default_factory=dict)
    digest: str = ""
    seconds: float = 0.0
    save: dict[str, Any] | None = None
    summary: dict[str, Any] = field(default_factory=dict)
    tallies: dict[str, dict[str, int]] = field(default_factory=dict)
    #: decisions per prompt kind (the game's ``decision_kind``), and ``forced:<kind>`` for those with a single
    #: legal action that is not a secrecy pass (DESIGN: such a prompt should answer itself), ``secret:<kind>``
    #: for a single action asked because the others cannot tell it is the only one (``lone_kept_secret``)
    prompts: dict[str, int] = field(default_factory=dict)
    #: the game's session-report statistics (``Game.report``)
    report: dict[str, Any] = field(default_factory=dict)


def seat_bots(match: Match, default_kind: str) -> dict[str, botlib.Bot]:
    """A bot per role: seats ``bot:KIND`` use that kind; human seats get `default_kind` in simulations."""
    out: dict[str, botlib.Bot] = {}
    for role, seat in match.seats.items():
        kind = seat.split(":", 1)[1] if seat.startswith("bot:") else default_kind
        out[role] = botlib.make(kind, derive(match.seed, "bot", role))
    return out


def play_out(
    match: Match,
    bots: dict[str, botlib.Bot],
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    on_step: Callable[[Match, str, str], None] | None = None,
    on_timed: Callable[[Match, str, str, float], None] | None = None,
    prompts: dict[str, int] | None = None,
) -> int:
    """Let bots play `match` to its end; returns the number of decisions. Raises on errors.

    When several roles decide at once, they act in seating order (a deterministic choice).
    `on_timed(match, role, action_id, seconds)` gets the CPU time of each decision spent in the game's
    ``legal_actions`` and in ``act`` (the bot's choice and `on_step` not counted; CPU time, so that a busy
    machine does not make decisions look slow); it runs before `on_step`. `prompts`, when given, counts the
    decisions per prompt kind and the forced ones (see :class:`Outcome`).
    """
    kind_of = getattr(match.game, "decision_kind", None) if prompts is not None else None
    kept_secret = getattr(match.game, "lone_kept_secret", None) if prompts is not None else None
    game = match.game
    decisions = 0
    while not game.result(match.state)["over"]:
        active = match.active()
        if not active:
            raise RuntimeError("dead end: the game is not over but nobody decides")
        role = active[0]
        t0 = time.process_time()
        actions = game.legal_actions(match.state, role)
        t1 = time.process_time()
        if not actions:
            raise RuntimeError(f"dead end: {role} must decide but has no legal action")
        if prompts is not None:
            kind = kind_of(match.state) if kind_of is not None else "decision"
            prompts[kind] = prompts.get(kind, 0) + 1
            if len(actions) == 1 and not actions[0]["id"].startswith(SECRECY_PASS):
                kept = kept_secret is not None and kept_secret(match.state, role)
                tag = f"secret:{kind}" if kept else f"forced:{kind}"
                prompts[tag] = prompts.get(tag, 0) + 1
        choice = bots[role].choose(game, match.state, role, actions)
        t2 = time.process_time()
        match.act(role, choice)
        if on_timed is not None:
            on_timed(match, role, choice, (t1 - t0) + (time.process_time() - t2))
        decisions += 1
        if on_step is not None:
            on_step(match, role, choice)
        if decisions >= max_decisions:
            raise RuntimeError(f"step limit: the game did not end within {max_decisions} decisions")
    return decisions


def run_one(args: tuple[str, str, int, int, dict[str, Any], str, bool, int]) -> Outcome:
    """Play game `index` of a run (a top-level function, so process pools can call it)."""
    game_id, scenario, base_seed, index, options, bot_kind, keep_save, max_decisions = args
    game = get_game(game_id)
    seats = {role: f"bot:{bot_kind}" for role in game.roles(scenario, _resolved(game, options))}
    return play_game(game_id, scenario, derive(base_seed, index), index, options, seats, keep_save, max_decisions)


def play_game(game_id: str, scenario: str, seed: int, index: int, options: dict[str, Any], seats: dict[str, str],
              keep_save: bool = False, max_decisions: int = DEFAULT_MAX_DECISIONS) -> Outcome:
    """Play one game with seed `seed` between the bots of `seats` (``bot:KIND`` per role, each seeded as
    :func:`seat_bots` does); failures are reported in the outcome, not raised."""
    game = get_game(game_id)
    out = Outcome(index=index, seed=seed)
    start = time.perf_counter()
    match = Match.new(game, scenario, seed, options, seats, keep_undo=False)
    try:
        out.decisions = play_out(match, seat_bots(match, "random"), max_decisions, prompts=out.prompts)
        res = game.result(match.state)
        out.winners = list(res["winners"])
        out.scores = dict(res["scores"])
        out.reason = res["reason"]
    except Exception as exc:  # a simulation reports every failure instead of stopping the run
        out.error = f"{type(exc).__name__}: {exc} (after {len(match.actions)} actions)"
        out.error_trace = traceback.format_exc()  # type: ignore[attr-defined]
        out.decisions = len(match.actions)
    out.rule_counts = corelog.rule_counts(match.state)
    out.event_counts = corelog.event_counts(match.state)
    out.digest = digest(match.state)
    out.summary = game.summary(match.state)
    out.tallies = game.tallies(match.state)
    out.report = game.report(match.state)
    out.seconds = time.perf_counter() - start
    if keep_save:
        out.save = match.to_save().model_dump()
    return out


def _resolved(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    from ashur.core.contract import resolve_options

    return resolve_options(game, options)


def run_games(
    game_id: str,
    scenario: str,
    games: int,
    seed: int,
    options: dict[str, Any],
    bot_kind: str,
    jobs: int = 1,
    keep_save: bool = False,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    ray: str | None = None,
) -> Iterator[Outcome]:
    """Yield the outcomes of the run in game order (`ray`: see :func:`ashur.tools.cluster.map_ordered`)."""
    from ashur.tools.cluster import map_ordered

    tasks = [(game_id, scenario, seed, i, options, bot_kind, keep_save, max_decisions) for i in range(games)]
    yield from map_ordered(run_one, tasks, jobs, ray)


def summarize(outcomes: list[Outcome], seconds: float) -> dict[str, Any]:
    """The ``--json`` object: games, decisions, seconds, winners, errors, rule_counts, event_counts, digest,
    and the game's tallies summed over the games (e.g. ``cards_played``)."""
    winners: dict[str, int] = {}
    tallies: dict[str, dict[str, int]] = {}
    rule_counts: dict[str, int] = {}
    event_counts: dict[str, int] = {}
    prompts: dict[str, int] = {}
    errors: list[dict[str, Any]] = []
    h = hashlib.sha256()
    for o in outcomes:
        if o.error:
            errors.append({"game": o.index, "seed": o.seed, "error": o.error})
            key = "error"
        else:
            key = "+".join(sorted(o.winners)) if o.winners else "draw"
        winners[key] = winners.get(key, 0) + 1
        for rule, n in o.rule_counts.items():
            rule_counts[rule] = rule_counts.get(rule, 0) + n
        for key, n in o.event_counts.items():
            event_counts[key] = event_counts.get(key, 0) + n
        for key, n in o.prompts.items():
            prompts[key] = prompts.get(key, 0) + n
        for name, counts in o.tallies.items():
            total = tallies.setdefault(name, {})
            for key, n in counts.items():
                total[key] = total.get(key, 0) + n
        h.update(o.digest.encode())
    return {
        "games": len(outcomes),
        "decisions": sum(o.decisions for o in outcomes),
        "seconds": round(seconds, 3),
        "winners": dict(sorted(winners.items())),
        "errors": errors,
        "rule_counts": dict(sorted(rule_counts.items(), key=lambda kv: _rule_key(kv[0]))),
        "event_counts": dict(sorted(event_counts.items())),
        "prompts": {
            "kinds": dict(sorted(((k, n) for k, n in prompts.items() if not k.startswith("forced:")),
                                 key=lambda kv: (-kv[1], kv[0]))),
            "forced": dict(sorted(((k[7:], n) for k, n in prompts.items() if k.startswith("forced:")),
                                  key=lambda kv: (-kv[1], kv[0]))),
            "forced_total": sum(n for k, n in prompts.items() if k.startswith("forced:")),
        },
        "digest": h.hexdigest(),
        **{name: dict(sorted(counts.items(), key=lambda kv: _rule_key(kv[0])))
           for name, counts in sorted(tallies.items())},
    }


def _rule_key(rule: str) -> tuple[Any, ...]:
    parts: list[Any] = []
    for p in rule.replace("-", ".").split("."):
        parts.append((0, int(p), "") if p.isdigit() else (1, 0, p))
    return tuple(parts)


def save_outcome(o: Outcome, directory: Path, game_id: str, scenario: str) -> Path | None:
    """Write the game's save file into `directory`; returns its path."""
    if o.save is None:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{game_id}-{scenario}-{o.index:04d}{'-error' if o.error else ''}.ashur.json"
    SaveFile.model_validate(o.save).save(path)
    return path
