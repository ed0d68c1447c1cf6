"""Notifications: a real local SMTP server receives the mail, a real local HTTP server the webhook; the
once-per-wait rule; failures never raise; no secret in a notice."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.header import decode_header, make_header
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from ashur.server import clocks
from ashur.server import notify as nt

T0 = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Inbox:
    """An aiosmtpd handler that keeps what it receives."""

    def __init__(self) -> None:
        self.mails: list[tuple[str, list[str], bytes]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append((envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.content)))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[nt.SmtpSettings, Inbox]]:
    inbox = Inbox()
    port = free_port()
    ctl = Controller(inbox, hostname="127.0.0.1", port=port)
    ctl.start()
    try:
        yield nt.SmtpSettings(host="127.0.0.1", port=port, sender="ashur@example.org", starttls=False), inbox
    finally:
        ctl.stop()


class Hook(BaseHTTPRequestHandler):
    received: list[tuple[str, dict[str, Any]]]

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.received.append((self.path, json.loads(body)))  # type: ignore[attr-defined]
        self.send_response(500 if self.path.startswith("/broken") else 204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hook_server() -> Iterator[tuple[str, list[tuple[str, dict[str, Any]]]]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    server.received = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server.received  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()


def notice(lang: str = "en") -> nt.Notice:
    return nt.Notice.for_game("assyrian-wars", "two_rivers", 42, "assyria",
                              nt.game_link("https://ashur.example/", 42), lang)


def test_templates_in_three_languages() -> None:
    en = notice("en").render()
    assert en == ("Your move in Assyrian Wars (game 42)",
                  "Your move in Assyrian Wars The Two Rivers (game 42, role assyria): "
                  "https://ashur.example/games/42")
    assert notice("de").render()[1].startswith("Du bist am Zug in Assyrian Wars The Two Rivers (Partie 42")
    assert "あなたの番です" in notice("ja").render()[1]
    assert notice("fr").render() == en
    assert set(nt.TEMPLATES) == set(nt.LANGS)


def test_unknown_game_falls_back_to_ids() -> None:
    n = nt.Notice.for_game("no-such-game", "x", 1, "red", "http://h/games/1")
    assert n.game == "no-such-game" and n.scenario == "x"


@pytest.mark.parametrize("url", ["https://ashur.example/games/42?token=abc", "https://h/games/1#t=secret",
                                 "https://user:pw@h/games/1", "javascript:alert(1)", "/games/1"])
def test_a_notice_never_carries_a_token(url: str) -> None:
    with pytest.raises(nt.NotifyError):
        nt.Notice("g", "s", "1", "r", url)


def test_once_per_waiting_period() -> None:
    c = clocks.update({"assyria": None}, ["assyria"], T0, "fast")["assyria"]
    since = clocks.waiting_since(c)
    assert nt.should_notify(connected=False, waiting_since=since, notified_at=None)
    assert not nt.should_notify(connected=True, waiting_since=since, notified_at=None)
    # notified during this wait: not again
    sent = T0 + timedelta(minutes=1)
    assert not nt.should_notify(connected=False, waiting_since=since, notified_at=sent)
    # the seat moved (clock stopped): nothing to tell
    stopped = clocks.update({"assyria": c}, [], T0 + timedelta(hours=1), "fast")
    assert not nt.should_notify(connected=False, waiting_since=clocks.waiting_since(stopped["assyria"]),
                                notified_at=sent)
    # a new waiting period: notified once more (naive database times read as UTC)
    again = clocks.update(stopped, ["assyria"], T0 + timedelta(hours=2), "fast")
    assert nt.should_notify(connected=False, waiting_since=clocks.waiting_since(again["assyria"]),
                            notified_at=sent.replace(tzinfo=None))


def test_email_reaches_a_local_smtp_server(smtp: tuple[nt.SmtpSettings, Inbox]) -> None:
    settings, inbox = smtp
    assert nt.send_email(settings, "player@example.org", notice("de"))
    assert len(inbox.mails) == 1
    mail_from, rcpt, raw = inbox.mails[0]
    assert mail_from == "ashur@example.org" and rcpt == ["player@example.org"]
    msg = message_from_bytes(raw)
    assert str(make_header(decode_header(msg["Subject"]))) == "Du bist am Zug in Assyrian Wars (Partie 42)"
    body = msg.get_payload(decode=True).decode("utf-8")
    assert "Rolle assyria" in body and "https://ashur.example/games/42" in body


def test_japanese_mail_is_utf8(smtp: tuple[nt.SmtpSettings, Inbox]) -> None:
    settings, inbox = smtp
    assert nt.send_email(settings, "p@example.org", notice("ja"))
    msg = message_from_bytes(inbox.mails[0][2])
    assert "あなたの番です" in msg.get_payload(decode=True).decode("utf-8")


def test_email_failures_do_not_raise() -> None:
    dead = nt.SmtpSettings(host="127.0.0.1", port=free_port(), starttls=False, timeout=2)
    assert not nt.send_email(dead, "p@example.org", notice())
    assert not nt.send_email(None, "p@example.org", notice())
    assert not nt.send_email(dead, None, notice())


def test_webhook_reaches_a_local_http_server(hook_server: tuple[str, list[Any]]) -> None:
    base, received = hook_server
    assert nt.post_webhook(base + "/hook", notice(), allow_private=True)
    path, body = received[0]
    assert path == "/hook"
    assert body["content"] == body["text"] == notice().render()[1]


def test_failing_webhook_does_not_raise(hook_server: tuple[str, list[Any]],
                                       caplog: pytest.LogCaptureFixture) -> None:
    base, received = hook_server
    assert not nt.post_webhook(base + "/broken?secret=xyz", notice(), allow_private=True)
    assert len(received) == 1
    assert not nt.post_webhook(f"http://127.0.0.1:{free_port()}/x", notice(), allow_private=True)
    assert not nt.post_webhook("ftp://example.org/x", notice(), allow_private=True)
    assert not nt.post_webhook("http://[::1", notice())
    assert "secret=xyz" not in caplog.text  # a webhook URL is its owner's secret


def test_private_webhooks_are_refused_by_default(hook_server: tuple[str, list[Any]]) -> None:
    base, received = hook_server
    assert nt.webhook_problem(base + "/hook") == "its host is not a public address"
    assert not nt.post_webhook(base + "/hook", notice())
    assert received == []
    assert nt.webhook_problem("http://10.1.2.3/x") is not None
    assert nt.webhook_problem("http://169.254.169.254/latest") is not None


def test_notify_sends_both(smtp: tuple[nt.SmtpSettings, Inbox], hook_server: tuple[str, list[Any]]) -> None:
    settings, inbox = smtp
    base, received = hook_server
    who = nt.Recipient(email="p@example.org", webhook=base + "/h", lang="en")
    out = asyncio.run(nt.notify_async(notice(), who, settings, allow_private=True))
    assert out == {"email": True, "webhook": True, "sent": True}
    assert len(inbox.mails) == 1 and len(received) == 1
    assert nt.notify(notice(), nt.Recipient(), settings) == {"email": False, "webhook": False, "sent": False}


def test_settings_from_env() -> None:
    assert nt.SmtpSettings.from_env({}) is None
    s = nt.SmtpSettings.from_env({"ASHUR_SMTP_HOST": "mail.example.org", "ASHUR_SMTP_USER": "u",
                                  "ASHUR_SMTP_PASSWORD": "hunter2"})
    assert s is not None and s.port == 587 and s.starttls and s.sender == "ashur@mail.example.org"
    assert "hunter2" not in repr(s)
    s2 = nt.SmtpSettings.from_env({"ASHUR_SMTP_HOST": "localhost", "ASHUR_SMTP_PORT": "2525",
                                   "ASHUR_SMTP_FROM": "a@b.c", "ASHUR_SMTP_STARTTLS": "off"})
    assert s2 == nt.SmtpSettings(host="localhost", port=2525, sender="a@b.c", starttls=False)
    with pytest.raises(nt.NotifyError, match="ASHUR_SMTP_PORT"):
        nt.SmtpSettings.from_env({"ASHUR_SMTP_HOST": "h", "ASHUR_SMTP_PORT": "smtp"})
    with pytest.raises(nt.NotifyError, match="STARTTLS"):
        nt.SmtpSettings.from_env({"ASHUR_SMTP_HOST": "h", "ASHUR_SMTP_STARTTLS": "maybe"})


def test_plan_of_an_after_change_call() -> None:
    seats = {"assyria": nt.SeatState(), "egypt": nt.SeatState(connected=True), "mede": nt.SeatState()}
    new, due = nt.plan(seats, ["assyria", "egypt"], T0, "live")
    assert due == ["assyria"]  # egypt is connected, mede need not move
    assert clocks.running(new["assyria"]) and not clocks.running(new["mede"])
    # the next change within the same wait: assyria was notified, nobody is due
    seats2 = {r: nt.SeatState(clock=new[r], notified_at=T0 if r == "assyria" else None) for r in seats}
    new2, due2 = nt.plan(seats2, ["assyria"], T0 + timedelta(minutes=5), "live")
    assert due2 == [] and new2["assyria"] == new["assyria"]
    assert not clocks.running(new2["egypt"])
