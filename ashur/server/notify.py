"""Notifications (issue 15): tell a seat that must move and is not connected, by e-mail and by webhook.

- **When**: :func:`should_notify` — at most once per waiting period: the seat is not connected, it waits
  (since the time its clock started, :func:`ashur.server.clocks.waiting_since`) and it was not notified
  since then (the ``seats.notified_at`` column).
- **What**: :class:`Notice` — only public facts: the game's and scenario's names, the game id, the role and
  a link to the game page. Never a seat token, a password or anything of the state: a link carrying a
  query or a fragment (where tokens travel) is refused.
- **In which language**: the user's (``en``, ``de``, ``ja``; anything else falls back to English).
- **How**: :func:`send_email` over SMTP (standard library; :class:`SmtpSettings`, from the environment by
  :meth:`SmtpSettings.from_env`) and :func:`post_webhook` (Discord/Slack-style JSON ``{"content", "text"}``
  POSTed with httpx, short timeout, no redirects). Both log failures and return False; they never raise.
  Both block: from the event loop call :func:`notify_async` (a worker thread).

A webhook URL comes from a user's profile, so by default it must be ``http(s)`` and its host must resolve
to public addresses only (no loopback, private, link-local or reserved ones), so that the server cannot be
turned against its own network. Webhook URLs are secrets of their owner (Discord's hold a token): logs
name their host only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import smtplib
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import urlsplit

import httpx

from ashur.server import clocks
from ashur.server.clocks import Clock, as_utc

log = logging.getLogger("ashur.server.notify")

LANGS = ("en", "de", "ja")

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "subject": "Your move in {game} (game {id})",
        "text": "Your move in {game} {scenario} (game {id}, role {role}): {url}",
        "expired_subject": "A clock ran out in {game} (game {id})",
        "expired_text": "The clock of {expired} ran out in {game} {scenario} (game {id}). As {role} you may "
                        "claim the game or hand the seat to a bot: {url}",
        "handed_subject": "A seat was handed to a bot in {game} (game {id})",
        "handed_text": "Nobody acted on the expired clock of {handed} in {game} {scenario} (game {id}) within "
                       "the grace period: a bot plays that seat now. The game goes on: {url}",
    },
    "de": {
        "subject": "Du bist am Zug in {game} (Partie {id})",
        "text": "Du bist am Zug in {game} {scenario} (Partie {id}, Rolle {role}): {url}",
        "expired_subject": "Eine Uhr ist abgelaufen in {game} (Partie {id})",
        "expired_text": "Die Uhr von {expired} ist abgelaufen in {game} {scenario} (Partie {id}). Als {role} "
                        "kannst du die Partie beanspruchen oder den Platz einem Bot übergeben: {url}",
        "handed_subject": "Ein Platz wurde einem Bot übergeben in {game} (Partie {id})",
        "handed_text": "Auf die abgelaufene Uhr von {handed} in {game} {scenario} (Partie {id}) hat innerhalb "
                       "der Frist niemand reagiert: Ein Bot spielt diesen Platz jetzt. Die Partie geht weiter: "
                       "{url}",
    },
    "ja": {
        "subject": "{game}（ゲーム {id}）であなたの番です",
        "text": "{game} {scenario}（ゲーム {id}、役割 {role}）であなたの番です: {url}",
        "expired_subject": "{game}（ゲーム {id}）で持ち時間が切れました",
        "expired_text": "{game} {scenario}（ゲーム {id}）で {expired} の持ち時間が切れました。{role} として勝利を"
                        "申し立てるか、その席をボットに任せることができます: {url}",
        "handed_subject": "{game}（ゲーム {id}）で席がボットに渡されました",
        "handed_text": "{game} {scenario}（ゲーム {id}）で {handed} の持ち時間切れに猶予期間内の対応がなかったため、"
                       "その席はボットが担当します。ゲームは続きます: {url}",
    },
}
"""Short message templates per language; placeholders: game, scenario, id, role, url (and, for the
``expired_*`` notice of the clock sweep, expired: the roles whose clock ran out; for the ``handed_*``
notice, handed: the roles the sweep gave to a bot when the grace after their expiry ran out)."""

WEBHOOK_TIMEOUT = 5.0
SMTP_TIMEOUT = 10.0


class NotifyError(ValueError):
    """Bad notification settings or a notice that would leak something (one line)."""


# --- settings ------------------------------------------------------------------------------------------

def _env_bool(name: str, raw: str) -> bool:
    low = raw.strip().lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise NotifyError(f"{name}={raw!r:.40}: expected true or false")


@dataclass(frozen=True)
class SmtpSettings:
    """Where and how to send mail. `starttls` upgrades the connection before logging in."""

    host: str
    port: int = 587
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    sender: str = "ashur@localhost"
    starttls: bool = True
    timeout: float = SMTP_TIMEOUT

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> SmtpSettings | None:
        """Settings from ``ASHUR_SMTP_HOST``, ``_PORT`` (587), ``_USER``, ``_PASSWORD``, ``_FROM`` and
        ``_STARTTLS`` (default: on when a user is set, so a password never travels in the clear); None
        when no host is set (e-mail is off)."""
        env = os.environ if env is None else env
        host = env.get("ASHUR_SMTP_HOST", "").strip()
        if not host:
            return None
        raw_port = env.get("ASHUR_SMTP_PORT", "587").strip() or "587"
        try:
            port = int(raw_port)
        except ValueError:
            raise NotifyError(f"ASHUR_SMTP_PORT={raw_port!r:.20}: not a port number") from None
        if not 0 < port < 65536:
            raise NotifyError(f"ASHUR_SMTP_PORT={port}: not a port number")
        user = env.get("ASHUR_SMTP_USER") or None
        raw_tls = env.get("ASHUR_SMTP_STARTTLS")
        starttls = _env_bool("ASHUR_SMTP_STARTTLS", raw_tls) if raw_tls else user is not None
        return cls(host=host, port=port, user=user, password=env.get("ASHUR_SMTP_PASSWORD") or None,
                   sender=env.get("ASHUR_SMTP_FROM") or f"ashur@{host}", starttls=starttls)


# --- the message ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Notice:
    """The public facts of one "your move" notification. `url` links to the game page (no token)."""

    game: str
    scenario: str
    game_id: str
    role: str
    url: str
    lang: str = "en"
    expired: tuple[str, ...] = ()
    """Non-empty: the notice tells `role` that these seats' clocks ran out (claim or hand to a bot)."""
    handed: tuple[str, ...] = ()
    """Non-empty: the notice tells `role` that the sweep handed these expired seats to a bot."""

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise NotifyError(f"notice: the link must be an http(s) URL, not {self.url!r:.60}")
        if parts.query or parts.fragment or parts.username or parts.password:
            raise NotifyError("notice: the link carries a query, a fragment or credentials; a notification "
                              "links to the game page only and never carries a token")

    @classmethod
    def for_game(cls, game: str, scenario: str, game_id: str | int, role: str, url: str,
                 lang: str = "en", expired: tuple[str, ...] = (), handed: tuple[str, ...] = ()) -> Notice:
        """A notice with the display names of registered `game` and `scenario` (ids when unknown)."""
        from ashur.core.errors import AshurError
        from ashur.core.registry import get_game

        game_name, scenario_name = game, scenario
        try:
            g = get_game(game)
            game_name = g.name or game
            info = g.scenarios().get(scenario)
            scenario_name = info.name if info else scenario
        except AshurError:
            pass
        return cls(game_name, scenario_name, str(game_id), role, url, lang, tuple(expired), tuple(handed))

    def render(self) -> tuple[str, str]:
        """(subject, text) in the notice's language (English when it has no template)."""
        tpl = TEMPLATES.get(self.lang, TEMPLATES["en"])
        facts = {"game": self.game, "scenario": self.scenario, "id": self.game_id, "role": self.role,
                 "url": self.url, "expired": ", ".join(self.expired), "handed": ", ".join(self.handed)}
        if self.handed:
            return tpl["handed_subject"].format(**facts), tpl["handed_text"].format(**facts)
        if self.expired:
            return tpl["expired_subject"].format(**facts), tpl["expired_text"].format(**facts)
        return tpl["subject"].format(**facts), tpl["text"].format(**facts)


