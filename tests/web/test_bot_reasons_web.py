"""The bots' reasons in a real Chromium (issue 17 item 1): in a solo Two Rivers game against
``bot:heuristic`` the panel under the log lists the bots' decisions with their reasons; in a game with two
people it stays hidden; the new-game form shows the setting with its default following the seats."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import WebServer, shot
from tests.web.test_table import new_game, open_seat

SOLO = {"assyria": "human", "babylonia": "bot:heuristic", "elam": "bot:heuristic"}


def _open_the_panel_until_a_bot_decided(page: Any) -> Any:
    """Open the reasons' panel and play the person's first choices until a bot has decided; its items."""
    panel = page.locator("#bot-reasons-panel")
    panel.wait_for(state="visible", timeout=30_000)
    page.click("#bot-reasons-panel summary")
    items = page.locator("#bot-reasons-list li.bot-reason")
    for _ in range(40):  # the person plays its first choices until a bot has decided
        if items.count():
            break
        page.wait_for_function("() => !document.querySelector('#actions button.action[disabled]')")
        version = page.get_attribute("body", "data-version")
        ids = page.eval_on_selector_all("#actions button.action", "els => els.map(e => e.dataset.action)")
        if ids:  # an offer of peace asks a bot at once; else end the impulse, pass, or the last choice
            pick = next((x for x in ids if x.startswith("peace:")), None) or next(
                (x for x in ids if x in ("end", "pass")), ids[-1])
            page.click(f"#actions button.action[data-action='{pick}']")
        page.wait_for_function(f"() => document.body.dataset.version !== '{version}' || "
                               "document.querySelector('#bot-reasons-list li')", timeout=30_000)
    items.first.wait_for(timeout=30_000)
    return items


def test_the_panel_shows_the_bots_reasons_in_a_solo_game(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_rivers", SOLO)
    open_seat(page, web, made, "assyria")
    panel = page.locator("#bot-reasons-panel")
    first = _open_the_panel_until_a_bot_decided(page).first
    assert first.get_attribute("data-role") in ("babylonia", "elam")
    assert first.locator(".bot-why").text_content().strip()
    action = first.locator(".bot-action").text_content().strip()
    assert action and "." not in action.split(" ")[0], action  # a rendered label, not a message key
    assert page.locator("#bot-reasons-empty").is_hidden()
    panel.scroll_into_view_if_needed()
    shot(page, "bot-reasons")
    assert page.errors == []


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_the_reasons_read_in_the_tables_language(web: WebServer, page: Any, lang: str) -> None:
    """A table in German or Japanese shows the bots' reasons in its language: as the server renders them for
    that language, not the English text, with no message key left raw."""
    made = new_game(web, "two_rivers", SOLO)
    open_seat(page, web, made, "assyria", lang=lang)
    items = _open_the_panel_until_a_bot_decided(page)
    # what the panel shows is read first, the server's texts after: the bots go on deciding meanwhile, so a
    # reason read later is one the server's answer already holds (read the other way round, the panel may
    # show a newer decision than the answer)
    assert items.count()
    shown = {int(n): text.strip() for n, text in page.eval_on_selector_all(
        "#bot-reasons-list li.bot-reason",
        "els => els.slice(0, 5).map(e => [e.dataset.n, e.querySelector('.bot-why').textContent])")}
    token = made["seats"]["assyria"]["token"]
    base = f"{web.url}/api/games/{made['id']}/bot-reasons"
    wanted = {x["n"]: x["reason"] for x in httpx.get(base, params={"lang": lang},
                                                      headers={"Authorization": f"Bearer {token}"}).json()["reasons"]}
    english = {x["n"]: x["reason"] for x in httpx.get(base, headers={"Authorization": f"Bearer {token}"}).json()
               ["reasons"]}
    assert shown
    for n, text in shown.items():
        assert text == wanted[n] or text.startswith(wanted[n].removesuffix("…")), (text, wanted[n])  # 300 chars
        assert text != english[n], text
        assert "aw.bot." not in text and "bot.why." not in text
    assert page.errors == []


def test_hidden_with_two_people_and_the_form_shows_the_default(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "human", "elam": "bot:heuristic"})
    open_seat(page, web, made, "assyria")
    page.wait_for_timeout(500)  # the game's facts are read after the first drawing
    assert page.locator("#bot-reasons-panel").is_hidden()
    page.goto(f"{web.url}/new")
    page.wait_for_selector("#app[data-ready]")
    page.select_option("#new-scenario", "two_rivers")
    page.select_option("#seat-babylonia", "bot:heuristic")
    page.select_option("#seat-elam", "bot:heuristic")
    assert "during the game" in page.locator("#new-bot-reasons option[value='']").text_content()
    page.select_option("#seat-babylonia", "open")
    assert "once the game is over" in page.locator("#new-bot-reasons option[value='']").text_content()
    page.select_option("#new-bot-reasons", "open")
    page.click("#new-submit")
    page.wait_for_selector("#created")
    game_id = page.get_attribute("#created", "data-game")
    assert httpx.get(f"{web.url}/api/games/{game_id}").json()["bot_reasons"] == "open"
    assert page.errors == []


def test_the_replay_shows_each_bot_steps_reason(web: WebServer, page: Any) -> None:
    """Once the game is over, a step of the replay made by a bot seat shows the bot's reason under the action
    (the label rendered, not the raw id); a step of the person shows none."""
    made = new_game(web, "two_rivers", SOLO)
    token = made["seats"]["assyria"]["token"]
    base = f"{web.url}/api/games/{made['id']}"
    got: list[dict[str, Any]] = []
    for _ in range(40):  # the person plays until a bot has decided, then resigns
        got = httpx.get(f"{base}/bot-reasons", headers={"Authorization": f"Bearer {token}"}).json()["reasons"]
        if got:
            break
        view = httpx.get(f"{base}/view", headers={"Authorization": f"Bearer {token}"}).json()
        ids = [a["id"] for a in view["actions"]]
        if ids:
            pick = next((x for x in ids if x in ("end", "pass")), ids[-1])
            httpx.post(f"{base}/actions", json={"action": pick, "version": view["version"]},
                       headers={"Authorization": f"Bearer {token}"})
        page.wait_for_timeout(200)
    assert got, "no bot decided"
    assert httpx.post(f"{base}/resign", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    bot_step = got[0]["n"] + 1  # step k shows the state after the first k actions, the k-th action its cause
    page.goto(f"{web.url}/replay/{made['id']}")
    page.wait_for_selector("body[data-ready='1']")
    page.evaluate("(step) => { const s = document.getElementById('replay-slider'); s.value = String(step);"
                  " s.dispatchEvent(new Event('change')); }", bot_step)
    page.wait_for_function(f"document.body.dataset.step === '{bot_step}'")
    why = page.locator("#replay-why")
    assert why.is_visible()
    assert got[0]["reason"] in why.text_content()
    action = page.locator("#replay-action").text_content()
    assert got[0]["action"] not in action or ":" not in got[0]["action"], action  # the label, not the id
    page.locator("#replay-first").click()
    page.wait_for_function("document.body.dataset.step === '0'")
    assert why.is_hidden()
    assert page.errors == []


def test_a_seat_handed_to_a_bot_shows_the_panel_without_a_reload(web: WebServer, page: Any) -> None:
    """Three people, reasons open to the seats: no panel (no bot seat). Assyria's clock runs out, Babylonia
    hands the seat to a heuristic bot; Babylonia's open table then shows the panel with the bot's reasons,
    without loading the page again (the clocks changed, so the table reads the game's facts again)."""
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "human", "elam": "human"},
                    pace="live", bot_reasons="open")
    open_seat(page, web, made, "babylonia")
    panel = page.locator("#bot-reasons-panel")
    page.wait_for_timeout(500)  # the facts are read after the first drawing
    assert panel.is_hidden()
    waiting = httpx.get(f"{web.url}/api/games/{made['id']}").json()["active"]
    assert "assyria" in waiting, waiting
    assert httpx.post(f"{web.url}/api/dev/clock", json={"advance": 40 * 3600}).status_code == 200
    handed = httpx.post(f"{web.url}/api/games/{made['id']}/hand-to-bot", json={"role": "assyria", "bot": "heuristic"},
                        headers={"Authorization": f"Bearer {made['seats']['babylonia']['token']}"})
    assert handed.status_code == 200, handed.text
    panel.wait_for(state="visible", timeout=30_000)
    page.click("#bot-reasons-panel summary")
    page.locator("#bot-reasons-list li.bot-reason").first.wait_for(timeout=30_000)
    assert page.locator("#bot-reasons-list li.bot-reason").first.get_attribute("data-role") == "assyria"
    assert page.errors == []
