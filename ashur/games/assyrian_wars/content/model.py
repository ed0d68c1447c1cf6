"""The loaded content: an immutable object with precomputed indexes for the rules engine.

All lookups the engine makes in hot loops (neighbours, ports, home cities, city counts, ...) are
answered from dictionaries built once at load time. Public mappings are read-only views.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .effects import Card
from .schema import (
    Area,
    Connection,
    GenericKingMarkers,
    King,
    KingCounterSpec,
    LeaderCounter,
    MarkerSpec,
    MercenaryCounter,
    Nation,
    RaidBox,
    Scenario,
    SeaZone,
    SecretDiplomacyTable,
    ShipCounter,
    TimetableEvent,
    TimetableFile,
    TradeBox,
    TurnKings,
    UnitCounter,
)


@dataclass(frozen=True, slots=True)
class PlacedForce:
    """A scenario force with its counters resolved to ids (4.1)."""

    nation: str
    area: str
    in_city: bool
    units: tuple[str, ...]
    reduced: tuple[str, ...]
    leaders: tuple[str, ...]
    kings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlacedFleet:
    """Scenario ships with their counters resolved to ids."""

    nation: str
    zone: str
    ships: tuple[str, ...]
    reduced: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScenarioSetup:
    """Resolved starting position of a scenario; ``activation`` holds the set-ups of inactive minors."""

    forces: tuple[PlacedForce, ...]
    fleets: tuple[PlacedFleet, ...]
    activation: Mapping[str, tuple[tuple[PlacedForce, ...], tuple[PlacedFleet, ...]]]


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    """Everything the game reads from data. Build it with :func:`load_content`."""

    directory: Path
    nations: Mapping[str, Nation]
    areas: Mapping[str, Area]
    connections: tuple[Connection, ...]
    sea_zones: Mapping[str, SeaZone]
    trade_boxes: Mapping[str, TradeBox]
    raid_boxes: Mapping[str, RaidBox]
    cards: Mapping[int, Card]
    scenarios: Mapping[str, Scenario]
    timetable: TimetableFile
    secret_diplomacy: Mapping[str, SecretDiplomacyTable]
    units: Mapping[str, UnitCounter]
    leaders: Mapping[str, LeaderCounter]
    kings: Mapping[str, King]
    king_counters: Mapping[str, KingCounterSpec]
    generic_king_markers: GenericKingMarkers
    ships: Mapping[str, ShipCounter]
    mercenary_units: Mapping[str, MercenaryCounter]
    marker_stock: Mapping[str, MarkerSpec]
    setups: Mapping[str, ScenarioSetup]
    _neighbors: dict[str, tuple[tuple[str, str], ...]] = field(repr=False)
    _connection_type: dict[frozenset[str], str] = field(repr=False)
    _sea_neighbors: dict[str, tuple[str, ...]] = field(repr=False)
    _coastal_zones: dict[str, tuple[str, ...]] = field(repr=False)
    _port_cities: dict[str, tuple[str, ...]] = field(repr=False)
    _port_areas: dict[str, tuple[str, ...]] = field(repr=False)
    _sea_boxes_from: dict[str, tuple[str, ...]] = field(repr=False)
    _home_areas: dict[str, tuple[str, ...]] = field(repr=False)
    _home_cities: dict[str, tuple[str, ...]] = field(repr=False)
    _associated_areas: dict[str, tuple[str, ...]] = field(repr=False)
    _city_count: dict[str, int] = field(repr=False)
    _desert_only: frozenset[str] = field(repr=False)
    _impulse_order: tuple[str, ...] = field(repr=False)
    _by_kind: dict[str, tuple[str, ...]] = field(repr=False)
    _home_cards: dict[str, tuple[int, ...]] = field(repr=False)
    _army_group_cards: dict[str, tuple[int, ...]] = field(repr=False)
    _deck: tuple[int, ...] = field(repr=False)

    # -- map ------------------------------------------------------------------------------------

    def neighbors(self, area_id: str) -> tuple[tuple[str, str], ...]:
        """(other area, connection type) for every land connection of ``area_id`` (1.3)."""
        return self._neighbors[area_id]

    def connection_type(self, a: str, b: str) -> str | None:
        """Terrain of the connection between two areas, or None if they are not connected."""
        return self._connection_type.get(frozenset((a, b)))

    def sea_neighbors(self, zone_id: str) -> tuple[str, ...]:
        """Sea zones adjacent to ``zone_id`` along the coast (1.3, 6.16.b)."""
        return self._sea_neighbors[zone_id]

    def coastal_zones(self, area_id: str) -> tuple[str, ...]:
        """Sea zones whose coast includes ``area_id``."""
        return self._coastal_zones.get(area_id, ())

    def port_cities(self, zone_id: str) -> tuple[str, ...]:
        """Areas whose city has its port (anchor) in ``zone_id`` (6.16, glossary 'Port')."""
        return self._port_cities.get(zone_id, ())

    def port_areas(self, zone_id: str) -> tuple[str, ...]:
        """6.16.d: the areas where land units board and disembark in ``zone_id``: those whose city has its port
        there, and Sealand's own land area for the Sealand zone (decision: it is both, 1.3)."""
        return self._port_areas.get(zone_id, ())

    def sea_boxes_from(self, zone_id: str) -> tuple[str, ...]:
        """The sea Trade Boxes entered from ``zone_id`` (6.16.g)."""
        return self._sea_boxes_from.get(zone_id, ())

    def home_areas(self, nation: str) -> tuple[str, ...]:
        """Areas printed in the nation's colour (1.3), the Mede Far East included for the Mede."""
        return self._home_areas.get(nation, ())

    def home_cities(self, nation: str) -> tuple[str, ...]:
        """Home areas holding a city (7.1), capital included."""
        return self._home_cities.get(nation, ())

    def associated_areas(self, nation: str) -> tuple[str, ...]:
        """Associated areas of the nation (two colours, 1.3)."""
        return self._associated_areas.get(nation, ())

    def capital(self, nation: str) -> str | None:
        """Area of the nation's capital, or None (Persia, nomads, minor cities)."""
        return self.nations[nation].capital

    def city_count(self, nation: str) -> int:
        """City count for income (7.3.1): home cities with the capital as 2, plus associated areas."""
        return self._city_count.get(nation, 0)

    def is_desert_only(self, area_id: str) -> bool:
        """True when every connection of the area is a desert connection (1.3, 6.6.1)."""
        return area_id in self._desert_only

    def tribute_dice(self, nation: str) -> int | None:
        """Dice of the tribute check (5.2.1): the city defence of the capital; None without one."""
        capital = self.nations[nation].capital
        if capital is None:
            return None
        city = self.areas[capital].city
        return city.defence if city is not None else None

    def raid_box(self, number: int) -> RaidBox:
        """The raid box of impulse number ``number`` (6.15)."""
        for box in self.raid_boxes.values():
            if box.number == number:
                return box
        raise KeyError(number)

    # -- nations --------------------------------------------------------------------------------

    def impulse_order(self) -> list[str]:
        """Nations in Impulse Track order, Assyria first, the Scythians last (6.0)."""
        return list(self._impulse_order)

    def powers(self) -> list[str]:
        """The five powers in impulse order (1.1 A)."""
        return list(self._by_kind.get("power", ()))

    def minors(self) -> list[str]:
        """The minor countries in impulse order (1.1 C)."""
        return list(self._by_kind.get("minor", ()))

    def minor_cities(self) -> list[str]:
        """The minor cities (1.1 D)."""
        return list(self._by_kind.get("minor_city", ()))

    def nomads(self) -> list[str]:
        """The independent nomad tribes: Cimmerians and Scythians (1.1 E, 10.1)."""
        return list(self._by_kind.get("nomad", ()))

    def nomad_mercenaries(self) -> list[str]:
        """Arabs and Aramaeans (10.1)."""
        return list(self._by_kind.get("nomad_mercenary", ()))

    # -- cards ----------------------------------------------------------------------------------

    def home_cards(self, nation: str) -> tuple[int, ...]:
        """Numbers of the nation's home cards (2.3)."""
        return self._home_cards.get(nation, ())

    def army_group_cards(self, nation: str) -> tuple[int, ...]:
        """Numbers of the nation's army group cards (6.6.3)."""
        return self._army_group_cards.get(nation, ())

    def deck(self) -> tuple[int, ...]:
        """Numbers of the draw-deck cards (4.1)."""
        return self._deck

    # -- counters and timetable -----------------------------------------------------------------

    def crowned_ratings(self, leader_id: str) -> tuple[int, int]:
        """Action and command of a leader crowned with the generic king marker (2.1.2, 6.3)."""
        leader = self.leaders[leader_id]
        bonus = self.generic_king_markers
        return (
            min(bonus.max_action, leader.front.action + bonus.action_bonus),
            min(bonus.max_command, leader.front.command + bonus.command_bonus),
        )

    def kings_for_turn(self, turn: int) -> TurnKings:
        """The timetable's king candidates for ``turn`` (7.6, 10.3)."""
        for row in self.timetable.turns:
            if row.turn == turn:
                return row
        raise KeyError(turn)

    def events_for_turn(self, turn: int) -> tuple[TimetableEvent, ...]:
        """Timetable events carried out in the Interphase before ``turn`` (7.6)."""
        return tuple(event for event in self.timetable.events if event.turn == turn)
