"""State as plain JSON data: cloning, canonical encoding and hashing.

The state of every game is a tree of dicts (string keys), lists, strings, numbers, booleans and None.
A JSON round trip gives an equal state; the fuzzer checks it at every step.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

State = dict[str, Any]


def clone(state: State) -> State:
    """A deep copy; orjson is the fastest deep copy of plain JSON data in CPython."""
    return orjson.loads(orjson.dumps(state))


def clone_for_act(state: State) -> State:
    """A copy for ``act``: everything deep-copied except the log entries, which are shared.

    Log entries are immutable once appended (the log only grows), so the new state may share them with
    the old one; only the list is copied. This keeps the cost of an action independent of the length of
    the game. Code that must change entries (the fuzzer's scrambler) works on a full :func:`clone`.
    """
    log = state.get("log")
    rest = {k: v for k, v in state.items() if k != "log"}
    new: State = orjson.loads(orjson.dumps(rest))
    if log is not None:
        new["log"] = list(log)
    return new


def dumps(state: Any, *, pretty: bool = False) -> bytes:
    """Canonical JSON (sorted keys) as bytes."""
    opt = orjson.OPT_SORT_KEYS | (orjson.OPT_INDENT_2 if pretty else 0)
    return orjson.dumps(state, option=opt)


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


def digest(state: Any) -> str:
    """A stable hash of a state (or of any JSON data)."""
    return hashlib.sha256(dumps(state)).hexdigest()


def roundtrip_equal(state: State) -> bool:
    """True when a JSON round trip returns an equal value (no tuples, sets or objects hide in it)."""
    return orjson.loads(orjson.dumps(state)) == state
