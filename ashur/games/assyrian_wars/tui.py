"""The terminal rendering of an Assyrian Wars view (presentation only: it reads the view, no rules)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _units(view: dict[str, Any], content: Any, pids: list[str]) -> str:
    parts = []
    for pid in pids:
        p = view["pieces"][pid]
        kind = p["kind"]
        if kind in ("unit", "merc"):
            spec = content.units.get(pid) or content.mercenary_units.get(pid)
            strength = spec.reduced if p["red"] else spec.front
            parts.append(f"{spec.type}{strength}{'r' if p['red'] else ''}{'·c' if p['city'] else ''}")
        elif kind == "ship":
            parts.append("ship" + ("r" if p["red"] else ""))
        else:
            parts.append(("♛" if kind == "king" else "★") + pid.split("-")[-1])
    return " ".join(parts)


def render(view: dict[str, Any], content: Any, catalog: dict[str, str]) -> Any:
    """A Rich group: the turn, the countries, the hands of the role, the impulse, the areas in question."""
    out: list[Any] = []
    head = Text(f"Turn {view['turn']}, impulse round {view['round']}", style="bold")
    if view.get("deciding"):
        head.append(f" — {view['deciding']} decides", style="bold cyan")
    out.append(head)
    t = Table(title=None, box=None, pad_edge=False, header_style="bold")
    for col in ("country", "ECO", "income", "saved", "VP", "cards", "camp", ""):
        t.add_column(col)
    for cid, c in view["countries"].items():
        if not c["active"] and content.nations[cid].kind != "power":
            continue
        note = "refused tribute" if c.get("refused") else ""
        t.add_row(content.nations[cid].name, str(c["eco"]), str(c["income"]), str(c["saved"]), str(c["vp"]),
                  str(c["cards"]), c.get("camp") or "", note)
    out.append(t)
    for cid, hand in view["hands"].items():
        if not hand:
            continue
        cards = ", ".join(f"#{h['n']} {h['name']} ({h['ap']}{'+' if h['plus'] else ''})" for h in hand)
        out.append(Text(f"{content.nations[cid].name} hand: {cards}"))
    imp = view.get("impulse")
    if imp:
        out.append(Text(f"Impulse of {imp['country']}: {imp['ap_left']:g} AP left, cards played: "
                        f"{imp['cards'] or 'none'}", style="yellow"))
    mine = set(view["controls"])
    by_area: dict[str, list[str]] = {}
    for pid, p in view["pieces"].items():
        if p["loc"] in content.areas or p["loc"] in content.sea_zones:
            by_area.setdefault(p["loc"], []).append(pid)
    shown = [a for a, ps in by_area.items()
             if any((view["pieces"][x].get("hired") or view["pieces"][x]["nation"]) in mine for x in ps)]
    near = set(shown)
    for a in list(shown):
        if a in content.areas:
            near.update(o for o, _ in content.neighbors(a) if o in by_area)
    if near:
        at = Table(box=None, pad_edge=False, header_style="bold")
        for col in ("area", "control", "forces"):
            at.add_column(col)
        for a in sorted(near, key=lambda x: (x not in shown, x)):
            st = view["areas"].get(a, {})
            name = content.areas[a].name if a in content.areas else content.sea_zones[a].name
            groups: dict[str, list[str]] = {}
            for pid in by_area.get(a, []):
                p = view["pieces"][pid]
                groups.setdefault(p.get("hired") or p["nation"], []).append(pid)
            forces = "; ".join(f"{n}: {_units(view, content, ps)}" for n, ps in sorted(groups.items()))
            hidden = sum(st["count"] - 1 for st in view.get("stacks", []) if st["loc"] == a)
            if hidden:
                forces += f" (+{hidden} hidden, 9.5)"
            extra = []
            if st.get("pillage"):
                extra.append(f"pillage {st['pillage']}")
            if st.get("damage"):
                extra.append(f"damage {st['damage']}")
            at.add_row(name, (st.get("ctrl") or "-") + (" " + ", ".join(extra) if extra else ""), forces)
        out.append(at)
    return Group(*out)


def _name(catalog: dict[str, str], ident: str | None) -> str:
    return "-" if ident is None else catalog.get(f"name.{ident}", ident)


def _forces_by_area(view: dict[str, Any], content: Any, catalog: dict[str, str]) -> dict[str, str]:
    """Area or sea zone -> its forces as the role sees them: visible pieces by country, and the hidden part
    of fogged stacks as a count (9.5)."""
    seen: dict[tuple[str, bool, str], list[str]] = {}
    for pid, p in view["pieces"].items():
        if p["loc"] in content.areas or p["loc"] in content.sea_zones:
            owner = p.get("hired") or p["nation"]
            seen.setdefault((p["loc"], bool(p["city"]), owner), []).append(pid)
    hidden: dict[tuple[str, bool, str], int] = {}
    for st in view.get("stacks", []):
        key = (st["loc"], bool(st["city"]), st["owner"])
        extra = st["count"] - len(seen.get(key, []))
        if extra > 0:
            hidden[key] = extra
    out: dict[str, list[str]] = {}
    for key in sorted(set(seen) | set(hidden)):
        loc, city, owner = key
        text = _units(view, content, seen.get(key, []))
        if hidden.get(key):
            text = f"{text} +{hidden[key]} hidden".strip()
        out.setdefault(loc, []).append(f"{_name(catalog, owner)}{' (in the city)' if city else ''}: {text}")
    return {loc: "; ".join(parts) for loc, parts in out.items()}


def _status(value: int) -> str:
    from ashur.games.assyrian_wars.board import ALLIANCE, MARCH, PRO, TRADE

    return "alliance" if value >= ALLIANCE else "march" if value >= MARCH else "pro" if value >= PRO \
        else "trade" if value >= TRADE else "neutral"


def render_board(view: dict[str, Any], content: Any, catalog: dict[str, str]) -> Any:
    """The `board` command of the terminal table: every area with its control, markers and forces (as the
    role may see them, 9.5), the sea zones with ships, and all tracks: turn and impulse round, the impulse
    track (6.0), VP (8.3), ECO (7.3), the diplomatic track (6.9) and the timetable (7.6)."""
    out: list[Any] = []
    turn = next((t for t in content.timetable.turns if t.turn == view["turn"]), None)
    head = f"Turn {view['turn']}" + (f" ({turn.years}, {turn.assyrian_reign})" if turn else "")
    out.append(Text(f"{head}, impulse round {view['round']}", style="bold"))
    imp = view.get("impulse") or {}
    order = [c for c in content.impulse_order() if c in view["countries"]]
    track = " > ".join(f"[{_name(catalog, c)}]" if c == imp.get("country") else _name(catalog, c) for c in order)
    out.append(Text(f"Impulse track (6.0): {track}"))
    powers = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("country", "VP (8.3)", "ECO (7.3)", "income", "saved", "cards", "camp", "tribute refused"):
        powers.add_column(col)
    for cid in order:
        c = view["countries"][cid]
        powers.add_row(_name(catalog, cid), str(c["vp"]), str(c["eco"]), str(c["income"]), str(c["saved"]),
                       str(c["cards"]), _name(catalog, c.get("camp")) if c.get("camp") else "",
                       str(view.get("refused", {}).get(cid) or ""))
    out.append(powers)
    diplo = Table(title="Diplomatic track (6.9)", box=None, pad_edge=False, header_style="bold")
    for col in ("country", "on the row of", "value", "status", "war with", "conquered by", "pact"):
        diplo.add_column(col)
    for sid, d in view["diplo"].items():
        power = d["power"] if d["value"] else None
        diplo.add_row(_name(catalog, sid), _name(catalog, power) if power else "neutrals box", str(d["value"]),
                      _status(int(d["value"])), ", ".join(_name(catalog, x) for x in d["war"]),
                      ", ".join(_name(catalog, x) for x in d["conquest"]), "yes" if d.get("pact") else "")
    out.append(diplo)
    forces = _forces_by_area(view, content, catalog)
    areas = Table(title="Areas", box=None, pad_edge=False, header_style="bold")
    for col in ("area", "control", "markers", "forces"):
        areas.add_column(col)
    for aid, area in content.areas.items():
        st = view["areas"].get(aid, {})
        marks = [f"{k.replace('_', ' ')} {st[k]}" for k in ("pillage", "damage", "eco_plus", "eco_minus")
                 if st.get(k)]
        if st.get("revolt"):
            marks.append("revolt")
        if aid in view.get("sieges", {}):
            marks.append("siege")
        areas.add_row(area.name, _name(catalog, st.get("ctrl")), ", ".join(marks), forces.get(aid, ""))
    out.append(areas)
    seas = [(z.name, forces[zid]) for zid, z in content.sea_zones.items() if zid in forces and
            zid not in content.areas]
    if seas:
        st_table = Table(title="Sea zones", box=None, pad_edge=False, header_style="bold")
        st_table.add_column("sea zone")
        st_table.add_column("ships")
        for name, text in seas:
            st_table.add_row(name, text)
        out.append(st_table)
    events = [f"turn {e.turn}: {e.text}" for e in content.timetable.events if e.turn > view["turn"]]
    if events:
        out.append(Text("Timetable (7.6), still to come:\n  " + "\n  ".join(events)))
    return Group(*out)
