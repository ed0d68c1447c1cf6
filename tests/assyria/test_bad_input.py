"""Bad input: illegal and malformed action ids are refused with IllegalAction naming the rule, and the state
is left as it was."""

from __future__ import annotations

import pytest

from ashur.core.errors import IllegalAction
from ashur.games.assyria.game import GAME

from .helpers import at_actions, clear, position


def test_an_action_of_another_step_is_refused_naming_the_rule() -> None:
    pos = position()
    first = pos.state["order"][0]
    pos.assert_illegal(first, "column:1", rule="Preparation")
    pos.assert_illegal(first, "start:J9", rule="Preparation")


def test_a_role_that_does_not_decide_is_refused() -> None:
    pos = position()
    other = pos.state["order"][1]
    exc = pos.assert_illegal(other, pos.ids(pos.state["order"][0])[0])
    assert "does not decide" in str(exc) and exc.rule == "Preparation"


@pytest.mark.parametrize("bad", ["", "start:B1\n", "☃", "x" * 300, 42, "start B1"])
def test_malformed_ids_are_refused(bad: object) -> None:
    pos = position()
    first = pos.state["order"][0]
    with pytest.raises(IllegalAction):
        GAME.act(pos.state, first, bad)  # type: ignore[arg-type]


def test_actions_refusals_name_their_rule() -> None:
    pos = position()
    clear(pos)
    pos.state["p"]["red"]["camels"] = 1
    at_actions(pos, "red")
    pos.assert_illegal("red", "build:A1", rule="Actions A1")
    pos.assert_illegal("red", "extend:A1", rule="Actions A2")
    pos.assert_illegal("red", "intrigue:higher", rule="Actions B")
    pos.assert_illegal("red", "intrigue:king", rule="Actions B")
    pos.assert_illegal("red", "offer:3", rule="Actions C")
    pos.assert_illegal("red", "buy:plow", rule="Actions D")
    pos.assert_illegal("red", "dance", rule="Actions")


def test_after_the_game_every_action_is_refused() -> None:
    from ashur.core.session import Match
    from ashur.tools.simulate import play_out, seat_bots

    m = Match.new(GAME, "two_players", 3, {}, {r: "bot:random" for r in GAME.roles("two_players", {})},
                  keep_undo=False)
    play_out(m, seat_bots(m, "random"))
    with pytest.raises(IllegalAction) as info:
        GAME.act(m.state, "red", "done")
    assert info.value.rule == "End of game"
