"""Whole games through the API of a real server process, on SQLite and on PostgreSQL."""

from __future__ import annotations

import random

import httpx
import orjson
import pytest
from websockets.sync.client import connect

from ashur.core.session import Match
from tests.core.tinygame import GAME as TINY
from tests.server.conftest import Server
from tests.server.helpers import WAIT, create, plain, play_over_socket, register


def test_tiny_game_to_its_end_every_view_is_the_engines(server: Server) -> None:
    """Two users, each with the token of a seat (one joined by invitation), play a game to its end; after
    every action each seat's view and legal actions equal the engine's for its role."""
    alice, bob = register(server), register(server)
    seed = 4242
    made = create(server, alice, {"game": "tiny", "scenario": "basic", "seats": {"red": "human", "blue": "open"},
                                  "seed": seed, "pace": "live"})
    gid = made["id"]
    invite = made["seats"]["blue"]
    assert set(made["seats"]) == {"red", "blue"} and invite["url"].endswith(invite["token"])
    red = server.client(made["seats"]["red"]["token"])
    assert red.post(f"/api/games/{gid}/actions", json={"action": "bid:0", "version": 0}).status_code == 409
    joined = server.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text
    assert joined.json()["status"] == "active" and joined.json()["role"] == "blue"
    # the invitation was used up: the seat has a new token
    again = server.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert again.status_code == 403
    clients = {"red": red, "blue": server.client(joined.json()["token"])}
    match = Match.new(TINY, "basic", seed, {}, {"red": "human", "blue": "human"})
    rng = random.Random(7)
    version = 0
    while True:
        for role, client in clients.items():
            got = client.get(f"/api/games/{gid}/view").json()
            assert got["version"] == version and got["role"] == role
            assert got["view"] == plain(TINY.view(match.state, role))
            over = TINY.result(match.state)["over"]
            assert got["actions"] == ([] if over else plain(TINY.legal_actions(match.state, role)))
        if TINY.result(match.state)["over"]:
            break
        role = match.active()[0]
        choice = rng.choice(TINY.legal_actions(match.state, role))["id"]
        r = clients[role].post(f"/api/games/{gid}/actions", json={"action": choice, "version": version})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
        match.act(role, choice)
    facts = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert facts["status"] == "finished" and facts["result"] == plain(TINY.result(match.state))
    assert facts["seats"]["blue"]["player"] is not None and "seed" not in orjson.dumps(facts).decode()
    mine = server.client(alice).get("/api/me/games").json()
    assert [g["id"] for g in mine] == [gid] and mine[0]["roles"] == ["red"]
    finished = httpx.get(f"{server.url}/api/games", params={"status": "finished"}).json()
    assert gid in [g["id"] for g in finished]
    # a rematch: the asker's seat human, the other an invitation
    re = clients["red"].post(f"/api/games/{gid}/rematch")
    assert re.status_code == 201, re.text
    assert set(re.json()["seats"]) == {"red", "blue"}
    assert httpx.get(f"{server.url}/api/games/{re.json()['id']}").json()["status"] == "open"
    assert clients["blue"].post(f"/api/games/{gid}/rematch").status_code == 409


def test_a_seat_token_gets_only_its_own_role(server: Server) -> None:
    user = register(server)
    made = create(server, user, {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 9})
    gid, red, blue = made["id"], made["seats"]["red"]["token"], made["seats"]["blue"]["token"]
    red_view = server.client(red).get(f"/api/games/{gid}/view").json()
    blue_view = server.client(blue).get(f"/api/games/{gid}/view").json()
    assert red_view["role"] == "red" and blue_view["role"] == "blue"
    assert red_view["view"]["hand"] != blue_view["view"]["hand"] or red_view != blue_view
    match = Match.new(TINY, "basic", 9, {}, {"red": "human", "blue": "human"})
    assert blue_view["view"] == plain(TINY.view(match.state, "blue"))
    assert server.client(blue).get(f"/api/games/{gid}/view", params={"role": "red"}).status_code == 403
    # the websocket of blue pushes blue's views only, also after red acts
    with connect(f"{server.ws_url}/api/games/{gid}/ws?token={blue}", open_timeout=WAIT) as ws:
        first = orjson.loads(ws.recv(timeout=WAIT))
        assert first["type"] == "view" and first["role"] == "blue" and first["view"] == blue_view["view"]
        r = server.client(red).post(f"/api/games/{gid}/actions", json={"action": "bid:2", "version": 0})
        assert r.status_code == 200
        pushed = orjson.loads(ws.recv(timeout=WAIT))
        match.act("red", "bid:2")
        assert pushed["version"] == 1 and pushed["role"] == "blue"
        assert pushed["view"] == plain(TINY.view(match.state, "blue"))
        server.client(red).post(f"/api/games/{gid}/chat", json={"text": "good luck"})
        chat = orjson.loads(ws.recv(timeout=WAIT))
        assert chat["type"] == "chat" and chat["text"] == "good luck" and chat["role"] == "red"
    # a reconnecting socket gets the current view at once
    with connect(f"{server.ws_url}/api/games/{gid}/ws?token={blue}", open_timeout=WAIT) as ws:
        again = orjson.loads(ws.recv(timeout=WAIT))
        assert again["type"] == "view" and again["version"] == 1


def test_undo_follows_the_engines_rule(server: Server) -> None:
    user = register(server)
    made = create(server, user, {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 3})
    gid = made["id"]
    seats = {r: server.client(made["seats"][r]["token"]) for r in ("red", "blue")}
    match = Match.new(TINY, "basic", 3, {}, {"red": "human", "blue": "human"})
    version = 0
    for role, action in (("red", "bid:2"), ("blue", "bid:0")):
        version = seats[role].post(f"/api/games/{gid}/actions", json={"action": action, "version": version}
                                   ).json()["version"]
        match.act(role, action)
    player = match.active()[0]
    before = seats[player].get(f"/api/games/{gid}/view").json()
    version = seats[player].post(f"/api/games/{gid}/actions", json={"action": "mark", "version": version}
                                 ).json()["version"]
    r = seats[player].post(f"/api/games/{gid}/undo", json={"version": version})
    assert r.status_code == 200, r.text
    after = seats[player].get(f"/api/games/{gid}/view").json()
    assert after["view"] == before["view"] and after["version"] == version + 1
    # a die roll cannot be taken back
    version = after["version"]
    version = seats[player].post(f"/api/games/{gid}/actions", json={"action": "roll", "version": version}
                                 ).json()["version"]
    refused = seats[player].post(f"/api/games/{gid}/undo", json={"version": version})
    assert refused.status_code == 422 and "error" in refused.json()


@pytest.mark.parametrize("scenario", ["two_rivers"])
def test_assyrian_wars_against_bots_to_its_end(server: Server, scenario: str) -> None:
    """A person plays Assyria over the websocket while bots play the other seats on the server."""
    user = register(server)
    made = create(server, user, {"game": "assyrian-wars", "scenario": scenario,
                                 "seats": {"assyria": "human", "babylonia": "bot:eager", "elam": "bot:eager"},
                                 "options": {"sudden_end": False}})
    gid, token = made["id"], made["seats"]["assyria"]["token"]
    acked, last = play_over_socket(server, gid, token, random.Random(11))
    assert last["status"] == "finished" and last["role"] == "assyria" and last["result"]["over"]
    facts = httpx.get(f"{server.url}/api/games/{gid}").json()
    assert facts["status"] == "finished" and facts["version"] >= len(acked) > 0
    assert [v for v, _ in acked] == sorted(v for v, _ in acked)
