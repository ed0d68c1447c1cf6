"""Reading the data files: YAML with line numbers, schema validation, expansion and indexing.

Schema errors are turned into :class:`~.errors.Problem` objects naming the file, line, entry and
field; the cross-file checks live in :mod:`.checks`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ValidationError

from ashur.core.yamlio import LineDict, LineList, YamlSyntaxError, line_of, read_yaml

from .effects import CardsFile
from .errors import Problem
from .model import Content, PlacedFleet, PlacedForce, ScenarioSetup
from .schema import (
    Activation,
    AreasFile,
    ConnectionsFile,
    CountersFile,
    Fleet,
    Force,
    King,
    LeaderCounter,
    MercenaryCounter,
    NationsFile,
    Scenario,
    SeasFile,
    SecretDiplomacyFile,
    ShipCounter,
    TimetableFile,
    UnitCounter,
)

DEFAULT_DIRECTORY = Path(__file__).resolve().parent

FILES: dict[str, type[BaseModel]] = {
    "nations.yaml": NationsFile,
    "areas.yaml": AreasFile,
    "connections.yaml": ConnectionsFile,
    "seas.yaml": SeasFile,
    "counters.yaml": CountersFile,
    "cards.yaml": CardsFile,
    "secret_diplomacy.yaml": SecretDiplomacyFile,
    "timetable.yaml": TimetableFile,
}
SCENARIO_DIR = "scenarios"


@dataclass(slots=True)
class Parsed:
    """Validated models of every file, with the raw YAML kept for line numbers."""

    raw: dict[str, Any]
    models: dict[str, Any]
    scenarios: dict[str, Scenario]
    scenario_files: dict[str, str]


# -- entry labels -------------------------------------------------------------------------------


_LABELS = {
    "nations": "nation",
    "areas": "area",
    "sea_zones": "sea zone",
    "trade_boxes": "trade box",
    "raid_boxes": "raid box",
    "leaders": "leader",
    "kings": "king counter",
    "markers": "marker",
    "tables": "table",
    "events": "event",
    "turns": "turn",
}


def entry_label(file: str, key: str, index: int, item: Any) -> str:
    """A human name for item ``index`` of the top-level list ``key`` of ``file``."""
    if not isinstance(item, dict):
        return f"{key} entry {index}"
    if file == "cards.yaml":
        return f"card {item.get('number')} {item.get('name')!r}"
    if file == "connections.yaml":
        return f"connection {item.get('a')}-{item.get('b')}"
    if key in ("units", "ships", "mercenaries"):
        what = " ".join(str(item[k]) for k in ("nation", "type", "front") if k in item)
        return f"{key} entry {index} ({what})"
    ident = item.get("id", item.get("turn", index))
    label = _LABELS.get(key, f"{key} entry")
    return f"{label} {ident!r}" if isinstance(ident, str) else f"{label} {ident}"


def _describe(file: str, raw: Any, loc: tuple[Any, ...]) -> tuple[str | None, str | None, int | None]:
    """Entry label, dotted field name and line for a pydantic error location in raw YAML."""
    path: list[Any] = []
    node = raw
    for step in loc:
        if (isinstance(node, dict) and step in node) or (
            isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)
        ):
            path.append(step)
            node = node[step]
        elif isinstance(node, dict) and isinstance(step, str) and step == node.get("op"):
            continue  # the tag of a discriminated union
        else:
            path.append(step)
            break
    entry: str | None = None
    rest = list(path)
    if file.startswith(SCENARIO_DIR):
        scenario_id = raw.get("id") if isinstance(raw, dict) else None
        entry = f"scenario {scenario_id!r}" if scenario_id else "scenario"
    elif len(path) >= 2 and isinstance(path[1], int) and isinstance(raw, dict):
        items = raw.get(path[0])
        if isinstance(items, list) and path[1] < len(items):
            entry = entry_label(file, str(path[0]), path[1], items[path[1]])
            rest = path[2:]
    field_name = _dotted(rest) if rest else None
    return entry, field_name, line_of(raw, tuple(path))


def _dotted(path: list[Any]) -> str:
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += f".{step}" if out else str(step)
    return out


def _validation_problems(file: str, raw: Any, exc: ValidationError) -> list[Problem]:
    problems = []
    for err in exc.errors(include_url=False):
        entry, field_name, line = _describe(file, raw, tuple(err["loc"]))
        problems.append(Problem(file, entry, field_name, err["msg"], line))
    return problems


# -- parsing --------------------------------------------------------------------------------------


def _read(directory: Path, name: str, problems: list[Problem]) -> Any:
    path = directory / name
    if not path.is_file():
        problems.append(Problem(name, None, None, "file is missing"))
        return None
    try:
        data = read_yaml(path, name)
    except YamlSyntaxError as exc:
        problems.append(Problem(exc.file, None, None, exc.message, exc.line))
        return None
    if data is None:
        problems.append(Problem(name, None, None, "file is empty"))
    return data


def parse(directory: Path) -> tuple[Parsed | None, list[Problem]]:
    """Read and schema-validate every file; return the parsed data or the problems found."""
    problems: list[Problem] = []
    raw: dict[str, Any] = {}
    models: dict[str, Any] = {}
    for name, model in FILES.items():
        data = _read(directory, name, problems)
        if data is None:
            continue
        raw[name] = data
        try:
            models[name] = model.model_validate(data)
        except ValidationError as exc:
            problems.extend(_validation_problems(name, data, exc))
    scenarios: dict[str, Scenario] = {}
    scenario_files: dict[str, str] = {}
    scenario_dir = directory / SCENARIO_DIR
    paths = sorted(scenario_dir.glob("*.yaml")) if scenario_dir.is_dir() else []
    if not paths:
        problems.append(Problem(SCENARIO_DIR, None, None, "no scenario files found"))
    for path in paths:
        name = f"{SCENARIO_DIR}/{path.name}"
        data = _read(directory, name, problems)
        if data is None:
            continue
        raw[name] = data
        try:
            scenario = Scenario.model_validate(data)
        except ValidationError as exc:
            problems.extend(_validation_problems(name, data, exc))
            continue
        if scenario.id != path.stem:
            problems.append(
                Problem(name, f"scenario {scenario.id!r}", "id", "must match the file name", line_of(data, ("id",)))
            )
        scenarios[scenario.id] = scenario
        scenario_files[scenario.id] = name
    if problems:
        return None, problems
    return Parsed(raw, models, scenarios, scenario_files), []


# -- expansion ------------------------------------------------------------------------------------


def expand_counters(counters: CountersFile) -> dict[str, dict[str, Any]]:
    """One object per physical counter, with derivable ids (e.g. ``assyria-hi4-1``)."""
    units: dict[str, UnitCounter] = {}
    seen: dict[str, int] = defaultdict(int)
    for spec in counters.units:
        stem = f"{spec.nation}-{spec.type.lower()}{spec.front}"
        for _ in range(spec.count):
            seen[stem] += 1
            uid = f"{stem}-{seen[stem]}"
            units[uid] = UnitCounter(
                id=uid,
                nation=spec.nation,
                type=spec.type,
                front=spec.front,
                reduced=spec.reduced,
                entry=spec.entry,
                entry_refs=spec.entry_refs,
            )
    ships: dict[str, ShipCounter] = {}
    for ship_spec in counters.ships:
        for _ in range(ship_spec.count):
            stem = f"{ship_spec.nation}-ship"
            seen[stem] += 1
            sid = f"{stem}-{seen[stem]}"
            ships[sid] = ShipCounter(
                id=sid,
                nation=ship_spec.nation,
                front=ship_spec.front,
                reduced=ship_spec.reduced,
                search=ship_spec.search,
                entry=ship_spec.entry,
                entry_refs=ship_spec.entry_refs,
            )
    mercs: dict[str, MercenaryCounter] = {}
    for merc in counters.mercenaries:
        stem = f"merc-{merc.type.lower()}{merc.front}"
        for _ in range(merc.count):
            seen[stem] += 1
            mid = f"{stem}-{seen[stem]}"
            mercs[mid] = MercenaryCounter(id=mid, type=merc.type, front=merc.front, reduced=merc.reduced)
    leaders = {spec.id: LeaderCounter(**spec.model_dump()) for spec in counters.leaders}
    kings: dict[str, King] = {}
    for counter in counters.kings:
        for side, this, other in (("front", counter.front, counter.back), ("back", counter.back, counter.front)):
            kings[this.id] = King(
                id=this.id,
                counter=counter.id,
                side=side,
                other_side=other.id,
                nation=counter.nation,
                name=this.name,
                action=this.action,
                command=this.command,
                reign=this.reign,
            )
    return {
        "units": units,
        "ships": ships,
        "mercenary_units": mercs,
        "leaders": leaders,
        "kings": kings,
        "king_counters": {counter.id: counter for counter in counters.kings},
        "markers": {marker.id: marker for marker in counters.markers},
    }


def _resolve_forces(
    forces: tuple[Force, ...], fleets: tuple[Fleet, ...], units: dict[str, UnitCounter], ships: dict[str, ShipCounter]
) -> tuple[tuple[PlacedForce, ...], tuple[PlacedFleet, ...]]:
    """Give each unit group the lowest-numbered free counters of its nation, type and strength."""
    used: set[str] = set()
    placed: list[PlacedForce] = []
    for force in forces:
        ids: list[str] = []
        reduced: list[str] = []
        for group in force.units:
            stem = f"{force.nation}-{group.type.lower()}{group.strength}-"
            free = [uid for uid in units if uid.startswith(stem) and uid not in used]
            take = free[: group.count]
            used.update(take)
            ids.extend(take)
            if group.reduced:
                reduced.extend(take)
        placed.append(
            PlacedForce(force.nation, force.area, force.in_city, tuple(ids), tuple(reduced), force.leaders, force.kings)
        )
    placed_fleets: list[PlacedFleet] = []
    for fleet in fleets:
        free = [sid for sid, ship in ships.items() if ship.nation == fleet.nation and sid not in used]
        take = free[: fleet.count]
        used.update(take)
        placed_fleets.append(PlacedFleet(fleet.nation, fleet.zone, tuple(take), tuple(take) if fleet.reduced else ()))
    return tuple(placed), tuple(placed_fleets)


def resolve_setup(scenario: Scenario, units: dict[str, UnitCounter], ships: dict[str, ShipCounter]) -> ScenarioSetup:
    """Resolve a scenario's forces, fleets and activation set-ups to counter ids."""
    forces, fleets = _resolve_forces(scenario.forces, scenario.fleets, units, ships)
    activation: dict[str, tuple[tuple[PlacedForce, ...], tuple[PlacedFleet, ...]]] = {}
    for nation, act in scenario.activation.items():
        activation[nation] = _resolve_activation(act, units, ships)
    return ScenarioSetup(forces, fleets, MappingProxyType(activation))


