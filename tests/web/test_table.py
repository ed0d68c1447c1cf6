"""The game table in a real Chromium (issue 16 items 1-5): the board of every scenario drawn from the board
data with the seat's pieces, the interface in English, German and Japanese, "why not?" on a refused click,
the hand of the seat only, and the page's timings (printed with ``-s``; no timed assertions)."""

from __future__ import annotations

import re
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
    # the tracks beside the map: this turn marked, a VP and an ECO marker per active power
    assert page.locator("#board #layer-tracks .turn-now").count() == 1
    page.locator("#zoom-fit").click()
    shot(page, f"board-{scenario}")
    assert page.errors == []


def hand_numbers(page: Any) -> set[int]:
    return {int(n) for n in page.eval_on_selector_all("#hand li.card", "els => els.map(e => e.dataset.card)")}


def test_each_seat_of_a_hot_game_sees_only_its_own_hand(web: WebServer, browser: Any) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "human", "elam": "bot:random"})
    hands = {}
    pages = {}
    contexts = []
    for role in ("assyria", "babylonia"):
        ctx = browser.new_context(viewport={"width": 1366, "height": 800})
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc, p=page: p.errors.append(str(exc)))
        open_seat(page, web, made, role)
        view = httpx.get(f"{web.url}/api/games/{made['id']}/view",
                         headers={"Authorization": f"Bearer {made['seats'][role]['token']}"}).json()["view"]
        hands[role] = {c["n"] for c in view["hands"][role]}
        pages[role] = page
    try:
        assert hands["assyria"] and hands["babylonia"] and not hands["assyria"] & hands["babylonia"]
        for role, other in (("assyria", "babylonia"), ("babylonia", "assyria")):
            shown = hand_numbers(pages[role])
            assert shown == hands[role]
            assert not shown & hands[other]
            assert pages[role].locator("#hand h4").count() == 1
            assert pages[role].errors == []
        # the seat whose move it is has choices; the other waits
        assert pages["assyria"].locator("#actions button.action").count() > 0
        assert pages["babylonia"].locator("#actions button.action").count() == 0
        # chat: a message of one seat reaches the other over the websocket
        pages["assyria"].locator("#chat-panel summary").click()
        pages["assyria"].fill("#chat-text", "Hail from Nineveh")
        pages["assyria"].press("#chat-text", "Enter")
        pages["babylonia"].wait_for_function(
            "document.querySelector('#chat-list').textContent.includes('Hail from Nineveh')")
        # an action of one seat reaches the other's board over the websocket
        version = pages["babylonia"].evaluate("document.body.dataset.version")
        pages["assyria"].locator("#actions button.action").first.click()
        pages["babylonia"].wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
        # play on until the turn passes to Babylonia: its table chimes ("your move", item 6), Assyria's not
        for _ in range(200):
            if pages["babylonia"].locator("#actions button.action").count():
                break
            buttons = pages["assyria"].locator("#actions button.action")
            if buttons.count():
                version = pages["assyria"].evaluate("document.body.dataset.version")
                buttons.first.click()
                pages["assyria"].wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
            else:
                pages["babylonia"].wait_for_timeout(200)
        pages["babylonia"].wait_for_function("Number(document.body.dataset.chimes || 0) >= 1")
        assert pages["assyria"].evaluate("document.body.dataset.chimes || '0'") == "0"
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_refused_click_shows_its_rule_and_the_rule_its_paraphrase(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "bot:random", "elam": "bot:random"})
    open_seat(page, web, made, "assyria")
    # Babylonia's stack in Babylon is no choice of Assyria's: its pop-up offers "why not?" for its piece
    page.locator("#board [data-stack^='babylon|babylonia|']").first.dispatch_event("click")
    page.locator(".stack-popup .why-link").first.click()
    why = page.locator("#why")
    why.wait_for(state="visible")
    assert "6.6.4" in why.inner_text()
    why.locator("button.rule").click()
    box = page.locator("#rule-box")
    box.wait_for(state="visible")
    assert "6.6.4" in box.locator("h3").inner_text() and len(box.locator(".rule-text").inner_text()) > 20
    # a click on an area no choice names asks the engine too, with a piece there standing in
    page.locator("#rule-box button").click()
    page.locator("#board g.area[data-spot='susa']").dispatch_event("click")
    page.wait_for_function("document.querySelector('#why').innerText.includes('6.6')")
    assert page.errors == []


def literal(template: str) -> str:
    """The longest fixed part of a message template (what any rendering of it contains)."""
    return max(re.split(r"\{[^}]*\}", template), key=len).strip()


@pytest.mark.parametrize(("lang", "label", "hand"), [("en", "Tracks", "Hand"), ("de", "Leisten", "Hand"),
                                                     ("ja", "トラック", "手札")])
