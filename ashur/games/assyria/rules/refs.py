"""The rule references the engine cites: the rule book's own headings and letters (it has no numbers).

``Farming A`` is "Game turn, I - Farming, A) Sowing"; ``Flood II`` is "Flood, II) Assur", and so on. The
message catalogs paraphrase each under ``rule.<reference>``.
"""

from __future__ import annotations

PREPARATION = "Preparation"
DRAFT = "Preparation (initial draft)"
ORDER_OF_PLAY = "Order of play"
SOWING = "Farming A"
HARVEST = "Farming B"
NEW_ORDER = "Farming C"
NEW_HUTS = "Expansion A"
RESUPPLY = "Expansion B"
FAMINE = "Expansion C"
WELLS = "Expansion D"
REVENUE = "Expansion E1"
PRESTIGE = "Expansion E2"
ACTIONS = "Actions"
BUILD = "Actions A1"
EXTEND = "Actions A2"
INTRIGUE = "Actions B"
OFFERING = "Actions C"
BUY = "Actions D"
END_OF_TURN = "End of turn"
FLOODING = "Flood I"
ASSUR = "Flood II"
DIGNITARIES = "Flood III"
OFFERINGS = "Flood IV"
NEXT_REIGN = "Flood V"
END_OF_GAME = "End of game"
THREE_PLAYERS = "3 players"
TWO_PLAYERS = "2 players"

ALL = (PREPARATION, DRAFT, ORDER_OF_PLAY, SOWING, HARVEST, NEW_ORDER, NEW_HUTS, RESUPPLY, FAMINE, WELLS, REVENUE,
       PRESTIGE, ACTIONS, BUILD, EXTEND, INTRIGUE, OFFERING, BUY, END_OF_TURN, FLOODING, ASSUR, DIGNITARIES, OFFERINGS,
       NEXT_REIGN, END_OF_GAME, THREE_PLAYERS, TWO_PLAYERS)

# --- constants, named as the rules name them --------------------------------------------------------
REIGN_TURNS = (2, 3, 3)
"""Order of play: the first reign lasts 2 turns, the second and third 3 each."""
HUTS = 10
"""Contents: 40 huts in 4 colours."""
ZIGGURAT_TILES = 4
"""Contents: 16 bases, 16 centres and 16 roofs in 4 colours: 4 of each per player."""
REVENUE_FIRST, REVENUE_NEXT, REVENUE_CAP = 3, 2, 10
"""Expansion E1: the first hut on a river 3 camels, each further hut on it 2; at most 10 camels a turn."""
PRESTIGE_BETWEEN, PRESTIGE_OUTSIDE = 2, 1
"""Expansion E2: a hut between the rivers 2 points, outside them 1, on a river none."""
WELL_POINTS = (6, 5, 4)
"""Expansion E2: a well scores 6, 5 or 4 points in the turn it is built, in the 1st, 2nd or 3rd reign."""
BUILD_COST, CENTER_COST, ROOF_COST = 6, 3, 2
"""Actions A: a new ziggurat base 6 camels; a centre tile 3; a roof tile 2."""
OFFERING_MIN, OFFERING_MAX = 1, 3
"""Actions C: an offering spends 1 to 3 camels."""
HIGHER_BONUS = {1: 1, 2: 4, 3: 8}
"""Flood III 1: points for 1, 2 or 3 huts on the higher dignitary."""
LEVELS = ("base", "center", "roof")
