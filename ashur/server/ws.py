"""Websockets: each seat's socket gets its view pushed after every change (and chat messages).

Fan-out: :func:`ashur.server.events.poke` marks the game's sockets dirty at once in the process that
committed the change. Other processes hear of it through PostgreSQL ``LISTEN/NOTIFY`` (a listener thread
per worker) on PostgreSQL; on SQLite each process polls, every :data:`POLL_SECONDS`, the version and the
newest chat message of the games it holds sockets for (one background task, two indexed queries, nothing
when no socket is open) and pokes the games that changed. Each socket has one sender task that, when
dirty, reads the current view in the thread pool and sends it if it is newer than the last one sent; so
a reconnecting client gets the current view at once, and pushes never go out of order. A spectator's
socket (role :data:`~ashur.server.play.OBSERVER`, ``?watch=1``) gets the public view the same way and no
chat (the chat belongs to the seats). A view is sent
again when the game's clocks were written (``games.clock_rev``: a clock started or stopped, or the sweep
found one run out), so that a socket shows each seat's clock as stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from sqlalchemy import func, select
from starlette.concurrency import run_in_threadpool

from ashur.server import db, store
from ashur.server.context import ServerContext
from ashur.server.events import CHANNEL
from ashur.server.models import ChatRow, GameRow
from ashur.server.play import OBSERVER, chat_since, seat_view, watch_view
from ashur.server.store import get_row

log = logging.getLogger("ashur.server")
POLL_SECONDS = 0.15
"""SQLite: how often each process looks for changes made by another process (several workers)."""
POLL_CHUNK = 500


@dataclass(eq=False)
class Subscriber:
    ws: WebSocket
    game_id: str
    role: str
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    version: int = -1
    clock_rev: int = -1
    chat_id: int = 0

    @property
    def watching(self) -> bool:
        """A spectator's socket: the observer's view, no chat."""
        return self.role == OBSERVER


class Hub:
    """The sockets of this process, by game."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.subs: dict[str, set[Subscriber]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._poller: asyncio.Task[None] | None = None
        self._seen: dict[str, tuple[int, int, int]] = {}

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        if self.ctx.sqlite:
            self._poller = self.loop.create_task(self._poll_loop())
        else:
            self._thread = threading.Thread(target=self._listen, name="ashur-listen", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._poller is not None:
            self._poller.cancel()

    # --- SQLite: changes made by other processes ---------------------------------------------------
    def _marks(self, game_ids: list[str]) -> dict[str, tuple[int, int, int]]:
        """``{game id: (version, newest chat id, clock revision)}`` of `game_ids` (games that are gone are
        left out)."""
        out: dict[str, tuple[int, int, int]] = {}
        with self.ctx.engine.connect() as conn:
            for i in range(0, len(game_ids), POLL_CHUNK):
                chunk = game_ids[i:i + POLL_CHUNK]
                versions = conn.execute(select(GameRow.id, GameRow.version, GameRow.clock_rev)
                                        .where(GameRow.id.in_(chunk))).all()
                chats = dict(conn.execute(select(ChatRow.game_id, func.max(ChatRow.id))
                                          .where(ChatRow.game_id.in_(chunk)).group_by(ChatRow.game_id)).all())
                for gid, version, clock_rev in versions:
                    out[gid] = (int(version), int(chats.get(gid) or 0), int(clock_rev or 0))
        return out

    async def _poll_loop(self) -> None:
        while not self._stop.is_set():
            await asyncio.sleep(POLL_SECONDS)
            await self.poll_once()

    async def poll_once(self) -> list[str]:
        """Poke the games with sockets here whose version or chat moved since the last look (a game
        seen for the first time is poked too: its sockets' first read may have raced a change)."""
        ids = sorted(self.subs)
        if not ids:
            self._seen.clear()
            return []
        try:
            marks = await run_in_threadpool(self._marks, ids)
        except Exception:
            log.exception("polling the games for changes failed")
            return []
        changed = [gid for gid, mark in marks.items() if self._seen.get(gid) != mark]
        self._seen = marks
        for gid in changed:
            self._poke(gid)
        return changed

    def poke_threadsafe(self, game_id: str) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._poke, game_id)

    def _poke(self, game_id: str) -> None:
        for sub in self.subs.get(game_id, ()):
            sub.dirty.set()

    def _poke_all(self) -> None:
        for game_id in list(self.subs):
            self._poke(game_id)

    def _listen(self) -> None:
        """PostgreSQL: turn notifications into pokes; reconnect (and refresh every socket) on failure."""
        import psycopg

        url = self.ctx.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if self.loop is not None:
                        self.loop.call_soon_threadsafe(self._poke_all)
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self.poke_threadsafe(note.payload)
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                self._stop.wait(1.0)

    def _build(self, sub: Subscriber) -> list[dict[str, Any]]:
        """The messages `sub` has not had yet: its seat's view (a spectator's: the observer's) when the
        version or the clocks moved, new chat (not to spectators). A view carries its clock revision under
        the private key ``_clock_rev`` (not sent)."""
        out: list[dict[str, Any]] = []
        with store.scope(), db.read(self.ctx.engine) as s:
            row = get_row(s, sub.game_id)
            if (row.version, row.clock_rev) != (sub.version, sub.clock_rev):
                shown = watch_view(s, row, self.ctx) if sub.watching else seat_view(s, row, sub.role, self.ctx)
                out.append({"type": "view", **shown, "_clock_rev": row.clock_rev})
            if sub.watching:
                return out
            for msg in chat_since(s, sub.game_id, sub.chat_id):
                out.append({"type": "chat", **msg})
        return out

    async def serve(self, ws: WebSocket, game_id: str, role: str) -> None:
        """Run an accepted socket of `role` until it closes."""
        sub = Subscriber(ws, game_id, role)
        self.subs.setdefault(game_id, set()).add(sub)
        sub.dirty.set()
        sender = asyncio.create_task(self._send_loop(sub))
        try:
            while True:
                text = await ws.receive_text()
                if text.strip() in ('{"type":"ping"}', '{"type": "ping"}', "ping"):
                    await ws.send_text('{"type":"pong"}')
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            self.subs.get(game_id, set()).discard(sub)
            if not self.subs.get(game_id):
                self.subs.pop(game_id, None)

    async def _send_loop(self, sub: Subscriber) -> None:
        try:
            while True:
                await sub.dirty.wait()
                sub.dirty.clear()
                try:
                    messages = await run_in_threadpool(self._build, sub)
                except Exception:
                    log.exception("building the push of game %s failed", sub.game_id)
                    continue
                for msg in messages:
                    if msg["type"] == "view":
                        mark = (msg["version"], msg.pop("_clock_rev"))
                        if mark <= (sub.version, sub.clock_rev):
                            continue
                        sub.version, sub.clock_rev = mark
                    else:
                        sub.chat_id = max(sub.chat_id, msg["id"])
                    await sub.ws.send_text(orjson.dumps(msg).decode())
        except asyncio.CancelledError:
            raise
        except Exception:
            with contextlib.suppress(Exception):
                await sub.ws.close()
