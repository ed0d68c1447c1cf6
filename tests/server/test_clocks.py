"""Pace clocks: bank, increment per turn, cap, expiry, claim and hand-over to a bot (explicit `now`)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from ashur.server import clocks as ck

T0 = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


def test_paces_follow_rally_the_troops() -> None:
    assert ck.PACES["live"].bank == 24 * ck.HOUR and ck.PACES["live"].increment == 4 * ck.HOUR
    assert ck.PACES["fast"].cap == 120 * ck.HOUR
    assert ck.PACES["slow"].increment == 36 * ck.HOUR and ck.PACES["slow"].cap == 240 * ck.HOUR
    for p in ck.PACES.values():
        assert p.bank <= p.cap


def test_new_clock_is_stopped_and_json() -> None:
    c = ck.new_clock("fast")
    assert c == {"bank": 72 * ck.HOUR, "since": None}
    assert json.loads(json.dumps(c)) == c
    assert ck.new_clock(None) == {"bank": None, "since": None}
    with pytest.raises(ck.ClockError, match="unknown pace"):
        ck.new_clock("glacial")


def test_start_stop_charges_adds_increment_and_caps() -> None:
    c = ck.start(ck.new_clock("fast"), T0)
    assert ck.running(c) and ck.waiting_since(c) == T0
    assert ck.remaining(c, T0 + 2 * H) == 70 * ck.HOUR
    c2 = ck.stop(c, T0 + 2 * H, "fast")
    assert c2 == {"bank": 82 * ck.HOUR, "since": None}
    # moving fast fills the bank only up to the cap
    c3 = c2
    for i in range(10):
        c3 = ck.stop(ck.start(c3, T0 + i * H), T0 + i * H, "fast")
    assert c3["bank"] == 120 * ck.HOUR
    # inputs never change
    assert c == {"bank": 72 * ck.HOUR, "since": T0.isoformat()}


def test_start_twice_keeps_the_first_start_and_stop_of_stopped_is_noop() -> None:
    c = ck.start(ck.new_clock("live"), T0)
    assert ck.start(c, T0 + H) == c
    s = ck.new_clock("live")
    assert ck.stop(s, T0, "live") == s


def test_naive_times_are_utc() -> None:
    c = ck.start(ck.new_clock("slow"), T0.replace(tzinfo=None))
    assert ck.remaining(c, T0 + H) == 71 * ck.HOUR


def test_expiry_and_late_move_clamps_at_zero() -> None:
    c = ck.start(ck.new_clock("live"), T0)
    assert ck.expires_at(c) == T0 + 24 * H
    assert not ck.expired(c, T0 + 24 * H - timedelta(seconds=1))
    assert ck.expired(c, T0 + 24 * H)
    assert ck.stop(c, T0 + 30 * H, "live") == {"bank": 4 * ck.HOUR, "since": None}
    assert not ck.expired(ck.new_clock("live"), T0 + 1000 * H)  # a stopped clock never expires


def test_no_pace_tracks_waiting_only() -> None:
    c = ck.start(ck.new_clock(None), T0)
    assert ck.waiting_since(c) == T0
    assert ck.remaining(c, T0 + 10_000 * H) == float("inf")
    assert not ck.expired(c, T0 + 10_000 * H)
    assert ck.expires_at(c) is None
    assert ck.stop(c, T0 + H, None) == {"bank": None, "since": None}
    assert ck.describe(c, T0) is None


def test_update_runs_waiting_and_stops_the_others() -> None:
    clocks = ck.update({"assyria": None, "egypt": None}, ["assyria"], T0, "fast")
    assert ck.running(clocks["assyria"]) and not ck.running(clocks["egypt"])
    # assyria acts three times in a row: its clock keeps running from the first moment
    same = ck.update(clocks, ["assyria"], T0 + H, "fast")
    assert same == clocks
    # control passes to egypt after 5 hours: assyria is charged 5 h and credited 12 h
    after = ck.update(same, ["egypt"], T0 + 5 * H, "fast")
    assert after["assyria"] == {"bank": 79 * ck.HOUR, "since": None}
    assert ck.waiting_since(after["egypt"]) == T0 + 5 * H
    # simultaneous decision: both run
    both = ck.update(after, ["assyria", "egypt"], T0 + 6 * H, "fast")
    assert all(ck.running(c) for c in both.values())
    assert ck.waiting_since(both["egypt"]) == T0 + 5 * H


def test_expired_seats_and_options() -> None:
    clocks = ck.update({"a": None, "b": None, "c": None}, ["a", "b"], T0, "live")
    at = T0 + 25 * H
    assert ck.expired_seats(clocks, at) == ["a", "b"]
    assert ck.next_expiry(clocks) == T0 + 24 * H
    opts = ck.expiry_options(clocks, at, ["a", "b", "c"])
    assert opts == {"expired": ["a", "b"], "claimers": ["c"], "claim": True, "hand_to_bot": True}
    early = ck.expiry_options(clocks, T0 + H, ["a", "b", "c"])
    assert early["expired"] == [] and not early["claim"]
    assert ck.describe(clocks["a"], at) == {"left": 0.0, "running": True, "expired": True}


def test_claim_gives_a_contract_result() -> None:
    clocks = ck.update({"red": None, "blue": None}, ["red"], T0, "slow")
    at = T0 + 73 * H
    res = ck.claim(["red", "blue"], clocks, at, "blue")
    assert res == {"over": True, "scores": {"red": 0.0, "blue": 1.0}, "winners": ["blue"],
                   "reason": ck.TIMEOUT_REASON}
    assert set(res) == {"over", "scores", "winners", "reason"}  # the contract's Result keys
    with pytest.raises(ck.ClockError, match="itself"):
        ck.claim(["red", "blue"], clocks, at, "red")
    with pytest.raises(ck.ClockError, match="nothing to claim"):
        ck.claim(["red", "blue"], clocks, T0 + H, "blue")
    with pytest.raises(ck.ClockError, match="not a seat"):
        ck.claim(["red", "blue"], clocks, at, "green")


def test_claim_in_a_multiplayer_game_all_others_win() -> None:
    roles = ["assyria", "mede", "egypt"]
    clocks = ck.update(dict.fromkeys(roles), ["mede"], T0, "live")
    res = ck.claim(roles, clocks, T0 + 24 * H, "egypt")
    assert res["winners"] == ["assyria", "egypt"] and res["scores"]["mede"] == 0.0


def test_hand_to_bot() -> None:
    seats = {"red": "human", "blue": "human"}
    clocks = ck.update(dict.fromkeys(seats), ["red"], T0, "live")
    at = T0 + 30 * H
    new_seats, new_clocks = ck.hand_to_bot(seats, clocks, at, "blue", "red")
    assert new_seats == {"red": ck.DEFAULT_BOT, "blue": "human"}
    assert set(new_clocks) == {"blue"}
    assert seats["red"] == "human"
    _, _ = ck.hand_to_bot(seats, clocks, at, "blue", "red", "bot:eager")
    with pytest.raises(ck.ClockError, match="time left"):
        ck.hand_to_bot(seats, clocks, at, "blue", "blue")
    with pytest.raises(ck.ClockError, match="not a bot"):
        ck.hand_to_bot(seats, clocks, at, "blue", "red", "human")


@pytest.mark.parametrize("bad", [None, [], {"bank": 1}, {"bank": "x", "since": None},
                                 {"bank": True, "since": None}, {"bank": 1, "since": "yesterday"},
                                 {"bank": 1, "since": 5}])
def test_bad_clock_data_is_refused_in_one_line(bad: object) -> None:
    with pytest.raises(ck.ClockError):
        ck.check(bad)
