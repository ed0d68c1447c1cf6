"""Assyria at the table in a real Chromium (issue 18 item 6): the hex board of each set-up drawn from the
board data with the seat's huts, ziggurats and wells; a whole two-player game against a bot played by
clicking (highlighted hexes and well sites on the board, the cards of the hand, the prompt's buttons) until
it ends; the same table in German and Japanese."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.web.conftest import WebServer, click_and_pick, shot
from tests.web.test_table import open_seat

GAME = "assyria"
ROLES = {"two_players": ["red", "blue"], "three_players": ["red", "blue", "green"],
         "four_players": ["red", "blue", "green", "yellow"]}
MAX_DECISIONS = 600
"""A whole game must end within this many of the seat's decisions (a limit, not a timing)."""
READY = """(old) => document.body.dataset.version !== old
  && (document.querySelector('#actions button.action:not([disabled])') || document.querySelector('#result'))"""


def new_game(web: WebServer, scenario: str, seats: dict[str, str]) -> dict[str, Any]:
    made = httpx.post(f"{web.url}/api/games", json={"game": GAME, "scenario": scenario, "seats": seats}, timeout=60)
    assert made.status_code == 201, made.text
    return made.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize("scenario", list(ROLES))
def test_the_hex_board_of_each_set_up(web: WebServer, page: Any, scenario: str) -> None:
    roles = ROLES[scenario]
    made = new_game(web, scenario, {r: "human" if i == 0 else "bot:random" for i, r in enumerate(roles)})
    open_seat(page, web, made, roles[0])
    board = httpx.get(f"{web.url}/api/content/{GAME}/board").json()
    setup = board["setups"][str(len(roles))]
    assert page.locator("#board g.spot.hex").count() == len(setup["hexes"])
    assert page.locator("#board circle.food").count() == sum(1 for h in setup["hexes"] if board["hexes"][h]["food"])
    # the seat chooses a starting space first: the free ones are highlighted on the board
    view = httpx.get(f"{web.url}/api/games/{made['id']}/view",
                     headers={"Authorization": f"Bearer {made['seats'][roles[0]]['token']}"}).json()
    hexes = {a["params"]["hex"] for a in view["actions"] if "hex" in (a.get("params") or {})}
    if hexes:
        highlighted = set(page.eval_on_selector_all("#board .hl", "els => els.map(e => e.dataset.spot)"))
        assert hexes <= highlighted
    assert page.locator("#players-table tr[data-role]").count() == len(roles)
    shot(page, f"assyria-{scenario}")
    assert page.errors == []


def click_once(page: Any, rnd: random.Random) -> str:
    """One decision by clicking: a highlighted hex or well site, a playable card, else a button."""
    board = page.locator("#board .hl")
    cards = page.locator("#hand li.card.playable")
    if board.count() and rnd.random() < 0.7:
        click_and_pick(page, board, rnd, dispatch=True)
        return "board"
    if cards.count() and rnd.random() < 0.7:
        click_and_pick(page, cards, rnd)
        return "card"
    buttons = page.locator("#actions button.action")
    buttons.nth(rnd.randrange(buttons.count())).click()
    return "button"


def test_a_whole_two_player_game_against_a_bot_by_clicking(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_players", {"red": "human", "blue": "bot:heuristic"})
    open_seat(page, web, made, "red")
    rnd = random.Random(18)
    used = {"board": 0, "card": 0, "button": 0}
    for _ in range(MAX_DECISIONS):
        if page.locator("#result").count():
            break
        page.wait_for_function("() => document.querySelector('#actions button.action:not([disabled])') "
                               "|| document.querySelector('#result')", timeout=120_000, polling=50)
        if page.locator("#result").count():
            break
        old = page.evaluate("document.body.dataset.version")
        used[click_once(page, rnd)] += 1
        page.wait_for_function(READY, arg=old, timeout=120_000, polling=50)
    assert page.locator("#result").count(), f"the game did not end in {MAX_DECISIONS} decisions ({used})"
    assert used["board"] > 0 and used["button"] > 0, used
    facts = httpx.get(f"{web.url}/api/games/{made['id']}").json()
    assert facts["status"] == "finished"
    assert page.locator("#result").inner_text().strip()
    shot(page, "assyria-game-over")
    assert page.errors == []


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_the_table_in_german_and_japanese(web: WebServer, page: Any, lang: str) -> None:
    made = new_game(web, "three_players", {"red": "human", "blue": "bot:random", "green": "bot:random"})
    open_seat(page, web, made, "red", lang=lang)
    text = page.locator("#tracks").inner_text()
    assert {"de": "Kamele", "ja": "ラクダ"}[lang] in text
    prompt = page.locator("#prompt-text").inner_text()
    assert prompt and "as.prompt" not in prompt
    assert page.errors == []
