"""Games whose clocks ran before migration 0004 have no ``games.clock_grace_at``: a starting server fills it
in (:func:`ashur.server.sweep.backfill_grace`), with the value a change would have written, so the sweep
sees their grace without waiting for the next move."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from ashur.server import db, sweep
from ashur.server.models import GameRow


def _grace(ctx: Any, gid: str) -> Any:
    with db.read(ctx.engine) as s:
        return s.execute(select(GameRow.clock_grace_at).where(GameRow.id == gid)).scalar_one()


def _forget(ctx: Any, gid: str) -> None:
    """The game as migration 0004 left it: the column there, empty."""
    with db.write(ctx.engine) as s:
        s.get(GameRow, gid).clock_grace_at = None  # type: ignore[union-attr]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_starting_server_fills_in_the_grace_of_older_games(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ashur.server.app import create_app
    from ashur.server.settings import Settings

    settings = Settings(db=f"sqlite:///{tmp_path / 'grace.db'}", sweep_seconds=0.05)
    app = create_app(settings, migrate=True)
    with TestClient(app) as client:
        user = client.post("/api/register", json={"name": "gracer", "password": "pw-gracer-pw"}).json()["token"]
        seats = dict.fromkeys(("assyria", "babylonia", "elam"), "human")
        made = client.post("/api/games", json={"game": "assyrian-wars", "scenario": "two_rivers", "options": {},
                                               "seats": seats, "pace": "slow"},
                           headers={"Authorization": f"Bearer {user}"})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        ctx = app.state.ctx
        kept = _grace(ctx, gid)
        assert kept is not None  # a running clock: its grace is kept with the game
        _forget(ctx, gid)
        filled = sweep.backfill_grace(ctx)
        assert filled == [gid] and _grace(ctx, gid) == kept  # the value a change writes
        assert sweep.backfill_grace(ctx) == []  # nothing left to fill: a second start writes nothing
        _forget(ctx, gid)
    app = create_app(settings, migrate=True)  # a new process on the same database
    with TestClient(app):
        deadline = time.monotonic() + 30
        while _grace(app.state.ctx, gid) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _grace(app.state.ctx, gid) == kept
