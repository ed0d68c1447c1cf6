"""SQLite's writers across worker processes take their turn on a lock file beside the database
(:func:`ashur.server.db._process_turn`): held for exactly the write transaction, and never for an in-memory database."""

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
