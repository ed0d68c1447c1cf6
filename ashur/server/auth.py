"""Who is calling: a user (bearer API token ``u_...`` or session cookie) or a seat (bearer seat token
``s_...``, or a user holding that seat). Cookie-authenticated unsafe requests must carry the CSRF token."""

from __future__ import annotations

import hmac

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur.server.accounts import COOKIE, CSRF_HEADER, Caller, csrf_of, read_cookie, user_by_token
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import SeatRow, User
from ashur.server.store import token_hash

SAFE = ("GET", "HEAD", "OPTIONS")


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer " and header[7:].strip():
        return header[7:].strip()[:200]
    return None


def current_user(ctx: ServerContext, s: Session, request: Request, *, required: bool = True) -> Caller | None:
    """The calling user; 401 when `required` and nobody (valid) calls."""
    token = bearer(request)
    if token is not None and token.startswith("u_"):
        user = user_by_token(s, token)
        if user is None:
            raise ApiError(401, "unknown or revoked token")
        return Caller(user, via_cookie=False)
    cookie = request.cookies.get(COOKIE)
    if token is None and cookie:
        found = read_cookie(ctx, cookie)
        if found is not None:
            user = s.get(User, found[0])
            if user is not None:
                if getattr(request, "method", "GET") not in SAFE:
                    sent = request.headers.get(CSRF_HEADER, "")
                    if not hmac.compare_digest(sent.encode(), csrf_of(ctx, found[1]).encode()):
                        raise ApiError(403, "missing or wrong CSRF token (header X-CSRF-Token)")
                return Caller(user, via_cookie=True)
    if required:
        raise ApiError(401, "log in first (Authorization: Bearer <token>, or the session cookie)")
    return None


def seat_by_token(s: Session, token: str) -> SeatRow | None:
    return s.execute(select(SeatRow).where(SeatRow.token_hash == token_hash(token))).scalar_one_or_none()


def current_seat(ctx: ServerContext, s: Session, request: Request, game_id: str, role: str | None = None,
                 token: str | None = None) -> SeatRow:
    """The seat of `game_id` the caller plays: by seat token (401 unknown, 403 of another game), or the
    user's seat (`role` chooses when the user holds several)."""
    token = token if token is not None else bearer(request)
    if token is not None and not token.startswith("u_"):
        seat = seat_by_token(s, token)
        if seat is None:
            raise ApiError(401, "unknown or revoked seat token")
        if seat.game_id != game_id:
            raise ApiError(403, "this seat token belongs to another game")
        if role is not None and role != seat.role:
            raise ApiError(403, "this seat token is of another role")
        return seat
    caller = current_user(ctx, s, request, required=False) if token is None or token.startswith("u_") else None
    if caller is None:
        raise ApiError(401, "a seat token is needed (Authorization: Bearer <seat token>)")
    seats = list(s.execute(select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.user_id == caller.user.id,
                                                 SeatRow.kind == "human")).scalars())
    if role is not None:
        seats = [x for x in seats if x.role == role]
    if not seats:
        raise ApiError(403, "you hold no seat of this game")
    if len(seats) > 1:
        raise ApiError(400, "you hold several seats of this game: say which with ?role=")
    return seats[0]
