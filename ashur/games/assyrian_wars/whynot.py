"""Why a click on the table is not legal now (issue 16 item 4): the refusal and the rule that forbids it.

The id grammar a client composes (the ids of the prompt's own legal actions, with the clicked id put in):

* **an area or sea zone A clicked as the target of the prompt**: ``<head>:A`` where ``<head>`` is the
  head of the prompt's area actions (:data:`AREA_HEADS` by step kind: ``to:A`` while moving a force, a
  fleet, a forced march or a relocation; ``evade:A`` for an evasion, ``retreat:A`` for a retreat,
  ``at:A`` to place, ``land:A`` / ``trade:A`` for a fleet, ...). :func:`click_id` composes it.
* **a force F clicked** (its leader's id, its unit's id or an army group ``agN``, as the view's stacks
  name it): ``move:F`` in the impulse, ``intercept:F`` in an interception prompt, ``force:F`` when a card
  picks a force (:data:`FORCE_HEADS`).
* **a card N clicked**: ``card:N:ap`` or ``card:N:event`` in the impulse; ``choose:N`` in a card window.

A refusal never tells what the role may not know: a force that is not the deciding country's is refused
as "not yours" whether or not it exists or what it holds (9.5); a card not in the hand as "not in your
hand" (2.3); the reasons only read public facts (map, control, wars, APs of the phasing country) and the
deciding country's own pieces. So the refusal reads the same on a state scrambled for that role.
"""

from __future__ import annotations

from typing import Any

from ashur.core.errors import IllegalAction
from ashur.core.statedata import as_state, clone
from ashur.games.assyrian_wars.content.model import Content
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import all_forces_of, land_view
from ashur.games.assyrian_wars.rules.base.naval import landed
from ashur.games.assyrian_wars.rules.base.terrain import connection, step_costs
from ashur.games.assyrian_wars.rules.land.entering import entry_requirement
from ashur.games.assyrian_wars.rules.land.movement import enemy_field, moving
from ashur.games.assyrian_wars.rules.registry import FLOW

AREA_HEADS: dict[str, str] = {
    "move": "to", "forced_march": "to", "leader_relocation": "to", "relocation": "to", "fleet_move": "to",
    "entry": "evade", "retreat": "retreat", "place": "at", "reactivation": "place", "ship_return": "port",
    "relocation_choice": "relocate_to", "card_deport": "deport_to", "eco_convert": "eco_city",
}
"""Step kind -> the head of its actions that name an area (the click grammar of the module docstring)."""

FORCE_HEADS: dict[str, str] = {"impulse": "move", "entry": "intercept", "moves_force": "force"}
"""Step kind -> the head of its actions that name a force."""


def click_id(state: dict[str, Any], kind: str, target: str) -> str | None:
    """The action id a click on `target` (``kind``: ``area`` or ``force``) composes in the prompt now."""
    if not state["stack"]:
        return None
    heads = AREA_HEADS if kind == "area" else FORCE_HEADS if kind == "force" else {}
    head = heads.get(state["stack"][-1]["step"])
    return f"{head}:{target}" if head else None


def _ap_text(half: int) -> str:
    return f"{half / 2:g}"


def _move_step(ctx: Ctx, frame: dict[str, Any], actor: str, dest: str) -> tuple[str, str] | None:
    """6.6: why the moving force cannot enter `dest` next: not an area, not adjacent, besieged, APs."""
    here = frame["at"]
    if dest not in ctx.c.areas:
        return (f"{dest} is not a land area: land units never enter a sea zone (they sail aboard ships)", "6.16.c")
    if dest == here:
        return ("the force already stands in this area", "6.6")
    kind = connection(ctx, here, dest)
    if kind is None:
        return (f"{ctx.c.areas[dest].name} is not adjacent to {ctx.c.areas[here].name}: a force moves from an "
                "area to an adjacent one along a connection", "6.6")
    pieces = moving(ctx, frame)
    if pieces and ctx.piece(pieces[0])["city"] and enemy_field(ctx, here, actor):
        return ("a force inside a city cannot leave while enemy forces stand in the field of its area", "6.8")
    for co in sorted({ctx.owner(p) for p in pieces}):
        req, reason, rule = entry_requirement(ctx, co, dest)
        if req == "no":
            return (reason, rule)
    step = FLOW.steps["move"]
    reason, rule = step.explain(ctx, frame, actor, f"to:{dest}")
    if reason == "not enough APs for this step" and kind != "mede_only":
        imp = next(f for f in reversed(ctx.s["stack"]) if f["step"] == "impulse")
        cost2 = step_costs(ctx, pieces, per_unit=frame["lead"] is None)(here, dest, kind)
        left2 = imp["ap2"] - imp["spent2"]
        if cost2 > left2:
            return (f"entering {ctx.c.areas[dest].name} over a {kind} connection costs {_ap_text(cost2)} AP; "
                    f"{_ap_text(left2)} AP are left in this impulse", "6.6.1")
    return (reason, rule)