def _resolve_activation(
    act: Activation, units: dict[str, UnitCounter], ships: dict[str, ShipCounter]
) -> tuple[tuple[PlacedForce, ...], tuple[PlacedFleet, ...]]:
    return _resolve_forces(act.forces, act.fleets, units, ships)


# -- indexes --------------------------------------------------------------------------------------


def build_content(directory: Path, parsed: Parsed) -> Content:
    """Build the immutable :class:`Content` with all indexes from validated models."""
    m = parsed.models
    nations = {n.id: n for n in m["nations.yaml"].nations}
    areas = {a.id: a for a in m["areas.yaml"].areas}
    connections = tuple(m["connections.yaml"].connections)
    seas = m["seas.yaml"]
    sea_zones = {z.id: z for z in seas.sea_zones}
    counters = expand_counters(m["counters.yaml"])
    cards = {c.number: c for c in m["cards.yaml"].cards}
    tables = {t.id: t for t in m["secret_diplomacy.yaml"].tables}

    neighbors: dict[str, list[tuple[str, str]]] = {aid: [] for aid in areas}
    connection_type: dict[frozenset[str], str] = {}
    for conn in connections:
        for x, y in ((conn.a, conn.b), (conn.b, conn.a)):
            neighbors.setdefault(x, []).append((y, conn.type))
        connection_type[frozenset((conn.a, conn.b))] = conn.type
    desert_only = frozenset(
        aid for aid, links in neighbors.items() if links and all(kind == "desert" for _, kind in links)
    )
    coastal: dict[str, list[str]] = defaultdict(list)
    for zone in sea_zones.values():
        for aid in zone.coastal:
            coastal[aid].append(zone.id)
    ports: dict[str, list[str]] = defaultdict(list)
    home_areas: dict[str, list[str]] = defaultdict(list)
    home_cities: dict[str, list[str]] = defaultdict(list)
    associated: dict[str, list[str]] = defaultdict(list)
    city_count: dict[str, int] = defaultdict(int)
    for area in areas.values():
        if area.city is not None and area.city.port is not None:
            ports[area.city.port].append(area.id)
        if area.nation is None:
            continue
        if area.kind in ("home", "far_east"):
            home_areas[area.nation].append(area.id)
            if area.city is not None:
                home_cities[area.nation].append(area.id)
                city_count[area.nation] += 2 if area.city.capital else 1
        elif area.kind == "associated":
            associated[area.nation].append(area.id)
            city_count[area.nation] += 1
    # 6.16.d: where land units board and land in a zone: its port cities, and Sealand, both area and zone (1.3)
    port_areas = {z: tuple(sorted({*ports.get(z, ()), *((z,) if z in areas and areas[z].sea_zone else ())}))
                  for z in sea_zones}
    sea_boxes_from: dict[str, list[str]] = defaultdict(list)  # 6.16.g
    for box in sorted(seas.trade_boxes, key=lambda t: t.id):
        if box.kind == "sea":
            for zone_id in box.entered_from:
                sea_boxes_from[zone_id].append(box.id)
    ordered = sorted(
        (n for n in nations.values() if n.impulse_position is not None), key=lambda n: n.impulse_position or 0
    )
    impulse_order = tuple(n.id for n in ordered)
    rank = {nid: i for i, nid in enumerate(impulse_order)}
    by_kind: dict[str, list[str]] = defaultdict(list)
    for nation in sorted(nations.values(), key=lambda n: (rank.get(n.id, len(rank)), n.id)):
        by_kind[nation.kind].append(nation.id)
    home_cards: dict[str, list[int]] = defaultdict(list)
    ag_cards: dict[str, list[int]] = defaultdict(list)
    deck: list[int] = []
    for number in sorted(cards):
        card = cards[number]
        if card.kind == "home" and card.owner:
            home_cards[card.owner].append(number)
        elif card.kind == "army_group" and card.owner:
            ag_cards[card.owner].append(number)
        else:
            deck.append(number)
    setups = {sid: resolve_setup(s, counters["units"], counters["ships"]) for sid, s in parsed.scenarios.items()}

    def ro(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
        return MappingProxyType(mapping)

    return Content(
        directory=directory,
        nations=ro(nations),
        areas=ro(areas),
        connections=connections,
        sea_zones=ro(sea_zones),
        trade_boxes=ro({t.id: t for t in seas.trade_boxes}),
        raid_boxes=ro({r.id: r for r in seas.raid_boxes}),
        cards=ro(cards),
        scenarios=ro(dict(parsed.scenarios)),
        timetable=m["timetable.yaml"],
        secret_diplomacy=ro(tables),
        units=ro(counters["units"]),
        leaders=ro(counters["leaders"]),
        kings=ro(counters["kings"]),
        king_counters=ro(counters["king_counters"]),
        generic_king_markers=m["counters.yaml"].generic_king_markers,
        ships=ro(counters["ships"]),
        mercenary_units=ro(counters["mercenary_units"]),
        marker_stock=ro(counters["markers"]),
        setups=ro(setups),
        _neighbors={k: tuple(v) for k, v in neighbors.items()},
        _connection_type=connection_type,
        _sea_neighbors={z.id: z.adjacent for z in sea_zones.values()},
        _coastal_zones={k: tuple(v) for k, v in coastal.items()},
        _port_cities={k: tuple(v) for k, v in ports.items()},
        _port_areas=port_areas,
        _sea_boxes_from={k: tuple(v) for k, v in sea_boxes_from.items()},
        _home_areas={k: tuple(v) for k, v in home_areas.items()},
        _home_cities={k: tuple(v) for k, v in home_cities.items()},
        _associated_areas={k: tuple(v) for k, v in associated.items()},
        _city_count=dict(city_count),
        _desert_only=desert_only,
        _impulse_order=impulse_order,
        _by_kind={k: tuple(v) for k, v in by_kind.items()},
        _home_cards={k: tuple(v) for k, v in home_cards.items()},
        _army_group_cards={k: tuple(v) for k, v in ag_cards.items()},
        _deck=tuple(deck),
    )


__all__ = ["DEFAULT_DIRECTORY", "FILES", "LineDict", "LineList", "Parsed", "build_content", "parse"]
