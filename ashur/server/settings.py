"""Server settings, read from the environment (``ASHUR_DB``, ``ASHUR_SECRET``, ...)."""

from __future__ import annotations

from functools import lru_cache

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
    login_window: int = 900
    session_days: int = 30
    state_cache: int = 1024
    """Game states each process keeps in memory (the newest used; each checked against the version in
    the database). An Assyrian Wars state takes about 0.3 MB; a miss reloads the snapshot and the log."""
    sweep_seconds: float = 5.0
    """How often each process looks for pace clocks that ran out (:mod:`ashur.server.sweep`)."""
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
