"""Playing at the table in a real Chromium (issue 16 items 2, 3, 5): a whole Two Rivers game against bots
played by clicking (board highlights and buttons) until it ends, with the time from each action's HTTP
answer to the redrawn board measured in the browser (printed with ``-s``); the odds panel before a battle
(a position reached by the engine from a seed on the ``--dev`` server)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import httpx
import pytest

from ashur.core import registry
from ashur.core.contract import resolve_options
from tests.web.conftest import WebServer, click_and_pick, shot
from tests.web.test_table import GAME, new_game, open_seat, roles_of

#: A whole game must end within this many of the seat's decisions (a limit, not a timing).
MAX_DECISIONS = 3000
READY = """(old) => document.body.dataset.version !== old
  && (document.querySelector('#actions button.action:not([disabled])') || document.querySelector('#result'))"""


def wait_turn(page: Any, old: str) -> None:
    """Until the page drew a newer version on which the seat decides, or the game is over."""
    page.wait_for_function(READY, arg=old, timeout=120_000, polling=50)


def click_once(page: Any, rnd: random.Random) -> str:
    """One decision by clicking: a highlighted place on the board (then the first item of its menu when
    the click offers several), else one of the buttons. Returns 'board' or 'button'."""
    board = page.locator("#board rect.hl")
    buttons = page.locator("#actions button.action")
    if board.count() and rnd.random() < 0.5:
        click_and_pick(page, board, rnd, dispatch=True)
        return "board"
    n = buttons.count()
    # a light preference for the impulse's end keeps the game to a few minutes, as the bots' own games
    ends = [i for i in range(n) if (buttons.nth(i).get_attribute("data-action") or "") in ("end", "pass", "stop")]
    index = rnd.choice(ends) if ends and rnd.random() < 0.3 else rnd.randrange(n)
    buttons.nth(index).click()
    return "button"


def test_a_whole_two_rivers_game_against_bots_by_clicking(web: WebServer, page: Any) -> None:
    roles = roles_of("two_rivers")
    made = new_game(web, "two_rivers", {r: "human" if r == "assyria" else "bot:random" for r in roles})
    open_seat(page, web, made, "assyria")
    rnd = random.Random(16)
    used = {"board": 0, "button": 0}
    started = time.monotonic()
    for _ in range(MAX_DECISIONS):
        if page.locator("#result").count():
            break
        version = page.evaluate("document.body.dataset.version")
        if not page.locator("#actions button.action:not([disabled])").count():
            wait_turn(page, version)
            continue
        used[click_once(page, rnd)] += 1
        wait_turn(page, version)
    assert page.locator("#result").count() == 1, "the game did not end"
    assert page.locator("#rematch").is_visible()
    perf = page.evaluate("window.ashurTable.drawn")
    answer = [p["answerToDrawn"] for p in perf]
    draw = [p["drawMs"] for p in perf]
    print(f"\nwhole Two Rivers game: {sum(used.values())} decisions ({used['board']} on the board, "
          f"{used['button']} by buttons) in {time.monotonic() - started:.0f} s; action answer -> board drawn: "
          f"median {statistics.median(answer):.1f} ms, p90 {sorted(answer)[int(0.9 * len(answer))]:.1f} ms, "
          f"max {max(answer):.1f} ms; drawing alone median {statistics.median(draw):.1f} ms")
    assert used["board"] > 0 and used["button"] > 0
    # the log: sentences with a rule each, dice as faces, a summary at each Interphase, filters
    entries = page.locator("#log-list li.entry")
    texts = entries.all_inner_texts()
    assert len(texts) > 50 and not [x for x in texts if "{" in x or "aw." in x]
    assert page.locator("#log-list li.entry button.rule").count() > 0
    assert page.locator("#log-list .die").count() > 0
    assert page.locator("#log-list li.summary").count() > 0
    countries_of = "nodes => nodes.map(n => n.dataset.countries.split(' '))"
    involved = entries.evaluate_all(countries_of)
    assert any("elam" not in c for c in involved)
    page.select_option("#log-country", "elam")
    # the list keeps its last 400 entries, so compare what is listed rather than how many
    involved = page.locator("#log-list li.entry").evaluate_all(countries_of)
    assert involved and all("elam" in c for c in involved)
    shot(page, "game-over-two_rivers")
    assert page.errors == []


ODDS_STEPS = 1500
"""How far the search for a battle choice may play (a limit of the search, not a timing)."""


def battle_position(seed: int) -> tuple[list[tuple[str, str]], str, str] | None:
    """Play a Two Rivers game of seed `seed` with the engine (every seat human, moves preferred) until a
    role must choose among actions one of which the engine's odds call a battle: the actions played, that
    role and that action; None when no such choice comes (or the engine gives no odds)."""
    game = registry.get_game(GAME)
    opts = resolve_options(game, {})
    seats = {r: "human" for r in game.roles("two_rivers", opts)}
    state = game.setup("two_rivers", seed, opts, seats)
    rnd = random.Random(seed)
    played: list[tuple[str, str]] = []
    for _ in range(ODDS_STEPS):
        if game.result(state)["over"]:
            return None
        role = game.active(state)[0]
        actions = game.legal_actions(state, role)
        mine = set(game.view(state, role)["controls"])
        for a in actions:
            target = a["id"][3:] if a["id"].startswith("to:") else None
            if target and any(p["loc"] == target and p["nation"] not in mine and p["kind"] in ("unit", "merc")
                              for p in state["pieces"].values()):
                found = game.odds(state, role, a["id"])
                if found and found.get("kind") == "battle":
                    return played, role, a["id"]
        moves = [a for a in actions if a["id"].startswith(("move:", "to:"))]
        pick = rnd.choice(moves) if moves and rnd.random() < 0.7 else rnd.choice(actions)
        state = game.act(state, role, pick["id"])
        played.append((role, pick["id"]))
    return None


def test_the_odds_panel_shows_before_a_battle(web: WebServer, page: Any) -> None:
    found = None
    for seed in (3, 5, 8):
        found = battle_position(seed)
        if found:
            break
    if found is None:
        pytest.skip("the engine gives no battle odds on this branch (Game.odds answers None)")
    played, role, battle = found
    game = registry.get_game(GAME)
    roles = game.roles("two_rivers", resolve_options(game, {}))
    made = new_game(web, "two_rivers", dict.fromkeys(roles, "human"), seed=seed)
    tokens = {r: made["seats"][r]["token"] for r in roles}
    with httpx.Client(base_url=web.url, timeout=60) as client:
        version = client.get(f"/api/games/{made['id']}/view",
                             headers={"Authorization": f"Bearer {tokens[role]}"}).json()["version"]
        for who, action in played:
            answer = client.post(f"/api/games/{made['id']}/actions", json={"action": action, "version": version},
                                 headers={"Authorization": f"Bearer {tokens[who]}"})
            assert answer.status_code == 200, (who, action, answer.text)
            version = answer.json()["version"]
    open_seat(page, web, made, role)
    assert page.locator(f"#actions button.action[data-action='{battle}']").count() == 1
    odds = page.locator("#odds")
    page.locator(f"#actions button.action[data-action='{battle}']").hover()
    odds.wait_for(state="visible", timeout=60_000)
    assert odds.locator(".odds-table tr").count() >= 2
    assert "%" in odds.locator(".odds-table").inner_text()
    assert odds.locator(".odds-method").inner_text()
    page.wait_for_timeout(300)
    shot(page, "battle-odds")
    assert page.errors == []
