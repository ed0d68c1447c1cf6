"""Clocks in the public facts and in the seat's view, and the sweep of expired clocks, through a real
server with two worker processes (each runs a sweep): once per expiry, the other human seats are told by
e-mail and webhook that they may claim or hand the seat to a bot (no secret in the text), and the change
is pushed to the websockets. Time is moved with the ``--dev`` clock, never by sleeping."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from tests.server.conftest import Server
from tests.server.helpers import WAIT, create, register, shows_a_seat_token
from tests.server.test_waiting import HOUR, Hooks, Mailbox, act, advance, hooks, mailbox, mailing_server, profile, until

__all__ = ["hooks", "mailbox"]  # the fixtures, shared with test_waiting


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def srv2(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
         mailbox: Mailbox) -> Iterator[Server]:
    """Two worker processes (two sweeps) that mail through `mailbox` and may post to loopback webhooks."""
    yield from mailing_server(request, tmp_path_factory, mailbox, workers=2)


def markers(srv: Server, gid: str) -> tuple[Any, Any]:
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT clock_expires_at, clock_expiry_done FROM games WHERE id = :g"),
                               {"g": gid}).one()
    finally:
        engine.dispose()
    return row[0], row[1]


def test_clocks_in_facts_and_view_and_the_sweep_tells_once_per_expiry(srv2: Server, mailbox: Mailbox,
                                                                       hooks: Hooks) -> None:
    srv = srv2
    alice, bob = register(srv), register(srv)
    profile(srv, alice, email="alice@example.org", webhook_url=f"{hooks.url}/hook/alice")
    profile(srv, bob, email="bob@example.org", webhook_url=f"{hooks.url}/hook/bob", lang="de")
    made = create(srv, alice, {"game": "tiny", "seats": {"red": "human", "blue": "open"}, "seed": 7,
                               "pace": "live"})
    gid = made["id"]
    joined = srv.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text
    red_token, blue_token = made["seats"]["red"]["token"], joined.json()["token"]
    red, blue = srv.client(red_token), srv.client(blue_token)
    version = act(red, gid, "bid:1", 0)  # red has bid; blue must bid, its clock alone runs

    # the clocks are in the public facts and in each seat's view, and in the OpenAPI schema
    facts = until(lambda: (f := httpx.get(f"{srv.url}/api/games/{gid}").json())["clocks"]["blue"]["running"]
                  and f)
    assert facts["pace"] == "live" and set(facts["clocks"]) == {"red", "blue"}
    assert not facts["clocks"]["red"]["running"] and not facts["clocks"]["blue"]["expired"]
    assert 23 * HOUR < facts["clocks"]["blue"]["left"] <= 24 * HOUR
    assert 24 * HOUR < facts["clocks"]["red"]["left"] <= 28 * HOUR  # charged, +4 h
    seen = red.get(f"/api/games/{gid}/view").json()
    assert seen["pace"] == "live" and seen["clocks"]["blue"]["running"] and set(seen["clocks"]["blue"]) == {
        "left", "running", "expired", "away_until"} and seen["clocks"]["blue"]["away_until"] is None
    schema = httpx.get(f"{srv.url}/openapi.json").json()["components"]["schemas"]
    assert "clocks" in schema["GameFacts"]["properties"] and "clocks" in schema["SeatViewOut"]["properties"]
    assert set(schema["ClockOut"]["properties"]) == {"left", "running", "expired", "away_until"}

    def expiry_notices() -> tuple[list[str], list[str]]:
        mails = [rcpt[0] for rcpt, t in mailbox.of(gid) if "ran out" in t or "abgelaufen" in t]
        posts = [path for path, body in hooks.of(gid) if "ran out" in body or "abgelaufen" in body]
        return mails, posts

    with connect(f"{srv.ws_url}/api/games/{gid}/ws?token={red_token}", open_timeout=WAIT) as ws:
        first = orjson.loads(ws.recv(timeout=WAIT))
        assert first["type"] == "view" and first["version"] == version
        advance(srv, 25 * HOUR)
        # the sweep (of one of the two workers) finds blue's clock run out: red is told, blue is not
        until(lambda: expiry_notices() == (["alice@example.org"], ["/hook/alice"]))
        # the socket gets the view again at the same version, now with blue's clock run out
        while True:
            msg = orjson.loads(ws.recv(timeout=WAIT))
            if msg["type"] == "view" and msg["clocks"]["blue"]["expired"]:
                break
        assert msg["version"] == version and msg["clocks"]["blue"]["left"] == 0.0
    assert httpx.get(f"{srv.url}/api/games/{gid}").json()["clocks"]["blue"]["expired"]
    # once per expiry: both workers' sweeps keep looking, nothing more is sent
    expires, done = markers(srv, gid)
    assert expires is None and done is not None
    time.sleep(2.0)  # several sweep periods (0.3 s) of both workers
    assert expiry_notices() == (["alice@example.org"], ["/hook/alice"])
    # the notices hold public facts and the game page's link only
    texts = [t.replace("\r\n", "\n").split("\n\n", 1)[-1] for _, t in mailbox.of(gid) if "ran out" in t] + \
        [body for _, body in hooks.of(gid) if "ran out" in body]
    for body in texts:
        assert f"{srv.url}/games/{gid}" in body and "claim" in body and "blue" in body
        assert red_token not in body and blue_token not in body and not shows_a_seat_token(body)
    # blue moves late (its bank clamps at zero, +4 h); red plays its turn; blue's clock runs out again:
    # a new expiry, a second notice
    version = act(blue, gid, "bid:0", version)
    version = act(red, gid, "roll", version)
    version = act(red, gid, "end", version)
    until(lambda: httpx.get(f"{srv.url}/api/games/{gid}").json()["clocks"]["blue"]["running"])
    left = httpx.get(f"{srv.url}/api/games/{gid}").json()["clocks"]["blue"]["left"]
    assert 3 * HOUR < left <= 4 * HOUR
    advance(srv, 5 * HOUR)
    until(lambda: len(expiry_notices()[0]) == 2 and len(expiry_notices()[1]) == 2)
    time.sleep(1.0)
    assert expiry_notices() == (["alice@example.org"] * 2, ["/hook/alice"] * 2)
    # a claim ends the game: nothing pending any more
    assert red.post(f"/api/games/{gid}/claim").status_code == 200
    until(lambda: markers(srv, gid)[0] is None)


def test_a_game_without_a_pace_has_no_clocks(srv2: Server) -> None:
    made = create(srv2, register(srv2), {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 3})
    facts = httpx.get(f"{srv2.url}/api/games/{made['id']}").json()
    assert facts["pace"] is None and facts["clocks"] == {}
    view = srv2.client(made["seats"]["red"]["token"]).get(f"/api/games/{made['id']}/view").json()
    assert view["pace"] is None and view["clocks"] == {}


def test_a_cached_seat_token_is_dropped_when_its_seat_is_handed_to_a_bot(srv2: Server) -> None:
    """The seat-token cache of each worker: blue's token, used (and cached) in both workers, stops
    working everywhere once its expired seat is handed to a bot."""
    made = create(srv2, register(srv2), {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 8,
                                        "pace": "live"})
    gid = made["id"]
    red, blue = srv2.client(made["seats"]["red"]["token"]), srv2.client(made["seats"]["blue"]["token"])
    version = act(red, gid, "bid:1", 0)
    for _ in range(8):  # new connections: both workers see (and cache) the token
        with srv2.client(made["seats"]["blue"]["token"]) as fresh:
            assert fresh.get(f"/api/games/{gid}/view").status_code == 200
    advance(srv2, 25 * HOUR)
    assert red.post(f"/api/games/{gid}/hand-to-bot", json={"role": "blue"}).status_code == 200
    for _ in range(8):
        with srv2.client(made["seats"]["blue"]["token"]) as fresh:
            assert fresh.get(f"/api/games/{gid}/view").status_code == 401
            r = fresh.post(f"/api/games/{gid}/actions", json={"action": "bid:0", "version": version})
            assert r.status_code == 401
    assert blue.get(f"/api/games/{gid}/view").status_code == 401
