"""Server settings, read from the environment (``ASHUR_DB``, ``ASHUR_SECRET``, ...)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every knob of the server; each is the environment variable ``ASHUR_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="ASHUR_", extra="ignore")

    db: str = "sqlite:///ashur.db"
    """SQLAlchemy URL: ``sqlite:///path`` (default ``ashur.db`` in the current folder) or
    ``postgresql+psycopg://user:password@host/dbname``."""
    secret: str = ""
    """Key that signs session cookies; empty: a random key is made once and kept in the database."""
    dev: bool = False
    """Development mode: chosen seeds allowed (a chosen seed lets its chooser predict the deck)."""
    max_body: int = 64 * 1024
    """The largest request body accepted, in bytes (larger: 413)."""
    cookie_secure: bool = False
    """Mark the session cookie Secure (set it behind HTTPS)."""
    plugins: str = ""
    """Comma-separated ``module:attribute`` game objects to register besides the built-in games."""
    login_limit: int = 10
    """Failed logins per name (and per client address) within `login_window` seconds before 429."""
    login_window: int = Field(900, ge=1, le=86400)
    register_limit: int = 20
    """Registrations per client address within `register_window` seconds before 429 (0: no limit)."""
    register_window: int = Field(3600, ge=1, le=86400)
    reset_limit: int = 5
    """Password-reset requests per client address (and per name or address asked for) within
    `reset_window` seconds before 429."""
    reset_window: int = Field(3600, ge=1, le=86400)
    reset_minutes: int = Field(60, ge=5, le=7 * 24 * 60)
    """How long a password-reset link works."""
    game_limit: int = 120
    """Games a client address creates (new games and rematches) within `game_window` seconds, logged in."""
    guest_game_limit: int = 20
    """The same for visitors without an account (guests)."""
    game_window: int = Field(3600, ge=1, le=86400)
    chat_limit: int = 30
    """Chat messages a client address posts within `chat_window` seconds."""
    chat_window: int = Field(60, ge=1, le=86400)
    join_limit: int = 60
    """Seats a client address (and, apart, a user) takes by joining within `join_window` seconds, logged in."""
    guest_join_limit: int = 15
    """The same for visitors without an account (joining by an invitation), per client address."""
    join_window: int = Field(3600, ge=1, le=86400)
    import_limit: int = 30
    """Save files a client address (and, apart, a user) imports within `import_window` seconds."""
    import_window: int = Field(3600, ge=1, le=86400)
    rate_exempt: str = ""
    """Comma-separated client addresses or networks not limited by address (e.g. ``127.0.0.1`` for a
    load test); the limits per name still apply."""
    base_url: str = ""
    """The public address of the server (``https://ashur.example.org``): links in mails. Empty:
    ``http://localhost:8000``."""
    session_days: int = 30
    state_cache: int = 64
    """Parsed game states each process keeps (the newest used; each checked against the version in the
    database). Few on purpose: the garbage collector walks every parsed state (:mod:`ashur.server.store`);
    a miss parses the snapshot and the log's text again (about a millisecond)."""
    log_cache_mb: int = 64
    """Megabytes (about) of game logs each process keeps as JSON text, so that a miss of the state cache
    need not read a game's whole log (the newest used kept; an Assyrian Wars game's log is 0.1-0.2 MB)."""
    sweep_seconds: float = 5.0
    """How often each process looks for pace clocks that ran out (:mod:`ashur.server.sweep`)."""
    bot_kinds: str = Field("random,eager,heuristic", min_length=1, max_length=400)
    """The bot kinds this server plays (comma-separated; parameters after ``?`` are the kind's own). The
    server's bots share one thread per process, so a searching kind (``ismcts``, about a second a
    decision) is offered only where the operator adds it."""
    claim_grace_hours: float = Field(72.0, ge=0, le=24 * 366)
    """Hours after a pace clock ran out during which the other seats may claim or hand the seat to a bot
    and the late player may still move; then the sweep hands the seat to a bot of the default kind
    (``bot:heuristic``) itself (or ends the game as abandoned when no other human seat is left). 0: never
    (the game waits for a claim)."""
    presence_seconds: float = Field(30.0, gt=0, le=3600)
    """How often each process refreshes the presence rows of the seats whose websockets it holds
    (:mod:`ashur.server.presence`); a row not refreshed for three periods counts as gone."""
    away_max_days: int = Field(21, ge=1, le=366)
    """How far ahead an absence may end at most (``PUT /api/me/away``, :mod:`ashur.server.away`)."""
    guests: bool = False
    """Let visitors without an account create games (against bots, by seat tokens). ``ashur serve`` turns
    it on when it listens on a loopback address only, unless ``ASHUR_GUESTS`` says otherwise."""
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_from: str = ""


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The settings of this process (read once)."""
    return Settings()
