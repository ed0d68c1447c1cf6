"""Mercenaries at setup and at the start of a turn (4.2, 5.1) and Assyria's standing army (9.4).

Mercenary counters start in the game pool (``gamepool``). Each country draws its allotment at random
into its mercenary force pool for the turn (``merc:<country>``): Assyria 8, other powers 4, active minors
1, nomads none (4.2). At the start of every later turn all mercenaries are disbanded back to the game
pool (5.1) — except that with 9.4 Assyria keeps its on-map mercenaries until its first impulse, re-hires
those it wants at the hiring price (½ AP per strength point, 6.2) and receives 8 minus the kept ones.
Nomad mercenaries (Arabs, Aramaeans, 10.1) come only by their cards (40, 41), never by these random draws;
the card's terms are a lasting effect ``nomad_mercenaries`` (:func:`nomad_terms`): whether they are
disbanded at 5.1 like other mercenaries (Arabs) or stay (Aramaeans), whether they are the only mercenaries
of the pool that may be hired while any is left there (Aramaeans), whether deserts cost them attrition.
"""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Action, action
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.course.events import effects_of
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.registry import HOOKS, MenuEntry

Frame = dict[str, Any]
ASSYRIA = "assyria"
#: the lasting effect that records the terms of a nomad mercenary card (10.1, cards 40 and 41)
NOMAD_TERMS = "nomad_mercenaries"


def allotment(ctx: Ctx, cid: str) -> int:
    """4.2: the number of random mercenaries a country receives each turn."""
    return int(ctx.c.nations[cid].mercenaries)


def is_mercenary(ctx: Ctx, pid: str) -> bool:
    return ctx.piece(pid)["nation"] == "mercenaries"


def game_pool(ctx: Ctx) -> list[str]:
    """The orange mercenaries of the game pool (4.2). Eliminated Arabs and Aramaeans wait there too (10.1),
    but only their cards bring them back."""
    return [p for p in ctx.pieces_at("gamepool") if ctx.piece(p)["kind"] == "merc"]


def draw_mercenaries(ctx: Ctx, cid: str, n: int, rule: str) -> list[str]:
    """Move `n` random mercenaries from the game pool into `cid`'s mercenary force pool."""
    got: list[str] = []
    for _ in range(n):
        pool = game_pool(ctx)
        if not pool:
            ctx.log("aw.mercs_exhausted", rule, country=cid)
            break
        pid = pool[ctx.random_index(len(pool))]
        ctx.move_piece(pid, f"merc:{cid}")
        got.append(pid)
    if got:
        ctx.log("aw.mercs_drawn", rule, country=cid, n=len(got), pieces=got)
    return got


def nomad_terms(ctx: Ctx, nation: str) -> dict[str, Any] | None:
    """The terms of the card that last brought this nomad mercenary nation in (10.1), or None."""
    for entry in effects_of(ctx, NOMAD_TERMS):
        if entry["nation"] == nation:
            return entry
    return None


def is_nomad_mercenary(ctx: Ctx, pid: str) -> bool:
    p = ctx.piece(pid)
    return p["kind"] == "unit" and ctx.kind(p["nation"]) == "nomad_mercenary"


def desert_exempt(ctx: Ctx, pid: str) -> bool:
    """A nomad mercenary whose card spares it desert attrition (card 41: the Arab camel riders, 6.6.1)."""
    if not is_nomad_mercenary(ctx, pid):
        return False
    terms = nomad_terms(ctx, ctx.piece(pid)["nation"])
    return bool(terms and terms.get("desert"))


def pool_hireable(ctx: Ctx, cid: str, pids: list[str]) -> list[str]:
    """The mercenaries of `cid`'s pool among `pids` that may be hired now (6.2): while nomad mercenaries of an
    exclusive card (Aramaeans, card 40) can still be hired from the pool, no other mercenary of it is."""
    exclusive = {ctx.piece(p)["nation"] for p in pids if is_nomad_mercenary(ctx, p)
                 and (terms := nomad_terms(ctx, ctx.piece(p)["nation"])) is not None and terms.get("exclusive")}
    if not exclusive:
        return pids
    return [p for p in pids if ctx.piece(p)["nation"] in exclusive]


def disbanded_at_turn_start(ctx: Ctx, pid: str) -> bool:
    """5.1: orange mercenaries, and nomad mercenaries whose card says so (Arabs, card 41; not Aramaeans)."""
    p = ctx.piece(pid)
    if p["kind"] == "merc":
        return True
    if not is_nomad_mercenary(ctx, pid):
        return False
    terms = nomad_terms(ctx, p["nation"])
    return bool(terms and terms.get("disband"))


