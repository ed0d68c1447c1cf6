"""``kill -9`` of the server in the middle of a game, then a restart on the same database: every
acknowledged action is there, and the bots pick up where they were."""

from __future__ import annotations

import random

import httpx
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
