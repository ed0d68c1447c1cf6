"""The game table in a real Chromium (issue 16 items 1-5): the board of every scenario drawn from the board
data with the seat's pieces, the interface in English, German and Japanese, "why not?" on a refused click,
the hand of the seat only, and the page's timings (printed with ``-s``; no timed assertions)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ashur.core import registry
from ashur.core.contract import resolve_options

from tests.web.conftest import WebServer, shot

GAME = "assyrian-wars"


def new_game(web: WebServer, scenario: str, seats: dict[str, str], **extra: Any) -> dict[str, Any]:
    """A game made as a guest through the API: ``{id, seats: {role: {token, url}}}``."""
    made = httpx.post(f"{web.url}/api/games", json={"game": GAME, "scenario": scenario, "seats": seats, **extra},
                      timeout=60)
    assert made.status_code == 201, made.text
    return made.json()  # type: ignore[no-any-return]


def roles_of(scenario: str, options: dict[str, Any] | None = None) -> list[str]:
    game = registry.get_game(GAME)
    return list(game.roles(scenario, resolve_options(game, options or {})))


def open_seat(page: Any, web: WebServer, made: dict[str, Any], role: str, lang: str = "en") -> None:
    """Open a seat's link (its token in the fragment) and wait until the table is drawn."""
    url = made["seats"][role]["url"]
    path = url[url.index("/play/"):]
    page.goto(f"{web.url}{path.replace('#', f'?lang={lang}#', 1)}")
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)


@pytest.mark.parametrize("scenario", ["campaign", "rise_and_fall", "two_rivers"])
def test_board_of_each_scenario(web: WebServer, page: Any, scenario: str) -> None:
    roles = roles_of(scenario)
    made = new_game(web, scenario, {r: "human" if i == 0 else "bot:random" for i, r in enumerate(roles)})
    open_seat(page, web, made, roles[0])
    board = httpx.get(f"{web.url}/api/content/{GAME}/board").json()
    assert page.locator("#board [data-spot].area").count() == len(board["areas"])
    assert page.locator("#board line.conn").count() > 0
    assert page.locator("#board .stack").count() > 0
    shot(page, f"board-{scenario}")
    assert page.errors == []
