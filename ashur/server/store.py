"""Game states in the database: load (with a small per-process cache checked against the version) and
write one change (snapshot, appended actions and log entries, version + 1) inside the caller's
transaction."""

from __future__ import annotations

import contextvars
import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session, defer

from ashur.core.contract import Game
from ashur.core.registry import get_game
from ashur.core.session import barrier
from ashur.core.statedata import GameState, Log
from ashur.server import timing
from ashur.server.errors import ApiError
from ashur.server.models import ActionRow, GameRow, LogRow, now

CACHE_SIZE = 64
"""The default of ``ASHUR_STATE_CACHE`` (see :class:`ashur.server.settings.Settings`): parsed states kept
per process. Small on purpose: see :data:`_states`."""
LOG_CACHE_MB = 64
"""The default of ``ASHUR_LOG_CACHE_MB``: the JSON text of game logs kept per process (:data:`_logs`)."""


class _Entry:
    """A parsed state in :data:`_states`, with who holds it (see :func:`scope`)."""

    __slots__ = ("gone", "state", "undo_rev", "unscoped", "users", "version")

    def __init__(self, version: int, undo_rev: int, state: GameState) -> None:
        self.version = version
        self.undo_rev = undo_rev
        self.state = state
        self.users = 0
        """Scopes holding the state now."""
        self.gone = False
        """Out of the cache (evicted or replaced by another version)."""
        self.unscoped = False
        """Handed out outside any :func:`scope`: its holders are unknown, its memo is never dropped."""


_states: OrderedDict[str, _Entry] = OrderedDict()
"""game id -> the parsed state of its newest version seen (the newest used first out).

A parsed state is a few hundred containers (dicts, lists), and its memo (what the engine computed about
it) as many again, one of which refers back to the state: a reference cycle. The cyclic garbage collector
walks every such container on each full collection while it holds the interpreter lock (issue 15's tail:
1,024 cached states made a full collection 0.4-0.6 s). So few states are kept parsed, the logs are kept
as JSON text (:data:`_logs`, strings are not walked), and a state leaving the cache has its memo dropped
as soon as no request holds it any more, which breaks its cycle: it is freed by reference counting, not
left to the collector."""
_logs: OrderedDict[str, tuple[int, int, str]] = OrderedDict()
"""game id -> (undo_rev, entries, their JSON array): a miss of :data:`_states` parses the snapshot and
this text (one ``orjson.loads`` each, well under a millisecond for a whole game) instead of reading
every log row. Tuples of strings are untracked by the collector."""
_log_chars = 0
_lock = threading.Lock()
_held: contextvars.ContextVar[list[_Entry] | None] = contextvars.ContextVar("ashur_states_held", default=None)


@contextmanager
def scope() -> Iterator[None]:
    """Everything that uses a state from :func:`load_state` (or gives one to :func:`remember`) runs inside
    a scope: a request (:class:`StateScope`), a websocket's view, a bot's step. When the scope ends the
    states it used are released; one that left the cache meanwhile and that no other scope holds has its
    memo dropped (nobody can read it any more, so it is safe). States used outside any scope are left to
    the garbage collector."""
    held: list[_Entry] = []
    token = _held.set(held)
    try:
        yield
    finally:
        _held.reset(token)
        with _lock:
            for entry in held:
                entry.users -= 1
                _drop_memo_if_free(entry)


class StateScope:
    """ASGI middleware: every HTTP request is one :func:`scope` (websockets scope each view they build)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope_: dict[str, Any], receive: Any, send: Any) -> None:
        if scope_.get("type") != "http":
            await self.app(scope_, receive, send)
            return
        with scope():
            await self.app(scope_, receive, send)


def _hold(entry: _Entry) -> None:
    """Count the current scope as a holder of `entry` (under :data:`_lock`)."""
    held = _held.get()
    if held is None:
        entry.unscoped = True
    else:
        entry.users += 1
        held.append(entry)


def _drop_memo_if_free(entry: _Entry) -> None:
    if entry.gone and entry.users <= 0 and not entry.unscoped:
        entry.state.memo.clear()


def _retire(entry: _Entry) -> None:
    """`entry` left the cache (under :data:`_lock`)."""
    entry.gone = True
    _drop_memo_if_free(entry)


def _put(game_id: str, version: int, undo_rev: int, state: GameState) -> None:
    """Cache `state` as the game's state at `version` and hold it for the current scope (under
    :data:`_lock`). An older version than the cached one is held but not cached."""
    old = _states.get(game_id)
    if old is not None and old.state is state:
        old.version, old.undo_rev = version, undo_rev
        _states.move_to_end(game_id)
        _hold(old)
        return
    entry = _Entry(version, undo_rev, state)
    _hold(entry)
    if old is not None and old.version > version:
        _retire(entry)
        return
    if old is not None:
        _retire(old)
    _states[game_id] = entry
    _states.move_to_end(game_id)
    size = _cache_size()
    while len(_states) > size:
        _retire(_states.popitem(last=False)[1])


def _keep_log(game_id: str, undo_rev: int, n: int, text: str) -> None:
    """Keep a game's log text (under :data:`_lock`), the oldest used dropped past ``ASHUR_LOG_CACHE_MB``."""
    global _log_chars
    old = _logs.pop(game_id, None)
    if old is not None:
        _log_chars -= len(old[2])
    _logs[game_id] = (undo_rev, n, text)
    _log_chars += len(text)
    limit = _log_cache_chars()
    while _log_chars > limit and _logs:
        _log_chars -= len(_logs.popitem(last=False)[1][2])