def test_the_table_speaks_english_german_and_japanese(web: WebServer, page: Any, lang: str, label: str,
                                                      hand: str) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "bot:random", "elam": "bot:random"})
    open_seat(page, web, made, "assyria", lang)
    assert page.locator("#tracks-panel summary").inner_text() == label
    assert page.locator("#hand-panel summary").inner_text() == hand
    messages = httpx.get(f"{web.url}/api/content/{GAME}/messages/{lang}").json()
    prompt = page.locator("#prompt-text").inner_text()
    assert literal(messages["aw.prompt.impulse"]) in prompt
    actions = page.locator("#actions button.action .label").all_inner_texts()
    assert any(literal(messages["aw.act.card_ap"]) in a for a in actions)
    if lang != "en":
        english = httpx.get(f"{web.url}/api/content/{GAME}/messages/en").json()
        assert literal(english["aw.prompt.impulse"]) not in prompt
    if lang == "ja":
        shot(page, "table-ja")
    assert page.errors == []


def test_page_load_with_the_campaigns_full_board(web: WebServer, page: Any) -> None:
    roles = roles_of("campaign")
    made = new_game(web, "campaign", {r: "human" if i == 0 else "bot:random" for i, r in enumerate(roles)})
    loads = []
    for _ in range(3):
        open_seat(page, web, made, roles[0])
        loads.append(page.evaluate("window.ashurTable.load"))
        page.goto("about:blank")
    cold, warm = loads[0], loads[1:]
    counts = {"areas": None, "stacks": None}
    open_seat(page, web, made, roles[0])
    counts["areas"] = page.locator("#board g.area").count()
    counts["stacks"] = page.locator("#board g.stack").count()
    again = ", ".join(f"{w['navToDrawn']:.0f}" for w in warm)
    print(f"\nCampaign table load (navigation start -> board, prompt and panels drawn): first "
          f"{cold['navToDrawn']:.0f} ms (page script {cold['tableMs']:.0f} ms), again {again} ms; "
          f"{counts['areas']} areas, {counts['stacks']} stacks")
    assert counts["areas"] and counts["stacks"]
    assert page.errors == []


def test_undo_takes_back_the_seats_own_action(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "bot:random", "elam": "bot:random"})
    open_seat(page, web, made, "assyria")
    assert page.locator("#undo").is_disabled()
    prompt = page.locator("#prompt-text").inner_text()
    # a card played for its APs is revealed: the engine keeps no undo over it
    version = page.evaluate("document.body.dataset.version")
    page.locator("#actions button.action[data-action^='card:']").first.click()
    page.wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
    assert page.locator("#undo").is_disabled()
    # picking a force to move is taken back
    prompt = page.locator("#prompt-text").inner_text()
    version = page.evaluate("document.body.dataset.version")
    page.locator("#actions button.action[data-action^='move:']").first.click()
    page.wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
    assert page.locator("#prompt-text").inner_text() != prompt
    # the websocket may draw the new version while the POST is still in flight (buttons disabled): wait
    page.wait_for_selector("#undo:not([disabled])", timeout=15_000)
    version = page.evaluate("document.body.dataset.version")
    page.locator("#undo").click()
    page.wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
    assert page.locator("#prompt-text").inner_text() == prompt
    assert page.errors == []


def test_resign_then_step_through_the_replay(web: WebServer, page: Any) -> None:
    made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "bot:random", "elam": "bot:random"})
    open_seat(page, web, made, "assyria")
    for _ in range(3):  # a few decisions by the number keys
        version = page.evaluate("document.body.dataset.version")
        page.keyboard.press("1")
        page.wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
        page.wait_for_selector("#actions button.action:not([disabled]), #result")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#resign").click()
    page.wait_for_selector("#result")
    assert page.locator("#rematch").is_visible()
    page.locator("#replay-link").click()
    page.wait_for_selector("body[data-ready='1']")
    steps = int(page.locator("#replay-slider").get_attribute("max") or 0)
    assert steps >= 3 and page.evaluate("document.body.dataset.step") == str(steps)
    page.locator("#replay-first").click()
    page.wait_for_function("document.body.dataset.step === '0'")
    assert page.locator("#board g.stack").count() > 0
    page.locator("#replay-next").click()
    page.wait_for_function("document.body.dataset.step === '1'")
    assert page.locator("#replay-action").inner_text()
    page.keyboard.press("End")
    page.wait_for_function(f"document.body.dataset.step === '{steps}'")
    assert page.errors == []


def test_the_table_on_a_phone(web: WebServer, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        made = new_game(web, "two_rivers", {"assyria": "human", "babylonia": "bot:random", "elam": "bot:random"})
        open_seat(page, web, made, "assyria")
        box = page.locator("#board").bounding_box()
        assert box and box["width"] <= 390 and box["height"] > 300
        assert page.evaluate("document.documentElement.scrollWidth") <= 392
        page.locator("#zoom-in").tap()
        version = page.evaluate("document.body.dataset.version")
        page.locator("#actions button.action").first.tap()
        page.wait_for_function("(old) => document.body.dataset.version !== old", arg=version)
        shot(page, "table-phone")
        assert page.errors == []
    finally:
        ctx.close()
