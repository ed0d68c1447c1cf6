"""Control flow as data: a stack of pending steps inside the game state (DESIGN: "control flow is data").

A frame is a plain dict ``{"step": kind, ...}`` on ``state["stack"]``. Each kind is a :class:`Step`
registered in a :class:`Flow`. A step either runs automatically (it names no deciders) or waits for
decisions of named *actors* (the game maps actors to roles). Interrupts push a frame and pop back.

Conventions for steps:

* ``run`` is called when an automatic frame is on top; it must change the stack (pop itself, push a
  child, or move to another phase that eventually does) — the engine stops with an error otherwise.
* ``apply`` is called with the chosen action (one element of ``actions``); it usually pops or updates
  the frame. The engine then runs automatic steps again until someone must decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from ashur.core.contract import Action
from ashur.core.errors import IllegalAction

State = dict[str, Any]
Frame = dict[str, Any]
C = TypeVar("C")


class FlowError(RuntimeError):
    """A defect in a game's flow (a step that loops or a frame of an unknown kind)."""


class Step(Generic[C]):
    """One kind of pending step. Subclass, set `kind` and `rule`, and register it with a Flow."""

    kind: ClassVar[str] = ""
    rule: ClassVar[str] = ""

    def deciders(self, ctx: C, frame: Frame) -> list[str]:
        """The actors that must decide now; an empty list makes the step automatic."""
        return []

    def run(self, ctx: C, frame: Frame) -> None:
        """Resolve an automatic step."""
        raise FlowError(f"step {self.kind!r} has deciders but no run()")

    def actions(self, ctx: C, frame: Frame, actor: str) -> list[Action]:
        """The legal actions of `actor` in this step."""
        return []

    def first_actions(self, ctx: C, frame: Frame, actor: str, n: int) -> tuple[list[Action], bool]:
        """Enough of the legal list to tell whether it holds fewer than `n` actions: (the whole of
        :meth:`actions`, True), or, when it holds `n` or more, (a part of it, False). Steps with long lists
        (a menu) override it to stop once `n` choices are known; used to see whether a prompt has a lone
        action."""
        return self.actions(ctx, frame, actor), True

    def apply(self, ctx: C, frame: Frame, actor: str, action: Action) -> None:
        """Carry out a legal action of `actor`."""
        raise FlowError(f"step {self.kind!r} takes no actions")

    def find_action(self, ctx: C, frame: Frame, actor: str, action_id: str) -> Action | None:
        """The legal action with this id, or None. Steps with long lists may override this to compute only
        the part of the list the id can belong to (it must agree with :meth:`actions`)."""
        for act in self.actions(ctx, frame, actor):
            if act["id"] == action_id:
                return act
        return None

    def prompt(self, ctx: C, frame: Frame, actor: str) -> dict[str, Any]:
        """The prompt shown to the deciding actor: a message key and its parameters (the engine adds the
        rule and the default, see :meth:`Flow.prompt`)."""
        return {"key": f"prompt.{self.kind}", "params": {}}

    def orders(self, ctx: C, frame: Frame, actor: str) -> dict[str, str]:
        """The answers of this prompt that may stand as orders: order name -> the id of the legal action
        that answers this prompt under that order (an empty dict: no standing order applies here)."""
        return {}

    def lone_is_public(self, ctx: C, frame: Frame, actor: str) -> bool:
        """Whether the other players can tell, from what they may know, that the actor has a single choice
        here. Only then may the engine answer a lone action without asking (asking otherwise keeps the
        secret of a hidden hand or force). Override where the legal list depends on hidden information."""
        return True

    def explain(self, ctx: C, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        """Why `action_id` is not legal here: (reason, rule). Override for precise rule citations."""
        return (f"it is not one of the choices now ({self.kind})", self.rule)


class Flow(Generic[C]):
    """A registry of step kinds and the engine that runs the stack."""

    def __init__(self, max_auto_steps: int = 1_000_000, max_same_frame: int = 64) -> None:
        self.steps: dict[str, Step[C]] = {}
        self.max_auto_steps = max_auto_steps
        self.max_same_frame = max_same_frame

    def register(self, cls: type[Step[C]]) -> type[Step[C]]:
        """Class decorator: register a step kind (one instance serves all frames of that kind)."""
        if not cls.kind:
            raise FlowError(f"{cls.__name__} has no kind")
        if cls.kind in self.steps:
            raise FlowError(f"step kind {cls.kind!r} registered twice")
        self.steps[cls.kind] = cls()
        return cls

    def step(self, frame: Frame) -> Step[C]:
        try:
            return self.steps[frame["step"]]
        except KeyError:
            raise FlowError(f"unknown step kind {frame.get('step')!r}") from None

    # --- the engine ----------------------------------------------------------------------------
    def advance(self, ctx: C, state: State) -> None:
        """Run automatic steps until one needs a decision or the stack is empty.

        A step that runs without changing the stack would loop for ever: the same frame on top of a stack
        of the same height for `max_same_frame` runs in a row stops the engine with a FlowError (a cheap
        stand-in for comparing the frame before and after every run)."""
        stack = state["stack"]
        same = 0
        last: tuple[int, int] | None = None
        sig: tuple[Any, ...] = ()
        for _ in range(self.max_auto_steps):
            if not stack:
                return
            frame = stack[-1]
            step = self.step(frame)
            if step.deciders(ctx, frame):
                return
            here = (len(stack), id(frame))
            if here == last:
                same += 1
            else:
                same, last = 0, here
            check = same == self.max_same_frame
            if check:
                sig = _shallow_sig(frame)
            step.run(ctx, frame)
            if check:
                if stack and (len(stack), id(stack[-1])) == here and _shallow_sig(stack[-1]) == sig:
                    raise FlowError(f"step {frame['step']!r} ran without changing the stack")
                same = 0
        raise FlowError("too many automatic steps in a row (a loop in the flow)")

    def deciders(self, ctx: C, state: State) -> list[str]:
        """The actors deciding now (empty when the stack is empty)."""
        stack = state["stack"]
        if not stack:
            return []
        frame = stack[-1]
        return self.step(frame).deciders(ctx, frame)

    def actions(self, ctx: C, state: State, actor: str) -> list[Action]:
        stack = state["stack"]
        if not stack:
            return []
        frame = stack[-1]
        step = self.step(frame)
        if actor not in step.deciders(ctx, frame):
            return []
        return step.actions(ctx, frame, actor)

    def prompt(self, ctx: C, state: State, actor: str, acts: list[Action] | None = None) -> dict[str, Any] | None:
        """The step's prompt, completed with the rule it asks under (the frame's own ``rule`` or the
        step's) and its default: the first legal action (DESIGN: the sensible default comes first).
        `acts`, when given, is the step's legal list of `actor` now (``step.actions``), already computed
        by the caller: it is not computed again."""
        stack = state["stack"]
        if not stack:
            return None
        frame = stack[-1]
        step = self.step(frame)
        if actor not in step.deciders(ctx, frame):
            return None
        out = dict(step.prompt(ctx, frame, actor))
        if not out.get("rule"):
            out["rule"] = frame.get("rule") or step.rule
        if "default" not in out:
            if acts is None:
                acts = step.actions(ctx, frame, actor)
            out["default"] = acts[0]["id"] if acts else None
            out["default_label"] = acts[0]["label"] if acts else None
        return out

    def find(self, ctx: C, state: State, actor: str, action_id: str, role: str | None = None) -> Action:
        """The legal action `action_id` of `actor` now; IllegalAction with the step's reason otherwise."""
        stack = state["stack"]
        if not stack:
            raise IllegalAction(action_id, "the game is over", None, role)
        frame = stack[-1]
        step = self.step(frame)
        if actor not in step.deciders(ctx, frame):
            raise IllegalAction(action_id, f"{actor} does not decide now", None, role)
        act = step.find_action(ctx, frame, actor, action_id)
        if act is None:
            reason, rule = step.explain(ctx, frame, actor, action_id)
            raise IllegalAction(action_id, reason, rule or None, role)
        return act

    def apply_found(self, ctx: C, state: State, actor: str, act: Action) -> None:
        """Carry out `act`, a legal action of `actor` on top of the stack now, then advance."""
        frame = state["stack"][-1]
        self.step(frame).apply(ctx, frame, actor, act)
        self.advance(ctx, state)

    def settle(self, ctx: C, state: State, choose: Chooser[C]) -> int:
        """Answer the prompts that need no one: while `choose` names an (actor, legal action) for the
        decision now on top (a prompt with one legal action, a standing order), apply it and advance.
        Called inside the game's apply, so the answers share its undo unit; a replay re-derives them, so
        a saved game holds only the chosen actions. Returns how many prompts were answered."""
        for n in range(self.max_auto_steps):
            picked = choose(ctx, state) if state["stack"] else None
            if picked is None:
                return n
            actor, act = picked
            self.apply_found(ctx, state, actor, act)
        raise FlowError("too many prompts answered in a row (a loop in the flow)")

    def apply(self, ctx: C, state: State, actor: str, action_id: str, role: str | None = None) -> Action:
        """Apply `action_id` for `actor`, then advance. Raises IllegalAction with the step's reason."""
        act = self.find(ctx, state, actor, action_id, role)
        self.apply_found(ctx, state, actor, act)
        return act


SECRECY_PASS = "pass"
"""The id prefix of the lone action of a prompt that asks everyone to keep a secret (a window asking every
participant, so that the prompt never reveals a hand): such a prompt is asked even with one legal action."""


def forced(acts: list[Action]) -> Action | None:
    """The lone legal action of a prompt that needs no asking: exactly one, and not a secrecy pass."""
    if len(acts) == 1 and not acts[0]["id"].startswith(SECRECY_PASS):
        return acts[0]
    return None


def _shallow_sig(frame: Frame) -> tuple[Any, ...]:
    """A cheap signature of a frame's top-level scalar values, to detect a step that did nothing."""
    return tuple(
        (k, v) for k, v in sorted(frame.items()) if isinstance(v, (str, int, float, bool, type(None)))
    ) + tuple((k, len(v)) for k, v in sorted(frame.items()) if isinstance(v, (list, dict)))


def push(state: State, step_kind: str, /, **params: Any) -> Frame:
    """Push a new frame and return it."""
    frame: Frame = {"step": step_kind, **params}
    state["stack"].append(frame)
    return frame


def pop(state: State) -> Frame:
    """Pop the top frame."""
    return state["stack"].pop()


def remove(state: State, frame: Frame) -> Frame | None:
    """Take `frame` itself off the stack, wherever it is (frames pushed above it while it finished stay
    and run first); returns the frame now under where it was, if any."""
    stack = state["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is frame:
            del stack[i]
            return stack[i - 1] if i > 0 else None
    raise FlowError(f"frame {frame.get('step')!r} is not on the stack")


def find(state: State, kind: str) -> Frame | None:
    """The innermost frame of `kind` on the stack, if any."""
    for frame in reversed(state["stack"]):
        if frame["step"] == kind:
            return frame
    return None


Handler = Callable[..., Any]
Chooser = Callable[[C, State], "tuple[str, Action] | None"]
"""Picks the answer that needs no one for the decision on top, as (actor, legal action), or None."""
