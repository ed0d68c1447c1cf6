"""The browser table's pages (issue 16): one HTML shell per page and the static files of the web client.

Every page is the same small shell naming its script; the client reads the API like any program does, so
the server holds no game logic and no page state. Static URLs carry a digest of the client's files, so a
browser never mixes an old module with a new one and may cache them for long.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from html import escape
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).parent / "web"

#: Page path -> (script under web/js/pages/, page name for the body's data-page).
PAGES: dict[str, str] = {
    "/": "lobby",
    "/login": "login",
    "/register": "register",
    "/profile": "profile",
    "/reset": "reset",
    "/new": "new",
    "/play/{game_id}": "table",
    "/join/{game_id}": "join",
    "/replay/{game_id}": "replay",
    "/watch/{game_id}": "watch",
}


@lru_cache(maxsize=1)
def version() -> str:
    """A digest of the client's files: part of every static URL (a new client, new URLs)."""
    digest = hashlib.sha256()
    for path in sorted(WEB.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(WEB).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def shell(page: str) -> str:
    """The HTML of a page: the stylesheet, the header and main containers, and the page's module."""
    v = escape(version())
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ashur</title>
<link rel="icon" href="/static/img/icon.svg?v={v}" type="image/svg+xml">
<link rel="stylesheet" href="/static/css/base.css?v={v}">
<script>window.ASHUR_VERSION = "{v}";</script>
</head>
<body data-page="{escape(page)}">
<header id="top"></header>
<main id="app" aria-live="polite"></main>
<script type="module" src="/static/js/pages/{escape(page)}.js?v={v}"></script>
</body>
</html>
"""


def register(app: FastAPI) -> None:
    """Mount the static files and add the page routes."""
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    def page_route(page: str):  # type: ignore[no-untyped-def]
        def handler() -> HTMLResponse:
            return HTMLResponse(shell(page), headers={"Cache-Control": "no-cache"})

        return handler

    for path, page in PAGES.items():
        app.add_api_route(path, page_route(page), methods=["GET"], include_in_schema=False,
                          response_class=HTMLResponse, name=f"page_{page}")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse(f"/static/img/icon.svg?v={version()}")
