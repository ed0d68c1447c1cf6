"""The rate limits of joining a seat and of importing a save file, through a real server on SQLite and on
PostgreSQL: per client address and, apart, per user (a visitor joining by invitation has its own lower
limit per address), 429 with a reason and ``Retry-After`` past the limit, nothing counted when refused.
The clients come from distinct loopback addresses (127.0.0.x) so that the per-address and the per-user
counts can be told apart."""

from __future__ import annotations

import os
from collections.abc import Iterator
from unittest import mock

import httpx
import pytest

from ashur.core.session import Match
from ashur.server import archive
from tests.core.tinygame import GAME as TINY
from tests.server.conftest import Server, make_db
from tests.server.helpers import WAIT, create, register
from tests.server.test_archive_routes import tiny_here

__all__ = ["tiny_here"]  # the fixture registering the tiny game in this process (to write a save)
LIMITS = {"ASHUR_JOIN_LIMIT": "3", "ASHUR_GUEST_JOIN_LIMIT": "2", "ASHUR_IMPORT_LIMIT": "2"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def srv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    pg = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    server = Server(make_db(request.param, tmp_path_factory.mktemp("db"), pg))
    with mock.patch.dict(os.environ, LIMITS):
        server.start()
    yield server
    server.stop()


def client(srv: Server, address: str, token: str | None = None) -> httpx.Client:
    """A client whose connections come from the loopback address `address`."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=srv.url, headers=headers, timeout=WAIT,
                        transport=httpx.HTTPTransport(local_address=address))


def invitation(srv: Server, owner: str) -> tuple[str, str]:
    """A new game with an open blue seat: (game id, the invitation's token)."""
    made = create(srv, owner, {"game": "tiny", "seats": {"red": "human", "blue": "open"}})
    return made["id"], made["seats"]["blue"]["token"]


def join(http: httpx.Client, gid: str, invite: str | None = None) -> httpx.Response:
    body = {"invite": invite} if invite else {"role": "blue"}
    return http.post(f"/api/games/{gid}/join", json=body)


def refused(r: httpx.Response) -> None:
    assert r.status_code == 429, r.text
    assert "too many" in r.json()["error"] and int(r.headers["Retry-After"]) >= 1


def test_join_is_limited_per_user_per_address_and_lower_for_guests(srv: Server) -> None:
    owner = register(srv)
    # per user, from any address: three joins, the fourth is refused (nothing taken)
    alice = register(srv)
    for address in ("127.0.0.2", "127.0.0.2", "127.0.0.3"):
        assert join(client(srv, address, alice), *invitation(srv, owner)).status_code == 200
    gid, invite = invitation(srv, owner)
    refused(join(client(srv, "127.0.0.4", alice), gid, invite))
    # ... while another user from that address still joins the very seat: the refusal counted nothing
    assert join(client(srv, "127.0.0.4", register(srv)), gid, invite).status_code == 200
    # per address: two users from one address share its three joins
    bob, carol = register(srv), register(srv)
    for who in (bob, bob, carol):
        assert join(client(srv, "127.0.0.5", who), *invitation(srv, owner)).status_code == 200
    refused(join(client(srv, "127.0.0.5", carol), *invitation(srv, owner)))
    # a public seat taken by role counts alike
    refused(join(client(srv, "127.0.0.5", register(srv)), invitation(srv, owner)[0]))
    # guests (an invitation, no account): two per address
    for _ in range(2):
        assert join(client(srv, "127.0.0.6"), *invitation(srv, owner)).status_code == 200
    guest_refused = join(client(srv, "127.0.0.6"), *invitation(srv, owner))
    refused(guest_refused)
    assert "without an account" in guest_refused.json()["error"]
    assert join(client(srv, "127.0.0.7"), *invitation(srv, owner)).status_code == 200


def _save() -> str:
    match = Match.new(TINY, "basic", 31, {}, {"red": "human", "blue": "bot:random"})
    match.act("red", "bid:2")
    return archive.export_text("tiny", "basic", {}, 31, match.actions, {"red": "human", "blue": "bot:random"})


def test_import_is_limited_per_user_and_per_address(srv: Server) -> None:
    text = _save()
    headers = {"Content-Type": "application/json"}
    dave = register(srv)
    for address in ("127.0.0.8", "127.0.0.9"):
        made = client(srv, address, dave).post("/api/games/import", content=text, headers=headers)
        assert made.status_code == 201, made.text
    refused(client(srv, "127.0.0.10", dave).post("/api/games/import", content=text, headers=headers))
    # the address 127.0.0.8 had one import: one more from another user, then it is full
    erin = register(srv)
    assert client(srv, "127.0.0.8", erin).post("/api/games/import", content=text, headers=headers).status_code == 201
    refused(client(srv, "127.0.0.8", register(srv)).post("/api/games/import", content=text, headers=headers))
    # a user's limit does not touch another user's on a fresh address
    assert client(srv, "127.0.0.11", erin).post("/api/games/import", content=text, headers=headers).status_code == 201
