"""What the OpenSpiel and PettingZoo adapters share, over the game-module contract only (issue 19).

* :class:`EngineCall`: one engine call (``setup`` or ``act``) run so that each random draw it makes stops it
  and waits for an outcome given from outside, which is how the adapters show dice and shuffles as explicit
  chance nodes without any knowledge of the game.
* :func:`features`: a role's view as a fixed-length vector (feature hashing), for observation tensors.
* :func:`canonical` / :func:`digest`: the canonical JSON of a view and its short digest (information states).
* :func:`terminal_values`: the returns of a finished game.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import orjson
from greenlet import greenlet

from ashur.core import rng
from ashur.core.contract import Game

State = dict[str, Any]


# --- explicit chance ----------------------------------------------------------------------------
class EngineCall:
    """An engine call that stops at each random draw and waits for its outcome.

    The engine draws every random number through :func:`ashur.core.rng.below` (a die is ``below(6) + 1``, a
    shuffle is Fisher–Yates over ``below(i + 1)``). The call runs in a greenlet whose context sets a draw
    source (:func:`ashur.core.rng.set_source`): a draw of ``range(n)`` switches back to the caller with ``n``,
    and the caller resumes it with the outcome (:meth:`feed`). The outcomes already known (``replay``) are fed
    at once, so a copy of a half-done call is made by running the call again with them (the engine is
    deterministic given its draws). A call dropped half-done is ended by the greenlet's exit (its work is on
    a state of its own: ``act`` never changes its input).
    """

    __slots__ = ("_g", "need", "result")

    def __init__(self, fn: Callable[[], State], replay: Sequence[int] = ()) -> None:
        def run() -> tuple[str, State]:
            rng.set_source(_ask)
            return ("done", fn())

        def _ask(n: int) -> int:
            return self._g.parent.switch(("draw", n))  # type: ignore[no-any-return]

        self._g = greenlet(run)
        self.need: int | None = None
        """The number of outcomes of the draw the call waits for; None once it is done."""
        self.result: State | None = None
        self._resume(None)
        for value in replay:
            if self.need is None:
                raise RuntimeError("replaying a draw the engine call did not make (is the game deterministic?)")
            self.feed(value)

    def _resume(self, value: int | None) -> None:
        kind, payload = self._g.switch(value) if value is not None else self._g.switch()
        if kind == "draw":
            self.need = payload
        else:
            self.need = None
            self.result = payload

    def feed(self, outcome: int) -> None:
        """Resume the call with the outcome of the draw it waits for."""
        if self.need is None:
            raise RuntimeError("the engine call waits for no draw")
        if not 0 <= outcome < self.need:
            raise ValueError(f"outcome {outcome} of a draw of range({self.need})")
        self._resume(outcome)


# --- views as data ------------------------------------------------------------------------------
def canonical(data: Any) -> bytes:
    """Canonical JSON (sorted keys): equal data, equal bytes, whatever the order its dicts were built in."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


def digest(*parts: bytes) -> str:
    """A 128-bit hex digest of `parts` (length-prefixed, so the split between parts counts)."""
    h = hashlib.blake2b(digest_size=16)
    for p in parts:
        h.update(len(p).to_bytes(8, "little"))
        h.update(p)
    return h.hexdigest()


_BUCKETS: dict[str, int] = {}
_RECORDS: dict[tuple[int, str], dict[bytes, tuple[np.ndarray, np.ndarray]]] = {}
_RECORDS_MAX = 200_000
_held = [0]


def _bucket(key: str, size: int) -> int:
    """CRC-32 of `key` modulo `size` (stable across processes, unlike ``hash``), memoised."""
    found = _BUCKETS.get(key)
    if found is None:
        if len(_BUCKETS) > 2_000_000:
            _BUCKETS.clear()
        found = _BUCKETS[key] = zlib.crc32(key.encode())
    return found % size


