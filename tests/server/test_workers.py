"""Several processes on one database (two ``ashur serve`` on the same SQLite file or PostgreSQL database,
``--workers 2`` on SQLite), and a server started as a person starts it (no ``--dev``, no ASHUR_SECRET)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from websockets.sync.client import connect

from ashur.core.session import Match
from tests.core.tinygame import GAME as TINY
from tests.server.conftest import ROOT, STARTUP, Server, make_db
from tests.server.helpers import WAIT, create, plain, play_over_socket, register

AW = {"game": "assyrian-wars", "scenario": "two_rivers"}


class PlainServer(Server):
    """``ashur serve --db URL --port P --workers N`` run by hand: the console script, no ``--dev``, no
    ASHUR_SECRET (the cookie key is made and kept in the database, once for every worker starting at the
    same time), no test plugins, a working folder of its own."""

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ASHUR_")}
        env["PYTHONPATH"] = str(ROOT)
        script = Path(sys.executable).with_name("ashur")
        cmd = [str(script)] if script.exists() else [sys.executable, "-m", "ashur.cli"]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen([*cmd, "serve", "--db", self.db_url, "--port", str(self.port),
                                          "--workers", str(self.workers)],
                                         cwd=self.log.parent, env=env, stdout=out, stderr=out,
                                         start_new_session=True)
        deadline = time.monotonic() + STARTUP
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/api/catalog", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.2)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def plain_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    srv = PlainServer(make_db(request.param, tmp_path_factory.mktemp("db"), pg), workers=2)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def two_servers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two server processes (different ports) on one database."""
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    url = make_db(request.param, tmp_path, pg)
    first, second = Server(url), Server(url)
    first.start()
    try:
        second.start()
        yield first, second
    finally:
        second.stop()
        first.stop()


def _post(srv: Server, path: str, token: str | None = None, **kw: Any) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{srv.url}{path}", headers=headers, timeout=WAIT, **kw)


def test_a_server_started_by_hand_creates_games_for_every_kind_of_caller(plain_server: Server) -> None:
    """The routes that take the calling user from its token or cookie (create, my games, join, rematch,
    profile) answer as documented on a server run outside the tests' set-up, with two workers (a cookie
    signed by one is read by the other); a chosen seed is refused without --dev."""
    srv = plain_server
    name = f"hand{os.getpid()}"
    token = register(srv, name)
    seats = {"assyria": "human", "babylonia": "human", "elam": "human"}
    made = create(srv, token, {**AW, "seats": seats})                     # the token from register
    assert set(made["seats"]) == set(seats)
    login = _post(srv, "/api/login", json={"name": name, "password": f"pw-{name}-pw"})
    assert login.status_code == 200, login.text
    create(srv, login.json()["token"], {**AW, "seats": seats, "pace": "slow"})   # the token from login
    with httpx.Client(base_url=srv.url, timeout=WAIT) as browser:                # the session cookie
        browser.post("/api/login", json={"name": name, "password": f"pw-{name}-pw"}).raise_for_status()
        csrf = browser.cookies["ashur_csrf"]
        r = browser.post("/api/games", json={**AW, "seats": {**seats, "elam": "open"}},
                         headers={"X-CSRF-Token": csrf})
        assert r.status_code == 201, r.text
        open_game = r.json()["id"]
        mine = browser.get("/api/me/games").json()
        assert {g["id"] for g in mine} >= {made["id"], open_game}
        r = browser.patch("/api/me", json={"lang": "de"}, headers={"X-CSRF-Token": csrf})
        assert r.status_code == 200 and r.json()["lang"] == "de"
    # the seed: refused, with the reason, on a server without --dev
    refused = _post(srv, "/api/games", token, json={**AW, "seats": seats, "seed": 12})
    assert refused.status_code == 403 and "--dev" in refused.json()["error"]
    # another user joins the open seat by role; then a resignation and a rematch by the owner's seat
    other = register(srv)
    joined = _post(srv, f"/api/games/{open_game}/join", other, json={"role": "elam"})
    assert joined.status_code == 200 and joined.json()["status"] == "active", joined.text
    assert _post(srv, f"/api/games/{open_game}/resign", joined.json()["token"]).status_code == 200
    again = _post(srv, f"/api/games/{open_game}/rematch?role=assyria", token)
    assert again.status_code == 201, again.text
    facts = httpx.get(f"{srv.url}/api/games/{again.json()['id']}").json()
    assert facts["seats"]["assyria"]["player"] == name and facts["seats"]["elam"]["kind"] == "open"
    assert "DetachedInstanceError" not in srv.log.read_text()


