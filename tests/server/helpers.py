"""Clients of the test server: accounts, games, and a seat that plays over its websocket."""

from __future__ import annotations

import random
import re
import secrets
from typing import Any

import httpx
import orjson
from websockets.sync.client import connect

from tests.server.conftest import Server

WAIT = 120.0  # seconds to wait for a push before giving up (a hang guard, not an assertion)


TOKEN_LIKE = re.compile(r"(?<![A-Za-z0-9_-])s_[A-Za-z0-9_-]{43}")
"""A seat token (``s_`` and 43 URL-safe characters) standing on its own: not the ``s_`` a random game id may
hold inside it (``MqxGt_Zps_qd``)."""


def shows_a_seat_token(text: str) -> bool:
    return TOKEN_LIKE.search(text) is not None


def plain(data: Any) -> Any:
    """`data` as JSON gives it back (tuples become lists)."""
    return orjson.loads(orjson.dumps(data))


def register(srv: Server, name: str | None = None) -> str:
    name = name or f"u{secrets.token_hex(5)}"
    r = httpx.post(f"{srv.url}/api/register", json={"name": name, "password": f"pw-{name}-pw"})
    assert r.status_code == 201, r.text
    return str(r.json()["token"])


def create(srv: Server, token: str, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{srv.url}/api/games", json=body, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 201, r.text
    return dict(r.json())


def play_over_socket(srv: Server, game_id: str, token: str, rng: random.Random, limit: int | None = None,
                     ) -> tuple[list[tuple[int, str]], dict[str, Any]]:
    """Play a seat from the views its websocket pushes: a random legal action whenever it has some,
    until the game ends or `limit` actions were acknowledged. Returns the acknowledged (version, action)
    pairs and the last view message."""
    acked: list[tuple[int, str]] = []
    last: dict[str, Any] = {}
    with httpx.Client(base_url=srv.url, headers={"Authorization": f"Bearer {token}"}, timeout=WAIT) as http, \
            connect(f"{srv.ws_url}/api/games/{game_id}/ws?token={token}", open_timeout=WAIT,
                    max_size=2**26) as ws:
        while limit is None or len(acked) < limit:
            msg = orjson.loads(ws.recv(timeout=WAIT))
            if msg["type"] != "view":
                continue
            last = msg
            if msg["status"] == "finished":
                break
            if not msg["actions"]:
                continue
            choice = rng.choice(msg["actions"])["id"]
            r = http.post(f"/api/games/{game_id}/actions", json={"action": choice, "version": msg["version"]})
            if r.status_code == 409:
                continue  # a newer view is on its way
            assert r.status_code == 200, r.text
            acked.append((r.json()["version"], choice))
    return acked, last
