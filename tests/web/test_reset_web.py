"""The password pages in a real Chromium (issue 15): "forgot password?" on the login page, the mailed
link opening /reset#token=, a new password, logging in with it; then on the profile the password
change (the page stays logged in) and the account's deletion after its confirmation."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import Server
from tests.server.test_accounts_more import Inbox, inbox, mail_server
from tests.web.conftest import shot

__all__ = ["inbox"]  # the module-scoped SMTP fixture, shared with the server tests


@pytest.fixture(scope="module")
def mailweb(tmp_path_factory: pytest.TempPathFactory, inbox: tuple[Inbox, int]) -> Iterator[Server]:
    """A server (SQLite, guests on, the default limits) mailing to the local SMTP server, its links
    pointing at itself."""
    server = mail_server(f"sqlite:///{Path(tmp_path_factory.mktemp('resetdb')) / 'ashur.db'}", inbox[1],
                         base=None, limits={})
    yield server
    server.stop()


def test_forgotten_password_by_mail_then_change_and_delete(mailweb: Server, inbox: tuple[Inbox, int],
                                                          page: Any) -> None:
    name = f"u{secrets.token_hex(4)}"
    address = f"{name}@example.test"
    r = httpx.post(f"{mailweb.url}/api/register", json={"name": name, "password": "first password",
                                                        "email": address})
    assert r.status_code == 201, r.text

    page.goto(f"{mailweb.url}/login")
    page.wait_for_selector("#app[data-ready]")
    page.click("#login-forgot")
    page.wait_for_url(f"{mailweb.url}/reset")
    page.wait_for_selector("#reset-form")
    page.fill("#reset-who", name)
    page.click("#reset-ask")
    page.wait_for_selector("#reset-sent")
    assert "If an account with an e-mail address matches" in page.inner_text("#reset-sent")

    body = inbox[0].wait_for(address).get_payload(decode=True)
    link = re.search(r"http\S+/reset#token=\S+", body.decode()).group(0)  # type: ignore[union-attr]
    assert link.startswith(f"{mailweb.url}/reset#token=r_")
    page.goto("about:blank")             # the mail's link opens afresh (not as a fragment change of /reset)
    page.goto(link)
    page.wait_for_selector("#reset-new-form")
    assert "#token" not in page.url                                      # the token left the address bar
    page.fill("#reset-password", "second password")
    page.fill("#reset-again", "second passwort")
    page.click("#reset-set")
    assert page.inner_text("#reset-new-form .form-error") == "The two passwords differ."
    page.fill("#reset-again", "second password")
    page.click("#reset-set")
    page.wait_for_selector("#reset-done")
    shot(page, "reset-done")
    page.click("#reset-login")
    page.wait_for_selector("#login-form")
    page.fill("#login-name", name)
    page.fill("#login-password", "second password")
    page.click("#login-submit")
    page.wait_for_url(f"{mailweb.url}/")
    page.wait_for_selector(f"#top .who >> text={name}")

    # the same link a second time: refused, in the page's language
    page.goto(f"{link.split('#')[0]}?lang=de#{link.split('#')[1]}")
    page.wait_for_selector("#reset-new-form")
    page.fill("#reset-password", "third password")
    page.fill("#reset-again", "third password")
    page.click("#reset-set")
    page.wait_for_selector("#reset-new-form .form-error")
    assert "abgelaufen" in page.inner_text("#reset-new-form .form-error")

    page.goto(f"{mailweb.url}/profile?lang=en")
    page.wait_for_selector("#password-form")
    page.fill("#password-old", "not my password")
    page.fill("#password-new", "third password")
    page.fill("#password-again", "third password")
    page.click("#password-change")
    page.wait_for_selector("#password-form .form-error >> text=The password is wrong.")
    page.fill("#password-old", "second password")
    page.click("#password-change")
    page.wait_for_selector("#notice >> text=Password changed")
    assert page.evaluate("fetch('/api/me').then(r => r.status)") == 200  # this page's session goes on
    assert httpx.post(f"{mailweb.url}/api/login", json={"name": name, "password": "third password"}
                      ).status_code == 200

    page.fill("#delete-password", "third password")
    page.click("#delete-account")
    assert page.inner_text("#delete-form .form-error") == "Tick the confirmation first."
    page.check("#delete-sure")
    shot(page, "profile-delete")
    page.click("#delete-account")
    page.wait_for_url(f"{mailweb.url}/")
    page.wait_for_selector("#top >> text=Log in")
    assert page.evaluate("fetch('/api/me').then(r => r.status)") == 401
    assert httpx.post(f"{mailweb.url}/api/login", json={"name": name, "password": "third password"}
                      ).status_code == 401
    assert page.errors == []
