#!/usr/bin/env python3
"""Load test of the Ashur server's HTTP API (issue 15): N concurrent games played by random clients.

    .venv/bin/python scripts/loadtest.py --base-url http://127.0.0.1:8000 --games 20 --seconds 30 [--json]

Loopback only (anything else is refused: this is a load generator), bounded in count (``--games``, at most
10,000; ``--max-actions``) and in time (``--seconds``, at most an hour). It registers a user, creates the
games with every seat ``human`` (or ``open``), then runs one client per seat: each GETs its seat's view,
POSTs a random legal action with the version it saw (409: read again; 422: counted, read again) and, when
it has nothing to do, waits until another seat of the same game has acted (as a websocket push would wake
it). A game whose seats all see no action at the same version is over. Only the POST of an action is
timed (the client-side queue for a connection is not: a semaphore as wide as the pool is taken first); it
prints p50/p95/p99 and actions per second, or one JSON object with ``--json``.

The offered load: by default (``--think 0``) every seat acts as fast as the server answers, which
saturates the server (latency is then mostly queueing). With ``--think SECONDS`` a seat that has legal
actions first waits an exponentially distributed think time of that mean (as a person or a bot thinks),
then POSTs its choice at the version it read; the think time is not timed. The seats then also start at
a random moment within the first think time (not all at once). 1,000 games of one deciding seat each
offer about ``1000 / SECONDS`` actions per second.

The API used (the issue's): ``POST /api/register {name, password} -> 201 {token}``; ``POST /api/games``
(Bearer user token) ``{game, scenario, options, seats} -> 201 {id, seats: {role: {token, url}}}``;
``GET /api/games/{id}/view`` (Bearer seat token) ``-> {version, role, view, actions}``;
``POST /api/games/{id}/actions {action, version} -> 200 {version}``, 422, 409.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import ipaddress
import json
import math
import random
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson

MAX_GAMES = 10_000
MAX_SECONDS = 3600.0
IDLE_RECHECK = 60.0
"""A seat with nothing to do reads its view again after this many seconds even when no change woke it
(a lost wake-up, e.g. an action whose answer was lost, never stalls a game). A safety net only: a real
client is woken by the websocket push. (At 5 s, 1,000 games' 2,000 idle seats made 400 view reads a second
of pure polling, which saturated the client and the server and hid the action latency.)"""


class LoadError(Exception):
    """A refused argument or a server that does not answer as the API says (one line)."""


class TimeUp(Exception):
    """A client's request would go out after the end of the play."""


# --- arguments ------------------------------------------------------------------------------------------

