"""Standing orders and prompts that need no one (issue 14; DESIGN: "around the atoms, spare the player").

With the option ``auto_forced`` (on by default):

* a prompt with exactly one legal action is answered without asking, unless its lone action is a secrecy
  pass (a window asking everybody, so that the prompt never reveals a hand, 6.7.1 and 6.11.d) or the others
  cannot tell that it is alone (:meth:`Step.lone_is_public`);
* a role may answer a routine prompt with a *standing order*: the same answer to every prompt of that kind
  for the rest of the impulse or of the turn ("pass in every card window", "never intercept", "refuse
  every sale of mercenaries"). A step lists the answers that may stand (:meth:`Step.orders`); the role's
  prompt offers ``order:<name>:impulse`` and ``order:<name>:turn`` beside them, each answering the prompt
  at hand as well. Each order in force is listed in the role's view with its cancel, ``order:cancel:<k>``,
  which ends the legal list of that role's impulse menu while the order stands (DESIGN: the legal list is
  complete, and ``act`` refuses anything outside it). Only there: a cancel in every list would make a
  prompt of one answer a prompt of two, asked again.

Orders live in ``state["orders"][role]`` (``{"n": counter, "live": [...]}``), are shown in that role's own
view only, and are answered by the engine (:meth:`ashur.core.flow.Flow.settle`) with the very action the
player would have chosen, so their effect looks to the other roles exactly like the same answer given by
hand. Setting or cancelling an order is logged nowhere.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
State = dict[str, Any]

#: how long an order stands: to the end of the current impulse, or of the current turn
SPANS = ("impulse", "turn")
#: the id prefix of the cancel of an order in force (offered in the role's view, beside the order)
CANCEL = "order:cancel:"
RULE = "3.1"


def enabled(state: State) -> bool:
    """The option ``auto_forced`` (states made before it existed behave as with it off)."""
    return bool(state["options"].get("auto_forced", False))


def _book(state: State, role: str) -> dict[str, Any]:
    return state.setdefault("orders", {}).setdefault(role, {"n": 0, "live": []})


def live_orders(state: State, role: str) -> list[dict[str, Any]]:
    """The standing orders of `role` in force now (an order of an earlier turn has lapsed)."""
    book = state.get("orders", {}).get(role)
    if not book:
        return []
    return [o for o in book["live"] if o["turn"] == state["turn"]]


def _in_impulse(state: State) -> bool:
    return flow.find(state, "impulse") is not None


def order_key(name: str) -> str:
    """The message key naming the standing order `name` in a label (``aw.order.<name>``, "refuse every peace
    offer"), so a label reads as a sentence rather than the order's id (issue 16)."""
    return f"aw.order.{name}"


def order_actions(ctx: Ctx, step: Step[Ctx], frame: Frame, actor: str, role: str,
                  legal: list[Action]) -> list[Action]:
    """The order actions offered to `role` after the legal actions of its prompt: the answers that may
    stand (for the rest of the impulse, when in one, or of the turn), then, in the role's impulse menu, the
    cancel of each order in force (also named in the role's view beside the order, :func:`view_orders`)."""
    out: list[Action] = []
    ids = {a["id"] for a in legal}
    spans = SPANS if _in_impulse(ctx.s) else SPANS[1:]
    for name, answer in step.orders(ctx, frame, actor).items():
        if answer not in ids:
            continue
        for span in spans:
            out.append(action(f"order:{name}:{span}", "aw.act.order_set", frame.get("rule") or step.rule,
                              order=order_key(name), until=span, step=step.kind, answer=answer,
                              order_id=name))
    if step.kind != "impulse":
        return out
    for o in live_orders(ctx.s, role):
        out.append(action(f"{CANCEL}{o['k']}", "aw.act.order_cancel", RULE, order=order_key(o["name"]),
                          until=o["until"],
                          step=o["step"]))
    return out


def cancel(state: State, role: str, action_id: str) -> bool:
    """``order:cancel:<k>``: end the standing order `k` of `role` (False if it has none in force so
    numbered). It answers no prompt: the role still decides the prompt at hand."""
    k = action_id[len(CANCEL):]
    if not k.isdigit() or not any(o["k"] == int(k) for o in live_orders(state, role)):
        return False
    book = _book(state, role)
    book["live"] = [o for o in book["live"] if o["k"] != int(k)]
    return True


def _slot(step: str, name: str) -> str:
    """Orders answering the same prompts replace each other (the newer answer stands; "sell every
    mercenary" replaces "sell none"): one slot per prompt kind — per question for the political questions
    (``peace.accept`` and ``peace.reject`` share one), per question for the entry questions (never
    intercept, never evade)."""
    if step == "ask":
        return name.split(".")[0]
    if step == "entry":
        return name
    return ""


def apply_order(ctx: Ctx, role: str, act: Action) -> Action:
    """Record a standing order; returns the action that answers the prompt at hand."""
    book = _book(ctx.s, role)
    p = act["params"]
    book["n"] += 1
    slot = _slot(p["step"], p["order_id"])
    book["live"] = [o for o in book["live"] if not (o["step"] == p["step"] and _slot(o["step"], o["name"]) == slot)]
    book["live"].append({"k": book["n"], "step": p["step"], "name": p["order_id"], "until": p["until"],
                         "turn": ctx.s["turn"]})
    frame = ctx.s["stack"][-1]
    step = FLOW.step(frame)
    actor = step.deciders(ctx, frame)
    found = step.find_action(ctx, frame, actor[0], p["answer"]) if actor else None
    assert found is not None, f"order {act['id']}: its answer {p['answer']!r} is not legal"
    return found


def standing_answer(ctx: Ctx, step: Step[Ctx], frame: Frame, actor: str, role: str) -> Action | None:
    """The legal action a standing order of `role` gives for this prompt, if any."""
    mine = [o for o in live_orders(ctx.s, role) if o["step"] == step.kind]
    if not mine:
        return None
    answers = step.orders(ctx, frame, actor)
    for o in sorted(mine, key=lambda o: -o["k"]):
        aid = answers.get(o["name"])
        if aid is not None:
            found = step.find_action(ctx, frame, actor, aid)
            if found is not None:
                return found
    return None


def view_orders(state: State, role: str) -> list[dict[str, Any]]:
    """The orders of `role` for its own view (never shown to another role), each with the id of the action
    that cancels it (legal in the role's impulse menu while the order stands)."""
    return [{**o, "cancel": f"{CANCEL}{o['k']}"} for o in live_orders(state, role)]


def scramble_orders(state: State, keep: set[str], r: Any) -> None:
    """The fuzzer's leak check: other roles' orders become random ones (their number, kinds and spans)."""
    books = state.get("orders")
    if not books:
        return
    kinds = sorted(FLOW.steps)
    for role in list(books):
        if role in keep:
            continue
        n = r.randrange(3)
        books[role] = {"n": r.randrange(10), "live": [
            {"k": 100 + i, "step": r.choice(kinds), "name": f"scrambled{r.random()}", "until": r.choice(SPANS),
             "turn": state["turn"]} for i in range(n)]}


def _impulse_end(ctx: Ctx, impulse: Frame) -> None:
    """An order for the rest of the impulse lapses with it; an order of an earlier turn is dropped."""
    books = ctx.s.get("orders")
    if not books:
        return
    for book in books.values():
        book["live"] = [o for o in book["live"] if o["until"] == "turn" and o["turn"] == ctx.s["turn"]]


HOOKS.add_impulse_end(999, "standing orders", _impulse_end)
