"""The terminal rendering of an Assyria view (presentation only: it reads the view, never the rules).

The board is drawn column by column as on the table (flat-topped hexes, odd columns half a hex lower):
each hex shows its name, what stands on it and its food letter: ``D3r+s`` is a resupplied red hut on a
salt hex, ``D3R2s`` a red ziggurat of two tiles, ``D3··s`` an empty hex. River hexes are blue, the land
between the rivers green.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ashur.core.i18n import show
from ashur.games.assyria.content import Content

FOOD = {"grapes": "g", "palm": "p", "salt": "s", "barley": "b", "dates": "d"}
STYLE = {"river1": "on blue", "river2": "on blue", "between": "on dark_green", "outside": ""}
COLOUR = {"red": "bold red", "blue": "bold blue", "green": "bold green", "yellow": "bold yellow"}


def _name(catalog: dict[str, str], value: str) -> str:
    return catalog.get(f"name.{value}", value)


def _card(catalog: dict[str, str], card: dict[str, Any]) -> str:
    return show(card["type"], catalog, name="card")


def board_text(view: dict[str, Any], content: Content) -> Text:
    """The hex board as text lines (see the module docstring)."""
    geo = content.geo(view["players_count"])
    cells: dict[int, list[tuple[int, str]]] = {}
    for h in geo.hexes:
        x = content.hexes[h]
        row = x.r + (x.q - (x.q & 1)) // 2
        cells.setdefault(2 * row + (x.q & 1), []).append((x.q, h))
    out = Text()
    for line in range(min(cells), max(cells) + 1):
        col = 0
        for q, h in sorted(cells.get(line, [])):
            out.append(" " * (q * 6 - col))
            col = q * 6
            x = content.hexes[h]
            hut = view["huts"].get(h)
            zig = view["zigs"].get(h)
            if zig:
                occ, style = f"{zig['owner'][0].upper()}{zig['level']}", COLOUR[zig["owner"]]
            elif hut:
                occ, style = hut[0] + ("+" if h in view["fed"] else " "), COLOUR[hut]
            else:
                occ, style = "··", "dim"
            out.append(h[:2], style=STYLE[x.region])
            out.append(occ, style=style)
            out.append(FOOD[x.food], style=STYLE[x.region])
            col += 5
        out.append("\n")
    return out


def render(view: dict[str, Any], content: Content, catalog: dict[str, str]) -> Any:
    """A Rich group: the turn, the players, the board, the columns, Assur and the draft if any."""
    out: list[Any] = []
    head = Text(f"Turn {view['turn']} (reign {view['reign']}, turn {view['turn_in_reign']} of the reign) — "
                f"expansion cards {view['expansion']}" + (f" + bonus {view['bonus']}" if view["bonus"] else ""),
                style="bold")
    if view.get("deciding"):
        head.append(" — " + ", ".join(_name(catalog, r) for r in view["deciding"]) + " to decide", style="bold cyan")
    out.append(head)
    t = Table(box=None, pad_edge=False, header_style="bold")
    for col in ("player", "score", "camels", "offering", "huts", "zig (b/c/r)", "plow", "cards"):
        t.add_column(col)
    for r in view["order"]:
        p = view["players"][r]
        cards = ", ".join(_card(catalog, c) for c in p["cards"]) or "-"
        t.add_row(Text(_name(catalog, r), style=COLOUR[r]), str(p["score"]), str(p["camels"]), str(p["offering"]),
                  str(p["huts"]), f"{p['bases']}/{p['centers']}/{p['roofs']}", "yes" if p["plow"] else "-", cards)
    out.append(t)
    out.append(board_text(view, content))
    if view["wells"]:
        out.append(Text("wells: " + "; ".join(f"{v} ({_name(catalog, r)})" for v, r in sorted(view["wells"].items()))
                        + f" — {view['wells_stock']} in stock"))
    if view["columns"]:
        cols = []
        for i, col in enumerate(view["columns"], start=1):
            who = view["taken"].get(str(i))
            cols.append(f"{i}: " + (f"[{_name(catalog, who)}]" if who else ", ".join(_card(catalog, c) for c in col)))
        out.append(Text("columns — " + " | ".join(cols)))
    digs = view["dignitaries"]
    out.append(Text("Assur — " + " | ".join(f"{_name(catalog, d)}: " + (", ".join(_name(catalog, r) for r in digs[d])
                                                                           or "-") for d in digs)
                    + f" — plow cards on the board: {view['plows_board']}"))
    draft = view.get("draft")
    if draft and draft.get("cards") is not None:
        out.append(Text("draft: " + ", ".join(_card(catalog, c) for c in draft["cards"]), style="yellow"))
    if view.get("over"):
        out.append(Text("winners: " + ", ".join(_name(catalog, r) for r in view["winners"]), style="bold green"))
    return Group(*out)


def render_board(view: dict[str, Any], content: Content, catalog: dict[str, str]) -> Any:
    """The ``board`` command: the board with a legend, and every track."""
    legend = Text("name + piece (r hut, r+ resupplied hut, R2 ziggurat of 2 tiles) + food (g grapes, p palm, "
                  "s salt, b barley, d dates); blue: rivers, green: between the rivers", style="dim")
    return Group(render(view, content, catalog), legend)
