"""Pydantic models of the Assyrian Wars game content (map, nations, counters, timetable, scenarios).

Every model is frozen and forbids unknown fields, so a misspelt key in a data file is an error.
The card models live in :mod:`.effects`. Rule numbers refer to the English rules v1.2.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
CounterId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*(-[a-z0-9_]+)+$")]
HexColour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]


class Strict(BaseModel):
    """Base: immutable, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# --------------------------------------------------------------------------------------------
# Nations (1.1, 2.1.2, 4.2, 6.0, 7.3.1, 7.3.2)

NationKind = Literal["power", "minor", "minor_city", "nomad", "nomad_mercenary", "mercenary"]


class HandLimits(Strict):
    """Minimum and maximum hand size after the deal (7.3.2); home cards do not count."""

    min: Annotated[int, Field(ge=0)]
    max: Annotated[int, Field(ge=0)]

    @model_validator(mode="after")
    def _ordered(self) -> HandLimits:
        if self.min > self.max:
            raise ValueError("min must not exceed max")
        return self


class Nation(Strict):
    """A country of the game: power, minor, minor city, nomad tribe, nomad mercenaries or mercenaries."""

    id: Id
    name: str
    kind: NationKind
    colour: HexColour
    accent: HexColour | None = None
    impulse_position: Annotated[int, Field(ge=1)] | None = None
    hand: HandLimits | None = None
    mercenaries: Annotated[int, Field(ge=0)] = 0
    capital: Id | None = None
    fixed_eco: Annotated[int, Field(ge=0)] | None = None
    army_group_cards: Annotated[int, Field(ge=0)] = 0
    printed_city_count: Annotated[int, Field(ge=0)] | None = None
    diplomacy_half_cost: bool = False
    #: 8.3: VPs for the country destroying the last units of this tribe (or nomad mercenaries) on the map
    defeat_vp: Annotated[int, Field(ge=1)] | None = None
    note: str | None = None


class NationsFile(Strict):
    nations: list[Nation]


# --------------------------------------------------------------------------------------------
# Map (1.2, 1.3, 6.15, 6.16)

AreaKind = Literal["home", "associated", "no_mans_land", "minor_city", "far_east"]
Shape = Literal["round", "square", "city", "fixed_eco"]
ConnectionType = Literal["standard", "desert", "river", "mountain", "mede", "mede_only"]
Position = tuple[float, float]


class City(Strict):
    """The city printed in an area (1.2, 1.3, 6.8, 7.1.D, 7.3.1)."""

    defence: Annotated[int, Field(ge=1, le=6)]
    fortress: bool = False
    capital: bool = False
    eco: Annotated[int, Field(ge=0)] = 0
    blue_eco: bool = False
    port: Id | None = None


class Area(Strict):
    """A land area of the map. ``pos`` is (longitude, latitude), nudged for legibility."""

    id: Id
    name: str
    nation: Id | None
    kind: AreaKind
    shape: Shape
    pos: Position
    region: Id
    city: City | None = None
    island: bool = False
    sea_zone: bool = False
    move_cost: Annotated[int, Field(ge=1)] = 1
    entry_attrition_exempt: tuple[Id, ...] = ()
    note: str | None = None

    @model_validator(mode="after")
    def _shape_fits(self) -> Area:
        if self.shape == "city" and self.city is None:
            raise ValueError("a 'city' shaped area needs a city")
        if self.shape != "city" and self.city is not None:
            raise ValueError(f"a {self.shape!r} area cannot hold a city (1.2)")
        if self.kind == "no_mans_land" and (self.nation is not None or self.shape != "round"):
            raise ValueError("no-man's land is round and belongs to nobody (2.1.2)")
        if self.kind != "no_mans_land" and self.nation is None:
            raise ValueError(f"a {self.kind!r} area needs a nation")
        return self

    @property
    def is_square(self) -> bool:
        """Square home areas (7.1): every area that is not round."""
        return self.shape != "round"


class Connection(Strict):
    """A connection between two land areas and its terrain type (1.3)."""

    a: Id
    b: Id
    type: ConnectionType
    note: str | None = None


class AreasFile(Strict):
    areas: list[Area]


class ConnectionsFile(Strict):
    connections: list[Connection]


class SeaZone(Strict):
    """A coastal sea zone (1.2, 1.3); Sealand is also a land area."""

    id: Id
    name: str
    body: Id
    pos: Position
    coastal: tuple[Id, ...]
    adjacent: tuple[Id, ...]
    land_area: bool = False


