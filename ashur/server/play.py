"""Play: one transaction per action (the action appended, the state snapshot replaced, version + 1).

The client sends the version it saw: a stale one gets 409. Anything the engine refuses gets 422
``{error, rule}`` (the engine's IllegalAction). The server only ever reads ``view(state, role)`` and
``legal_actions(state, role)`` of the caller's own role. These functions are synchronous: FastAPI runs
them in its thread pool, off the event loop.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur.core.errors import IllegalAction
from ashur.core.validate import check_action_id
from ashur.server import db, events, timing, waiting
from ashur.server.auth import SeatRef, check_seat
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import ChatRow, GameRow, SeatRow, User, now
from ashur.server.store import engine_of, get_row, load_state, prepare, record_action, remember, undo

CHAT_MAX = 1000


def seat_view(s: Session, row: GameRow, role: str, ctx: ServerContext) -> dict[str, Any]:
    """``{version, role, status, view, actions, undo, result, pace, clocks}``: the engine's view and legal
    actions of `role`, whether `role` may undo now (its own last action, as the engine's undo rule keeps
    it: :func:`ashur.server.store.record_action`), and every human seat's clock (public:
    :func:`ashur.server.waiting.clocks_of`)."""
    game = engine_of(row)
    state = load_state(s, row)
    return {"version": row.version, "role": role, "status": row.status, "view": game.view(state, role),
            "actions": game.legal_actions(state, role) if row.status == "active" else [],
            "undo": row.status == "active" and row.undo_role == role,
            "result": row.result, "pace": row.pace, "clocks": waiting.clocks_of(ctx, s, row)}


OBSERVER = "observer"
"""The contract's role of nobody: ``view(state, "observer")`` is the public view (spectators)."""


def watch_view(s: Session, row: GameRow, ctx: ServerContext) -> dict[str, Any]:
    """``{version, role, status, active, view, result, pace, clocks}`` of a spectator: the engine's
    ``view(state, "observer")`` (no hand, fog as the rules give it to nobody), no legal actions; from the
    same state cache as :func:`seat_view`."""
    state = load_state(s, row)
    return {"version": row.version, "role": OBSERVER, "status": row.status, "active": list(row.waiting or []),
            "view": engine_of(row).view(state, OBSERVER), "result": row.result, "pace": row.pace,
            "clocks": waiting.clocks_of(ctx, s, row)}


def view(ctx: ServerContext, game_id: str, seat: SeatRef) -> dict[str, Any]:
    """The view of `seat` (StaleSeat when the game's seats changed since its token was looked up)."""
    with db.read(ctx.engine) as s:
        row = get_row(s, game_id)
        check_seat(seat, row)
        return seat_view(s, row, seat.role, ctx)


def visible_log(ctx: ServerContext, game_id: str, role: str, since: int) -> dict[str, Any]:
    with db.read(ctx.engine) as s:
        row = get_row(s, game_id)
        state = load_state(s, row)
        entries = engine_of(row).visible_log(state, role, max(since, 0))
        return {"version": row.version, "entries": [{"index": i, **e} for i, e in entries]}


def _playable(row: GameRow, version: int) -> None:
    if row.status == "open":
        raise ApiError(409, "the game has not started: seats are still open", version=row.version)
    if row.status != "active":
        raise ApiError(409, "the game is over", version=row.version)
    if version != row.version:
        raise ApiError(409, f"stale version {version}: the game is at version {row.version}", version=row.version)


