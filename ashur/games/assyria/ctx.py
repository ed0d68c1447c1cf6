"""The context the rules work with: the state (plain JSON data) and the content, with small accessors."""

from __future__ import annotations

from typing import Any

from ashur.core import log as corelog
from ashur.games.assyria.content import Content
from ashur.games.assyria.content.loader import Geometry
from ashur.games.assyria.content.schema import Setup

State = dict[str, Any]


class Ctx:
    """A state and the content it is played with. The rules change ``ctx.s`` in place."""

    __slots__ = ("c", "s")

    def __init__(self, state: State, content: Content) -> None:
        self.s = state
        self.c = content

    @property
    def players(self) -> int:
        return int(self.s["players"])

    @property
    def geo(self) -> Geometry:
        return self.c.geometry[self.players]

    @property
    def setup(self) -> Setup:
        return self.c.setups[self.players]

    def p(self, role: str) -> dict[str, Any]:
        """The player record of `role` (score, camels, offering, stock, cards, plow...)."""
        return self.s["p"][role]  # type: ignore[no-any-return]

    def log(self, key: str, rule: str | None, *, to: list[str] | None = None, **params: Any) -> None:
        corelog.log(self.s, key, rule, to=to, **params)

    def reveal(self) -> None:
        """A card was drawn or shown: undo may not cross this (DESIGN: undo)."""
        self.s["reveals"] = int(self.s.get("reveals", 0)) + 1

    def score(self, role: str, points: int, rule: str, why: str, **params: Any) -> None:
        """Advance `role` on the score track and log why."""
        if points:
            self.p(role)["score"] += points
            self.log("as.score", rule, role=role, points=points, why=why, **params)

    def camels(self, role: str, n: int, rule: str, why: str) -> None:
        """Move `role` on the camel track (n may be negative: spending)."""
        if n:
            self.p(role)["camels"] += n
            self.log("as.camels", rule, role=role, camels=n, why=why)
