"""Victory (8.3, 8.3.1) and the sudden end (9.1).

VPs are gained when they happen (:meth:`Ctx.award_vp`); this module adds the Interphase penalties, the
sudden-end checks and the end-of-game points, and decides the winners.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.tribute import tribute_balance
from ashur.games.assyrian_wars.rules.registry import HOOKS

SUDDEN_END_TARGET = 10


def penalties(ctx: Ctx) -> None:
    """8.3.1/5.2.3: Assyria loses 2 VP for every tribute (check) refuser still unpunished; the unpunished
    refuser's marker turns white and gives it one more die next turn. Conquered countries record the turn
    (8.3 end-of-game points)."""
    s = ctx.s
    if "assyria" in s["countries"] and not s.get("assyria_conquered"):
        for minor, marker in sorted(s["refused"].items()):
            if marker == "black":
                ctx.country("assyria")["vp"] -= 2
                ctx.log("aw.vp", "8.3.1", country="assyria", n=-2, why="aw.why.unpunished_refuser", minor=minor)
                s["refused"][minor] = "white"
            else:
                s["refused"].pop(minor)
    for power in ctx.powers():
        if s["conquered"].get(power):
            co = ctx.country(power)
            if ctx.turn not in co["conquered_turns"]:
                co["conquered_turns"].append(ctx.turn)
            co["ever_conquered"] = True


def defeated(ctx: Ctx, power: str) -> bool:
    """9.1: a power is defeated when conquered, eliminated or surrendered."""
    return bool(ctx.s["conquered"].get(power)) or bool(ctx.s.get("eliminated", {}).get(power))


def defeated_camp(ctx: Ctx) -> str | None:
    """A camp all of whose powers are defeated (9.1)."""
    for camp in ("assyrian", "rebel"):
        members = [p for p in ctx.powers() if ctx.country(p).get("camp") == camp
                   or (ctx.country(p).get("camp_start") == camp and defeated(ctx, p))]
        if members and all(defeated(ctx, p) for p in members):
            return camp
    return None


def vp_table(ctx: Ctx) -> dict[str, int]:
    return {p: int(ctx.country(p)["vp"]) for p in ctx.powers()}


def vp_dominance(ctx: Ctx) -> str | None:
    """9.1: a power with more VPs than all the others together, or a non-Assyrian power with more VPs
    than the second best and the worst power together.

    A negative total (8.3.1 penalties) counts as none in the others' sum: 9.1 names one winner ("that
    power wins"), and with debts counted several powers could each top "all the others together" at once
    (found by the bots' arena: Campaign, VPs -8/0/0/1/8, Babylonia declared the winner with 1 VP before
    Elam's 8). See docs/rules-decisions.md, Victory."""
    vps = vp_table(ctx)
    if len(vps) < 2:
        return None
    held = {p: max(v, 0) for p, v in vps.items()}
    for p, v in vps.items():
        if v > 0 and v > sum(x for q, x in held.items() if q != p):
            return p
    ranked = sorted(vps.items(), key=lambda kv: -kv[1])
    best, second, worst = ranked[0], ranked[1], ranked[-1]
    if best[0] != "assyria" and len(ranked) >= 3 and best[1] > second[1] \
            and best[1] > held[second[0]] + held[worst[0]]:
        return best[0]
    return None


def sudden_end_check(ctx: Ctx) -> None:
    """9.1 at the VP segment of the Interphase (option ``sudden_end``)."""
    if not ctx.s["options"].get("sudden_end"):
        return
    winner = vp_dominance(ctx)
    if winner is not None:
        ctx.log("aw.sudden_end_vp", "9.1", country=winner, vp=ctx.country(winner)["vp"])
        end_game(ctx, "aw.end.vp_dominance", winners=[winner])
        return
    camp = defeated_camp(ctx)
    if camp is not None:
        roll_sudden_end(ctx, camp)


def roll_sudden_end(ctx: Ctx, camp: str) -> bool:
    """9.1: 2D6 + turn number + defeated powers (+3 more if Assyria is conquered) ≥ 10 ends the game."""
    bonus = ctx.turn + sum(1 for p in ctx.powers() if defeated(ctx, p))
    if ctx.s["conquered"].get("assyria"):
        bonus += 3
    values = ctx.dice(2, rule="9.1", why="aw.why.sudden_end", camp=camp, bonus=bonus)
    if sum(values) + bonus >= SUDDEN_END_TARGET:
        ctx.log("aw.sudden_end", "9.1", camp=camp)
        end_game(ctx, "aw.end.camp_defeated")
        return True
    ctx.log("aw.no_sudden_end", "9.1", camp=camp)
    return False


def end_game(ctx: Ctx, reason: str, winners: list[str] | None = None) -> None:
    """End the game early (9.1): the rest of the turn (cards, impulses) is lost; scoring follows at once."""
    ctx.s["ended"] = "now"
    ctx.s["end_reason"] = reason
    if winners is not None:
        ctx.s["forced_winners"] = winners
    stack = ctx.s["stack"]
    while stack and stack[-1]["step"] != "game":
        stack.pop()
    if stack:
        stack[-1]["phase"] = "final"


def eco_total(ctx: Ctx, power: str) -> int:
    """8.3: the total ECO level including trade and tribute."""
    return int(ctx.country(power)["eco"]) + tribute_balance(ctx, power)


def final_scoring(ctx: Ctx) -> None:
    """8.3: points only counted at the end; then the winners (highest VP; the early-end rule otherwise)."""
    s = ctx.s
    if s.get("income_turn") != ctx.turn:
        from ashur.games.assyrian_wars.rules.course.economy import interphase_income

        interphase_income(ctx)
    turns = list(range(s["first_turn"], min(ctx.turn, s["last_turn"]) + 1))
    for p in ctx.powers():
        co = ctx.country(p)
        if p != "assyria":
            free = sum(1 for t in turns if t not in co["conquered_turns"])
            if not co["ever_conquered"]:
                free *= 2
            if free:
                ctx.award_vp(p, free, "8.3", "aw.why.not_conquered", turns=len(turns))
        increase = eco_total(ctx, p) - int(s["eco_base"].get(p, 0))
        if increase:
            co["vp"] += 2 * increase
            ctx.log("aw.vp", "8.3", country=p, n=2 * increase, why="aw.why.eco_increase", increase=increase)
    vps = vp_table(ctx)
    early = s.get("ended") == "now" and ctx.turn < s["last_turn"]
    winners = s.get("forced_winners") or (early_winners(vps) if early else top(vps))
    s["final"] = {"vp": vps, "winners": winners,
                  "reason": s.get("end_reason") or ("aw.end.early" if early else "aw.end.turns")}
    ctx.log("aw.game_over", "8.3", winners=winners, vp=vps)


def top(vps: dict[str, int]) -> list[str]:
    best = max(vps.values())
    return [p for p, v in vps.items() if v == best]


def early_winners(vps: dict[str, int]) -> list[str]:
    """8.3 'Victory if the game ends early': Assyria wins with more VPs than the best and the worst other
    power together; otherwise a power with more VPs than every power but Assyria; otherwise a draw."""
    others = {p: v for p, v in vps.items() if p != "assyria"}
    if "assyria" in vps and others:
        if vps["assyria"] > max(others.values()) + min(others.values()):
            return ["assyria"]
        best = max(others.values())
        leaders = [p for p, v in others.items() if v == best]
        if len(leaders) == 1:
            return leaders
        return []
    return top(vps)


def result_of(state: dict[str, Any]) -> dict[str, Any]:
    """The contract's result: per role the VPs of the powers it plays; the winners' roles."""
    final = state.get("final")
    roles = state["roles"]
    if not final:
        scores = {r: float(sum(state["countries"][p]["vp"] for p in ps)) for r, ps in roles.items()}
        return {"over": False, "scores": scores, "winners": [], "reason": ""}
    scores = {r: float(sum(final["vp"].get(p, 0) for p in ps)) for r, ps in roles.items()}
    winners = sorted({state["power_role"][p] for p in final["winners"]})
    return {"over": True, "scores": scores, "winners": winners, "reason": final["reason"]}


HOOKS.set_interphase("8.3.1 penalties", 50, penalties)
HOOKS.set_interphase("9.1 sudden end", 60, sudden_end_check)