class TradeBox(Strict):
    """The overland Trade Box in the Deep Sea (6.15) or a sea Trade Box (6.16.g)."""

    id: Id
    name: str
    kind: Literal["overland", "sea"]
    body: Id | None = None
    capacity: Annotated[int, Field(ge=1)] | None = None
    entered_from: tuple[Id, ...] = ()
    pos: Position


class RaidBox(Strict):
    """Raid box ``number`` below the overland Trade Box; it corresponds to impulse number ``number``."""

    id: Id
    number: Annotated[int, Field(ge=1, le=5)]
    power: Id
    pos: Position


class SeasFile(Strict):
    sea_zones: list[SeaZone]
    trade_boxes: list[TradeBox]
    raid_boxes: list[RaidBox]


# --------------------------------------------------------------------------------------------
# Counters (2.1, 2.2, 4.2)

UnitType = Literal["HI", "LI", "HC", "LC", "HB", "B", "CH"]
Entry = Literal["force_pool", "card", "timetable"]


class UnitSpec(Strict):
    """``count`` identical regular (or nomad) land counters of one nation."""

    nation: Id
    type: UnitType
    front: Annotated[int, Field(ge=1, le=6)]
    reduced: Annotated[int, Field(ge=0, le=6)]
    count: Annotated[int, Field(ge=1)]
    entry: Entry = "force_pool"
    entry_refs: tuple[int, ...] = ()
    note: str | None = None

    @model_validator(mode="after")
    def _reduced_lower(self) -> UnitSpec:
        if self.reduced >= self.front:
            raise ValueError("the reduced combat factor must be lower than the front (2.1.3)")
        return self


class Ratings(Strict):
    """Action rating 0-5 and command rating 2-10 (glossary)."""

    action: Annotated[int, Field(ge=0, le=5)]
    command: Annotated[int, Field(ge=2, le=10)]


class LeaderSpec(Strict):
    """A leader counter: promoted front side and unpromoted reduced side (9.2)."""

    id: CounterId
    nation: Id
    name: str | None = None
    front: Ratings
    reduced: Ratings
    entry: Entry = "force_pool"


class KingSide(Strict):
    """One side of a king counter: a named king (2.1.2)."""

    id: Id
    name: str
    action: Annotated[int, Field(ge=0, le=5)]
    command: Annotated[int, Field(ge=2, le=10)]
    reign: str


class KingCounterSpec(Strict):
    """A king counter: two kings, one per side; kings have no reduced side (2.1.2, 9.2)."""

    id: CounterId
    nation: Id
    front: KingSide
    back: KingSide


class GenericKingMarkers(Strict):
    """Generic king markers that crown a leader (2.1.2, 6.3): how much they raise his ratings."""

    count: Annotated[int, Field(ge=1)]
    action_bonus: Annotated[int, Field(ge=0)]
    command_bonus: Annotated[int, Field(ge=0)]
    max_action: int = 5
    max_command: int = 10


class ShipSpec(Strict):
    """``count`` ships of a nation with combat factors and search number (2.1.3, 6.16.f)."""

    nation: Id
    front: Annotated[int, Field(ge=1, le=6)]
    reduced: Annotated[int, Field(ge=0, le=6)]
    search: Annotated[int, Field(ge=2, le=12)]
    count: Annotated[int, Field(ge=1)]
    entry: Entry = "force_pool"
    entry_refs: tuple[int, ...] = ()


class MercenarySpec(Strict):
    """Orange mercenary counters in the game pool (4.2, 6.2)."""

    type: UnitType
    front: Annotated[int, Field(ge=1, le=6)]
    reduced: Annotated[int, Field(ge=0, le=6)]
    count: Annotated[int, Field(ge=1)]


class MarkerSpec(Strict):
    """A finite stock of markers (2.2, 10.4.a): ``count`` in all or ``per_nation``."""

    id: Id
    name: str
    front: str
    back: str | None = None
    count: Annotated[int, Field(ge=0)] | None = None
    per_nation: dict[Id, Annotated[int, Field(ge=0)]] | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _one_count(self) -> MarkerSpec:
        if (self.count is None) == (self.per_nation is None):
            raise ValueError("give exactly one of 'count' and 'per_nation'")
        return self

    def total(self) -> int:
        """All markers of this kind in the box."""
        return self.count if self.count is not None else sum((self.per_nation or {}).values())


