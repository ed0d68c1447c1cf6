"""The per-process state cache (``ashur.server.store.load_state``): a miss on a newer version reads only
the log entries added since the cached version, unless an undo (``games.undo_rev``) rewrote the log."""

from __future__ import annotations

from pathlib import Path

import orjson
from sqlalchemy import create_engine, delete
from sqlalchemy.orm import Session

from ashur.server import store
from ashur.server.models import Base, GameRow, LogRow


def _entry(i: int, tag: str = "a") -> dict[str, object]:
    return {"key": f"k{tag}{i}", "rule": None, "params": {}}


def _row(s: Session, gid: str, version: int, log_n: int, undo_rev: int = 0) -> GameRow:
    row = s.get(GameRow, gid)
    assert row is not None
    row.version, row.undo_rev, row.state = version, undo_rev, orjson.dumps({"log_n": log_n, "v": version}).decode()
    s.flush()
    return row


def test_a_miss_appends_the_new_entries_and_an_undo_reloads_the_log(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'cache.db'}")
    Base.metadata.create_all(engine)
    gid = "cachegame1"
    store.forget(gid)
    with Session(engine) as s:
        s.add(GameRow(id=gid, game="tiny", engine_version="1", scenario="basic", options={}, seed="x",
                      status="active", state="{}", waiting=[]))
        s.add_all(LogRow(game_id=gid, idx=i, entry=orjson.dumps(_entry(i)).decode()) for i in range(3))
        first = store.load_state(s, _row(s, gid, 1, 3))
        assert [e["key"] for e in first.log.entries()] == ["ka0", "ka1", "ka2"]
        # two actions later (another process wrote them): only entries 3 and 4 are new
        s.add_all(LogRow(game_id=gid, idx=i, entry=orjson.dumps(_entry(i)).decode()) for i in (3, 4))
        s.flush()
        second = store.load_state(s, _row(s, gid, 3, 5))
        assert [e["key"] for e in second.log.entries()] == ["ka0", "ka1", "ka2", "ka3", "ka4"]
        assert second["v"] == 3 and len(first.log) == 3  # the cached older state is unchanged
        # an undo rewrote entries 3.. (undo_rev moved): the log is read again in full
        s.execute(delete(LogRow).where(LogRow.game_id == gid, LogRow.idx >= 3))
        s.add_all(LogRow(game_id=gid, idx=i, entry=orjson.dumps(_entry(i, "b")).decode()) for i in (3, 4, 5))
        s.flush()
        third = store.load_state(s, _row(s, gid, 6, 6, undo_rev=1))
        assert [e["key"] for e in third.log.entries()] == ["ka0", "ka1", "ka2", "kb3", "kb4", "kb5"]
    store.forget(gid)
    engine.dispose()
