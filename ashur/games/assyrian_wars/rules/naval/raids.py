"""Raiding the overland trade (6.15, 9.7 cavalry's second raid, 7.5.2.a free raid).

* Placing a raider (menu ``raider``, 1 AP, one a country per impulse): a land unit (no mercenary; nomad
  mercenaries, minors' and nomads' units may raid; decision: no leaders) of the phasing country or of a
  minor or nomad allied to it, from the map (not besieged, not finished) or from the Regroup Box, into an
  empty Raid Box of its choice. When all five are occupied it may displace an occupant: a D6, 6 fails at
  once, 1–5 names the Raid Box (the player chooses among the others' boxes when it names its own side's);
  one round of a field battle (battle kind ``raid``) follows: a side wiped out leaves the box to the other;
  a hit without one in return wins the box and sends the occupant to the Regroup Box; otherwise the raider
  goes back to where it came from.
* Raiding (menu ``raid``, 1 AP, once an impulse, decision): all raiders of the phasing country and of its
  allied minors and nomads, except those placed in this impulse. A D6: 6 fails, 1–5 names the power with
  that impulse number; the own power or a power without trade markers in the box lets the raider choose
  another. Each raider rolls one die against its combat factor; any hit removes one trade marker of that
  power (decision: no battle dice against a marker). For each marker removed, an even D6 brings back one
  of the raiding power's removed markers. With 9.7 the cavalry among the raiders raids a second time after
  a success.
* Leaving (menu ``raid_leave:<unit>``, free, decision): the raider checks attrition and goes to the Regroup
  Box. At the Interphase all raiders do so (7.3.3.d, :mod:`rules.seatrade`).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import is_finished, normalize, pieces_by_owner
from ashur.games.assyrian_wars.rules.base.naval import RAID, naval, naval_view, raider_attrition
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.base.units import CAVALRY, strength, unit_type
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.land.battle import start_battle
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
RAID_AP = 1
BOXES = range(1, 6)
_BOX_IDS = {n: f"{RAID}{n}" for n in BOXES}
_BOX_LIST = tuple(_BOX_IDS.values())


def side_power(ctx: Ctx, c: str) -> str | None:
    """The power whose trade a raiding country serves: itself, or the power it is allied to."""
    return c if ctx.is_power(c) else ctx.ally_power(c)


def own_side(ctx: Ctx, c: str, owner: str) -> bool:
    """6.15: the raiders of `c` and of the minors and nomads allied to it count as its own."""
    if owner == c:
        return True
    return ctx.is_power(c) and (ctx.is_minor(owner) or ctx.is_nomad(owner)) and ctx.ally_power(owner) == c


def occupant(ctx: Ctx, n: int) -> str | None:
    here = ctx.pieces_here(_BOX_IDS[n])
    return here[0] if here else None


def empty_boxes(ctx: Ctx) -> list[int]:
    return [n for n in BOXES if occupant(ctx, n) is None]


def may_raid_with(ctx: Ctx, pid: str) -> bool:
    """6.15: land units only, no (orange) mercenaries; nomad mercenaries may raid."""
    return ctx.piece(pid)["kind"] == "unit"


def left_area(ctx: Ctx, src: str) -> None:
    """A unit left `src` for a Raid Box: armies are checked and a siege may be lifted (6.8)."""
    normalize(ctx)
    if src in ctx.c.areas:
        from ashur.games.assyrian_wars.rules.land.siege import check_lifted

        check_lifted(ctx, src)


def candidates(ctx: Ctx, c: str) -> list[str]:
    """Units `c` may put into a Raid Box: one per kind of unit and place."""
    seen: dict[tuple[Any, ...], str] = {}
    pieces = ctx.s["pieces"]
    if ctx.cache is not None:
        mine = sorted(pid for owner, pids in pieces_by_owner(ctx).items() if own_side(ctx, c, owner) for pid in pids
                      if pieces[pid]["kind"] == "unit")
    else:
        mine = [pid for pid in sorted(pieces) if may_raid_with(ctx, pid) and own_side(ctx, c, ctx.owner(pid))]
    for pid in mine:
        p = pieces[pid]
        loc = p["loc"]
        if loc == "regroup":
            pass
        elif loc in ctx.c.areas:
            if (p["city"] and loc in ctx.s["sieges"]) or is_finished(ctx, [pid]):
                continue
        else:
            continue
        key = (loc, p["city"], p["nation"], unit_type(ctx, pid), strength(ctx, pid), p["red"])
        seen.setdefault(key, pid)
    return [seen[k] for k in sorted(seen)]


def has_candidates(ctx: Ctx, c: str) -> bool:
    """Whether :func:`candidates` is not empty (stops at the first unit found; the menu needs no more)."""
    pieces = ctx.s["pieces"]
    areas = ctx.c.areas
    if ctx.cache is not None:
        mine: Any = (pid for owner, pids in pieces_by_owner(ctx).items() if own_side(ctx, c, owner) for pid in pids
                     if pieces[pid]["kind"] == "unit")
    else:
        mine = (pid for pid in pieces if may_raid_with(ctx, pid) and own_side(ctx, c, ctx.owner(pid)))
    for pid in mine:
        p = pieces[pid]
        loc = p["loc"]
        if loc == "regroup":
            return True
        if loc in areas and not ((p["city"] and loc in ctx.s["sieges"]) or is_finished(ctx, [pid])):
            return True
    return False


def target_boxes(ctx: Ctx, c: str) -> list[int]:
    """Raid Boxes held by raiders not of `c`'s side (those a displacement may attack)."""
    return [n for n in BOXES if occupant(ctx, n) and not own_side(ctx, c, ctx.owner(occupant(ctx, n) or ""))]


