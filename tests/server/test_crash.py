"""``kill -9`` of the server in the middle of a game, then a restart on the same database: every
acknowledged action is there, the bots pick up where they were, and a running pace clock keeps its bank
and the moment it started."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import orjson
from sqlalchemy import create_engine, text

from tests.server.conftest import Server
from tests.server.helpers import create, play_over_socket, register


def test_kill_9_loses_no_acknowledged_action_and_bots_resume(fresh_server: Server) -> None:
    srv = fresh_server
    user = register(srv)
    made = create(srv, user, {"game": "assyrian-wars", "scenario": "two_rivers",
                              "seats": {"assyria": "human", "babylonia": "bot:eager", "elam": "bot:eager"}})
    gid, token = made["id"], made["seats"]["assyria"]["token"]
    rng = random.Random(5)
    acked, _ = play_over_socket(srv, gid, token, rng, limit=25)
    srv.kill()  # right after an acknowledged action: the bots are likely in the middle of their turn
    srv.start()
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            stored = [tuple(r) for r in conn.execute(text(
                "SELECT role, action FROM actions WHERE game_id = :g ORDER BY n"), {"g": gid})]
            version = conn.execute(text("SELECT version FROM games WHERE id = :g"), {"g": gid}).scalar_one()
    finally:
        engine.dispose()
    mine = [a for role, a in stored if role == "assyria"]
    assert mine[: len(acked)] == [a for _, a in acked]
    assert version >= acked[-1][0]
    # the bots resume: the person gets to decide again (or the game ends) with no action of theirs
    more, last = play_over_socket(srv, gid, token, rng, limit=3)
    assert len(more) == 3 or last["status"] == "finished"
    facts = httpx.get(f"{srv.url}/api/games/{gid}").json()
    assert facts["version"] > acked[-1][0]


def _expiry_done(srv: Server, gid: str) -> Any:
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT clock_expiry_done FROM games WHERE id = :g"), {"g": gid}).scalar_one()
    finally:
        engine.dispose()


def _stored_clocks(srv: Server, gid: str) -> dict[str, Any]:
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT role, clock FROM seats WHERE game_id = :g ORDER BY role"), {"g": gid})
            return {role: orjson.loads(clock) if isinstance(clock, str) else clock for role, clock in rows}
    finally:
        engine.dispose()


def test_kill_9_running_clock_keeps_its_bank_and_start(fresh_server: Server) -> None:
    srv = fresh_server
    made = create(srv, register(srv), {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 4,
                                      "pace": "fast"})
    gid = made["id"]
    red = srv.client(made["seats"]["red"]["token"])
    r = red.post(f"/api/games/{gid}/actions", json={"action": "bid:2", "version": 0})
    assert r.status_code == 200, r.text  # acknowledged: blue's clock runs, red's stopped (+12 h)
    before = _stored_clocks(srv, gid)
    assert before["blue"]["since"] is not None and before["red"]["since"] is None
    assert before["red"]["bank"] > 72 * 3600
    srv.kill()
    srv.start()
    assert _stored_clocks(srv, gid) == before  # the same bank and the same start moment
    facts = httpx.get(f"{srv.url}/api/games/{gid}").json()
    assert facts["clocks"]["blue"]["running"] and facts["clocks"]["blue"]["left"] <= 72 * 3600
    # the clock goes on from where it started: 72 h after its start (not after the restart) it is out,
    # and the restarted server's sweep finds it
    moved = httpx.post(f"{srv.url}/api/dev/clock", json={"advance": 72 * 3600 + 60})
    assert moved.status_code == 200
    facts = httpx.get(f"{srv.url}/api/games/{gid}").json()
    assert facts["clocks"]["blue"]["expired"] and not facts["clocks"]["red"]["expired"]
    deadline = time.monotonic() + 120  # a hang guard, not a timed assertion
    while _expiry_done(srv, gid) is None:
        assert time.monotonic() < deadline, "the sweep did not handle the expiry"
        time.sleep(0.1)
    claimed = red.post(f"/api/games/{gid}/claim")
    assert claimed.status_code == 200, claimed.text
