"""Errors raised by the core and by game modules.

Every error carries enough to print one clear line: what was wrong, and where (the rule for an illegal
action; the file, line and field for a corrupt save or data file).
"""

from __future__ import annotations

from typing import Any

SHOWN_MAX = 80


def shown(value: Any, limit: int = SHOWN_MAX) -> str:
    """A safe, short rendering of untrusted input for an error message.

    ASCII-only (``ascii()`` escapes control characters, right-to-left marks and other Unicode), and at
    most `limit` characters, cut with an ellipsis (``...``); a huge string is sliced before it is escaped.
    """
    if isinstance(value, str | bytes) and len(value) > limit:
        text = ascii(value[:limit])
    else:
        text = ascii(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _name(value: Any) -> str:
    """A role name as it is when it is a short printable ASCII word, else :func:`shown`."""
    if isinstance(value, str) and len(value) <= 40 and value.isascii() and value.isprintable():
        return value
    return shown(value, 40)


class AshurError(Exception):
    """Base of every error Ashur raises on purpose; `str()` is one line fit for a user."""


class IllegalAction(AshurError):
    """An action that is not among the legal actions of the deciding role.

    `rule` names the rule section that forbids it (for example ``"3.2"``), `reason` says why in words.
    """

    def __init__(self, action: Any, reason: str, rule: str | None = None, role: str | None = None) -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        self.role = role
        where = f" (rule {rule})" if rule else ""
        who = f" by {_name(role)}" if role else ""
        # the id may come from anywhere (a client, a save file): at most 80 characters of it are echoed
        super().__init__(f"illegal action {shown(action)}{who}: {reason}{where}")


class SetupError(AshurError):
    """Bad setup parameters: unknown game, scenario, seat, role or option."""


class UnknownGame(SetupError):
    """No game is registered under this id."""


class SaveFileError(AshurError):
    """A save file that cannot be read: names the file, the line and the field."""

    def __init__(self, path: str, message: str, line: int | None = None, field: str | None = None,
                 column: int | None = None) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        loc = f"{path}:{line}" if line else path
        loc += f":{column}" if line and column else ""
        fld = f" field {shown(field)}:" if field else ""
        super().__init__(f"{loc}:{fld} {message}")


class ReplayDivergence(AshurError):
    """A recorded action that no longer fits the game when it is replayed."""

    def __init__(self, index: int, role: str, action: str, reason: str) -> None:
        self.index = index
        self.role = role
        self.action = action
        self.reason = reason
        super().__init__(f"action #{index + 1} ({_name(role)}: {shown(action)}) does not fit: {reason}")
