"""A picture of the map drawn from the content data, for reviewers and for the web client.

Areas are coloured by their nation and drawn by shape (1.2): circles for round areas, squares,
double rectangles for cities and plain rectangles for fixed-ECO areas. Cities show their defence,
fortress, capital and ECO value; connections are styled by terrain (1.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

if TYPE_CHECKING:
    from .model import Content
    from .schema import Area

LON0, LON1, LAT0, LAT1 = 27.5, 58.5, 23.0, 42.5
SX, SY = 78.0, 92.0
MARGIN = 30.0
LEGEND_W = 330.0
FONT = "DejaVu Sans, Arial, sans-serif"

CONNECTION_STYLES: dict[str, tuple[str, float, str]] = {
    # type: (colour, width, dash pattern)
    "standard": ("#222222", 1.6, ""),
    "river": ("#1e88e5", 3.2, ""),
    "mountain": ("#7b4f2c", 3.6, ""),
    "desert": ("#f08a12", 3.0, "7,4"),
    "mede": ("#ffffff", 3.2, ""),
    "mede_only": ("#d32f2f", 3.2, ""),
}
SEA_FILL = "#cfe8f7"
SEA_LINE = "#1b4f8a"


TRADE_BOX_SIZE: dict[str, tuple[float, float]] = {"overland": (150.0, 34.0), "sea": (120.0, 30.0)}
RAID_BOX_SIZE = (44.0, 28.0)
SEA_ELLIPSE = (30.0, 15.0)
"""Radii of the ellipse of a coastal sea zone."""


def map_xy(pos: tuple[float, float]) -> tuple[float, float]:
    """Drawing coordinates of a content position (longitude, latitude); shared with the board data."""
    lon, lat = pos
    return MARGIN + (lon - LON0) * SX, MARGIN + (LAT1 - lat) * SY


_xy = map_xy


def map_size() -> tuple[float, float]:
    """Width and height of the whole drawing (map and legend)."""
    return MARGIN * 2 + (LON1 - LON0) * SX + LEGEND_W, MARGIN * 2 + (LAT1 - LAT0) * SY


def area_geometry(area: Area) -> dict[str, float | str]:
    """The outline of an area by its shape (1.2): ``{"form": "circle", "r"}`` or ``{"form": "rect", "w", "h"}``
    centred on the area's position; the Mede Far East is a big circle, associated areas are taller."""
    if area.shape == "round":
        return {"form": "circle", "r": 20.0 if area.kind == "far_east" else 11.0}
    w, h = {"square": (22.0, 22.0), "city": (34.0, 22.0), "fixed_eco": (34.0, 20.0)}[area.shape]
    if area.kind == "associated":
        h = 28.0
    return {"form": "rect", "w": w, "h": h}


def _is_dark(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 110


def _el(tag: str, body: str | None = None, **attrs: object) -> str:
    """One SVG element; ``stroke_width`` becomes ``stroke-width``, floats get one decimal."""
    parts = []
    for key, value in attrs.items():
        if value is None or value == "":
            continue
        text = f"{value:.1f}" if isinstance(value, float) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{escape(text)}"')
    head = f"<{tag} {' '.join(parts)}"
    return f"{head}/>" if body is None else f"{head}>{body}</{tag}>"


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, dash: str = "") -> str:
    return _el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width, stroke_dasharray=dash)


def _text(
    x: float, y: float, s: str, size: float = 9.0, fill: str = "#111", anchor: str = "middle", **extra: str
) -> str:
    return _el("text", escape(s), x=x, y=y, font_size=size, text_anchor=anchor, fill=fill, font_family=FONT, **extra)


def _halo_text(x: float, y: float, s: str, size: float = 9.0, **extra: str) -> str:
    return _text(x, y, s, size, stroke="#ffffff", stroke_width="2.6", paint_order="stroke", **extra)


