"""Replays and the archive (issue 15), through the contract and the save file only.

- :func:`export_save` / :func:`export_text`: a game's ``*.ashur.json`` save file from its setup
  parameters and action list. A save holds the seed, and the seed tells every card and die to come, so
  only a finished game is exported (unless the caller knowingly asks otherwise).
- :func:`load_save`: a save file's text (or path) checked and replayed: what a new game needs to continue
  it (:class:`Continuation`), or :class:`ArchiveError`, one line naming what is wrong.
- :class:`Replay`: the frames of a finished game for everyone: the state after each action and any role's
  (or the public ``observer``) view at step k. Replayed once, keeping a checkpoint every N steps; a frame
  is re-played from the nearest checkpoint (or from the last frame asked, when stepping forward).
- :func:`seat_history`: during a game a seat sees its own history only: the entries of the game's
  ``visible_log`` for that role.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ashur.core import log as corelog
from ashur.core.contract import Game, Result, check_scenario, resolve_options, resolve_seats
from ashur.core.errors import AshurError, IllegalAction, SaveFileError
from ashur.core.i18n import render_entry
from ashur.core.registry import get_game
from ashur.core.replay import replay
from ashur.core.savefile import SaveFile, parse
from ashur.core.savefile import load as load_file
from ashur.core.session import Match

State = dict[str, Any]

CHECKPOINT_EVERY = 64
"""Steps between two kept states of a :class:`Replay` (a frame costs at most this many actions)."""

MAX_ACTIONS = 200_000
"""The longest action list imported (a long game has a few thousand)."""

OBSERVER = "observer"


class ArchiveError(AshurError):
    """A save that cannot be exported, imported or replayed: one line, fit for an API answer."""


def _seat_kinds(seats: Mapping[str, str]) -> dict[str, str]:
    """Server seats (human, open, bot:KIND) as save-file seats (human, bot:KIND): an open seat is human."""
    return {role: ("human" if kind == "open" else kind) for role, kind in seats.items()}


def export_save(
    game_id: str,
    scenario: str,
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[Sequence[str]],
    seats: Mapping[str, str] | None = None,
    *,
    finished: bool = True,
    verify: bool = False,
) -> SaveFile:
    """The save file of a game. `finished` must be true (the caller says the game ended: the game's own
    result, a resignation or a claim): a save carries the seed, which would tell the cards and dice to
    come. With `verify` the actions are replayed first (ArchiveError at the first that does not fit)."""
    if not finished:
        raise ArchiveError("only a finished game is exported: a save file holds the seed, which tells the "
                           "cards and dice to come")
    try:
        game = get_game(game_id)
        check_scenario(game, scenario)
        opts = resolve_options(game, dict(options))
        seat_map = resolve_seats(game, scenario, opts, _seat_kinds(seats or {}))
        save = SaveFile(game=game.id, version=game.version, scenario=scenario, seed=seed, options=opts,
                        seats=seat_map, actions=[[str(r), str(a)] for r, a in actions])
        if verify:
            replay(save)
    except ArchiveError:
        raise
    except AshurError as exc:
        raise ArchiveError(f"cannot export: {exc}") from None
    except ValueError as exc:  # pydantic refuses a malformed record
        raise ArchiveError(f"cannot export: {str(exc).splitlines()[0]}") from None
    return save


def export_text(*args: Any, **kwargs: Any) -> str:
    """:func:`export_save` as the text of a ``*.ashur.json`` file."""
    return export_save(*args, **kwargs).dumps()


@dataclass
class Continuation:
    """What a new game needs to continue a saved one: its parameters, the actions (the new game's record
    starts with them) and the state they lead to."""

    game: str
    scenario: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, str]
    actions: list[list[str]]
    state: State = field(repr=False)
    active: list[str]
    over: bool
    result: Result


def load_save(source: str | Path, *, name: str = "<upload>", max_actions: int = MAX_ACTIONS) -> Continuation:
    """Check and replay a save file: `source` is its text, or a :class:`~pathlib.Path` to read. Raises
    ArchiveError naming the file, line and field (a bad file) or the first action that does not fit."""
    try:
        save = load_file(source) if isinstance(source, Path) else parse(source, name)
    except SaveFileError as exc:
        raise ArchiveError(str(exc)) from None
    where = str(source) if isinstance(source, Path) else name
    if len(save.actions) > max_actions:
        raise ArchiveError(f"{where}: {len(save.actions)} actions; at most {max_actions} are imported")
    try:
        match = replay(save)
    except AshurError as exc:
        raise ArchiveError(f"{where}: {exc}") from None
    game = match.game
    res = game.result(match.state)
    return Continuation(game.id, match.scenario, match.seed, dict(match.options), dict(match.seats),
                        [list(a) for a in match.actions], match.state, list(game.active(match.state)),
                        bool(res["over"]), res)


class Replay:
    """The frames of a game: step ``k`` is the state after the first ``k`` actions (0: after setup).

    Built from a save (or :meth:`from_record`); the actions are replayed once and checked (ArchiveError at
    the first that does not fit). With `require_over` (default) the game must be over by its own rules;
    a game ended by a resignation or a clock claim passes ``require_over=False``.
    """

    def __init__(self, save: SaveFile, *, every: int = CHECKPOINT_EVERY, require_over: bool = True) -> None:
        if every < 1:
            raise ValueError("every >= 1")
        self.save = save
        self.every = every
        self.actions: list[list[str]] = [list(a) for a in save.actions]
        self._checkpoints: dict[int, State] = {}
        self._log_len: list[int] = []

        def keep(match: Match, index: int) -> None:
            step = index + 1
            self._log_len.append(corelog.length(match.state))
            if step % every == 0:
                self._checkpoints[step] = match.state

        try:
            first = Match.new(get_game(save.game), save.scenario, save.seed, save.options, save.seats)
            self._checkpoints[0] = first.state
            self._log_len.append(corelog.length(first.state))
            final = replay(save, keep)
        except AshurError as exc:
            raise ArchiveError(f"cannot replay: {exc}") from None
        self.game: Game = final.game
        self.final: State = final.state
        self.roles: list[str] = list(final.seats)
        if require_over and not self.game.result(final.state)["over"]:
            raise ArchiveError("the game is not over: during a game each seat sees its own history only")
        self._last: tuple[int, State] = (len(self.actions), final.state)

    @classmethod
    def from_record(cls, game_id: str, scenario: str, options: Mapping[str, Any], seed: int,
                    actions: Sequence[Sequence[str]], seats: Mapping[str, str] | None = None,
                    **kwargs: Any) -> Replay:
        """A replay from a game's stored parameters and action list (as kept in the database)."""
        return cls(export_save(game_id, scenario, options, seed, actions, seats), **kwargs)

    @property
    def steps(self) -> int:
        """The number of actions; frames run from 0 to this."""
        return len(self.actions)

    def state_at(self, k: int) -> State:
        """The state after `k` actions (never changed by later calls: the game's ``act`` copies)."""
        if not 0 <= k <= self.steps:
            raise ArchiveError(f"step {k} is not between 0 and {self.steps}")
        base = (k // self.every) * self.every
        last_k, last_state = self._last
        if base <= last_k <= k:
            start, state = last_k, last_state
        else:
            start, state = base, self._checkpoints[base]
        try:
            for role, action_id in self.actions[start:k]:
                state = self.game.act(state, role, action_id)
        except IllegalAction as exc:  # the record was checked when built: a changed game module
            raise ArchiveError(f"cannot replay step {k}: {exc}") from None
        self._last = (k, state)
        return state

    def frame(self, k: int, role: str = OBSERVER, lang: str | None = None) -> dict[str, Any]:
        """Step `k` as `role` (any role of the game, or ``observer`` for the public view) sees it:
        ``{step, steps, action, view, log, result}``, where ``action`` is the ``[role, action]`` that led
        here (None at step 0) and ``log`` the entries the step added that `role` may read (``text``
        rendered when `lang` is given)."""
        if role != OBSERVER and role not in self.roles:
            raise ArchiveError(f"unknown role {role!r:.40} (roles: {', '.join(self.roles)}, {OBSERVER})")
        state = self.state_at(k)
        since = self._log_len[k - 1] if k > 0 else 0
        return {
            "step": k,
            "steps": self.steps,
            "action": self.actions[k - 1] if k > 0 else None,
            "view": self.game.view(state, role),
            "log": _entries(self.game, state, role, since, lang),
            "result": self.game.result(state),
        }


def _entries(game: Game, state: State, role: str, since: int, lang: str | None) -> list[dict[str, Any]]:
    catalog = game.messages(lang) if lang else None
    out = []
    for index, entry in game.visible_log(state, role, since):
        item = {"index": index, "key": entry["key"], "rule": entry.get("rule"),
                "params": dict(entry.get("params") or {})}
        if catalog is not None:
            item["text"] = render_entry(entry, catalog)
        out.append(item)
    return out


def seat_history(game: Game, state: State, role: str, since: int = 0,
                 lang: str | None = None) -> list[dict[str, Any]]:
    """A seat's own history during a game: the log entries from index `since` that `role` may read
    (``index, key, rule, params``; ``text`` when `lang` is given). The ``to`` of secret entries is not
    passed on."""
    return _entries(game, state, role, since, lang)
