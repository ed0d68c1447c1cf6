"""Accounts: register and log in (argon2 password hashes), bearer API tokens for programs, signed
HttpOnly SameSite session cookies for browsers with a CSRF token, a login rate limit, and the profile.
Password change and reset and account deletion: :mod:`ashur.server.accounts_more`."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ashur.server import db, limits
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import KV, ApiToken, User, as_aware
from ashur.server.store import new_token, token_hash

COOKIE = "ashur_session"
CSRF_COOKIE = "ashur_csrf"
CSRF_HEADER = "x-csrf-token"
LANGS = ("en", "de", "ja")
NAME_RE = re.compile(r"^[\w.-]{2,32}$")
EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s]{1,60}$")
_hasher = PasswordHasher()
_DUMMY = _hasher.hash("not a password of anyone")


def load_secret(ctx: ServerContext) -> bytes:
    """The cookie key: ``ASHUR_SECRET``, else one made once and kept in the database (so every worker
    and every restart signs alike)."""
    if ctx.settings.secret:
        return ctx.settings.secret.encode()
    try:
        with db.write(ctx.engine) as s:
            row = s.get(KV, "secret")
            if row is None:
                row = KV(key="secret", value=secrets.token_hex(32))
                s.add(row)
            return row.value.encode()
    except IntegrityError:  # PostgreSQL: another worker starting at the same time stored it first
        with db.read(ctx.engine) as s:
            return s.get(KV, "secret").value.encode()  # type: ignore[union-attr]


def check_name(name: str) -> None:
    if not NAME_RE.fullmatch(name):
        raise ApiError(422, "a name is 2 to 32 letters, digits, '_', '.' or '-'")


def check_password(password: str) -> None:
    if not 8 <= len(password) <= 200:
        raise ApiError(422, "a password is 8 to 200 characters long")


def check_email(email: str | None) -> None:
    if email is not None and email != "" and not EMAIL_RE.fullmatch(email):
        raise ApiError(422, "not an e-mail address")


def issue_token(s: Session, user: User) -> str:
    plain, hashed = new_token("u")
    s.add(ApiToken(user_id=user.id, token_hash=hashed))
    return plain


def register(ctx: ServerContext, name: str, password: str, email: str | None) -> tuple[User, str]:
    """A new account and its first API token; 409 when the name is taken."""
    check_name(name)
    check_password(password)
    check_email(email)
    pw_hash = _hasher.hash(password)
    try:
        with db.write(ctx.engine) as s:
            key = name.casefold()
            if s.execute(select(User.id).where(User.name_key == key)).first() is not None:
                raise ApiError(409, "that name is taken")
            user = User(name=name, name_key=key, pw_hash=pw_hash, email=email or None, lang="en")
            s.add(user)
            s.flush()
            return user, issue_token(s, user)
    except IntegrityError:
        raise ApiError(409, "that name is taken") from None


def client_checks(ctx: ServerContext, rate: limits.Rate, client: str) -> list[tuple[limits.Rate, str]]:
    """The (rate, key) of a client address, none when the address is exempt (``ASHUR_RATE_EXEMPT``)."""
    if limits.exempt(client, ctx.settings.rate_exempt):
        return []
    return [(rate, limits.key_of(rate, "ip", client))]


def login_checks(ctx: ServerContext, name: str, client: str) -> list[tuple[limits.Rate, str]]:
    """The login limit: `login_limit` failures per name, five times as many per client address."""
    settings = ctx.settings
    reason = "too many failed logins; try again later"
    per_name = limits.Rate("login", settings.login_limit, settings.login_window, reason)
    per_client = limits.Rate("login", settings.login_limit * 5, settings.login_window, reason)
    return [(per_name, limits.key_of(per_name, "name", name)), *client_checks(ctx, per_client, client)]


def verify(user: User | None, password: str) -> bool:
    """Whether `password` is `user`'s (the same work when there is no such user, or it was deleted)."""
    try:
        return _hasher.verify(user.pw_hash if user else _DUMMY, password) and user is not None
    except (VerificationError, InvalidHashError):
        return False


