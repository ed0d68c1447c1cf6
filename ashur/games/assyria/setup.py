"""A new game state (Preparation): the pieces, the decks, a random turn order and the first expansion card.

The state is plain JSON data (DESIGN: state): every table below is a dict or a list of scalars.
"""

from __future__ import annotations

from typing import Any

from ashur.core import rng
from ashur.core.log import log
from ashur.games.assyria.content import Content
from ashur.games.assyria.rules import refs

COLOURS = ("red", "blue", "green", "yellow")
"""The four colours of the pieces (the rule book's examples name them); the roles of the game."""
SCENARIOS = {"four_players": 4, "three_players": 3, "two_players": 2}


def new_state(content: Content, scenario: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The state before the first decision: the flow then sows, asks for the starting spaces and drafts."""
    n = SCENARIOS[scenario]
    setup = content.setups[n]
    roles = list(COLOURS[:n])
    state: dict[str, Any] = {
        "game": "assyria", "scenario": scenario, "options": dict(options), "players": n, "roles": roles,
        "rng": rng.seed_state(seed), "reveals": 0, "stack": [], "log": [],
        "turn": 1, "reign": 1, "turn_in_reign": 1, "order": [],
        "p": {r: {"score": 0, "camels": 0, "offering": 0, "huts": refs.HUTS, "bases": refs.ZIGGURAT_TILES,
                  "centers": refs.ZIGGURAT_TILES, "roofs": refs.ZIGGURAT_TILES, "cards": [], "plow": True,
                  "bought": False, "offered": False, "wells_turn": 0} for r in roles},
        "huts": {}, "fed": [], "zigs": {}, "wells": {}, "wells_stock": setup.wells, "plows_board": 0,
        "deck": [], "discard": [], "columns": [], "taken": {},
        "exp_deck": [], "exp_display": [], "exp_discard": [], "bonus": False,
        "dignitaries": {"higher": [], "middle": [], "lower": []},
        "over": False, "winners": [],
    }
    order = list(roles)
    rng.shuffle(state, order)
    state["order"] = order
    deck = list(content.food_cards)
    rng.shuffle(state, deck)
    state["deck"] = deck
    first = next(e for e, v in content.expansion_cards.items() if v == 4)
    rest = [e for e in content.expansion_cards if e != first]
    rng.shuffle(state, rest)
    state["exp_deck"] = rest
    state["exp_display"] = [first]
    rule = {4: refs.PREPARATION, 3: refs.THREE_PLAYERS, 2: refs.TWO_PLAYERS}[n]
    log(state, "as.setup", rule, players=n, wells=setup.wells, plows=setup.plows)
    log(state, "as.order", refs.PREPARATION, order=list(order))
    log(state, "as.expansion", refs.PREPARATION, value=4, space=1)
    return state
