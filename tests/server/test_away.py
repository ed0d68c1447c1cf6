"""Absences (issue 15, :mod:`ashur.server.away`) through a real server, time moved by the ``--dev`` clock:
an away player's running pace clock pauses and resumes with its bank (on return, or at the absence's end
by the sweep), nothing expires meanwhile, everyone sees ``away_until``, the limits (the longest absence,
the 7-day gap) are refused with their reasons, and no notice goes to an away player."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.server.conftest import Server
from tests.server.helpers import create, register
from tests.server.test_waiting import HOUR, Mailbox, act, advance, mailbox, mailing_server, profile, until

__all__ = ["mailbox"]  # the fixture, shared with test_waiting

DAY = 24 * HOUR
SLACK = 120.0  # seconds of real time the steps of a test may take between two readings of a clock


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def srv(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, mailbox: Mailbox) -> Iterator[Server]:
    yield from mailing_server(request, tmp_path_factory, mailbox)


def server_now(srv: Server) -> datetime:
    r = httpx.post(f"{srv.url}/api/dev/clock", json={"advance": 0})
    assert r.status_code == 200, r.text
    return datetime.fromisoformat(r.json()["now"])


def go_away(srv: Server, token: str, until_: datetime) -> httpx.Response:
    return srv.client(token).put("/api/me/away", json={"until": until_.isoformat()})


def clocks(srv: Server, gid: str) -> dict[str, Any]:
    return dict(httpx.get(f"{srv.url}/api/games/{gid}").json()["clocks"])


def game(srv: Server, pace: str | None = "live") -> tuple[str, str, httpx.Client, httpx.Client]:
    """A tiny game of alice (red) and bob (blue): (game id, bob's user token, red's and blue's clients)."""
    alice, bob = register(srv), register(srv)
    made = create(srv, alice, {"game": "tiny", "seats": {"red": "human", "blue": "open"}, "seed": 5, "pace": pace})
    gid = made["id"]
    joined = srv.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text
    return gid, bob, srv.client(made["seats"]["red"]["token"]), srv.client(joined.json()["token"])


def test_the_clock_pauses_nothing_expires_and_it_resumes_with_its_bank(srv: Server) -> None:
    gid, bob, red, blue = game(srv)
    act(red, gid, "bid:1", 0)  # blue must bid: its clock alone runs
    advance(srv, 2 * HOUR)
    back = server_now(srv) + timedelta(days=5)
    r = go_away(srv, bob, back)
    assert r.status_code == 200, r.text
    assert r.json()["away"] and datetime.fromisoformat(r.json()["until"]) == back
    shown = clocks(srv, gid)["blue"]
    assert not shown["running"] and not shown["expired"]
    assert 22 * HOUR - SLACK <= shown["left"] <= 22 * HOUR  # the 24 h bank less the 2 h used, no increment
    assert datetime.fromisoformat(shown["away_until"]) == back and clocks(srv, gid)["red"]["away_until"] is None
    seen = red.get(f"/api/games/{gid}/view").json()["clocks"]["blue"]  # the other seat sees it in its view
    assert datetime.fromisoformat(seen["away_until"]) == back
    # three days on: the bank is as it was, nothing expired, nothing to claim
    advance(srv, 3 * DAY)
    later = clocks(srv, gid)["blue"]
    assert later["left"] == shown["left"] and not later["expired"]
    refused = red.post(f"/api/games/{gid}/claim")
    assert refused.status_code == 409 and "nothing to claim" in refused.json()["error"]
    # back early: the clock runs again from the bank it kept
    r = srv.client(bob).delete("/api/me/away")
    assert r.status_code == 200 and not r.json()["away"], r.text
    again = clocks(srv, gid)["blue"]
    assert again["running"] and again["away_until"] is None
    assert shown["left"] - SLACK <= again["left"] <= shown["left"]
    advance(srv, 22 * HOUR + SLACK)
    assert clocks(srv, gid)["blue"]["expired"]
    assert red.post(f"/api/games/{gid}/claim").status_code == 200
    assert blue.get(f"/api/games/{gid}/view").json()["result"]["reason"] == "server.timeout"


def test_the_sweep_ends_an_absence_at_its_end(srv: Server) -> None:
    gid, bob, red, _blue = game(srv)
    act(red, gid, "bid:1", 0)
    back = server_now(srv) + timedelta(days=2)
    assert go_away(srv, bob, back).status_code == 200
    advance(srv, 2 * DAY + 3 * HOUR)  # three hours past the end: the clock has run since the end
    shown = until(lambda: (c := clocks(srv, gid)["blue"])["running"] and c)
    assert shown["away_until"] is None
    assert 21 * HOUR - SLACK <= shown["left"] <= 21 * HOUR + SLACK  # 24 h less the 3 h after the end
    status = srv.client(bob).get("/api/me/away").json()
    assert not status["away"] and datetime.fromisoformat(status["ended"]) == back
    assert datetime.fromisoformat(status["next_start"]) == back + timedelta(days=7)


def test_the_limits_of_an_absence(srv: Server) -> None:
    bob = register(srv)
    me = srv.client(bob)
    now = server_now(srv)
    assert httpx.put(f"{srv.url}/api/me/away", json={"until": (now + timedelta(days=1)).isoformat()}
                     ).status_code == 401
    too_far = go_away(srv, bob, now + timedelta(days=21, hours=1))
    assert too_far.status_code == 422 and "at most 21 days" in too_far.json()["error"]
    past = go_away(srv, bob, now - timedelta(hours=1))
    assert past.status_code == 422 and "future" in past.json()["error"]
    assert me.put("/api/me/away", json={"until": "soon"}).status_code == 422
    assert me.put("/api/me/away", json={"until": "9999-12-31T23:59:00-14:00"}).status_code == 422
    not_away = me.delete("/api/me/away")
    assert not_away.status_code == 409 and "not away" in not_away.json()["error"]
    assert go_away(srv, bob, now + timedelta(days=10)).status_code == 200
    # the end may move, within 21 days of the start
    assert go_away(srv, bob, now + timedelta(days=20)).status_code == 200
    longer = go_away(srv, bob, now + timedelta(days=22))
    assert longer.status_code == 422 and "at most 21 days" in longer.json()["error"]
    assert me.delete("/api/me/away").status_code == 200
    soon = go_away(srv, bob, server_now(srv) + timedelta(days=3))
    assert soon.status_code == 409 and "7 days after the last one ended" in soon.json()["error"]
    advance(srv, 7 * DAY + 60)
    assert go_away(srv, bob, server_now(srv) + timedelta(days=3)).status_code == 200
    assert me.get("/api/me").json()["away_until"] is not None


def notified(srv: Server, gid: str) -> dict[str, Any]:
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            return {r[0]: r[1] for r in conn.execute(text("SELECT role, notified_at FROM seats WHERE game_id = :g"),
                                                     {"g": gid})}
    finally:
        engine.dispose()


@pytest.mark.parametrize("pace", ["live", None])
def test_no_notice_goes_to_an_away_player(srv: Server, mailbox: Mailbox, pace: str | None) -> None:
    alice, bob = register(srv), register(srv)
    profile(srv, alice, email="alice@example.org")
    profile(srv, bob, email="bob@example.org")
    assert go_away(srv, bob, server_now(srv) + timedelta(days=3)).status_code == 200
    made = create(srv, alice, {"game": "tiny", "seats": {"red": "human", "blue": "open"}, "seed": 5, "pace": pace})
    gid = made["id"]
    joined = srv.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text

    def mails() -> list[str]:
        return [rcpt[0] for rcpt, _ in mailbox.of(gid)]

    until(lambda: mails() == ["alice@example.org"])  # both must bid: alice is told, bob (away) is not
    assert notified(srv, gid)["blue"] is None  # decided, not merely late: no notice is due to blue
    act(srv.client(made["seats"]["red"]["token"]), gid, "bid:1", 0)
    assert notified(srv, gid)["blue"] is None
    assert srv.client(bob).delete("/api/me/away").status_code == 200  # back: blue must still bid, told now
    until(lambda: mails() == ["alice@example.org", "bob@example.org"])


def test_the_sweep_tells_an_away_player_nothing(srv: Server, mailbox: Mailbox) -> None:
    """Red's clock runs out while blue's player is away: the sweep's notice (claim or hand to a bot) does
    not go to him; back, he gets his "your move" (notices go out in the order decided)."""
    alice, bob = register(srv), register(srv)
    profile(srv, alice, email="alice@example.org")
    profile(srv, bob, email="bob@example.org")
    assert go_away(srv, bob, server_now(srv) + timedelta(days=5)).status_code == 200
    made = create(srv, alice, {"game": "tiny", "seats": {"red": "human", "blue": "open"}, "seed": 5, "pace": "live"})
    gid = made["id"]
    joined = srv.client(bob).post(f"/api/games/{gid}/join", json={"invite": made["seats"]["blue"]["token"]})
    assert joined.status_code == 200, joined.text
    advance(srv, 25 * HOUR)  # both must bid: red's clock runs out, blue's is paused
    until(lambda: clocks(srv, gid)["red"]["expired"] and expiry_done(srv, gid))
    assert not clocks(srv, gid)["blue"]["expired"]
    assert srv.client(bob).delete("/api/me/away").status_code == 200
    until(lambda: any(rcpt == ["bob@example.org"] for rcpt, _ in mailbox.of(gid)))
    to_bob = [msg for rcpt, msg in mailbox.of(gid) if rcpt == ["bob@example.org"]]
    assert len(to_bob) == 1 and to_bob[0].startswith("Your move in Tiny")


def expiry_done(srv: Server, gid: str) -> bool:
    """The sweep handled an expiry of the game (its marker is set in the transaction that decides the
    notices, before they are sent)."""
    engine = create_engine(srv.db_url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT clock_expiry_done FROM games WHERE id = :g"), {"g": gid}).scalar() \
                is not None
    finally:
        engine.dispose()
