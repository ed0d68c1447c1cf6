"""The archive routes through a real server process (SQLite and PostgreSQL): export of finished games
only, import of a save as a new game that continues it, replay frames, a seat's own history."""

from __future__ import annotations

import random
from collections.abc import Iterator

import httpx
import orjson
import pytest

from ashur.core import registry
from ashur.core.session import Match
from ashur.server import archive
from tests.core.tinygame import GAME as TINY
from tests.server.conftest import Server
from tests.server.helpers import create, plain, play_over_socket, register

SEATS = {"red": "human", "blue": "human"}


@pytest.fixture(autouse=True, scope="module")
def tiny_here() -> Iterator[None]:
    """The tiny game registered in this process too (to read the saves the server gives)."""
    known = TINY.id in registry.game_ids()
    registry.register(TINY)
    yield
    if not known:
        registry.unregister(TINY.id)


def _play(server: Server, clients: dict[str, httpx.Client], gid: str, match: Match, rng: random.Random,
          limit: int | None = None) -> int:
    """Play random legal actions through the API, mirrored in `match`, until the end or `limit` actions."""
    version, n = len(match.actions), 0
    while not TINY.result(match.state)["over"] and (limit is None or n < limit):
        role = match.active()[0]
        choice = rng.choice(TINY.legal_actions(match.state, role))["id"]
        r = clients[role].post(f"/api/games/{gid}/actions", json={"action": choice, "version": version})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
        match.act(role, choice)
        n += 1
    return version


def _game(server: Server, seed: int, public: bool = True) -> tuple[str, dict[str, httpx.Client], Match]:
    made = create(server, register(server), {"game": "tiny", "seats": SEATS, "seed": seed, "public": public})
    clients = {r: server.client(made["seats"][r]["token"]) for r in SEATS}
    return made["id"], clients, Match.new(TINY, "basic", seed, {}, dict(SEATS))