def adjacent_refusal(ctx: Ctx, here: str, dest: str, what: str, rule: str) -> tuple[str, str] | None:
    """An evasion (6.6.10) or a retreat (6.7.8) goes from `here` into an adjacent land area (or the city of
    the area, for an evasion): why `dest` is not one, or None when it is adjacent."""
    if dest == "city":
        return None
    if dest not in ctx.c.areas:
        return (f"{what} goes into an adjacent land area, never into a sea zone or a box", rule)
    if dest == here:
        return (f"{what} leaves the area of the battle; only an evasion may go into the city of the area", rule)
    if connection(ctx, here, dest) is None:
        return (f"{ctx.c.areas[dest].name} is not adjacent to {ctx.c.areas[here].name}: {what} goes into an "
                "adjacent area", rule)
    return None


def _force_click(ctx: Ctx, frame: dict[str, Any], actor: str, fid: str) -> tuple[str, str] | None:
    """A force clicked in the impulse: only the deciding country's own forces (6.6.4), never telling what an
    unknown id is (9.5)."""
    own = {f["id"]: f for f in all_forces_of(ctx, actor)}
    f = own.get(fid)
    if f is None:
        return ("a country moves only its own forces and the army groups it belongs to", "6.6.4")
    halted = land_view(ctx).get("halted", [])
    if (f["leaders"] and any(p in halted for p in f["leaders"])) or \
            (not f["leaders"] and f["pieces"] and all(p in halted for p in f["pieces"])):
        return ("this force stopped where it started and has finished moving for this impulse", "6.6")
    if landed(ctx, f["pieces"]):
        return ("land units cannot move by land after disembarking", "6.16.d")
    return None


def _card_click(ctx: Ctx, frame: dict[str, Any], actor: str, number: int) -> tuple[str, str] | None:
    """A card clicked outside the impulse: cards are played in one's own impulse, only battle, response and
    counter measure events outside it (3.1, 6.11.d, 6.11.e)."""
    if number not in ctx.hand(actor):
        return (f"card {number} is not in your hand", "2.3")
    if frame["step"] == "impulse":
        return None
    return ("now only the events a prompt offers can be played: cards are played for APs or events in the "
            "country's own impulse, battle, response and counter measure events when their moment comes", "6.11")


def refusal(game: Any, content: Content, state: dict[str, Any], role: str, action_id: str) -> dict[str, str] | None:
    """``{"error", "rule"}`` why `role` may not play `action_id` now, or None when it is legal."""
    state = as_state(state)
    if any(a["id"] == action_id for a in game.legal_actions(state, role)):
        return None
    actor = game._deciding(state, role)
    if actor is None:
        try:
            game._refuse_not_deciding(state, role, action_id)
        except IllegalAction as exc:
            return {"error": exc.reason, "rule": exc.rule or ""}
    s = clone(state)
    ctx = Ctx(s, content)
    frame = s["stack"][-1]
    kind = frame["step"]
    head, _, rest = action_id.partition(":")
    found: tuple[str, str] | None = None
    if head == "card" and rest.split(":")[0].isdigit():
        found = _card_click(ctx, frame, actor, int(rest.split(":")[0]))
    elif kind == "impulse" and head == "move":
        found = _force_click(ctx, frame, actor, rest)
    elif kind in ("move", "forced_march") and head == "to":
        found = _move_step(ctx, frame, actor, rest) if kind == "move" else None
    elif kind == "entry" and head in ("evade", "evade_hasty"):
        found = adjacent_refusal(ctx, frame["area"], rest, "an evasion", "6.6.10")
    elif kind == "retreat" and head == "retreat":
        found = adjacent_refusal(ctx, frame["area"], rest, "a retreat", "6.7.8")
    if found is None:
        found = FLOW.step(frame).explain(ctx, frame, actor, action_id)
    reason, rule = found
    return {"error": reason, "rule": rule or ""}
