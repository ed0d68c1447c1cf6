"""The card events of Assyrian Wars (6.11), one module per kind of effect.

The framework lives in the rules (``rules/course/events.py``: event play and Counter Measures;
``rules/course/windows.py``: battle, response and counter-measures windows;
``rules/course/card_effects.py``: the interpreter of the cards' ``effect`` data). The modules here sit
above every part of the rules: each registers the handlers of the effect operations of its kind
(:func:`op`), and :func:`load` then gives every card whose operations all have handlers its event.

Kinds: ``economy``, ``military`` (moves and recruits), ``battle`` (battle cards and their counter
measures), ``response``, ``counter`` (counter measures), ``diplomacy`` (alliance breakers, pacts,
political cards, secret diplomacy), ``wars`` (foreign wars, disasters, sabotage), ``nomads`` (nomad and
mercenary cards), ``interphase`` (cards of the Interphase, such as the Crown Prince at a succession).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from ashur.games.assyrian_wars.rules.course.card_effects import (
    CONDITIONS,
    OPS,
    condition,
    effects_frame,
    op,
    register_data_events,
)
from ashur.games.assyrian_wars.rules.course.events import (
    EVENTS,
    IMPULSE,
    INTERPHASE,
    WINDOW_KINDS,
    Event,
    borrow_limit,
    event_actions,
    event_cost,
    may_play_by,
    play_event,
    register,
)
from ashur.games.assyrian_wars.rules.course.windows import open_window, window_could_matter

__all__ = [
    "CONDITIONS", "EVENTS", "IMPULSE", "INTERPHASE", "OPS", "WINDOW_KINDS", "Event", "borrow_limit", "condition",
    "effects_frame", "event_actions", "event_cost", "load", "may_play_by", "op", "open_window", "play_event",
    "register", "window_could_matter",
]

_LOADED = False


def load(cards: Any) -> None:
    """Import every card module once (they register their handlers), then register the data-driven events
    of `cards` (the content's cards by number)."""
    global _LOADED
    if _LOADED:
        return
    from ashur.games.assyrian_wars import cards as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        importlib.import_module(f"{pkg.__name__}.{info.name}")
    register_data_events(cards)
    _LOADED = True
