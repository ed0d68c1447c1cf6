"""The web client's shell in a real Chromium: pages load without script errors, the header speaks the
chosen language, and the content routes the table reads answer (issue 16 items 6, 7)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.conftest import WebServer


def test_home_page_loads_in_each_language(web: WebServer, page: Any) -> None:
    for lang, label in (("en", "New game"), ("de", "Neue Partie"), ("ja", "新しいゲーム")):
        page.goto(f"{web.url}/?lang={lang}")
        page.wait_for_selector(f"#top nav >> text={label}")
        assert page.evaluate("document.documentElement.lang") == lang
    assert page.errors == []


def test_content_routes_and_static_files(web: WebServer) -> None:
    board = httpx.get(f"{web.url}/api/content/assyrian-wars/board")
    assert board.status_code == 200 and isinstance(board.json(), dict)
    de = httpx.get(f"{web.url}/api/content/assyrian-wars/messages/de").json()
    en = httpx.get(f"{web.url}/api/content/assyrian-wars/messages/en").json()
    assert set(en) <= set(de) and en["aw.prompt.impulse"]
    bad = httpx.get(f"{web.url}/api/content/assyrian-wars/messages/fr")
    assert bad.status_code == 422 and "lang" in bad.json()["error"]
    assert httpx.get(f"{web.url}/api/content/nosuchgame/board").status_code == 404
    html = httpx.get(f"{web.url}/play/abc").text
    script = html.split('src="')[-1].split('"')[0]
    assert script.startswith("/static/js/pages/table.js?v=")
    assert httpx.get(f"{web.url}/static/js/api.js").status_code == 200


def test_a_guest_creates_a_game_on_the_local_default(web: WebServer) -> None:
    made = httpx.post(f"{web.url}/api/games", json={"game": "assyrian-wars", "scenario": "two_rivers",
                                                    "seats": {"assyria": "human", "babylonia": "bot:random",
                                                              "elam": "bot:random"}})
    assert made.status_code == 201, made.text
    seat = made.json()["seats"]["assyria"]
    assert seat["url"].split("#")[0].endswith(f"/play/{made.json()['id']}")
    view = httpx.get(f"{web.url}/api/games/{made.json()['id']}/view",
                     headers={"Authorization": f"Bearer {seat['token']}"})
    assert view.status_code == 200 and view.json()["role"] == "assyria"