def game_link(base_url: str, game_id: str | int) -> str:
    """The public link of a game page: ``{base_url}/games/{id}``."""
    return f"{base_url.rstrip('/')}/games/{game_id}"


# --- when ----------------------------------------------------------------------------------------------

def should_notify(*, connected: bool, waiting_since: datetime | None, notified_at: datetime | None) -> bool:
    """True when a seat is to be notified now: it waits (since `waiting_since`), is not connected, and was
    not notified during this waiting period (`notified_at` None or before the wait began). After sending,
    the server stores the send time in ``seats.notified_at``; a new period begins when the seat must move
    again after it moved."""
    if connected or waiting_since is None:
        return False
    return notified_at is None or as_utc(notified_at) < as_utc(waiting_since)


@dataclass(frozen=True)
class SeatState:
    """What the ``after_change`` listener knows of a human seat: its clock (``seats.clock``), when it was
    last notified (``seats.notified_at``) and whether a websocket of it is open now."""

    clock: Clock | None = None
    notified_at: datetime | None = None
    connected: bool = False


def plan(seats: Mapping[str, SeatState], waiting: list[str] | tuple[str, ...], now: datetime,
         pace: str | None) -> tuple[dict[str, Clock], list[str]]:
    """The whole decision of one ``after_change(game_id, version, waiting_roles)`` call, pure: the new
    clocks of the human `seats` (to store in ``seats.clock``) and the roles to notify now (after sending,
    store `now` in their ``seats.notified_at``). Bot seats are left out of `seats`."""
    new = clocks.update({role: s.clock for role, s in seats.items()}, waiting, now, pace)
    due = [role for role, s in seats.items()
           if should_notify(connected=s.connected, waiting_since=clocks.waiting_since(new[role]),
                            notified_at=s.notified_at)]
    return new, due


