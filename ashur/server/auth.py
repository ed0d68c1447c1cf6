"""Who is calling: a user (bearer API token ``u_...`` or session cookie) or a seat (bearer seat token
``s_...``, or a user holding that seat). Cookie-authenticated unsafe requests must carry the CSRF token."""

from __future__ import annotations

import hmac
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from ashur.server import db
from ashur.server.accounts import COOKIE, CSRF_HEADER, Caller, csrf_of, read_cookie, user_by_token
from ashur.server.context import ServerContext
from ashur.server.errors import ApiError
from ashur.server.models import GameRow, SeatRow, User
from ashur.server.store import token_hash

T = TypeVar("T")

SAFE = ("GET", "HEAD", "OPTIONS")


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer " and header[7:].strip():
        return header[7:].strip()[:200]
    return None


def client_of(request: Request) -> str:
    """The client's address (as uvicorn gives it: behind a trusted proxy, the forwarded one): the key of
    the rate limits per address."""
    return request.client.host if request.client else "?"


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
            if user is not None and user.deleted_at is None and (user.session_gen or 0) == found[2]:
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


# --- the seat-token cache (the hot routes: a seat's view and its actions) ---------------------------------

SEAT_CACHE = 8192
"""Seat tokens each process remembers (by their SHA-256): the newest used."""


@dataclass(frozen=True)
class SeatRef:
    """A seat as the hot routes need it: its game, its role, and the game's ``seat_rev`` when the seat was
    looked up (None: looked up for a user, not cached; nothing to check)."""

    game_id: str
    role: str
    seat_rev: int | None


class StaleSeat(Exception):
    """The game's seats changed (``games.seat_rev`` moved) since a cached seat token was looked up: a
    token may have been revoked or handed over. The caller looks the token up again."""


_seats: OrderedDict[str, SeatRef] = OrderedDict()
_seats_lock = threading.Lock()


def forget_seat(request: Request) -> None:
    """Drop the cached entry of the request's seat token (after :class:`StaleSeat`)."""
    token = bearer(request)
    if token is not None and not token.startswith("u_"):
        with _seats_lock:
            _seats.pop(token_hash(token), None)


def with_seat(ctx: ServerContext, request: Request, game_id: str, role: str | None,
              run: Callable[[SeatRef], T]) -> T:
    """`run(seat)` with the caller's seat from the seat-token cache (:func:`seat_ref`); once more with a
    fresh lookup when `run` finds the game's seats changed since the token was cached (:class:`StaleSeat`)."""
    try:
        return run(seat_ref(ctx, request, game_id, role))
    except StaleSeat:
        forget_seat(request)
        return run(seat_ref(ctx, request, game_id, role))


def seat_ref(ctx: ServerContext, request: Request, game_id: str, role: str | None = None) -> SeatRef:
    """The seat of `game_id` the caller plays, as :func:`current_seat` finds it (same errors), from a
    per-process cache of seat-token hash -> (game, role, seats revision) when it can. An entry is checked
    by the caller against the game row it reads anyway (:func:`check_seat`): when the game's seats changed
    (a seat joined, a seat was handed to a bot and its token revoked) it is looked up again, so a revoked
    token never acts, in any process."""
    token = bearer(request)
    if token is None or token.startswith("u_"):
        with db.read(ctx.engine) as s:
            seat = current_seat(ctx, s, request, game_id, role)
            return SeatRef(seat.game_id, seat.role, None)
    key = token_hash(token)
    with _seats_lock:
        hit = _seats.get(key)
        if hit is not None:
            _seats.move_to_end(key)
    if hit is not None and hit.game_id == game_id and (role is None or role == hit.role):
        return hit
    with db.read(ctx.engine) as s:
        found = s.execute(select(SeatRow.game_id, SeatRow.role, GameRow.seat_rev)
                          .join(GameRow, GameRow.id == SeatRow.game_id)
                          .where(SeatRow.token_hash == key)).first()
    if found is None:
        raise ApiError(401, "unknown or revoked seat token")
    ref = SeatRef(found[0], found[1], int(found[2] or 0))
    with _seats_lock:
        _seats[key] = ref
        _seats.move_to_end(key)
        while len(_seats) > SEAT_CACHE:
            _seats.popitem(last=False)
    if ref.game_id != game_id:
        raise ApiError(403, "this seat token belongs to another game")
    if role is not None and role != ref.role:
        raise ApiError(403, "this seat token is of another role")
    return ref


def check_seat(ref: SeatRef, game: GameRow) -> None:
    """StaleSeat when `game`'s seats changed since `ref` was looked up (read in the caller's transaction)."""
    if ref.seat_rev is not None and int(game.seat_rev or 0) != ref.seat_rev:
        raise StaleSeat(game.id)
