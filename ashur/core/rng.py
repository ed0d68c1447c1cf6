"""The seeded random generator whose whole state lives inside the game state.

SplitMix64 (Steele, Lea, Flood 2014): one 64-bit word of state, fast in pure Python, good enough for
dice and shuffles. The state is stored as a hex string under ``state["rng"]`` so the game state stays
plain JSON that any client (including JavaScript, whose numbers stop at 2**53) can carry.

Every draw increments ``state["rng"]["n"]``; the session uses that counter as the undo barrier
(DESIGN: undo is cleared when dice are rolled). Tests may queue fixed results in
``state["rng"]["fixed"]``: the next rolls take them first (see :mod:`ashur.testing`).
"""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

State = dict[str, Any]


def seed_state(seed: int) -> dict[str, Any]:
    """The ``rng`` entry of a new game state for `seed`."""
    return {"s": format((seed * GOLDEN + 0x2545F4914F6CDD1D) & MASK64, "016x"), "n": 0, "fixed": []}


def _next64(rng: dict[str, Any]) -> int:
    s = (int(rng["s"], 16) + GOLDEN) & MASK64
    rng["s"] = format(s, "016x")
    rng["n"] += 1
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def below(state: State, n: int) -> int:
    """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    rng = state["rng"]
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