def _area_shape(area: Area, colour: str, x: float, y: float) -> list[str]:
    """The body of an area by its shape (1.2); associated areas are half white (1.3)."""
    out: list[str] = []
    far_east = area.kind == "far_east"
    geometry = area_geometry(area)
    if geometry["form"] == "circle":
        r = float(geometry["r"])
        stroke, dash = ("#d32f2f", "4,2") if far_east else ("#111111", "")
        out.append(_el("circle", cx=x, cy=y, r=r, fill=colour, stroke=stroke, stroke_width=1.4, stroke_dasharray=dash))
        if area.sea_zone:
            out.append(
                _el("circle", cx=x, cy=y, r=r + 4, fill="none", stroke=SEA_LINE, stroke_width=2, stroke_dasharray="3,2")
            )
        return out
    w, h = float(geometry["w"]), float(geometry["h"])
    x0, y0 = x - w / 2, y - h / 2
    if area.kind == "associated":
        out.append(_el("rect", x=x0, y=y0, width=w, height=h, fill="#ffffff"))
        out.append(_el("rect", x=x0, y=y0, width=w, height=h / 2, fill=colour))
        out.append(_el("rect", x=x0, y=y0, width=w, height=h, fill="none", stroke="#111", stroke_width=1.4))
    else:
        out.append(_el("rect", x=x0, y=y0, width=w, height=h, fill=colour, stroke="#111", stroke_width=1.4))
    if area.shape == "city":
        inner = "#ffffff" if _is_dark(colour) and area.kind != "associated" else "#111"
        out.append(
            _el("rect", x=x0 + 3, y=y0 + 3, width=w - 6, height=h - 6, fill="none", stroke=inner, stroke_width=0.9)
        )
    return out


def _city_marks(area: Area, colour: str, x: float, y: float) -> list[str]:
    """Defence value, fortress, capital towers and ECO value of a city (1.2, 1.3, 7.1.D)."""
    city = area.city
    if city is None:
        return []
    out: list[str] = []
    ink = "#ffffff" if _is_dark(colour) and area.kind != "associated" else "#111111"
    dy = 7.0 if area.kind == "associated" else 0.0  # in the white lower half
    if city.fortress:
        out.append(_el("rect", x=x - 8, y=y - 7 + dy, width=16, height=14, rx=2, fill="#3a3a3a", stroke="#000"))
        out.append(_text(x, y + 4 + dy, str(city.defence), 11, "#ffffff", font_weight="bold"))
    else:
        out.append(_text(x, y + 4 + dy, str(city.defence), 10 if dy else 11, ink, font_weight="bold"))
    if city.capital:
        for dx in (-13.0, 9.0):
            out.append(_el("rect", x=x + dx, y=y - 17, width=4, height=6, fill="#111", stroke="#fff", stroke_width=0.5))
    if city.eco:
        ring = "#1565c0" if city.blue_eco else "#111111"
        out.append(_el("circle", cx=x + 20, cy=y - 12, r=6.5, fill="#ffffff", stroke=ring, stroke_width=1.2))
        out.append(_text(x + 20, y - 8.8, str(city.eco), 9, ring, font_weight="bold"))
    return out


