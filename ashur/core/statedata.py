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
import os
from typing import Any

import orjson

State = dict[str, Any]

STRICT = os.environ.get("ASHUR_STRICT_COW", "") == "1"
"""When true, :func:`fork` also wraps every record the two states share in a read-only :class:`Shared`, so
a change that bypasses the game's copy-on-write accessors fails loudly. The tests and the fuzzer set it;
play leaves it off, because reading a dict subclass is slower than reading a plain dict."""


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

    __slots__ = ("lent", "log", "memo", "owned")

    def __init__(self, data: State | None = None, log: Log | None = None) -> None:
        super().__init__(data or ())
        if log is None:
            entries = self.pop("log", None)
            n = int(self.get("log_n", len(entries) if entries is not None else 0))
            log = Log(entries, base=n - len(entries)) if entries is not None else Log(base=n)
        self["log_n"] = len(log)
        self.log = log
        self.memo: dict[Any, Any] = {}
        self.owned: dict[str, set[str]] | None = None
        """Per copy-on-write table, the keys of the records this state owns, i.e. copied on write since the
        last :func:`fork` (None: the state owns every record, as one never forked)."""
        self.lent: set[str] | None = None
        """The top-level tables this state shares whole with another state since a :func:`fork` (its
        `shared` tables); whoever changes one first takes a private copy with :func:`own`."""

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


class Shared(dict):  # type: ignore[type-arg]
    """A record (a flat dict of scalars) that several states share after :func:`fork` (copy on write).

    It refuses every change: whoever changes a record must first give its own state a private copy
    (``table[key] = dict(record)``; the games' accessors do it). So a change through a forgotten path fails
    loudly instead of changing the state an undo snapshot holds. It is a dict to every reader: equal to a
    dict of the same items, and JSON, pickling and copying see a plain dict.
    """

    __slots__ = ()

    def _refuse(self, *_: Any, **__: Any) -> Any:
        raise TypeError("a shared record of a game state is read-only: change it through the game's "
                        "accessor, which copies it first (copy on write)")

    __setitem__ = __delitem__ = _refuse  # type: ignore[assignment]
    pop = popitem = setdefault = update = clear = __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return orjson.loads(orjson.dumps(self))  # type: ignore[no-any-return]  # plain, its lists too


class Frozen(list):  # type: ignore[type-arg]
    """A list inside a table that several states share whole after :func:`fork` (strict mode only): it
    refuses every change, as :class:`Shared` does for dicts; to readers, JSON and pickling a plain list."""

    __slots__ = ()

    def _refuse(self, *_: Any, **__: Any) -> Any:
        raise TypeError("a shared table of a game state is read-only: change it through own() (the game's "
                        "accessor), which copies it first (copy on write)")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> Any:
        return (list, (list(self),))

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return orjson.loads(orjson.dumps(self))  # type: ignore[no-any-return]


def _freeze(value: Any) -> Any:
    """`value` with every dict and list in it read-only (:class:`Shared`, :class:`Frozen`)."""
    if isinstance(value, dict):
        return Shared({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return Frozen([_freeze(v) for v in value])
    return value


def copy_record(rec: dict[str, Any]) -> dict[str, Any]:
    """A private copy of a record of a copy-on-write table (a dict of scalars and lists of scalars, such as
    a country with its hand; deeper data is deep-copied)."""
    out = dict(rec)
    for k, v in out.items():
        if isinstance(v, list):
            out[k] = list(v) if all(not isinstance(x, (list, dict)) for x in v) else orjson.loads(orjson.dumps(v))
        elif isinstance(v, dict):
            out[k] = orjson.loads(orjson.dumps(v))
    return out


def own(state: State, name: str) -> Any:
    """The top-level table `name` of `state`, made the state's own first if it shares it with another state
    (see the `shared` tables of :func:`fork`): the only way to get a table that may be changed."""
    lent = getattr(state, "lent", None)
    if lent and name in lent:
        lent.discard(name)
        state[name] = orjson.loads(orjson.dumps(state[name]))
    return state[name]


def fork(state: State, tables: tuple[str, ...] = (), shared: tuple[str, ...] = ()) -> GameState:
    """The copy ``act`` works on (a :class:`GameState`; the log is never part of the data).

    The `tables` (top-level dicts of records of scalars and lists of scalars, e.g. every piece) are copied on
    write: the new state gets its own table holding the same record objects, and both states forget that they
    own any record (:attr:`GameState.owned`), so whichever changes a record first copies it (the games' accessors do).
    The `shared` top-level tables (rarely changed) are shared whole: both states list them in
    :attr:`GameState.lent`, and whoever changes one first takes its own copy (:func:`own`).
    Everything else is deep-copied. With :data:`STRICT`, the shared records and tables become read-only.
    """
    if not tables or not isinstance(state, GameState):
        return as_state(clone(state))
    rest = dict(state)
    lent = [name for name in shared if name in rest]
    for name in tables:
        del rest[name]
    for name in lent:
        del rest[name]
    data = orjson.loads(orjson.dumps(rest))
    if STRICT:
        for name in lent:
            if type(state[name]) not in (Shared, Frozen):
                state[name] = _freeze(state[name])
        owned = state.owned
        for name in tables:
            src = state[name]
            for key in (src if owned is None else owned.get(name, ())):
                if type(src[key]) is not Shared:
                    src[key] = _freeze(src[key])
    for name in tables:
        data[name] = dict(state[name])
    for name in lent:
        data[name] = state[name]
    new = GameState(data, state.log.fork())
    new.owned = {name: set() for name in tables}
    state.owned = {name: set() for name in tables}
    if lent:
        new.lent = set(lent)
        state.lent = set(lent) if state.lent is None else state.lent | set(lent)
    return new


def thaw(state: State) -> None:
    """Give `state` private, writable copies of the records it shares (for code that edits a state by hand,
    such as scripted tests; the engine itself copies a record only when it changes it)."""
    owned = state.owned if isinstance(state, GameState) else None
    for name in list(getattr(state, "lent", None) or ()):
        own(state, name)
    for name, table in state.items():
        if type(table) is not dict:
            continue
        mine = owned.get(name) if owned is not None else None
        for key, rec in table.items():
            if type(rec) is Shared or (owned is not None and name in owned and key not in mine):
                table[key] = copy_record(rec)
    if isinstance(state, GameState):
        state.owned = None


def clone_for_act(state: State) -> GameState:
    """The copy ``act`` works on when nothing is shared: a full deep copy as a :class:`GameState`."""
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
