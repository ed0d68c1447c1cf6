"""The engine's contract under the hot path (issue 12): views, legal lists and results are the caller's
copies; `apply` in place and `act` on a copy give the same game; the memo never outlives a change."""

from __future__ import annotations

from typing import Any

from ashur.bots.random_bot import RandomBot
from ashur.core import log as corelog
from ashur.core.session import Match
from ashur.core.statedata import GameState, clone, digest
from ashur.games.assyrian_wars.game import GAME


def _played(n: int, seed: int = 3) -> GameState:
    match = Match.new(GAME, "campaign", seed, {"sudden_end": False}, keep_undo=False)
    bot = RandomBot(seed)
    for _ in range(n):
        role = GAME.active(match.state)[0]
        match.act(role, bot.choose(GAME, match.state, role, GAME.legal_actions(match.state, role)))
    return match.state


def _vandalise(x: Any) -> None:
    """Change every container inside `x` in place."""
    if isinstance(x, dict):
        for k in list(x):
            _vandalise(x[k])
            x[k] = "changed" if not isinstance(x[k], (dict, list)) else x[k]
        x["added"] = 1
    elif isinstance(x, list):
        for v in x:
            _vandalise(v)
        x.append("added")


def test_editing_a_view_a_legal_list_or_a_result_never_changes_the_game() -> None:
    state = _played(400)
    before = digest(state)
    role = GAME.active(state)[0]
    legal = GAME.legal_actions(state, role)
    ids = [a["id"] for a in legal]
    views = {r: GAME.view(state, r) for r in [*state["roles"], "observer"]}
    expected = {r: clone(v) for r, v in views.items()}
    for v in views.values():
        _vandalise(v)
    _vandalise(legal)
    res = GAME.result(state)
    _vandalise(res)
    assert digest(state) == before
    assert [a["id"] for a in GAME.legal_actions(state, role)] == ids
    assert {r: GAME.view(state, r) for r in views} == expected
    assert corelog.entries(state)[-1]["key"] != "changed"
    GAME.act(state, role, ids[0])  # still legal: the memoised list was not touched either
    assert digest(state) == before


def test_apply_in_place_and_act_on_a_copy_play_the_same_game() -> None:
    a = _played(200, seed=5)
    b = clone(a)
    bot = RandomBot(9)
    for _ in range(300):
        role = GAME.active(a)[0]
        choice = bot.choose(GAME, a, role, GAME.legal_actions(a, role))
        kept = digest(b)
        new_b = GAME.act(b, role, choice)
        assert digest(b) == kept  # act never changes its input
        GAME.apply(a, role, choice)
        b = new_b
        assert digest(a) == digest(b)
    assert [e["key"] for e in corelog.entries(a)][-50:] == [e["key"] for e in corelog.entries(b)][-50:]
    assert corelog.length(a) == corelog.length(b) == a["log_n"]


def test_a_refused_action_leaves_the_state_and_its_memo_as_they_were() -> None:
    state = _played(150, seed=7)
    role = GAME.active(state)[0]
    ids = [a["id"] for a in GAME.legal_actions(state, role)]
    before = digest(state)
    for bad in ("end:nowhere", "card:999:ap", "move:nobody"):
        try:
            GAME.apply(state, role, bad)
        except Exception as exc:  # IllegalAction
            assert "illegal action" in str(exc)
        assert digest(state) == before
    assert [a["id"] for a in GAME.legal_actions(state, role)] == ids


def test_the_json_state_does_not_carry_the_log() -> None:
    state = _played(600)
    assert "log" not in state and state["log_n"] == corelog.length(state) > 600
    assert len(corelog.entries(state)) == state["log_n"]
