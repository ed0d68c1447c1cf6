"""SQLite's writers across worker processes take their turn on a lock file beside the database
(:func:`ashur.server.db._process_turn`): held for exactly the write transaction, and never for an in-memory database;
the write-ahead log is copied back by a background checkpointer, not by the commits."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from sqlalchemy import create_engine, text

from ashur.server import db


def _taken(path: Path) -> bool:
    """Whether another open file (another process, as flock sees it) holds the lock file now."""
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def test_a_write_holds_the_process_turn(tmp_path: Path) -> None:
    engine = db.make_engine(f"sqlite:///{tmp_path / 'turn.db'}")
    lock = tmp_path / "turn.db-ashur-writer"
    with db.write(engine) as s:
        s.execute(text("CREATE TABLE t (x INTEGER)"))
        assert _taken(lock)
    assert not _taken(lock)
    try:
        with db.write(engine) as s:
            s.execute(text("INSERT INTO t VALUES (1)"))
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    assert not _taken(lock)  # released on a rollback too
    with db.read(engine) as s:
        assert s.execute(text("SELECT count(*) FROM t")).scalar_one() == 0
    engine.dispose()


def test_an_in_memory_database_has_no_lock_file() -> None:
    engine = create_engine("sqlite://")
    assert db._turn_file(engine) is None
    engine.dispose()


def test_the_checkpointer_copies_the_log_back_off_the_request_path(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'wal.db'}"
    engine = db.make_engine(url)
    with db.write(engine) as s:
        s.execute(text("CREATE TABLE t (x TEXT)"))
    checkpointer = db.Checkpointer(engine, seconds=3600)  # its thread never wakes here: once() by hand
    checkpointer.start()
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == 0  # commits leave it
        for _ in range(40):
            with db.write(engine) as s:
                s.execute(text("INSERT INTO t VALUES (:x)"), {"x": "y" * 100_000})
        busy, pages, copied = checkpointer.once()
        assert busy == 0 and pages > 1000 and copied == pages  # all of it, without the commits' help
    finally:
        checkpointer.stop()
    assert not checkpointer.thread.is_alive()
    engine.dispose()
    with engine.connect() as conn:  # a new connection checkpoints on commit again
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == 1000
    engine.dispose()
