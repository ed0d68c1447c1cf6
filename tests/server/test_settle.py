"""An action settles the seats' clocks and notices in its own write transaction
(:func:`ashur.server.waiting.settle`): the ``after_change`` listener then has nothing left to write and does
not run its own transaction; other changes (a chat message) still go through the listener."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import select

from ashur.server import db, waiting
from ashur.server.models import SeatRow


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_an_action_settles_the_clocks_in_its_own_transaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from fastapi.testclient import TestClient

    from ashur.server.app import create_app
    from ashur.server.settings import Settings

    refreshed: list[str] = []
    real = waiting.refresh
    monkeypatch.setattr(waiting, "refresh", lambda ctx, gid, at=None: (refreshed.append(gid), real(ctx, gid, at)))
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'settle.db'}"), migrate=True)
    with TestClient(app) as client:
        user = client.post("/api/register", json={"name": "settler", "password": "pw-settler-pw"}).json()["token"]
        seats = dict.fromkeys(("assyria", "babylonia", "elam"), "human")
        made = client.post("/api/games", json={"game": "assyrian-wars", "scenario": "two_rivers", "options": {},
                                               "seats": seats, "pace": "fast"},
                           headers={"Authorization": f"Bearer {user}"}).json()
        gid, tokens = made["id"], {r: s["token"] for r, s in made["seats"].items()}
        ctx = app.state.ctx
        rng = random.Random(7)
        moved = 0
        for _ in range(80):
            if moved >= 2:
                break
            for token in tokens.values():
                view = client.get(f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {token}"}).json()
                if view["actions"]:
                    break
            refreshed.clear()
            with db.read(ctx.engine) as s:
                before = {r.role: r.clock for r in s.execute(select(SeatRow).where(SeatRow.game_id == gid)).scalars()}
            r = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                            json={"action": rng.choice(view["actions"])["id"], "version": view["version"]})
            assert r.status_code == 200, r.text
            assert refreshed == []  # settled in the action's transaction: no listener transaction
            with db.read(ctx.engine) as s:  # and nothing left that the listener would write
                game, humans, users = waiting._load(s, gid, lock=False)
                assert not waiting._decide(ctx, s, game, humans, users, waiting.server_now(ctx, s)).changed
                moved += {x.role: x.clock for x in humans.values()} != before
        assert moved  # some actions passed the turn: clocks were written by the actions themselves
        r = client.post(f"/api/games/{gid}/chat", json={"text": "hello"},
                        headers={"Authorization": f"Bearer {tokens['assyria']}"})
        assert r.status_code in (200, 201), r.text
        assert refreshed == [gid]  # a chat message is not settled: the listener looks
