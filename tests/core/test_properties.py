"""Property tests of the core (Hypothesis) on the tiny game and on Assyrian Wars: random legal action
sequences (indexes drawn into the legal list) keep the core's promises — undo then redo gives the same
state, save + load + replay gives the same state, a JSON round trip gives an equal state.

Few examples, short sequences, derandomized and without an example database, so CI is fast and stable.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ashur.core import savefile
from ashur.core.contract import Game
from ashur.core.replay import replay
from ashur.core.session import Match
from ashur.core.statedata import clone, digest, dumps, loads, roundtrip_equal
from ashur.games.assyrian_wars.game import GAME as AW
from tests.core.tinygame import GAME as TINY

COMMON = {"derandomize": True, "database": None, "deadline": None,
          "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
TINY_SETTINGS = settings(max_examples=30, **COMMON)
AW_SETTINGS = settings(max_examples=8, **COMMON)

seeds = st.integers(min_value=0, max_value=2**64)
tiny_picks = st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=40)
aw_picks = st.lists(st.integers(min_value=0, max_value=500), min_size=1, max_size=25)
aw_scenarios = st.sampled_from(sorted(AW.scenarios()))


def _step(match: Match, pick: int) -> tuple[str, str] | None:
    """Apply the legal action number `pick` (modulo the list) of the first deciding role."""
    if match.game.result(match.state)["over"]:
        return None
    role = match.active()[0]
    legal = match.game.legal_actions(match.state, role)
    action_id = legal[pick % len(legal)]["id"]
    match.act(role, action_id)
    return role, action_id


def _undo_redo(game: Game, scenario: str, seed: int, picks: list[int]) -> int:
    """After every action that may be undone: undo restores the state before it, and acting again
    gives exactly the state after it. Returns how many undos were checked."""
    match = Match.new(game, scenario, seed)
    checked = 0
    for pick in picks:
        before = clone(match.state)
        done = _step(match, pick)
        if done is None:
            break
        role, action_id = done
        if not match.can_undo(role):
            continue
        after, record = clone(match.state), [list(a) for a in match.actions]
        match.undo(role)
        assert match.state == before
        assert len(match.actions) == len(record) - 1
        match.act(role, action_id)
        assert match.state == after and match.actions == record
        checked += 1
    return checked


def _save_load_replay(game: Game, scenario: str, seed: int, picks: list[int]) -> None:
    match = Match.new(game, scenario, seed)
    for pick in picks:
        if _step(match, pick) is None:
            break
    text = match.to_save().dumps()
    again = replay(savefile.parse(text, "prop.ashur.json"))
    assert digest(again.state) == digest(match.state)
    assert again.actions == match.actions


def _queries_change_nothing(game: Game, scenario: str, seed: int, picks: list[int]) -> None:
    """active, legal_actions, view and result of every role leave the state as it was (a query that
    wrote into the state would make a live game differ from its replay)."""
    match = Match.new(game, scenario, seed)
    for pick in picks:
        before = digest(match.state)
        for role in [*match.seats, "observer"]:
            game.view(match.state, role)
            if role != "observer":
                game.legal_actions(match.state, role)
        game.active(match.state)
        game.result(match.state)
        assert digest(match.state) == before
        if _step(match, pick) is None:
            break


def _json_roundtrip(game: Game, scenario: str, seed: int, picks: list[int]) -> None:
    match = Match.new(game, scenario, seed)
    for pick in picks:
        state: dict[str, Any] = match.state
        assert roundtrip_equal(state)
        assert loads(dumps(state)) == state
        assert json.loads(json.dumps(state)) == state
        if _step(match, pick) is None:
            break


@TINY_SETTINGS
@given(seed=seeds, picks=tiny_picks)
def test_tiny_undo_then_redo_gives_the_same_state(seed: int, picks: list[int]) -> None:
    _undo_redo(TINY, "basic", seed, picks)


@TINY_SETTINGS
@given(seed=seeds, picks=tiny_picks)
def test_tiny_save_load_replay_gives_the_same_state(seed: int, picks: list[int]) -> None:
    _save_load_replay(TINY, "basic", seed, picks)


@TINY_SETTINGS
@given(seed=seeds, picks=tiny_picks)
def test_tiny_json_roundtrip_gives_an_equal_state(seed: int, picks: list[int]) -> None:
    _json_roundtrip(TINY, "basic", seed, picks)


@AW_SETTINGS
@given(scenario=aw_scenarios, seed=seeds, picks=aw_picks)
def test_aw_undo_then_redo_gives_the_same_state(scenario: str, seed: int, picks: list[int]) -> None:
    _undo_redo(AW, scenario, seed, picks)


@AW_SETTINGS
@given(scenario=aw_scenarios, seed=seeds, picks=aw_picks)
def test_aw_save_load_replay_gives_the_same_state(scenario: str, seed: int, picks: list[int]) -> None:
    _save_load_replay(AW, scenario, seed, picks)


@TINY_SETTINGS
@given(seed=seeds, picks=tiny_picks)
def test_tiny_queries_change_nothing(seed: int, picks: list[int]) -> None:
    _queries_change_nothing(TINY, "basic", seed, picks)


@AW_SETTINGS
@given(scenario=aw_scenarios, seed=seeds, picks=aw_picks)
def test_aw_queries_change_nothing(scenario: str, seed: int, picks: list[int]) -> None:
    _queries_change_nothing(AW, scenario, seed, picks)


@AW_SETTINGS
@given(scenario=aw_scenarios, seed=seeds, picks=aw_picks)
def test_aw_json_roundtrip_gives_an_equal_state(scenario: str, seed: int, picks: list[int]) -> None:
    _json_roundtrip(AW, scenario, seed, picks)


def test_the_properties_exercise_undo() -> None:
    """The undo property is not vacuous: fixed sequences reach undoable actions in both games."""
    assert sum(_undo_redo(TINY, "basic", s, [2] * 30) for s in range(5)) > 0
    assert _undo_redo(AW, "two_rivers", 3, list(range(60))) > 0
