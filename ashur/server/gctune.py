"""The garbage collector and the thread switch interval of a worker process (issue 15's load figure: the
long tail of an action).

A full collection walks every tracked object that is not frozen and holds the interpreter lock meanwhile:
every request in flight in that worker (and the writer lock it may hold) waits. At start-up
(:func:`install`): one collection, then ``gc.freeze()`` (what exists after start-up, about 110,000 objects
of the modules, the engine's content and the framework, lives as long as the process: never walked
again); and the automatic full collection is replaced by one every ``ASHUR_GC_SECONDS`` (default 120) in
a background thread. The young generations are collected as always (cheap); cyclic garbage that reached
the old generation waits at most that long. With ``ASHUR_GC_SECONDS=0`` Python's own policy is left alone.
What the timed collection walks is mostly the parsed states of the state cache (:mod:`ashur.server.store`,
which also keeps the states it lets go from becoming cyclic garbage): about 52,000 objects with the
default 64 states, 40-300 ms on the shared 2 cores under load, once every two minutes per worker.

The thread switch interval (:func:`switch_interval`) is shortened to 1 ms.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import threading

log = logging.getLogger("ashur.server")

DEFAULT_SECONDS = 120.0
_NEVER = 1_000_000_000
"""A gen-2 threshold that the count of gen-1 collections never reaches (no automatic full collection)."""


def interval() -> float:
    """``ASHUR_GC_SECONDS`` (0: Python's own policy)."""
    raw = os.environ.get("ASHUR_GC_SECONDS", "").strip()
    try:
        return max(0.0, float(raw)) if raw else DEFAULT_SECONDS
    except ValueError:
        log.error("ASHUR_GC_SECONDS=%r is not a number: %s s", raw, DEFAULT_SECONDS)
        return DEFAULT_SECONDS


class Collector:
    """Full collections on a timer (:func:`install` makes one per process)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="ashur-gc", daemon=True)
        self.saved = gc.get_threshold()

    def start(self) -> None:
        gc.collect()
        gc.freeze()
        t0, t1, _t2 = self.saved
        gc.set_threshold(t0, t1, _NEVER)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        gc.set_threshold(*self.saved)

    def _run(self) -> None:
        while not self.stopping.wait(self.seconds):
            gc.collect()


_running: Collector | None = None


DEFAULT_SWITCH_MS = 1.0


def switch_interval() -> float:
    """Set the interpreter's thread switch interval to ``ASHUR_SWITCH_MS`` milliseconds (default 1; Python's
    own is 5) and return it. A thread holding the database's writer lock needs the interpreter lock back
    after each SQL statement, and so does the event loop for each request it reads or answers; while view
    threads compute, each waits up to this long every time, and every other writer waits behind the one
    holding the lock (measured under 1,000 games: 1 ms cut the client's p50 and p95 by a third to a
    half)."""
    raw = os.environ.get("ASHUR_SWITCH_MS", "").strip()
    try:
        ms = float(raw) if raw else DEFAULT_SWITCH_MS
    except ValueError:
        log.error("ASHUR_SWITCH_MS=%r is not a number: %s ms", raw, DEFAULT_SWITCH_MS)
        ms = DEFAULT_SWITCH_MS
    seconds = min(max(ms, 0.1), 100.0) / 1000
    sys.setswitchinterval(seconds)
    return seconds * 1000


def install() -> Collector | None:
    """Freeze what start-up made and collect the old generation on a timer (None when turned off, or
    when this process runs one already, e.g. a second application in a test)."""
    global _running
    switch_interval()
    seconds = interval()
    if seconds <= 0 or (_running is not None and not _running.stopping.is_set()):
        return None
    _running = Collector(seconds)
    _running.start()
    return _running
