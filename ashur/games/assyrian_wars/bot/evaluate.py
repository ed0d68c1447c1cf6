"""The search bot's evaluation of an Assyrian Wars position (issue 17): the role's VP standing from its view.

Each power's standing projects what it would score if the game ended now (8.3): its VP, plus 2 VP per ECO
level gained since the scenario's start (the end-of-game ECO points of 8.3, tribute left aside), plus, for a
power other than Assyria not conquered now, 2 VP per turn played (8.3: a turn not conquered is worth 1 VP,
doubled for a power never conquered). So that a short playout, in which VPs seldom change, still tells
positions apart, it adds the means to gain them: `CITY` per point of value (VP and ECO, 8.3) of the cities the
power controls, and `STRENGTH` per combat factor of its land pieces (the heuristic bot's features: unseen
pieces of a fogged stack, 9.5, at their country's mean). The end margin is the role's own standing (the
powers it plays) minus the best standing of the other powers. Many games end by the sudden end of 9.1 on
the VP track of the moment (before the end-of-game points), so the value is the mean of that margin and the
role's margin towards the 9.1 dominance (:func:`dominance_margin`), squashed into (-1, 1) by
``tanh(mean / SCALE)``. It reads the view and the public scenario data only.
"""

from __future__ import annotations

import math
from typing import Any

from ashur.games.assyrian_wars.bot.features import bind, city_value, features

#: VP difference that gives a value of tanh(1) ≈ 0.76
SCALE = 10.0
#: VP-equivalent per point of value of a city held, and per combat factor of land pieces
CITY = 0.25
STRENGTH = 0.1
ASSYRIA = "assyria"


def standings(view: dict[str, Any], content: Any) -> dict[str, float]:
    """The projected final VP of every power of the scenario (8.3), from `view`."""
    scenario = content.scenarios[view["scenario"]]
    countries = view.get("countries") or {}
    conquered = view.get("conquered") or {}
    turns = max(0, int(view.get("turn", scenario.first_turn)) - scenario.first_turn + 1)
    bind(content)
    f = features(view)
    cities: dict[str, float] = {}
    for aid, ctrl in f.control.items():
        if ctrl:
            cities[ctrl] = cities.get(ctrl, 0.0) + city_value(aid)
    out: dict[str, float] = {}
    for power in scenario.powers:
        co = countries.get(power) or {}
        value = float(co.get("vp", 0)) + 2.0 * (int(co.get("eco", 0)) - int(scenario.eco.get(power, 0)))
        if power != ASSYRIA and not conquered.get(power):
            value += 2.0 * turns
        value += CITY * cities.get(power, 0.0) + STRENGTH * f.total({power})
        out[power] = value
    return out


def dominance_margin(view: dict[str, Any], powers: tuple[str, ...], mine: set[str]) -> float:
    """How far the role's powers are from winning by the sudden end of 9.1 on the VP track as it stands: more
    VP than all the other powers together, or (a power other than Assyria) more than the best other and
    more than the second and the worst together. Positive: they would win the check now."""
    countries = view.get("countries") or {}
    vp = {p: float((countries.get(p) or {}).get("vp", 0)) for p in powers}
    own = sum(v for p, v in vp.items() if p in mine)
    others = sorted((v for p, v in vp.items() if p not in mine), reverse=True)
    if not others:
        return 0.0
    margin = own - sum(others)
    if ASSYRIA not in mine:
        second_and_worst = others[0] + others[-1] if len(others) > 1 else others[0]
        margin = max(margin, own - max(others[0], second_and_worst))
    return margin


def evaluate(view: dict[str, Any], content: Any) -> float:
    """The role's standing (its powers: those it controls): the mean of its margin over the best other power
    in projected final VP (8.3) and its margin towards the sudden-end dominance of 9.1, through tanh."""
    table = standings(view, content)
    mine = set(view.get("controls") or ()) & set(table)
    others = [v for p, v in table.items() if p not in mine]
    if not others or not mine:
        return 0.0
    end = sum(table[p] for p in mine) - max(others)
    dominance = dominance_margin(view, tuple(table), mine)
    return math.tanh((end + dominance) / 2 / SCALE)
