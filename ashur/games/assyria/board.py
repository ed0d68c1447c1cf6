"""The static drawing data of the board for a graphical table (issue 16's ``Game.board``), and an SVG map.

Flat-topped hexes of unit size: the centre of axial hex (q, r) lies at x = 1.5 q, y = √3 (r + q/2). A well
site is the corner where its three hexes meet (the mean of their centres).
"""

from __future__ import annotations

import math
from typing import Any

from ashur.games.assyria.content import Content

SQ3 = math.sqrt(3.0)
FILL = {"outside": "#e8d7a8", "between": "#b9d38a", "river1": "#7fb2e5", "river2": "#7fb2e5"}


def centre(q: int, r: int) -> tuple[float, float]:
    return 1.5 * q, SQ3 * (r + q / 2.0)


def board(content: Content) -> dict[str, Any]:
    """Hexes (centre, region, food), the well sites and starting spaces of each set-up, and the tracks."""
    hexes = {}
    for h, x in content.hexes.items():
        cx, cy = centre(x.q, x.r)
        hexes[h] = {"q": x.q, "r": x.r, "x": round(cx, 4), "y": round(cy, 4), "region": x.region, "food": x.food}
    setups = {}
    for n, s in content.setups.items():
        geo = content.geo(n)
        sites = {}
        for v, tri in geo.vertices.items():
            if any(content.hexes[h].between for h in tri):
                continue
            xs = [hexes[h]["x"] for h in tri]
            ys = [hexes[h]["y"] for h in tri]
            sites[v] = {"x": round(sum(xs) / 3, 4), "y": round(sum(ys) / 3, 4), "hexes": list(tri)}
        setups[str(n)] = {"hexes": list(geo.hexes), "starts": list(s.starts), "well_sites": sites}
    tracks = content.tracks.model_dump()
    return {"layout": "axial-flat", "hex_size": 1.0, "hexes": hexes, "setups": setups, "tracks": tracks}


def svg(content: Content) -> str:
    """The full board as SVG: each hex filled by region, with its name and food."""
    size = 30.0
    parts = []
    for h, x in content.hexes.items():
        cx, cy = centre(x.q, x.r)
        cx, cy = cx * size + 40, cy * size + 140
        pts = " ".join(f"{cx + size * math.cos(math.pi / 3 * k):.1f},{cy + size * math.sin(math.pi / 3 * k):.1f}"
                       for k in range(6))
        parts.append(f'<polygon points="{pts}" fill="{FILL[x.region]}" stroke="#555"/>')
        parts.append(f'<text x="{cx:.1f}" y="{cy - 4:.1f}" font-size="10" text-anchor="middle">{h}</text>')
        parts.append(f'<text x="{cx:.1f}" y="{cy + 10:.1f}" font-size="8" text-anchor="middle">{x.food}</text>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="520" height="420" viewBox="0 0 520 420">'
            + "".join(parts) + "</svg>")
