"""Spectators through a real server process, on SQLite and on PostgreSQL: the watch route's view is the
engine's ``view(state, "observer")`` at every version of a game played through the API and holds no seat's
hand or secret bid; the spectator's websocket pushes a newer view after an action and never the chat; a
game created with ``spectators: false`` refuses them (403)."""

from __future__ import annotations

import random

import httpx
import orjson
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from ashur.core.session import Match
from tests.core.tinygame import GAME as TINY
from tests.server.conftest import Server
from tests.server.helpers import WAIT, create, plain, register


def _watch(srv: Server, gid: str) -> httpx.Response:
    return httpx.get(f"{srv.url}/api/games/{gid}/watch", timeout=WAIT)


def test_the_spectator_sees_the_engines_observer_view_at_every_version(server: Server) -> None:
    seed = 515
    made = create(server, register(server), {"game": "tiny", "seats": {"red": "human", "blue": "human"},
                                             "seed": seed})
    gid = made["id"]
    clients = {r: server.client(made["seats"][r]["token"]) for r in ("red", "blue")}
    match = Match.new(TINY, "basic", seed, {}, {"red": "human", "blue": "human"})
    rng = random.Random(3)
    version, compared = 0, 0
    while True:
        got = _watch(server, gid)
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["version"] == version and body["role"] == "observer" and "actions" not in body
        assert body["view"] == plain(TINY.view(match.state, "observer"))
        compared += 1
        text = orjson.dumps(body["view"]).decode()
        for role, client in clients.items():  # nothing a seat alone sees
            seat = client.get(f"/api/games/{gid}/view").json()["view"]
            assert "hand" in seat and "hand" not in body["view"] and "my_bid" not in body["view"]
            assert body["view"]["hand_sizes"] == seat["hand_sizes"]
            assert f'"hand":{orjson.dumps(seat["hand"]).decode()}' not in text, role
        if TINY.result(match.state)["over"]:
            break
        role = match.active()[0]
        choice = rng.choice(TINY.legal_actions(match.state, role))["id"]
        r = clients[role].post(f"/api/games/{gid}/actions", json={"action": choice, "version": version})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
        match.act(role, choice)
    assert compared > 3 and body["status"] == "finished"  # a finished game is watched too
    assert body["result"] == plain(TINY.result(match.state))
    assert _watch(server, "nosuchgame").status_code == 404


def test_the_spectators_socket_pushes_a_newer_view_and_no_chat(server: Server) -> None:
    made = create(server, register(server), {"game": "tiny", "seats": {"red": "human", "blue": "human"},
                                             "seed": 9})
    gid = made["id"]
    red = server.client(made["seats"]["red"]["token"])
    with connect(f"{server.ws_url}/api/games/{gid}/ws?watch=1", open_timeout=WAIT) as ws:
        first = orjson.loads(ws.recv(timeout=WAIT))
        assert first["type"] == "view" and first["version"] == 0 and first["role"] == "observer"
        assert "actions" not in first and "hand" not in first["view"]
        assert red.post(f"/api/games/{gid}/chat", json={"text": "for the seats only"}).status_code == 201
        r = red.post(f"/api/games/{gid}/actions", json={"action": "bid:2", "version": 0})
        assert r.status_code == 200, r.text
        while True:
            msg = orjson.loads(ws.recv(timeout=WAIT))
            assert msg["type"] == "view", msg  # never the chat
            if msg["version"] == r.json()["version"]:
                break
        assert msg["view"] == _watch(server, gid).json()["view"]
        assert "my_bid" not in msg["view"] and "2" not in orjson.dumps(msg["view"].get("prompt")).decode()
    seat = red.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [m["text"] for m in seat] == ["for the seats only"]


def test_spectators_false_refuses_the_route_and_the_socket(server: Server) -> None:
    made = create(server, register(server), {"game": "tiny", "seats": {"red": "human", "blue": "human"},
                                             "seed": 5, "spectators": False})
    gid = made["id"]
    refused = _watch(server, gid)
    assert refused.status_code == 403 and "spectators" in refused.json()["error"]
    assert httpx.get(f"{server.url}/api/games/{gid}").json()["spectators"] is False
    with pytest.raises(InvalidStatus) as closed:  # closed before the handshake is accepted
        connect(f"{server.ws_url}/api/games/{gid}/ws?watch=1", open_timeout=WAIT)
    assert closed.value.response.status_code == 403
    # the seats still play and see their own views
    red = server.client(made["seats"]["red"]["token"])
    assert red.get(f"/api/games/{gid}/view").status_code == 200
    # an open game is not watched yet (409), whatever its setting
    waiting = create(server, register(server), {"game": "tiny", "seats": {"red": "human", "blue": "open"}})
    assert _watch(server, waiting["id"]).status_code == 409
