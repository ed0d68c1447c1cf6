"""Timing of ``POST /api/games/{id}/actions`` split into its parts (issue 15's load figure), off unless
``ASHUR_TIMING`` names a file prefix: each worker process then appends one JSON line per action to
``PREFIX.PID.jsonl``, one per seat view read (``"kind": "view"``: its total and whether it missed the state
cache), and one line per garbage collection of the oldest generation.

A line of an action: ``total`` (the ASGI call, thread-pool queueing included), ``gc`` (collector pauses
in this process during the request, any thread), ``miss`` (the state was not in this process's cache),
and the milliseconds of each phase that ran: ``seat`` (seat-token lookup), ``read`` (game row and state),
``engine`` (the engine's act), ``prepare`` (the new snapshot's JSON, log entries, result), ``lock`` (this
process's writer turn), ``begin`` (SQLite ``BEGIN IMMEDIATE``: waiting for another process's writer),
``write`` (the rows, ``settle`` included: the seats' clocks and notices in the same transaction),
``commit``, ``fanout`` (websocket pokes, bot wake-up, the listeners). A collection's line has its pause, the
objects the collector tracks after it (frozen ones not counted) and what the state cache holds.
Nothing here changes what the server does; with the variable unset every call is a cheap no-op.
"""

from __future__ import annotations

import contextvars
import gc
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import orjson

_PREFIX = os.environ.get("ASHUR_TIMING", "").strip()
_record: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("ashur_timing", default=None)
_out_lock = threading.RLock()  # a collection's callback may write while this thread writes
_gc_total = 0.0
_gc_start = 0.0


def enabled() -> bool:
    return bool(_PREFIX)


def _write(line: dict[str, Any]) -> None:
    with _out_lock, open(f"{_PREFIX}.{os.getpid()}.jsonl", "ab") as f:
        f.write(orjson.dumps(line) + b"\n")


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    global _gc_total, _gc_start
    if phase == "start":
        _gc_start = time.perf_counter()
        return
    took = time.perf_counter() - _gc_start
    _gc_total += took
    if info.get("generation") == 2:
        extra: dict[str, Any] = {}
        for fields in _gc_fields:
            extra.update(fields())
        _write({"gc2": round(took * 1000, 2), "collected": info.get("collected"), "at": time.time(),
                "tracked": len(gc.get_objects()), **extra})


_gc_fields: list[Callable[[], dict[str, Any]]] = []


def add_gc_fields(fields: Callable[[], dict[str, Any]]) -> None:
    """Register what a full collection's line also reports (the store's caches register here, so this
    module, below the store, does not import it)."""
    _gc_fields.append(fields)


if _PREFIX:
    gc.callbacks.append(_on_gc)


def note(key: str, value: Any) -> None:
    """Put `value` under `key` in the current request's record (when timing)."""
    rec = _record.get()
    if rec is not None:
        rec[key] = value


@contextmanager
def phase(name: str) -> Iterator[None]:
    """Add the block's milliseconds to phase `name` of the current request's record (when timing)."""
    rec = _record.get()
    if rec is None:
        yield
        return
    t0 = time.perf_counter()
    try:
        yield
    finally:
        rec[name] = round(rec.get(name, 0.0) + (time.perf_counter() - t0) * 1000, 3)


class ActionTiming:
    """ASGI middleware: a record per ``POST .../actions`` and ``GET .../view`` (installed only when timing)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope.get("type") != "http" or (scope.get("method"), path.rsplit("/", 1)[-1]) not in (
                ("POST", "actions"), ("GET", "view")):
            await self.app(scope, receive, send)
            return
        rec: dict[str, Any] = {} if scope["method"] == "POST" else {"kind": "view"}
        token = _record.set(rec)
        status = 0

        async def send2(message: dict[str, Any]) -> None:
            nonlocal status
            if message.get("type") == "http.response.start":
                status = int(message.get("status", 0))
            await send(message)

        t0, gc0 = time.perf_counter(), _gc_total
        try:
            await self.app(scope, receive, send2)
        finally:
            _record.reset(token)
            rec.update(total=round((time.perf_counter() - t0) * 1000, 3), gc=round((_gc_total - gc0) * 1000, 3),
                       status=status, at=time.time())
            _write(rec)
