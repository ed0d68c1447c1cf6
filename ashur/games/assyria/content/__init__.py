"""The content of Assyria as data: board, set-ups per player count, cards and tracks (validated at load)."""

from __future__ import annotations

from functools import lru_cache

from .loader import Content, ContentError, Problem, load

__all__ = ["Content", "ContentError", "Problem", "check_content", "content", "dump_content"]


@lru_cache(maxsize=1)
def content() -> Content:
    """The content, loaded once per process."""
    return load()


def check_content() -> list[str]:
    """Every problem of the data files as one line each (empty when all is well)."""
    try:
        load()
    except ContentError as exc:
        return [str(p) for p in exc.problems]
    return []


def dump_content() -> dict[str, object]:
    """All content as JSON data (``ashur content dump assyria``)."""
    c = content()
    return {
        "hexes": {h: {"region": x.region, "river": x.river, "food": x.food} for h, x in c.hexes.items()},
        "setups": {n: s.model_dump() for n, s in c.setups.items()},
        "food_cards": {k: {"kind": f.kind, "symbols": f.symbols, "price": f.price} for k, f in c.food_cards.items()},
        "expansion_cards": dict(c.expansion_cards),
        "bonus": c.cards.bonus.value,
        "plow": c.cards.plow.model_dump(),
        "tracks": c.tracks.model_dump(),
        "well_sites": {n: len(g.vertices) for n, g in c.geometry.items()},
        # every corner where three hexes of the full board meet (a well site where its rules allow one), with
        # its hexes: the research adapters' action table numbers ``well:<corner>`` by this list (issue 19)
        "corners": {v: list(tri) for v, tri in sorted(c.geometry[max(c.geometry)].vertices.items())},
    }
