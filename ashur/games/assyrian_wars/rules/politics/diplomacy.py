"""Conduct politics with APs (6.9) and free passage agreements (6.9 "Free Passage").

A power spends 1 AP per space (½ AP for Israel and Judah) to move a minor's or nomad's marker down
another power's row or up its own, at most 6 AP of diplomacy per impulse (none more after an alliance
breaker moved a marker more than 6 spaces). It cannot influence a country at war with it (nomads
excepted), nomads without forces on the map, a country another power has conquered during its grace
period (7.1), or a country allied to another power (only alliance breakers and conquest break an
alliance). Minor cities have no sublevels and are not influenced (6.11.c2).

Two powers neither at war nor allied may agree on a free passage: each treats the other's territory,
and that of its allied minors, as friendly (6.9).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask, register_question
from ashur.games.assyrian_wars.rules.base.forces import nation_pieces
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, current_impulse, pay
from ashur.games.assyrian_wars.rules.politics.markers import move_towards, room_towards
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
#: 6.9: at most 6 AP of diplomacy per impulse (in half points)
DIPLOMACY_CAP2 = 12


def cost2(ctx: Ctx, subject: str) -> int:
    """6.9: half points per space: 2 (1 AP), 1 for Israel and Judah (½ AP)."""
    return 1 if ctx.nation(subject).diplomacy_half_cost else 2


def is_diplomat(ctx: Ctx, c: str) -> bool:
    """6.9: powers conduct politics (and substitute countries, treated as powers, 7.1 Elimination)."""
    if ctx.s.get("eliminated", {}).get(c):
        return False
    return ctx.is_power(c) or c in ctx.s.get("substitutes", {})


def nomad_on_map(ctx: Ctx, nomad: str) -> bool:
    """6.9: nomads without forces on the map (the Regroup Box does not count) cannot be influenced."""
    pieces = ctx.s["pieces"]
    return any(ctx.on_map((p := pieces[pid])["loc"]) and p["kind"] in ("unit", "leader", "king")
               for pid in nation_pieces(ctx, nomad))


def refusal(ctx: Ctx, power: str, subject: str) -> tuple[str, str] | None:
    """Why `power` may not influence `subject` with APs now, or None."""
    from ashur.games.assyrian_wars.rules.politics.grace import influence_blocked

    if not is_diplomat(ctx, power):
        return ("only a power spends APs on diplomacy", "6.9")
    if subject not in ctx.s["diplo"] or ctx.is_minor_city(subject):
        return ("minor cities have no sublevels on the diplomatic track; only pacts and conquest move them",
                "6.11.c2")
    if ctx.is_nomad(subject) and not nomad_on_map(ctx, subject):
        return ("nomads without forces on the map cannot be influenced", "6.9")
    if ctx.at_war(power, subject) and not ctx.is_nomad(subject):
        return (f"{power} cannot influence {subject}: they are at war", "6.9")
    if influence_blocked(ctx, power, subject):
        return (f"during the grace period only the conqueror of {subject} influences it", "7.1")
    ally = ctx.ally_power(subject)
    if ally is not None and ally != power:
        return (f"{subject} is allied to {ally}: only an alliance breaker or a conquest breaks an alliance", "6.9")
    if room_towards(ctx, subject, power) <= 0:
        return (f"{subject} already stands at the top of the row of {power}", "6.9")
    return None


def spent2(impulse: Frame) -> int:
    return int(impulse["flags"].get("diplo2", 0))


def max_spaces(ctx: Ctx, impulse: Frame, power: str, subject: str) -> int:
    """The most spaces `power` can buy now: the 6 AP cap, its APs and the room on the track."""
    if impulse["flags"].get("diplo_closed"):
        return 0
    c2 = cost2(ctx, subject)
    n = min((DIPLOMACY_CAP2 - spent2(impulse)) // c2, room_towards(ctx, subject, power))
    while n > 0 and not can_pay(impulse, n * c2):
        n -= 1
    return max(0, n)


def subjects(ctx: Ctx) -> list[str]:
    return [c for c in ctx.track() if ctx.kind(c) in ("minor", "nomad")]


def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not is_diplomat(ctx, c):
        return []
    if impulse["flags"].get("diplo_closed") or spent2(impulse) >= DIPLOMACY_CAP2 or not can_pay(impulse, 1):
        return []  # max_spaces is 0 for every subject (a space costs at least half an AP)
    acts = []
    for subject in subjects(ctx):
        if refusal(ctx, c, subject) is None and max_spaces(ctx, impulse, c, subject) >= 1:
            acts.append(action(f"diplo:{subject}", "aw.act.diplomacy", "6.9", subject=subject,
                               ap_per_space=cost2(ctx, subject) / 2))
    return acts


def _limit_reason(ctx: Ctx, impulse: Frame, subject: str) -> tuple[str, str]:
    if impulse["flags"].get("diplo_closed"):
        return ("after an alliance breaker moved a marker more than 6 spaces no more APs are spent on diplomacy "
                "this impulse", "6.9")
    if spent2(impulse) + cost2(ctx, subject) > DIPLOMACY_CAP2:
        return ("at most 6 AP of diplomacy per impulse", "6.9")
    return ("not enough APs for one more space", "6.9")


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    flow.push(ctx.s, "diplomacy_spaces", c=impulse["c"], subject=act["params"]["subject"])


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    c = impulse["c"]
    subject = action_id.split(":", 1)[1] if ":" in action_id else ""
    if subject not in ctx.s["countries"]:
        return (f"{subject} is not a country of this game", "6.9")
    found = refusal(ctx, c, subject)
    if found is not None:
        return found
    return _limit_reason(ctx, impulse, subject)


HOOKS.add_menu(MenuEntry("diplo", _offer, _apply, _explain, order=60))


@FLOW.register
class DiplomacySpaces(Step[Ctx]):
    """6.9: how many spaces to move the marker (the legal quantities are offered)."""

    kind = "diplomacy_spaces"
    rule = "6.9"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def _max(self, ctx: Ctx, frame: Frame) -> int:
        impulse = current_impulse(ctx)
        assert impulse is not None
        if refusal(ctx, frame["c"], frame["subject"]) is not None:
            return 0
        return max_spaces(ctx, impulse, frame["c"], frame["subject"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        c2 = cost2(ctx, frame["subject"])
        acts = [action(f"spaces:{n}", "aw.act.diplomacy_spaces", "6.9", subject=frame["subject"], n=n,
                       ap=Ctx.ap_text(n * c2)) for n in range(1, self._max(ctx, frame) + 1)]
        # no 'cancel': undo takes a choice back, and a cancel that restores the same state lets play cycle
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.diplomacy_spaces", "params": {"country": actor, "subject": frame["subject"],
                                                                "max": self._max(ctx, frame)}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        impulse = current_impulse(ctx)
        assert impulse is not None
        return _limit_reason(ctx, impulse, frame["subject"])

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        impulse = current_impulse(ctx)
        assert impulse is not None
        n = int(act["params"]["n"])
        c2 = cost2(ctx, frame["subject"])
        pay(ctx, impulse, n * c2, "6.9", "diplomacy", subject=frame["subject"], spaces=n)
        impulse["flags"]["diplo2"] = spent2(impulse) + n * c2
        move_towards(ctx, frame["subject"], frame["c"], n, "6.9")


# --- free passage ----------------------------------------------------------------------------------
def passage_partners(ctx: Ctx, power: str) -> list[str]:
    out = []
    for other in ctx.powers():
        if other == power or ctx.s.get("eliminated", {}).get(other):
            continue
        pair = sorted([power, other])
        if ctx.at_war(power, other) or ctx.allied(power, other) or pair in ctx.s.get("free_passage", []):
            continue
        out.append(other)
    return out


def _offer_passage(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    if not ctx.is_power(c) or ctx.s.get("eliminated", {}).get(c):
        return []
    asked = impulse["flags"].get("passage_asked", [])
    return [action(f"passage:{o}", "aw.act.free_passage", "6.9", other=o) for o in passage_partners(ctx, c)
            if o not in asked]


def _apply_passage(ctx: Ctx, impulse: Frame, act: Action) -> None:
    other = act["params"]["other"]
    impulse["flags"].setdefault("passage_asked", []).append(other)
    ask(ctx, "free_passage", other, rule="6.9", power=impulse["c"], other=other)


def _explain_passage(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    return ("a free passage is agreed between two powers neither at war with nor allied to each other, once "
            "asked per impulse", "6.9")


def _answer_passage(ctx: Ctx, data: dict[str, Any], choice: str, who: str) -> None:
    if choice != "accept":
        ctx.log("aw.free_passage_refused", "6.9", a=data["power"], b=who)
        return
    pair = sorted([data["power"], who])
    if pair not in ctx.s.setdefault("free_passage", []):
        ctx.s["free_passage"].append(pair)
    ctx.log("aw.free_passage", "6.9", a=pair[0], b=pair[1])


register_question("free_passage", ("accept", "reject"), _answer_passage)
HOOKS.add_menu(MenuEntry("passage", _offer_passage, _apply_passage, _explain_passage, order=62))
