"""More of an account (issue 15): changing the password, resetting it by e-mail, and deleting the account.

- **Change** (:func:`change_password`): the old password is checked (failures count in the login limit);
  every API token of the user is revoked and the session generation moves, which voids every session
  cookie; the caller gets a new token and cookie.
- **Reset** (:func:`request_reset`, :func:`confirm_reset`): a request names an account or an e-mail
  address and is always answered alike, whether an account matches or not. A match with an e-mail
  address gets a link carrying a 256-bit token (``r_...``) in its fragment; only its SHA-256 is stored,
  it expires after ``ASHUR_RESET_MINUTES`` and works once (using it drops every link of the account).
  Setting the new password revokes tokens and cookies as a change does.
- **Deletion** (:func:`delete_account`): with the password. The user's row stays as a tombstone (its
  games, replays and chat name ``~deleted-ID``) without personal data: name, e-mail, webhook, language,
  password, tokens and reset links are gone, and the old name may be registered again. The user's
  seats in games not finished are handed to a bot (of the default kind, ``bot:heuristic``), their seat
  tokens revoked, so the other players play on; a game left without a human or open seat ends (``reason: "abandoned"``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ashur.core.contract import DEFAULT_BOT_KIND
from ashur.server import db, events, limits
from ashur.server.accounts import _hasher, check_password, issue_token, login_checks, verify
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import ApiToken, GameRow, PasswordReset, RateEvent, SeatRow, User, now
from ashur.server.store import get_row, token_hash

TOMBSTONE = "~deleted-{id}"
"""The name of a deleted account ('~' is no letter of a name that may be registered)."""
DELETED_BOT = DEFAULT_BOT_KIND
ABANDONED = "abandoned"
MAX_RESET_MAILS = 5
"""Accounts one request mails at most (several accounts may share an e-mail address)."""


@dataclass(frozen=True)
class ResetMail:
    """A reset mail to send after the answer went out (so its timing tells nothing)."""

    to: str
    name: str
    url: str
    minutes: int
    lang: str


def _void_credentials(s: Session, user: User) -> None:
    """Revoke every API token and reset link of `user` and void its session cookies."""
    s.execute(delete(ApiToken).where(ApiToken.user_id == user.id))
    s.execute(delete(PasswordReset).where(PasswordReset.user_id == user.id))
    user.session_gen = (user.session_gen or 0) + 1


def _check_own_password(ctx: ServerContext, user: User, password: str, client: str) -> None:
    """403 unless `password` is `user`'s; a wrong one counts in the login limit (429 beyond it)."""
    checks = login_checks(ctx, user.name, client)
    with db.read(ctx.engine) as s:
        limits.check(s, checks)
    if not verify(user, password):
        with db.write(ctx.engine) as s:
            limits.record(s, checks)
        raise ApiError(403, "wrong password")


def change_password(ctx: ServerContext, user: User, old: str, new: str, client: str) -> tuple[User, str]:
    """Set a new password; every other session and token of the user ends. Returns the user and a new
    API token (the caller sets a new cookie)."""
    check_password(new)
    _check_own_password(ctx, user, old, client)
    pw_hash = _hasher.hash(new)
    with db.write(ctx.engine) as s:
        row = s.get(User, user.id)
        if row is None or row.deleted_at is not None:
            raise ApiError(401, "no such user")
        row.pw_hash = pw_hash
        _void_credentials(s, row)
        return row, issue_token(s, row)


def reset_checks(ctx: ServerContext, asked: str, client: str) -> list[tuple[limits.Rate, str]]:
    """The reset limit: per client address and per name or e-mail address asked for (no inbox is
    flooded from many addresses)."""
    settings = ctx.settings
    rate = limits.Rate("reset", settings.reset_limit, settings.reset_window,
                       "too many password-reset requests; try again later")
    out = [(rate, limits.key_of(rate, "for", asked.strip()))]
    if not limits.exempt(client, settings.rate_exempt):
        out.append((rate, limits.key_of(rate, "ip", client)))
    return out


def base_url(ctx: ServerContext) -> str:
    return (ctx.settings.base_url.strip() or "http://localhost:8000").rstrip("/")


