"""The game's random generator: unpredictable without the seed, and its whole state inside the game state.

Each draw is keyed BLAKE2b in counter mode (RFC 7693): draw number *n* is the first 64 bits of
``BLAKE2b(key=K, data=n)``. A keyed BLAKE2b is a pseudorandom function, so whoever does not know the
256-bit key *K* cannot tell the draws from true randomness, and seeing any number of past draws (dice in
the log, cards in hand) tells nothing about the next ones nor about *K*. The key is derived from the
seed (``BLAKE2b(seed, person="ashur.rng.seed")``). A game set up without a seed takes 128 bits from
:mod:`secrets`, so recovering the key from what a player sees means searching 2**128 seeds (or 2**256
keys): at a billion guesses a second, about 10**22 years. SplitMix64, used before, had 2**64 states and
was seeded from the clock, which a player could simply try.

The state is plain JSON under ``state["rng"]``: ``{"k": key as 64 hex digits, "n": draws, "fixed": []}``.
Every draw increments ``n``; the session uses that counter as the undo barrier (DESIGN: undo is cleared
when dice are rolled), and the counter is the block number, so a state always continues exactly where it
stopped. Tests may queue fixed results in ``fixed``: the next rolls take them first (see
:mod:`ashur.testing`). The key is as secret as the deck order: views must never show ``state["rng"]``.

A *draw source* (:func:`drawing_from`) may take the generator's place for the code running in one context
(a :mod:`contextvars` context: a thread, an asyncio task, a greenlet): every draw of ``range(n)`` then asks
``source(n)`` for its value, and the counter still counts it. The research adapters (issue 19) use it to make
each random draw an explicit chance node of OpenSpiel, the outcome chosen outside the engine; with no source
set (the default) nothing changes.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

SEED_BITS = 128
MASK64 = (1 << 64) - 1
_PERSON = b"ashur.rng.seed"

State = dict[str, Any]

_SOURCE: ContextVar[Callable[[int], int] | None] = ContextVar("ashur_rng_source", default=None)
"""The draw source of the current context, or None (the generator draws)."""


def new_seed() -> int:
    """A fresh seed for a game set up without one: 128 bits from the operating system's CSPRNG."""
    return secrets.randbits(SEED_BITS)


def key_of(seed: int) -> str:
    """The generator key (64 hex digits) of `seed`; any integer, however big or negative."""
    return hashlib.blake2b(str(int(seed)).encode(), digest_size=32, person=_PERSON).hexdigest()


def seed_state(seed: int) -> dict[str, Any]:
    """The ``rng`` entry of a new game state for `seed`."""
    return {"k": key_of(seed), "n": 0, "fixed": []}


def rekey(state: State, seed: int) -> None:
    """Give the generator another key (the fuzzer's scrambler changes future dice this way)."""
    state["rng"]["k"] = key_of(seed)


@lru_cache(maxsize=64)
def _keyed(key: str) -> Any:
    """A BLAKE2b object already keyed with `key`; each draw hashes a copy of it."""
    return hashlib.blake2b(key=bytes.fromhex(key), digest_size=8)


def _next64(rng: dict[str, Any]) -> int:
    n = rng["n"]
    rng["n"] = n + 1
    h = _keyed(rng["k"]).copy()
    h.update(n.to_bytes(8, "little"))
    return int.from_bytes(h.digest(), "little")


def below(state: State, n: int) -> int:
    """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    rng = state["rng"]
    source = _SOURCE.get()
    if source is not None:
        value = source(n)
        if not 0 <= value < n:
            raise ValueError(f"the draw source gave {value} for a draw of range({n})")
        rng["n"] += 1
        return value
    limit = MASK64 - (MASK64 + 1) % n
    while True:
        z = _next64(rng)
        if z <= limit:
            return z % n


def roll(state: State, sides: int = 6) -> int:
    """One die of `sides` faces, 1..sides; a queued fixed value is used first."""
    rng = state["rng"]
    fixed = rng["fixed"]
    if fixed:
        value = fixed.pop(0)
        rng["n"] += 1
        if not 1 <= value <= sides:
            raise ValueError(f"fixed die value {value} does not fit a d{sides}")
        return value
    return below(state, sides) + 1


def shuffle(state: State, items: list[Any]) -> None:
    """Shuffle `items` in place (Fisher–Yates) with the game's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: State, items: list[Any]) -> Any:
    """One element of a non-empty list, uniformly."""
    return items[below(state, len(items))]


def draws(state: State) -> int:
    """How many random draws the game has made so far (the undo barrier counts them)."""
    return int(state["rng"]["n"])


@contextmanager
def drawing_from(source: Callable[[int], int]) -> Iterator[None]:
    """Within the block (in this context only), every draw of ``range(n)`` is ``source(n)``: the adapters'
    hook that turns the engine's random draws into chance outcomes chosen outside it (see the module)."""
    token = _SOURCE.set(source)
    try:
        yield
    finally:
        _SOURCE.reset(token)


def set_source(source: Callable[[int], int] | None) -> None:
    """Set the draw source of the current context for good (a greenlet that runs one engine call sets it
    at its start: its context ends with it)."""
    _SOURCE.set(source)