class CountersFile(Strict):
    units: list[UnitSpec]
    leaders: list[LeaderSpec]
    kings: list[KingCounterSpec]
    generic_king_markers: GenericKingMarkers
    ships: list[ShipSpec]
    mercenaries: list[MercenarySpec]
    markers: list[MarkerSpec]


# Expanded counters, one object per physical counter -----------------------------------------


class UnitCounter(Strict):
    """One land unit counter (regular, nomad or nomad mercenary)."""

    id: CounterId
    nation: Id
    type: UnitType
    front: int
    reduced: int
    entry: Entry
    entry_refs: tuple[int, ...] = ()

    @property
    def initially_available(self) -> bool:
        """In the force pool at the start (4.2) rather than brought in by a card or the timetable."""
        return self.entry == "force_pool"


class LeaderCounter(LeaderSpec):
    """One leader counter (same fields as its spec)."""


class King(Strict):
    """One king: a side of a king counter."""

    id: Id
    counter: CounterId
    side: Literal["front", "back"]
    other_side: Id
    nation: Id
    name: str
    action: int
    command: int
    reign: str


class ShipCounter(Strict):
    """One ship counter."""

    id: CounterId
    nation: Id
    front: int
    reduced: int
    search: int
    entry: Entry
    entry_refs: tuple[int, ...] = ()

    @property
    def initially_available(self) -> bool:
        return self.entry == "force_pool"


class MercenaryCounter(Strict):
    """One orange mercenary counter."""

    id: CounterId
    type: UnitType
    front: int
    reduced: int


# --------------------------------------------------------------------------------------------
# Secret diplomacy (7.5)

Objective = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class SecretDiplomacyTable(Strict):
    """The secret diplomacy table printed on the back of a power's home card (7.5, 7.5.2)."""

    id: Id
    power: Id
    card: Annotated[int, Field(ge=1)]
    objectives: tuple[Objective, ...]


class SecretDiplomacyFile(Strict):
    tables: list[SecretDiplomacyTable]


# --------------------------------------------------------------------------------------------
# Timetable (7.6, 10.1, 10.2, 10.3)


class TurnKings(Strict):
    """The king candidate of every power for one game turn (7.6, 10.3); null: no king that turn."""

    turn: Annotated[int, Field(ge=1, le=5)]
    years: str
    assyrian_reign: str
    kings: dict[Id, Id | None]


class NomadOrders(Strict):
    """Special orders for a nomad tribe (10.1.2): e.g. harass one minor exclusively until allied."""

    kind: Literal["harass_exclusively", "free"]
    target: Id | None = None
    until: Literal["allied_to_a_power", "end_of_turn", "end_of_game"] = "allied_to_a_power"


TimetableEventType = Literal[
    "nomad_entry",
    "nomad_orders",
    "mede_unification",
    "units_to_force_pool",
    "units_removed",
    "diplomatic_shift",
]


class TimetableEvent(Strict):
    """A timed event, carried out in the Interphase before ``turn`` (7.6); turn 1: at set-up."""

    id: Id
    turn: Annotated[int, Field(ge=1, le=5)]
    type: TimetableEventType
    nation: Id
    area: Id | None = None
    counters: tuple[CounterId, ...] = ()
    orders: NomadOrders | None = None
    subject: Id | None = None
    spaces: int | None = None
    text: str

    @model_validator(mode="after")
    def _fields_fit(self) -> TimetableEvent:
        if self.type == "nomad_entry" and (self.area is None or not self.counters):
            raise ValueError("a nomad_entry needs an area and its counters")
        if self.type == "nomad_orders" and self.orders is None:
            raise ValueError("a nomad_orders event needs orders")
        if self.type in ("units_to_force_pool", "units_removed") and not self.counters:
            raise ValueError(f"a {self.type} event needs counters")
        if self.type == "diplomatic_shift" and (self.subject is None or self.spaces is None):
            raise ValueError("a diplomatic_shift needs a subject and spaces")
        return self


class TimetableFile(Strict):
    turns: list[TurnKings]
    events: list[TimetableEvent]


# --------------------------------------------------------------------------------------------
# Scenarios (1.1 B, 4.1, 4.2, 5.2, 6.17, 8.3)


