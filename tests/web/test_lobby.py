"""The lobby, the new-game page and the invitation page in a real Chromium (issue 16 items 6-8): the
guest's one-click game against bots, a game made on /new with an open seat joined from a second browser
through its invitation link, my games with "your move" first (and live: the badge and the tab's title),
the public lists, and the lobby in English, German and Japanese (screenshots)."""

from __future__ import annotations

import re
import secrets
from typing import Any

import httpx

from tests.web.conftest import WebServer, shot

PLAY = re.compile(r"/play/[A-Za-z0-9_-]+(#token=s_[A-Za-z0-9_-]+)?$")


def account(web: WebServer, context: Any) -> tuple[str, str]:
    """A new user, logged in in `context` (its session cookie); returns (name, API token)."""
    name = f"p{secrets.token_hex(4)}"
    made = httpx.post(f"{web.url}/api/register", json={"name": name, "password": "secret-pass"})
    assert made.status_code == 201, made.text
    assert context.request.post(f"{web.url}/api/login", data={"name": name, "password": "secret-pass"}).ok
    return name, made.json()["token"]


def tiny(web: WebServer, token: str, blue: str, public: bool = True) -> dict[str, Any]:
    made = httpx.post(f"{web.url}/api/games", headers={"Authorization": f"Bearer {token}"},
                      json={"game": "tiny", "seats": {"red": "human", "blue": blue}, "public": public})
    assert made.status_code == 201, made.text
    return made.json()


def seats_kept(page: Any) -> dict[str, dict[str, str]]:
    return page.evaluate("JSON.parse(localStorage.getItem('ashur.seats') || '{}')")


def test_a_guest_plays_against_bots_in_one_click(web: WebServer, page: Any) -> None:
    page.goto(f"{web.url}/")
    page.wait_for_selector("#app[data-ready]")
    assert page.input_value("#quick-scenario") == "two_rivers"
    page.click("#quick-play")
    page.wait_for_url(PLAY)
    game_id = page.url.split("#")[0].rsplit("/", 1)[1]
    token = seats_kept(page)[game_id]["assyria"]
    assert token.startswith("s_")
    facts = httpx.get(f"{web.url}/api/games/{game_id}").json()
    assert facts["scenario"] == "two_rivers" and facts["status"] == "active"
    assert facts["seats"]["assyria"]["kind"] == "human"
    assert {facts["seats"][r]["bot"] for r in ("babylonia", "elam")} == {"heuristic"}
    view = httpx.get(f"{web.url}/api/games/{game_id}/view", headers={"Authorization": f"Bearer {token}"})
    assert view.status_code == 200 and view.json()["role"] == "assyria"
    page.goto(f"{web.url}/")
    page.wait_for_selector(f"#my-games li[data-id='{game_id}']")
    assert page.errors == []


def test_a_game_from_new_with_an_open_seat_is_joined_by_its_invitation(web: WebServer, browser: Any,
                                                                       page: Any) -> None:
    page.goto(f"{web.url}/new")
    page.wait_for_selector("#app[data-ready]")
    page.select_option("#new-scenario", "two_rivers")
    page.select_option("#seat-babylonia", "open")
    page.select_option("#seat-elam", "bot:random")
    page.click("details.options summary")
    assert page.is_checked("#opt-fog_of_war")
    assert "9.5" in page.text_content("#new-form")
    page.uncheck("#opt-special_abilities")
    page.select_option("#new-pace", "slow")
    shot(page, "new-game")
    page.click("#new-submit")
    page.wait_for_selector("#created")
    shot(page, "new-game-invitations")
    game_id = page.get_attribute("#created", "data-game")
    invite = page.input_value("#created li[data-role='babylonia'] .copy-text")
    assert invite.startswith(f"{web.url}/join/{game_id}#token=s_")
    facts = httpx.get(f"{web.url}/api/games/{game_id}").json()
    assert facts["status"] == "open" and facts["pace"] == "slow"
    assert facts["options"]["special_abilities"] is False and facts["seats"]["babylonia"]["kind"] == "open"
    page.click("#to-my-seat")
    page.wait_for_url(PLAY)
    assert "assyria" in seats_kept(page)[game_id]

    friend = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    try:
        other = friend.new_page()
        errors: list[str] = []
        other.on("pageerror", lambda exc: errors.append(str(exc)))
        other.goto(invite)
        other.wait_for_selector("#app[data-ready]")
        assert "#token" not in other.url
        assert "Babylonien" in other.text_content("#join-seat")
        other.click("#join-take")
        other.wait_for_url(PLAY)
        assert seats_kept(other)[game_id]["babylonia"].startswith("s_")
        assert errors == []
    finally:
        friend.close()
    facts = httpx.get(f"{web.url}/api/games/{game_id}").json()
    assert facts["status"] == "active" and facts["seats"]["babylonia"]["kind"] == "human"
    assert page.errors == []