def _joined(text: str, entries: list[str]) -> str:
    """The JSON array `text` with the JSON texts `entries` appended."""
    if not entries:
        return text
    return (text[:-1] + ("," if len(text) > 2 else "") + ",".join(entries) + "]")


def new_id() -> str:
    """A game id: 72 random bits, URL-safe."""
    return secrets.token_urlsafe(9)


def new_token(prefix: str) -> tuple[str, str]:
    """A bearer token of 256 random bits (``prefix_...``) and the SHA-256 stored in its place."""
    plain = f"{prefix}_{secrets.token_urlsafe(32)}"
    return plain, token_hash(plain)


def token_hash(plain: str) -> str:
    return hashlib.sha256(plain.encode("utf-8", "replace")).hexdigest()


def dumps(data: Any) -> str:
    return orjson.dumps(data).decode()


def get_row(s: Session, game_id: str, *, lock: bool = False, light: bool = False) -> GameRow:
    """The game row, locked for this transaction on PostgreSQL when `lock`; 404 when there is none.
    `light`: the snapshot column is not read (it is loaded if read later; setting it needs no read)."""
    if len(game_id) > 24:
        raise ApiError(404, "no such game")
    stmt = select(GameRow).where(GameRow.id == game_id)
    if light:
        stmt = stmt.options(defer(GameRow.state))
    if lock and s.get_bind().dialect.name != "sqlite":
        stmt = stmt.with_for_update()
    row = s.execute(stmt).scalar_one_or_none()
    if row is None:
        raise ApiError(404, "no such game")
    return row


def engine_of(row: GameRow) -> Game:
    return get_game(row.game)


def load_state(s: Session, row: GameRow) -> GameState:
    """The state of `row` at its version (the cached object when it is current; never change it).

    On a miss the snapshot (``row.state``, read with the row) is parsed, and the log: from this process's
    text of it (:data:`_logs`) when no undo happened since (``games.undo_rev``: an undo deletes log
    entries; a log is append-only otherwise), reading only the entries added since; else from its rows."""
    with _lock:
        hit = _states.get(row.id)
        if hit is not None and hit.version == row.version:
            _states.move_to_end(row.id)
            _hold(hit)
            return hit.state
        kept = _logs.get(row.id)
    timing.note("miss", 1 if hit is None else 2)
    data = orjson.loads(row.state)
    undo_rev = int(row.undo_rev or 0)
    log_n = int(data.get("log_n", 0))
    if kept is not None and kept[0] == undo_rev and kept[1] <= log_n:
        n, text = kept[1], kept[2]
    else:
        n, text = 0, "[]"
    if n < log_n:
        added = list(s.execute(select(LogRow.entry).where(LogRow.game_id == row.id, LogRow.idx >= n)
                               .order_by(LogRow.idx)).scalars())
        text, n = _joined(text, added), n + len(added)
    state = GameState(data, Log(orjson.loads(text)))
    with _lock:
        if n == len(state.log):
            _keep_log(row.id, undo_rev, n, text)
        _put(row.id, row.version, undo_rev, state)
    return state


def remember(game_id: str, version: int, undo_rev: int, state: GameState) -> None:
    """Keep `state` as the game's state at `version` (`undo_rev`: the game row's, in the same transaction),
    and its new log entries in the log's text when that text holds the entries before them."""
    undo_rev = int(undo_rev or 0)
    with _lock:
        kept = _logs.get(game_id)
    added: list[str] | None = None
    lg = state.log
    if kept is not None and kept[0] == undo_rev and lg.base == 0 and kept[1] <= len(lg):
        added = [dumps(entry) for _i, entry in lg.since(kept[1])]
    with _lock:
        if added is not None and _logs.get(game_id) is kept and kept is not None:
            _keep_log(game_id, undo_rev, kept[1] + len(added), _joined(kept[2], added))
        elif kept is not None and (kept[0] != undo_rev or kept[1] > len(lg)):
            _forget_log(game_id)
        _put(game_id, version, undo_rev, state)


def _forget_log(game_id: str) -> None:
    global _log_chars
    old = _logs.pop(game_id, None)
    if old is not None:
        _log_chars -= len(old[2])


def _cache_size() -> int:
    from ashur.server.settings import get_settings

    return max(1, get_settings().state_cache)


