"""Hits and routs in battle (6.7.4, 6.7.4.a, 6.7.5, 6.8 multinational defenders).

A side's hits (or routs) are first shared equally between its countries; the excess is placed by the
army group commander's country, or else by the owner of the strongest force at the start of the round
(6.7.5); a country without enough pieces left passes the rest to the others. Within a country half go
to mercenaries and half to regulars, the owner placing an odd one (6.7.4, 6.7.4.a); a type that runs out
passes the rest to the other. The owner then picks the pieces one at a time: a hit reduces a unit and
then eliminates it, and may be given to a leader voluntarily (leaders die on one hit); when no unit is
left, leaders take the rest (6.7.3, 6.7.4). A rout sends a surviving unit to the Regroup Box at its
present strength; leaders rout when no unit is left (6.7.4.a). Hits beyond everything have no effect.

Frames: ``loss_split`` (the sharing between countries) and ``losses`` (one country's choices). Both
read their pieces from the frame, so any battle-like procedure (naval battles, raids) can use them via
:func:`distribute`.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.battles import vp_heads
from ashur.games.assyrian_wars.rules.base.forces import drop_leader, normalize, track_sorted
from ashur.games.assyrian_wars.rules.base.losses import apply_hit, split_losses
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_mercenary, ratings, strength, unit_type
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


def _present(ctx: Ctx, frame: Frame) -> list[str]:
    return [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["loc"]]


def capacity(ctx: Ctx, pieces: list[str], mode: str) -> int:
    """How many hits (2 per full unit, 1 per reduced unit or leader) or routs (1 per piece) can be taken."""
    if mode == "routs":
        return len(pieces)
    return sum(1 if (is_leader(ctx, p) or ctx.piece(p)["red"]) else 2 for p in pieces)


def distribute(ctx: Ctx, *, side_pieces: list[str], loc: str, n: int, mode: str, decider: str | None,
               rule: str, bid: int | None = None, single: list[str] | None = None) -> None:
    """Push the frames that place `n` hits or routs (``mode``) on `side_pieces` at `loc` (6.7.4, 6.7.5)."""
    if n <= 0:
        return
    flow.push(ctx.s, "loss_split", pieces=list(side_pieces), loc=loc, left=n, mode=mode, decider=decider,
              rule=rule, bid=bid, single=list(single or []), shares={}, choose=0, chosen=[])


def _by_country(ctx: Ctx, frame: Frame) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in _present(ctx, frame):
        out.setdefault(ctx.owner(p), []).append(p)
    return out


@FLOW.register
class LossSplit(Step[Ctx]):
    """6.7.5: hits and routs are shared equally between the countries of a side."""

    kind = "loss_split"
    rule = "6.7.5"

    def _eligible(self, ctx: Ctx, frame: Frame) -> list[str]:
        groups = _by_country(ctx, frame)
        out = []
        for c in track_sorted(ctx, list(groups)):
            if capacity(ctx, groups[c], frame["mode"]) - frame["shares"].get(c, 0) > 0:
                out.append(c)
        return out

    def _decider(self, ctx: Ctx, frame: Frame, elig: list[str]) -> str:
        d = frame.get("decider")
        return d if d in _by_country(ctx, frame) else elig[0]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["choose"] > 0:
            elig = self._eligible(ctx, frame)
            return [self._decider(ctx, frame, elig)] if elig else []
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        elig = self._eligible(ctx, frame)
        if frame["choose"] > 0 and not elig:
            frame["choose"] = 0
        if frame["left"] <= 0 or not elig:
            self._finish(ctx, frame)
            return
        groups = _by_country(ctx, frame)
        if len(elig) == 1:
            c = elig[0]
            room = capacity(ctx, groups[c], frame["mode"]) - frame["shares"].get(c, 0)
            give = min(room, frame["left"])
            frame["shares"][c] = frame["shares"].get(c, 0) + give
            frame["left"] = 0 if give >= frame["left"] else frame["left"] - give
            if give == 0:
                frame["left"] = 0
            return
        base = frame["left"] // len(elig)
        if base > 0:
            for c in elig:
                room = capacity(ctx, groups[c], frame["mode"]) - frame["shares"].get(c, 0)
                give = min(base, room)
                frame["shares"][c] = frame["shares"].get(c, 0) + give
                frame["left"] -= give
            return
        frame["choose"] = frame["left"]
        frame["chosen"] = []

    def _finish(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        groups = _by_country(ctx, frame)
        order = [c for c in track_sorted(ctx, list(frame["shares"])) if frame["shares"][c] > 0]
        for c in reversed(order):
            flow.push(ctx.s, "losses", c=c, pieces=groups.get(c, []), loc=frame["loc"], n=frame["shares"][c],
                      mode=frame["mode"], rule=frame["rule"], bid=frame["bid"], single=frame["single"],
                      regs=None, mercs=None, odd=False)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"extra:{c}", "aw.act.extra_loss", "6.7.5", country=c, mode=frame["mode"])
                for c in self._eligible(ctx, frame) if c not in frame["chosen"]]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.extra_loss", "params": {"n": frame["choose"], "mode": frame["mode"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        c = act["params"]["country"]
        frame["shares"][c] = frame["shares"].get(c, 0) + 1
        frame["chosen"].append(c)
        frame["left"] -= 1
        frame["choose"] -= 1
        ctx.log("aw.extra_loss", "6.7.5", country=c, by=actor, mode=frame["mode"])


def _signature(ctx: Ctx, pid: str, single: list[str]) -> tuple[Any, ...]:
    p = ctx.piece(pid)
    if is_leader(ctx, pid):
        return ("leader", pid)
    if p["kind"] == "ship":
        from ashur.games.assyrian_wars.rules.base.naval import cargo_of

        return ("ship", p["nation"], p["red"], tuple(cargo_of(ctx, pid)))
    return (p["kind"], p["nation"], unit_type(ctx, pid), strength(ctx, pid),
            p["red"], pid in single, p.get("army"), p["city"])


def representatives(ctx: Ctx, pids: list[str], single: list[str]) -> list[str]:
    """One piece of every group of interchangeable pieces (same kind, type, strength, side, army)."""
    seen: dict[tuple[Any, ...], str] = {}
    for pid in sorted(pids):
        seen.setdefault(_signature(ctx, pid, single), pid)
    return sorted(seen.values())


def battle_frame(ctx: Ctx, bid: int | None) -> Frame | None:
    if bid is None:
        return None
    for f in reversed(ctx.s["stack"]):
        if f["step"] == "battle" and f["id"] == bid:
            return f
    return None


@FLOW.register
class Losses(Step[Ctx]):
    """One country places its hits or routs: half on mercenaries, half on regulars (6.7.4, 6.7.4.a)."""

    kind = "losses"
    rule = "6.7.4"

    def _capacities(self, ctx: Ctx, frame: Frame) -> tuple[int, int]:
        present = _present(ctx, frame)
        mercs = [p for p in present if is_mercenary(ctx, p)]
        regs = [p for p in present if not is_mercenary(ctx, p) and not is_leader(ctx, p)]
        return capacity(ctx, mercs, frame["mode"]), capacity(ctx, regs, frame["mode"])

    def _split(self, ctx: Ctx, frame: Frame, extra: str | None = None) -> None:
        cm, cr = self._capacities(ctx, frame)
        n = frame["n"]
        if n % 2 and extra is None and cm > n // 2 and cr > n // 2:
            frame["odd"] = True  # both parts have room: the owner places the odd loss
            return
        frame["mercs"], frame["regs"] = split_losses(n, cm, cr, extra)
        frame["odd"] = False

    def _candidates(self, ctx: Ctx, frame: Frame) -> list[str]:
        present = _present(ctx, frame)
        units = [p for p in present if not is_leader(ctx, p)]
        leaders = [p for p in present if is_leader(ctx, p)]
        if not units:
            return leaders
        pool = []
        if frame["mercs"] > 0:
            pool += [p for p in units if is_mercenary(ctx, p)]
        if frame["regs"] > 0:
            pool += [p for p in units if not is_mercenary(ctx, p)]
        if not pool:
            pool = units
        if frame["mode"] == "hits":
            pool += leaders
        return representatives(ctx, pool, frame["single"])

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["n"] <= 0 or not _present(ctx, frame) or role_of(ctx, frame["c"]) is None:
            # a country no player plays takes its losses as suggested, unasked
            return []
        if frame["regs"] is None:
            return [frame["c"]] if frame.get("odd") else []
        cands = self._candidates(ctx, frame)
        return [frame["c"]] if len(cands) > 1 else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["n"] <= 0 or not _present(ctx, frame):
            if frame["n"] > 0:
                ctx.log("aw.losses_wasted", frame["rule"], country=frame["c"], n=frame["n"], mode=frame["mode"])
            flow.pop(ctx.s)
            normalize(ctx)
            return
        if frame["regs"] is None:
            # the odd loss: the owner's choice (6.7.4.a); for a country nobody plays, the default (mercenaries)
            self._split(ctx, frame, None if role_of(ctx, frame["c"]) is not None else "mercs")
            return
        self._take(ctx, frame, suggested(ctx, self._candidates(ctx, frame)))

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if frame["regs"] is None:
            return [action("extra:mercs", "aw.act.odd_loss", frame["rule"], kind="mercs", mode=frame["mode"]),
                    action("extra:regs", "aw.act.odd_loss", frame["rule"], kind="regs", mode=frame["mode"])]
        verb = "hit" if frame["mode"] == "hits" else "rout"
        cands = self._candidates(ctx, frame)
        acts = [action(f"{verb}:{pid}", f"aw.act.{verb}_piece", frame["rule"], piece=pid,
                       reduced=ctx.piece(pid)["red"]) for pid in cands]
        if frame["n"] > 1:
            # the whole allocation in one decision, first (the default); the hit-by-hit way stays beside it
            present = _present(ctx, frame)
            acts.insert(0, action(f"{frame['mode']}:suggested", "aw.act.losses_suggested", frame["rule"],
                                  n=frame["n"], mode=frame["mode"], first=suggested(ctx, cands),
                                  among=[[p, bool(ctx.piece(p)["red"])] for p in present]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.losses", "params": {"n": frame["n"], "mode": frame["mode"],
                                                      "mercs": frame["mercs"], "regs": frame["regs"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if frame["regs"] is None:
            self._split(ctx, frame, "mercs" if act["id"] == "extra:mercs" else "regs")
            return
        if act["id"].endswith(":suggested"):
            self._take_suggested(ctx, frame)
            return
        self._take(ctx, frame, act["params"]["piece"])

    def _take_suggested(self, ctx: Ctx, frame: Frame) -> None:
        """All the hits (routs) of this frame as suggested, one by one as the player would place them: each
        on the suggested candidate of the moment (6.7.4: the owner's choice, half on mercenaries)."""
        while ctx.s["stack"] and ctx.s["stack"][-1] is frame and frame["n"] > 0 and _present(ctx, frame):
            cands = self._candidates(ctx, frame)
            if not cands:
                return
            self._take(ctx, frame, suggested(ctx, cands))

    def _take(self, ctx: Ctx, frame: Frame, pid: str) -> None:
        merc = is_mercenary(ctx, pid)
        if not is_leader(ctx, pid):
            key = "mercs" if merc else "regs"
        else:
            key = "regs" if frame["regs"] > 0 else "mercs"
        frame[key] = max(0, frame[key] - 1)
        frame["n"] -= 1
        bf = battle_frame(ctx, frame["bid"])
        if frame["mode"] == "hits":
            if bf is not None and pid in frame["single"]:
                bf["single_taken"][_side_of(bf, pid)] += 1
            apply_hit(ctx, pid, frame["rule"])
            if is_leader(ctx, pid):
                drop_leader(ctx, pid)
        else:
            rout_piece(ctx, pid, frame["rule"])
        if bf is not None:
            tribe_defeat_vp(ctx, bf, pid)


def suggested(ctx: Ctx, cands: list[str]) -> str:
    """The suggested piece for the next hit or rout: a unit before a leader, a full-strength unit (it only
    flips) before a reduced one, in the order of the legal list otherwise."""
    return min(cands, key=lambda p: (is_leader(ctx, p), bool(ctx.piece(p)["red"]), cands.index(p)))


def _side_of(bf: Frame, pid: str) -> str:
    return "att" if pid in bf["sides"]["att"]["pieces"] else "def"


def tribe_defeat_vp(ctx: Ctx, bf: Frame, pid: str) -> None:
    """8.3: the side that eliminates or routs the last units of a nomad tribe (Cimmerians 2 VP, Scythians
    4) or of the Arab or Aramaean nomad mercenaries (1 VP) on the map earns the nation's ``defeat_vp``,
    shared equally between its powers, the excess to the power of the side's commander (as 6.7.5 names
    him; decision). Losses outside a battle (attrition, a failed retreat) are nobody's victory."""
    p = ctx.piece(pid)
    nation = p["nation"]
    vp = ctx.c.nations[nation].defeat_vp
    if not vp or p["kind"] != "unit" or ctx.on_map(p["loc"]):
        return
    if any(q["nation"] == nation and q["kind"] == "unit" and ctx.on_map(q["loc"]) for q in ctx.s["pieces"].values()):
        return
    side = "def" if _side_of(bf, pid) == "att" else "att"
    heads = vp_heads(ctx, bf["sides"][side]["countries"])
    ctx.log("aw.tribe_defeated", "8.3", nation=nation, by=list(bf["sides"][side]["countries"]), vp=vp)
    if not heads:
        if bf["sides"][side]["countries"]:
            ctx.award_vp(bf["sides"][side]["countries"][0], vp, "8.3", "aw.why.tribe", nation=nation)
        return
    base, excess = divmod(vp, len(heads))
    lead = HOOKS.call("land.side_decider", ctx, bf, side) if excess else None
    lead = lead if lead in heads else (ctx.ally_power(lead) if lead and ctx.ally_power(lead) in heads else heads[0])
    for h in heads:
        n = base + (excess if h == lead else 0)
        if n:
            ctx.award_vp(h, n, "8.3", "aw.why.tribe", nation=nation)


def rout_piece(ctx: Ctx, pid: str, rule: str) -> None:
    """6.7.4.a: a routed unit or leader goes to the Regroup Box at its present strength (a routed ship with
    the force it carries, 6.16.f)."""
    p = ctx.piece(pid)
    p["city"] = False
    p["army"] = None
    if is_leader(ctx, pid):
        drop_leader(ctx, pid)
    if p["kind"] == "ship":
        from ashur.games.assyrian_wars.rules.base.naval import move_ships

        move_ships(ctx, [pid], "regroup")
    else:
        ctx.move_piece(pid, "regroup")
    ctx.log("aw.routed", rule, piece=pid, nation=p["nation"], reduced=p["red"])


def leader_rating_sum(ctx: Ctx, leaders: list[str]) -> int:
    return sum(ratings(ctx, lid)[0] for lid in leaders)
