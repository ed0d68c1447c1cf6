"""Expired clocks nobody acts on, through a real server on SQLite and on PostgreSQL (time moved with the
``--dev`` clock, never by sleeping): once the grace (``ASHUR_CLAIM_GRACE_HOURS``, 72 h) after the expiry
passed with no claim, no hand-over and no late move, the sweep hands the seat to a bot of the default kind itself
(its token revoked, the bot plays on, the other human told once), or ends the game as abandoned when it was
the last human seat; a late move within the grace keeps the seat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.helpers import create, register, shows_a_seat_token
from tests.server.test_waiting import HOUR, Hooks, Mailbox, act, advance, hooks, mailbox, mailing_server, profile, until

__all__ = ["hooks", "mailbox"]  # the fixtures, shared with test_waiting
GRACE = 72 * HOUR


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def srv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, mailbox: Mailbox) -> Iterator[Server]:
    yield from mailing_server(request, tmp_path_factory, mailbox)


def facts(srv: Server, gid: str) -> dict[str, Any]:
    return dict(httpx.get(f"{srv.url}/api/games/{gid}").json())


def test_after_the_grace_the_sweep_hands_the_seat_to_a_bot_once(srv: Server, mailbox: Mailbox,
                                                                  hooks: Hooks) -> None:
    alice = register(srv)
    profile(srv, alice, email="alice@example.org", webhook_url=f"{hooks.url}/hook/alice")
    made = create(srv, alice, {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 21,
                               "pace": "live"})
    gid = made["id"]
    red, blue = srv.client(made["seats"]["red"]["token"]), srv.client(made["seats"]["blue"]["token"])
    version = act(red, gid, "bid:1", 0)  # blue must bid: its 24 h clock alone runs

    def handed() -> list[str]:
        return [t for _, t in mailbox.of(gid) if "bot plays that seat" in t] + \
            [b for _, b in hooks.of(gid) if "bot plays that seat" in b]

    advance(srv, 25 * HOUR)  # blue ran out: red is told it may claim; the seat stays blue's in the grace
    until(lambda: facts(srv, gid)["clocks"]["blue"]["expired"] and mailbox.of(gid))
    time.sleep(1.0)  # several sweep periods
    assert facts(srv, gid)["seats"]["blue"]["kind"] == "human" and not handed()
    assert blue.get(f"/api/games/{gid}/view").status_code == 200
    advance(srv, GRACE)  # 72 h past the expiry, nobody acted: the sweep hands blue to a bot (bot:heuristic)
    until(lambda: facts(srv, gid)["seats"]["blue"]["kind"] == "bot")
    got = facts(srv, gid)
    # the game went on (the bot may already have bid, and its bid may have ended the tiny game)
    assert (got["result"] or {}).get("reason") != "abandoned"
    assert got["seats"]["blue"]["bot"] == "heuristic" and "blue" not in got["clocks"]
    assert blue.get(f"/api/games/{gid}/view").status_code == 401  # the expired player's token is revoked
    # the bot bids (its choice is random: the tiny game may go on or end with it)
    until(lambda: red.get(f"/api/games/{gid}/view").json()["version"] > version)
    until(lambda: len(handed()) == 2)  # red's mail and webhook
    time.sleep(1.0)
    assert len(handed()) == 2  # once: no second hand-over notice
    for text in handed():
        assert "blue" in text and f"/games/{gid}" in text and not shows_a_seat_token(text)


def test_the_last_human_seat_past_its_grace_ends_the_game_as_abandoned(srv: Server) -> None:
    made = create(srv, register(srv), {"game": "tiny", "seats": {"red": "human", "blue": "bot:random"},
                                       "seed": 22, "pace": "live"})
    gid = made["id"]
    red = srv.client(made["seats"]["red"]["token"])
    until(lambda: facts(srv, gid)["clocks"]["red"]["running"])
    advance(srv, 25 * HOUR)
    until(lambda: facts(srv, gid)["clocks"]["red"]["expired"])
    time.sleep(1.0)
    assert facts(srv, gid)["status"] == "active"  # no other seat may claim: the grace still runs
    advance(srv, GRACE)
    until(lambda: facts(srv, gid)["status"] == "finished")
    got = facts(srv, gid)
    assert got["result"] == {"over": True, "scores": {}, "winners": [], "reason": "abandoned"}
    assert got["active"] == [] and red.get(f"/api/games/{gid}/view").status_code == 401


def test_a_late_move_within_the_grace_keeps_the_seat(srv: Server) -> None:
    made = create(srv, register(srv), {"game": "tiny", "seats": {"red": "human", "blue": "human"}, "seed": 23,
                                       "pace": "live"})
    gid = made["id"]
    red, blue = srv.client(made["seats"]["red"]["token"]), srv.client(made["seats"]["blue"]["token"])
    version = act(red, gid, "bid:1", 0)
    advance(srv, 25 * HOUR)
    until(lambda: facts(srv, gid)["clocks"]["blue"]["expired"])
    act(blue, gid, "bid:0", version)  # late, within the grace: red's turn, red's clock runs (about 28 h)
    advance(srv, 75 * HOUR)  # at 100 h: past blue's old grace (24 h + 72 h), within red's (53 h + 72 h)
    time.sleep(1.5)
    got = facts(srv, gid)
    assert got["status"] == "active" and got["clocks"]["red"]["expired"]
    assert {r: s["kind"] for r, s in got["seats"].items()} == {"red": "human", "blue": "human"}
    assert blue.get(f"/api/games/{gid}/view").status_code == 200