def _log_cache_chars() -> int:
    from ashur.server.settings import get_settings

    return max(0, get_settings().log_cache_mb) * 1_000_000


def forget(game_id: str) -> None:
    """Drop the game's cached state and log text (an undo rewrote them)."""
    with _lock:
        entry = _states.pop(game_id, None)
        if entry is not None:
            _retire(entry)
        _forget_log(game_id)


def cached() -> dict[str, int]:
    """What this process holds now: parsed states, logs kept as text and their characters (tests and
    the timing lines; without the lock, as a collector's callback may run while a thread holds it)."""
    return {"states": len(_states), "logs": len(_logs), "log_chars": _log_chars}


timing.add_gc_fields(cached)


def snapshot(state: GameState) -> str:
    return dumps(dict(state))


@dataclass(frozen=True)
class Change:
    """What a new state writes, computed before the write transaction (outside the database's write
    lock): its JSON snapshot, its new log entries as JSON, the waiting roles and the result."""

    snapshot: str
    log: list[tuple[int, str]]
    waiting: list[str]
    result: dict[str, Any] | None


def prepare(game: Game, old_log_n: int, state: GameState) -> Change:
    """The :class:`Change` of `state` (whose log grew from `old_log_n` entries)."""
    result = game.result(state)
    return Change(snapshot(state), [(idx, dumps(entry)) for idx, entry in state.log.since(old_log_n)],
                  [] if result["over"] else list(game.active(state)), dict(result) if result["over"] else None)


def set_state(s: Session, row: GameRow, game: Game, old_log_n: int, state: GameState,
              change: Change | None = None) -> None:
    """Write `state` as the row's snapshot: new log entries appended, waiting roles, result, version + 1
    (`change`: the same, prepared by :func:`prepare` before the transaction).

    The caller calls :func:`remember` once the transaction has committed (never before: a failed commit
    must not leave a state in the cache)."""
    change = change if change is not None else prepare(game, old_log_n, state)
    for idx, entry in change.log:
        s.add(LogRow(game_id=row.id, idx=idx, entry=entry))
    row.state = change.snapshot
    row.waiting = list(change.waiting)
    if change.result is not None:
        row.status = "finished"
        row.result = dict(change.result)
    row.version += 1
    row.updated_at = now()


def record_action(s: Session, row: GameRow, role: str, action_id: str, before: GameState,
                  after: GameState, change: Change | None = None, before_json: str | None = None,
                  note: str | None = None) -> None:
    """Append one applied action and keep the undo snapshots as the engine's session does: kept while
    the same role goes on deciding and no die was rolled and no card drawn or revealed. `before` is the
    state of `row` at its version (:func:`load_state`), whose JSON ``row.state`` (or `before_json`) holds;
    `change` is :func:`prepare` of `after`, when made before the transaction; `note` is a bot seat's note
    on its action (:func:`ashur.server.bots.note_of`), kept with it."""
    game = engine_of(row)
    undoable = barrier(after) == barrier(before) and role in game.active(after)
    if not undoable or row.undo_role != role:
        s.execute(update(ActionRow).where(ActionRow.game_id == row.id, ActionRow.before.is_not(None))
                  .values(before=None))
    # row.state is the JSON of `before` (the state at row.version): no second dump of the same state
    s.add(ActionRow(game_id=row.id, n=row.n_actions, role=role, action=action_id,
                    before=(before_json if before_json is not None else row.state) if undoable else None,
                    note=note))
    row.undo_role = role if undoable else None
    row.n_actions += 1
    set_state(s, row, game, int(before["log_n"]), after, change)


def undo(s: Session, row: GameRow, role: str) -> GameState:
    """Return to the state before `role`'s last action, when the undo rule allows it."""
    last = None
    if row.undo_role == role and row.n_actions:
        last = s.get(ActionRow, (row.id, row.n_actions - 1))
    if last is None or last.before is None or last.role != role:
        raise ApiError(422, "nothing to undo: dice were rolled, a card was drawn or revealed, or another "
                            "role decided since", rule=None)
    data = orjson.loads(last.before)
    log_n = int(data["log_n"])
    s.execute(delete(LogRow).where(LogRow.game_id == row.id, LogRow.idx >= log_n))
    s.delete(last)
    row.n_actions -= 1
    row.state = last.before
    row.undo_rev = int(row.undo_rev or 0) + 1
    game = engine_of(row)
    forget(row.id)
    s.flush()
    state = load_state_uncached(s, row, data)
    row.waiting = list(game.active(state))
    row.version += 1
    row.updated_at = now()
    return state


def load_state_uncached(s: Session, row: GameRow, data: dict[str, Any]) -> GameState:
    entries = [orjson.loads(e) for e in s.execute(
        select(LogRow.entry).where(LogRow.game_id == row.id).order_by(LogRow.idx)).scalars()]
    return GameState(data, Log(entries))