# --- how -----------------------------------------------------------------------------------------------

def build_email(settings: SmtpSettings, to: str, notice: Notice) -> EmailMessage:
    """The mail of `notice` to `to` (plain text, UTF-8)."""
    subject, text = notice.render()
    msg = EmailMessage()
    msg["From"] = settings.sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2] or None)
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(text + "\n")
    return msg


def deliver(settings: SmtpSettings, msg: EmailMessage) -> None:
    """Send `msg` over SMTP (STARTTLS and login as `settings` say); raises on failure."""
    with smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout) as smtp:
        if settings.starttls:
            smtp.starttls(context=ssl.create_default_context())
        if settings.user:
            smtp.login(settings.user, settings.password or "")
        smtp.send_message(msg)


def send_email(settings: SmtpSettings | None, to: str | None, notice: Notice) -> bool:
    """Send `notice` to `to` by SMTP; False (logged, never raised) on any failure or when off."""
    if settings is None or not to:
        return False
    try:
        deliver(settings, build_email(settings, to, notice))
    except (smtplib.SMTPException, OSError, ValueError) as exc:
        log.warning("e-mail notification of game %s (%s) via %s:%s failed: %s", notice.game_id, notice.role,
                    settings.host, settings.port, type(exc).__name__)
        return False
    return True


RESET_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "subject": "Reset your Ashur password",
        "text": "Someone (you, we hope) asked to reset the password of the Ashur account {name}. Open this "
                "link within {minutes} minutes to choose a new one; it works once:\n\n{url}\n\nIf you did "
                "not ask for it, ignore this mail: your password stays as it is.",
    },
    "de": {
        "subject": "Dein Ashur-Passwort zurücksetzen",
        "text": "Jemand (hoffentlich du) möchte das Passwort des Ashur-Kontos {name} zurücksetzen. Öffne "
                "diesen Link innerhalb von {minutes} Minuten, um ein neues zu wählen; er gilt nur einmal:"
                "\n\n{url}\n\nWenn du das nicht warst, beachte diese Mail nicht: dein Passwort bleibt.",
    },
    "ja": {
        "subject": "Ashur のパスワードの再設定",
        "text": "Ashur のアカウント {name} のパスワード再設定が求められました。{minutes} 分以内に次のリンクを"
                "開いて新しいパスワードを決めてください（一度だけ使えます）:\n\n{url}\n\n心当たりがなければ"
                "このメールは無視してください。パスワードは変わりません。",
    },
}
"""The password-reset mail per language; placeholders: name (the account), url (the link), minutes."""


