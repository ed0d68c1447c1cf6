"""Presence (issue 15): which seats have a websocket open, across every worker process and host on one
database, so that a seat connected to worker B gets no "your move" notice when worker A commits the move
it waits for.

- :data:`CONNECTIONS` counts the open sockets of each seat in this process. When a seat's first socket
  here opens, a row ``(game id, role, worker id, seen_at)`` is written to the ``presence`` table; when its
  last one here closes, the row is deleted (:meth:`Connections.holding`). Spectators' sockets (role
  ``observer``) are no presence: the socket route does not count them.
- :class:`Heartbeat`: every ``ASHUR_PRESENCE_SECONDS`` (default 30) each process refreshes ``seen_at`` of
  its rows (and writes back any that went missing, drops any it no longer holds); a row older than
  :data:`BEATS` periods counts as gone, so the rows of a crashed worker expire by themselves (and are
  deleted by the next heartbeat of any process).
- :func:`connected`: the decision of the notices (:mod:`ashur.server.waiting`) asks it, inside the
  transaction that decides, only for the seats this process does not hold a socket of and that would be
  told otherwise: an action whose waiting seat is connected here, or already told, costs no query.

``seen_at`` is wall time (never the ``--dev`` clock, which tests move by days). The worker id names the
host, the process and a random part (a restarted process with the same pid is another worker).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import threading
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from ashur.server import db
from ashur.server.models import PresenceRow
from ashur.server.models import now as wall_now

if TYPE_CHECKING:
    from ashur.server.context import ServerContext

log = logging.getLogger("ashur.server")

BEATS = 3
"""A presence row not refreshed for this many heartbeat periods counts as gone."""

_worker: tuple[int, str] | None = None


def worker_id() -> str:
    """This process's id in the ``presence`` table: ``host-pid-random`` (made once per process; a forked
    child makes its own)."""
    global _worker
    pid = os.getpid()
    if _worker is None or _worker[0] != pid:
        host = socket.gethostname()[:32] or "host"
        _worker = (pid, f"{host}-{pid}-{secrets.token_hex(4)}")
    return _worker[1]


def fresh_after(period: float, now: datetime | None = None) -> datetime:
    """The oldest ``seen_at`` that still counts as present with a heartbeat every `period` seconds."""
    return (now or wall_now()) - timedelta(seconds=BEATS * period)


def connected(s: Session, game_id: str, roles: Iterable[str], period: float) -> set[str]:
    """The roles of `roles` that some process (this one included) holds a socket of, by a fresh presence
    row (one indexed query; none for no roles)."""
    wanted = sorted(set(roles))
    if not wanted:
        return set()
    found = s.execute(select(PresenceRow.role).where(PresenceRow.game_id == game_id,
                                                     PresenceRow.role.in_(wanted),
                                                     PresenceRow.seen_at >= fresh_after(period))).scalars()
    return set(found)


def _write(s: Session, game_id: str, role: str, worker: str, held: bool) -> None:
    """Make the row of (`game_id`, `role`, `worker`) exist (fresh) when `held`, else not exist."""
    row = s.get(PresenceRow, (game_id, role, worker))
    if held:
        if row is None:
            s.add(PresenceRow(game_id=game_id, role=role, worker=worker, seen_at=wall_now()))
        else:
            row.seen_at = wall_now()
    elif row is not None:
        s.delete(row)


class Connections:
    """How many websockets of each seat this process holds (thread-safe), mirrored in the ``presence``
    table once a context is given (:meth:`holding`)."""

    def __init__(self) -> None:
        self._open: Counter[tuple[str, str]] = Counter()
        self._lock = threading.Lock()
        self._writing = threading.Lock()  # this process's presence writes, one at a time, in order

    def held(self) -> list[tuple[str, str]]:
        """The seats this process holds a socket of."""
        with self._lock:
            return sorted(self._open)

    def connected(self, game_id: str, role: str) -> bool:
        """True while this process holds a socket of the seat (no query)."""
        with self._lock:
            return self._open.get((game_id, role), 0) > 0

    def _count(self, key: tuple[str, str], step: int) -> int:
        with self._lock:
            self._open[key] += step
            n = self._open[key]
            if n <= 0:
                del self._open[key]
            return n

    def sync(self, ctx: ServerContext, game_id: str, role: str) -> None:
        """Write the seat's presence row of this process as the count says now (blocking: run it in the
        thread pool). A failure is logged: the heartbeat puts the row right."""
        with self._writing:
            held = self.connected(game_id, role)
            try:
                with db.write(ctx.engine) as s:
                    _write(s, game_id, role, worker_id(), held)
            except Exception:
                log.exception("writing the presence of %s in game %s failed", role, game_id)

    @asynccontextmanager
    async def holding(self, ctx: ServerContext | None, game_id: str, role: str) -> AsyncIterator[None]:
        """Count a socket of (`game_id`, `role`) as open while the block runs; with `ctx`, the first
        socket of the seat here writes its presence row (before the block: the socket's first view is
        sent after it) and the last one deletes it."""
        key = (game_id, role)
        if self._count(key, +1) == 1 and ctx is not None:
            await run_in_threadpool(self.sync, ctx, game_id, role)
        try:
            yield
        finally:
            if self._count(key, -1) == 0 and ctx is not None:
                await asyncio.shield(run_in_threadpool(self.sync, ctx, game_id, role))

    def beat(self, ctx: ServerContext) -> int:
        """One heartbeat (blocking): refresh this process's rows to exactly the seats it holds, and delete
        every row of any process that is no longer fresh. Returns the number of rows refreshed."""
        me = worker_id()
        with self._writing:
            held = set(self.held())
            with db.write(ctx.engine) as s:
                stamp = wall_now()
                s.execute(delete(PresenceRow).where(PresenceRow.seen_at < fresh_after(ctx.settings.presence_seconds,
                                                                                     stamp)))
                mine = {(g, r) for g, r in s.execute(select(PresenceRow.game_id, PresenceRow.role)
                                                     .where(PresenceRow.worker == me)).all()}
                for game_id, role in mine - held:
                    s.execute(delete(PresenceRow).where(PresenceRow.game_id == game_id, PresenceRow.role == role,
                                                        PresenceRow.worker == me))
                if mine & held:
                    s.execute(update(PresenceRow).where(PresenceRow.worker == me).values(seen_at=stamp))
                for game_id, role in sorted(held - mine):
                    s.add(PresenceRow(game_id=game_id, role=role, worker=me, seen_at=stamp))
        return len(held)

    def leave(self, ctx: ServerContext) -> None:
        """Delete every row of this process (at shutdown; blocking)."""
        try:
            with self._writing, db.write(ctx.engine) as s:
                s.execute(delete(PresenceRow).where(PresenceRow.worker == worker_id()))
        except Exception:
            log.exception("deleting this process's presence rows failed")


CONNECTIONS = Connections()


class Heartbeat:
    """The heartbeat task on this process's event loop (started and stopped by the application's
    lifespan): :meth:`Connections.beat` every ``ASHUR_PRESENCE_SECONDS``."""

    def __init__(self, ctx: ServerContext, connections: Connections = CONNECTIONS) -> None:
        self.ctx = ctx
        self.connections = connections
        self.period = float(ctx.settings.presence_seconds)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        await run_in_threadpool(self.connections.leave, self.ctx)

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            try:
                await run_in_threadpool(self.connections.beat, self.ctx)
            except Exception:
                log.exception("the presence heartbeat failed")
