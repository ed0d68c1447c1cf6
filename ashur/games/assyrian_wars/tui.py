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