def raiders_of(ctx: Ctx, c: str, *, include_new: bool = False) -> list[str]:
    new = () if include_new else naval_view(ctx)["new_raiders"]
    return [p for box in _BOX_LIST for p in ctx.pieces_here(box) if own_side(ctx, c, ctx.owner(p)) and p not in new]


# --- placing a raider ---------------------------------------------------------------------------------------
def free_raid(ctx: Ctx, power: str) -> None:
    """7.5.2.a: place a raider for free, then make one raid attempt for free (the new raider takes part)."""
    flow.push(ctx.s, "raid", c=power, free=True, include_new=True, phase="roll", attempt=1, only=None,
              target=None, removed=0)
    if candidates(ctx, power) and (empty_boxes(ctx) or target_boxes(ctx, power)):
        flow.push(ctx.s, "raid_place", c=power, free=True, stage="unit", pid=None, origin=None, box=None)


def kick_marker(ctx: Ctx, power: str, rule: str) -> bool:
    """7.5.2.a: one trade marker of `power` leaves the Trade Box (it returns at the Interphase)."""
    t = ctx.s["trade"].get(power)
    if not t or t["box"] <= 0:
        return False
    t["box"] -= 1
    t["out"] += 1
    ctx.log("aw.marker_removed", rule, country=power, box=t["box"])
    return True


