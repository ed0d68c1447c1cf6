"""The account pages in a real Chromium (issue 16 item 6): register, log out, log in, the profile (e-mail,
webhook, language: a new language switches the interface), an API token for programs, and the login
errors (wrong password, the login limit's 429)."""

from __future__ import annotations

import secrets
from typing import Any

import httpx

from tests.web.conftest import WebServer, shot


def fresh_name() -> str:
    return f"u{secrets.token_hex(4)}"


def test_register_log_in_and_change_the_profile(web: WebServer, page: Any) -> None:
    name = fresh_name()
    page.goto(f"{web.url}/register")
    page.wait_for_selector("#app[data-ready]")
    page.fill("#register-name", name)
    page.fill("#register-password", "a good password")
    page.fill("#register-again", "a different one")
    page.click("#register-submit")
    assert page.inner_text("#register-form .form-error") == "The two passwords differ."
    page.fill("#register-again", "a good password")
    page.click("#register-submit")
    page.wait_for_url(f"{web.url}/")
    page.wait_for_selector(f"#top .who >> text={name}")

    page.click("#logout")
    page.wait_for_selector("#top >> text=Log in")
    assert page.evaluate("fetch('/api/me').then(r => r.status)") == 401
    page.goto(f"{web.url}/login?next=/profile")
    page.fill("#login-name", name)
    page.fill("#login-password", "a good password")
    page.click("#login-submit")
    page.wait_for_url(f"{web.url}/profile")
    page.wait_for_selector("#profile-form")
    assert page.inner_text("h1") == f"Profile of {name}"

    page.fill("#profile-email", f"{name}@example.org")
    page.fill("#profile-webhook", "https://example.org/hook")
    page.select_option("#profile-lang", "ja")
    page.click("#profile-save")
    page.wait_for_selector("#top >> text=プロフィール")          # the reload speaks Japanese
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.inner_text("#profile-save") == "保存"
    profile = page.evaluate("fetch('/api/me').then(r => r.json())")
    assert profile["email"] == f"{name}@example.org" and profile["webhook_url"] == "https://example.org/hook"
    assert profile["lang"] == "ja"
    shot(page, "profile-ja")

    page.select_option("#profile-lang", "de")
    page.fill("#profile-webhook", "not an address")
    page.click("#profile-save")          # the browser's own check of type=url keeps the form from going out
    page.fill("#profile-webhook", "")
    page.click("#profile-save")
    page.wait_for_selector("#top >> text=Profil")
    assert page.evaluate("fetch('/api/me').then(r => r.json())")["webhook_url"] is None
    assert page.errors == []


def test_an_api_token_for_programs(web: WebServer, page: Any) -> None:
    name = fresh_name()
    assert httpx.post(f"{web.url}/api/register", json={"name": name, "password": "secret-pass"}).status_code == 201
    assert page.context.request.post(f"{web.url}/api/login", data={"name": name, "password": "secret-pass"}).ok
    page.goto(f"{web.url}/profile")
    page.wait_for_selector("#token-form")
    page.fill("#token-password", "secret-pass")
    page.click("#token-make")
    page.wait_for_selector("#token-out .copy-text")
    token = page.input_value("#token-out .copy-text")
    assert token.startswith("u_")
    me = httpx.get(f"{web.url}/api/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200 and me.json()["name"] == name
    assert page.errors == []


def test_login_errors_are_shown_and_the_login_limit(web: WebServer, page: Any) -> None:
    name = fresh_name()
    assert httpx.post(f"{web.url}/api/register", json={"name": name, "password": "secret-pass"}).status_code == 201
    page.goto(f"{web.url}/login?lang=de")
    page.wait_for_selector("#app[data-ready]")
    page.fill("#login-name", name)
    page.fill("#login-password", "wrong password")
    page.click("#login-submit")
    page.wait_for_selector("#login-form .form-error >> text=Name oder Passwort falsch.")
    for _ in range(6):          # the test server allows 5 failures per name (ASHUR_LOGIN_LIMIT)
        page.click("#login-submit")
        page.wait_for_function("!document.querySelector('#login-submit').disabled")
    text = page.inner_text("#login-form .form-error")
    assert text.startswith("Zu viele fehlgeschlagene Anmeldungen") and "15 Minuten" in text
    shot(page, "login-limit-de")

    page.goto(f"{web.url}/register?lang=en")
    page.wait_for_selector("#app[data-ready]")
    page.fill("#register-name", name)
    page.fill("#register-password", "another-pass")
    page.fill("#register-again", "another-pass")
    page.click("#register-submit")
    page.wait_for_selector("#register-form .form-error >> text=That name is taken.")
    page.fill("#register-name", "x")
    page.click("#register-submit")
    page.wait_for_selector("#register-form .form-error >> text=A name is 2 to 32 letters, digits, '_', '.' or '-'.")
    assert page.errors == []
