"""The static drawing data of the Assyrian Wars board for the graphical table (issue 16).

Everything comes from the content data and is laid out by :mod:`.content.svg` (the same coordinates as
the reviewers' SVG map): areas by shape (1.2) with their city marks (1.3, 7.1.D), connections by terrain
(1.3), coastal sea zones, Sealand and the Mede Far East, the Trade Box and its Raid Boxes (6.15), the sea
trade boxes (6.16.g), the nations with their colours, the tracks (diplomatic track 6.9, VP 8.3, ECO 7.3,
impulse track 6.0, turns and timetable 7.6) and the counter types a view's piece record resolves to.

A view names pieces by counter id; ``pieces["counters"][id]["type"]`` is a key of ``pieces["types"]``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ashur.games.assyrian_wars.content.model import Content
from ashur.games.assyrian_wars.content.svg import (
    RAID_BOX_SIZE,
    SEA_ELLIPSE,
    TRADE_BOX_SIZE,
    area_geometry,
    map_size,
    map_xy,
)
from ashur.games.assyrian_wars.rules.politics.markers import ALLIANCE, MARCH, MAX_VALUE, PRO, TRADE

#: 2.1: what the letters of a unit type mean (arm, weight, bow fire 9.7)
UNIT_TYPES: dict[str, dict[str, Any]] = {
    "HI": {"arm": "infantry", "weight": "heavy", "bow": False},
    "LI": {"arm": "infantry", "weight": "light", "bow": False},
    "HC": {"arm": "cavalry", "weight": "heavy", "bow": False},
    "LC": {"arm": "cavalry", "weight": "light", "bow": False},
    "HB": {"arm": "bow", "weight": "heavy", "bow": True},
    "B": {"arm": "bow", "weight": "light", "bow": True},
    "CH": {"arm": "chariot", "weight": "heavy", "bow": False},
}
TRACK_TOP = MAX_VALUE
"""2.2: every power's track runs to 15; a marker beyond flips to its '+' side (VP, ECO) and counts 15 more."""


def _xy(pos: tuple[float, float]) -> dict[str, float]:
    x, y = map_xy(pos)
    return {"x": round(x, 1), "y": round(y, 1)}


def _areas(c: Content) -> list[dict[str, Any]]:
    out = []
    for area in c.areas.values():
        nation = c.nations[area.nation] if area.nation else None
        colour = nation.colour if nation is not None and area.kind != "minor_city" else "#ffffff"
        city = area.city
        out.append({
            "id": area.id, **_xy(area.pos), "kind": area.kind, "shape": area.shape,
            "geometry": area_geometry(area), "nation": area.nation, "colour": colour, "region": area.region,
            "city": None if city is None else {
                "defence": city.defence, "fortress": city.fortress, "capital": city.capital, "eco": city.eco,
                "blue_eco": city.blue_eco, "port": city.port},
            "far_east": area.kind == "far_east", "sealand": area.sea_zone, "island": area.island,
            "move_cost": area.move_cost, "fixed_eco": nation.fixed_eco if area.shape == "fixed_eco" and nation
            else None,
            "coast": list(c.coastal_zones(area.id)),
        })
    return out


def _seas(c: Content) -> list[dict[str, Any]]:
    out = []
    for zone in c.sea_zones.values():
        entry: dict[str, Any] = {"id": zone.id, **_xy(zone.pos), "body": zone.body, "coastal": list(zone.coastal),
                                 "adjacent": list(zone.adjacent), "land_area": zone.land_area,
                                 "ports": list(c.port_cities(zone.id)),
                                 "trade_box": [b.id for b in c.trade_boxes.values() if zone.id in b.entered_from]}
        if zone.land_area:
            entry["r"] = area_geometry(c.areas[zone.id])["r"]  # Sealand: the land area's circle (1.3)
        else:
            entry["rx"], entry["ry"] = SEA_ELLIPSE
        out.append(entry)
    return out


def _boxes(c: Content) -> list[dict[str, Any]]:
    out = []
    for box in c.trade_boxes.values():
        w, h = TRADE_BOX_SIZE[box.kind]
        out.append({"id": box.id, "kind": f"trade_{box.kind}", **_xy(box.pos), "w": w, "h": h, "body": box.body,
                    "capacity": box.capacity, "entered_from": list(box.entered_from)})
    for raid in c.raid_boxes.values():
        out.append({"id": raid.id, "kind": "raid", **_xy(raid.pos), "w": RAID_BOX_SIZE[0], "h": RAID_BOX_SIZE[1],
                    "number": raid.number, "power": raid.power})
    return out