def test_export_and_replay_only_once_finished_then_frames_equal_the_engine(server: Server) -> None:
    gid, clients, match = _game(server, 21)
    _play(server, clients, gid, match, random.Random(1), limit=3)
    # during the game: no export (the save holds the seed), no replay, for anyone
    for who in (httpx, clients["red"]):
        refused = who.get(f"{server.url}/api/games/{gid}/export")
        assert refused.status_code == 409 and "seed" in refused.json()["error"]
        assert who.get(f"{server.url}/api/games/{gid}/replay", params={"step": 1}).status_code == 409
    _play(server, clients, gid, match, random.Random(2))
    got = httpx.get(f"{server.url}/api/games/{gid}/export")
    assert got.status_code == 200, got.text
    assert got.headers["content-disposition"] == f'attachment; filename="{gid}.ashur.json"'
    cont = archive.load_save(got.text)
    assert cont.over and cont.actions == match.actions and cont.seed == 21
    # every step's frame, as each role and as an observer, is the engine's
    again = Match.new(TINY, "basic", 21, {}, dict(SEATS))
    states = [again.state]
    for role, action_id in match.actions:
        again.act(role, action_id)
        states.append(again.state)
    for k in (0, 1, len(match.actions) // 2, len(match.actions)):
        for role in ("red", "blue", "observer"):
            frame = httpx.get(f"{server.url}/api/games/{gid}/replay", params={"step": k, "role": role})
            assert frame.status_code == 200, frame.text
            body = frame.json()
            assert body["step"] == k and body["steps"] == len(match.actions)
            assert body["view"] == plain(TINY.view(states[k], role))
            assert body["action"] == (match.actions[k - 1] if k else None)
    last = httpx.get(f"{server.url}/api/games/{gid}/replay").json()
    assert last["step"] == len(match.actions) and last["result"]["over"]
    assert httpx.get(f"{server.url}/api/games/{gid}/replay", params={"step": 10**6}).status_code == 422
    assert httpx.get(f"{server.url}/api/games/{gid}/replay", params={"role": "green"}).status_code == 422


def test_a_private_games_export_is_for_its_seats(server: Server) -> None:
    gid, clients, match = _game(server, 22, public=False)
    clients["red"].post(f"/api/games/{gid}/resign")
    assert httpx.get(f"{server.url}/api/games/{gid}/export").status_code == 403
    assert httpx.get(f"{server.url}/api/games/{gid}/replay").status_code == 403
    other = server.client(register(server)).get(f"/api/games/{gid}/export")
    assert other.status_code == 403
    mine = clients["blue"].get(f"/api/games/{gid}/export")
    assert mine.status_code == 200 and orjson.loads(mine.content)["seed"] == 22
    frame = clients["blue"].get(f"/api/games/{gid}/replay", params={"step": 0, "role": "blue"})
    assert frame.status_code == 200 and frame.json()["view"] == plain(TINY.view(match.state, "blue"))


def test_a_seats_history_never_shows_another_seats_secrets(server: Server) -> None:
    gid, clients, match = _game(server, 23)
    _play(server, clients, gid, match, random.Random(5), limit=8)
    for role, other in (("red", "blue"), ("blue", "red")):
        got = clients[role].get(f"/api/games/{gid}/history")
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["role"] == role
        assert body["entries"] == [{"index": i, "key": e["key"], "rule": e.get("rule"),
                                    "params": plain(e.get("params") or {})}
                                   for i, e in TINY.visible_log(match.state, role)]
        secret_of_other = [e for e in body["entries"] if e["key"] in ("tiny.bid_secret", "tiny.drew")
                           and e["params"].get("role") == other]
        assert secret_of_other == []
        own = [e for e in body["entries"] if e["key"] == "tiny.bid_secret"]
        assert own and all(e["params"]["role"] == role for e in own)
        assert all("to" not in e for e in body["entries"])
        later = clients[role].get(f"/api/games/{gid}/history", params={"since": 3, "lang": "en"}).json()
        assert [e["index"] for e in later["entries"]] == [e["index"] for e in body["entries"] if e["index"] >= 3]
        assert all("text" in e for e in later["entries"])
    assert httpx.get(f"{server.url}/api/games/{gid}/history").status_code == 401


def test_import_continues_a_save_as_a_new_game(server: Server) -> None:
    user = register(server)
    match = Match.new(TINY, "basic", 24, {}, {"red": "human", "blue": "bot:random"})
    for role, action_id in (("red", "bid:2"), ("blue", "bid:0"), ("red", "roll"), ("red", "end"),
                            ("blue", "roll"), ("blue", "end")):
        match.act(role, action_id)
    assert match.active() == ["red"]  # the save stops where red must move
    text = archive.export_text("tiny", "basic", {}, 24, match.actions, {"red": "human", "blue": "bot:random"})
    me = server.client(user)
    assert httpx.post(f"{server.url}/api/games/import", content=text).status_code == 401
    made = me.post("/api/games/import", content=text, headers={"Content-Type": "application/json"})
    assert made.status_code == 201, made.text
    gid, seats = made.json()["id"], made.json()["seats"]
    assert set(seats) == {"red"}
    red = server.client(seats["red"]["token"])
    view = red.get(f"/api/games/{gid}/view").json()
    assert view["version"] == len(match.actions) and view["status"] == "active"
    assert view["view"] == plain(TINY.view(match.state, "red"))
    assert view["actions"] == plain(TINY.legal_actions(match.state, "red"))
    facts = httpx.get(f"{server.url}/api/games/{gid}")
    assert facts.status_code == 200 and not facts.json()["public"]
    # an upload (a form's file) works alike; the new game is played on
    upload = me.post("/api/games/import", files={"file": ("mine.ashur.json", text.encode(), "application/json")})
    assert upload.status_code == 201, upload.text
    gid2, token2 = upload.json()["id"], upload.json()["seats"]["red"]["token"]
    acked, last = play_over_socket(server, gid2, token2, random.Random(4))  # the bot plays blue on the server
    assert last["status"] == "finished" and acked and acked[0][0] > len(match.actions)
    # bad files: 422 naming the line and the field, or the action that does not fit
    bad_field = text.replace('"scenario": "basic"', '"scenario": 5')
    r = me.post("/api/games/import", content=bad_field, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json() == {"error": "<upload>:4: field 'scenario': Input should be a valid string", "line": 4,
                        "field": "scenario"}
    broken = orjson.loads(text)
    broken["actions"][2][1] = "play:99"
    r = me.post("/api/games/import", content=orjson.dumps(broken), headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and "action #" in r.json()["error"] and "play:99" in r.json()["error"], r.text
    assert me.post("/api/games/import", content=b"{", headers={"Content-Type": "application/json"}
                   ).status_code == 422
    assert me.post("/api/games/import", content=b"").status_code == 422


def test_the_import_takes_saves_larger_than_other_bodies(server: Server) -> None:
    """Other bodies stop at 64 KiB (413); a save file may be larger (up to ASHUR_MAX_IMPORT, 8 MiB)."""
    me = server.client(register(server))
    match = Match.new(TINY, "basic", 25, {}, dict(SEATS))
    text = archive.export_text("tiny", "basic", {}, 25, match.actions, dict(SEATS))
    padded = text.replace("{", "{" + " " * 100_000, 1)
    made = me.post("/api/games/import", content=padded, headers={"Content-Type": "application/json"})
    assert made.status_code == 201, made.text
    huge = me.post("/api/games/import", content=b" " * (9 * 1024 * 1024), headers={"Content-Type": "application/json"})
    assert huge.status_code == 413
    assert me.post("/api/games", content=b" " * 100_000, headers={"Content-Type": "application/json"}
                   ).status_code == 413
