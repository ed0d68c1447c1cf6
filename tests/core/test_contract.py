"""Setup parameters are checked: unknown game, scenario, role, seat kind or option get one clear line."""

from __future__ import annotations

import pytest

from ashur.core.contract import resolve_options
from ashur.core.errors import SetupError, UnknownGame
from ashur.core.registry import get_game
from ashur.core.session import Match
from tests.core.tinygame import GAME


def test_unknown_game_names_the_known_games() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*assyrian-wars"):
        get_game("chess")


def test_unknown_scenario() -> None:
    with pytest.raises(SetupError, match=r"unknown scenario 'epic'.*basic"):
        Match.new(GAME, "epic", 1)


def test_unknown_role_in_seats() -> None:
    with pytest.raises(SetupError, match="unknown role 'green'"):
        Match.new(GAME, "basic", 1, seats={"green": "human"})


def test_bad_seat_kind() -> None:
    with pytest.raises(SetupError, match="'human' or 'bot:KIND'"):
        Match.new(GAME, "basic", 1, seats={"red": "robot"})


def test_unknown_option_and_bad_value() -> None:
    with pytest.raises(SetupError, match="unknown option 'speed'"):
        resolve_options(GAME, {"speed": "3"})
    with pytest.raises(SetupError, match="option 'target': 'lots' is not a int"):
        resolve_options(GAME, {"target": "lots"})
    assert resolve_options(GAME, {"target": "20"}) == {"target": 20}


def test_setup_is_deterministic_and_plain_data() -> None:
    a = Match.new(GAME, "basic", 42).state
    b = Match.new(GAME, "basic", 42).state
    assert a == b
    from ashur.core.statedata import roundtrip_equal

    assert roundtrip_equal(a)
