"""1.1 B: who plays which power for each scenario and number of players; the deciding role is right."""

from __future__ import annotations

import pytest

from ashur.core.errors import SetupError
from ashur.core.session import Match
from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from tests.assyrian_wars.helpers import at_impulse_of, run_until


@pytest.mark.parametrize(("scenario", "players", "roles"), [
    ("campaign", 5, ["assyria", "mede", "egypt", "babylonia", "elam"]),
    ("campaign", 4, ["assyria", "mede", "egypt+elam", "babylonia"]),
    ("campaign", 3, ["assyria", "egypt+babylonia", "mede+elam"]),
    ("campaign", 2, ["assyria", "mede+egypt+babylonia+elam"]),
    ("rise_and_fall", 4, ["assyria", "mede", "babylonia", "elam"]),
    ("rise_and_fall", 3, ["assyria", "mede+babylonia", "elam"]),
    ("rise_and_fall", 2, ["assyria", "mede+babylonia+elam"]),
    ("two_rivers", 3, ["assyria", "babylonia", "elam"]),
    ("two_rivers", 2, ["assyria", "babylonia+elam"]),
    ("two_rivers", 1, ["solo"]),
])
def test_1_1_b_player_tables(scenario: str, players: int, roles: list[str]) -> None:
    assert GAME.roles(scenario, {"players": players}) == roles


def test_1_1_b_default_is_one_player_per_power() -> None:
    assert GAME.roles("rise_and_fall", {"players": 0}) == ["assyria", "mede", "babylonia", "elam"]


def test_1_1_b_unknown_player_count_is_refused() -> None:
    with pytest.raises(SetupError, match=r"1\.1 B"):
        Match.new(GAME, "two_rivers", 1, {"players": "5"})


def test_1_1_b_a_player_of_two_powers_decides_for_both() -> None:
    pos = Position.setup(GAME, "campaign", 3, {"players": 3})
    run_until(pos, at_impulse_of("egypt"))
    assert GAME.active(pos.state) == ["egypt+babylonia"]
    view = GAME.view(pos.state, "egypt+babylonia")
    assert {"egypt", "babylonia"} <= set(view["hands"])
    run_until(pos, at_impulse_of("babylonia"))
    assert GAME.active(pos.state) == ["egypt+babylonia"]


def test_1_1_b_allied_and_at_war_minors_are_played_by_a_power() -> None:
    """3.4/7.4.5: Israel at war with Assyria (attacked by the Assyrian camp) is played by a rebel power."""
    pos = Position.setup(GAME, "campaign", 3)
    control = pos.state["control"]
    assert control.get("israel") in ("babylonia", "elam")
    run_until(pos, at_impulse_of("israel"))
    assert GAME.active(pos.state) == [control["israel"]]