def _leaves(x: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if type(x) is dict:
        for k, y in x.items():
            _leaves(y, f"{path}/{k}", out)
    elif type(x) is list:
        p = path + "/*"
        for y in x:
            _leaves(y, p, out)
    else:
        out.append((path, x))


def _hashed(x: Any, path: str, size: int, idx: list[int], weights: list[float]) -> None:
    """Add the features of the leaves of `x` under `path` (see :func:`features`)."""
    leaves: list[tuple[str, Any]] = []
    _leaves(x, path, leaves)
    for p, v in leaves:
        idx.append(_bucket(f"{p}={v}", size))
        weights.append(1.0)
        if type(v) is int or type(v) is float:
            idx.append(_bucket(p, size))
            weights.append(float(v))


def _arrays(idx: list[int], weights: list[float]) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(idx, dtype=np.int64), np.asarray(weights, dtype=np.float64)


def _memoised(memo: dict[Any, tuple[np.ndarray, np.ndarray]], key: Any, x: Any, path: str, size: int,
              ) -> tuple[np.ndarray, np.ndarray]:
    """The features of subtree `x` under `path` as arrays, from `memo` by `key` or computed and kept there
    (every memo is emptied when together they hold more than :data:`_RECORDS_MAX` subtrees)."""
    found = memo.get(key)
    if found is None:
        if _held[0] > _RECORDS_MAX:
            for held in (*_RECORDS.values(), *_KEYED.values()):
                held.clear()
            _held[0] = 0
        i: list[int] = []
        w: list[float] = []
        _hashed(x, path, size, i, w)
        found = memo[key] = _arrays(i, w)
        _held[0] += 1
    return found


def _records(xs: Any, path: str, size: int, parts_i: list[np.ndarray], parts_w: list[np.ndarray]) -> None:
    """The features of the second-level subtrees `xs` (the pieces, the areas, log entries...) under `path`,
    memoised per subtree by its JSON as small arrays: most of them are the same from one view to the next."""
    memo = _RECORDS.setdefault((size, path), {})
    dumps = orjson.dumps
    for x in xs:
        found = _memoised(memo, dumps(x), x, path, size)
        parts_i.append(found[0])
        parts_w.append(found[1])


_KEYED: dict[tuple[int, str], dict[tuple[str, bytes], tuple[np.ndarray, np.ndarray]]] = {}


def _keyed(table: dict[str, Any], path: str, size: int, parts_i: list[np.ndarray], parts_w: list[np.ndarray]) -> None:
    """:func:`_records` for the entries of a dict (the pieces, the areas by id): each entry's features under
    ``path/<key>``, memoised by its key and JSON. The path is formatted only for an entry not yet met."""
    memo = _KEYED.setdefault((size, path), {})
    dumps = orjson.dumps
    for c, z in table.items():
        key = (c, dumps(z))
        found = memo.get(key)
        if found is None:
            found = _memoised(memo, key, z, f"{path}/{c}", size)
        parts_i.append(found[0])
        parts_w.append(found[1])


def features(data: Any, size: int, skip: frozenset[str] = frozenset()) -> np.ndarray:
    """`data` (a view, or a list of log entries) as a float32 vector of `size` by feature hashing.

    Every leaf at path *p* (dict keys joined by ``/``; a list's items share the path ``p/*``, a bag) adds
    1 at ``crc32("p=value") % size``; a number also adds its value at ``crc32("p") % size``. Top-level keys
    in `skip` are left out. Equal data give equal vectors whatever their dicts' order; two different
    features may share a bucket (the price of a fixed length for any game)."""
    idx: list[int] = []
    weights: list[float] = []
    parts_i: list[np.ndarray] = []
    parts_w: list[np.ndarray] = []
    top = data.items() if type(data) is dict else [("", data)]
    for k, y in top:
        if k in skip:
            continue
        if type(y) is dict:
            _keyed(y, k, size, parts_i, parts_w)
        elif type(y) is list:
            _records(y, k + "/*", size, parts_i, parts_w)
        else:
            _hashed(y, k, size, idx, weights)
    if idx:
        parts_i.append(np.asarray(idx, dtype=np.int64))
        parts_w.append(np.asarray(weights, dtype=np.float64))
    if not parts_i:
        return np.zeros(size, dtype=np.float32)
    return np.bincount(np.concatenate(parts_i), weights=np.concatenate(parts_w), minlength=size).astype(np.float32)


# --- results ------------------------------------------------------------------------------------
def terminal_values(game: Game, state: State, roles: list[str]) -> list[float]:
    """Per role: 1 to a sole winner, ``2/k - 1`` to one of k joint winners, -1 to a loser (as our own
    search bot counts a finished game); a game nobody wins is -1 for everyone."""
    winners = game.result(state)["winners"]
    return [(2.0 / len(winners) - 1.0) if r in winners else -1.0 for r in roles]