def _recv_view(ws: Any, version: int) -> dict[str, Any]:
    """The next pushed view of at least `version` (chat messages are skipped)."""
    while True:
        msg = orjson.loads(ws.recv(timeout=WAIT))
        if msg["type"] == "view" and msg["version"] >= version:
            return dict(msg)


def test_a_socket_on_one_process_hears_an_action_posted_through_another(two_servers: tuple[Server, Server]
                                                                         ) -> None:
    """SQLite (each process polls the versions of its sockets' games) and PostgreSQL (LISTEN/NOTIFY):
    blue's socket on one process gets the new view after red acts through the other, chat too; and the
    other way round."""
    a, b = two_servers
    user = register(a)
    made = create(a, user, {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 21})
    gid, red, blue = made["id"], made["seats"]["red"]["token"], made["seats"]["blue"]["token"]
    match = Match.new(TINY, "basic", 21, {}, {"red": "human", "blue": "human"})
    with connect(f"{b.ws_url}/api/games/{gid}/ws?token={blue}", open_timeout=WAIT) as on_b, \
            connect(f"{a.ws_url}/api/games/{gid}/ws?token={red}", open_timeout=WAIT) as on_a:
        assert _recv_view(on_b, 0)["version"] == 0 and _recv_view(on_a, 0)["version"] == 0
        r = _post(a, f"/api/games/{gid}/actions", red, json={"action": "bid:2", "version": 0})
        assert r.status_code == 200, r.text
        match.act("red", "bid:2")
        pushed = _recv_view(on_b, 1)
        assert pushed["version"] == 1 and pushed["role"] == "blue"
        assert pushed["view"] == plain(TINY.view(match.state, "blue"))
        assert pushed["actions"] == plain(TINY.legal_actions(match.state, "blue"))
        assert _post(a, f"/api/games/{gid}/chat", red, json={"text": "from a"}).status_code == 201
        while (msg := orjson.loads(on_b.recv(timeout=WAIT)))["type"] != "chat":
            pass
        assert msg["text"] == "from a" and msg["role"] == "red"
        # the other way: blue acts through b, red's socket on a hears it
        r = _post(b, f"/api/games/{gid}/actions", blue, json={"action": "bid:0", "version": 1})
        assert r.status_code == 200, r.text
        match.act("blue", "bid:0")
        pushed = _recv_view(on_a, 2)
        assert pushed["version"] == 2 and pushed["view"] == plain(TINY.view(match.state, "red"))


def test_two_workers_on_sqlite_play_whole_games_over_their_sockets(tmp_path: Path) -> None:
    """``--workers 2`` on SQLite is accepted; two seats play games over their websockets, each socket on
    whichever worker took it, the actions posted to whichever worker takes them."""
    srv = Server(f"sqlite:///{tmp_path / 'two.db'}", workers=2)
    srv.start()
    try:
        user = register(srv)
        for seed in (5, 6):
            made = create(srv, user, {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": seed})
            gid = made["id"]
            with ThreadPoolExecutor(2) as pool:
                runs = [pool.submit(play_over_socket, srv, gid, made["seats"][role]["token"], random.Random(seed))
                        for role in ("red", "blue")]
                results = [run.result() for run in runs]
            for _acked, last in results:
                assert last["status"] == "finished"
            facts = httpx.get(f"{srv.url}/api/games/{gid}").json()
            assert facts["status"] == "finished"
            assert sum(len(acked) for acked, _ in results) == facts["version"]
    finally:
        srv.stop()


def test_the_lobby_reads_a_users_id_even_when_its_object_expired(tmp_path: Path) -> None:
    """The routes hand the lobby a User of a closed session; an expired attribute of it cannot be loaded
    (DetachedInstanceError, a 500) but its identity key can."""
    from sqlalchemy.orm.exc import DetachedInstanceError

    from ashur.server import accounts, db
    from ashur.server.context import ServerContext
    from ashur.server.lobby import user_id
    from ashur.server.settings import Settings

    url = f"sqlite:///{tmp_path / 'ids.db'}"
    db.migrate(url)
    ctx = ServerContext(settings=Settings(db=url), engine=db.engine_for(url))
    made, token = accounts.register(ctx, "ida", "password1", None)
    with db.read(ctx.engine) as s:
        user = accounts.user_by_token(s, token)
        assert user is not None
        s.expire(user)
    with pytest.raises(DetachedInstanceError):
        _ = user.id
    assert user_id(user) == made.id and user_id(None) is None
