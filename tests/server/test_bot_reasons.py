"""The bots' reasons ("why did the bot do that?", issue 17 item 1) through a real server process: an Assyrian
Wars Two Rivers game against ``bot:heuristic`` seats keeps each bot action's one-line reason with the action;
who may read them follows the game's ``bot_reasons`` (``open``: the seats during the game, the default of a
solo game; ``after``: once it is over, the default with two human seats); spectators read them only after
the end; a rematch keeps the setting; a bad ``since`` is a 422. A reason is kept as message parts and read in
the asked language (``lang``: en, de, ja)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from ashur.core.i18n import render_reason
from ashur.server.bots import REASON_MAX, note_of
from ashur.server.routes_bots import reason_catalog, reason_text
from tests.server.conftest import Postgres, Server
from tests.server.helpers import WAIT, create, play_over_socket, register

GAME = "assyrian-wars"
SOLO = {"assyria": "human", "babylonia": "bot:heuristic", "elam": "bot:heuristic"}
PAIR = {"assyria": "human", "babylonia": "human", "elam": "bot:heuristic"}


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('reasons') / 'ashur.db'}")
    server.start()
    yield server
    server.stop()


def _reasons(srv: Server, gid: str, token: str | None = None, since: int = 0, lang: str | None = None,
             ) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    params: dict[str, Any] = {"since": since, **({"lang": lang} if lang else {})}
    return httpx.get(f"{srv.url}/api/games/{gid}/bot-reasons", params=params, headers=headers, timeout=WAIT)


def _facts(srv: Server, gid: str) -> dict[str, Any]:
    r = httpx.get(f"{srv.url}/api/games/{gid}", timeout=WAIT)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _settle(srv: Server, gid: str, humans: set[str]) -> None:
    """Wait until no bot seat must decide (the bots act in the server's own thread)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        facts = _facts(srv, gid)
        if facts["status"] != "active" or set(facts["active"]) & humans:
            return
        time.sleep(0.05)
    raise AssertionError("the bots did not hand back to a person")


def _resign(srv: Server, gid: str, token: str) -> None:
    r = httpx.post(f"{srv.url}/api/games/{gid}/resign", headers={"Authorization": f"Bearer {token}"}, timeout=WAIT)
    assert r.status_code == 200, r.text


def _bot_actions(srv: Server, gid: str) -> list[tuple[int, str, str]]:
    """(n, role, action) of every bot action in the finished game's save file."""
    r = httpx.get(f"{srv.url}/api/games/{gid}/export", timeout=WAIT)
    assert r.status_code == 200, r.text
    save = r.json()
    bots = {role for role, kind in save["seats"].items() if kind.startswith("bot:")}
    return [(n, role, action) for n, (role, action) in enumerate(save["actions"]) if role in bots]


def _check_solo_game(srv: Server) -> None:
    """The solo game's reasons: stored for every bot action, readable by the seat during the game, in
    order, non-empty; refused to spectators until the end, then readable by anyone."""
    made = create(srv, register(srv), {"game": GAME, "scenario": "two_rivers", "seats": SOLO, "seed": 11})
    gid, token = made["id"], made["seats"]["assyria"]["token"]
    assert _facts(srv, gid)["bot_reasons"] == "open"
    play_over_socket(srv, gid, token, random.Random(5), limit=12)
    _settle(srv, gid, {"assyria"})
    first = _reasons(srv, gid, token)
    assert first.status_code == 200, first.text
    during = first.json()["reasons"]
    assert during, "the heuristic bots acted and gave no reason"
    assert [x["n"] for x in during] == sorted({x["n"] for x in during})
    assert all(x["role"] in ("babylonia", "elam") and x["reason"].strip() and len(x["reason"]) <= REASON_MAX
               and x["label"] and x["action"] for x in during)
    assert all(x["why"] and all(p["key"].startswith(("aw.bot.", "bot.why.")) for p in x["why"]) for x in during)
    for lang in ("de", "ja"):  # the same reasons, read in another language: translated, no raw key
        other = _reasons(srv, gid, token, lang=lang).json()["reasons"]
        assert [x["why"] for x in other] == [x["why"] for x in during]
        assert all(o["reason"].strip() and o["reason"] != e["reason"] and "aw.bot." not in o["reason"]
                   and "{" not in o["reason"] for o, e in zip(other, during, strict=True)), lang
    assert _reasons(srv, gid, token, lang="fr").status_code == 422
    more = _reasons(srv, gid, token, since=first.json()["next"])
    assert more.status_code == 200 and all(x["n"] >= first.json()["next"] for x in more.json()["reasons"])
    spectator = _reasons(srv, gid)
    assert spectator.status_code == 403 and "spectators" in spectator.json()["error"]
    _resign(srv, gid, token)
    after = _reasons(srv, gid)  # finished, public: anyone
    assert after.status_code == 200, after.text
    everything = after.json()["reasons"]
    assert everything[:len(during)] == during
    assert [(x["n"], x["role"], x["action"]) for x in everything] == _bot_actions(srv, gid)
    tail = _reasons(srv, gid, since=during[-1]["n"] + 1).json()["reasons"]
    assert tail == everything[len(during):]


def test_a_solo_game_keeps_the_reasons_and_its_seat_reads_them(srv: Server) -> None:
    _check_solo_game(srv)


def test_two_human_seats_read_them_only_after_the_end(srv: Server) -> None:
    user = register(srv)
    made = create(srv, user, {"game": GAME, "scenario": "two_rivers", "seats": PAIR, "seed": 12})
    gid = made["id"]
    tokens = {r: made["seats"][r]["token"] for r in ("assyria", "babylonia")}
    assert _facts(srv, gid)["bot_reasons"] == "after"
    for token in tokens.values():
        refused = _reasons(srv, gid, token)
        assert refused.status_code == 403 and "over" in refused.json()["error"]
    assert _reasons(srv, gid).status_code == 403
    _resign(srv, gid, tokens["babylonia"])
    for token in (*tokens.values(), None):
        assert _reasons(srv, gid, token).status_code == 200
    # chosen at creation: "open" lets both seats read during the game, never a spectator
    opened = create(srv, user, {"game": GAME, "scenario": "two_rivers", "seats": PAIR, "bot_reasons": "open"})
    assert _facts(srv, opened["id"])["bot_reasons"] == "open"
    for role in ("assyria", "babylonia"):
        assert _reasons(srv, opened["id"], opened["seats"][role]["token"]).status_code == 200
    assert _reasons(srv, opened["id"]).status_code == 403
    other = create(srv, user, {"game": GAME, "scenario": "two_rivers", "seats": SOLO})
    wrong = _reasons(srv, opened["id"], other["seats"]["assyria"]["token"])
    assert wrong.status_code == 403 and "another game" in wrong.json()["error"]


def test_a_rematch_keeps_the_setting_and_a_private_game_is_for_its_seats(srv: Server) -> None:
    user = register(srv)
    made = create(srv, user, {"game": GAME, "scenario": "two_rivers", "seats": SOLO, "bot_reasons": "after",
                              "public": False})
    gid, token = made["id"], made["seats"]["assyria"]["token"]
    assert _reasons(srv, gid, token).status_code == 403  # "after", though a solo game
    _resign(srv, gid, token)
    assert _reasons(srv, gid).status_code == 403  # finished but private: its seats only
    assert _reasons(srv, gid, token).status_code == 200
    again = httpx.post(f"{srv.url}/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {token}"},
                       timeout=WAIT)
    assert again.status_code == 201, again.text
    assert _facts(srv, again.json()["id"])["bot_reasons"] == "after"


