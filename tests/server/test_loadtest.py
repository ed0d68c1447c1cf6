"""The load script's pieces (loopback-only arguments, bounds, percentile maths) and its clients end to
end against a small stand-in of the issue's HTTP API (stdlib server over the real engine)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import math
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ashur.core import registry
from ashur.core.errors import IllegalAction
from ashur.core.registry import get_game
from ashur.core.session import Match
from tests.core.tinygame import GAME as TINY

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "loadtest.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ashur_loadtest", SCRIPT)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


lt = load_script()


# --- arguments and figures ------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "http://localhost:9/", "https://[::1]:8443",
                                 "http://127.3.4.5:1/prefix"])
def test_loopback_urls_pass(url: str) -> None:
    assert lt.check_base_url(url) == url.rstrip("/")


@pytest.mark.parametrize("url", ["http://10.0.0.1:8000", "http://example.org", "http://0.0.0.0:8000",
                                 "http://192.168.1.2", "ftp://127.0.0.1", "http://user:pw@127.0.0.1:1",
                                 "http://[::1", "127.0.0.1:8000", "http://localhost.example.org"])
def test_other_urls_are_refused(url: str) -> None:
    with pytest.raises(lt.LoadError):
        lt.check_base_url(url)


@pytest.mark.parametrize("argv", [["--base-url", "http://8.8.8.8"], ["--games", "0"], ["--games", "10001"],
                                  ["--seconds", "0"], ["--seconds", "3601"], ["--max-actions", "0"],
                                  ["--connections", "0"], ["--seat", "bot:random"], ["--think", "-1"],
                                  ["--think", "3601"]])
def test_bad_arguments_exit(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        lt.parse_args(argv)


def test_defaults() -> None:
    a = lt.parse_args([])
    assert a.base_url == "http://127.0.0.1:8000" and a.games == 10 and a.seconds == 30 and not a.json
    assert a.think == 0.0


def test_percentile_nearest_rank() -> None:
    values = list(range(1, 101))  # 1..100
    assert lt.percentile(values, 50) == 50
    assert lt.percentile(values, 95) == 95
    assert lt.percentile(values, 99) == 99
    assert lt.percentile(values, 100) == 100
    assert lt.percentile([5.0], 99) == 5.0
    assert lt.percentile([3, 1, 2], 50) == 2
    assert lt.percentile([1, 2, 3, 4], 50) == 2
    assert lt.percentile([1, 2, 3, 4], 51) == 3
    assert math.isnan(lt.percentile([], 50))
    with pytest.raises(ValueError):
        lt.percentile([1], 0)


def test_summary_figures() -> None:
    s = lt.Stats(latencies=[0.001 * i for i in range(1, 201)], started=10.0, ended=12.0, games_created=4)
    s.count("action 200")
    out = s.summary()
    assert out["actions"] == 200 and out["actions_per_second"] == 100.0
    assert out["latency_ms"]["p50"] == 100.0 and out["latency_ms"]["p99"] == 198.0
    assert out["latency_ms"]["max"] == 200.0
    assert "p99 198.0" in lt.format_summary(out)
    empty = lt.Stats(started=1.0, ended=2.0).summary()
    assert empty["latency_ms"]["p50"] is None and json.dumps(empty)


# --- a stand-in server ----------------------------------------------------------------------------------

class FakeApi(ThreadingHTTPServer):
    """The four endpoints the script uses, over the engine, with versions, 409 and 422."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.lock = threading.Lock()
        self.games: dict[int, dict[str, Any]] = {}
        self.seat_tokens: dict[str, tuple[int, str]] = {}
        self.users: set[str] = set()