def reset_email(settings: SmtpSettings, to: str, name: str, url: str, minutes: int, lang: str = "en") -> EmailMessage:
    """The password-reset mail: unlike a :class:`Notice` it carries a secret (the single-use reset token,
    in the link's fragment), and goes only to the account's own address."""
    tpl = RESET_TEMPLATES.get(lang, RESET_TEMPLATES["en"])
    msg = EmailMessage()
    msg["From"] = settings.sender
    msg["To"] = to
    msg["Subject"] = tpl["subject"]
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2] or None)
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(tpl["text"].format(name=name, url=url, minutes=minutes) + "\n")
    return msg


def send_reset(settings: SmtpSettings | None, to: str, name: str, url: str, minutes: int, lang: str = "en") -> bool:
    """Send the password-reset mail; False (logged without the address or the link) on failure or when
    e-mail is off."""
    if settings is None:
        log.warning("a password reset was asked for but e-mail is off (ASHUR_SMTP_HOST)")
        return False
    try:
        deliver(settings, reset_email(settings, to, name, url, minutes, lang))
    except (smtplib.SMTPException, OSError, ValueError) as exc:
        log.warning("a password-reset mail via %s:%s failed: %s", settings.host, settings.port, type(exc).__name__)
        return False
    return True


def webhook_problem(url: str, *, allow_private: bool = False) -> str | None:
    """Why `url` may not be used as a webhook (None when it may): the scheme, and, unless `allow_private`,
    a host that resolves to a loopback, private, link-local, reserved or multicast address."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return "not a URL"
    if parts.scheme not in ("http", "https") or not host:
        return "a webhook is an http(s) URL"
    if allow_private:
        return None
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError:
        return "its host does not resolve"
    for info in infos:
        addr = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        if (addr.is_loopback or addr.is_private or addr.is_link_local or addr.is_reserved
                or addr.is_multicast or addr.is_unspecified):
            return "its host is not a public address"
    return None


def _host(url: str) -> str:
    """The host of `url` for a log line (never the path or query: they may hold the owner's token)."""
    try:
        return urlsplit(url).hostname or "?"
    except ValueError:
        return "?"


def post_webhook(url: str | None, notice: Notice, *, timeout: float = WEBHOOK_TIMEOUT,
                 allow_private: bool = False, transport: httpx.BaseTransport | None = None) -> bool:
    """POST ``{"content": text, "text": text}`` (Discord and Slack read one of them) to `url`; False (logged,
    never raised) on a refused URL, a network error, a timeout or a non-2xx answer."""
    if not url:
        return False
    host = _host(url)
    problem = webhook_problem(url, allow_private=allow_private)
    if problem:
        log.warning("webhook of game %s (%s) to host %s refused: %s", notice.game_id, notice.role, host, problem)
        return False
    _, text = notice.render()
    try:
        with httpx.Client(timeout=timeout, follow_redirects=False, transport=transport) as client:
            resp = client.post(url, json={"content": text, "text": text},
                               headers={"User-Agent": "ashur-notify"})
    except httpx.HTTPError as exc:
        log.warning("webhook of game %s (%s) to host %s failed: %s", notice.game_id, notice.role, host,
                    type(exc).__name__)
        return False
    if not 200 <= resp.status_code < 300:
        log.warning("webhook of game %s (%s) to host %s answered %s", notice.game_id, notice.role, host,
                    resp.status_code)
        return False
    return True


@dataclass(frozen=True)
class Recipient:
    """Where a seat's user is reached (from the profile): e-mail address, webhook URL, language."""

    email: str | None = None
    webhook: str | None = field(default=None, repr=False)
    lang: str = "en"


def notify(notice: Notice, recipient: Recipient, smtp: SmtpSettings | None, *,
           allow_private: bool = False) -> dict[str, Any]:
    """Send `notice` by every channel `recipient` has; ``{"email": bool, "webhook": bool, "sent": bool}``.
    Never raises on delivery problems. Blocking: see :func:`notify_async`."""
    email_ok = send_email(smtp, recipient.email, notice)
    hook_ok = post_webhook(recipient.webhook, notice, allow_private=allow_private)
    return {"email": email_ok, "webhook": hook_ok, "sent": email_ok or hook_ok}


async def notify_async(notice: Notice, recipient: Recipient, smtp: SmtpSettings | None, *,
                       allow_private: bool = False) -> dict[str, Any]:
    """:func:`notify` in a worker thread, for callers on the event loop."""
    return await asyncio.to_thread(notify, notice, recipient, smtp, allow_private=allow_private)