def test_bad_requests(srv: Server) -> None:
    user = register(srv)
    made = create(srv, user, {"game": GAME, "scenario": "two_rivers", "seats": SOLO})
    gid, token = made["id"], made["seats"]["assyria"]["token"]
    for since in ("-1", "x", str(10**10)):
        r = httpx.get(f"{srv.url}/api/games/{gid}/bot-reasons", params={"since": since},
                      headers={"Authorization": f"Bearer {token}"}, timeout=WAIT)
        assert r.status_code == 422, (since, r.text)
    r = httpx.post(f"{srv.url}/api/games", json={"game": GAME, "scenario": "two_rivers", "seats": SOLO,
                                                 "bot_reasons": "sometimes"},
                   headers={"Authorization": f"Bearer {user}"}, timeout=WAIT)
    assert r.status_code == 422, r.text
    assert _reasons(srv, "nosuchgame", token).status_code == 404


def test_on_postgresql(postgres: Postgres) -> None:
    server = Server(postgres.new_database())
    server.start()
    try:
        _check_solo_game(server)
    finally:
        server.stop()


def test_the_note_keeps_a_short_reason_and_the_label() -> None:
    action = {"id": "pass", "label": "aw.act.pass", "params": {"ap": 2}, "rule": "6.2"}

    class Talker:
        last_reason = "x" * 1000

    note = note_of(Talker(), action)  # type: ignore[arg-type]
    assert note is not None
    data = json.loads(note)
    assert len(data["reason"]) == REASON_MAX and data["reason"].endswith("…")
    assert (data["label"], data["params"], data["rule"]) == ("aw.act.pass", {"ap": 2}, "6.2")

    parts = [{"key": "aw.bot.end", "params": {"ap": "2"}}, {"key": "aw.bot.leaving_siege", "params": {}}]
    explainer = type("Explainer", (), {"last_reason": [*parts, "junk"]})()
    data = json.loads(note_of(explainer, action) or "")
    assert data["why"] == parts and "reason" not in data
    catalog = reason_catalog(GAME, "de")
    assert reason_text(data, catalog) == render_reason(data["why"], catalog)
    assert reason_text(data, catalog).startswith("den Impuls mit 2 übrigen AP beenden")
    assert reason_text({"reason": "old text"}, catalog) == "old text"  # a note kept before reasons were messages
    assert note_of(type("Mute", (), {"last_reason": []})(), action) is None  # type: ignore[arg-type]

    class Silent:
        pass

    assert note_of(Silent(), action) is None  # type: ignore[arg-type]


def test_the_migration_goes_down_and_up_again(tmp_path: Path) -> None:
    """0006 on SQLite: down to 0005 (no note, no setting) and up again."""
    from alembic import command
    from alembic.config import Config

    from ashur.server import db

    url = f"sqlite:///{tmp_path / 'm.db'}"
    db.migrate(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url)
    engine = create_engine(url)

    def columns() -> tuple[set[str], set[str]]:
        with engine.connect() as conn:
            return ({r[1] for r in conn.execute(text("PRAGMA table_info(actions)"))},
                    {r[1] for r in conn.execute(text("PRAGMA table_info(games)"))})

    try:
        assert "note" in columns()[0] and "bot_reasons" in columns()[1]
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0005")
        assert "note" not in columns()[0] and "bot_reasons" not in columns()[1]
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        assert "note" in columns()[0] and "bot_reasons" in columns()[1]
    finally:
        engine.dispose()
        db.dispose_all()