@FLOW.register
class RaidPlace(Step[Ctx]):
    """6.15: choose the unit, then an empty Raid Box, or try to displace an occupant."""

    kind = "raid_place"
    rule = "6.15"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["stage"] in ("unit", "box", "displace") and role_of(ctx, frame["c"]):
            return [frame["c"]] if self.actions(ctx, frame, frame["c"]) else []
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["stage"] == "battle":
            self._after_battle(ctx, frame, frame.pop("battle_result", None) or {})
            return
        acts = self.actions(ctx, frame, frame["c"])
        if acts:
            self.apply(ctx, frame, frame["c"], acts[0])
            return
        self._done(ctx, frame)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        c = frame["c"]
        if frame["stage"] == "unit":
            return [action(f"unit:{p}", "aw.act.raider_unit", "6.15", piece=p, area=ctx.piece(p)["loc"])
                    for p in candidates(ctx, c)]
        if frame["stage"] == "box":
            return [action(f"box:{n}", "aw.act.raid_box", "6.15", n=n) for n in empty_boxes(ctx)]
        if frame["stage"] == "displace":
            return [action(f"attack:{n}", "aw.act.raid_displace", "6.15", n=n,
                           piece=occupant(ctx, n)) for n in target_boxes(ctx, c)]
        return []

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": f"aw.prompt.raid_{frame['stage']}", "params": {"country": actor}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("a raider is a land unit (no mercenary) of the country or its allied minors and nomads, from the "
                "map (not besieged) or the Regroup Box, into an empty Raid Box", "6.15")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head, _, arg = act["id"].partition(":")
        c = frame["c"]
        if head == "unit":
            self._chosen(ctx, frame, arg)
        elif head == "box":
            self._enter(ctx, frame, int(arg))
            self._done(ctx, frame)
        elif head == "attack":
            self._fight(ctx, frame, int(arg))
        else:
            raise AssertionError(f"{c}: unexpected {head}")

    def _chosen(self, ctx: Ctx, frame: Frame, pid: str) -> None:
        c = frame["c"]
        if not frame["free"]:
            imp = flow.find(ctx.s, "impulse")
            assert imp is not None
            pay(ctx, imp, 2 * RAID_AP, "6.15", "raider", piece=pid)
        naval(ctx)["raider"].append(c)
        p = ctx.piece(pid)
        frame["pid"] = pid
        frame["origin"] = [p["loc"], bool(p["city"]), p.get("army")]
        if empty_boxes(ctx):
            frame["stage"] = "box"
            return
        roll = ctx.die(rule="6.15", why="aw.why.raid_displace", country=c)
        if roll == 6:
            ctx.log("aw.raid_place_failed", "6.15", country=c, piece=pid, roll=roll)
            self._done(ctx, frame)
            return
        holder = occupant(ctx, roll)
        if holder is not None and own_side(ctx, c, ctx.owner(holder)):
            if not target_boxes(ctx, c):
                ctx.log("aw.raid_place_failed", "6.15", country=c, piece=pid, roll=roll)
                self._done(ctx, frame)
                return
            frame["stage"] = "displace"
            return
        self._fight(ctx, frame, roll)

    def _enter(self, ctx: Ctx, frame: Frame, n: int) -> None:
        pid = frame["pid"]
        p = ctx.piece(pid)
        src = p["loc"]
        leaving_map(ctx, [pid], f"{RAID}{n}")  # 9.5: the Raid Boxes are open to all (a hidden unit shows)
        p["army"] = None
        p["city"] = False
        ctx.move_piece(pid, f"{RAID}{n}")
        naval(ctx)["new_raiders"].append(pid)
        ctx.log("aw.raider_placed", "6.15", country=frame["c"], piece=pid, box=n, src=src)
        left_area(ctx, src)

    def _fight(self, ctx: Ctx, frame: Frame, n: int) -> None:
        pid, holder = frame["pid"], occupant(ctx, n)
        assert holder is not None
        frame["box"] = n
        frame["stage"] = "battle"
        frame["holder"] = holder
        p = ctx.piece(pid)
        leaving_map(ctx, [pid], f"{RAID}{n}")  # 9.5: the Raid Boxes are open to all (a hidden unit shows)
        p["army"] = None
        p["city"] = False
        src = p["loc"]
        ctx.move_piece(pid, f"{RAID}{n}")
        left_area(ctx, src)
        ctx.log("aw.raid_displace", "6.15", country=frame["c"], piece=pid, box=n, occupant=holder)
        start_battle(ctx, "raid", f"{RAID}{n}", [pid], [holder], phasing="att")

    def _after_battle(self, ctx: Ctx, frame: Frame, res: dict[str, Any]) -> None:
        """6.15: who keeps the Raid Box after the round of combat."""
        box = f"{RAID}{frame['box']}"
        pid, holder = frame["pid"], frame["holder"]
        mine = ctx.piece(pid)["loc"] == box
        theirs = ctx.piece(holder)["loc"] == box
        hits = res.get("hits", {"att": 0, "def": 0})
        if mine and theirs and hits.get("att", 0) > 0 and hits.get("def", 0) == 0:
            ctx.move_piece(holder, "regroup")
            ctx.log("aw.raider_displaced", "6.15", piece=holder, box=frame["box"])
            theirs = False
        if mine and not theirs:
            naval(ctx)["new_raiders"].append(pid)
            ctx.log("aw.raider_placed", "6.15", country=frame["c"], piece=pid, box=frame["box"], src="")
        elif mine:
            loc, city, army = frame["origin"]
            ctx.move_piece(pid, loc)
            ctx.piece(pid)["city"] = city
            ctx.piece(pid)["army"] = army
            ctx.log("aw.raid_place_failed", "6.15", country=frame["c"], piece=pid, roll=frame["box"])
        self._done(ctx, frame)

    def _done(self, ctx: Ctx, frame: Frame) -> None:
        if ctx.s["stack"] and ctx.s["stack"][-1] is frame:
            flow.pop(ctx.s)
        normalize(ctx)


