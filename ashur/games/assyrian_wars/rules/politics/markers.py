"""The diplomatic track and what each status grants (6.9, 6.11.c, 6.11.c2, 5.2, 7.1.D, 8.3, 10.1.2).

A minor's or nomad's marker stands on one power's row (``diplo[cid]["power"]`` and ``value`` 1–15) or in
the neutrals box (value 0). Moving it towards a power means down another power's row to 0, then up that
power's own row (6.9; the 6.11.c example moves Phoenicia 9 down the Assyrian row and 5 up the Elamite
one). Statuses: neutral 0–3, trade 4–6 (a trade point, 7.3.3.c), pro 7–9 (tribute, 5.2), march 10–12
(friendly territory, no maintenance, 6.9), alliance 13–15 (the power plays the minor, 6.9).

:func:`set_marker` applies every consequence of a new position at once: alliances made and broken
(activation, wars, VPs, 6.17, 7.4.6, 8.3), tribute started or ended (5.2, 5.2.2, 6.9), and the end of a
conquest by the conqueror's diplomacy (7.1.D).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
ASSYRIA = "assyria"
MAX_VALUE = 15
TRADE, PRO, MARCH, ALLIANCE = 4, 7, 10, 13
#: 8.3: VPs for an alliance or a conquest
RELATION_VP = {"minor": 1, "nomad": 1, "power": 3}
CONQUEST_OF_ASSYRIA_VP = 12


def status(value: int) -> str:
    """6.9: the status of a value on a power's row."""
    if value >= ALLIANCE:
        return "alliance"
    if value >= MARCH:
        return "march"
    if value >= PRO:
        return "pro"
    if value >= TRADE:
        return "trade"
    return "neutral"


def position(ctx: Ctx, subject: str) -> tuple[str | None, int]:
    d = ctx.s["diplo"][subject]
    return (d["power"] if d["value"] > 0 else None), int(d["value"])


def room_towards(ctx: Ctx, subject: str, power: str) -> int:
    """How many spaces the marker can still move towards `power` (down another row, then up to 15)."""
    cur, value = position(ctx, subject)
    if cur is None or cur == power:
        return MAX_VALUE - value
    return value + MAX_VALUE


def relation_vp(ctx: Ctx, scorer: str, subject: str, rule: str, n: int | None = None) -> None:
    """8.3: VPs for an alliance and/or a conquest — once per scorer and country per game turn."""
    if not ctx.in_play(scorer):
        return
    done = ctx.s.setdefault("relation_vp", [])
    mark = f"{scorer}|{subject}|{ctx.turn}"
    if mark in done:
        return
    amount = n if n is not None else RELATION_VP.get(ctx.kind(subject), 0)
    if amount <= 0:
        return
    done.append(mark)
    ctx.award_vp(scorer, amount, rule, "aw.why.alliance_or_conquest", subject=subject)


def set_marker(ctx: Ctx, subject: str, power: str | None, value: int, rule: str) -> None:
    """Put `subject`'s marker on `power`'s row at `value` (0: the neutrals box) with all consequences."""
    with relations.change(ctx, rule):
        d = ctx.diplo(subject)
        assert d is not None
        old_ally = ctx.ally_power(subject)
        old_power, old_value = position(ctx, subject)
        if value <= 0 or power is None:
            power, value = None, 0
        value = min(MAX_VALUE, value)
        d["power"], d["value"] = power, value
        if d.get("pact") and power is None:
            d["pact"] = False
        ctx.log("aw.marker", rule, subject=subject, power=power, value=value, status=status(value))
        new_ally = ctx.ally_power(subject)
        if old_ally != new_ally:
            if old_ally is not None:
                alliance_lost(ctx, subject, old_ally, rule)
            if new_ally is not None:
                alliance_gained(ctx, subject, new_ally, rule)
        tribute_by_status(ctx, subject, old_power, old_value, rule)


def move_towards(ctx: Ctx, subject: str, power: str, spaces: int, rule: str) -> int:
    """Move the marker `spaces` towards `power`: down another row to 0, then up `power`'s row (6.9,
    6.11.c). Returns the spaces actually moved."""
    cur, value = position(ctx, subject)
    left = max(0, spaces)
    moved = 0
    if cur is not None and cur != power:
        down = min(value, left)
        value -= down
        left -= down
        moved += down
        if value == 0:
            cur = None
    if left and cur in (None, power):
        up = min(MAX_VALUE - value, left)
        value += up
        moved += up
        cur = power if value > 0 else None
    if moved:
        set_marker(ctx, subject, cur, value, rule)
    return moved


def move_towards_zero(ctx: Ctx, subject: str, spaces: int, rule: str) -> None:
    """7.1.D: move a marker towards 0; it stops at 0."""
    cur, value = position(ctx, subject)
    if cur is None:
        return
    set_marker(ctx, subject, cur, max(0, value - spaces), rule)


