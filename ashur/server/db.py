"""Storage: the SQLAlchemy 2 engine. SQLite by default (WAL, ``synchronous=NORMAL``, writes in
``BEGIN IMMEDIATE``), PostgreSQL for ``postgresql+psycopg://`` URLs.

Reads use :func:`read`, writes :func:`write`: on SQLite a write takes the database's write lock when it
begins, so two writers never deadlock upgrading a read lock (the worker processes take their turn on a
lock file beside the database first: :func:`_process_turn`); on PostgreSQL a write locks the game row it
changes (``SELECT ... FOR UPDATE``, see :mod:`ashur.server.store`).
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session

from ashur.server import timing

_engines: dict[str, Engine] = {}
_manual_checkpoints: set[str] = set()
"""SQLite URLs whose WAL a :class:`Checkpointer` of this process copies back into the database (their
connections do not checkpoint when they commit)."""
log = logging.getLogger("ashur.server")


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def make_engine(url: str) -> Engine:
    """A new engine for `url`, set up for the server's transactions."""
    if is_sqlite(url):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               pool_size=8, max_overflow=16)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            if str(engine.url) in _manual_checkpoints:
                cur.execute("PRAGMA wal_autocheckpoint=0")  # a Checkpointer does it, off the request path
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            immediate = conn.get_execution_options().get("ashur_write", False)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def engine_for(url: str) -> Engine:
    """The process-wide engine of `url` (made on first use)."""
    if url not in _engines:
        _engines[url] = make_engine(url)
    return _engines[url]


def dispose_all() -> None:
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


@contextmanager
def read(engine: Engine) -> Iterator[Session]:
    """A session for reading (nothing locked; its objects stay readable after it closes)."""
    with Session(engine, expire_on_commit=False) as session:
        yield session


_sqlite_writer = threading.RLock()
"""SQLite: the threads of one process take their turn here before ``BEGIN IMMEDIATE``. SQLite makes a
second writer wait by sleeping and retrying (its busy handler sleeps up to 100 ms at a time); a thread
waiting on this lock is woken the moment the writer before it is done, so only one thread per process
ever waits for another process's writer (:func:`_process_turn`)."""
_turn = threading.local()
_turn_files: dict[tuple[int, str], int] = {}
_turn_files_lock = threading.Lock()


def _turn_file(engine: Engine) -> int | None:
    """The open lock file beside a SQLite database file (``PATH-ashur-writer``; None for an in-memory
    database or when it cannot be opened: SQLite's busy handler alone orders the processes then)."""
    path = engine.url.database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    key = (os.getpid(), path)
    with _turn_files_lock:
        if key not in _turn_files:
            try:
                _turn_files[key] = os.open(f"{path}-ashur-writer", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError:
                _turn_files[key] = -1
        fd = _turn_files[key]
    return fd if fd >= 0 else None


@contextmanager
def _process_turn(engine: Engine) -> Iterator[None]:
    """SQLite with several worker processes: the process whose thread is about to write takes an exclusive
    ``flock`` on a file beside the database first. A process waiting for another's writer then sleeps in
    the kernel and is woken the moment that writer is done, instead of polling in SQLite's busy handler,
    which can lose every race to a process that writes without pause (issue 15's tail: a worker waited
    0.75 s in ``BEGIN IMMEDIATE`` while the other made 25 writes)."""
    depth = getattr(_turn, "depth", 0)
    fd = _turn_file(engine) if depth == 0 else None
    if fd is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)
    _turn.depth = depth + 1
    try:
        yield
    finally:
        _turn.depth = depth
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def write(engine: Engine) -> Iterator[Session]:
    """A session for one write transaction: committed at the end, rolled back on an exception."""
    sqlite = is_sqlite(str(engine.url))
    eng = engine.execution_options(ashur_write=True) if sqlite else engine
    with timing.phase("lock"):
        (_sqlite_writer if sqlite else nullcontext()).__enter__()
    turn = _process_turn(engine) if sqlite else nullcontext()
    try:
        with timing.phase("begin"):
            turn.__enter__()
    except BaseException:
        if sqlite:
            _sqlite_writer.release()
        raise
    try:
        with Session(eng, expire_on_commit=False) as session:
            try:
                if timing.enabled():
                    with timing.phase("begin"):
                        session.connection()  # BEGIN (IMMEDIATE on SQLite) now, to time its wait
                yield session
                with timing.phase("commit"):
                    session.commit()
            except BaseException:
                session.rollback()
                raise
    finally:
        turn.__exit__(None, None, None)
        if sqlite:
            _sqlite_writer.release()


def migrate(url: str) -> None:
    """Bring the database at `url` to the newest schema (Alembic migrations under ``migrations/``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    engine = engine_for(url)
    with engine.begin() as conn:
        if not is_sqlite(url):
            conn.execute(text("SELECT pg_advisory_xact_lock(7158)"))  # one migrator at a time
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Checkpointer:
    """SQLite: copy the write-ahead log back into the database from a background thread every
    `seconds`, instead of in the commit that finds the log past 1,000 pages (SQLite's automatic
    checkpoint). Such a commit wrote the pages back and synced the file while it still held the writer's
    turn: 20-100 ms in about 3 % of the actions under 1,000 games, and every other writer queued behind
    it. A passive checkpoint waits for no reader or writer and takes no writer lock; a crash loses
    nothing more (the log is on disk). One per worker process (started in the application's lifespan)."""

    def __init__(self, engine: Engine, seconds: float = 1.0) -> None:
        self.engine = engine
        self.seconds = seconds
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="ashur-checkpoint", daemon=True)

    def start(self) -> None:
        _manual_checkpoints.add(str(self.engine.url))
        self.engine.dispose()  # the pool's connections were opened with the automatic checkpoint
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=30)
        _manual_checkpoints.discard(str(self.engine.url))

    def once(self) -> tuple[int, int, int]:
        """One passive checkpoint: (busy, pages in the log, pages copied back)."""
        raw = self.engine.raw_connection()
        try:
            cur = raw.cursor()
            row = cur.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            cur.close()
        finally:
            raw.close()
        return (int(row[0]), int(row[1]), int(row[2])) if row else (0, 0, 0)

    def _run(self) -> None:
        while not self.stopping.wait(self.seconds):
            try:
                self.once()
            except Exception:
                log.exception("WAL checkpoint failed")
