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