def act(ctx: ServerContext, game_id: str, seat: SeatRef, action_id: Any, version: int) -> dict[str, Any]:
    """Apply the seat's action if it is legal and `version` is current; return the new version.
    StaleSeat (nothing done) when the game's seats changed since the seat's token was looked up.

    The engine's work and the new snapshot's JSON are done before the write transaction, on the state
    read at `version`; the write transaction (which holds SQLite's write lock, or the game row's lock on
    PostgreSQL) only checks that the game is still at `version` (else 409, as for any stale version) and
    writes, with the seats' clocks and notices when they change (:func:`ashur.server.waiting.foresee`
    and :func:`~ashur.server.waiting.settle`: one write transaction per action, and the seats read
    under the lock only when the turn passes). So the database's write lock is held for the writing
    only."""
    role = seat.role
    with timing.phase("read"), db.read(ctx.engine) as s:
        row = get_row(s, game_id)
        check_seat(seat, row)
        _playable(row, version)
        state = load_state(s, row)
        before_json = row.state
        seats = waiting.seats_for(s, game_id)
    game = engine_of(row)
    try:
        if not isinstance(action_id, str):
            raise IllegalAction(action_id, "an action id is a string", None, role)
        check_action_id(action_id, role)
        if role not in game.active(state):
            raise IllegalAction(action_id, f"{role} does not decide now", None, role)
        with timing.phase("engine"):
            new = game.act(state, role, action_id)
    except IllegalAction as exc:
        raise ApiError(422, str(exc), rule=exc.rule) from None
    with timing.phase("prepare"):
        change = prepare(game, int(state["log_n"]), new)
    with timing.phase("foresee"):
        foreseen = waiting.foresee(ctx, row, seats, change.waiting, change.result is not None)
    with db.write(ctx.engine) as s, timing.phase("write"):
        row = get_row(s, game_id, lock=True, light=True)
        check_seat(seat, row)
        _playable(row, version)
        record_action(s, row, role, action_id, state, new, change, before_json)
        new_version, deciding, undo_rev = row.version, list(row.waiting), row.undo_rev
        with timing.phase("settle"):
            jobs = waiting.settle(ctx, s, row, foreseen)
    remember(game_id, new_version, undo_rev, new)
    with timing.phase("fanout"):
        waiting.settled(game_id, new_version, jobs)
        events.after_change(ctx, game_id, new_version, deciding)
    return {"version": new_version}


def take_back(ctx: ServerContext, game_id: str, role: str, version: int) -> dict[str, Any]:
    """Undo `role`'s last action where the engine's undo rule allows it."""
    with db.write(ctx.engine) as s:
        row = get_row(s, game_id, lock=True)
        _playable(row, version)
        state = undo(s, row, role)
        new_version, waiting, undo_rev = row.version, list(row.waiting), row.undo_rev
    remember(game_id, new_version, undo_rev, state)
    events.after_change(ctx, game_id, new_version, waiting)
    return {"version": new_version}


def resign(ctx: ServerContext, game_id: str, role: str) -> dict[str, Any]:
    """`role` gives up: the game ends, the other roles win."""
    with db.write(ctx.engine) as s:
        row = get_row(s, game_id, lock=True)
        if row.status == "finished":
            raise ApiError(409, "the game is over", version=row.version)
        roles = [x.role for x in s.execute(select(SeatRow).where(SeatRow.game_id == game_id)).scalars()]
        row.status = "finished"
        row.result = {"over": True, "scores": {}, "winners": [r for r in roles if r != role],
                      "reason": "resigned", "resigned": role}
        row.waiting = []
        row.version += 1
        row.updated_at = now()
        new_version = row.version
    events.after_change(ctx, game_id, new_version, [])
    return {"version": new_version}


def chat_post(ctx: ServerContext, game_id: str, seat: SeatRow, text: str) -> dict[str, Any]:
    text = text.strip()
    if not text or len(text) > CHAT_MAX:
        raise ApiError(422, f"a chat message is 1 to {CHAT_MAX} characters")
    with db.write(ctx.engine) as s:
        row = get_row(s, game_id)
        msg = ChatRow(game_id=game_id, role=seat.role, user_id=seat.user_id, text=text)
        s.add(msg)
        s.flush()
        msg_id, version = msg.id, row.version
    events.after_change(ctx, game_id, version, [])
    return {"id": msg_id}


def chat_since(s: Session, game_id: str, since: int) -> list[dict[str, Any]]:
    rows = s.execute(select(ChatRow, User.name).outerjoin(User, User.id == ChatRow.user_id)
                     .where(ChatRow.game_id == game_id, ChatRow.id > since).order_by(ChatRow.id).limit(500)).all()
    return [{"id": m.id, "role": m.role, "player": name, "text": m.text, "at": m.at.isoformat()} for m, name in rows]


def chat(ctx: ServerContext, game_id: str, since: int) -> dict[str, Any]:
    with db.read(ctx.engine) as s:
        get_row(s, game_id)
        return {"messages": chat_since(s, game_id, since)}
