"""The per-process state cache (``ashur.server.store.load_state``): a miss on a newer version reads only
the log entries added since the cached version, unless an undo (``games.undo_rev``) rewrote the log; few
parsed states are kept, a state let go has its memo dropped once no scope holds it (no cycle left to the
garbage collector), logs are kept as text within their bound."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from sqlalchemy import create_engine, delete
from sqlalchemy.orm import Session

from ashur.core.registry import get_game
from ashur.core.session import Match
from ashur.core.statedata import GameState
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


# --- the bound, the memos let go, the log's text (no leak under churn) ------------------------------------

def _real_games(tmp_path: Path, n: int) -> tuple[Any, list[str]]:
    """A database holding `n` Assyrian Wars games (two_rivers) at their first version."""
    game = get_game("assyrian-wars")
    engine = create_engine(f"sqlite:///{tmp_path / 'real.db'}")
    Base.metadata.create_all(engine)
    ids = [f"real{i:04d}" for i in range(n)]
    with Session(engine) as s:
        for i, gid in enumerate(ids):
            state = Match.new(game, "two_rivers", 100 + i, {}, keep_undo=False).state
            s.add(GameRow(id=gid, game=game.id, engine_version=game.version, scenario="two_rivers", options={},
                          seed=str(100 + i), status="active", state=store.snapshot(state), waiting=[], version=1))
            s.add_all(LogRow(game_id=gid, idx=j, entry=store.dumps(e)) for j, e in state.log.since(0))
        s.commit()
    return engine, ids


def _viewed(engine: Any, gid: str) -> GameState:
    """The game's state as a request sees it, after the engine memoised its views (the memo refers back to
    the state: a reference cycle while it is kept)."""
    game = get_game("assyrian-wars")
    with Session(engine) as s:
        row = s.get(GameRow, gid)
        assert row is not None
        state = store.load_state(s, row)
    for role in game.roles("two_rivers", {}):
        game.view(state, role)
    assert state.memo
    return state


@pytest.fixture()
def small_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for gid in list(store._states):
        store.forget(gid)
    monkeypatch.setattr(store, "_cache_size", lambda: 4)
    yield
    for gid in list(store._states):
        store.forget(gid)


def test_churn_keeps_the_bound_and_leaves_no_state_to_the_collector(tmp_path: Path, small_cache: None) -> None:
    engine, ids = _real_games(tmp_path, 12)
    seen: set[int] = set()
    gc.collect()
    gc.disable()  # whatever is still alive below was freed by nobody: a state left to the collector
    try:
        for _round in range(3):
            for gid in ids:
                with store.scope():
                    seen.add(id(_viewed(engine, gid)))
                assert store.cached()["states"] <= 4
        alive = [o for o in gc.get_objects() if isinstance(o, GameState) and id(o) in seen]
        assert len(alive) <= 4  # the cached ones; the 32 let go were freed by reference counting
        assert store.cached()["logs"] == 12  # every log kept as text (a few kB each)
    finally:
        gc.enable()
    engine.dispose()


def test_a_held_state_keeps_its_memo_until_its_scope_ends(tmp_path: Path, small_cache: None) -> None:
    engine, ids = _real_games(tmp_path, 6)
    with store.scope():
        held = _viewed(engine, ids[0])
        for gid in ids[1:]:  # another request pushes it out of the cache meanwhile
            with store.scope():
                _viewed(engine, gid)
        assert ids[0] not in store._states
        assert held.memo  # still in use by this scope: untouched
    assert not held.memo  # let go: the cycle is broken
    loose = _viewed(engine, ids[0])  # outside any scope (nobody knows its holders) ...
    for gid in ids[1:]:
        with store.scope():
            _viewed(engine, gid)
    assert loose.memo  # ... so it is left to the collector
    engine.dispose()


def test_a_miss_parses_the_kept_log_text_and_its_bound(tmp_path: Path, small_cache: None,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    engine, ids = _real_games(tmp_path, 5)
    with store.scope():
        first = _viewed(engine, ids[0])
        entries = first.log.entries()
        for gid in ids[1:]:
            _viewed(engine, gid)
    assert ids[0] not in store._states and ids[0] in store._logs
    with Session(engine) as s:  # the log rows gone: a miss that read them would get an empty log
        s.execute(delete(LogRow).where(LogRow.game_id == ids[0]))
        s.commit()
    with store.scope():
        again = _viewed(engine, ids[0])
        assert again is not first and again.log.entries() == entries and len(entries) > 0
    monkeypatch.setattr(store, "_log_cache_chars", lambda: 0)  # ASHUR_LOG_CACHE_MB=0: no text kept
    store.forget(ids[0])
    with store.scope():
        assert _viewed(engine, ids[0]).log.entries() == []
    assert ids[0] not in store._logs
    engine.dispose()
