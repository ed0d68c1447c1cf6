"""Fixtures of the browser tests (issue 16): a REAL server process (``ashur serve`` on SQLite, guests on)
and Debian's Chromium driven by Playwright for Python through ``executable_path`` (the browser download of
``playwright install`` does not work on these machines; ``scripts/test.sh`` installs ``chromium``).

Screenshots the tests take go to ``SHOTS`` (``$ASHUR_SHOTS`` or ``build/screenshots``)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ROOT, Server

SHOTS = Path(os.environ.get("ASHUR_SHOTS") or ROOT / "build" / "screenshots")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it)")
    raise AssertionError  # pragma: no cover


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not kept for the session: Playwright's sync API holds an event loop
    in its thread while it runs, and a test of another module in the same worker may call asyncio.run."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield chrome
        chrome.close()


class WebServer(Server):
    """``ashur serve`` with guests allowed, as on the local default of the README's first command."""

    def __init__(self, db_url: str, workers: int = 1) -> None:
        super().__init__(db_url, workers, guests=True)


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """A server shared by a module's browser tests (SQLite)."""
    srv = WebServer(f"sqlite:///{tmp_path_factory.mktemp('webdb') / 'ashur.db'}")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies and storage: one visitor), laptop-sized."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, locale="en-US")
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: Any) -> Any:
    """A page that fails the test on any uncaught script error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as SHOTS/<name>.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def click_and_pick(page: Any, targets: Any, rnd: Any, *, dispatch: bool = False) -> None:
    """Click one of `targets` at random (by a dispatched event when `dispatch`, for SVG shapes under others),
    then one item of the menu the click opens, when it opens one (a place or card offering several actions)."""
    target = targets.nth(rnd.randrange(targets.count()))
    if dispatch:
        target.dispatch_event("click")
    else:
        target.click()
    menu = page.locator(".popup.menu button.action")
    page.wait_for_timeout(30)
    if menu.count():
        menu.nth(rnd.randrange(menu.count())).click()


@pytest.fixture(scope="session", autouse=True)
def _tmp_home() -> Iterator[None]:
    """Chromium writes its profile under HOME: keep it in a temporary folder."""
    home = tempfile.mkdtemp(prefix="ashur-chromium-")
    old = os.environ.get("HOME")
    os.environ["HOME"] = home
    yield
    if old is not None:
        os.environ["HOME"] = old
    shutil.rmtree(home, ignore_errors=True)