# --- raiding ------------------------------------------------------------------------------------------------
@FLOW.register
class Raid(Step[Ctx]):
    """6.15: the raid roll, the choice of another power, the attack on the marker, bringing one back."""

    kind = "raid"
    rule = "6.15"

    def _raiders(self, ctx: Ctx, frame: Frame) -> list[str]:
        out = raiders_of(ctx, frame["c"], include_new=frame["include_new"])
        if frame["only"] is not None:
            out = [p for p in out if p in frame["only"]]
        return out

    def _choices(self, ctx: Ctx, frame: Frame) -> list[str]:
        mine = side_power(ctx, frame["c"])
        return [p for p in ctx.powers() if p != mine and ctx.s["trade"].get(p, {}).get("box", 0) > 0]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["phase"] == "choose" and len(self._choices(ctx, frame)) > 1 and role_of(ctx, frame["c"]):
            return [frame["c"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        raiders = self._raiders(ctx, frame)
        if not raiders:
            flow.pop(ctx.s)
            return
        if frame["phase"] == "choose":
            choices = self._choices(ctx, frame)
            if not choices:
                ctx.log("aw.raid_no_target", "6.15", country=frame["c"])
                flow.pop(ctx.s)
                return
            self._attack(ctx, frame, choices[0])
            return
        roll = ctx.die(rule="6.15", why="aw.why.raid", country=frame["c"])
        if roll == 6:
            ctx.log("aw.raid_failed", "6.15", country=frame["c"], roll=roll)
            flow.pop(ctx.s)
            return
        target = ctx.c.raid_box(roll).power
        if target == side_power(ctx, frame["c"]) or ctx.s["trade"].get(target, {}).get("box", 0) <= 0:
            ctx.log("aw.raid_other", "6.15", country=frame["c"], roll=roll, power=target)
            frame["phase"] = "choose"
            return
        self._attack(ctx, frame, target)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"target:{p}", "aw.act.raid_target", "6.15", power=p,
                       markers=ctx.s["trade"][p]["box"]) for p in self._choices(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.raid_target", "params": {"country": actor}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("another power with trade markers in the Trade Box is chosen, never the own", "6.15")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        self._attack(ctx, frame, act["params"]["power"])

    def _attack(self, ctx: Ctx, frame: Frame, target: str) -> None:
        """6.15: an attack on the trade marker; a hit removes it; then a try to bring an own marker back."""
        c = frame["c"]
        raiders = self._raiders(ctx, frame)
        values = ctx.dice(len(raiders), rule="6.15", why="aw.why.raid_attack", country=c, target=target,
                          strengths=[strength(ctx, p) for p in raiders])
        hit = any(v <= strength(ctx, p) for v, p in zip(values, raiders, strict=True))
        frame["phase"] = "roll"
        if not hit:
            ctx.log("aw.raid_missed", "6.15", country=c, target=target)
            flow.pop(ctx.s)
            return
        kick_marker(ctx, target, "6.15")
        ctx.log("aw.raid_success", "6.15", country=c, target=target)
        mine = side_power(ctx, c)
        own = ctx.s["trade"].get(mine or "")
        if own and own["out"] > 0:
            back = ctx.die(rule="6.15", why="aw.why.marker_back", country=mine)
            if back % 2 == 0:
                own["out"] -= 1
                own["box"] += 1
                ctx.log("aw.marker_back", "6.15", country=mine, box=own["box"])
        cav = [p for p in raiders if unit_type(ctx, p) in CAVALRY]
        if frame["attempt"] == 1 and cav and ctx.s["options"].get("special_abilities"):
            frame["attempt"] = 2
            frame["only"] = cav
            ctx.log("aw.raid_second", "9.7", country=c, n=len(cav))
            return
        flow.pop(ctx.s)


# --- leaving a Raid Box ---------------------------------------------------------------------------------------
def leave_raid_box(ctx: Ctx, pid: str, rule: str) -> None:
    """6.15: a raider leaving a Raid Box checks attrition; the survivor goes to the Regroup Box."""
    flow.push(ctx.s, "raiders_home", pieces=[pid])
    ctx.log("aw.raider_leaves", rule, piece=pid, box=ctx.piece(pid)["loc"])
    raider_attrition(ctx, [pid], rule, "aw.why.raid_leave", chooser=ctx.owner(pid))


# --- the menu ---------------------------------------------------------------------------------------------
def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    acts: list[Action] = []
    rec = naval_view(ctx)
    raiders = raiders_of(ctx, c)
    if can_pay(frame, 2 * RAID_AP):
        if c not in rec["raider"] and (empty_boxes(ctx) or target_boxes(ctx, c)) and has_candidates(ctx, c):
            acts.append(action("raider", "aw.act.raider", "6.15", ap=RAID_AP))
        if c not in rec["raided"] and raiders:
            acts.append(action("raid", "aw.act.raid", "6.15", ap=RAID_AP, n=len(raiders)))
    pieces = ctx.s["pieces"]
    acts += [action(f"raid_leave:{p}", "aw.act.raid_leave", "6.15", piece=p, box=pieces[p]["loc"])
             for p in raiders if ctx.owner(p) == c]
    return acts


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    c = frame["c"]
    head = act["id"].split(":")[0]
    if head == "raider":
        flow.push(ctx.s, "raid_place", c=c, free=False, stage="unit", pid=None, origin=None, box=None)
    elif head == "raid":
        pay(ctx, frame, 2 * RAID_AP, "6.15", "raid")
        naval(ctx)["raided"].append(c)
        ctx.log("aw.raid", "6.15", country=c, n=len(raiders_of(ctx, c)))
        flow.push(ctx.s, "raid", c=c, free=False, include_new=False, phase="roll", attempt=1, only=None,
                  target=None, removed=0)
    else:
        leave_raid_box(ctx, act["params"]["piece"], "6.15")


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    head = action_id.split(":")[0]
    rec = naval_view(ctx)
    if head == "raider":
        if frame["c"] in rec["raider"]:
            return ("no more than one unit per impulse and country goes to the Raid Boxes", "6.15")
        return ("a raider costs 1 AP: a land unit (no mercenary), not besieged, from the map or the Regroup Box",
                "6.15")
    if head == "raid":
        if frame["c"] in rec["raided"]:
            return ("the raiders are activated once an impulse", "6.15")
        return ("raiding needs a raider placed before this impulse and 1 AP", "6.15")
    return ("only the country's own raiders leave the Raid Boxes", "6.15")


HOOKS.add_menu(MenuEntry("raider", _offer, _apply, _explain, order=40))
for _prefix in ("raid", "raid_leave"):
    HOOKS.add_menu(MenuEntry(_prefix, lambda ctx, f: [], _apply, _explain, order=41))
