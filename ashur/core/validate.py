"""Untrusted input at the edge of the core: action ids from clients, bots and save files.

An action id is matched against the legal actions of the deciding role, so anything that is not even
shaped like an id is refused first, with the reason named, before any rules code sees it: not a string,
empty, too long, control characters, characters outside ASCII, or characters no id uses. A game's ids
are short ASCII words joined by colons (``card:12:ap``, ``bid:1``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ashur.core.errors import IllegalAction

MAX_ACTION_ID = 200
"""The longest action id accepted (the longest real id is well under 100 characters)."""

_ID = re.compile(r"[A-Za-z0-9_.,+=/\-]*(?::[A-Za-z0-9_.,+=/\-]*)*")


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def action_id_problem(action_id: Any) -> str | None:
    """Why `action_id` cannot be an action id, or None when it is shaped like one."""
    if not isinstance(action_id, str):
        return f"an action id is a string, not {type(action_id).__name__}"
    if not action_id:
        return "the action id is empty"
    if len(action_id) > MAX_ACTION_ID:
        return f"the action id is {len(action_id)} characters long (at most {MAX_ACTION_ID})"
    for ch in action_id:
        if ord(ch) < 0x20 or ord(ch) == 0x7F:
            return f"the action id holds a control character {_describe(ch)}"
    for ch in action_id:
        if ord(ch) > 0x7E:
            return f"the action id holds a character outside ASCII: {_describe(ch)}"
    if not _ID.fullmatch(action_id):
        bad = next(ch for ch in action_id if not _ID.fullmatch(ch) and ch != ":")
        return f"malformed action id: {bad!r} does not occur in action ids"
    return None


def check_action_id(action_id: Any, role: str | None = None) -> None:
    """Raise :class:`IllegalAction` (naming the reason) unless `action_id` is a plausible action id."""
    if isinstance(action_id, str) and len(action_id) <= MAX_ACTION_ID and action_id.isascii() \
            and _ID.fullmatch(action_id) and action_id:
        return  # the fast path: every legal id
    problem = action_id_problem(action_id)
    if problem is not None:
        raise IllegalAction(action_id, problem, None, role)
