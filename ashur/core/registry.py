"""The registry of games by id. Games are imported lazily so the command starts fast."""

from __future__ import annotations

import importlib

from ashur.core.contract import Game
from ashur.core.errors import UnknownGame

#: id -> "module:attribute" of the game object, in the order games are listed (the first is the default
#: game of the lobby's new-game form): the main game first, later games after it
BUILTIN: dict[str, str] = {
    "assyrian-wars": "ashur.games.assyrian_wars.game:GAME",
    "assyria": "ashur.games.assyria.game:GAME",
}

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}


def register(game: Game) -> None:
    """Register a game object under its id (tests register tiny games this way)."""
    _extra[game.id] = game


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def game_ids() -> list[str]:
    """The built-in games in their listed order, then the games registered at run time, sorted."""
    return list(BUILTIN) + sorted(set(_extra) - set(BUILTIN))


def get_game(game_id: str) -> Game:
    """The game registered under `game_id`, or UnknownGame naming the known ids."""
    if game_id in _extra:
        return _extra[game_id]
    if game_id in _loaded:
        return _loaded[game_id]
    target = BUILTIN.get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(game_ids())})")
    module_name, attr = target.split(":")
    game = getattr(importlib.import_module(module_name), attr)
    _loaded[game_id] = game
    return game
