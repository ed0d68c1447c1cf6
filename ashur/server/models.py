"""The tables. A game row holds the state snapshot and its version; the actions and the log entries are
appended beside it in the same transaction (one transaction per action)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy import true as sql_true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


def as_aware(moment: datetime) -> datetime:
    """`moment` in UTC (SQLite gives back naive datetimes: they were stored as UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class Base(DeclarativeBase):
    pass


class KV(Base):
    """Server-wide values (the generated cookie key)."""

    __tablename__ = "kv"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # case-folded: one account per spelling
    pw_hash: Mapped[str] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    lang: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # moved by a password change or reset and by deletion: session cookies carry it, an older one is void
    session_gen: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # set when the account was deleted: the row stays as a tombstone (its games name it), without
    # personal data (ashur.server.accounts_more)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # an absence (ashur.server.away): since when and until when the user is away (server time; NULL: not
    # away), and when the last absence ended (a new one may start 7 days after it at the earliest)
    away_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    away_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    away_ended: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ApiToken(Base):
    """A bearer token of a user (stored as its SHA-256)."""

    __tablename__ = "api_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RateEvent(Base):
    """One counted request of a rate limit (:mod:`ashur.server.limits`): its key names the limit and
    what it counts (``login:name:...``, ``register:ip:...``); rows older than the limit's window are
    deleted as new ones come."""

    __tablename__ = "rate_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(120), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class PasswordReset(Base):
    """A password-reset link sent by e-mail: single use, expiring; only the token's SHA-256 is kept."""

    __tablename__ = "password_resets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    engine_version: Mapped[str] = mapped_column(String(40))
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(100))  # secret: never sent to a client
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, active, finished
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    # anyone may watch the game's public (observer) view, live (ashur.server.routes_watch)
    spectators: Mapped[bool] = mapped_column(Boolean, default=True, server_default=sql_true())
    # who may read the bot seats' reasons (actions.note, ashur.server.routes_bots): "open" every seat during
    # the game, "after" everyone once it is finished
    bot_reasons: Mapped[str] = mapped_column(String(8), default="after", server_default="after")
    pace: Mapped[str | None] = mapped_column(String(16), nullable=True)  # live, fast, slow
    version: Mapped[int] = mapped_column(Integer, default=0)
    n_actions: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[str] = mapped_column(Text)  # JSON snapshot of the state (without its log)
    waiting: Mapped[list[str]] = mapped_column(JSON, default=list)  # roles that must decide now
    undo_role: Mapped[str | None] = mapped_column(String(64), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(24), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
    # the pace clocks' sweep (ashur.server.sweep): the earliest expiry of a running clock not yet handled
    # (server time; NULL: none pending), the latest expiry handled (the idempotent marker), and a counter
    # moved whenever a seat's clock is written or an expiry handled (the websockets resend the view on it)
    clock_expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    clock_expiry_done: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    clock_rev: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # the earliest moment a running clock's grace after its expiry runs out (ASHUR_CLAIM_GRACE_HOURS; NULL:
    # none): the sweep then hands the seat to a bot, or ends the game as abandoned (ashur.server.sweep)
    clock_grace_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    # moved whenever a seat's token, kind or holder changes (join, hand-over to a bot): the per-process
    # cache of seat tokens (ashur.server.auth) checks its entries against it
    seat_rev: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # moved by every undo (which deletes log entries): the state cache (ashur.server.store) reuses a
    # cached state's log for a newer version only while it has not moved
    undo_rev: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "role"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))  # human, open, bot
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True,
                                                index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    notified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PresenceRow(Base):
    """A seat's websocket held by one server process (:mod:`ashur.server.presence`): written when the
    process's first socket of the seat opens, deleted when its last one closes, `seen_at` refreshed by the
    process's heartbeat (wall time). A row older than three heartbeats is gone (a crashed process)."""

    __tablename__ = "presence"
    game_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    role: Mapped[str] = mapped_column(String(64), primary_key=True)
    worker: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class ActionRow(Base):
    """One action of a game's record, in order; `before` holds the state before it while undo may
    return there (the engine's undo rule, as :class:`ashur.core.session.Match` keeps it)."""

    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    role: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(200))
    before: Mapped[str | None] = mapped_column(Text, nullable=True)
    # a bot seat's note on its action (JSON: its one-line reason and the action's label and parameters),
    # NULL for a person's action or a bot kind that gives no reason (ashur.server.routes_bots)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class LogRow(Base):
    __tablename__ = "log_entries"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[str] = mapped_column(Text)


class ChatRow(Base):
    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_game", "game_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