def _legend(x: float, y: float) -> list[str]:
    out = [
        _el("rect", x=x, y=y, width=LEGEND_W - 20, height=560, fill="#ffffff", stroke="#555", rx=6),
        _text(x + 12, y + 22, "Legend", 14, anchor="start", font_weight="bold"),
    ]
    row = y + 46
    for kind, (colour, width, dash) in CONNECTION_STYLES.items():
        if kind == "mede":
            out.append(_line(x + 12, row, x + 62, row, "#333", width + 2.4))
        out.append(_line(x + 12, row, x + 62, row, colour, width, dash))
        label = {"mede_only": "Mede only (to the Far East)", "mede": "Mede (attrition, 2 AP)"}.get(
            kind, kind.capitalize()
        )
        out.append(_text(x + 72, row + 4, label, 11, anchor="start"))
        row += 22
    row += 10
    cx = x + 37
    samples: list[tuple[list[str], str]] = [
        ([_el("circle", cx=cx, cy=0.0, r=10, fill="#ffffff", stroke="#111")], "Round area: no production"),
        (
            [
                _el("rect", x=cx - 17, y=-11.0, width=34, height=22, fill="#e0e0e0", stroke="#111"),
                _el("rect", x=cx - 14, y=-8.0, width=28, height=16, fill="none", stroke="#111"),
            ],
            "City area (double rectangle)",
        ),
        (
            [_el("rect", x=cx - 17, y=-10.0, width=34, height=20, fill="#c9a46e", stroke="#111")],
            "Fixed ECO area (Persia)",
        ),
        (
            [
                _el("rect", x=cx - 17, y=-11.0, width=34, height=22, fill="#ffffff", stroke="#111"),
                _el("rect", x=cx - 17, y=-11.0, width=34, height=11, fill="#1c1c1c"),
            ],
            "Associated area (two colours)",
        ),
        ([_el("rect", x=cx - 8, y=-7.0, width=16, height=14, rx=2, fill="#3a3a3a")], "Fortress (defence in white)"),
        (
            [
                _el("rect", x=cx - 12, y=-3.0, width=4, height=6, fill="#111"),
                _el("rect", x=cx + 8, y=-3.0, width=4, height=6, fill="#111"),
            ],
            "Capital: two towers, red underline",
        ),
        ([_el("circle", cx=cx, cy=0.0, r=6.5, fill="#fff", stroke="#1565c0")], "Printed ECO (blue: never a province)"),
        (
            [
                _el("circle", cx=cx, cy=0.0, r=10, fill="#1b5e20", stroke="#111"),
                _el("circle", cx=cx, cy=0.0, r=14, fill="none", stroke=SEA_LINE, stroke_dasharray="3,2"),
            ],
            "Sealand: land area and sea zone",
        ),
        ([_el("ellipse", cx=cx, cy=0.0, rx=20, ry=11, fill=SEA_FILL, stroke=SEA_LINE)], "Coastal sea zone"),
        ([_text(cx, 5.0, "\u2693", 13, SEA_LINE)], "Port (anchor in its sea zone)"),
    ]
    for shapes, label in samples:
        out.append(_el("g", "".join(shapes), transform=f"translate(0,{row:.1f})"))
        out.append(_text(x + 72, row + 4, label, 11, anchor="start"))
        row += 30
    return out


def _seas(content: Content) -> list[str]:
    """Sea zones, coasts, sea adjacency, trade boxes and raid boxes (1.3, 6.15, 6.16)."""
    out: list[str] = []
    for zone in content.sea_zones.values():
        zx, zy = _xy(zone.pos)
        for aid in zone.coastal:
            ax, ay = _xy(content.areas[aid].pos)
            out.append(_line(zx, zy, ax, ay, SEA_LINE, 1, "1,3"))
        for other in zone.adjacent:
            if other > zone.id:
                ox, oy = _xy(content.sea_zones[other].pos)
                out.append(_line(zx, zy, ox, oy, SEA_LINE, 2.2, "6,3"))
    for box in content.trade_boxes.values():
        bx, by = _xy(box.pos)
        for zid in box.entered_from:
            zx, zy = _xy(content.sea_zones[zid].pos)
            out.append(_line(bx, by, zx, zy, "#6a8caf", 1.4, "2,3"))
    for zone in content.sea_zones.values():
        if zone.land_area:
            continue
        zx, zy = _xy(zone.pos)
        out.append(_el("ellipse", cx=zx, cy=zy, rx=SEA_ELLIPSE[0], ry=SEA_ELLIPSE[1], fill=SEA_FILL, stroke=SEA_LINE,
                       stroke_width=1.6))
        out.append(_text(zx, zy + 3, zone.name, 7.5, SEA_LINE))
    for box in content.trade_boxes.values():
        bx, by = _xy(box.pos)
        w, h = TRADE_BOX_SIZE[box.kind]
        out.append(
            _el(
                "rect",
                x=bx - w / 2,
                y=by - h / 2,
                width=w,
                height=h,
                rx=4,
                fill="#fff8dc",
                stroke="#8d6e63",
                stroke_width=1.6,
            )
        )
        if box.kind == "overland":
            out.append(_text(bx, by - 2, "Trade Box (overland) - the Deep Sea", 8.5, font_weight="bold"))
        else:
            out.append(_text(bx, by - 2, f"{box.name} [{box.capacity} ships]", 7.5, font_weight="bold"))
            out.append(_text(bx, by + 9, f"sea trade: {box.body}", 7))
    for raid in content.raid_boxes.values():
        rx, ry = _xy(raid.pos)
        nation = content.nations[raid.power]
        out.append(
            _el("rect", x=rx - RAID_BOX_SIZE[0] / 2, y=ry - RAID_BOX_SIZE[1] / 2, width=RAID_BOX_SIZE[0],
                height=RAID_BOX_SIZE[1], fill="#ffffff", stroke=nation.colour, stroke_width=3)
        )
        out.append(_text(rx, ry - 1, f"Raid {raid.number}", 8, font_weight="bold"))
        out.append(_text(rx, ry + 9, nation.name, 7))
    return out


