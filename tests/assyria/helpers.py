"""Positions for the rule tests of Assyria: a game set up, then edited by hand to the situation a rule or a
worked example of the rule book describes (the cards in hand, the pieces on the board, the step now)."""

from __future__ import annotations

from typing import Any

from ashur.games.assyria.content import content
from ashur.games.assyria.game import GAME
from ashur.testing import Position


def card(kind: str, symbols: int = 1, *, avoid: tuple[str, ...] = ()) -> str:
    """The id of a food card of this kind and number of symbols (``wild`` for a wild card)."""
    for cid, fc in content().food_cards.items():
        if fc.kind == kind and fc.symbols == symbols and cid not in avoid:
            return cid
    raise LookupError(f"no {symbols} {kind} card left")


def cards(*specs: tuple[str, int]) -> list[str]:
    """Distinct card ids for (kind, symbols) pairs, in order."""
    out: list[str] = []
    for kind, n in specs:
        out.append(card(kind, n, avoid=tuple(out)))
    return out


def expansion(value: int, *, avoid: tuple[str, ...] = ()) -> str:
    """The id of an expansion card of this value."""
    for eid, v in content().expansion_cards.items():
        if v == value and eid not in avoid:
            return eid
    raise LookupError(f"no expansion card {value} left")


def position(scenario: str = "four_players", seed: int = 1, **options: Any) -> Position:
    """A new game (every prompt asked, unless ``auto_forced=True``)."""
    return Position.setup(GAME, scenario, seed, options)


def clear(pos: Position) -> dict[str, Any]:
    """Empty the board, Assur and every hand (the cards go to the discard pile); returns the state."""
    s = pos.state
    for r in s["roles"]:
        p = s["p"][r]
        s["discard"].extend(p["cards"])
        p["cards"] = []
        p.update(huts=10, bases=4, centers=4, roofs=4, camels=0, score=0, offering=0, plow=True)
    s["discard"].extend(c for col in s["columns"] for c in col)
    s["columns"], s["taken"] = [], {}
    s["huts"], s["fed"], s["zigs"], s["wells"] = {}, [], {}, {}
    s["wells_stock"] = content().setups[s["players"]].wells
    s["plows_board"] = 0
    s["dignitaries"] = {"higher": [], "middle": [], "lower": []}
    s["stack"] = [{"step": "game", "phase": "end"}]
    return s


def give(pos: Position, role: str, *ids: str) -> None:
    """Put these food cards in `role`'s hand (taken from wherever they are)."""
    s = pos.state
    for cid in ids:
        for pile in ("deck", "discard"):
            if cid in s[pile]:
                s[pile].remove(cid)
                break
        else:
            for r in s["roles"]:
                if cid in s["p"][r]["cards"]:
                    s["p"][r]["cards"].remove(cid)
        s["p"][role]["cards"].append(cid)


def hut(pos: Position, role: str, *hexes: str, fed: bool = False) -> None:
    s = pos.state
    for h in hexes:
        s["huts"][h] = role
        s["p"][role]["huts"] -= 1
        if fed:
            s["fed"].append(h)


def ziggurat(pos: Position, role: str, h: str, level: int = 1, turn: int = 0) -> None:
    s = pos.state
    s["zigs"][h] = {"owner": role, "level": level, "turn": turn}
    p = s["p"][role]
    p["bases"] -= 1
    if level >= 2:
        p["centers"] -= 1
    if level >= 3:
        p["roofs"] -= 1


def at_expansion(pos: Position, role: str, part: str = "huts", value: int | None = None) -> None:
    """Make it `role`'s expansion now, from `part` on (A new huts ... E revenue), the expansion card of the
    turn showing `value` when given; the actions of the turn follow."""
    s = pos.state
    if value is not None:
        eid = expansion(value)
        for pile in ("exp_deck", "exp_display", "exp_discard"):
            if eid in s[pile]:
                s[pile].remove(eid)
        s["exp_display"].append(eid)
    s["stack"] = [{"step": "game", "phase": "actions"}, {"step": "expand", "queue": [role], "part": part}]
    pos.resume()


def at_actions(pos: Position, role: str) -> None:
    """Make it `role`'s actions now (the end of turn follows)."""
    s = pos.state
    s["stack"] = [{"step": "game", "phase": "end"}, {"step": "act", "queue": [role]}]
    for r in s["roles"]:
        s["p"][r]["bought"] = s["p"][r]["offered"] = False
    pos.resume()


def in_deck(pos: Position, *specs: tuple[str, int]) -> list[str]:
    """Distinct ids of cards still in the food deck for (kind, symbols) pairs, in order."""
    foods = content().food_cards
    out: list[str] = []
    for kind, n in specs:
        out.append(next(c for c in pos.state["deck"]
                        if foods[c].kind == kind and foods[c].symbols == n and c not in out))
    return out
