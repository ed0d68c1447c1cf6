"""The undo rule (DESIGN): within one role's own run; cleared by dice, a drawn or revealed card, or
control passing to another role. Undo restores the exact snapshot and truncates the record."""

from __future__ import annotations

import pytest

from ashur.core.errors import IllegalAction
from ashur.core.session import Match
from tests.core.tinygame import GAME


def _started(seed: int = 4) -> Match:
    m = Match.new(GAME, "basic", seed)
    m.act("red", "bid:1")
    m.act("blue", "bid:0")
    return m


def test_undo_within_own_run_restores_exact_state() -> None:
    m = _started()
    before = m.state
    m.act("red", "mark")
    m.act("red", "mark")
    assert m.can_undo("red")
    m.undo("red")
    m.undo("red")
    assert m.state == before
    assert m.actions == [["red", "bid:1"], ["blue", "bid:0"]]


def test_dice_clear_undo() -> None:
    m = _started()
    m.act("red", "mark")
    m.act("red", "roll")
    assert not m.can_undo("red")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        m.undo("red")


def test_a_drawn_card_clears_undo() -> None:
    m = _started()
    card = m.state["hands"]["red"][0]
    m.act("red", f"play:{card}")
    assert not m.can_undo("red")


def test_control_passing_clears_undo() -> None:
    m = _started()
    m.act("red", "roll")
    m.act("red", "mark")
    assert m.can_undo("red")
    m.act("red", "end")
    assert not m.can_undo("red") and not m.can_undo("blue")


def test_other_role_cannot_undo() -> None:
    m = _started()
    m.act("red", "mark")
    assert not m.can_undo("blue")


def test_refused_action_loses_nothing() -> None:
    m = _started()
    m.act("red", "mark")
    state, record = m.state, list(m.actions)
    with pytest.raises(IllegalAction):
        m.act("red", "end")
    assert m.state is state and m.actions == record and m.can_undo("red")
