"""Errors raised by the core and by game modules.

Every error carries enough to print one clear line: what was wrong, and where (the rule for an illegal
action; the file, line and field for a corrupt save or data file).
"""

from __future__ import annotations


class AshurError(Exception):
    """Base of every error Ashur raises on purpose; `str()` is one line fit for a user."""


class IllegalAction(AshurError):
    """An action that is not among the legal actions of the deciding role.

    `rule` names the rule section that forbids it (for example ``"3.2"``), `reason` says why in words.
    """

    def __init__(self, action: str, reason: str, rule: str | None = None, role: str | None = None) -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        self.role = role
        where = f" (rule {rule})" if rule else ""
        who = f" by {role}" if role else ""
        super().__init__(f"illegal action {action!r}{who}: {reason}{where}")


class SetupError(AshurError):
    """Bad setup parameters: unknown game, scenario, seat, role or option."""


class UnknownGame(SetupError):
    """No game is registered under this id."""


class SaveFileError(AshurError):
    """A save file that cannot be read: names the file, the line and the field."""

    def __init__(self, path: str, message: str, line: int | None = None, field: str | None = None) -> None:
        self.path = path
        self.line = line
        self.field = field
        self.message = message
        loc = f"{path}:{line}" if line else path
        fld = f" field {field!r}:" if field else ""
        super().__init__(f"{loc}:{fld} {message}")


class ReplayDivergence(AshurError):
    """A recorded action that no longer fits the game when it is replayed."""

    def __init__(self, index: int, role: str, action: str, reason: str) -> None:
        self.index = index
        self.role = role
        self.action = action
        self.reason = reason
        super().__init__(f"action #{index + 1} ({role}: {action!r}) does not fit: {reason}")


def check_action_id(action_id: object, role: str | None = None) -> None:
    """Refuse anything that cannot be an action id before a game looks at it (a clear IllegalAction)."""
    if not isinstance(action_id, str) or not action_id:
        raise IllegalAction(repr(action_id)[:80], "an action id is a non-empty string", None, role)
