"""Game content of Assyrian Wars as validated data files (map, nations, counters, cards, timetable,
scenarios). The rules code reads everything from here; an owner of the physical game can replace
any YAML file with the printed values.

Public API:

* :func:`load_content` - load and check a content directory (the packaged one is cached).
* :func:`check_content` - every problem as a one-line string; never raises for data errors.
* :func:`dump_content` - everything as JSON-serialisable data.
* :func:`render_map_svg` - a picture of the map.
* :class:`ContentError` - raised by :func:`load_content`, naming file, line, entry and field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from .checks import run_checks
from .errors import ContentError, Problem
from .loader import DEFAULT_DIRECTORY, build_content, parse
from .model import Content, PlacedFleet, PlacedForce, ScenarioSetup
from .svg import render_map_svg

__all__ = [
    "Content",
    "ContentError",
    "PlacedFleet",
    "PlacedForce",
    "Problem",
    "ScenarioSetup",
    "check_content",
    "dump_content",
    "load_content",
    "render_map_svg",
]


def _load(directory: Path) -> tuple[Content | None, list[Problem]]:
    parsed, problems = parse(directory)
    if parsed is None:
        return None, problems
    try:
        content = build_content(directory, parsed)
    except (KeyError, ValueError, TypeError) as exc:  # references too broken to index
        return None, [Problem("content", None, None, f"cannot index the content: {exc!r}")]
    problems = run_checks(parsed, content)
    return (None, problems) if problems else (content, [])


@lru_cache(maxsize=1)
def _default_content() -> Content:
    content, problems = _load(DEFAULT_DIRECTORY)
    if content is None:
        raise ContentError(problems)
    return content


def load_content(directory: Path | None = None) -> Content:
    """Load, validate and cross-check a content directory (default: the packaged data, cached).

    Raises :class:`ContentError` naming the file, line, entry and field of the first problem; the
    exception's ``problems`` attribute lists all of them.
    """
    if directory is None:
        return _default_content()
    content, problems = _load(Path(directory))
    if content is None:
        raise ContentError(problems)
    return content


def check_content(directory: Path | None = None) -> list[str]:
    """Every problem of a content directory as one line each; an empty list when all is well."""
    _, problems = _load(Path(directory) if directory is not None else DEFAULT_DIRECTORY)
    return [str(problem) for problem in problems]


def _json(model: Any) -> Any:
    data = model.model_dump(mode="json")
    return _str_keys(data)


def _str_keys(data: Any) -> Any:
    if isinstance(data, dict):
        return {str(k): _str_keys(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_str_keys(v) for v in data]
    return data


def _placed(forces: tuple[PlacedForce, ...], fleets: tuple[PlacedFleet, ...]) -> dict[str, Any]:
    return {
        "forces": [
            {
                "nation": x.nation,
                "area": x.area,
                "in_city": x.in_city,
                "units": list(x.units),
                "reduced": list(x.reduced),
                "leaders": list(x.leaders),
                "kings": list(x.kings),
            }
            for x in forces
        ],
        "fleets": [
            {"nation": x.nation, "zone": x.zone, "ships": list(x.ships), "reduced": list(x.reduced)} for x in fleets
        ],
    }


def dump_content(content: Content) -> dict[str, Any]:
    """Everything in the content as plain JSON-serialisable data, derived values included."""
    setups = {}
    for sid, setup in content.setups.items():
        entry = _placed(setup.forces, setup.fleets)
        entry["activation"] = {nid: _placed(*pair) for nid, pair in setup.activation.items()}
        setups[sid] = entry
    nations = {}
    for nid, nation in content.nations.items():
        data = _json(nation)
        data["tribute_dice"] = content.tribute_dice(nid)
        data["city_count"] = content.city_count(nid)
        data["home_areas"] = list(content.home_areas(nid))
        data["home_cities"] = list(content.home_cities(nid))
        data["associated_areas"] = list(content.associated_areas(nid))
        data["home_cards"] = list(content.home_cards(nid))
        data["army_group_cards"] = list(content.army_group_cards(nid))
        nations[nid] = data
    areas = {}
    for aid, area in content.areas.items():
        data = _json(area)
        data["neighbors"] = [list(pair) for pair in content.neighbors(aid)]
        data["desert_only"] = content.is_desert_only(aid)
        data["coastal_zones"] = list(content.coastal_zones(aid))
        areas[aid] = data
    return {
        "nations": nations,
        "impulse_order": content.impulse_order(),
        "areas": areas,
        "connections": [_json(x) for x in content.connections],
        "sea_zones": {k: _json(v) for k, v in content.sea_zones.items()},
        "trade_boxes": {k: _json(v) for k, v in content.trade_boxes.items()},
        "raid_boxes": {k: _json(v) for k, v in content.raid_boxes.items()},
        "units": {k: {**_json(v), "initially_available": v.initially_available} for k, v in content.units.items()},
        "leaders": {k: _json(v) for k, v in content.leaders.items()},
        "kings": {k: _json(v) for k, v in content.kings.items()},
        "king_counters": {k: _json(v) for k, v in content.king_counters.items()},
        "generic_king_markers": _json(content.generic_king_markers),
        "ships": {k: {**_json(v), "initially_available": v.initially_available} for k, v in content.ships.items()},
        "mercenary_units": {k: _json(v) for k, v in content.mercenary_units.items()},
        "marker_stock": {k: {**_json(v), "total": v.total()} for k, v in content.marker_stock.items()},
        "cards": {str(k): _json(v) for k, v in content.cards.items()},
        "deck": list(content.deck()),
        "secret_diplomacy": {k: _json(v) for k, v in content.secret_diplomacy.items()},
        "timetable": _json(content.timetable),
        "scenarios": {k: _json(v) for k, v in content.scenarios.items()},
        "scenario_setups": setups,
    }