def login(ctx: ServerContext, name: str, password: str, client: str) -> tuple[User, str]:
    """Check the password and issue an API token: after `login_limit` failures for a name (five times as
    many for a client address) within the window, 429 (:mod:`ashur.server.limits`)."""
    checks = login_checks(ctx, name, client)
    with db.read(ctx.engine) as s:
        limits.check(s, checks)
        user = s.execute(select(User).where(User.name_key == name.casefold(),
                                            User.deleted_at.is_(None))).scalar_one_or_none()
    ok = verify(user, password)
    with db.write(ctx.engine) as s:
        if not ok or user is None:
            limits.record(s, checks)
        else:
            if _hasher.check_needs_rehash(user.pw_hash):
                s.get(User, user.id).pw_hash = _hasher.hash(password)  # type: ignore[union-attr]
            token = issue_token(s, user)
    if not ok or user is None:
        raise ApiError(401, "wrong name or password")
    return user, token


def revoke_token(ctx: ServerContext, plain: str) -> None:
    with db.write(ctx.engine) as s:
        s.execute(delete(ApiToken).where(ApiToken.token_hash == token_hash(plain)))


# --- cookies ---------------------------------------------------------------------------------------
def _serializer(ctx: ServerContext) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(ctx.secret, salt="ashur.session")


def csrf_of(ctx: ServerContext, nonce: str) -> str:
    return hmac.new(ctx.secret, f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]


def session_cookie(ctx: ServerContext, user: User) -> tuple[str, str]:
    """The signed session cookie value and its CSRF token."""
    nonce = secrets.token_urlsafe(16)
    return _serializer(ctx).dumps({"u": user.id, "n": nonce, "g": user.session_gen or 0}), csrf_of(ctx, nonce)


def set_session_cookies(ctx: ServerContext, response: Response, user: User) -> str:
    """Set the session cookie (HttpOnly) and the readable CSRF cookie on `response`; the CSRF token."""
    value, csrf = session_cookie(ctx, user)
    age = ctx.settings.session_days * 86400
    response.set_cookie(COOKIE, value, max_age=age, httponly=True, samesite="lax",
                        secure=ctx.settings.cookie_secure, path="/")
    response.set_cookie(CSRF_COOKIE, csrf, max_age=age, httponly=False, samesite="lax",
                        secure=ctx.settings.cookie_secure, path="/")
    return csrf


def read_cookie(ctx: ServerContext, value: str) -> tuple[int, str, int] | None:
    """(user id, nonce, session generation) of a valid, unexpired session cookie (a cookie made before
    generations were kept is of generation 0). The caller compares the generation with the user's: a
    password change or reset voids every older cookie."""
    try:
        data: Any = _serializer(ctx).loads(value, max_age=ctx.settings.session_days * 86400)
    except BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("n"), str):
        return None
    gen = data.get("g", 0)
    return data["u"], data["n"], gen if isinstance(gen, int) else -1


@dataclass
class Caller:
    """Who makes a request: a user (API token or cookie)."""

    user: User
    via_cookie: bool


def user_by_token(s: Session, plain: str) -> User | None:
    row = s.execute(select(User).join(ApiToken, ApiToken.user_id == User.id)
                    .where(ApiToken.token_hash == token_hash(plain), User.deleted_at.is_(None))
                    ).scalar_one_or_none()
    return row


# --- profile ---------------------------------------------------------------------------------------
def profile(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "email": user.email, "webhook_url": user.webhook_url,
            "lang": user.lang, "away_since": _stamp(user.away_since), "away_until": _stamp(user.away_until)}


def _stamp(moment: datetime | None) -> str | None:
    return as_aware(moment).isoformat() if moment is not None else None


def update_profile(ctx: ServerContext, user_id: int, changes: dict[str, Any]) -> User:
    if "email" in changes:
        check_email(changes["email"])
    if "lang" in changes and changes["lang"] not in LANGS:
        raise ApiError(422, f"lang is one of {', '.join(LANGS)}")
    url = changes.get("webhook_url")
    if url and not re.fullmatch(r"https?://[^\s]{3,490}", url):
        raise ApiError(422, "webhook_url is an http:// or https:// address")
    with db.write(ctx.engine) as s:
        user = s.get(User, user_id)
        if user is None:
            raise ApiError(401, "no such user")
        for key in ("email", "webhook_url", "lang"):
            if key in changes and (changes[key] is not None or key != "lang"):
                setattr(user, key, changes[key] or None if key != "lang" else changes[key])
        return user
