"""Test hooks of Assyrian Wars (:mod:`ashur.testing`): resume an edited position, hand a country an impulse,
read the pending prompt with its rule.

Tests edit states by hand (move pieces, set markers); these hooks put such a state back on the engine's
path: the memo and the location index are dropped and rebuilt, and the flow runs to the next decision.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.statedata import as_state
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules import FLOW

State = dict[str, Any]


def fresh_ctx(state: State, content: Any) -> Ctx:
    """A Ctx for a state edited by hand: the state's memo (deciders, legal lists, location index) dropped."""
    st = as_state(state)
    st.memo.clear()
    return Ctx(st, content)


def resume(state: State, content: Any) -> None:
    """Continue the flow after the state was edited: indexes rebuilt, automatic steps run (in place)."""
    st = as_state(state)
    ctx = fresh_ctx(st, content)
    FLOW.advance(ctx, st)
    st.memo.clear()


def _take_card(ctx: Ctx, number: int) -> None:
    """Take card `number` from wherever it is (draw pile, discard pile, a hand, a home-card pile)."""
    s = ctx.s
    for pile in (s["deck"], s["discard"]):
        if number in pile:
            pile.remove(number)
            return
    for cid in list(s["countries"]):
        co = ctx.country(cid)
        for pile in (co["hand"], co["home_discard"]):
            if number in pile:
                pile.remove(number)
                return
    raise ValueError(f"card {number} is in no pile nor hand (face up on the table?)")


def set_hand(ctx: Ctx, cid: str, cards: list[int]) -> None:
    """Give `cid` exactly `cards`: its other cards go to the bottom of the draw pile (its own home cards to
    its home-card pile, as if played, 4.1); the given ones come from wherever they are."""
    s = ctx.s
    hand = ctx.hand(cid)
    for number in list(hand):
        if number in cards:
            continue
        hand.remove(number)
        if ctx.card(number).owner == cid:
            ctx.country(cid)["home_discard"].append(number)
        else:
            s["deck"].insert(0, number)
    for number in cards:
        if number in hand:
            continue
        _take_card(ctx, number)
        hand.append(number)


def give_impulse(state: State, content: Any, cid: str, aps: int, cards: list[int] | None = None) -> None:
    """Make it `cid`'s impulse now (3.1), with `aps` APs and, when given, exactly `cards` in hand.

    The impulse replaces whatever the action phase was resolving (6.0): the frames above the action phase
    are dropped, and a scheduled impulse frame of `cid` is built as :mod:`rules.course.impulse` builds one,
    except that its APs are `aps` (no income, no saved APs, no card bought). The impulse-start hooks then
    run as in play (records reset, maintenance, nomads, ...), and the flow stops at the first decision."""
    st = as_state(state)
    ctx = fresh_ctx(st, content)
    if cid not in st["countries"]:
        raise ValueError(f"{cid!r} is not a country of this game")
    actions = flow.find(st, "actions")
    if actions is None:
        raise ValueError("no action phase is under way: give_impulse needs a position inside the action phase")
    stack = st["stack"]
    while stack[-1] is not actions:
        stack.pop()
    if cards is not None:
        set_hand(ctx, cid, list(cards))
    ctx.country(cid)["saved"] = 0
    actions.update(phase="check", pending=None, block=False, last_started=cid)
    passing = not ctx.hand(cid)
    flow.push(st, "impulse", c=cid, kind="scheduled", phase="hooks", ap2=2 * aps, spent2=0, cards=[],
              bought_plus=False, passing=passing, flags={}, hook=0)
    ctx.log("aw.impulse", "3.1", country=cid, kind="scheduled", ap=aps, saved=0, turn=ctx.turn,
            round=st["round"])
    if passing:
        ctx.log("aw.pass", "6.0", country=cid)
    FLOW.advance(ctx, st)
    st.memo.clear()


def pending_rule(state: State, content: Any, role: str, actor: str | None) -> str | None:
    """The rule of the decision `actor` faces: the prompt's own rule if it names one, else its step's."""
    if actor is None or not state["stack"]:
        return None
    ctx = Ctx(as_state(state), content)
    frame = state["stack"][-1]
    step = FLOW.step(frame)
    prompt = step.prompt(ctx, frame, actor)
    return str(prompt.get("rule") or frame.get("rule") or step.rule or "") or None
