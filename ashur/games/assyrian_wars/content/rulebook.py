"""Facts fixed by the rule book that the content checks enforce, and the check context.

Rule numbers refer to the English rules v1.2.
"""

from __future__ import annotations

from typing import Any

from ashur.core.yamlio import line_of

from .errors import Problem
from .loader import Parsed, entry_label
from .model import Content

#: Powers in Impulse Track order (1.1 A, German 1.1 A numbers them 1-5).
POWER_ORDER = ("assyria", "mede", "egypt", "babylonia", "elam")
#: Hand limits (7.3.2) and random mercenaries per turn (4.2) by kind; Assyria apart.
HAND_LIMITS = {"power": (2, 6), "minor": (1, 3)}
MERCENARIES = {"power": 4, "minor": 1}
#: Player-to-power tables of rule 1.1 B, copied exactly (0: the power is not in the scenario).
PLAYER_TABLES: dict[str, dict[int, tuple[int, int, int, int, int]]] = {
    "campaign": {5: (1, 2, 3, 4, 5), 4: (1, 2, 3, 4, 3), 3: (1, 3, 2, 2, 3), 2: (1, 2, 2, 2, 2)},
    "rise_and_fall": {4: (1, 2, 0, 3, 4), 3: (1, 2, 0, 2, 3), 2: (1, 2, 0, 2, 2)},
    "two_rivers": {3: (1, 0, 0, 2, 3), 2: (1, 0, 0, 2, 2)},
}
#: Cards the rules name (by name); each must be in the deck or among the home cards.
NAMED_CARDS = (
    "Crown Prince",
    "Gathering the Tribes",
    "Deportation",
    "Opposing Party Takes Command",
    "Priests of Marduk",
    "Incite Hostilities",
    "Marduk's Assyrian Followers",
    "Turncoats",
    "Give Them What They Want",
    "Careful Preparations",
    "Pass Impulse",
    "Pharaoh Takes Action",
    "Phoenician Alliance",
    "Any Alliance",
    "End Any Foreign War",
    "Pirates",
    "Pestilence",
    "Counter Measures",
    "Battle Counter Measures",
    "Coordinated Attack",
    "Aramaean Nomads",
    "Arabian Nomads",
    "Mede against Mede",
    "Libyan War",
    "Nubian War",
)
TYPE_TIMING = {
    "battle": "battle",
    "battle_counter_measures": "battle_counter_measures",
    "counter_measures": "counter_measures",
}
MAP_BOUNDS = ((25.0, 60.0), (20.0, 45.0))


class Ctx:
    """Collects problems, finding the line of each in the raw YAML."""

    def __init__(self, parsed: Parsed, content: Content) -> None:
        self.parsed = parsed
        self.c = content
        self.problems: list[Problem] = []

    def add(self, file: str, path: tuple[Any, ...], entry: str | None, field: str | None, message: str) -> None:
        raw = self.parsed.raw.get(file)
        self.problems.append(Problem(file, entry, field, message, line_of(raw, path) if raw is not None else None))

    def item(self, file: str, key: str, index: int) -> str:
        raw = self.parsed.raw[file]
        return entry_label(file, key, index, raw[key][index])
