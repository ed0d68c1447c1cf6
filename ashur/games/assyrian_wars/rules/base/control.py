"""Who plays a minor at war that has no ally (7.4.5) and a nomad tribe without an ally (10.1.1).

The choice is stored in ``state["control"]`` and renewed at the start of every impulse round, so the
same player keeps making the passive decisions (interception, evasion, battle choices) of that country
until the next round (7.4.5, 10.1.1).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import asks_players
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


def camp_powers(ctx: Ctx, camp: str | None) -> list[str]:
    """Powers of a camp (``None``: the neutral powers) in impulse-track order."""
    return [p for p in ctx.powers() if ctx.country(p).get("camp") == camp and not ctx.s["conquered"].get(p)]


def _pick(ctx: Ctx, cid: str, camp: str | None, rule: str) -> str | None:
    """7.4.5: a power of the camp, one not at war with the country if possible, chosen at random. When the
    camp has no power left and no power is neutral (every power joined the other camp), any power plays
    the minor, again one not at war with it if possible: 7.4.5 does not foresee the case, and an active
    country must have a player (docs/rules-decisions.md)."""
    members = camp_powers(ctx, camp) or ([] if camp is None else camp_powers(ctx, None)) \
        or [p for p in ctx.powers() if not ctx.s["conquered"].get(p)]
    if not members:
        return None
    peaceful = [p for p in members if not ctx.at_war(p, cid)]
    pool = peaceful or members
    if len(pool) == 1:
        return pool[0]
    return pool[ctx.random_index(len(pool))]


def minor_control(ctx: Ctx, minor: str) -> None:
    """7.4.5: a minor attacked by the Assyrian camp is played by a random rebel power; one attacked by the
    rebels by Assyria; one at war with both camps, with a neutral power or with nomads alternately by the
    two camps (the first camp chosen at random)."""
    s = ctx.s
    enemies = [w[0] if w[1] == minor else w[1] for w in s["wars"] if minor in w]
    camps = {ctx.camp(e) if not ctx.is_nomad(e) else "nomad" for e in enemies}
    mode = s.setdefault("control_mode", {}).get(minor)
    if camps == {"assyrian"}:
        if mode != "rebel" or s["control"].get(minor) is None:
            power = _pick(ctx, minor, "rebel", "7.4.5")
            s["control_mode"][minor] = "rebel"
            _set(ctx, minor, power, "7.4.5")
        return
    if camps == {"rebel"}:
        s["control_mode"][minor] = "assyria"
        _set(ctx, minor, "assyria" if "assyria" in s["countries"] else _pick(ctx, minor, "assyrian", "7.4.5"), "7.4.5")
        return
    last = s.setdefault("control_camp", {}).get(minor)
    if last is None:
        last = "assyrian" if ctx.random_index(2) == 0 else "rebel"
        camp = "rebel" if last == "assyrian" else "assyrian"
    else:
        camp = "rebel" if last == "assyrian" else "assyrian"
    s["control_camp"][minor] = camp
    s["control_mode"][minor] = "alternate"
    _set(ctx, minor, _pick(ctx, minor, camp, "7.4.5") or _pick(ctx, minor, None, "7.4.5"), "7.4.5")


def nomad_control(ctx: Ctx, nomad: str) -> None:
    """10.1.1: each camp rolls a die, the highest controls (ties rolled again); within the Assyrian camp
    Assyria decides who plays the tribe (:class:`NomadControlChoice`), the rebel powers take turns in
    impulse-track order; with one camp defeated or missing, the neutral powers take over."""
    s = ctx.s
    camps = [c for c in ("assyrian", "rebel") if camp_powers(ctx, c)]
    if len(camps) < 2:
        neutral = camp_powers(ctx, None) or camp_powers(ctx, camps[0] if camps else None)
        if not neutral:
            return
        turn = s.setdefault("nomad_turn", {}).get(nomad, -1) + 1
        s["nomad_turn"][nomad] = turn
        _set(ctx, nomad, neutral[turn % len(neutral)], "10.1.1")
        return
    while True:
        a = ctx.die(rule="10.1.1", why="aw.why.nomad_control", camp="assyrian", nation=nomad)
        r = ctx.die(rule="10.1.1", why="aw.why.nomad_control", camp="rebel", nation=nomad)
        if a != r:
            break
    if a > r:
        power = "assyria" if "assyria" in s["countries"] else camp_powers(ctx, "assyrian")[0]
        if power == "assyria" and len(camp_powers(ctx, "assyrian")) > 1 and asks_players(ctx):
            # 10.1.1: Assyria decides which country of its camp controls the tribe; asked at the start of
            # the next impulse (nomad_control_choice), Assyria playing it until then
            pending = s.setdefault("nomad_choice", [])
            if nomad not in pending:
                pending.append(nomad)
    else:
        rebels = camp_powers(ctx, "rebel")
        turn = s.setdefault("nomad_turn", {}).get(nomad, -1) + 1
        s["nomad_turn"][nomad] = turn
        power = rebels[turn % len(rebels)]
    _set(ctx, nomad, power, "10.1.1")


def _set(ctx: Ctx, cid: str, power: str | None, rule: str) -> None:
    if power is None:
        return
    if ctx.s["control"].get(cid) != power:
        ctx.log("aw.control", rule, country=cid, power=power)
    ctx.s["control"][cid] = power


def renew_control(ctx: Ctx) -> None:
    """At the start of every impulse round: renew the control of unallied minors at war and nomads."""
    for cid in ctx.track():
        if not ctx.active(cid) or ctx.ally_power(cid) is not None:
            continue
        if ctx.is_minor(cid) and any(cid in w for w in ctx.s["wars"]):
            minor_control(ctx, cid)
        elif ctx.is_nomad(cid):
            nomad_control(ctx, cid)


def _ask_assyria(ctx: Ctx, impulse: Frame) -> None:
    """10.1.1: the choices of Assyria that the renewal of control left pending, one tribe at a time."""
    pending = ctx.s.get("nomad_choice")
    if pending:
        nomad = pending.pop(0)
        if not pending:
            ctx.s.pop("nomad_choice")
        flow.push(ctx.s, "nomad_control_choice", nomad=nomad)


def nomad_control_options(ctx: Ctx, nomad: str) -> list[str]:
    """10.1.1: the powers of the Assyrian camp Assyria may give an unallied tribe to, Assyria first."""
    if ctx.ally_power(nomad) is not None or ctx.s["control"].get(nomad) != "assyria" or not ctx.active(nomad):
        return []
    members = camp_powers(ctx, "assyrian")
    return ["assyria", *(p for p in members if p != "assyria")] if "assyria" in members else []


@FLOW.register
class NomadControlChoice(Step[Ctx]):
    """10.1.1: the Assyrian camp won the control roll of an unallied tribe; Assyria decides which country
    of its camp controls it until the next impulse round."""

    kind = "nomad_control_choice"
    rule = "10.1.1"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if len(nomad_control_options(ctx, frame["nomad"])) > 1 and role_of(ctx, "assyria") is not None:
            return ["assyria"]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"nomad_control:{p}", "aw.act.nomad_control", "10.1.1", nation=frame["nomad"], power=p)
                for p in nomad_control_options(ctx, frame["nomad"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.nomad_control_choice", "params": {"country": actor, "nation": frame["nomad"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("the tribe goes to a power of the Assyrian camp", "10.1.1")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        _set(ctx, frame["nomad"], act["params"]["power"], "10.1.1")


HOOKS.add_impulse_start(3, "10.1.1 Assyria's choice", _ask_assyria)
HOOKS.add_round_end(10, "control", renew_control)
HOOKS.add_turn_start(10, "control", renew_control)