def setup_mercenaries(ctx: Ctx) -> None:
    """4.2: random mercenaries to the force pools of the powers and the active minors."""
    for cid in ctx.track():
        if ctx.is_nomad(cid) or not ctx.active(cid):
            continue
        draw_mercenaries(ctx, cid, allotment(ctx, cid), "4.2")


def disband(ctx: Ctx, pid: str) -> None:
    # 9.5: the game pool is open to all, so a fogged mercenary leaving a stack on the map shows where it stood
    leaving_map(ctx, [pid], "gamepool")
    p = ctx.piece(pid)
    p["hired"] = None
    p["army"] = None
    p["city"] = False
    p["red"] = False
    p.pop("kept", None)
    ctx.move_piece(pid, "gamepool")


def initiate_turn(ctx: Ctx) -> None:
    """5.1: disband mercenaries (Assyria may keep its on-map ones, 9.4) and allot new ones."""
    keep_assyrian = bool(ctx.s["options"].get("standing_army"))
    kept = 0
    for pid, p in sorted(ctx.s["pieces"].items()):
        if p["loc"] in ("gamepool", "setup", "dead") or not disbanded_at_turn_start(ctx, pid):
            continue
        if keep_assyrian and p.get("hired") == ASSYRIA and ctx.on_map(p["loc"]):
            ctx.piece(pid)["kept"] = True
            kept += 1
            continue
        disband(ctx, pid)
    ctx.log("aw.mercs_disbanded", "5.1", kept=kept)
    ctx.s["assyria_first_impulse"] = ASSYRIA in ctx.s["countries"]
    for cid in ctx.track():
        if cid == ASSYRIA or ctx.is_nomad(cid) or not ctx.active(cid):
            continue
        draw_mercenaries(ctx, cid, allotment(ctx, cid), "5.1")


def kept_mercenaries(ctx: Ctx) -> list[str]:
    return [pid for pid, p in sorted(ctx.s["pieces"].items()) if p.get("kept")]


def _assyria_first(ctx: Ctx, frame: Frame) -> bool:
    return frame["c"] == ASSYRIA and bool(frame.get("first_of_turn"))


def _impulse_start(ctx: Ctx, frame: Frame) -> None:
    """5.1: Assyria's new mercenaries arrive in its first impulse (8 minus those it kept)."""
    if frame["c"] != ASSYRIA or not ctx.s.get("assyria_first_impulse"):
        return
    ctx.s["assyria_first_impulse"] = False
    frame["first_of_turn"] = True
    kept = len(kept_mercenaries(ctx))
    draw_mercenaries(ctx, ASSYRIA, max(0, allotment(ctx, ASSYRIA) - kept), "5.1")


def _impulse_end(ctx: Ctx, frame: Frame) -> None:
    """5.1: kept mercenaries that Assyria did not re-hire in its first impulse are disbanded."""
    if not _assyria_first(ctx, frame):
        return
    for pid in kept_mercenaries(ctx):
        disband(ctx, pid)
        ctx.log("aw.merc_not_rehired", "5.1", piece=pid)


def rehire_cost2(ctx: Ctx, pid: str) -> int:
    """6.2: ½ AP per strength point (in half points: the strength itself)."""
    from ashur.games.assyrian_wars.rules.base.units import strength

    return strength(ctx, pid)


def _offer_rehire(ctx: Ctx, frame: Frame) -> list[Action]:
    if not _assyria_first(ctx, frame):
        return []
    return [action(f"rehire:{pid}", "aw.act.rehire", "9.4", piece=pid, area=ctx.piece(pid)["loc"],
                   ap=Ctx.ap_text(rehire_cost2(ctx, pid)))
            for pid in kept_mercenaries(ctx) if can_pay(frame, rehire_cost2(ctx, pid))]


def _apply_rehire(ctx: Ctx, frame: Frame, act: Action) -> None:
    pid = act["params"]["piece"]
    pay(ctx, frame, rehire_cost2(ctx, pid), "9.4", "rehire", piece=pid)
    ctx.piece(pid).pop("kept", None)


def _explain_rehire(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    if not _assyria_first(ctx, frame):
        return ("only Assyria re-hires its kept mercenaries, in its first impulse of the turn", "9.4")
    return None


HOOKS.provide("mercenaries.desert_exempt", desert_exempt)
HOOKS.add_impulse_start(10, "mercenaries", _impulse_start)
HOOKS.add_impulse_end(90, "mercenaries", _impulse_end)
HOOKS.add_menu(MenuEntry("rehire", _offer_rehire, _apply_rehire, _explain_rehire, order=5))