def check_base_url(url: str) -> str:
    """`url` without a trailing slash if it is an http(s) URL of a loopback host, else LoadError."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
        _ = parts.port
    except ValueError:
        raise LoadError(f"--base-url {url!r:.80}: not a URL") from None
    if parts.scheme not in ("http", "https") or not host:
        raise LoadError(f"--base-url {url!r:.80}: an http(s) URL such as http://127.0.0.1:8000")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise LoadError(f"--base-url {url!r:.80}: scheme, host, port and path only")
    if host != "localhost":
        try:
            addr = ipaddress.ip_address(host)
        except ValueError:
            raise LoadError(f"--base-url: {host!r:.60} is not a loopback address (use 127.0.0.1, ::1 or "
                            "localhost): this script loads local servers only") from None
        if not addr.is_loopback:
            raise LoadError(f"--base-url: {host} is not a loopback address: this script loads local "
                            "servers only")
    return url.rstrip("/")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The checked arguments (argparse exits with a message on bad ones)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--base-url", default="http://127.0.0.1:8000", help="the server (loopback only)")
    p.add_argument("--games", type=int, default=10, help=f"concurrent games, 1..{MAX_GAMES}")
    p.add_argument("--seconds", type=float, default=30.0, help=f"time limit of the play, up to {MAX_SECONDS:g}")
    p.add_argument("--max-actions", type=int, default=1_000_000, help="stop after this many accepted actions")
    p.add_argument("--game", default="assyrian-wars")
    p.add_argument("--scenario", default="two_rivers")
    p.add_argument("--seat", choices=("human", "open"), default="human", help="the kind of every seat")
    p.add_argument("--connections", type=int, default=64, help="HTTP connections (and requests in flight)")
    p.add_argument("--seed", type=int, default=None, help="seed of the clients' random choices")
    p.add_argument("--think", type=float, default=0.0,
                   help="mean think time in seconds before each action (exponential; 0: as fast as possible)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    try:
        args.base_url = check_base_url(args.base_url)
    except LoadError as exc:
        p.error(str(exc))
    if not 1 <= args.games <= MAX_GAMES:
        p.error(f"--games must be between 1 and {MAX_GAMES}")
    if not 0 < args.seconds <= MAX_SECONDS:
        p.error(f"--seconds must be above 0 and at most {MAX_SECONDS:g}")
    if args.max_actions < 1:
        p.error("--max-actions must be at least 1")
    if not 1 <= args.connections <= 1000:
        p.error("--connections must be between 1 and 1000")
    if not 0 <= args.think <= MAX_SECONDS:
        p.error(f"--think must be between 0 and {MAX_SECONDS:g} seconds")
    return args


# --- figures --------------------------------------------------------------------------------------------

def percentile(values: Sequence[float], p: float) -> float:
    """The `p`-th percentile (0 < p <= 100) by the nearest-rank method: the smallest value with at least
    p % of the values at or below it. NaN for no values."""
    if not 0 < p <= 100:
        raise ValueError("p is in (0, 100]")
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


class Pauses:
    """This process's garbage-collector pauses (a pause of the client delays every answer it is waiting
    for: it counts in the latency measured)."""

    def __init__(self) -> None:
        self.total = 0.0
        self.longest = 0.0
        self.count = 0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            return
        took = time.perf_counter() - self._start
        self.total += took
        if info.get("generation") == 2:
            self.count += 1
            self.longest = max(self.longest, took)


@dataclass
class Stats:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    status: dict[str, int] = field(default_factory=dict)
    games_created: int = 0
    games_over: int = 0
    think: float = 0.0
    started: float = 0.0
    ended: float = 0.0
    pauses: Pauses = field(default_factory=Pauses)
    lag: list[float] = field(default_factory=list)

    def count(self, key: str) -> None:
        self.status[key] = self.status.get(key, 0) + 1

    def summary(self) -> dict[str, Any]:
        """The figures: accepted actions, actions/second over the play, latency percentiles (ms)."""
        seconds = max(self.ended - self.started, 1e-9)
        ms = [x * 1000 for x in self.latencies]

        def r(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 2)

        return {
            "games": self.games_created,
            "games_over": self.games_over,
            "actions": len(ms),
            "seconds": round(seconds, 3),
            "actions_per_second": round(len(ms) / seconds, 1),
            "think_seconds": self.think,
            "latency_ms": {"p50": r(percentile(ms, 50)), "p95": r(percentile(ms, 95)),
                           "p99": r(percentile(ms, 99)), "max": r(max(ms) if ms else math.nan),
                           "mean": r(sum(ms) / len(ms) if ms else math.nan)},
            "status": dict(sorted(self.status.items())),
            "client_gc_ms": {"total": round(self.pauses.total * 1000, 1), "full": self.pauses.count,
                             "longest_full": round(self.pauses.longest * 1000, 1)},
            "client_loop_lag_ms": {"p50": r(percentile([x * 1000 for x in self.lag], 50)),
                                   "p99": r(percentile([x * 1000 for x in self.lag], 99)),
                                   "max": r(max(self.lag) * 1000 if self.lag else math.nan)},
        }


def format_summary(s: dict[str, Any]) -> str:
    """The summary for people."""
    lat = s["latency_ms"]
    return (f"{s['games']} games ({s['games_over']} over), {s['actions']} actions in {s['seconds']} s: "
            f"{s['actions_per_second']} actions/s (think {s.get('think_seconds', 0)} s)\n"
            f"action latency ms: p50 {lat['p50']}  p95 {lat['p95']}  p99 {lat['p99']}  max {lat['max']}\n"
            f"answers: {', '.join(f'{k}: {v}' for k, v in s['status'].items())}"
            + (f"\nclient collector pauses: {s['client_gc_ms']['total']} ms, {s['client_gc_ms']['full']} full "
               f"(longest {s['client_gc_ms']['longest_full']} ms)" if "client_gc_ms" in s else ""))


# --- the clients ----------------------------------------------------------------------------------------

class Table:
    """One game as its clients share it: a change counter to wait on and who saw nothing to do."""

    def __init__(self, game_id: Any, tokens: dict[str, str]) -> None:
        self.id = game_id
        self.tokens = tokens
        self.changes = 0
        self.idle: dict[str, int] = {}
        self.over = False
        self.cond = asyncio.Condition()

    async def changed(self) -> None:
        async with self.cond:
            self.changes += 1
            self.cond.notify_all()

    async def wait(self, seen: int, timeout: float) -> None:
        async with self.cond:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.cond.wait_for(lambda: self.changes != seen or self.over), timeout)

    async def finish(self) -> None:
        async with self.cond:
            self.over = True
            self.cond.notify_all()


class Runner:
    """Creates the games and plays them with one random client per seat."""

    def __init__(self, args: argparse.Namespace, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.stats = Stats(think=float(getattr(args, "think", 0.0)))
        self.transport = transport
        self.gate = asyncio.Semaphore(args.connections)
        self.deadline = 0.0
        self.stop = False

    async def _request(self, client: httpx.AsyncClient, method: str, path: str, token: str | None = None,
                       body: Any = None, timed: bool = False) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with self.gate:
            if self.deadline and time.perf_counter() > self.deadline:
                raise TimeUp  # queued here past the end of the play: not sent (the play is bounded in time)
            t0 = time.perf_counter()
            resp = await client.request(method, path, json=body, headers=headers)
            if timed and resp.status_code == 200:
                self.stats.latencies.append(time.perf_counter() - t0)
        return resp

    async def _lag(self) -> None:
        """How late this process's event loop wakes a 10 ms sleep (an answer that arrives meanwhile is
        read that much later: client time, counted in the latency)."""
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.01)
            self.stats.lag.append(time.perf_counter() - t0 - 0.01)

    async def setup(self, client: httpx.AsyncClient, roles: list[str]) -> list[Table]:
        name = f"load-{secrets.token_hex(6)}"
        resp = await self._request(client, "POST", "/api/register",
                                   body={"name": name, "password": secrets.token_urlsafe(16)})
        if resp.status_code != 201:
            raise LoadError(f"POST /api/register answered {resp.status_code}: {resp.text[:200]}")
        user = resp.json()["token"]
        body = {"game": self.args.game, "scenario": self.args.scenario, "options": {},
                "seats": dict.fromkeys(roles, self.args.seat)}

        async def create() -> Table:
            r = await self._request(client, "POST", "/api/games", user, body)
            if r.status_code != 201:
                raise LoadError(f"POST /api/games answered {r.status_code}: {r.text[:200]}")
            data = r.json()
            return Table(data["id"], {role: seat["token"] for role, seat in data["seats"].items()})

        tables = await asyncio.gather(*(create() for _ in range(self.args.games)))
        self.stats.games_created = len(tables)
        return list(tables)

    async def seat(self, client: httpx.AsyncClient, table: Table, role: str) -> None:
        """One random client: read the view, act, or wait for a change of the game (until the end)."""
        with contextlib.suppress(TimeUp):
            await self._seat(client, table, role)

    async def _seat(self, client: httpx.AsyncClient, table: Table, role: str) -> None:
        token = table.tokens[role]
        rng = random.Random(self.rng.getrandbits(64))
        think = float(getattr(self.args, "think", 0.0))
        if think > 0:  # people arrive at the table over one think time, not all in the same instant
            await asyncio.sleep(rng.uniform(0, min(think, max(self.deadline - time.perf_counter(), 0))))
        while not (self.stop or table.over):
            left = self.deadline - time.perf_counter()
            if left <= 0:
                return
            seen = table.changes
            try:
                resp = await self._request(client, "GET", f"/api/games/{table.id}/view", token)
            except httpx.HTTPError as exc:
                self.stats.count(f"view {type(exc).__name__}")
                await asyncio.sleep(0.05)
                continue
            if resp.status_code != 200:
                self.stats.count(f"view {resp.status_code}")
                await table.wait(seen, min(left, 1.0))
                continue
            data = orjson.loads(resp.content)  # a view with its legal list is large: the fast parser
            actions = data.get("actions") or []
            if not actions:
                table.idle[role] = data["version"]
                del data, actions, resp  # not held while waiting (see below)
                versions = set(table.idle.values())
                if len(table.idle) == len(table.tokens) and len(versions) == 1:
                    if not table.over:  # counted once, by the seat that saw it first
                        table.over = True
                        self.stats.games_over += 1
                        await table.finish()
                    return
                await table.wait(seen, min(left, IDLE_RECHECK))
                continue
            table.idle.pop(role, None)
            choice = actions[rng.randrange(len(actions))]
            body = {"action": choice["id"] if isinstance(choice, dict) else choice, "version": data["version"]}
            # the parsed view is dropped before thinking (and waiting, above): 3,000 seats holding theirs
            # kept ~1 GB of small objects alive, which this process's own full collections walked
            # (pauses of the client, timed as the server's latency)
            del data, actions, choice, resp
            if think > 0:  # not timed; a stale version then gets 409 and a new read
                pause = rng.expovariate(1.0 / think)
                if pause >= self.deadline - time.perf_counter():
                    return
                await asyncio.sleep(pause)
            try:
                resp = await self._request(client, "POST", f"/api/games/{table.id}/actions", token, body,
                                           timed=True)
            except httpx.HTTPError as exc:
                self.stats.count(f"action {type(exc).__name__}")
                await table.changed()  # it may have gone through: let the other seats look
                continue
            self.stats.count(f"action {resp.status_code}")
            if resp.status_code == 200:
                if len(self.stats.latencies) >= self.args.max_actions:
                    self.stop = True
                await table.changed()

    async def run(self, roles: list[str]) -> dict[str, Any]:
        limits = httpx.Limits(max_connections=self.args.connections,
                              max_keepalive_connections=self.args.connections)
        async with httpx.AsyncClient(base_url=self.args.base_url, limits=limits, timeout=30.0,
                                     transport=self.transport) as client:
            tables = await self.setup(client, roles)
            self.stats.started = time.perf_counter()
            self.deadline = self.stats.started + self.args.seconds
            # No full collection of the client during the play (a bounded run; the young generations are
            # collected as always): 3,000 seats' coroutines make a full collection of this process take
            # 0.1-0.3 s, which every answer then waiting counted as latency (16 of them in a 180 s run).
            saved = gc.get_threshold()
            gc.collect()
            gc.freeze()
            gc.set_threshold(saved[0], saved[1], 1_000_000_000)
            gc.callbacks.append(self.stats.pauses)
            lag = asyncio.create_task(self._lag())
            try:
                await asyncio.gather(*(self.seat(client, t, role) for t in tables for role in t.tokens))
            finally:
                lag.cancel()
                gc.callbacks.remove(self.stats.pauses)
                gc.set_threshold(*saved)
                gc.unfreeze()
            self.stats.ended = time.perf_counter()
        return self.stats.summary()


def roles_of(game_id: str, scenario: str) -> list[str]:
    """The roles of a game with default options, from the engine's contract."""
    from ashur.core.contract import check_scenario, resolve_options
    from ashur.core.registry import get_game

    game = get_game(game_id)
    check_scenario(game, scenario)
    return game.roles(scenario, resolve_options(game, {}))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        summary = asyncio.run(Runner(args).run(roles_of(args.game, args.scenario)))
    except (LoadError, httpx.HTTPError) as exc:
        print(f"loadtest: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # an engine SetupError (unknown game or scenario) and the like
        print(f"loadtest: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary) if args.json else format_summary(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
