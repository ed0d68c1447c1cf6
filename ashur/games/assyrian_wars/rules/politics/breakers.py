"""Alliance breakers (6.11.c): the track mechanics the alliance breaker cards call.

An alliance breaker rolls dice (the card says how many) and moves one minor's or nomad's marker by the
total, split as its player likes between down another power's row and up its own (the player chooses how
many spaces to use). It may make or break an alliance. Played as a response (after a VP battle) it costs
half its APs and doubles its effect:

1) to break an alliance when one of the partners — the minor, or the power whose row holds its marker —
   lost the VP battle (any country may play it);
2) to create an alliance between any country and the card player after the card player itself won it.

A minor playing the card moves the marker on behalf of the power it is allied with. The card cannot be
played on a minor at war with you unless that minor is at war only because it is allied to a power at
war with you; minor cities are not subject to it (6.11.c2); the grace period protects a conquered
country (7.1); nomads without forces on the map cannot be influenced (6.9). A move of more than 6 spaces
ends the player's diplomacy with APs for the impulse (6.9).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.battles import Record, losers, winners
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.politics.markers import move_towards, position, room_towards
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
DIPLOMACY_LIMIT = 6


def breaker_power(ctx: Ctx, player: str) -> str | None:
    """The power on whose row the marker goes up: the player, or the power a minor player is allied to."""
    if ctx.is_power(player) or player in ctx.s.get("substitutes", {}):
        return player
    ally = ctx.ally_power(player)
    return ally if ally is not None and ctx.is_power(ally) else None


def refusal(ctx: Ctx, player: str, subject: str) -> tuple[str, str] | None:
    """Why `player` may not play an alliance breaker on `subject`, or None."""
    from ashur.games.assyrian_wars.rules.politics.diplomacy import nomad_on_map
    from ashur.games.assyrian_wars.rules.politics.grace import influence_blocked

    power = breaker_power(ctx, player)
    if power is None:
        return ("only a power, or a minor for the power it is allied to, moves markers", "6.11.c")
    if ctx.is_minor_city(subject):
        return ("minor cities are not subject to alliance breakers", "6.11.c2")
    if subject not in ctx.s["diplo"] or ctx.kind(subject) not in ("minor", "nomad"):
        return (f"{subject} has no diplomatic marker", "6.11.c")
    if ctx.is_nomad(subject) and not nomad_on_map(ctx, subject):
        return ("nomads without forces on the map cannot be influenced", "6.9")
    if not ctx.is_nomad(subject):
        for me in {player, power}:
            if ctx.at_war(me, subject):
                ally = ctx.ally_power(subject)
                if ally is None or not ctx.at_war(ally, power):
                    return (f"{subject} is at war with {me} for another reason than an alliance with a power at war "
                            "with it", "6.11.c")
    if influence_blocked(ctx, power, subject):
        return (f"during the grace period only the conqueror of {subject} influences it", "7.1")
    return None


def response_allowed(ctx: Ctx, player: str, subject: str, record: Record) -> bool:
    """6.11.c: the response cases after a VP battle (multinational sides: every participant counts)."""
    track_power, _value = position(ctx, subject)
    lost = losers(record)
    if subject in lost or (track_power is not None and track_power in lost):
        return True
    return player in winners(record)


def cost2(event_cost: int, as_response: bool) -> int:
    """The AP cost in half points: half the printed cost as a response (6.11.c)."""
    return event_cost if as_response else 2 * event_cost


def effect(dice_total: int, as_response: bool) -> int:
    """The spaces the card moves: the dice total, doubled as a response (6.11.c)."""
    return dice_total * (2 if as_response else 1)


def alliance_breaker(ctx: Ctx, player: str, subject: str, dice_total: int, as_response: bool,
                     spaces: int | None = None, rule: str = "6.11.c") -> int | None:
    """Resolve an alliance breaker for `player` on `subject` with the rolled `dice_total`.

    With `spaces` given, the marker moves that many spaces (at most the effect); otherwise the player
    chooses how many in a frame. Returns the spaces moved (None while the choice is pending, 0 when the
    card has no effect)."""
    found = refusal(ctx, player, subject)
    if found is not None:
        ctx.log("aw.breaker_refused", found[1], player=player, subject=subject, reason=found[0])
        return 0
    power = breaker_power(ctx, player)
    assert power is not None
    total = effect(dice_total, as_response)
    ctx.log("aw.alliance_breaker", rule, player=player, power=power, subject=subject, total=total,
            response=as_response)
    if spaces is None:
        flow.push(ctx.s, "breaker_spaces", player=player, power=power, subject=subject, total=total, rule=rule)
        return None
    return _move(ctx, player, power, subject, min(max(0, spaces), total), rule)


def _move(ctx: Ctx, player: str, power: str, subject: str, spaces: int, rule: str) -> int:
    from ashur.games.assyrian_wars.rules.course.impulse import current_impulse

    moved = move_towards(ctx, subject, power, spaces, rule) if spaces else 0
    impulse = current_impulse(ctx)
    if moved > DIPLOMACY_LIMIT and impulse is not None and impulse["c"] in (player, power):
        impulse["flags"]["diplo_closed"] = True
        ctx.log("aw.diplomacy_closed", "6.9", country=impulse["c"])
    return moved


@FLOW.register
class BreakerSpaces(Step[Ctx]):
    """6.11.c: the player chooses how many of the rolled spaces to use (down another row, then up its own)."""

    kind = "breaker_spaces"
    rule = "6.11.c"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        return [frame["player"]] if role_of(ctx, frame["player"]) is not None else []

    def _max(self, ctx: Ctx, frame: Frame) -> int:
        return min(frame["total"], room_towards(ctx, frame["subject"], frame["power"]))

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        with relations.change(ctx, frame["rule"]):
            _move(ctx, frame["player"], frame["power"], frame["subject"], self._max(ctx, frame), frame["rule"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"move:{n}", "aw.act.breaker_spaces", frame["rule"], subject=frame["subject"], n=n,
                       power=frame["power"]) for n in range(self._max(ctx, frame), -1, -1)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.breaker_spaces", "params": {"country": actor, "subject": frame["subject"],
                                                              "total": frame["total"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        _move(ctx, frame["player"], frame["power"], frame["subject"], int(act["params"]["n"]), frame["rule"])