def _land(content: Content) -> list[str]:
    """Connections, ports and areas (1.2, 1.3)."""
    out: list[str] = []
    for conn in content.connections:
        x1, y1 = _xy(content.areas[conn.a].pos)
        x2, y2 = _xy(content.areas[conn.b].pos)
        colour, width, dash = CONNECTION_STYLES[conn.type]
        if conn.type == "mede":
            out.append(_line(x1, y1, x2, y2, "#333", width + 2.4))
        out.append(_line(x1, y1, x2, y2, colour, width, dash))
    for area in content.areas.values():
        if area.city is not None and area.city.port is not None:
            ax, ay = _xy(area.pos)
            zx, zy = _xy(content.sea_zones[area.city.port].pos)
            out.append(_text(ax + (zx - ax) * 0.45, ay + (zy - ay) * 0.45 + 5, "\u2693", 13, SEA_LINE))
    for area in content.areas.values():
        x, y = _xy(area.pos)
        nation = content.nations[area.nation] if area.nation else None
        colour = nation.colour if nation is not None and area.kind != "minor_city" else "#ffffff"
        out.extend(_area_shape(area, colour, x, y))
        out.extend(_city_marks(area, colour, x, y))
        if area.shape == "fixed_eco" and nation is not None:
            out.append(_text(x, y + 4, f"ECO {nation.fixed_eco}", 8, "#111", font_weight="bold"))
        far_east = area.kind == "far_east"
        label_y = y + (26 if far_east else 22)
        if area.city is not None and area.city.capital:
            out.append(_line(x - 24, label_y + 2, x + 24, label_y + 2, "#d32f2f", 1.8))
        out.append(_halo_text(x, label_y, area.name, 10 if far_east else 8.5))
        if far_east:
            out.append(_text(x, y + 4, "FAR EAST", 6.5, "#ffffff", font_weight="bold"))
    return out


def render_map_svg(content: Content) -> str:
    """The whole map as an SVG document (areas, connections, seas, trade and raid boxes, legend)."""
    width, height = map_size()
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.0f} {height:.0f}">',
        _el("rect", x=0, y=0, width=f"{width:.0f}", height=f"{height:.0f}", fill="#f4efe1"),
        _text(
            MARGIN + 10, MARGIN + 16, "Assyrian Wars - the map (reconstructed)", 20, anchor="start", font_weight="bold"
        ),
    ]
    out.extend(_seas(content))
    out.extend(_land(content))
    # printed city counts under each nation's name (7.3.1 players' note)
    row_y = MARGIN + 44
    out.append(_text(MARGIN + 10, row_y, "City counts (capital = 2):", 11, anchor="start", font_weight="bold"))
    for nid in content.powers() + content.minors():
        row_y += 15
        n = content.nations[nid]
        out.append(_el("rect", x=MARGIN + 10, y=row_y - 9, width=11, height=11, fill=n.colour, stroke="#111"))
        out.append(_text(MARGIN + 27, row_y, f"{n.name}: {n.printed_city_count}", 10, anchor="start"))
    out.extend(_legend(width - LEGEND_W, MARGIN + 10))
    out.append("</svg>")
    return "\n".join(out)