# --- alliances ----------------------------------------------------------------------------------
def alliance_gained(ctx: Ctx, subject: str, power: str, rule: str) -> None:
    """6.9: a minor (or nomad, 10.1.2) becomes allied to `power`."""
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute, end_tribute, pays_to
    from ashur.games.assyrian_wars.rules.politics import minors

    ctx.log("aw.alliance", rule, subject=subject, power=power)
    for table in ("control", "control_mode", "control_camp"):
        ctx.s.get(table, {}).pop(subject, None)
    if ctx.is_minor(subject):
        minors.activate(ctx, subject, "6.17")
        relation_vp(ctx, power, subject, "8.3")
    elif ctx.is_nomad(subject):
        ctx.s.get("nomad_orders", {}).pop(subject, None)
        relation_vp(ctx, power, subject, "8.3")
    relations.alliance_joins_wars(ctx, subject, power)
    if power == ASSYRIA:
        # 5.2.3: alliance with Assyria ends the wars with the countries paying tribute to Assyria
        for pair in sorted(ctx.s["wars"]):
            if subject in pair:
                other = pair[1] if pair[0] == subject else pair[0]
                if pays_to(ctx, other, ASSYRIA):
                    relations.end_war(ctx, subject, other)
                    ctx.log("aw.tribute_payer_peace", "5.2.3", country=subject, other=other)
    elif ctx.is_minor(subject) and pays_to(ctx, subject, ASSYRIA):
        end_tribute(ctx, subject, ASSYRIA, "5.2")
    if ctx.is_minor(subject) and ctx.is_power(power):
        add_tribute(ctx, subject, power, "pro", "6.9")
    # 7.1.D: a conquered minor influenced to alliance by its conqueror is no longer conquered
    for entry in list(ctx.s["conquered"].get(subject, [])):
        if entry["by"] == power:
            HOOKS.call("grace.end_conquest", ctx, subject, power, "7.1", influenced=True)
    # 7.4.6: the new ally may declare war for free on the minor's enemies, or negotiate peace
    enemies = [e for e in _declared_enemies(ctx, subject) if not ctx.at_war(e, power) and e != power]
    if enemies and ctx.is_power(power):
        flow.push(ctx.s, "ally_war_choice", power=power, minor=subject, enemies=enemies, i=0)


def _declared_enemies(ctx: Ctx, cid: str) -> list[str]:
    out = []
    for pair in sorted(ctx.s["wars"]):
        if cid in pair:
            other = pair[1] if pair[0] == cid else pair[0]
            if ctx.kind(other) in ("power", "minor", "minor_city") and other not in out:
                out.append(other)
    return out


def alliance_lost(ctx: Ctx, subject: str, power: str, rule: str) -> None:
    """6.9: an alliance ends (alliance breaker or conquest): the wars fought for the ally end (7.4.3); a
    minor without a war left is deactivated (3.4, see relations.settle); a nomad is played again under
    10.1.1 (10.1.2)."""
    from ashur.games.assyrian_wars.rules.politics import minors

    ctx.log("aw.alliance_ended", rule, subject=subject, power=power)
    relations.alliance_leaves_wars(ctx, subject, power)
    if ctx.is_minor(subject) and not any(subject in pair for pair in ctx.s["wars"]):
        minors.deactivate(ctx, subject, "6.9")
    if ctx.is_nomad(subject) and ctx.active(subject):
        from ashur.games.assyrian_wars.rules.base.control import nomad_control

        nomad_control(ctx, subject)


def tribute_by_status(ctx: Ctx, subject: str, old_power: str | None, old_value: int, rule: str) -> None:
    """5.2 / 6.9: a minor at pro status or better pays tribute to that power at once (5.2.2); towards a
    power other than Assyria the tribute ends when it drops below pro. Towards Assyria, pro counts as a
    successful tribute check and the tribute continues for the turn (5.2)."""
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute, end_tribute

    if not ctx.is_minor(subject):
        return
    power, value = position(ctx, subject)
    conquerors = {e["by"] for e in ctx.s["conquered"].get(subject, [])}
    if old_power is not None and old_power != ASSYRIA and old_value >= PRO \
            and (power != old_power or value < PRO) and old_power not in conquerors:
        end_tribute(ctx, subject, old_power, "6.9")
    if power is None or value < PRO or not ctx.in_play(power):
        return
    if power == ASSYRIA:
        if ctx.s.get("assyria_conquered"):
            return
        if ctx.s["refused"].get(subject):
            ctx.s["refused"].pop(subject)
            ctx.log("aw.refusal_cleared_by_status", "5.2", country=subject)
        add_tribute(ctx, subject, ASSYRIA, "pro", "5.2")
    elif ctx.ally_power(subject) in (None, power):
        add_tribute(ctx, subject, power, "pro", "6.9")


