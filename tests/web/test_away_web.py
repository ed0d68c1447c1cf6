"""The profile page's absence control in a real Chromium (issue 15, ``/api/me/away``): set an absence,
see it, end it; a second one within 7 days is refused with the server's reason."""

from __future__ import annotations

import secrets
from typing import Any

from tests.server.helpers import register
from tests.web.conftest import WebServer, shot


def test_set_and_end_an_absence_on_the_profile_page(web: WebServer, page: Any) -> None:
    name = f"away{secrets.token_hex(3)}"
    register(web, name)
    page.goto(f"{web.url}/login?next=/profile")
    page.fill("#login-name", name)
    page.fill("#login-password", f"pw-{name}-pw")
    page.click("#login-submit")
    page.wait_for_selector("#away-form #away-until")
    assert "at most 21 days" in page.inner_text("#away-form")
    page.click("#away-start")  # the proposed end: a week from now
    page.wait_for_selector("#away-status")
    assert page.inner_text("#away-status").startswith("You are away until")
    status = page.evaluate("fetch('/api/me/away').then(r => r.json())")
    assert status["away"] and status["until"]
    shot(page, "profile-away")
    page.click("#away-end")
    page.wait_for_selector("#away-until")
    assert not page.evaluate("fetch('/api/me/away').then(r => r.json())")["away"]
    assert "next absence may start from" in page.inner_text("#away-form")
    page.click("#away-start")  # within 7 days of the last one: refused, the reason shown
    page.wait_for_selector("#away-form .form-error")
    assert "7 days after the last one ended" in page.inner_text("#away-form .form-error")
    assert page.errors == []
