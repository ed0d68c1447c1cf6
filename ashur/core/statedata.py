"""State as plain JSON data: cloning, canonical encoding and hashing; the log kept beside the state.

The state of every game is a tree of dicts (string keys), lists, strings, numbers, booleans and None.
A JSON round trip gives an equal state; the fuzzer checks it at every step.

The log is not part of that tree (DESIGN: "the log is append-only data beside it"): a
:class:`GameState` is a dict that carries its :class:`Log` as an attribute, and the tree holds only
the log's length (``log_n``). So a copy of the state, its JSON and its size do not grow with the game.
A :class:`GameState` also carries a *memo*: what the engine computed about this very state (deciders,
legal actions, indexes), dropped whenever the engine changes the state.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

State = dict[str, Any]


class Log:
    """An append-only list of log entries that many states can share (copy on branch).

    A fork is O(1): it shares the buffer with its parent. Appending to a log whose buffer has grown past
    it (another fork appended first) copies the shared prefix once, so forks never see each other's
    entries. Entries are immutable once appended; readers must not change them.
    ``base`` is the index of the first entry held (entries before it are not available, e.g. for a
    state loaded from JSON in the middle of a game).
    """

    __slots__ = ("_buf", "_n", "base")

    def __init__(self, entries: list[dict[str, Any]] | None = None, base: int = 0) -> None:
        self._buf: list[dict[str, Any]] = list(entries or ())
        self._n = len(self._buf)
        self.base = base

    def append(self, entry: dict[str, Any]) -> None:
        if len(self._buf) != self._n:
            self._buf = self._buf[: self._n]
        self._buf.append(entry)
        self._n += 1

    def fork(self) -> Log:
        new = Log.__new__(Log)
        new._buf, new._n, new.base = self._buf, self._n, self.base
        return new

    def __len__(self) -> int:
        return self.base + self._n

    def entries(self) -> list[dict[str, Any]]:
        """The entries held, oldest first (a new list)."""
        return self._buf[: self._n]

    def since(self, index: int) -> list[tuple[int, dict[str, Any]]]:
        """(absolute index, entry) for the entries from `index` on."""
        start = max(index - self.base, 0)
        buf = self._buf
        return [(self.base + i, buf[i]) for i in range(start, self._n)]

    def last(self, n: int) -> list[tuple[int, dict[str, Any]]]:
        """The last `n` entries with their absolute indexes."""
        return self.since(len(self) - n)

    def reverse(self) -> Any:
        """(absolute index, entry) from the newest to the oldest, lazily."""
        buf, base = self._buf, self.base
        for i in range(self._n - 1, -1, -1):
            yield base + i, buf[i]


class GameState(dict):  # type: ignore[type-arg]
    """A game state: a plain JSON dict, plus its log and the engine's memo of this state (not JSON)."""

    __slots__ = ("log", "memo")

    def __init__(self, data: State | None = None, log: Log | None = None) -> None:
        super().__init__(data or ())
        if log is None:
            entries = self.pop("log", None)
            n = int(self.get("log_n", len(entries) if entries is not None else 0))
            log = Log(entries, base=n - len(entries)) if entries is not None else Log(base=n)
        self["log_n"] = len(log)
        self.log = log
        self.memo: dict[Any, Any] = {}

    def __reduce__(self) -> Any:
        # pickling (process pools) keeps the log
        return (_rebuild, (dict(self), self.log.entries(), self.log.base))


def _rebuild(data: State, entries: list[dict[str, Any]], base: int) -> GameState:
    return GameState(data, Log(entries, base))


def as_state(state: State) -> GameState:
    """`state` as a :class:`GameState` (a plain dict, e.g. loaded from JSON, is wrapped: its ``log`` list,
    if it has one, becomes the log)."""
    return state if isinstance(state, GameState) else GameState(dict(state))


def clone(state: State) -> Any:
    """A full, independent copy (for search, scrambling, undo): the data deep-copied (orjson is the
    fastest deep copy of plain JSON data in CPython), the log forked (entries are immutable)."""
    if isinstance(state, GameState):
        return GameState(orjson.loads(orjson.dumps(state)), state.log.fork())
    return orjson.loads(orjson.dumps(state))  # plain data stays plain (contract calls wrap it: as_state)


def clone_for_act(state: State) -> GameState:
    """The copy ``act`` works on: a :class:`GameState` (the log is never part of the data)."""
    return as_state(clone(state))


def copy_actions(actions: list[Any]) -> list[Any]:
    """A copy of a legal-action list for a caller outside the engine (editing it changes nothing)."""
    return orjson.loads(orjson.dumps(actions)) if actions else []


def dumps(state: Any, *, pretty: bool = False) -> bytes:
    """Canonical JSON (sorted keys) as bytes."""
    opt = orjson.OPT_SORT_KEYS | (orjson.OPT_INDENT_2 if pretty else 0)
    return orjson.dumps(state, option=opt)


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


def digest(state: Any) -> str:
    """A stable hash of a state (or of any JSON data)."""
    return hashlib.sha256(dumps(state)).hexdigest()


def roundtrip_equal(state: State) -> bool:
    """True when a JSON round trip returns an equal value (no tuples, sets or objects hide in it)."""
    return orjson.loads(orjson.dumps(state)) == state