def test_my_games_your_move_first_public_lists_and_live_badge(web: WebServer, browser: Any, context: Any,
                                                              page: Any) -> None:
    context.add_init_script("window.ASHUR_POLL_MS = 400")
    name, token = account(web, context)
    waiting = tiny(web, token, "open")          # waits for a player: not my move
    mine = tiny(web, token, "bot:random")       # red (me) must bid: my move
    done = tiny(web, token, "bot:random")
    assert httpx.post(f"{web.url}/api/games/{done['id']}/resign",
                      headers={"Authorization": f"Bearer {done['seats']['red']['token']}"}).status_code == 200
    page.goto(f"{web.url}/")
    page.wait_for_selector("#app[data-ready]")
    rows = page.locator("#my-games li.game")
    assert rows.first.get_attribute("data-id") == mine["id"]
    assert rows.first.locator(".badge").inner_text() == "your move"
    ids = [rows.nth(i).get_attribute("data-id") for i in range(rows.count())]
    assert set(ids) >= {waiting["id"], mine["id"], done["id"]}
    assert page.title().startswith("(1) ")
    assert page.locator(f"#my-games li[data-id='{done['id']}'] a[href='/replay/{done['id']}']").count() == 1
    assert page.locator(f"#finished-games li[data-id='{done['id']}'] a[href='/replay/{done['id']}']").count() == 1
    assert page.locator(f"#open-games li[data-id='{waiting['id']}'] button.join[data-role='blue']").count() == 1
    assert name in page.text_content("#top")

    # a second player takes the open seat from the lobby: the game starts, and my lobby shows two moves
    other = browser.new_context()
    try:
        other_page = other.new_page()
        account(web, other)
        other_page.goto(f"{web.url}/")
        other_page.click(f"#open-games li[data-id='{waiting['id']}'] button.join[data-role='blue']")
        other_page.wait_for_url(PLAY)
        assert "blue" in seats_kept(other_page)[waiting["id"]]
    finally:
        other.close()
    page.wait_for_function("document.title.startsWith('(2) ')", timeout=10000)
    page.wait_for_selector(f"#my-games li.your-move[data-id='{waiting['id']}'] .badge")
    assert page.errors == []


def test_the_lobby_in_english_german_and_japanese(web: WebServer, context: Any, page: Any) -> None:
    _name, token = account(web, context)
    for seats in ({"assyria": "human", "babylonia": "bot:eager", "elam": "bot:eager"},
                  {"assyria": "human", "babylonia": "open", "elam": "bot:random"}):
        made = httpx.post(f"{web.url}/api/games", headers={"Authorization": f"Bearer {token}"},
                          json={"game": "assyrian-wars", "scenario": "two_rivers", "seats": seats})
        assert made.status_code == 201, made.text
    for lang, heading, button in (("en", "My games", "Play against bots"),
                                  ("de", "Meine Partien", "Gegen Bots spielen"),
                                  ("ja", "自分のゲーム", "ボットと対戦")):
        page.goto(f"{web.url}/?lang={lang}")
        page.wait_for_selector("#app[data-ready]")
        assert page.inner_text("#my-games h2") == heading
        assert page.inner_text("#quick-play") == button
        shot(page, f"lobby-{lang}")
    assert "二つの川" in page.inner_text("#quick-scenario")
    assert page.errors == []


def test_the_seats_follow_the_number_of_players(web: WebServer, page: Any) -> None:
    """1.1 B: with three players the Campaign's roles are assyria, egypt+babylonia and mede+elam."""
    page.goto(f"{web.url}/new")
    page.wait_for_selector("#app[data-ready]")
    page.select_option("#new-scenario", "campaign")
    assert page.locator("fieldset.seats select").count() == 5
    page.click("details.options summary")
    page.fill("#opt-players", "3")
    page.dispatch_event("#opt-players", "change")
    page.wait_for_selector("#seat-mede\\+elam")
    assert page.locator("fieldset.seats select").count() == 3
    page.click("#new-submit")
    page.wait_for_url(PLAY)
    assert page.errors == []
