"""Game states in the database: load (with a small per-process cache checked against the version) and
write one change (snapshot, appended actions and log entries, version + 1) inside the caller's
transaction."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
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

CACHE_SIZE = 1024
"""The default of ``ASHUR_STATE_CACHE`` (see :class:`ashur.server.settings.Settings`)."""
_cache: OrderedDict[str, tuple[int, int, GameState]] = OrderedDict()
"""game id -> (version, undo_rev, state)."""
_lock = threading.Lock()


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

    On a miss, the snapshot is read; the log too, but when this process holds an older version of the
    game and no undo happened since (``games.undo_rev``: an undo deletes log entries), only the entries
    added since are read and appended to the cached log (a log is append-only otherwise): a miss costs
    the snapshot and the new entries, not the game's whole log."""
    with _lock:
        hit = _cache.get(row.id)
        if hit is not None and hit[0] == row.version:
            _cache.move_to_end(row.id)
            return hit[2]
    timing.note("miss", 1 if hit is None else 2)
    data = orjson.loads(row.state)
    undo_rev = int(row.undo_rev or 0)
    log_n = int(data.get("log_n", 0))
    prior = hit[2].log if hit is not None and hit[1] == undo_rev and hit[0] < row.version else None
    if prior is not None and prior.base == 0 and len(prior) <= log_n:
        lg = prior.fork()
        for entry in s.execute(select(LogRow.entry).where(LogRow.game_id == row.id, LogRow.idx >= len(prior))
                               .order_by(LogRow.idx)).scalars():
            lg.append(orjson.loads(entry))
    else:
        lg = Log([orjson.loads(e) for e in s.execute(
            select(LogRow.entry).where(LogRow.game_id == row.id).order_by(LogRow.idx)).scalars()])
    state = GameState(data, lg)
    remember(row.id, row.version, undo_rev, state)
    return state


def remember(game_id: str, version: int, undo_rev: int, state: GameState) -> None:
    """Keep `state` as the game's state at `version` (`undo_rev`: the game row's, in the same transaction)."""
    with _lock:
        _cache[game_id] = (version, int(undo_rev or 0), state)
        _cache.move_to_end(game_id)
        while len(_cache) > _cache_size():
            _cache.popitem(last=False)


def _cache_size() -> int:
    from ashur.server.settings import get_settings

    return max(1, get_settings().state_cache)


def forget(game_id: str) -> None:
    with _lock:
        _cache.pop(game_id, None)


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
