"""The battle that ends a foreign war early (6.11.b, fought as a field battle: 6.7.2-6.7.6, 6.7.4.a).

The country pays 1 AP and places a leader on the card or activates one there (:mod:`cards.wars`); its
side on the card attacks. The enemy is the other side: an off-map side is the mirror of the attackers as
they stand when the battle begins (the same units on the same sides, a leader with the same values,
6.11.b), a Mede side in a Mede against Mede war is the Mede's other pieces on the card.

The usual procedure, off the map: one die per unit, a hit at or below its strength; a leader's action
rating in battle dice of strength 3 when he stands with units; the Assyrian elite die (6.7.3); the
attackers roll first; two rounds unless the first has a winner; a tie goes to the defender (6.7.6); every
two hits taken rout one more unit, the winner's leaders rally as many as their action ratings (6.7.4.a).
Hits and routs on the attackers (and on a real enemy) are placed by their owner (6.7.4, 6.7.5); routed
pieces go to the Regroup Box. The mirror takes its hits on its strongest full unit, then its strongest
reduced one, its leader last, and routs its strongest units (decision). There are no terrain, battle
cards, 9.7 abilities or retreats off the map (decisions, docs/rules-decisions.md).

A win ends the war (its pieces roll their end-of-war hits, 6.11.b) and earns 1 VP (8.3); a loss doubles
the war's duration.
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core import flow
from ashur.core.flow import Step
from ashur.games.assyrian_wars.cards.wars import RULE, box, end_war, on_card, war_of
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_regular, ratings, spec, strength
from ashur.games.assyrian_wars.rules.land.battle import promotion_rolls
from ashur.games.assyrian_wars.rules.land.casualties import distribute
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
BATTLE_DIE = 3
ROUNDS = 2


def mirror_of(ctx: Ctx, pieces: list[str]) -> list[dict[str, Any]]:
    """6.11.b: the off-map side has the same number and kind of units, and a leader of the same values."""
    out = []
    for pid in pieces:
        if is_leader(ctx, pid):
            out.append({"of": pid, "leader": True, "action": ratings(ctx, pid)[0], "alive": True})
        else:
            sp = spec(ctx, pid)
            out.append({"of": pid, "leader": False, "front": int(sp.front), "reduced": int(sp.reduced),
                        "red": bool(ctx.piece(pid)["red"]), "alive": True})
    return out


def _mirror_units(frame: Frame) -> list[dict[str, Any]]:
    return [m for m in frame["mirror"] if m["alive"] and not m["leader"]]


def _mirror_strength(m: dict[str, Any]) -> int:
    return int(m["reduced"] if m["red"] else m["front"])


def mirror_hit(frame: Frame, n: int, mode: str) -> int:
    """Place `n` hits or routs on the mirror (decision: strongest full unit, strongest reduced one, the
    leader last; routs take the strongest units, then the leader). Returns the losses placed."""
    placed = 0
    for _ in range(n):
        units = _mirror_units(frame)
        if mode == "hits":
            full = [m for m in units if not m["red"]]
            if full:
                max(full, key=lambda m: m["front"])["red"] = True
                placed += 1
                continue
        if units:
            max(units, key=_mirror_strength)["alive"] = False
            placed += 1
            continue
        leaders = [m for m in frame["mirror"] if m["alive"] and m["leader"]]
        if not leaders:
            break
        leaders[0]["alive"] = False
        placed += 1
    return placed


@FLOW.register
class FwBattle(Step[Ctx]):
    """6.11.b: a field battle on the foreign war card."""

    kind = "fw_battle"
    rule = RULE

    def run(self, ctx: Ctx, frame: Frame) -> None:
        war = war_of(ctx, frame["card"])
        if war is None:
            flow.pop(ctx.s)
            return
        getattr(self, "_" + frame["phase"])(ctx, frame, war)

    # --- the two sides -----------------------------------------------------------------------------
    def _enemy_side(self, war: dict[str, Any], frame: Frame) -> int | None:
        """The index of the defending side when it has pieces of its own (a Mede against Mede war)."""
        j = 1 - frame["side"]
        return j if war["sides"][j]["country"] else None

    def _alive(self, ctx: Ctx, frame: Frame, war: dict[str, Any], side: str) -> list[str]:
        if side == "att":
            return on_card(ctx, war, frame["side"])
        j = self._enemy_side(war, frame)
        return on_card(ctx, war, j) if j is not None else []

    def _standing(self, ctx: Ctx, frame: Frame, war: dict[str, Any], side: str) -> bool:
        if side == "def" and self._enemy_side(war, frame) is None:
            return any(m["alive"] for m in frame["mirror"])
        return bool(self._alive(ctx, frame, war, side))

    def _pool(self, ctx: Ctx, frame: Frame, war: dict[str, Any], side: str) -> list[int]:
        """Dice strengths of a side: its units, its leaders' battle dice with units, the elite die (6.7.3)."""
        if side == "def" and self._enemy_side(war, frame) is None:
            units = [_mirror_strength(m) for m in _mirror_units(frame)]
            dice = sum(m["action"] for m in frame["mirror"] if m["alive"] and m["leader"]) if units else 0
            return units + [BATTLE_DIE] * dice
        pieces = self._alive(ctx, frame, war, side)
        units = [p for p in pieces if not is_leader(ctx, p)]
        out = [strength(ctx, p) for p in units]
        if units:
            out += [BATTLE_DIE] * sum(ratings(ctx, p)[0] for p in pieces if is_leader(ctx, p))
            if any(ctx.piece(p)["nation"] == "assyria" and is_regular(ctx, p) for p in units):
                out.append(BATTLE_DIE)
        return out

    def _rally(self, ctx: Ctx, frame: Frame, war: dict[str, Any], side: str) -> int:
        if side == "def" and self._enemy_side(war, frame) is None:
            return sum(m["action"] for m in frame["mirror"] if m["alive"] and m["leader"])
        return sum(ratings(ctx, p)[0] for p in self._alive(ctx, frame, war, side) if is_leader(ctx, p))

    def _losses(self, ctx: Ctx, frame: Frame, war: dict[str, Any], side: str, n: int, mode: str) -> None:
        if n <= 0:
            return
        if side == "def" and self._enemy_side(war, frame) is None:
            placed = mirror_hit(frame, n, mode)
            ctx.log("aw.fw.mirror_losses", "6.7.4" if mode == "hits" else "6.7.4.a", card=frame["card"], n=placed,
                    mode=mode)
            return
        owner = frame["c"]
        distribute(ctx, side_pieces=self._alive(ctx, frame, war, side), loc=box(frame["card"]), n=n, mode=mode,
                   decider=owner, rule="6.7.4" if mode == "hits" else "6.7.4.a")

    # --- the procedure -------------------------------------------------------------------------------
    def _start(self, ctx: Ctx, frame: Frame, war: dict[str, Any]) -> None:
        att = self._alive(ctx, frame, war, "att")
        frame.update(mirror=mirror_of(ctx, att) if self._enemy_side(war, frame) is None else [], round=1,
                     taken={"att": 0, "def": 0}, winner=None)
        enemy = war["sides"][1 - frame["side"]]["name"]
        ctx.log("aw.fw.battle", RULE, card=frame["card"], country=frame["c"], leader=frame["leader"], enemy=enemy,
                pieces=att)
        frame["phase"] = "melee"

    def _melee(self, ctx: Ctx, frame: Frame, war: dict[str, Any]) -> None:
        """6.7.2: the attackers (the phasing side) roll first, then the defenders; hits are then placed."""
        scored = {}
        for side in ("att", "def"):
            pool = self._pool(ctx, frame, war, side)
            values = ctx.dice(len(pool), rule="6.7.2", why="aw.why.fw_battle", side=side, card=frame["card"],
                              strengths=pool) if pool else []
            scored[side] = sum(1 for s, v in zip(pool, values, strict=True) if v <= s)
        ctx.log("aw.fw.melee", "6.7.2", card=frame["card"], round=frame["round"], att=scored["att"],
                defn=scored["def"])
        frame["taken"] = {"att": scored["def"], "def": scored["att"]}
        self._losses(ctx, frame, war, "def", scored["att"], "hits")
        self._losses(ctx, frame, war, "att", scored["def"], "hits")
        frame["phase"] = "result"

    def _result(self, ctx: Ctx, frame: Frame, war: dict[str, Any]) -> None:
        """6.7.6: more hits win; a side wiped out loses; a tie after the last round goes to the defender.
        6.7.4.a: every two hits taken rout one more unit, the winner's leaders rally some."""
        att, dfn = self._standing(ctx, frame, war, "att"), self._standing(ctx, frame, war, "def")
        taken = frame["taken"]
        winner: str | None = None
        decided = True
        if not att or not dfn:
            winner = "att" if att else "def" if dfn else None
        elif taken["def"] != taken["att"]:
            winner = "att" if taken["def"] > taken["att"] else "def"
        elif frame["round"] >= ROUNDS:
            winner = "def"
        else:
            decided = False
        frame["winner"] = winner
        for side in ("att", "def"):
            routs = math.ceil(taken[side] / 2)
            if routs and side == winner:
                routs = max(0, routs - self._rally(ctx, frame, war, side))
            if routs:
                ctx.log("aw.routs", "6.7.4.a", side=side, n=routs, hits=taken[side])
                self._losses(ctx, frame, war, side, routs, "routs")
        if decided:
            frame["phase"] = "end"
        else:
            frame["round"] += 1
            ctx.log("aw.fw.second_round", "6.7.6", card=frame["card"], round=frame["round"])
            frame["phase"] = "melee"

    def _end(self, ctx: Ctx, frame: Frame, war: dict[str, Any]) -> None:
        flow.pop(ctx.s)
        card = frame["card"]
        if frame["winner"] == "att":
            ctx.log("aw.fw.battle_won", RULE, card=card, country=frame["c"])
            promotion_rolls(ctx, [p for p in self._alive(ctx, frame, war, "att") if is_leader(ctx, p)], "9.2")
            ctx.award_vp(frame["c"], 1, "8.3", "aw.why.fw_won", card=card)
            end_war(ctx, war, "aw.fw.how_battle")
            return
        war["duration"] = 2 * int(war["duration"] or 0)
        ctx.log("aw.fw.battle_lost", RULE, card=card, country=frame["c"], n=war["duration"])
        if war["duration"] <= 0:
            end_war(ctx, war, "aw.fw.how_time")