def _nations(c: Content) -> list[dict[str, Any]]:
    out = []
    for n in c.nations.values():
        r, g, b = (int(n.colour[i:i + 2], 16) for i in (1, 3, 5))
        dark = 0.299 * r + 0.587 * g + 0.114 * b < 110
        kind = {"minor_city": "minor", "nomad_mercenary": "nomad"}.get(n.kind, n.kind)
        out.append({"id": n.id, "kind": kind, "subkind": n.kind, "colour": n.colour, "accent": n.accent,
                    "text_colour": "#ffffff" if dark else "#111111", "impulse_position": n.impulse_position,
                    "capital": n.capital})
    return out


def _tracks(c: Content) -> dict[str, Any]:
    statuses = [{"status": "neutral", "from": 1, "to": TRADE - 1}, {"status": "trade", "from": TRADE, "to": PRO - 1},
                {"status": "pro", "from": PRO, "to": MARCH - 1}, {"status": "march", "from": MARCH, "to": ALLIANCE - 1},
                {"status": "alliance", "from": ALLIANCE, "to": MAX_VALUE}]
    return {
        "diplomatic": {"rule": "6.9", "powers": c.powers(), "values": [1, MAX_VALUE], "neutral_box": 0,
                       "statuses": statuses, "subjects": c.minors() + c.nomads(), "minor_cities": c.minor_cities(),
                       "boxes": ["neutral", "war", "conquest", "pact"]},
        "vp": {"rule": "8.3", "min": 0, "max": TRACK_TOP, "plus": True, "powers": c.powers()},
        "eco": {"rule": "7.3", "min": 0, "max": TRACK_TOP, "plus": True},
        "impulse": {"rule": "6.0", "order": c.impulse_order()},
        "turns": [{"turn": t.turn, "years": t.years, "assyrian_reign": t.assyrian_reign,
                   "kings": dict(t.kings), "events": [e.id for e in c.events_for_turn(t.turn)]}
                  for t in c.timetable.turns],
        "timetable": [{"id": e.id, "turn": e.turn, "type": e.type, "nation": e.nation, "area": e.area}
                      for e in c.timetable.events],
    }


def piece_types(c: Content) -> dict[str, Any]:
    """Counter types (``types``: code -> kind and values) and every counter id's type (``counters``)."""
    types: dict[str, dict[str, Any]] = {}
    counters: dict[str, dict[str, Any]] = {}

    def unit(cid: str, nation: str, utype: str, front: int, reduced: int, kind: str) -> None:
        code = f"{utype.lower()}{front}"
        if code in types and types[code]["reduced"] != reduced:
            code = f"{code}r{reduced}"  # the same front strength with another reduced side
        types.setdefault(code, {"kind": "unit", "unit_type": utype, "strength": front, "reduced": reduced,
                                **UNIT_TYPES[utype]})
        counters[cid] = {"type": code, "nation": nation, "kind": kind}

    for u in c.units.values():
        unit(u.id, u.nation, u.type, u.front, u.reduced, "unit")
    for m in c.mercenary_units.values():
        unit(m.id, "mercenaries", m.type, m.front, m.reduced, "merc")
    types["leader"] = {"kind": "leader"}
    for ld in c.leaders.values():
        counters[ld.id] = {"type": "leader", "nation": ld.nation, "kind": "leader", "name": ld.name,
                           "action": ld.front.action, "command": ld.front.command,
                           "reduced": {"action": ld.reduced.action, "command": ld.reduced.command}}
    types["king"] = {"kind": "king"}
    for kc in c.king_counters.values():
        counters[kc.id] = {"type": "king", "nation": kc.nation, "kind": "king",
                           "sides": {side.id: {"action": side.action, "command": side.command, "reign": side.reign}
                                     for side in (kc.front, kc.back)}}
    types["ship"] = {"kind": "ship"}
    for s in c.ships.values():
        counters[s.id] = {"type": "ship", "nation": s.nation, "kind": "ship", "strength": s.front,
                          "reduced": s.reduced, "search": s.search}
    return {"types": types, "counters": counters}


@lru_cache(maxsize=1)
def _board(c: Content) -> dict[str, Any]:
    w, h = map_size()
    return {
        "size": {"w": round(w, 1), "h": round(h, 1)},
        "areas": _areas(c),
        "connections": [{"a": k.a, "b": k.b, "type": k.type} for k in c.connections],
        "seas": _seas(c),
        "boxes": _boxes(c),
        "nations": _nations(c),
        "tracks": _tracks(c),
        "pieces": piece_types(c),
        "cards": {str(n): {"ap": card.ap, "plus": card.plus, "kind": card.kind, "owner": card.owner,
                      "timing": [t.model_dump(mode="json", exclude_none=True) for t in card.timing]}
                  for n, card in c.cards.items()},
    }


def board(c: Content) -> dict[str, Any]:
    """The board data (a fresh copy: callers may change it)."""
    import copy

    return copy.deepcopy(_board(c))
