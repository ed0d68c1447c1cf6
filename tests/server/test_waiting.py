"""Waiting seats through a real server process: "your move" by e-mail (a local aiosmtpd server) and
webhook (a local HTTP server) once per wait and never while the seat's websocket is open, no secret in
either; pace clocks that run out (time moved by the ``--dev`` clock, never by sleeping), claims and the
hand-over of an expired seat to a bot."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes
from email.policy import default
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import orjson
import pytest
from aiosmtpd.controller import Controller
from websockets.sync.client import connect

from tests.server.conftest import Server, free_port, make_db
from tests.server.helpers import WAIT, create, play_over_socket, register, shows_a_seat_token

HOUR = 3600


class Mailbox:
    """An SMTP server on a loopback port keeping every message (recipients, subject and decoded text)."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], str]] = []
        self.lock = threading.Lock()
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = message_from_bytes(envelope.content, policy=default)
        text = f"{msg['Subject']}\n{msg.get_body().get_content()}"  # type: ignore[union-attr]
        with self.lock:
            self.messages.append((list(envelope.rcpt_tos), text))
        return "250 OK"

    def of(self, marker: str) -> list[tuple[list[str], str]]:
        with self.lock:
            return [m for m in self.messages if marker in m[1]]


class Hooks:
    """An HTTP server on a loopback port keeping every POST (path, body)."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        hooks = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                with hooks.lock:
                    hooks.posts.append((self.path, body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}"
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def of(self, marker: str) -> list[tuple[str, str]]:
        with self.lock:
            return [p for p in self.posts if marker in p[1]]


@pytest.fixture(scope="module")
def mailbox() -> Iterator[Mailbox]:
    box = Mailbox()
    box.controller.start()
    yield box
    box.controller.stop()


@pytest.fixture(scope="module")
def hooks() -> Iterator[Hooks]:
    h = Hooks()
    h.thread.start()
    yield h
    h.http.shutdown()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def srv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, mailbox: Mailbox) -> Iterator[Server]:
    """A server that mails through `mailbox` and may post webhooks to loopback addresses."""
    yield from mailing_server(request, tmp_path_factory, mailbox)


def mailing_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, mailbox: Mailbox,
                   workers: int = 1) -> Iterator[Server]:
    """Start a server on the fixture's database kind that mails through `mailbox` and may post webhooks to
    loopback addresses; stop it after the yield (the body of the server fixtures)."""
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    server = Server(make_db(request.param, Path(tmp_path_factory.mktemp("db")), pg), workers=workers)
    env = {"ASHUR_SMTP_HOST": "127.0.0.1", "ASHUR_SMTP_PORT": str(mailbox.controller.port),
           "ASHUR_SMTP_FROM": "ashur@example.org", "ASHUR_WEBHOOK_PRIVATE": "1", "ASHUR_BASE_URL": server.url}
    with mock.patch.dict(os.environ, env):
        server.start()
    yield server
    server.stop()


def until(what: Callable[[], Any]) -> Any:
    """Wait for `what()` to be true (a hang guard of WAIT seconds, not a timed assertion)."""
    deadline = time.monotonic() + WAIT
    while not (got := what()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)
    return got


def profile(srv: Server, token: str, **changes: str) -> None:
    r = srv.client(token).patch("/api/me", json=changes)
    assert r.status_code == 200, r.text


def act(client: httpx.Client, gid: str, action: str, version: int) -> int:
    r = client.post(f"/api/games/{gid}/actions", json={"action": action, "version": version})
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


def test_your_move_once_per_wait_none_while_connected_no_secret(srv: Server, mailbox: Mailbox,
                                                                   hooks: Hooks) -> None:
    alice, bob = register(srv), register(srv)
    profile(srv, alice, email="alice@example.org", webhook_url=f"{hooks.url}/hook/alice")
    profile(srv, bob, email="bob@example.org", webhook_url=f"{hooks.url}/hook/bob", lang="de")
    made = create(srv, alice, {"game": "tiny", "seats": {"red": "human", "blue": "open"}, "seed": 11})
    gid = made["id"]
    joined = srv.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text
    tokens = [made["seats"]["red"]["token"], made["seats"]["blue"]["token"], joined.json()["token"]]
    red, blue = srv.client(tokens[0]), srv.client(tokens[2])

    def mails() -> list[str]:
        return [rcpt[0] for rcpt, _ in mailbox.of(gid)]

    def posts() -> list[str]:
        return [path for path, _ in hooks.of(gid)]

    # both must bid now and neither is connected: one notice each, by both channels
    until(lambda: len(mails()) == 2 and len(posts()) == 2)
    assert mails() == ["alice@example.org", "bob@example.org"]
    assert posts() == ["/hook/alice", "/hook/bob"]
    # red bids and chats: blue still waits in the same period, so nobody is told again; blue bids lower,
    # red starts: a new wait for red, one new notice (sent in order after any notice of the steps before)
    version = act(red, gid, "bid:2", 0)
    assert red.post(f"/api/games/{gid}/chat", json={"text": "your move, blue"}).status_code == 201
    version = act(blue, gid, "bid:0", version)
    until(lambda: len(mails()) >= 3 and len(posts()) >= 3)
    assert mails() == ["alice@example.org", "bob@example.org", "alice@example.org"]
    assert posts() == ["/hook/alice", "/hook/bob", "/hook/alice"]
    # blue keeps its websocket open: its turn brings no notice; red's next turn does
    with connect(f"{srv.ws_url}/api/games/{gid}/ws?token={tokens[2]}", open_timeout=WAIT) as ws:
        assert orjson.loads(ws.recv(timeout=WAIT))["type"] == "view"
        version = act(red, gid, "roll", version)
        version = act(red, gid, "end", version)
        version = act(blue, gid, "roll", version)
        version = act(blue, gid, "end", version)
        until(lambda: len(mails()) >= 4 and len(posts()) >= 4)
    assert mails() == ["alice@example.org", "bob@example.org", "alice@example.org", "alice@example.org"]
    assert posts() == ["/hook/alice", "/hook/bob", "/hook/alice", "/hook/alice"]
    # the notices hold public facts and the game page's link only: never a token
    # (a mail's body only: its random Message-ID header may hold any letters, "s_" among them)
    texts = [text.replace("\r\n", "\n").split("\n\n", 1)[-1] for _, text in mailbox.of(gid)] + \
        [body for _, body in hooks.of(gid)]
    for text in texts:
        assert f"{srv.url}/games/{gid}" in text
        assert not any(t in text for t in tokens) and "token" not in text.lower() and not shows_a_seat_token(text)
    assert "Your move in Tiny" in mailbox.of(gid)[0][1] and "Du bist am Zug" in mailbox.of(gid)[1][1]
    hook = json.loads(hooks.of(gid)[1][1])
    assert hook["content"] == hook["text"] and "Rolle blue" in hook["text"]


def _two_seats(srv: Server, pace: str | None = "live") -> tuple[str, httpx.Client, httpx.Client, str]:
    made = create(srv, register(srv), {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 5,
                                      "pace": pace})
    gid = made["id"]
    return gid, srv.client(made["seats"]["red"]["token"]), srv.client(made["seats"]["blue"]["token"]), \
        made["seats"]["blue"]["token"]


def advance(srv: Server, seconds: float) -> None:
    r = httpx.post(f"{srv.url}/api/dev/clock", json={"advance": seconds})
    assert r.status_code == 200, r.text


def test_a_clock_runs_out_and_another_seat_claims_the_game(srv: Server) -> None:
    gid, red, blue, _ = _two_seats(srv)
    act(red, gid, "bid:1", 0)  # red has moved; blue must bid
    clocks = httpx.get(f"{srv.url}/api/games/{gid}/clocks").json()
    assert clocks["pace"] == "live" and clocks["clocks"]["blue"]["running"] and not clocks["clocks"]["red"]["running"]
    assert 24 * HOUR < clocks["clocks"]["red"]["left"] <= 28 * HOUR  # 24 h bank less the time used, +4 h
    early = red.post(f"/api/games/{gid}/claim")
    assert early.status_code == 409 and "nothing to claim" in early.json()["error"]
    advance(srv, 25 * HOUR)
    clocks = httpx.get(f"{srv.url}/api/games/{gid}/clocks").json()
    assert clocks["clocks"]["blue"]["expired"] and clocks["expiry"]["expired"] == ["blue"]
    assert clocks["expiry"]["claimers"] == ["red"] and not clocks["clocks"]["red"]["expired"]
    own = blue.post(f"/api/games/{gid}/claim")
    assert own.status_code == 409 and "run out of time itself" in own.json()["error"]
    claimed = red.post(f"/api/games/{gid}/claim")
    assert claimed.status_code == 200, claimed.text
    facts = httpx.get(f"{srv.url}/api/games/{gid}").json()
    assert facts["status"] == "finished" and facts["version"] == claimed.json()["version"]
    assert facts["result"] == {"over": True, "scores": {"red": 1.0, "blue": 0.0}, "winners": ["red"],
                               "reason": "server.timeout"}
    assert blue.post(f"/api/games/{gid}/actions", json={"action": "bid:0", "version": facts["version"]}
                     ).status_code == 409
    assert red.post(f"/api/games/{gid}/claim").status_code == 409
    assert red.get(f"/api/games/{gid}/view").json()["result"]["reason"] == "server.timeout"


def test_an_expired_seat_is_handed_to_a_bot_which_plays_on(srv: Server) -> None:
    gid, red, _blue, blue_token = _two_seats(srv)
    act(red, gid, "bid:2", 0)
    refused = red.post(f"/api/games/{gid}/hand-to-bot", json={"role": "blue"})
    assert refused.status_code == 409
    advance(srv, 30 * HOUR)
    assert red.post(f"/api/games/{gid}/hand-to-bot", json={"role": "blue", "bot": "nosuchbot"}).status_code == 422
    assert red.post(f"/api/games/{gid}/hand-to-bot", json={"role": "red"}).status_code == 409
    handed = red.post(f"/api/games/{gid}/hand-to-bot", json={"role": "blue", "bot": "random"})
    assert handed.status_code == 200, handed.text
    assert handed.json()["role"] == "blue" and handed.json()["bot"] == "random"
    assert httpx.get(f"{srv.url}/api/games/{gid}").json()["seats"]["blue"] == {"kind": "bot", "bot": "random",
                                                                            "player": None}
    assert srv.client(blue_token).get(f"/api/games/{gid}/view").status_code == 401  # its token is revoked
    _acked, last = play_over_socket(srv, gid, str(red.headers["authorization"])[7:], random.Random(3))
    assert last["status"] == "finished"
    save = orjson.loads(red.get(f"/api/games/{gid}/export").content)
    assert any(role == "blue" for role, _ in save["actions"])  # the bot bid and played its turns
    assert save["seats"]["blue"] == "bot:random"


def test_clocks_without_a_pace(srv: Server) -> None:
    gid, _red, _blue, _ = _two_seats(srv, pace=None)
    clocks = httpx.get(f"{srv.url}/api/games/{gid}/clocks").json()
    assert clocks["pace"] is None and clocks["clocks"] == {"red": None, "blue": None}
    assert clocks["expiry"]["expired"] == []


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_dev_clock_is_refused_without_dev(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ashur.server.app import create_app
    from ashur.server.settings import Settings

    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'nodev.db'}", dev=False), migrate=True)
    with TestClient(app) as client:
        r = client.post("/api/dev/clock", json={"advance": 3600})
        assert r.status_code == 404
