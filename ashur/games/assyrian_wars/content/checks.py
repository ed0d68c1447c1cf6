"""Cross-file checks of the content: references and rule constraints of map, nations, counters,
cards, secret diplomacy and timetable. Scenario checks live in :mod:`.scenario_checks`.

Every problem names its file, entry and field; the line comes from the raw YAML. Rule numbers refer
to the English rules v1.2.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator
from typing import Any

from ashur.games.assyrian_wars.ctx import OFF_MAP_PREFIXES

from .effects import AREA_SELECTORS, OFF_MAP_SIDES, SUBJECT_SELECTORS, Card, ChooseOne
from .errors import Problem
from .loader import Parsed
from .model import Content
from .rulebook import HAND_LIMITS, MAP_BOUNDS, MERCENARIES, NAMED_CARDS, POWER_ORDER, TYPE_TIMING, Ctx
from .scenario_checks import check_scenario

__all__ = ["NAMED_CARDS", "run_checks", "walk_ops"]


def run_checks(parsed: Parsed, content: Content) -> list[Problem]:
    """All cross-file checks; an empty list when the content is consistent."""
    ctx = Ctx(parsed, content)
    for check in (check_nations, check_areas, check_connections, check_seas, check_counters, check_cards):
        check(ctx)
    check_secret_diplomacy(ctx)
    check_timetable(ctx)
    for sid, scenario in content.scenarios.items():
        check_scenario(ctx, parsed.scenario_files[sid], scenario)
    return ctx.problems


# -- nations --------------------------------------------------------------------------------------


def check_nations(ctx: Ctx) -> None:
    """1.1, 2.1.2, 4.2, 6.0, 7.3.1, 7.3.2."""
    f, c = "nations.yaml", ctx.c
    for i, n in enumerate(c.nations.values()):
        e = ctx.item(f, "nations", i)
        path = ("nations", i)
        if n.kind == "power":
            want_pos = POWER_ORDER.index(n.id) + 1 if n.id in POWER_ORDER else None
            if n.impulse_position != want_pos:
                ctx.add(
                    f,
                    (*path, "impulse_position"),
                    e,
                    "impulse_position",
                    f"powers take impulse places 1-5 in the order {', '.join(POWER_ORDER)} (1.1 A)",
                )
        if n.kind in ("power", "minor", "nomad") and n.impulse_position is None:
            ctx.add(f, path, e, "impulse_position", "powers, minors and nomads are on the Impulse Track (6.0)")
        if n.kind in ("minor_city", "nomad_mercenary", "mercenary") and n.impulse_position is not None:
            ctx.add(f, (*path, "impulse_position"), e, "impulse_position", f"a {n.kind} takes no impulses (6.0)")
        limits = (4, 10) if n.id == "assyria" else HAND_LIMITS.get(n.kind)
        got = (n.hand.min, n.hand.max) if n.hand else None
        if got != limits:
            ctx.add(f, (*path, "hand"), e, "hand", f"hand limits must be {limits} (7.3.2)")
        mercs = 8 if n.id == "assyria" else MERCENARIES.get(n.kind, 0)
        if n.mercenaries != mercs:
            ctx.add(f, (*path, "mercenaries"), e, "mercenaries", f"must be {mercs} (4.2)")
        if n.capital is not None:
            area = c.areas.get(n.capital)
            if area is None or area.nation != n.id or area.city is None or not area.city.capital:
                ctx.add(f, (*path, "capital"), e, "capital", f"{n.capital!r} is not a capital city of {n.id} (1.2)")
        elif n.kind in ("power", "minor") and n.fixed_eco is None:
            ctx.add(f, path, e, "capital", "a power or minor needs a capital (1.2)")
        if n.fixed_eco is not None and c.home_cities(n.id):
            ctx.add(f, (*path, "fixed_eco"), e, "fixed_eco", "a nation with fixed ECO has no cities (7.3.1)")
        want_ag = (2 if n.id == "assyria" else 1) if n.kind == "power" else 0
        if n.army_group_cards < want_ag or (n.kind != "power" and n.army_group_cards):
            ctx.add(f, (*path, "army_group_cards"), e, "army_group_cards", f"expected {want_ag} (6.6.6)")
        if n.kind in ("power", "minor"):
            if n.printed_city_count is None:
                ctx.add(f, path, e, "printed_city_count", "powers and minors print their city count on the map (7.3.1)")
            elif n.printed_city_count != c.city_count(n.id):
                ctx.add(
                    f,
                    (*path, "printed_city_count"),
                    e,
                    "printed_city_count",
                    f"printed {n.printed_city_count} but the map gives {c.city_count(n.id)} (7.3.1)",
                )
    order = c.impulse_order()
    if len(set(order)) != len(order) or len({c.nations[x].impulse_position for x in order}) != len(order):
        ctx.add(f, ("nations",), None, "impulse_position", "impulse places must be unique")
    if order and order[-1] != "scythians":
        ctx.add(f, ("nations",), None, "impulse_position", "the Impulse Track ends with the Scythians (6.0)")
    kinds = [c.nations[x].kind for x in order]
    if kinds != sorted(kinds, key=["power", "minor", "nomad"].index):
        ctx.add(f, ("nations",), None, "impulse_position", "the track runs powers, then minors, then nomads (6.0)")


# -- map ------------------------------------------------------------------------------------------


def check_areas(ctx: Ctx) -> None:
    """1.2, 1.3, 2.1.2, 7.1."""
    f, c = "areas.yaml", ctx.c
    raw_ids = [a.get("id") for a in ctx.parsed.raw[f]["areas"]]
    for aid, n in Counter(raw_ids).items():
        if n > 1:
            ctx.add(f, ("areas", raw_ids.index(aid)), f"area {aid!r}", "id", "duplicate id")
    for i, a in enumerate(c.areas.values()):
        e, path = f"area {a.id!r}", ("areas", i)
        if a.id.startswith(OFF_MAP_PREFIXES):
            ctx.add(f, (*path, "id"), e, "id", "begins like an off-map box (pool, regroup, raid:, ...): the engine "
                    "would take the area for that box")
        nation = c.nations.get(a.nation) if a.nation else None
        if a.nation is not None and nation is None:
            ctx.add(f, (*path, "nation"), e, "nation", f"unknown nation {a.nation!r}")
            continue
        kind = nation.kind if nation else None
        if a.kind in ("home", "associated") and kind not in ("power", "minor"):
            ctx.add(f, (*path, "kind"), e, "kind", f"a {a.kind} area belongs to a power or minor (1.3)")
        if a.kind == "minor_city" and (kind != "minor_city" or a.city is None):
            ctx.add(f, (*path, "kind"), e, "kind", "a minor city area is a white city area of a minor city (2.1.2)")
        if a.kind == "associated" and a.city is None:
            ctx.add(f, (*path, "city"), e, "city", "an associated area holds a city (6.12.a)")
        if a.kind == "far_east" and kind != "power":
            ctx.add(f, (*path, "kind"), e, "kind", "the Far East area belongs to the Mede (1.3)")
        if a.shape == "fixed_eco" and (nation is None or nation.fixed_eco is None):
            ctx.add(f, (*path, "shape"), e, "shape", "fixed-ECO rectangles belong to a nation with fixed ECO (1.2)")
        if a.city is not None:
            if a.city.capital and (nation is None or nation.capital != a.id):
                ctx.add(
                    f,
                    (*path, "city", "capital"),
                    e,
                    "city.capital",
                    "capital flag set but the nation names another capital",
                )
            port = a.city.port
            if port is not None:
                zone = c.sea_zones.get(port)
                if zone is None:
                    ctx.add(f, (*path, "city", "port"), e, "city.port", f"unknown sea zone {port!r}")
                elif a.id not in zone.coastal:
                    ctx.add(
                        f,
                        (*path, "city", "port"),
                        e,
                        "city.port",
                        f"the port's area is not on the coast of {port!r} (6.16)",
                    )
        (lo_x, hi_x), (lo_y, hi_y) = MAP_BOUNDS
        if not (lo_x <= a.pos[0] <= hi_x and lo_y <= a.pos[1] <= hi_y):
            ctx.add(f, (*path, "pos"), e, "pos", "position outside the map (longitude 25-60, latitude 20-45)")
        if a.island and (a.city is None or a.city.port is None):
            ctx.add(f, (*path, "island"), e, "island", "an island needs a port")
        if a.sea_zone and (a.id not in c.sea_zones or not c.sea_zones[a.id].land_area):
            ctx.add(
                f,
                (*path, "sea_zone"),
                e,
                "sea_zone",
                "a land area that is also a sea zone needs a sea zone entry with land_area (1.3)",
            )
    for nid in c.minor_cities():
        if sum(1 for a in c.areas.values() if a.nation == nid) != 1:
            ctx.add("nations.yaml", ("nations",), f"nation {nid!r}", None, "a minor city has exactly one area (1.1 D)")
    for p in c.powers():
        cities, cap = c.home_cities(p), c.capital(p)
        others = len([x for x in cities if x != cap])
        need = {"assyria": "Nineveh and 5 other home cities", "mede": "7 home cities including the capital"}
        ok = (
            (cap in cities and others >= 5)
            if p == "assyria"
            else (cap in cities and len(cities) >= 7)
            if p == "mede"
            else (len(cities) >= 5)
        )
        if not ok:
            ctx.add(
                "nations.yaml",
                ("nations",),
                f"nation {p!r}",
                "capital",
                f"cannot be conquered as 7.1 requires ({need.get(p, '5 home cities')})",
            )


def check_connections(ctx: Ctx) -> None:
    """1.3: endpoints, terrain of the Far East, connectivity of the land map."""
    f, c = "connections.yaml", ctx.c
    seen: dict[frozenset[str], int] = {}
    for i, conn in enumerate(c.connections):
        e, path = ctx.item(f, "connections", i), ("connections", i)
        for end in ("a", "b"):
            aid = getattr(conn, end)
            if aid not in c.areas:
                what = "a sea zone, not a land area" if aid in c.sea_zones else "unknown area"
                ctx.add(f, (*path, end), e, end, f"{aid!r} is {what}")
        if conn.a == conn.b:
            ctx.add(f, path, e, "b", "an area cannot connect to itself")
        key = frozenset((conn.a, conn.b))
        if key in seen:
            ctx.add(f, path, e, None, f"duplicate of connection {seen[key]}")
        seen[key] = i
        kinds = {c.areas[x].kind for x in (conn.a, conn.b) if x in c.areas}
        if (conn.type == "mede_only") != ("far_east" in kinds):
            ctx.add(
                f, (*path, "type"), e, "type", "Mede-only connections, and only they, lead to the Mede Far East (1.3)"
            )
    for aid, area in c.areas.items():
        if not area.island and aid in c.areas and not c.neighbors(aid):
            ctx.add("areas.yaml", _area_path(ctx, aid), f"area {aid!r}", None, "has no connection")
        if area.island and c.neighbors(aid):
            ctx.add("areas.yaml", _area_path(ctx, aid), f"area {aid!r}", "island", "an island has no land connections")
    land = [aid for aid, a in c.areas.items() if not a.island and a.kind != "far_east"]
    if land:
        reach = {land[0]}
        todo = deque([land[0]])
        while todo:
            for other, kind in c.neighbors(todo.popleft()):
                if kind != "mede_only" and other not in reach:
                    reach.add(other)
                    todo.append(other)
        for aid in land:
            if aid not in reach:
                ctx.add(
                    "areas.yaml",
                    _area_path(ctx, aid),
                    f"area {aid!r}",
                    None,
                    "not connected to the rest of the land map",
                )


def _area_path(ctx: Ctx, aid: str) -> tuple[Any, ...]:
    ids = list(ctx.c.areas)
    return ("areas", ids.index(aid)) if aid in ids else ("areas",)


def check_seas(ctx: Ctx) -> None:
    """1.3, 6.15, 6.16, 7.3.3.a."""
    f, c = "seas.yaml", ctx.c
    for i, z in enumerate(c.sea_zones.values()):
        e, path = f"sea zone {z.id!r}", ("sea_zones", i)
        if z.id.startswith(OFF_MAP_PREFIXES) and not z.land_area:
            ctx.add(f, (*path, "id"), e, "id", "begins like an off-map box (pool, regroup, raid:, ...): the engine "
                    "would take the sea zone for that box")
        if z.id in c.areas and not z.land_area:
            ctx.add(f, (*path, "id"), e, "id", "clashes with a land area id")
        if z.land_area and (z.id not in c.areas or not c.areas[z.id].sea_zone):
            ctx.add(f, (*path, "land_area"), e, "land_area", "needs a land area of the same id marked sea_zone (1.3)")
        for j, aid in enumerate(z.coastal):
            if aid not in c.areas:
                ctx.add(f, (*path, "coastal", j), e, "coastal", f"unknown area {aid!r}")
        for j, other in enumerate(z.adjacent):
            oz = c.sea_zones.get(other)
            if oz is None:
                ctx.add(f, (*path, "adjacent", j), e, "adjacent", f"unknown sea zone {other!r}")
            elif z.id not in oz.adjacent:
                ctx.add(f, (*path, "adjacent", j), e, "adjacent", f"{other!r} does not list {z.id!r} back")
            elif oz.body != z.body:
                ctx.add(f, (*path, "adjacent", j), e, "adjacent", f"{other!r} lies on another body of water")
    overland = [t for t in c.trade_boxes.values() if t.kind == "overland"]
    if len(overland) != 1:
        ctx.add(f, ("trade_boxes",), None, "kind", "exactly one overland Trade Box (6.15)")
    for i, t in enumerate(c.trade_boxes.values()):
        e, path = f"trade box {t.id!r}", ("trade_boxes", i)
        if t.kind == "sea":
            if t.capacity != 4:
                ctx.add(f, (*path, "capacity"), e, "capacity", "a sea Trade Box holds 4 ships (6.16.g)")
            if not t.entered_from or t.body is None:
                ctx.add(f, path, e, "entered_from", "a sea Trade Box needs its body of water and entry zones")
            for j, zid in enumerate(t.entered_from):
                zone = c.sea_zones.get(zid)
                if zone is None or zone.body != t.body:
                    ctx.add(f, (*path, "entered_from", j), e, "entered_from", f"{zid!r} is not a sea zone on {t.body}")
        elif t.entered_from or t.capacity is not None:
            ctx.add(f, path, e, "entered_from", "the overland Trade Box is entered by land raiders only (6.15)")
    numbers = sorted(r.number for r in c.raid_boxes.values())
    if numbers != [1, 2, 3, 4, 5]:
        ctx.add(f, ("raid_boxes",), None, "number", "raid boxes are numbered 1-5 (6.15)")
    for i, r in enumerate(c.raid_boxes.values()):
        n = c.nations.get(r.power)
        if n is None or n.impulse_position != r.number:
            ctx.add(
                f,
                ("raid_boxes", i, "power"),
                f"raid box {r.id!r}",
                "power",
                "raid box n belongs to the power with impulse number n (6.15)",
            )


# -- counters -------------------------------------------------------------------------------------


def check_counters(ctx: Ctx) -> None:
    """2.1, 2.2, 4.2."""
    f, c = "counters.yaml", ctx.c
    raw = ctx.parsed.raw[f]
    for i, spec in enumerate(raw["units"]):
        e, nation = ctx.item(f, "units", i), c.nations.get(spec.get("nation"))
        if nation is None or nation.kind in ("minor_city", "mercenary"):
            ctx.add(f, ("units", i, "nation"), e, "nation", f"{spec.get('nation')!r} cannot have land units")
        _check_entry(ctx, f, ("units", i), e, spec)
    for i, spec in enumerate(raw["ships"]):
        e = ctx.item(f, "ships", i)
        if spec.get("nation") not in c.nations:
            ctx.add(f, ("ships", i, "nation"), e, "nation", f"unknown nation {spec.get('nation')!r}")
        _check_entry(ctx, f, ("ships", i), e, spec)
    ids = [x.get("id") for x in raw["leaders"]] + [k.get("id") for k in raw["kings"]]
    for dup, n in Counter(ids).items():
        if n > 1:
            ctx.add(f, ("leaders",), None, "id", f"duplicate counter id {dup!r}")
    for i, leader in enumerate(c.leaders.values()):
        e = f"leader {leader.id!r}"
        if not leader.id.startswith(f"{leader.nation}-") or leader.nation not in c.nations:
            ctx.add(f, ("leaders", i, "id"), e, "id", "a leader id starts with its nation id")
        if leader.reduced.action > leader.front.action or leader.reduced.command > leader.front.command:
            ctx.add(f, ("leaders", i, "reduced"), e, "reduced", "the unpromoted side cannot be better (9.2)")
    king_ids = Counter(k.id for counter in c.king_counters.values() for k in (counter.front, counter.back))
    for i, counter in enumerate(c.king_counters.values()):
        e = f"king counter {counter.id!r}"
        if c.nations.get(counter.nation) is None or c.nations[counter.nation].kind != "power":
            ctx.add(f, ("kings", i, "nation"), e, "nation", "kings belong to powers (2.1.2)")
        if not counter.id.startswith(f"{counter.nation}-"):
            ctx.add(f, ("kings", i, "id"), e, "id", "a king counter id starts with its nation id")
        for side in ("front", "back"):
            if king_ids[getattr(counter, side).id] > 1:
                ctx.add(f, ("kings", i, side, "id"), e, f"{side}.id", "duplicate king id")
    if c.generic_king_markers.count < len(c.powers()):
        ctx.add(f, ("generic_king_markers",), None, "count", "one generic king marker per power at least")
    need = sum(n.mercenaries for n in c.nations.values())
    if len(c.mercenary_units) < need:
        ctx.add(
            f,
            ("mercenaries",),
            None,
            "count",
            f"{len(c.mercenary_units)} mercenaries, fewer than the {need} handed out each turn (4.2)",
        )
    for i, marker in enumerate(c.marker_stock.values()):
        for nid in marker.per_nation or {}:
            if nid not in c.nations:
                ctx.add(
                    f,
                    ("markers", i, "per_nation", nid),
                    f"marker {marker.id!r}",
                    "per_nation",
                    f"unknown nation {nid!r}",
                )
    for required in (
        "pillage",
        "pillage_revolt",
        "city_damage",
        "eco_plus",
        "eco_minus",
        "trade",
        "tribute_refused",
        "number",
        "vp",
    ):
        if required not in c.marker_stock:
            ctx.add(f, ("markers",), None, "id", f"missing marker stock {required!r} (2.2)")
    trade = c.marker_stock.get("trade")
    if trade is not None and set(trade.per_nation or {}) != set(c.powers()):
        ctx.add(
            f, ("markers",), "marker 'trade'", "per_nation", "every power, and only powers, has trade markers (6.15)"
        )


def _check_entry(ctx: Ctx, f: str, path: tuple[Any, ...], e: str, spec: dict[str, Any]) -> None:
    entry, refs = spec.get("entry", "force_pool"), spec.get("entry_refs", []) or []
    if entry == "card" and not refs:
        ctx.add(f, (*path, "entry_refs"), e, "entry_refs", "units entering by card name the card(s)")
    for j, ref in enumerate(refs):
        if ref not in ctx.c.cards:
            ctx.add(f, (*path, "entry_refs", j), e, "entry_refs", f"unknown card {ref}")


# -- cards ----------------------------------------------------------------------------------------


def walk_ops(effects: tuple[Any, ...]) -> Iterator[Any]:
    """Every operation of an effect list, descending into ``choose_one`` options."""
    for op in effects:
        yield op
        if isinstance(op, ChooseOne):
            for option in op.options:
                yield from walk_ops(option.effect)


def check_cards(ctx: Ctx) -> None:
    """2.3, 3.2, 6.11, 7.5: numbering, named cards, owners and references inside effects."""
    f, c = "cards.yaml", ctx.c
    raw_numbers = [x.get("number") for x in ctx.parsed.raw[f]["cards"]]
    for num, n in Counter(raw_numbers).items():
        if n > 1:
            ctx.add(f, ("cards", raw_numbers.index(num)), f"card {num}", "number", "duplicate card number")
    if sorted(c.cards) != list(range(1, 111)):
        ctx.add(f, ("cards",), None, "number", "the game has 110 cards numbered 1-110 (Game Equipment)")
    names = {card.name for card in c.cards.values()}
    for name in NAMED_CARDS:
        if name not in names:
            ctx.add(f, ("cards",), None, "name", f"the card {name!r} named by the rules is missing")
    for i, card in enumerate(c.cards.values()):
        _check_card(ctx, f, i, card)
    for nation in c.nations.values():
        homes, ags = c.home_cards(nation.id), c.army_group_cards(nation.id)
        want_home = (2, 99) if nation.kind == "power" else (1, 1) if nation.kind == "minor" else (0, 0)
        if not want_home[0] <= len(homes) <= want_home[1]:
            ctx.add(
                f,
                ("cards",),
                f"nation {nation.id!r}",
                "owner",
                f"has {len(homes)} home cards (powers 2 or more, minors 1, 2.3, 6.17)",
            )
        if len(ags) != nation.army_group_cards:
            ctx.add(
                f,
                ("cards",),
                f"nation {nation.id!r}",
                "owner",
                f"{len(ags)} army group cards, nations.yaml says {nation.army_group_cards}",
            )
    for collection in (c.units, c.ships):
        for counter in collection.values():
            for ref in counter.entry_refs:
                card = c.cards.get(ref)
                if card is not None and not _card_brings(card, counter.id, counter.nation):
                    ctx.add(
                        f,
                        ("cards", list(c.cards).index(ref)),
                        f"card {ref} {card.name!r}",
                        "effect",
                        f"never brings in {counter.id}, which counters.yaml says enters by this card",
                    )


def _card_brings(card: Card, counter_id: str, nation: str) -> bool:
    for op in walk_ops(card.effect):
        if op.op == "add_units_to_force_pool" and counter_id in op.counters:
            return True
        if op.op == "nomad_mercenaries" and op.nation == nation:
            return True
    return False


def _check_card(ctx: Ctx, f: str, i: int, card: Card) -> None:
    c = ctx.c
    e, path = f"card {card.number} {card.name!r}", ("cards", i)
    if card.owner is not None:
        owner = c.nations.get(card.owner)
        if owner is None:
            ctx.add(f, (*path, "owner"), e, "owner", f"unknown nation {card.owner!r}")
        elif card.kind == "army_group" and owner.kind != "power":
            ctx.add(f, (*path, "owner"), e, "owner", "army group cards belong to powers (6.6.6)")
        elif card.kind == "home" and owner.kind not in ("power", "minor"):
            ctx.add(f, (*path, "owner"), e, "owner", "home cards belong to powers and minors (2.3)")
    if isinstance(card.playable_by, tuple):
        for j, nid in enumerate(card.playable_by):
            if nid not in c.nations:
                ctx.add(f, (*path, "playable_by", j), e, "playable_by", f"unknown nation {nid!r}")
    if card.playable_by == "owner" and card.owner is None:
        ctx.add(f, (*path, "playable_by"), e, "playable_by", "'owner' needs an owner")
    if card.secret_diplomacy_table is not None:
        table = c.secret_diplomacy.get(card.secret_diplomacy_table)
        if table is None or table.card != card.number or table.power != card.owner:
            ctx.add(
                f,
                (*path, "secret_diplomacy_table"),
                e,
                "secret_diplomacy_table",
                "must name a table of secret_diplomacy.yaml printed on this card (7.5)",
            )
    whens = {t.when for t in card.timing}
    for kind, when in TYPE_TIMING.items():
        if kind in card.types and when not in whens:
            ctx.add(f, (*path, "timing"), e, "timing", f"a {kind} card is played at '{when}' (6.11)")
    if "response" in card.types and "response" not in whens:
        ctx.add(f, (*path, "timing"), e, "timing", "a response card needs a response trigger (6.11.e)")
    if "alliance_breaker" in card.types and not {("own_impulse", None), ("response", "vp_battle")} <= {
        (t.when, t.trigger) for t in card.timing
    }:
        ctx.add(
            f,
            (*path, "timing"),
            e,
            "timing",
            "alliance breakers are played in the own impulse or in response to a VP battle (6.11.c)",
        )
    if (
        "secret_diplomacy" in card.types
        and card.secret_diplomacy is None
        and not any(op.op == "secret_diplomacy_action" for op in walk_ops(card.effect))
    ):
        ctx.add(
            f, (*path, "secret_diplomacy"), e, "secret_diplomacy", "a secret diplomacy card needs its action (6.11.m)"
        )
    for op in walk_ops(card.effect):
        for message in _op_problems(c, card, op):
            ctx.add(f, (*path, "effect"), e, f"effect.{op.op}", message)


def _op_problems(c: Content, card: Card, op: Any) -> Iterator[str]:
    nations = c.nations
    if op.op == "move_diplomatic_marker" or op.op == "tribute_status":
        for s in op.subjects:
            if s not in SUBJECT_SELECTORS and (s not in nations or nations[s].kind not in ("minor", "nomad")):
                yield f"{s!r} is not a minor or nomad tribe (6.9)"
    elif op.op == "foreign_war":
        for s in op.sides:
            if s not in OFF_MAP_SIDES and (s not in nations or nations[s].kind != "power"):
                yield f"foreign war side {s!r} is neither a power nor Lybia, Nubia or nomads (6.11.b)"
    elif op.op == "add_units_to_force_pool":
        for cid in op.counters:
            counter = c.units.get(cid) or c.ships.get(cid)
            if counter is None:
                yield f"unknown counter {cid!r}"
            elif counter.nation != op.nation or counter.entry != "card" or card.number not in counter.entry_refs:
                yield f"{cid!r} is not a {op.nation} counter entering by card {card.number} (4.2)"
    elif op.op == "place_units":
        for w in op.where:
            if w not in AREA_SELECTORS and w not in c.areas:
                yield f"unknown area {w!r}"
    elif op.op == "build_ships" and isinstance(op.where, tuple):
        for w in op.where:
            if w not in c.sea_zones:
                yield f"unknown sea zone {w!r}"
    elif op.op == "eco_marker":
        for w in op.areas:
            if w not in c.areas:
                yield f"unknown area {w!r}"
    elif op.op == "minor_city_pact" and isinstance(op.cities, tuple):
        for w in op.cities:
            if w not in nations or nations[w].kind != "minor_city":
                yield f"{w!r} is not a minor city (6.11.c2)"
    elif op.op == "nomad_mercenaries":
        for ref in op.immune_to_cards:
            if ref not in c.cards:
                yield f"unknown card {ref}"
    elif op.op in ("mercenaries_defect", "nomad_control", "ally_conquered_power"):
        names = {"mercenaries_defect": "exempt", "nomad_control": "nations", "ally_conquered_power": "excluded"}
        for nid in getattr(op, names[op.op]):
            if nid not in nations:
                yield f"unknown nation {nid!r}"
    elif op.op in ("truce", "declare_war") and isinstance(op.between, tuple):
        for nid in op.between:
            if nid not in nations:
                yield f"unknown nation {nid!r}"
    elif op.op == "cancel_grace_period":
        for nid in (op.subject, op.other):
            if nid not in ("target_power", "any") and nid not in nations:
                yield f"unknown nation {nid!r}"
    elif op.op == "allow_camp_change" and op.who not in ("self", "target_power") and op.who not in nations:
        yield f"unknown nation {op.who!r}"
    elif op.op == "resurrect_power" and (op.nation not in nations or nations[op.nation].kind != "power"):
        yield f"{op.nation!r} is not a power"


# -- secret diplomacy and timetable ---------------------------------------------------------------


def check_secret_diplomacy(ctx: Ctx) -> None:
    """7.5, 7.5.2: one table per power, two for Assyria, valid objectives."""
    f, c = "secret_diplomacy.yaml", ctx.c
    per_power = Counter(t.power for t in c.secret_diplomacy.values())
    for p in c.powers():
        want = 2 if p == "assyria" else 1
        if per_power[p] != want:
            ctx.add(f, ("tables",), None, "power", f"{p} needs {want} secret diplomacy table(s) (7.5)")
    allowed = set(c.powers()) | set(c.minors()) | set(c.nomads()) | {"minor_cities", "trade"}
    for i, t in enumerate(c.secret_diplomacy.values()):
        e, path = f"table {t.id!r}", ("tables", i)
        card = c.cards.get(t.card)
        if card is None or card.kind != "home" or card.owner != t.power:
            ctx.add(f, (*path, "card"), e, "card", f"card {t.card} is not a home card of {t.power} (7.5)")
        for j, obj in enumerate(t.objectives):
            if obj not in allowed:
                ctx.add(f, (*path, "objectives", j), e, "objectives", f"{obj!r} is not a possible objective (7.5.2)")
        for must in (t.power, "trade", "minor_cities"):
            if must not in t.objectives:
                ctx.add(f, (*path, "objectives"), e, "objectives", f"every table offers {must!r} (7.5.2)")
        if len(set(t.objectives)) != len(t.objectives):
            ctx.add(f, (*path, "objectives"), e, "objectives", "duplicate objective")


def check_timetable(ctx: Ctx) -> None:
    """7.6, 10.1, 10.2, 10.3."""
    f, c = "timetable.yaml", ctx.c
    turns = [row.turn for row in c.timetable.turns]
    if sorted(turns) != [1, 2, 3, 4, 5]:
        ctx.add(f, ("turns",), None, "turn", "the timetable covers turns 1-5 once each (3.0)")
    for i, row in enumerate(c.timetable.turns):
        e = f"turn {row.turn}"
        if set(row.kings) != set(c.powers()):
            ctx.add(f, ("turns", i, "kings"), e, "kings", "names a king (or null) for every power")
        for power, kid in row.kings.items():
            if kid is None:
                continue
            king = c.kings.get(kid)
            if king is None or king.nation != power:
                ctx.add(
                    f, ("turns", i, "kings", power), e, f"kings.{power}", f"{kid!r} is not a king counter of {power}"
                )
        if row.turn == 4 and row.kings.get("mede") != "khshathrita":
            ctx.add(
                f,
                ("turns", i, "kings", "mede"),
                e,
                "kings.mede",
                "Khshathrita becomes king of the Medes in turn 4 (10.2)",
            )
    timed: set[str] = set()
    for i, ev in enumerate(c.timetable.events):
        e, path = f"event {ev.id!r}", ("events", i)
        if ev.nation not in c.nations:
            ctx.add(f, (*path, "nation"), e, "nation", f"unknown nation {ev.nation!r}")
        if ev.area is not None and ev.area not in c.areas:
            ctx.add(f, (*path, "area"), e, "area", f"unknown land area {ev.area!r}")
        for j, cid in enumerate(ev.counters):
            counter = c.units.get(cid) or c.leaders.get(cid)
            if counter is None or counter.nation != ev.nation or counter.entry != "timetable":
                ctx.add(
                    f,
                    (*path, "counters", j),
                    e,
                    "counters",
                    f"{cid!r} is not a {ev.nation} counter entering by the timetable",
                )
            timed.add(cid)
        target = ev.orders.target if ev.orders else None
        if target is not None and target not in c.nations:
            ctx.add(f, (*path, "orders", "target"), e, "orders.target", f"unknown nation {target!r}")
        if ev.type in ("nomad_entry", "nomad_orders") and ev.nation not in c.nomads():
            ctx.add(f, (*path, "nation"), e, "nation", "only nomad tribes enter or take orders by the timetable (10.1)")
        if ev.type == "mede_unification" and (ev.nation != "mede" or ev.turn != 4):
            ctx.add(f, (*path, "turn"), e, "turn", "the Medes unite in turn 4 (10.2)")
        if ev.subject is not None and ev.subject not in c.nations:
            ctx.add(f, (*path, "subject"), e, "subject", f"unknown nation {ev.subject!r}")
    for cid, counter in [*c.units.items(), *c.leaders.items()]:
        if counter.entry == "timetable" and cid not in timed:
            ctx.add(
                "counters.yaml",
                ("units",),
                f"counter {cid!r}",
                "entry",
                "enters by the timetable but no timetable event brings it",
            )
