"""Plausibility of the heuristic bots' Rise and Fall (issue 17, item 5), against what the public session reports
tell (`../shared/seeds/public-facts.md`, S3; docs/bots.md, "Side by side with the session reports"): sieges
carried through, battles of real size, and the trade VPs (8.3) going to the powers whose markers and ships
hold the Trade Boxes (7.3.3). Four seeded games with the heuristic bot in every seat, read through
``Game.report`` (the arena's statistics)."""

from __future__ import annotations

from typing import Any

import pytest

from ashur.core.registry import get_game
from ashur.core.session import Match
from ashur.tools.simulate import derive, seat_bots

GAMES = 4
Played = list[tuple[dict[str, Any], list[dict[str, Any]]]]


@pytest.fixture(scope="module")
def games() -> Played:
    """(report, log entries) of each game."""
    game = get_game("assyrian-wars")
    roles = game.roles("rise_and_fall", {})
    out = []
    for k in range(GAMES):
        match = Match.new(game, "rise_and_fall", derive(1, "plausibility", k), {},
                          {r: "bot:heuristic" for r in roles}, keep_undo=False)
        bots = seat_bots(match, "heuristic")
        state = match.state
        while not game.result(state)["over"]:
            role = game.active(state)[0]
            state = game.act(state, role, bots[role].choose(game, state, role, game.legal_actions(state, role)))
        out.append((game.report(state), state.log.entries()))
    return out


def test_6_8_sieges_are_carried_through(games: Played) -> None:
    """6.8: sieges are laid and some end with the city taken (the report's Mede completed a hunger siege; the
    eager bots' hunger sieges never advanced)."""
    started = sum(r["sieges"]["started"] for r, _ in games)
    completed = sum(r["sieges"]["completed"] for r, _ in games)
    assert started >= GAMES
    assert completed >= 1


def test_6_7_battles_of_real_size_and_battles_worth_vps(games: Played) -> None:
    """6.7, 8.3: most battles are fought by a side of 5 units or more, and some score VPs (the eager bots' were
    mostly tiny overruns: 7 VP-scoring battles in 12 games)."""
    sized = sum(n for r, _ in games for band, n in r["battles"]["larger_side"].items() if band != "0-4")
    tiny = sum(r["battles"]["larger_side"]["0-4"] for r, _ in games)
    assert sized > tiny
    assert sum(r["battles"]["vp_scoring"] for r, _ in games) >= GAMES


def test_8_3_trade_vps_go_to_the_powers_holding_the_trade_boxes(
        games: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> None:
    """8.3: the trade VPs of each game go by the trade points the Interphase counted (3 to the single most,
    1 to the second), and the Trade Boxes are worked for them: Babylonia's and Elam's ships sail into the
    Gulf's sea Trade Box (6.16.g, 7.3.3.a), as the report's Babylonian tycoon and Elamite second did."""
    for report, _ in games:
        points, vps = report["trade"]["points"], report["trade"]["vp"]
        top = max(points.values())
        leaders = [p for p, v in points.items() if v == top]
        for p in leaders:
            assert vps[p] == (3 if len(leaders) == 1 else 2)
        assert all(points[p] > 0 for p, v in vps.items() if v > 0)
    entered = {e["params"].get("country") for _, log in games for e in log if e.get("key") == "aw.trade_box_entered"}
    assert {"babylonia", "elam"} <= entered