class UnitGroup(Strict):
    """``count`` land units of one type and printed front strength, full or reduced."""

    type: UnitType
    strength: Annotated[int, Field(ge=1, le=6)]
    count: Annotated[int, Field(ge=1)] = 1
    reduced: bool = False


class Force(Strict):
    """Units of one nation set up in one land area (outside or inside its city)."""

    nation: Id
    area: Id
    in_city: bool = False
    units: tuple[UnitGroup, ...] = ()
    leaders: tuple[CounterId, ...] = ()
    kings: tuple[Id, ...] = ()
    note: str | None = None


class Fleet(Strict):
    """Ships of one nation set up in a sea zone, Sealand or a sea Trade Box."""

    nation: Id
    zone: Id
    count: Annotated[int, Field(ge=1)]
    reduced: bool = False


class Siege(Strict):
    """A siege in progress at the start (6.8): e.g. the hunger siege of Samaria."""

    area: Id
    besieger: Id
    kind: Literal["hunger", "standard"]
    level: Annotated[int, Field(ge=0)] = 0
    city_damage: Annotated[int, Field(ge=0)] = 0


class DiplomaticStatus(Strict):
    """Where a minor's, nomad's or minor city's marker stands (6.9, 6.11.c2, 7.1.D, 7.4.2)."""

    track: Id | None = None
    value: Annotated[int, Field(ge=0, le=15)] | None = None
    box: Literal["neutral", "war", "conquest", "pact"] | None = None
    power: Id | None = None

    @model_validator(mode="after")
    def _one_place(self) -> DiplomaticStatus:
        on_track = self.track is not None or self.value is not None
        if on_track == (self.box is not None):
            raise ValueError("give either track and value, or a box")
        if on_track and (self.track is None or self.value is None):
            raise ValueError("a marker on a track needs both 'track' and 'value'")
        if self.box in ("war", "conquest", "pact") and self.power is None:
            raise ValueError(f"the {self.box} box needs a power")
        if self.box == "neutral" and self.power is not None:
            raise ValueError("the neutrals box belongs to no power")
        return self


class EarlierSetup(Strict):
    """What an earlier version of the project set up differently (option ``setup_revision``), kept so that
    games saved then still replay: the markers that stood elsewhere, and why they moved."""

    why: str
    diplomacy: dict[Id, DiplomaticStatus] = Field(default_factory=dict)


TributeState = Literal["paid", "refused", "refused_last_turn", "none"]
Camp = Literal["assyrian", "rebel", "neutral"]


class Activation(Strict):
    """How an inactive minor sets up when it is activated (6.17): forces, fleets and hand."""

    hand: Annotated[int, Field(ge=0)]
    forces: tuple[Force, ...] = ()
    fleets: tuple[Fleet, ...] = ()


class Scenario(Strict):
    """A scenario card: turns, powers, player tables and the complete starting position."""

    id: Id
    name: str
    first_turn: Annotated[int, Field(ge=1, le=5)]
    last_turn: Annotated[int, Field(ge=1, le=5)]
    start_year: int
    tutorial: bool = False
    powers: tuple[Id, ...]
    absent_powers: tuple[Id, ...] = ()
    players: dict[int, dict[Id, int]]
    description: str
    camps: dict[Id, Camp]
    wars: tuple[tuple[Id, Id], ...] = ()
    diplomacy: dict[Id, DiplomaticStatus]
    tribute: dict[Id, TributeState]
    tribute_track: dict[Id, int] = Field(default_factory=dict)
    eco: dict[Id, Annotated[int, Field(ge=0)]]
    eco_base: dict[Id, Annotated[int, Field(ge=0)]]
    trade_box: dict[Id, Annotated[int, Field(ge=0)]]
    hands: dict[Id, Annotated[int, Field(ge=0)]]
    vp: dict[Id, int]
    impulse_marker: Id
    preemption_marker: Id
    impulse_round: Annotated[int, Field(ge=1)] = 1
    forces: tuple[Force, ...] = ()
    fleets: tuple[Fleet, ...] = ()
    sieges: tuple[Siege, ...] = ()
    activation: dict[Id, Activation] = Field(default_factory=dict)
    skipped_events: tuple[Id, ...] = ()
    notes: tuple[str, ...] = ()
    #: set-ups of earlier project versions by revision number (option ``setup_revision``)
    earlier: dict[int, EarlierSetup] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _turns_ordered(self) -> Scenario:
        if self.first_turn > self.last_turn:
            raise ValueError("first_turn must not come after last_turn")
        return self
