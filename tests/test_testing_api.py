"""The testing API (`ashur.testing.Position`): fix_roll, resume, give_impulse, prompt (docs/testing.md)."""

from __future__ import annotations

import pytest

from ashur.core import log as corelog
from ashur.core.rng import seed_state
from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from tests.assyrian_wars.landkit import army, loc, put, start


# --- fix_roll -----------------------------------------------------------------------------------------
def test_fix_roll_fixes_only_the_named_roll_whatever_comes_before() -> None:
    state = {"rng": seed_state(7), "log": []}
    state["rng"]["named"] = [["aw.why.interception", [6, 5]]]
    state["rng"]["fixed"] = [2]
    first = corelog.dice(state, 1, rule="6.6.1", why="aw.why.sealand")
    second = corelog.dice(state, 2, rule="6.6.9", why="aw.why.interception")
    assert first == [2] and second == [6, 5]
    assert state["rng"]["n"] == 3 and state["rng"]["named"] == []


@pytest.mark.parametrize("name", ["6.6.9", "interception", "aw.why.interception"])
def test_fix_roll_matches_rule_number_why_or_its_short_name(name: str) -> None:
    state = {"rng": seed_state(7), "log": []}
    state["rng"]["named"] = [[name, [1, 1]]]
    assert corelog.dice(state, 2, rule="6.6.9", why="aw.why.interception") == [1, 1]


def test_fix_roll_fewer_values_than_dice_leaves_the_rest_random_more_is_an_error() -> None:
    state = {"rng": seed_state(7), "log": []}
    state["rng"]["named"] = [["7.5.2.c", [4]], ["7.5.2.c", [1, 2, 3]]]
    values = corelog.dice(state, 2, rule="7.5.2.c", why="aw.why.sd_move")
    assert values[0] == 4 and len(values) == 2
    with pytest.raises(ValueError, match="has 2 dice"):
        corelog.dice(state, 2, rule="7.5.2.c", why="aw.why.sd_move")


def test_6_6_9_fix_roll_in_play_other_rolls_untouched() -> None:
    """The Sealand attrition roll (6.6.1) comes first and stays random; the interception roll (6.6.9) gets
    the fixed 6, 6."""
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "ur", ["assyria-hi4-1"])
    pos.state["areas"]["ur"]["ctrl"] = "assyria"
    army(pos, "elam-humban_undasha", "bit_bunakki", ["elam-li2-1"])
    pos.give_impulse("elam", 5)
    pos.fix_roll("interception", 6, 6)
    pos.act("elam", "move:elam-humban_undasha", "to:sealand")
    while "intercept:assyria-turtanu" not in pos.ids("assyria"):
        role = GAME.active(pos.state)[0]
        pos.act(role, pos.ids(role)[0])
    assert pos.rolls_left() == [["interception", [6, 6]]]
    pos.act("assyria", "intercept:assyria-turtanu")
    pos.assert_logged(rule="6.6.9", key="dice", values=[6, 6])
    pos.assert_logged(rule="6.6.9", key="aw.interception_roll", success=True)
    assert pos.rolls_left() == [] and pos.logged(rule="6.6.1", key="dice")


# --- give_impulse ---------------------------------------------------------------------------------------
def test_3_1_give_impulse_with_aps_and_exact_hand() -> None:
    pos = Position.setup(GAME, "campaign", seed=1)
    card = pos.state["deck"][0]
    before = sum(len(c["hand"]) + len(c["home_discard"]) for c in pos.state["countries"].values()) + \
        len(pos.state["deck"]) + len(pos.state["discard"])
    pos.give_impulse("elam", 6, cards=[card])
    assert GAME.active(pos.state) == ["elam"]
    frame = pos.state["stack"][-1]
    assert (frame["step"], frame["c"], frame["phase"], frame["ap2"], frame["cards"]) == ("impulse", "elam", "main",
                                                                                         12, [])
    assert pos.state["countries"]["elam"]["hand"] == [card]
    after = sum(len(c["hand"]) + len(c["home_discard"]) for c in pos.state["countries"].values()) + \
        len(pos.state["deck"]) + len(pos.state["discard"])
    assert after == before  # no card made or lost
    assert [f["step"] for f in pos.state["stack"]] == ["game", "turn", "actions", "impulse"]
    pos.assert_logged(rule="3.1", key="aw.impulse", country="elam", ap=6)
    pos.act("elam", f"card:{card}:ap", "end")
    # the action phase goes on after Elam's impulse: Elam does not take the next one (3.3)
    assert GAME.active(pos.state) != ["elam"]


def test_6_0_give_impulse_without_cards_passes() -> None:
    pos = Position.setup(GAME, "campaign", seed=1)
    pos.give_impulse("babylonia", 2, cards=[])
    p = pos.prompt("babylonia")
    assert p is not None and p["key"] == "aw.prompt.impulse_pass" and "end" in p["actions"]
    pos.assert_logged(rule="6.0", key="aw.pass", country="babylonia")


def test_give_impulse_needs_an_action_phase() -> None:
    pos = Position.setup(GAME, "campaign", seed=1, options={"secret_diplomacy": True})
    with pytest.raises(ValueError, match="action phase"):
        pos.give_impulse("elam", 3)


# --- prompt -----------------------------------------------------------------------------------------------
def test_prompt_by_role_names_rule_text_and_actions() -> None:
    pos = Position.setup(GAME, "campaign", seed=1)
    p = pos.prompt("assyria")
    assert p is not None
    assert p["rule"] == "6.10" and p["step"] == "maintenance" and "Samaria" in p["text"]  # names, not ids (issue 16)
    assert p["actions"] == pos.ids("assyria")
    assert pos.prompt("egypt") is None


# --- resume -------------------------------------------------------------------------------------------------
def test_resume_after_editing_the_position_rebuilds_indexes_and_advances() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    assert "move:assyria-turtanu" in pos.ids("assyria")
    # edit: the army leaves the map by hand; the legal list must see it
    put(pos, "assyria-turtanu", "pool")
    put(pos, "assyria-hi4-1", "pool")
    pos.resume()
    assert "move:assyria-turtanu" not in pos.ids("assyria") and loc(pos, "assyria-hi4-1") == "pool"


def test_resume_runs_automatic_steps_to_the_next_decision() -> None:
    pos = Position.setup(GAME, "campaign", seed=1)
    impulse = next(f for f in pos.state["stack"] if f["step"] == "impulse")
    while pos.state["stack"][-1] is not impulse:
        pos.state["stack"].pop()
    impulse.update(phase="end", hook=0)  # edited: Assyria's impulse is over
    pos.resume()
    pos.assert_logged(rule="3.1", key="aw.impulse_end", country="assyria")
    # the next scheduled impulse on the track is the Mede's (3.1)
    pos.assert_logged(rule="3.1", key="aw.impulse", country="mede")
    assert GAME.active(pos.state) == ["mede"]
