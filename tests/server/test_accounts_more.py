"""Password change and reset, account deletion and the rate limits (issue 15), against a real server
process on SQLite and on PostgreSQL, its mail caught by a local aiosmtpd server.

The limits count per client address: each test speaks from its own loopback address (127.0.0.N), so
the tests of a module do not use up each other's allowance."""

from __future__ import annotations

import email
import hashlib
import random
import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from email.message import Message
from itertools import count
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import create_engine, text

from tests.server.conftest import Server, free_port, make_db
from tests.server.helpers import WAIT, play_over_socket

LIMITS = {"ASHUR_REGISTER_LIMIT": "4", "ASHUR_RESET_LIMIT": "3", "ASHUR_GAME_LIMIT": "4",
          "ASHUR_GUEST_GAME_LIMIT": "2", "ASHUR_CHAT_LIMIT": "3", "ASHUR_CHAT_WINDOW": "600"}
BASE = "http://ashur.example.test"
_addresses = count(2)


class Inbox:
    """An aiosmtpd handler keeping what it receives."""

    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(email.message_from_bytes(bytes(envelope.content)))
        return "250 OK"

    def wait_for(self, to: str) -> Message:
        """The first mail to `to` (waits for it: the server sends after answering)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for mail in self.mails:
                if mail["To"] == to:
                    self.mails.remove(mail)
                    return mail
            time.sleep(0.05)
        raise AssertionError(f"no mail to {to}")


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    box = Inbox()
    port = free_port()
    ctl = Controller(box, hostname="127.0.0.1", port=port)
    ctl.start()
    yield box, port
    ctl.stop()


def mail_server(db_url: str, smtp_port: int, base: str | None = BASE, limits: dict[str, str] | None = None,
                ) -> Server:
    """A server (guests allowed) with e-mail to the local SMTP server, its links to `base` (None: to
    itself), and the rate `limits` (default: low ones)."""
    srv = Server(db_url, guests=True)
    env = {"ASHUR_SMTP_HOST": "127.0.0.1", "ASHUR_SMTP_PORT": str(smtp_port), "ASHUR_SMTP_STARTTLS": "0",
           "ASHUR_SMTP_FROM": "ashur@example.test", "ASHUR_BASE_URL": base or srv.url,
           **(LIMITS if limits is None else limits)}
    with pytest.MonkeyPatch.context() as mp:
        for key, value in env.items():
            mp.setenv(key, value)
        srv.start()
    return srv


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def srv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
        inbox: tuple[Inbox, int]) -> Iterator[Server]:
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    server = mail_server(make_db(request.param, tmp_path_factory.mktemp("db"), pg), inbox[1])
    yield server
    server.stop()


def client(srv: Server, token: str | None = None, addr: str | None = None) -> httpx.Client:
    """A client speaking from loopback address `addr` (default: a new one)."""
    addr = addr or f"127.0.0.{next(_addresses)}"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=srv.url, headers=headers, timeout=WAIT,
                        transport=httpx.HTTPTransport(local_address=addr))


def account(srv: Server, addr: str | None = None, mail: bool = True) -> tuple[str, str, str]:
    """A new account: (name, password, token); its e-mail is name@example.test when `mail`."""
    name = f"u{random.getrandbits(40):010x}"
    password = f"pw-{name}-pw"
    with client(srv, addr=addr) as http:
        r = http.post("/api/register", json={"name": name, "password": password,
                                             "email": f"{name}@example.test" if mail else None})
    assert r.status_code == 201, r.text
    return name, password, r.json()["token"]


def me_status(srv: Server, token: str) -> int:
    with client(srv, token) as http:
        return http.get("/api/me").status_code


def db_rows(srv: Server, sql: str, **params: Any) -> list[Any]:
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params).all())
    finally:
        engine.dispose()


def cookie_session(srv: Server, name: str, password: str) -> httpx.Client:
    """A browser-like client: the session cookie and its CSRF header."""
    http = client(srv)
    r = http.post("/api/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    http.headers["X-CSRF-Token"] = r.json()["csrf"]
    return http


# --- password change ------------------------------------------------------------------------------

def test_password_change_ends_every_other_session(srv: Server) -> None:
    name, password, first = account(srv)
    with client(srv) as http:
        second = http.post("/api/login", json={"name": name, "password": password}).json()["token"]
    mine, other = cookie_session(srv, name, password), cookie_session(srv, name, password)
    try:
        assert mine.get("/api/me").status_code == other.get("/api/me").status_code == 200
        wrong = mine.post("/api/me/password", json={"old": "not it at all", "new": "a new password"})
        assert wrong.status_code == 403 and wrong.json()["error"] == "wrong password"
        short = mine.post("/api/me/password", json={"old": password, "new": "short"})
        assert short.status_code == 422
        no_csrf = mine.post("/api/me/password", json={"old": password, "new": "a new password"},
                            headers={"X-CSRF-Token": "forged"})
        assert no_csrf.status_code == 403 and "CSRF" in no_csrf.json()["error"]
        r = mine.post("/api/me/password", json={"old": password, "new": "a new password"})
        assert r.status_code == 200, r.text
        assert "ashur_session" in r.cookies and set(r.json()) == {"token", "csrf"}
        mine.headers["X-CSRF-Token"] = r.json()["csrf"]
        assert mine.get("/api/me").json()["name"] == name            # the caller's renewed cookie works
        assert mine.patch("/api/me", json={"lang": "de"}).status_code == 200
        assert other.get("/api/me").status_code == 401                # the other session ended
    finally:
        mine.close()
        other.close()
    assert me_status(srv, first) == me_status(srv, second) == 401      # every older API token revoked
    assert me_status(srv, r.json()["token"]) == 200
    with client(srv) as http:
        assert http.post("/api/login", json={"name": name, "password": password}).status_code == 401
        assert http.post("/api/login", json={"name": name, "password": "a new password"}).status_code == 200


# --- password reset -------------------------------------------------------------------------------

def link_of(mail: Message) -> str:
    body = mail.get_payload(decode=True)
    assert isinstance(body, bytes)
    found = re.search(r"\S+/reset#token=(\S+)", body.decode())
    assert found, body
    return found.group(0)


def test_reset_by_mail_is_single_use_and_expires(srv: Server, inbox: tuple[Inbox, int]) -> None:
    box = inbox[0]
    name, password, token = account(srv)
    address = f"{name}@example.test"
    with client(srv) as http:
        answers = [http.post("/api/password-reset", json={"name_or_email": asked})
                   for asked in (name, "nobody-has-this-name")]
        assert [a.status_code for a in answers] == [202, 202]
        assert answers[0].json() == answers[1].json()                  # never tells whether it exists
        assert answers[0].headers["content-length"] == answers[1].headers["content-length"]
    link = link_of(box.wait_for(address))
    assert link.startswith(f"{BASE}/reset#token=r_")
    plain = link.split("#token=", 1)[1]
    assert len(plain) >= 2 + 43                                        # 256 random bits, base64url
    stored = db_rows(srv, "SELECT token_hash FROM password_resets")
    assert (hashlib.sha256(plain.encode()).hexdigest(),) in stored     # only its hash is kept
    assert all(plain not in str(row) for row in stored)

    with client(srv) as http:
        assert http.post("/api/password-reset/confirm",
                         json={"token": plain + "x", "password": "reset password"}).status_code == 400
        assert http.post("/api/password-reset/confirm", json={"token": plain, "password": "short"}).status_code == 422
        ok = http.post("/api/password-reset/confirm", json={"token": plain, "password": "reset password"})
        assert ok.status_code == 204, ok.text
        again = http.post("/api/password-reset/confirm", json={"token": plain, "password": "another one!"})
        assert again.status_code == 400                                 # single use
        assert http.post("/api/login", json={"name": name, "password": password}).status_code == 401
        assert http.post("/api/login", json={"name": name, "password": "reset password"}).status_code == 200
    assert me_status(srv, token) == 401                                 # the old tokens were revoked

    # by e-mail address (any case); a link that expired does not work
    with client(srv) as http:
        assert http.post("/api/password-reset", json={"name_or_email": address.upper()}).status_code == 202
    late = link_of(box.wait_for(address)).split("#token=", 1)[1]
    past: Any = (datetime(2000, 1, 1, tzinfo=UTC) if srv.db_url.startswith("postgresql")
                 else "2000-01-01 00:00:00.000000")
    engine = create_engine(srv.db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE password_resets SET expires_at = :past WHERE token_hash = :h"),
                     {"past": past, "h": hashlib.sha256(late.encode()).hexdigest()})
    engine.dispose()
    with client(srv) as http:
        r = http.post("/api/password-reset/confirm", json={"token": late, "password": "too late now"})
        assert r.status_code == 400 and "expired" in r.json()["error"]


def test_an_account_without_email_gets_no_mail_and_the_same_answer(srv: Server, inbox: tuple[Inbox, int]) -> None:
    name, _password, _token = account(srv, mail=False)
    with client(srv) as http:
        r = http.post("/api/password-reset", json={"name_or_email": name})
    assert r.status_code == 202 and r.json()["status"].startswith("if an account")
    assert db_rows(srv, "SELECT p.id FROM password_resets p JOIN users u ON u.id = p.user_id "
                        "WHERE u.name = :n", n=name) == []


# --- rate limits ----------------------------------------------------------------------------------

def assert_limited(r: httpx.Response, limit: str) -> None:
    assert r.status_code == 429, r.text
    body = r.json()
    assert body["limit"] == limit and body["error"] and 1 <= body["retry_after"] <= 86400
    assert int(r.headers["retry-after"]) == body["retry_after"]


def test_register_is_limited_per_client_address(srv: Server) -> None:
    addr = f"127.0.0.{next(_addresses)}"
    for _ in range(4):
        account(srv, addr)
    with client(srv, addr=addr) as http:
        assert_limited(http.post("/api/register", json={"name": "one-too-many", "password": "password!"}),
                       "register")
    account(srv)                                                        # another address may


def test_password_reset_is_limited_per_address_and_per_account(srv: Server) -> None:
    addr = f"127.0.0.{next(_addresses)}"
    with client(srv, addr=addr) as http:
        for i in range(3):
            assert http.post("/api/password-reset", json={"name_or_email": f"someone{i}"}).status_code == 202
        assert_limited(http.post("/api/password-reset", json={"name_or_email": "someone-else"}), "reset")
    for _ in range(3):                                                  # one target from many addresses
        with client(srv) as http:
            assert http.post("/api/password-reset", json={"name_or_email": "target"}).status_code == 202
    with client(srv) as http:
        assert_limited(http.post("/api/password-reset", json={"name_or_email": "TARGET"}), "reset")


TINY = {"game": "tiny", "seats": {"red": "human", "blue": "bot:random"}}


def test_game_creation_is_limited_and_guests_more(srv: Server) -> None:
    addr = f"127.0.0.{next(_addresses)}"
    with client(srv, addr=addr) as guest:
        assert [guest.post("/api/games", json=TINY).status_code for _ in range(2)] == [201, 201]
        assert_limited(guest.post("/api/games", json=TINY), "game-guest")
    _name, _pw, token = account(srv, addr)
    with client(srv, token, addr) as user:
        assert [user.post("/api/games", json=TINY).status_code for _ in range(4)] == [201] * 4
        assert_limited(user.post("/api/games", json=TINY), "game")


def test_chat_posts_are_limited(srv: Server) -> None:
    _name, _pw, token = account(srv)
    addr = f"127.0.0.{next(_addresses)}"
    with client(srv, token, addr) as user:
        made = user.post("/api/games", json={"game": "tiny", "seats": {"red": "human", "blue": "open"}}).json()
    seat = made["seats"]["red"]["token"]
    with client(srv, seat, addr) as http:
        gid = made["id"]
        assert [http.post(f"/api/games/{gid}/chat", json={"text": f"hi {i}"}).status_code
                for i in range(3)] == [201] * 3
        assert_limited(http.post(f"/api/games/{gid}/chat", json={"text": "one more"}), "chat")
        assert len(http.get(f"/api/games/{gid}/chat").json()["messages"]) == 3


# --- deletion -------------------------------------------------------------------------------------

def test_deleting_an_account_hands_its_seats_to_bots(srv: Server) -> None:
    name, password, token = account(srv)
    with client(srv, token) as alice:
        alice.patch("/api/me", json={"webhook_url": "https://example.org/hook"}).raise_for_status()
        shared = alice.post("/api/games", json={"game": "tiny", "seats": {"red": "human", "blue": "open"}}).json()
        alone = alice.post("/api/games", json=TINY).json()
    red = shared["seats"]["red"]["token"]
    _bob, _bpw, bob_token = account(srv)
    with client(srv, bob_token) as bob:
        joined = bob.post(f"/api/games/{shared['id']}/join", json={"invite": shared["seats"]["blue"]["token"]})
        assert joined.status_code == 200 and joined.json()["status"] == "active"
    with client(srv, red) as seat:
        assert seat.post(f"/api/games/{shared['id']}/chat", json={"text": "good luck"}).status_code == 201

    with client(srv, token) as alice:
        wrong = alice.request("DELETE", "/api/me", json={"password": "not my password"})
        assert wrong.status_code == 403
        assert alice.get("/api/me").status_code == 200                 # nothing happened
        gone = alice.request("DELETE", "/api/me", json={"password": password})
        assert gone.status_code == 204, gone.text
    assert me_status(srv, token) == 401
    with client(srv, red) as seat:
        assert seat.get(f"/api/games/{shared['id']}/view").status_code == 401   # its seat token too
    with client(srv) as http:
        assert http.post("/api/login", json={"name": name, "password": password}).status_code == 401
        facts = http.get(f"/api/games/{shared['id']}").json()
        assert facts["seats"]["red"]["kind"] == "bot" and facts["status"] == "active"
        ended = http.get(f"/api/games/{alone['id']}").json()
        assert ended["status"] == "finished" and ended["result"]["reason"] == "abandoned"
    rows = db_rows(srv, "SELECT name, email, webhook_url, deleted_at FROM users WHERE name_key = :k",
                   k=name.casefold())
    assert rows == []                                                   # the name is free again
    tomb = db_rows(srv, "SELECT id, name, email, webhook_url, pw_hash FROM users WHERE name LIKE '~deleted-%'")
    assert tomb and all(r[2] is None and r[3] is None and r[4] == "!" for r in tomb)
    assert db_rows(srv, "SELECT COUNT(*) FROM api_tokens a JOIN users u ON u.id = a.user_id "
                        "WHERE u.name LIKE '~deleted-%'") == [(0,)]

    # the other player plays on against the bot, to the end; the chat names the tombstone
    acked, last = play_over_socket(srv, shared["id"], joined.json()["token"], random.Random(7))
    assert last["status"] == "finished" and acked
    with client(srv, joined.json()["token"]) as seat:
        said = seat.get(f"/api/games/{shared['id']}/chat").json()["messages"]
    assert [(m["text"], m["player"].startswith("~deleted-")) for m in said] == [("good luck", True)]
    with client(srv) as http:
        again = http.post("/api/register", json={"name": name, "password": "someone else"})
    assert again.status_code == 201, again.text                         # the old name is free again


def test_exempt_addresses() -> None:
    from ashur.server.limits import exempt

    assert exempt("127.0.0.1", "127.0.0.1") and exempt("10.1.2.3", " 192.168.0.0/16, 10.0.0.0/8")
    assert not exempt("127.0.0.2", "127.0.0.1") and not exempt("127.0.0.1", "")
    assert not exempt("?", "0.0.0.0/0") and not exempt("::1", "not a network")


def test_the_migration_goes_down_and_up_again(tmp_path: Path) -> None:
    """0003 on SQLite: down to 0002 (the login failures' table back) and up again."""
    from alembic import command
    from alembic.config import Config

    from ashur.server import db

    url = f"sqlite:///{tmp_path / 'm.db'}"
    db.migrate(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url)
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0002")
        with engine.connect() as conn:
            tables = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))}
        assert "login_failures" in tables and "rate_events" not in tables and "password_resets" not in tables
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        with engine.connect() as conn:
            tables = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))}
            cols = {r[1] for r in conn.execute(text("PRAGMA table_info(users)"))}
        assert {"rate_events", "password_resets"} <= tables and {"session_gen", "deleted_at"} <= cols
    finally:
        engine.dispose()
        db.dispose_all()
