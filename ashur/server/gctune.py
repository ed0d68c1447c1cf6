"""The garbage collector of a worker process (issue 15's load figure: the long tail of an action).

Measured with ``ASHUR_TIMING`` (:mod:`ashur.server.timing`) under 1,000 games: a worker holds the
states of up to ``ASHUR_STATE_CACHE`` games (a few hundred tracked containers each) beside about 110,000
objects of the modules, the engine's content and the framework. CPython's full collection walks all of
them and holds the interpreter lock meanwhile: 0.4 s on average on the shared 2 cores, every ~9 s per
worker, and every request in flight in that worker (and the writer lock it may hold) waits.

So, at start-up (:func:`install`): one collection, then ``gc.freeze()`` (what exists after start-up lives
as long as the process: never walked again); and the automatic full collection is replaced by one every
``ASHUR_GC_SECONDS`` (default 120) in a background thread. The young generations are collected as
always (cheap); cyclic garbage that reached the old generation waits at most that long. With
``ASHUR_GC_SECONDS=0`` Python's own policy is left alone.
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


def switch_interval() -> None:
    """``ASHUR_SWITCH_MS``: the interpreter's thread switch interval in milliseconds (unset: Python's 5).
    A thread holding the database's writer lock needs the interpreter lock back after each statement;
    with busy view threads it waits up to this long each time, and every other writer waits behind it."""
    raw = os.environ.get("ASHUR_SWITCH_MS", "").strip()
    if not raw:
        return
    try:
        ms = float(raw)
    except ValueError:
        log.error("ASHUR_SWITCH_MS=%r is not a number: left at %s ms", raw, sys.getswitchinterval() * 1000)
        return
    sys.setswitchinterval(min(max(ms, 0.1), 100.0) / 1000)


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
