"""Presence across processes (issue 15): two server processes on one database (SQLite file, PostgreSQL);
a seat whose websocket is open on one gets no "your move" notice when the other commits the move it waits
for, and gets one once the socket is closed; spectators' sockets are no presence. In-process: the rows of
a crashed worker expire after three heartbeats, the heartbeat keeps a process's rows to the seats it
holds, and a seat held by the deciding process costs no presence query."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import orjson
import pytest
from sqlalchemy import create_engine, event, text
from websockets.sync.client import connect

from ashur.server import db, presence
from ashur.server.context import ServerContext
from ashur.server.models import PresenceRow
from ashur.server.models import now as wall_now
from ashur.server.settings import Settings
from tests.server.conftest import Server, make_db
from tests.server.helpers import WAIT, create, register
from tests.server.test_waiting import Mailbox, act, mailbox, profile, until

__all__ = ["mailbox"]  # the fixture, shared with test_waiting


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def two(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
        mailbox: Mailbox) -> Iterator[tuple[Server, Server]]:
    """Two server processes (different ports) on one database, both mailing through `mailbox`."""
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    url = make_db(request.param, Path(tmp_path_factory.mktemp("db")), pg)
    first, second = Server(url), Server(url)
    env = {"ASHUR_SMTP_HOST": "127.0.0.1", "ASHUR_SMTP_PORT": str(mailbox.controller.port),
           "ASHUR_SMTP_FROM": "ashur@example.org", "ASHUR_BASE_URL": first.url}
    with mock.patch.dict(os.environ, env):
        first.start()
        try:
            second.start()
        except BaseException:
            first.stop()
            raise
    yield first, second
    second.stop()
    first.stop()


def rows(srv: Server, gid: str) -> list[tuple[str, str]]:
    """The presence rows of game `gid`: (role, worker)."""
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            return [(r[0], r[1]) for r in conn.execute(text("SELECT role, worker FROM presence WHERE game_id = :g"),
                                                       {"g": gid})]
    finally:
        engine.dispose()


def test_a_seat_connected_to_the_other_worker_is_not_told(two: tuple[Server, Server], mailbox: Mailbox) -> None:
    a, b = two
    alice, bob = register(a), register(a)
    profile(a, alice, email="alice@example.org")
    profile(a, bob, email="bob@example.org")
    made = create(a, alice, {"game": "tiny", "seats": {"red": "human", "blue": "open"}, "seed": 11})
    gid = made["id"]
    joined = a.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text
    blue_token = joined.json()["token"]
    red, blue = a.client(made["seats"]["red"]["token"]), a.client(blue_token)

    def mails() -> list[str]:
        return [rcpt[0] for rcpt, _ in mailbox.of(gid)]

    until(lambda: len(mails()) == 2)  # both must bid, neither is connected: one notice each
    version = act(red, gid, "bid:2", 0)
    version = act(blue, gid, "bid:0", version)  # red starts: a new wait for red, a notice to alice
    until(lambda: len(mails()) == 3)
    # a spectator's socket on b is no presence
    with connect(f"{b.ws_url}/api/games/{gid}/ws?watch=1", open_timeout=WAIT) as watcher:
        assert orjson.loads(watcher.recv(timeout=WAIT))["role"] == "observer"
        assert rows(a, gid) == []
    # blue's socket is open on b (its row is written before its first view); red moves through a, blue must
    # move: no notice to bob; blue moves through a, red must move: one to alice (notices go out in order)
    with connect(f"{b.ws_url}/api/games/{gid}/ws?token={blue_token}", open_timeout=WAIT) as ws:
        assert orjson.loads(ws.recv(timeout=WAIT))["type"] == "view"
        assert [role for role, _ in rows(a, gid)] == ["blue"]
        version = act(red, gid, "roll", version)
        version = act(red, gid, "end", version)
        version = act(blue, gid, "roll", version)
        version = act(blue, gid, "end", version)
        until(lambda: len(mails()) == 4)
        assert mails() == ["alice@example.org", "bob@example.org", "alice@example.org", "alice@example.org"]
    # closed: the row goes; blue's next wait, decided on a, brings bob a notice
    until(lambda: rows(a, gid) == [])
    version = act(red, gid, "roll", version)
    version = act(red, gid, "end", version)
    until(lambda: len(mails()) == 5)
    assert mails()[-1] == "bob@example.org"
    assert httpx.get(f"{a.url}/api/games/{gid}").json()["version"] == version


# --- in-process -------------------------------------------------------------------------------------------

@pytest.fixture
def ctx(tmp_path: Path) -> Iterator[ServerContext]:
    url = f"sqlite:///{tmp_path / 'presence.db'}"
    db.migrate(url)
    yield ServerContext(settings=Settings(db=url, presence_seconds=10), engine=db.engine_for(url))
    db.dispose_all()


def test_rows_of_a_crashed_worker_expire_after_three_heartbeats(ctx: ServerContext) -> None:
    stamp = wall_now()
    with db.write(ctx.engine) as s:
        s.add(PresenceRow(game_id="g1", role="red", worker="gone-1", seen_at=stamp - timedelta(seconds=31)))
        s.add(PresenceRow(game_id="g1", role="blue", worker="alive-2", seen_at=stamp - timedelta(seconds=29)))
    with db.read(ctx.engine) as s:
        assert presence.connected(s, "g1", ["red", "blue", "green"], 10) == {"blue"}
        assert presence.connected(s, "g1", [], 10) == set()
    connections = presence.Connections()
    assert connections.beat(ctx) == 0  # this process holds nothing; the stale row of the crashed one goes
    with db.read(ctx.engine) as s:
        left = {(r.role, r.worker) for r in s.query(PresenceRow)}
    assert left == {("blue", "alive-2")}


def test_the_heartbeat_keeps_a_process_rows_to_the_seats_it_holds(ctx: ServerContext) -> None:
    connections = presence.Connections()
    me = presence.worker_id()

    def mine() -> set[tuple[str, str]]:
        with db.read(ctx.engine) as s:
            return {(r.game_id, r.role) for r in s.query(PresenceRow).filter(PresenceRow.worker == me)}

    async def sockets() -> None:
        async with connections.holding(ctx, "g2", "red"):
            async with connections.holding(ctx, "g2", "red"):  # a second socket of the seat: one row
                assert mine() == {("g2", "red")} and connections.connected("g2", "red")
            assert mine() == {("g2", "red")}
            with db.write(ctx.engine) as s:  # a row lost (a failed write) and a stray one: the heartbeat mends
                s.query(PresenceRow).delete()
                s.add(PresenceRow(game_id="g9", role="blue", worker=me, seen_at=wall_now()))
            assert connections.beat(ctx) == 1
            assert mine() == {("g2", "red")}

    asyncio.run(sockets())
    assert mine() == set() and not connections.connected("g2", "red")


def test_a_seat_held_here_costs_no_presence_query(ctx: ServerContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notice decision asks the presence table only for a seat that would be told otherwise."""
    from ashur.core import registry
    from ashur.server import accounts, lobby, waiting
    from tests.core.tinygame import GAME as TINY

    registry.register(TINY)
    user, _token = accounts.register(ctx, "pia", "password1", None)
    accounts.update_profile(ctx, user.id, {"email": "pia@example.org"})
    made = lobby.create_game(ctx, user, {"game": "tiny", "scenario": None, "options": {}, "pace": None, "seed": None,
                                         "seats": {"red": "human", "blue": "human"}}, "http://localhost")
    gid = made["id"]
    monkeypatch.setattr(waiting, "_sending", waiting.Sending(mock.Mock(), "http://localhost", False, mock.Mock()))
    asked: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "presence" in statement:
            asked.append(statement)

    event.listen(ctx.engine, "before_cursor_execute", count)
    try:
        with mock.patch.object(waiting.CONNECTIONS, "connected", return_value=True):
            waiting.refresh(ctx, gid)
        assert asked == []  # both seats held here: no query, nobody told
        waiting.refresh(ctx, gid)
        assert asked  # held nowhere: asked (inside the deciding transaction), then told
    finally:
        event.remove(ctx.engine, "before_cursor_execute", count)
    with db.read(ctx.engine) as s:
        notified = s.execute(text("SELECT role FROM seats WHERE game_id = :g AND notified_at IS NOT NULL"),
                             {"g": gid}).scalars().all()
    assert sorted(notified) == ["blue", "red"]
