"""A game watched in a real Chromium (issue 15, spectators): /watch/<id> draws the board from the public
view with no hand, prompt or chat, and follows a move made by a seat over the spectators' websocket; the
lobby's list of games being played links to it."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.conftest import WebServer, shot
from tests.web.test_table import new_game


def test_the_watch_page_draws_the_board_and_follows_a_move(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "bot:random", "elam": "bot:random"})
    gid = made["id"]
    seat = httpx.Client(base_url=web.url, headers={"Authorization": f"Bearer {made['seats']['assyria']['token']}"},
                        timeout=60)
    page.goto(f"{web.url}/watch/{gid}?lang=en")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    page.wait_for_selector("body[data-ws='open']", timeout=60_000)
    board = seat.get("/api/content/assyrian-wars/board").json()
    assert page.locator("#board [data-spot].area").count() == len(board["areas"])
    assert page.locator("#board .stack").count() > 0
    assert page.locator("#hand, #prompt, #chat, #actions").count() == 0  # read-only: nobody's seat
    mine = seat.get(f"/api/games/{gid}/view").json()
    shown = page.evaluate("document.body.dataset.version")
    assert int(shown) == mine["version"]
    moved = seat.post(f"/api/games/{gid}/actions", json={"action": mine["actions"][0]["id"],
                                                         "version": mine["version"]})
    assert moved.status_code == 200, moved.text
    page.wait_for_function("(v) => Number(document.body.dataset.version) >= v", arg=moved.json()["version"],
                           timeout=60_000)
    assert page.locator("#log-list li.entry").count() > 0
    shot(page, "watch-two-rivers")
    page.goto(f"{web.url}/?lang=en")
    page.wait_for_selector(f"a.watch[href='/watch/{gid}']", timeout=60_000)
    assert page.errors == []