class Handler(BaseHTTPRequestHandler):
    server: FakeApi
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def reply(self, code: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def token(self) -> str:
        return self.headers.get("Authorization", "").removeprefix("Bearer ")

    def body(self) -> Any:
        return json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"null")

    def do_GET(self) -> None:
        parts = self.path.strip("/").split("/")
        srv = self.server
        with srv.lock:
            seat = srv.seat_tokens.get(self.token())
            if seat is None or parts[:2] != ["api", "games"] or parts[3:] != ["view"] or seat[0] != int(parts[2]):
                return self.reply(403, {"error": "forbidden"})
            g = srv.games[seat[0]]
            m: Match = g["match"]
            acts = m.game.legal_actions(m.state, seat[1]) if seat[1] in m.active() else []
            return self.reply(200, {"version": g["version"], "role": seat[1], "view": {}, "actions": acts})

    def do_POST(self) -> None:
        srv = self.server
        body = self.body()
        parts = self.path.strip("/").split("/")
        with srv.lock:
            if self.path == "/api/register":
                tok = f"user{len(srv.users)}"
                srv.users.add(tok)
                return self.reply(201, {"token": tok})
            if self.path == "/api/games":
                if self.token() not in srv.users:
                    return self.reply(401, {"error": "no user"})
                game = get_game(body["game"])
                match = Match.new(game, body["scenario"], len(srv.games) + 1, body["options"], keep_undo=False)
                gid = len(srv.games) + 1
                srv.games[gid] = {"match": match, "version": 0}
                seats = {}
                for role in body["seats"]:
                    tok = f"seat{gid}-{role}"
                    srv.seat_tokens[tok] = (gid, role)
                    seats[role] = {"token": tok, "url": f"/games/{gid}"}
                return self.reply(201, {"id": gid, "seats": seats})
            seat = srv.seat_tokens.get(self.token())
            if seat is None or parts[3:] != ["actions"] or seat[0] != int(parts[2]):
                return self.reply(403, {"error": "forbidden"})
            g = srv.games[seat[0]]
            if body["version"] != g["version"]:
                return self.reply(409, {"error": "stale"})
            try:
                g["match"].act(seat[1], body["action"])
            except IllegalAction as exc:
                return self.reply(422, {"error": str(exc), "rule": exc.rule})
            g["version"] += 1
            return self.reply(200, {"version": g["version"]})


@pytest.fixture
def api() -> Iterator[str]:
    registry.register(TINY)
    srv = FakeApi()
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()
        registry.unregister(TINY.id)


def test_clients_play_games_to_their_end(api: str) -> None:
    args = lt.parse_args(["--base-url", api, "--games", "4", "--seconds", "120", "--game", "tiny",
                          "--scenario", "basic", "--seed", "1", "--connections", "8"])
    summary = asyncio.run(lt.Runner(args).run(lt.roles_of("tiny", "basic")))
    assert summary["games"] == 4 and summary["games_over"] == 4
    assert summary["actions"] == summary["status"]["action 200"] > 4 * 6
    assert summary["latency_ms"]["p50"] <= summary["latency_ms"]["p99"] <= summary["latency_ms"]["max"]


def test_think_time_slows_the_offered_load_and_is_not_timed(api: str) -> None:
    """With a mean think time each seat pauses before it acts: the games still end, fewer actions go
    out per second than as fast as possible, and no pause is counted in an action's latency."""
    args = lt.parse_args(["--base-url", api, "--games", "2", "--seconds", "120", "--game", "tiny",
                          "--scenario", "basic", "--seed", "3", "--connections", "4", "--think", "0.05"])
    summary = asyncio.run(lt.Runner(args).run(lt.roles_of("tiny", "basic")))
    assert summary["games_over"] == 2 and summary["think_seconds"] == 0.05
    # at least one pause per action, one game's seats pausing one at a time (mostly): a wall time of
    # about 0.05 s per action of a game; the latencies hold the POSTs only
    assert summary["seconds"] >= 0.02 * summary["actions"] / 2
    assert summary["latency_ms"]["max"] < summary["seconds"] * 1000


def test_bounded_by_action_count_on_assyrian_wars(api: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = lt.main(["--base-url", api, "--games", "3", "--seconds", "120", "--max-actions", "60",
                    "--seed", "2", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and 60 <= out["actions"] < 60 + 3 * 5
    assert out["games_over"] == 0


def test_a_server_that_refuses_is_one_line(api: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = lt.main(["--base-url", api + "/nothing-here", "--games", "1", "--seconds", "5"])
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith("loadtest: ") and err.count("\n") == 1
