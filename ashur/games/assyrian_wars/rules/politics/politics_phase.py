"""Politics in the Interphase (7.4; 10.1 nomad reinforcement).

First the nomad tribes return to full strength (10.1). Then each power at war with a minor that has no
alliance is asked whether that war ends (7.4.3: it ends in the Interphase with the power's consent).
Then every power, in impulse-track order, may — without AP cost (7.4.2) — declare war, join a camp
(by declaring war on a power of the other camp, German 7.4.1; Assyria's consent or the rebels'
rejection as in camps.py), change camp (7.4.1: only now), and propose peace (7.4.3), until it is done.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.asking import ask
from ashur.games.assyrian_wars.rules.politics import camps, peace
from ashur.games.assyrian_wars.rules.politics.declarations import targets
from ashur.games.assyrian_wars.rules.politics.war import can_declare, declare_war
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
ASSYRIA = "assyria"


def interphase(ctx: Ctx) -> None:
    from ashur.games.assyrian_wars.rules.politics.nomads import reinforcement

    order = [p for p in ctx.powers() if not ctx.s.get("eliminated", {}).get(p)]
    order += [c for c in sorted(ctx.s.get("substitutes", {})) if c not in order]
    flow.push(ctx.s, "politics_phase", stage="minor_wars", asked=[], order=order, i=0, peace_asked=[])
    reinforcement(ctx)


HOOKS.set_interphase("7.4 politics", 50, interphase)


def join_options(ctx: Ctx, power: str) -> list[str]:
    """Camps the power may try to join or change to now."""
    if not ctx.is_power(power) or camps.tried(ctx, power):
        return []
    own = camps.camp_of(ctx, power)
    if own == "assyrian" and power == ASSYRIA:
        return []
    return [c for c in camps.CAMPS if c != own]


@FLOW.register
class PoliticsPhase(Step[Ctx]):
    """7.4: peace with minors, then each power's free declarations, camp changes and peace proposals."""

    kind = "politics_phase"
    rule = "7.4"

    def _power(self, frame: Frame) -> str | None:
        return frame["order"][frame["i"]] if frame["i"] < len(frame["order"]) else None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        if frame["stage"] != "powers" or ctx.s.get("ended"):
            return []
        p = self._power(frame)
        return [p] if p is not None and role_of(ctx, p) is not None else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["stage"] == "minor_wars":
            for power, minor in peace.minor_wars(ctx):
                mark = f"{power}|{minor}"
                if mark not in frame["asked"]:
                    frame["asked"].append(mark)
                    ask(ctx, "minor_war_end", power, rule="7.4.3", minor=minor)
                    return
            frame["stage"] = "powers"
            return
        if self._power(frame) is None or ctx.s.get("ended"):
            flow.pop(ctx.s)
            return
        frame["i"] += 1

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action(f"ip_dow:{t}", "aw.act.declare_war_free", "7.4.2", target=t) for t in targets(ctx)
                if can_declare(ctx, actor, t)[0]]
        acts += [action(f"ip_camp:{c}", "aw.act.change_camp", "7.4.1", camp=c) for c in join_options(ctx, actor)]
        if ctx.is_power(actor):
            asked = [m.split("|")[1] for m in frame["peace_asked"] if m.startswith(f"{actor}|")]
            acts += peace.peace_actions(ctx, actor, "ip_peace", asked, "7.4.3")
        acts.append(action("done", "aw.act.politics_done", "7.4"))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.politics", "params": {"country": actor}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        head, _, arg = action_id.partition(":")
        if head == "ip_dow" and arg in ctx.s["countries"]:
            ok, reason, rule = can_declare(ctx, actor, arg)
            if not ok:
                return (reason, rule)
        if head == "ip_camp":
            return ("one camp entry attempt per power and turn; Assyria leads its own camp", "7.4.1")
        return ("not a choice of the politics phase now", "7.4")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head, _, arg = act["id"].partition(":")
        if head == "done":
            frame["i"] += 1
            return
        if head == "ip_dow":
            declare_war(ctx, actor, arg, "7.4.2")
            return
        if head == "ip_camp":
            change_camp(ctx, actor, arg)
            return
        other, term = act["params"]["other"], act["params"]["terms"]
        frame["peace_asked"].append(f"{actor}|{other}")
        peace.propose(ctx, actor, other, term, "7.4.3")


def change_camp(ctx: Ctx, power: str, camp: str) -> None:
    """7.4.1: join (from neutral) or change to `camp`; a neutral power joins by declaring war on a power of
    the other camp when there is one (German 7.4.1)."""
    own = camps.camp_of(ctx, power)
    if own is None:
        foes = [p for p in camps.members(ctx, camps.opposite(camp)) if can_declare(ctx, power, p)[0]]
        if foes:
            declare_war(ctx, power, foes[0], "7.4.1")
            if camps.camp_of(ctx, power) is None and not camps.tried(ctx, power):
                camps.attempt_join(ctx, power, camp, "7.4.1")
            return
    camps.attempt_join(ctx, power, camp, "7.4.1")
