"""Reading the content files: YAML with line numbers, schema validation, then the derived geometry.

A schema error becomes a :class:`Problem` naming the file, the line and the field; the cross-file checks
(:func:`check_content`) name what they find the same way. :class:`Content` is what the rules read: the
hexes with their region and food, the neighbours and the well sites (corners where three hexes meet) of
each cropped board, and every card with an id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ashur.core.yamlio import YamlSyntaxError, line_of, read_yaml

from .schema import BoardFile, CardsFile, Setup, SetupsFile, TracksFile

DIRECTORY = Path(__file__).resolve().parent
FILES: dict[str, type[BaseModel]] = {
    "board.yaml": BoardFile,
    "setups.yaml": SetupsFile,
    "cards.yaml": CardsFile,
    "tracks.yaml": TracksFile,
}
RIVERS = ("river1", "river2")
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbours of an axial hex (q, r), clockwise from the south-east."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in the data: file, line, field and what is wrong."""

    file: str
    field: str | None
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        fld = f" field '{self.field}':" if self.field else ""
        return f"{where}:{fld} {self.message}"


class ContentError(Exception):
    """The content data cannot be loaded; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems[:5]))


@dataclass(frozen=True, slots=True)
class Hex:
    """A hexagon of the board: its name, grid place, region, river (if any) and food symbol."""

    id: str
    q: int
    r: int
    region: str
    food: str

    @property
    def river(self) -> str | None:
        """``river1`` or ``river2`` for a river hex, else None."""
        return self.region if self.region in RIVERS else None

    @property
    def between(self) -> bool:
        return self.region == "between"


@dataclass(frozen=True, slots=True)
class FoodCard:
    """A food card: `symbols` symbols of `kind` (``wild``: one hut of any symbol), bought for `price`."""

    id: str
    kind: str
    symbols: int
    price: int

    @property
    def wild(self) -> bool:
        return self.kind == "wild"


@dataclass(slots=True)
class Geometry:
    """One cropped board: its hexes, their neighbours, the well sites and what lies next to each site."""

    hexes: list[str]
    neighbours: dict[str, list[str]]
    vertices: dict[str, tuple[str, str, str]]
    """Well sites: id -> the three hexes meeting at that corner."""
    near_vertex: dict[str, frozenset[str]]
    """Well site -> the hexes next to it: its three hexes and the three across its three edges."""
    vertices_near_hex: dict[str, list[str]]
    """Hex -> the well sites it is next to (the inverse of `near_vertex`)."""
    vertices_of_hex: dict[str, list[str]] = field(default_factory=dict)
    """Hex -> the well sites at its own corners."""
    order: dict[str, int] = field(default_factory=dict)
    """Hex -> its place in board order (west to east, north to south), to sort hexes quickly."""


@dataclass(slots=True)
class Content:
    board: BoardFile
    setups: dict[int, Setup]
    cards: CardsFile
    tracks: TracksFile
    hexes: dict[str, Hex]
    food_cards: dict[str, FoodCard]
    expansion_cards: dict[str, int]
    geometry: dict[int, Geometry]

    def geo(self, players: int) -> Geometry:
        return self.geometry[players]


def _dotted(loc: tuple[Any, ...]) -> str:
    out = ""
    for step in loc:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def parse(directory: Path = DIRECTORY) -> tuple[dict[str, Any], list[Problem]]:
    """Every file read and validated: (models by file name, problems)."""
    models: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, model in FILES.items():
        try:
            raw = read_yaml(directory / name)
        except YamlSyntaxError as exc:
            problems.append(Problem(name, None, exc.message, exc.line))
            continue
        try:
            models[name] = model.model_validate(raw)
        except ValidationError as exc:
            for err in exc.errors(include_url=False):
                loc = tuple(err["loc"])
                problems.append(Problem(name, _dotted(loc) or None, err["msg"], line_of(raw, loc)))
    return models, problems


def build(models: dict[str, Any]) -> Content:
    """The derived content of validated models (hexes, cards with ids, geometry per player count)."""
    board: BoardFile = models["board.yaml"]
    hexes = {h.id: Hex(h.id, h.q, h.r, h.region, h.food) for h in board.hexes}
    grid = {(x.q, x.r): x.id for x in hexes.values()}
    cards: CardsFile = models["cards.yaml"]
    food_cards: dict[str, FoodCard] = {}
    for group in cards.food:
        for _ in range(group.copies):
            cid = f"f{len(food_cards) + 1:02d}"
            food_cards[cid] = FoodCard(cid, group.kind, group.symbols, group.price)
    expansion: dict[str, int] = {}
    for eg in cards.expansion:
        for _ in range(eg.copies):
            expansion[f"e{len(expansion) + 1}"] = eg.value
    setups = {s.players: s for s in models["setups.yaml"].setups}
    geometry = {n: _geometry(hexes, grid, s) for n, s in setups.items()}
    return Content(board, setups, cards, models["tracks.yaml"], hexes, food_cards, expansion, geometry)


def _geometry(hexes: dict[str, Hex], grid: dict[tuple[int, int], str], setup: Setup) -> Geometry:
    lo, hi = setup.columns
    keep = [h for h, x in hexes.items() if lo <= x.q <= hi]
    kept = set(keep)
    neighbours = {h: [grid[(hexes[h].q + dq, hexes[h].r + dr)] for dq, dr in AXIAL
                      if grid.get((hexes[h].q + dq, hexes[h].r + dr)) in kept] for h in keep}
    vertices: dict[str, tuple[str, str, str]] = {}
    for h in keep:
        for a, b in combinations(neighbours[h], 2):
            if b in neighbours[a]:
                tri = tuple(sorted((h, a, b)))
                vertices["-".join(tri)] = tri  # type: ignore[assignment]
    near: dict[str, frozenset[str]] = {}
    for vid, tri in vertices.items():
        ring = set(tri)
        for a, b in combinations(tri, 2):
            # across the edge a-b of this corner: the other hex touching both a and b
            ring.update(x for x in neighbours[a] if x in neighbours[b] and x not in tri)
        near[vid] = frozenset(ring)
    near_hex: dict[str, list[str]] = {h: [] for h in keep}
    own: dict[str, list[str]] = {h: [] for h in keep}
    for vid in sorted(vertices):
        for h in near[vid]:
            near_hex[h].append(vid)
        for h in vertices[vid]:
            own[h].append(vid)
    return Geometry(keep, neighbours, vertices, near, near_hex, own, {h: i for i, h in enumerate(keep)})


def load(directory: Path = DIRECTORY) -> Content:
    """Load, validate and build the content; :class:`ContentError` lists the problems."""
    models, problems = parse(directory)
    if problems:
        raise ContentError(problems)
    content = build(models)
    problems = cross_check(content)
    if problems:
        raise ContentError(problems)
    return content


def cross_check(c: Content) -> list[Problem]:
    """The checks across files: each reconstruction must fit every rule that constrains it."""
    out: list[Problem] = []
    food = sum(g.copies for g in c.cards.food)
    if food != 40:
        out.append(Problem("cards.yaml", "food", f"{food} food cards; the box holds 40 (Contents)"))
    exp = sum(g.copies for g in c.cards.expansion)
    if exp != 9:
        out.append(Problem("cards.yaml", "expansion", f"{exp} expansion cards; the box holds 9 (Contents)"))
    if 4 not in c.expansion_cards.values():
        out.append(Problem("cards.yaml", "expansion", "no expansion card of value 4 to start with (Preparation)"))
    if exp < 8:
        out.append(Problem("cards.yaml", "expansion", "8 turns need 8 expansion cards (Order of play)"))
    if c.cards.plow.copies != 4:
        out.append(Problem("cards.yaml", "plow.copies", "the box holds 4 plow cards (Contents)"))
    if sorted(c.setups) != [2, 3, 4]:
        out.append(Problem("setups.yaml", "setups", "give the set-ups of 2, 3 and 4 players"))
    kinds = {fc.kind for fc in c.food_cards.values()} - {"wild"}
    for n, s in c.setups.items():
        geo = c.geometry[n]
        for i, h in enumerate(s.starts):
            where = f"setups[{n}].starts[{i}]"
            if h not in c.hexes:
                out.append(Problem("setups.yaml", where, f"{h} is not a hex of the board"))
            elif h not in geo.neighbours:
                out.append(Problem("setups.yaml", where, f"{h} lies outside the cropped board"))
            elif c.hexes[h].river:
                out.append(Problem("setups.yaml", where, f"{h} is a river hex: no ziggurat there (Actions A1)"))
        if s.wells > 16 or s.plows > c.cards.plow.copies:
            out.append(Problem("setups.yaml", f"setups[{n}]", "more wells or plows than the box holds"))
        if s.plows != n:
            out.append(Problem("setups.yaml", f"setups[{n}].plows", "every player starts with a plow card"))
        on_board = {c.hexes[h].food for h in geo.hexes}
        if on_board - kinds:
            out.append(Problem("cards.yaml", "food", f"no card feeds {sorted(on_board - kinds)[0]} (Expansion B)"))
        for river in RIVERS:
            if not any(c.hexes[h].river == river for h in geo.hexes):
                out.append(Problem("board.yaml", "hexes", f"the {players_name(n)} board has no {river}"))
    full = c.geometry[max(c.geometry)]
    for h, x in c.hexes.items():
        for y in full.neighbours.get(h, []):
            if {x.region, c.hexes[y].region} in ({"outside", "between"}, {"river1", "river2"}):
                out.append(Problem("board.yaml", "hexes", f"{h} and {y} touch across a river: the rivers "
                                   "must keep the land between them apart from the rest (Expansion E2)"))
    sites = sum(1 for tri in full.vertices.values() if not any(c.hexes[h].between for h in tri))
    if sites < 16:
        out.append(Problem("board.yaml", "hexes", f"only {sites} corners outside the land between the rivers "
                           "for 16 wells (Expansion D)"))
    return out


def players_name(n: int) -> str:
    return f"{n}-player"