def request_reset(ctx: ServerContext, asked: str, client: str) -> list[ResetMail]:
    """Make a reset link for each account named by `asked` (a name, or an e-mail address) that has an
    e-mail address; the mails to send. Whether any matched is never told to the caller."""
    limits.take(ctx.engine, reset_checks(ctx, asked, client))
    asked = asked.strip()
    minutes = ctx.settings.reset_minutes
    mails: list[ResetMail] = []
    with db.write(ctx.engine) as s:
        s.execute(delete(PasswordReset).where(PasswordReset.expires_at < now()))
        live = User.deleted_at.is_(None)
        if "@" in asked:
            found = s.execute(select(User).where(func.lower(User.email) == asked.lower(), live)
                              .order_by(User.id).limit(MAX_RESET_MAILS)).scalars().all()
        else:
            found = s.execute(select(User).where(User.name_key == asked.casefold(), live)).scalars().all()
        for user in found:
            if not user.email:
                continue
            plain = f"r_{secrets.token_urlsafe(32)}"
            s.add(PasswordReset(user_id=user.id, token_hash=token_hash(plain),
                                expires_at=now() + timedelta(minutes=minutes)))
            mails.append(ResetMail(user.email, user.name, f"{base_url(ctx)}/reset#token={plain}", minutes,
                                   user.lang or "en"))
    return mails


def confirm_reset(ctx: ServerContext, token: str, password: str) -> None:
    """Set the password of the account of a live reset link, once; 400 for an unknown, used or expired
    link. Every token and session of the account ends, and every other reset link of it."""
    check_password(password)
    live = select(PasswordReset, User).join(User, User.id == PasswordReset.user_id).where(
        PasswordReset.token_hash == token_hash(token[:200]), PasswordReset.expires_at > now(),
        User.deleted_at.is_(None))
    refused = ApiError(400, "this reset link is unknown, used or expired: ask for a new one")
    with db.read(ctx.engine) as s:  # first without hashing: a wrong token costs no argon2 work
        if s.execute(live).first() is None:
            raise refused
    pw_hash = _hasher.hash(password)
    with db.write(ctx.engine) as s:
        found = s.execute(live).first()
        if found is None:  # used by a request in between
            raise refused
        user = found[1]
        user.pw_hash = pw_hash
        _void_credentials(s, user)


def delete_account(ctx: ServerContext, user: User, password: str, client: str) -> dict[str, Any]:
    """Delete `user`'s account (its password confirms): personal data removed, a tombstone kept, seats of
    unfinished games handed to a bot. Returns ``{"handed": [game ids], "ended": [game ids]}``."""
    _check_own_password(ctx, user, password, client)
    changed: list[tuple[str, int, list[str]]] = []
    handed: list[str] = []
    ended: list[str] = []
    with db.write(ctx.engine) as s:
        row = s.get(User, user.id)
        if row is None or row.deleted_at is not None:
            raise ApiError(401, "no such user")
        old_key = row.name_key
        row.name = row.name_key = TOMBSTONE.format(id=row.id)
        row.pw_hash = "!"  # no argon2 hash: nothing verifies against it
        row.email = row.webhook_url = None
        row.lang = "en"
        row.deleted_at = now()
        _void_credentials(s, row)
        s.execute(delete(RateEvent).where(RateEvent.key == f"login:name:{old_key[:80]}"))
        game_ids = sorted(set(s.execute(
            select(SeatRow.game_id).join(GameRow, GameRow.id == SeatRow.game_id)
            .where(SeatRow.user_id == row.id, SeatRow.kind == "human", GameRow.status != "finished")).scalars()))
        for gid in game_ids:
            game = get_row(s, gid, lock=True, light=True)
            seats = list(s.execute(select(SeatRow).where(SeatRow.game_id == gid)).scalars())
            for seat in seats:
                if seat.user_id == row.id and seat.kind == "human":
                    seat.kind, seat.bot, seat.clock = "bot", DELETED_BOT, None
                    seat.token_hash = seat.user_id = None
            game.seat_rev += 1
            game.clock_rev += 1
            game.updated_at = now()
            if not any(x.kind in ("human", "open") for x in seats):
                game.status = "finished"
                game.result = {"over": True, "scores": {}, "winners": [], "reason": ABANDONED}
                game.waiting = []
                game.undo_role = None
                game.version += 1
                ended.append(gid)
            else:
                handed.append(gid)
            changed.append((gid, game.version, list(game.waiting or [])))
    for gid, version, waiting in changed:
        events.after_change(ctx, gid, version, waiting)
    return {"handed": handed, "ended": ended}
