"""Limits: the request body limit (a body larger than the limit gets 413 before the application reads
it), and the rate limits of logins, registrations, password resets, game creation, chat posts, joining a
seat and importing a save file (:func:`join_checks`, :func:`import_checks`: per client address and, apart,
per user; a visitor without an account has a lower limit per address).

A rate limit counts events per key in the ``rate_events`` table (so every worker and every host on one
database counts alike): at most `limit` events of a key within the last `window` seconds, else 429 with a
reason, ``retry_after`` in the body and the ``Retry-After`` header (the seconds until the oldest counted
event leaves the window). A limit of 0 is off. Client addresses in ``ASHUR_RATE_EXEMPT`` are not limited
by address (a load test on loopback)."""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session

from ashur.server import db
from ashur.server.errors import ApiError
from ashur.server.models import RateEvent, as_aware, now

if TYPE_CHECKING:
    from ashur.server.settings import Settings

MAX_WINDOW = 86400
"""Rate events older than a day are deleted whatever their key (no window is longer)."""


@dataclass(frozen=True)
class Rate:
    """At most `limit` events per key within `window` seconds; `reason` is the 429's sentence."""

    name: str
    limit: int
    window: int
    reason: str


def exempt(client: str, networks: str) -> bool:
    """Whether the client address `client` is in one of the comma-separated `networks` (``ASHUR_RATE_EXEMPT``)."""
    if not networks.strip():
        return False
    try:
        addr = ipaddress.ip_address(client)
    except ValueError:
        return False
    for item in filter(None, (x.strip() for x in networks.split(","))):
        try:
            if addr in ipaddress.ip_network(item, strict=False):
                return True
        except ValueError:
            continue
    return False


def key_of(rate: Rate, what: str, value: str) -> str:
    """The event key of `rate` for `what` (``ip``, ``name``, ...) = `value` (cut to fit the column)."""
    return f"{rate.name}:{what}:{value.casefold()[:80]}"


def user_checks(settings: Settings, rate: Rate, guest_rate: Rate, client: str,
                user: int | None) -> list[tuple[Rate, str]]:
    """The (rate, key) pairs of a limit counted per client address (unless the address is exempt,
    ``ASHUR_RATE_EXEMPT``) and per user: a user's `rate` on both keys, a visitor's `guest_rate` on the
    address. The per-user key holds wherever the user comes from."""
    out: list[tuple[Rate, str]] = []
    if user is not None:
        out.append((rate, key_of(rate, "user", str(user))))
    if not exempt(client, settings.rate_exempt):
        per_ip = rate if user is not None else guest_rate
        out.append((per_ip, key_of(per_ip, "ip", client)))
    return out


def join_checks(settings: Settings, client: str, user: int | None) -> list[tuple[Rate, str]]:
    """The limit of joining seats (``ASHUR_JOIN_LIMIT``, ``ASHUR_GUEST_JOIN_LIMIT``, ``ASHUR_JOIN_WINDOW``)."""
    reason = "too many seats joined; try again later"
    return user_checks(settings, Rate("join", settings.join_limit, settings.join_window, reason),
                       Rate("join-guest", settings.guest_join_limit, settings.join_window,
                            "too many seats joined from this address without an account; try again later"),
                       client, user)


def import_checks(settings: Settings, client: str, user: int) -> list[tuple[Rate, str]]:
    """The limit of save-file imports (``ASHUR_IMPORT_LIMIT``, ``ASHUR_IMPORT_WINDOW``); an import needs an
    account, so there is no visitors' limit."""
    rate = Rate("import", settings.import_limit, settings.import_window, "too many save files imported; "
                "try again later")
    return user_checks(settings, rate, rate, client, user)


def check(s: Session, checks: Sequence[tuple[Rate, str]]) -> None:
    """429 when a (rate, key) of `checks` has its limit of events in its window already."""
    moment = now()
    for rate, key in checks:
        if rate.limit <= 0:
            continue
        since = moment - timedelta(seconds=min(rate.window, MAX_WINDOW))
        n, oldest = s.execute(select(func.count(), func.min(RateEvent.at))
                              .where(RateEvent.key == key, RateEvent.at >= since)).one()
        if n >= rate.limit:
            wait = rate.window - (moment - as_aware(oldest)).total_seconds() if oldest is not None else rate.window
            raise ApiError(429, rate.reason, retry_after=max(1, math.ceil(wait)), limit=rate.name)


def record(s: Session, checks: Sequence[tuple[Rate, str]]) -> None:
    """Count one event of each (rate, key) of `checks` (limits that are off are not counted); drop the
    events that left every window."""
    s.execute(delete(RateEvent).where(RateEvent.at < now() - timedelta(seconds=MAX_WINDOW)))
    for rate, key in checks:
        if rate.limit > 0:
            s.add(RateEvent(key=key))


def take(engine: Engine, checks: Sequence[tuple[Rate, str]]) -> None:
    """Check and count one event in one write transaction: 429 (nothing counted) when over a limit."""
    live = [(rate, key) for rate, key in checks if rate.limit > 0]
    if not live:
        return
    with db.write(engine) as s:
        check(s, live)
        record(s, live)


class _TooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware refusing bodies over `limit` bytes (by Content-Length, or while streaming); the
    paths in `larger` have their own limit (the import of a save file)."""

    def __init__(self, app: Any, limit: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def _refuse(self, send: Any, limit: int) -> None:
        body = orjson.dumps({"error": f"the request body is larger than {limit} bytes"})
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await self._refuse(send, limit)
                    return
        seen = 0
        started = False
        too_large = False

        async def limited_receive() -> Any:
            nonlocal seen, too_large
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    too_large = True
                    raise _TooLarge
            return message

        async def tracking_send(message: Any) -> None:
            # the framework may turn the interrupted read into its own error response: send 413 instead
            nonlocal started
            if too_large:
                if message["type"] == "http.response.start" and not started:
                    started = True
                    await self._refuse(send, limit)
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await self._refuse(send, limit)
