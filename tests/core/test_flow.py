"""Control flow is data: steps on a stack, automatic steps run, decisions wait, illegal ids name the rule."""

from __future__ import annotations

from typing import Any

import pytest

from ashur.core import flow
from ashur.core.errors import IllegalAction
from ashur.core.flow import Flow, FlowError, Step
from ashur.testing import Position
from tests.core.tinygame import GAME


def test_simultaneous_bid_asks_both_roles_then_reveals() -> None:
    pos = Position.setup(GAME, "basic", 3)
    assert GAME.active(pos.state) == ["red", "blue"]
    pos.act("blue", "bid:2")
    assert GAME.active(pos.state) == ["red"]
    # blue's secret bid is not in red's view
    assert "my_bid" not in GAME.view(pos.state, "red")
    assert GAME.view(pos.state, "blue")["my_bid"] == 2
    pos.act("red", "bid:1")
    pos.assert_logged(rule="T.1", key="tiny.bids", red=1, blue=2)
    assert GAME.active(pos.state) == ["blue"]


def test_illegal_action_names_rule_and_leaves_state() -> None:
    pos = Position.setup(GAME, "basic", 3).act("red", "bid:0").act("blue", "bid:0")
    exc = pos.assert_illegal("red", "end", rule="T.5")
    assert "after a roll" in exc.reason
    pos.assert_illegal("red", "play:99", rule="T.3")
    pos.assert_illegal("blue", "roll")


def test_scripted_dice() -> None:
    pos = Position.setup(GAME, "basic", 3).act("red", "bid:0").act("blue", "bid:0")
    pos.fix_dice(5).act("red", "roll")
    assert pos.state["scores"]["red"] == 5
    pos.assert_logged(rule="T.2", key="dice", values=[5])


def test_a_step_that_does_not_change_the_stack_is_a_flow_error() -> None:
    f: Flow[dict[str, Any]] = Flow()

    @f.register
    class Stuck(Step[dict[str, Any]]):
        kind = "stuck"

        def run(self, ctx: dict[str, Any], frame: dict[str, Any]) -> None:
            pass

    state: dict[str, Any] = {"stack": []}
    flow.push(state, "stuck")
    with pytest.raises(FlowError, match="without changing"):
        f.advance(state, state)


def test_unknown_step_kind_and_double_registration() -> None:
    f: Flow[dict[str, Any]] = Flow()
    state: dict[str, Any] = {"stack": [{"step": "nope"}]}
    with pytest.raises(FlowError, match="unknown step kind"):
        f.advance(state, state)

    class A(Step[dict[str, Any]]):
        kind = "a"

    f.register(A)
    with pytest.raises(FlowError, match="twice"):
        f.register(A)


def test_actor_not_deciding_is_refused() -> None:
    pos = Position.setup(GAME, "basic", 3).act("red", "bid:0")
    with pytest.raises(IllegalAction, match="does not decide"):
        GAME.act(pos.state, "red", "bid:1")


def test_remove_takes_the_frame_itself_and_keeps_those_pushed_above_it() -> None:
    from ashur.core import flow as coreflow

    state = {"stack": [{"step": "a"}, {"step": "b"}]}
    b = state["stack"][1]
    coreflow.push(state, "c")
    under = coreflow.remove(state, b)
    assert [f["step"] for f in state["stack"]] == ["a", "c"] and under is state["stack"][0]
    with pytest.raises(coreflow.FlowError):
        coreflow.remove(state, b)