# --- 6.11.c2 minor city pacts ----------------------------------------------------------------------
def pact_refusal(ctx: Ctx, power: str, city: str) -> tuple[str, str] | None:
    d = ctx.s["diplo"].get(city)
    if d is None or not ctx.is_minor_city(city):
        return (f"{city} is not a minor city", "6.11.c2")
    if d.get("pact"):
        return (f"{city} is already in a minor city pact", "6.11.c2")
    if ctx.s["conquered"].get(city) or d.get("conquest"):
        return (f"{city} is conquered", "6.11.c2")
    if not ctx.is_power(power) and power not in ctx.s.get("substitutes", {}):
        return ("only a power makes a minor city pact", "6.11.c2")
    return None


def minor_city_pact(ctx: Ctx, power: str, city: str, rule: str = "6.11.c2") -> bool:
    """6.11.c2: a minor city pact allies a minor city with a power (no sublevels); it pays its tribute to
    the power (5.2.2) and defends without a garrison (7.1.D). Returns False when not allowed."""
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute

    if pact_refusal(ctx, power, city) is not None:
        return False
    with relations.change(ctx, rule):
        d = ctx.diplo(city)
        assert d is not None
        d["power"], d["value"], d["pact"] = power, 0, True
        ctx.log("aw.minor_city_pact", rule, city=city, power=power)
        relations.alliance_joins_wars(ctx, city, power)
        add_tribute(ctx, city, power, "pact", "5.2.2")
    return True


def end_pact(ctx: Ctx, city: str, rule: str) -> None:
    """A minor city back to the neutrals box (7.1.D: its power conquered or eliminated)."""
    from ashur.games.assyrian_wars.rules.course.tribute import end_tribute

    d = ctx.diplo(city)
    assert d is not None
    power = d.get("power")
    if power is None:
        return
    with relations.change(ctx, rule):
        relations.alliance_leaves_wars(ctx, city, power)
        d["power"], d["value"], d["pact"] = None, 0, False
        end_tribute(ctx, city, power, rule)
        ctx.log("aw.minor_city_neutral", rule, city=city)


# --- 7.4.6: a minor at war becomes allied ---------------------------------------------------------
@FLOW.register
class AllyWarChoice(Step[Ctx]):
    """7.4.6: the power a minor at war has just allied with may declare war for free on each of the
    minor's enemies, or propose peace to it (all players involved must agree), or leave it."""

    kind = "ally_war_choice"
    rule = "7.4.6"

    def _enemy(self, ctx: Ctx, frame: Frame) -> str | None:
        while frame["i"] < len(frame["enemies"]):
            e = frame["enemies"][frame["i"]]
            if relations.explicit(ctx, e, frame["minor"]) and not ctx.at_war(e, frame["power"]) \
                    and ctx.ally_power(frame["minor"]) == frame["power"]:
                return e
            frame["i"] += 1
        return None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["power"]] if self._enemy(ctx, frame) is not None else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        e = self._enemy(ctx, frame)
        acts = []
        if HOOKS.call("war.can_declare", ctx, actor, e)[0]:
            acts.append(action("free_dow", "aw.act.free_dow", "7.4.6", target=e, minor=frame["minor"]))
        if ctx.s["power_role"].get(actor) is not None and _player_controlled(ctx, e):
            acts.append(action("propose_peace", "aw.act.minor_peace", "7.4.6", target=e, minor=frame["minor"]))
        acts.append(action("no", "aw.act.leave_war", "7.4.6", target=e, minor=frame["minor"]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.ally_war_choice", "params": {"country": actor, "minor": frame["minor"],
                                                               "target": self._enemy(ctx, frame)}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        e = self._enemy(ctx, frame)
        frame["i"] += 1
        assert e is not None
        if act["id"] == "free_dow":
            ctx.log("aw.free_declaration", "7.4.6", country=actor, target=e)
            HOOKS.call("war.declare_war", ctx, actor, e, "7.4.6")
        elif act["id"] == "propose_peace":
            from ashur.games.assyrian_wars.rules.base.asking import ask

            ask(ctx, "minor_peace", e, rule="7.4.6", minor=frame["minor"], power=actor, enemy=e)


def _player_controlled(ctx: Ctx, cid: str) -> bool:
    """7.4.6: peace needs the consent of the players involved: a country whose player may negotiate for
    it (a power, or a minor allied to one; not a minor played under 7.4.5)."""
    return ctx.is_power(cid) or (ctx.ally_power(cid) is not None and ctx.is_power(ctx.ally_power(cid) or ""))
