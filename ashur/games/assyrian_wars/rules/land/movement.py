"""Movement (6.6, 6.6.1, 6.6.2 picking up and dropping off, 9.7 cavalry, 10.4.b).

The ``move`` frame moves one force of the phasing country an area at a time:

* ``to:<area>`` enters an adjacent area: 1 AP per area for an army or army group, 1 AP per unit without a
  leader, 2 for Sealand and Mede connections (see :mod:`rules.terrain`), half for an all-cavalry force
  with 9.7; mercenaries move only with a leader of their country; entering the area of a country at peace
  below march status declares war on it (8.1, paid with the move);
* every unit checks attrition for each area beyond the fourth in the impulse, each unit counting its own
  areas (6.6, 10.4.b), and after crossing a desert or Mede connection or moving into or out of Sealand;
* after each step the entry procedure runs (interception, evasion, battle, :mod:`rules.entry`); a battle
  that is not an overrun ends the move (6.7.7); cavalry that used its half AP loses the other half (9.7);
* ``pickup`` / ``drop`` units, ``join`` another army of the same player into an army group, ``leave`` an
  army behind (6.6.2, 6.6.3); 6.6.2 lets an army pick up and drop off units freely;
  only undoing one at the same stop of the same move (dropping a unit just picked up, or the reverse) is
  not offered, as it changes nothing (decision: the flow ends);
* ``city`` enters an own or allied city in the area and ends the move; ``attack:<country>`` declares war on
  a country at peace whose forces share the area (7.4.2, 10.4.f); ``stop`` ends the move.

Also: leader relocation (6.6.7, menu ``relocate``) and the forced march (6.6.8, menu ``march``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import has_city
from ashur.games.assyrian_wars.rules.base.forces import (
    all_forces_of,
    army_units,
    can_join_army,
    force,
    force_id,
    form_group,
    free_ag_cards,
    group_of,
    groups,
    is_cavalry_force,
    is_finished,
    land,
    land_pieces_at,
    land_view,
    leave_group,
    mark,
    mede_divided,
    nation_pieces,
    normalize,
    tidy_or_ask,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.naval import landed, naval_view
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged, restacked
from ashur.games.assyrian_wars.rules.base.terrain import (
    MEDE,
    attrition,
    can_cross,
    connection,
    crossing_attrition,
    links,
    mede_regulars_only,
    min_step_cost2,
    step_costs,
)
from ashur.games.assyrian_wars.rules.base.territory import could_intercept_into, friendly_area
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_mercenary
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.land.armies import activate_group, joinable, mede_home, mede_may_operate
from ashur.games.assyrian_wars.rules.land.casualties import representatives
from ashur.games.assyrian_wars.rules.land.entering import entry_requirement
from ashur.games.assyrian_wars.rules.land.entry import push_entry
from ashur.games.assyrian_wars.rules.land.evasion import city_open_to
from ashur.games.assyrian_wars.rules.land.hostilities import can_declare_now, declare
from ashur.games.assyrian_wars.rules.land.move_cards import free_step, on_step, step_cost2, use_free_step
from ashur.games.assyrian_wars.rules.politics.war import dow_cost
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
FREE_AREAS = 4
RELOCATION_RANGE = 8
FORCED_MARCH_PRICE = 10


def enemy_field(ctx: Ctx, aid: str, cid: str) -> bool:
    return any(ctx.at_war(ctx.owner(p), cid) for p in land_pieces_at(ctx, aid, False))


def nomad_refusal(ctx: Ctx, c: str, pieces: list[str], dest: str) -> tuple[str, str] | None:
    """10.1.1 / 10.1.2: why a tribe's force may not attack the field forces in `dest` (None for others)."""
    if not ctx.is_nomad(c):
        return None
    from ashur.games.assyrian_wars.rules.politics.nomads import entry_refusal

    defenders = sorted({ctx.owner(p) for p in land_pieces_at(ctx, dest, False) if ctx.at_war(ctx.owner(p), c)})
    return entry_refusal(ctx, c, pieces, defenders)


def can_enter(ctx: Ctx, imp: Frame, c: str, pieces: list[str], here: str, dest: str, *,
              per_unit: bool) -> tuple[int, str | None] | None:
    """(cost in half APs, country a war must be declared on) of a step, or None when it is not allowed."""
    return enter_check(ctx, imp, c, pieces, here, per_unit=per_unit)(dest, connection(ctx, here, dest))


def enter_check(ctx: Ctx, imp: Frame, c: str, pieces: list[str], here: str, *,
                per_unit: bool) -> Callable[[str, str | None], tuple[int, str | None] | None]:
    """:func:`can_enter` of one force as a function of the area entered and the connection from `here`
    (what depends on the force alone is worked out once: the menu and the move frame try every neighbour)."""
    areas = ctx.c.areas
    table = ctx.s["pieces"]
    owners = sorted({ctx.owner(p) for p in pieces})
    # 10.2 concerns forces with Mede pieces only (mede_may_operate holds for the others)
    mede = mede_divided(ctx) and any(table[p]["nation"] == MEDE for p in pieces)
    nomad = ctx.is_nomad(c)
    cost_of = step_costs(ctx, pieces, per_unit=per_unit)
    mede_only: list[bool] = []
    # mede_may_operate depends on the area entered only through whether it is a Mede home area
    mede_home_areas = mede_home(ctx) if mede else frozenset()
    mede_outside: list[bool] = []
    free = free_step(ctx, c, pieces)  # 6.11.h: a move card's free areas

    def check(dest: str, kind: str | None) -> tuple[int, str | None] | None:
        # can_cross: a connection; a Mede-only one for Mede regulars only (1.3)
        if dest not in areas or kind is None:
            return None
        if kind == "mede_only":
            if not mede_only:
                mede_only.append(mede_regulars_only(ctx, pieces))
            if not mede_only[0]:
                return None
        dow: str | None = None
        for co in owners:
            req, target, _rule = entry_requirement(ctx, co, dest)
            if req == "no":
                return None
            if req == "dow":
                if co != c:
                    return None
                dow = target
        if mede and dest not in mede_home_areas:
            if not mede_outside:
                mede_outside.append(mede_may_operate(ctx, pieces, dest))
            if not mede_outside[0]:
                return None
        if nomad and nomad_refusal(ctx, c, pieces, dest) is not None:
            return None
        cost2 = step_cost2(free, cost_of(here, dest, kind)) if free else cost_of(here, dest, kind)
        if dow is not None:
            return (cost2, dow) if can_declare_now(ctx, c, dow, cost2) else None
        return (cost2, None) if can_pay(imp, cost2) else None
    return check


def steps(ctx: Ctx, imp: Frame, c: str, pieces: list[str], here: str,
          per_unit: bool) -> list[tuple[str, int, str | None]]:
    """The legal next areas of a force: (area, cost in half APs, country war is declared on)."""
    out: list[tuple[str, int, str | None]] = []
    if not pieces:
        return out
    in_city = ctx.piece(pieces[0])["city"]
    if in_city and enemy_field(ctx, here, c):
        return out
    check = enter_check(ctx, imp, c, pieces, here, per_unit=per_unit)
    for other, kind in links(ctx, here):
        got = check(other, kind)
        if got is not None:
            out.append((other, got[0], got[1]))
    return sorted(set(out))


def has_step(ctx: Ctx, imp: Frame, c: str, pieces: list[str], here: str, per_unit: bool) -> bool:
    """Whether :func:`steps` would offer at least one area (stops at the first; the menu needs no more)."""
    if not pieces:
        return False
    if ctx.piece(pieces[0])["city"] and enemy_field(ctx, here, c):
        return False
    check = enter_check(ctx, imp, c, pieces, here, per_unit=per_unit)
    return any(check(other, kind) is not None for other, kind in links(ctx, here))


def movable(ctx: Ctx, c: str, f: dict[str, Any]) -> bool:
    """A force the phasing country may move: not finished, with a leader if it holds mercenaries."""
    if is_finished(ctx, f["pieces"]) or landed(ctx, f["pieces"]):
        return False
    return _movable_rest(ctx, c, f)


def _movable_rest(ctx: Ctx, c: str, f: dict[str, Any]) -> bool:
    """:func:`movable` after the finished and disembarked tests."""
    if not f["leaders"] and any(is_mercenary(ctx, u) for u in f["units"]):
        return False
    if f["id"].startswith("ag"):
        return c in f["countries"]
    return f["country"] == c


# --- the menu -----------------------------------------------------------------------------------------
def _offer_move(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    rec = land_view(ctx)
    halted = rec.get("halted", [])
    city_moves = rec["city_moves"]
    out = []
    finished = rec["finished"]
    landed_now = naval_view(ctx)["landed"]
    # the cheap precondition: without a card's free move (6.11.h), an impulse that cannot pay the cheapest
    # step of the map can pay none (with or without a declaration of war): only entering a city is left
    cheapest = min_step_cost2(ctx)
    no_step = cheapest is not None and not can_pay(frame, cheapest) \
        and not any(e["kind"] == "free_move" for e in ctx.s.get("card_effects") or ())
    # then only forces in an area with a city they have not entered this impulse can be offered: the others
    # are not built at all
    forces = all_forces_of(ctx, c, lambda loc: has_city(ctx, loc) and loc not in city_moves) if no_step \
        else all_forces_of(ctx, c)
    for f in forces:
        pieces = f["pieces"]  # movable(), with the per-impulse records read once
        if (finished and any(p in finished for p in pieces)) or (landed_now and any(p in landed_now for p in pieces)):
            continue
        if not _movable_rest(ctx, c, f) or _halted(f, halted):
            continue
        # entering the city is the cheaper test: the neighbours are tried only without it
        city = not f["city"] and f["loc"] not in city_moves and city_open_to(ctx, f["loc"], f["countries"]) \
            and not enemy_field(ctx, f["loc"], c)
        if city or (not no_step and has_step(ctx, frame, c, f["pieces"], f["loc"], not f["leaders"])):
            out.append(action(f"move:{f['id']}", "aw.act.move_force", "6.6", force=f["id"], area=f["loc"],
                              n=len(units_in(ctx, f["pieces"]))))
    return out


def _halted(f: dict[str, Any], halted: list[str]) -> bool:
    """A force that stopped where it started this impulse: an army by its leader(s), units by themselves."""
    if f["leaders"]:
        return any(p in halted for p in f["leaders"])
    return bool(f["pieces"]) and all(p in halted for p in f["pieces"])


def _apply_move(ctx: Ctx, frame: Frame, act: Action) -> None:
    fid = act["params"]["force"]
    f = force(ctx, fid)
    assert f is not None
    if fid.startswith("ag"):
        activate_group(ctx, fid, frame["c"])
    lead = groups(ctx)[fid]["commander"] if fid.startswith("ag") else (fid if f["leaders"] else None)
    flow.push(ctx.s, "move", c=frame["c"], lead=lead, group=[] if lead else [fid], at=f["loc"], acted=False,
              phase="main", entered=0, touched=list(f["pieces"]))


def _explain_move(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    fid = action_id.split(":", 1)[-1]
    f = force(ctx, fid)
    if f is None:
        return ("there is no such force on the map", "6.6")
    if fid not in [x["id"] for x in all_forces_of(ctx, frame["c"])] or frame["c"] not in f["countries"]:
        return ("a country moves only its own forces (and army groups it belongs to)", "6.6.4")
    if not f["leaders"] and any(is_mercenary(ctx, u) for u in f["units"]):
        return ("mercenaries cannot move on their own but need a leader of their country", "6.6")
    if is_finished(ctx, f["pieces"]):
        return ("this force fought a battle or has finished for this impulse", "6.7.7")
    if landed(ctx, f["pieces"]):
        return ("land units cannot move by land after disembarking", "6.16.d")
    return ("no adjacent area can be entered with the APs left", "6.6")


# --- the move frame -----------------------------------------------------------------------------------
def moving(ctx: Ctx, frame: Frame) -> list[str]:
    """The pieces of the moving force in its present area."""
    if frame["lead"]:
        lp = ctx.piece(frame["lead"])
        if not ctx.on_map(lp["loc"]) or lp["loc"] != frame["at"]:
            return []
        f = force(ctx, force_id(ctx, frame["lead"]))
        return f["pieces"] if f else []
    return [u for u in frame["group"] if ctx.piece(u)["loc"] == frame["at"]]


def _impulse(ctx: Ctx) -> Frame:
    f = flow.find(ctx.s, "impulse")
    assert f is not None
    return f


@FLOW.register
class Move(Step[Ctx]):
    """6.6: one force moves area by area (see the module docstring)."""

    kind = "move"
    rule = "6.6"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["phase"] != "main" or not moving(ctx, frame) or is_finished(ctx, moving(ctx, frame)):
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["phase"] == "wait":
            entry = frame.pop("entry_result", None) or {}
            fought = bool(entry.get("battle")) or frame.pop("battle_result", None) is not None or frame["fought"]
            frame["phase"] = "main"
            frame["fought"] = False
            pieces = moving(ctx, frame)
            imp = _impulse(ctx)
            if HOOKS.call("punishment.due_now", ctx):
                # 7.4.4: a battle won on this step (its retreats resolved) calls for an immediate tribute check,
                # before the force moves on after an overrun
                HOOKS.call("punishment.resolve_now", ctx, imp)
            if frame.get("quick") and imp["spent2"] % 2 and fought:
                imp["spent2"] += 1
                ctx.log("aw.quick_half_lost", "9.7", country=frame["c"])
            if pieces and not is_finished(ctx, pieces):
                return
        self._end(ctx, frame)

    def _end(self, ctx: Ctx, frame: Frame) -> None:
        if not frame["entered"]:
            # 6.6: a force that stops where it started has finished moving for this impulse, and so have the
            # units it picked up or dropped there (otherwise opening and closing moves without cost could go
            # on for ever); undo takes it back
            mark(ctx, "halted", sorted(set(moving(ctx, frame)) | set(frame.get("touched", []))))
        flow.pop(ctx.s)
        normalize(ctx)
        tidy_or_ask(ctx, frame["at"], frame["c"])
        if frame["entered"]:
            ctx.log("aw.move_ends", "6.6", country=frame["c"], area=frame["at"], areas=frame["entered"])

    def _per_unit(self, frame: Frame) -> bool:
        return frame["lead"] is None

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        c, here = frame["c"], frame["at"]
        pieces = moving(ctx, frame)
        imp = _impulse(ctx)
        acts = []
        for dest, cost2, dow in steps(ctx, imp, c, pieces, here, self._per_unit(frame)):
            extra = dow_cost(ctx, c, dow) if dow else 0
            # 8.1: a step that declares war says so (its APs include the declaration's, 7.4.2)
            acts.append(action(f"to:{dest}", "aw.act.move_to_dow" if dow else "aw.act.move_to", "6.6", area=dest,
                               ap=cost2 / 2 + extra, war=dow or ""))
        in_city = bool(ctx.piece(pieces[0])["city"])
        rec = land_view(ctx)
        for pid, lid in self._pickups(ctx, frame, pieces, in_city):
            acts.append(action(f"pickup:{pid}" + (f":{lid}" if lid else ""), "aw.act.pick_up", "6.6.2",
                               piece=pid, leader=lid or ""))
        # 6.6.2: units are picked up and dropped off freely; only undoing one at the same stop is no action
        droppable = [pid for pid in units_in(ctx, pieces) if pid not in frame.get("here_picked", [])]
        if frame["lead"] is None and len(units_in(ctx, pieces)) <= 1:
            droppable = []  # dropping the last unit of a leaderless group is no move at all: stop instead
        for pid in representatives(ctx, droppable, []):
            acts.append(action(f"drop:{pid}", "aw.act.drop_off", "6.6.2", piece=pid))
        acts += self._group_actions(ctx, frame, pieces, in_city)
        if not in_city and city_open_to(ctx, here, sorted({ctx.owner(p) for p in pieces})) \
                and here not in rec["city_moves"]:
            acts.append(action("city", "aw.act.enter_city", "6.6", area=here))
        for target in self._peaceful(ctx, frame, pieces):
            acts.append(action(f"attack:{target}", "aw.act.attack_peaceful", "7.4.2", country=target,
                               ap=dow_cost(ctx, c, target)))
        if frame["acted"] or not acts:
            acts.append(action("stop", "aw.act.stop_move", "6.6", area=here))
        return acts

    def first_actions(self, ctx: Ctx, frame: Frame, actor: str, n: int) -> tuple[list[Action], bool]:
        """Two choices known without the whole list (issue 12, the lone-action check): once the force has
        acted it may stop (6.6), so one next area makes a second choice."""
        if n <= 2 and frame["acted"] and has_step(ctx, _impulse(ctx), frame["c"], moving(ctx, frame), frame["at"],
                                                  self._per_unit(frame)):
            return [], False
        return self.actions(ctx, frame, actor), True

    def _pickups(self, ctx: Ctx, frame: Frame, pieces: list[str], in_city: bool) -> list[tuple[str, str | None]]:
        here, c = frame["at"], frame["c"]
        present = set(pieces)
        leaders = [p for p in pieces if is_leader(ctx, p)]
        out: list[tuple[str, str | None]] = []
        for pid in land_pieces_at(ctx, here, in_city):
            if pid in present or is_leader(ctx, pid) or pid in frame.get("here_dropped", []):
                continue
            if force_id(ctx, pid) != pid or is_finished(ctx, [pid]):
                continue
            if frame["lead"] is None:
                if ctx.owner(pid) == c and not is_mercenary(ctx, pid):
                    out.append((pid, None))
                continue
            fits = [lid for lid in leaders if can_join_army(ctx, lid, pid)]
            if len(leaders) == 1:
                out += [(pid, None)] if fits else []
            else:
                out += [(pid, lid) for lid in fits]
        return out

    def _group_actions(self, ctx: Ctx, frame: Frame, pieces: list[str], in_city: bool) -> list[Action]:
        if frame["lead"] is None:
            return []
        c = frame["c"]
        rec = land_view(ctx)
        members = [lid for lid in pieces if is_leader(ctx, lid) and army_units(ctx, lid)]
        acts = []
        gid = group_of(ctx, frame["lead"])
        for pid in land_pieces_at(ctx, frame["at"], in_city):
            if pid in pieces or not is_leader(ctx, pid) or not army_units(ctx, pid) or group_of(ctx, pid):
                continue
            if role_of(ctx, ctx.piece(pid)["nation"]) != role_of(ctx, c) or not joinable(ctx, c, members, pid):
                continue
            if gid is not None or any(free_ag_cards(ctx, ctx.piece(x)["nation"]) for x in [*members, pid]):
                acts.append(action(f"join:{pid}", "aw.act.join_army", "6.6.3", leader=pid))
        if gid is not None:
            for lid in groups(ctx)[gid]["armies"]:
                if lid != frame["lead"] and lid not in rec["group_changed"]:
                    acts.append(action(f"leave:{lid}", "aw.act.leave_army", "6.6.3", leader=lid))
        return acts

    def _peaceful(self, ctx: Ctx, frame: Frame, pieces: list[str]) -> list[str]:
        c = frame["c"]
        here = frame["at"]
        if ctx.piece(pieces[0])["city"]:
            return []
        out = set()
        for pid in land_pieces_at(ctx, here, False):
            o = ctx.owner(pid)
            if pid in pieces or ctx.at_war(o, c) or o == c or ctx.allied(o, c):
                continue
            if ctx.piece(pid)["kind"] in ("unit", "merc") and can_declare_now(ctx, c, o):
                out.add(o)
        return sorted(out)

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.move", "params": {"country": actor, "area": frame["at"],
                                                    "ap": (_impulse(ctx)["ap2"] - _impulse(ctx)["spent2"]) / 2}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        head, _, rest = action_id.partition(":")
        if head == "to":
            pieces = moving(ctx, frame)
            if rest not in ctx.c.areas or ctx.c.connection_type(frame["at"], rest) is None:
                return ("units move only along the connections of the map; land units never enter a sea zone", "6.6")
            if not can_cross(ctx, pieces, frame["at"], rest):
                return ("only Mede regulars cross Mede-only connections", "1.3")
            for co in sorted({ctx.owner(p) for p in pieces}):
                req, reason, rule = entry_requirement(ctx, co, rest)
                if req == "no":
                    return (reason, rule)
            if not mede_may_operate(ctx, pieces, rest):
                return ("before turn 4 only one Mede army operates outside the Mede home areas, with no more Mede "
                        "regulars outside than its leader's command rating", "10.2")
            refusal = nomad_refusal(ctx, frame["c"], pieces, rest)
            if refusal is not None:
                return refusal
            return ("not enough APs for this step", "6.6")
        if head == "pickup":
            return ("an army holds at most its leader's command rating of regulars and as many mercenaries, all "
                    "of its own country", "6.6.2")
        if head == "drop":
            return ("a unit picked up at this stop of the move is not dropped here again (nothing would change)",
                    "6.6.2")
        if head == "city":
            return ("only own or allied cities can be entered; march status does not open a city", "6.9")
        return ("not one of the choices of this move", "6.6")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head = act["id"].partition(":")[0]
        if head == "stop":
            self._end(ctx, frame)
            return
        frame["acted"] = True
        if head == "to":
            self._step(ctx, frame, act["params"]["area"])
        elif head == "pickup":
            self._pickup(ctx, frame, act)
        elif head == "drop":
            self._drop(ctx, frame, act["params"]["piece"])
        elif head == "join":
            self._join(ctx, frame, act["params"]["leader"])
        elif head == "leave":
            lid = act["params"]["leader"]
            leave_group(ctx, lid, "6.6.3")
            land(ctx)["group_changed"].append(lid)
            ctx.log("aw.army_left", "6.6.3", leader=lid, area=frame["at"])
        elif head == "city":
            for p in moving(ctx, frame):
                ctx.piece(p)["city"] = True
            land(ctx)["city_moves"].append(frame["at"])
            ctx.log("aw.enter_city", "6.6", country=frame["c"], area=frame["at"])
            self._end(ctx, frame)
        elif head == "attack":
            declare(ctx, frame["c"], act["params"]["country"], "7.4.2")
            frame["phase"] = "wait"
            frame["fought"] = True

    def _step(self, ctx: Ctx, frame: Frame, dest: str) -> None:
        c, here = frame["c"], frame["at"]
        pieces = moving(ctx, frame)
        imp = _impulse(ctx)
        free = free_step(ctx, c, pieces)
        cost2, dow = can_enter(ctx, imp, c, pieces, here, dest, per_unit=self._per_unit(frame)) or (0, None)
        if dow is not None:
            declare(ctx, c, dow, "8.1")
        assert can_pay(imp, cost2)
        imp["spent2"] += cost2  # logged with the move below
        use_free_step(ctx, free, c, dest)
        rec = land(ctx)
        quick = bool(ctx.s["options"].get("special_abilities")) and is_cavalry_force(ctx, pieces)
        for p in pieces:
            ctx.piece(p)["city"] = False
            ctx.move_piece(p, dest)
            rec["moved"][p] = rec["moved"].get(p, 0) + 1
        if quick:
            mark(ctx, "quick", units_in(ctx, pieces))
            frame["quick"] = True
        frame["at"] = dest
        frame["entered"] += 1
        frame["here_picked"], frame["here_dropped"] = [], []
        frame["phase"] = "wait"
        frame["fought"] = False
        # 9.5: the number of units (leaders apart) of a fogged force is the owner's; the public sees the stack
        log_fogged(ctx, "aw.moved", "6.6", pieces, country=c, src=here, area=dest, n=len(units_in(ctx, pieces)),
                   leader=frame["lead"] or "", ap=cost2 / 2, public="aw.moved_public",
                   public_params={"country": c, "src": here, "area": dest, "n": len(pieces), "ap": cost2 / 2})
        from ashur.games.assyrian_wars.rules.land.siege import check_lifted

        check_lifted(ctx, here)
        entry = push_entry(ctx, dest, c, pieces, src=here, kind="move")
        long_card, ignored = on_step(ctx, entry, c, pieces, entry["conn"], free)
        over = [u for u in units_in(ctx, pieces) if rec["moved"][u] > FREE_AREAS]
        if over and long_card is not None:
            ctx.log("aw.moves.no_long_march_attrition", "6.6", country=c, card=long_card, area=dest)
        elif over:
            attrition(ctx, over, "6.6.1", "aw.why.long_move")
        crossing_attrition(ctx, pieces, here, dest, ignore=ignored)

    def _pickup(self, ctx: Ctx, frame: Frame, act: Action) -> None:
        pid = act["params"]["piece"]
        lid = act["params"]["leader"] or frame["lead"]
        if frame["lead"] is None:
            frame["group"].append(pid)
        else:
            if len([p for p in moving(ctx, frame) if is_leader(ctx, p)]) == 1:
                lid = next(p for p in moving(ctx, frame) if is_leader(ctx, p))
            ctx.piece(pid)["army"] = lid
        frame.setdefault("here_picked", []).append(pid)
        frame.setdefault("touched", []).append(pid)
        log_fogged(ctx, "aw.picked_up", "6.6.2", [pid, *moving(ctx, frame)], piece=pid, leader=lid,
                   area=frame["at"], public="aw.picked_up_public",
                   public_params={"country": ctx.owner(pid), "area": frame["at"]})
        restacked(ctx, [pid])

    def _drop(self, ctx: Ctx, frame: Frame, pid: str) -> None:
        if frame["lead"] is None:
            frame["group"].remove(pid)
        ctx.piece(pid)["army"] = None
        frame.setdefault("here_dropped", []).append(pid)
        log_fogged(ctx, "aw.dropped_off", "6.6.2", [pid, *moving(ctx, frame)], piece=pid, area=frame["at"],
                   public="aw.dropped_off_public", public_params={"country": ctx.owner(pid), "area": frame["at"]})
        restacked(ctx, [pid])

    def _join(self, ctx: Ctx, frame: Frame, lid: str) -> None:
        """6.6.3: a stationary army of the same player joins the moving army (group)."""
        gid = group_of(ctx, frame["lead"])
        rec = land(ctx)
        rec["group_changed"].append(lid)
        if gid is not None:
            groups(ctx)[gid]["armies"].append(lid)
            ctx.log("aw.army_joined", "6.6.3", group=gid, leader=lid)
            return
        members = [frame["lead"], lid]
        for nation in sorted({ctx.piece(x)["nation"] for x in members}, key=lambda n: n != frame["c"]):
            cards = free_ag_cards(ctx, nation)
            if cards:
                gid = form_group(ctx, cards[0], nation, members, "6.6.3")
                frame["lead"] = groups(ctx)[gid]["commander"]
                rec["group_changed"].append(gid)
                return


# --- 6.6.7 relocating a leader -------------------------------------------------------------------------
def within(ctx: Ctx, start: str, steps_max: int, pieces: list[str]) -> list[str]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        if seen[a] >= steps_max:
            continue
        for b, _kind in ctx.c.neighbors(a):
            if b not in seen and can_cross(ctx, pieces, a, b):
                seen[b] = seen[a] + 1
                queue.append(b)
    return sorted(a for a in seen if a != start)


def _lonely_leaders(ctx: Ctx, c: str) -> list[str]:
    out = []
    pieces = ctx.s["pieces"]
    for pid in nation_pieces(ctx, c):
        p = pieces[pid]
        if not is_leader(ctx, pid) or not ctx.on_map(p["loc"]) or p["loc"] not in ctx.c.areas:
            continue
        if any(ctx.owner(u) == c for u in units_in(ctx, ctx.pieces_at(p["loc"]))) or is_finished(ctx, [pid]):
            continue
        out.append(pid)
    return out


def _offer_relocate(ctx: Ctx, frame: Frame) -> list[Action]:
    if land_view(ctx)["relocated"] or not can_pay(frame, 2):
        return []
    return [action(f"relocate:{lid}", "aw.act.relocate_leader_impulse", "6.6.7", piece=lid,
                   area=ctx.piece(lid)["loc"]) for lid in _lonely_leaders(ctx, frame["c"])]


def _apply_relocate(ctx: Ctx, frame: Frame, act: Action) -> None:
    lid = act["params"]["piece"]
    pay(ctx, frame, 2, "6.6.7", "relocation", piece=lid)
    land(ctx)["relocated"] = True
    flow.push(ctx.s, "leader_relocation", c=frame["c"], lid=lid)


def _explain_relocate(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    if land_view(ctx)["relocated"]:
        return ("no more than one leader may be relocated in an impulse", "6.6.7")
    return ("only a leader in an area without troops of his country is relocated, for 1 AP", "6.6.7")


@FLOW.register
class LeaderRelocation(Step[Ctx]):
    """6.6.7: the leader goes to a friendly controlled area up to 8 areas away and is finished."""

    kind = "leader_relocation"
    rule = "6.6.7"

    def _dests(self, ctx: Ctx, frame: Frame) -> list[str]:
        lid = frame["lid"]
        return [a for a in within(ctx, ctx.piece(lid)["loc"], RELOCATION_RANGE, [lid])
                if friendly_area(ctx, a, frame["c"])]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if self._dests(ctx, frame) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        ctx.log("aw.relocation_nowhere", "6.6.7", piece=frame["lid"])
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"to:{a}", "aw.act.relocate_to", "6.6.7", area=a) for a in self._dests(ctx, frame)]

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        lid, dest = frame["lid"], act["params"]["area"]
        ctx.piece(lid)["city"] = False
        ctx.move_piece(lid, dest)
        mark(ctx, "finished", [lid])
        ctx.log("aw.leader_relocated", "6.6.7", piece=lid, area=dest)
        flow.pop(ctx.s)
        tidy_or_ask(ctx, dest, frame["c"])


# --- 6.6.8 forced march ----------------------------------------------------------------------------------
def _offer_march(ctx: Ctx, frame: Frame) -> list[Action]:
    """6.6.8: 10 AP per army, as many armies as the impulse pays for (each is finished afterwards)."""
    if not frame["cards"] or not can_pay(frame, 2 * FORCED_MARCH_PRICE):
        return []
    out = []
    for f in all_forces_of(ctx, frame["c"]):
        if f["id"].startswith("ag") or not f["leaders"] or f["country"] != frame["c"] or is_finished(ctx, f["pieces"]):
            continue
        out.append(action(f"march:{f['id']}", "aw.act.forced_march", "6.6.8", force=f["id"], area=f["loc"],
                          ap=FORCED_MARCH_PRICE))
    return out


def _apply_march(ctx: Ctx, frame: Frame, act: Action) -> None:
    lid = act["params"]["force"]
    pay(ctx, frame, 2 * FORCED_MARCH_PRICE, "6.6.8", "forced march", leader=lid)
    land(ctx)["forced_march"] = True
    flow.push(ctx.s, "forced_march", c=frame["c"], lid=lid, visited=[ctx.piece(lid)["loc"]])
    ctx.log("aw.forced_march", "6.6.8", country=frame["c"], leader=lid, area=ctx.piece(lid)["loc"])


def _explain_march(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    if not frame["cards"]:
        return ("a forced march needs a card played in the impulse", "6.6.8")
    return ("a forced march of one army costs 10 AP", "6.6.8")


@FLOW.register
class ForcedMarch(Step[Ctx]):
    """6.6.8: one army moves any number of friendly areas without attrition, picking up (never dropping)
    units, never where it could be intercepted (decision, as 7.7); then it is finished."""

    kind = "forced_march"
    rule = "6.6.8"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        lid = frame["lid"]
        here = ctx.piece(lid)["loc"]
        pieces = [lid, *army_units(ctx, lid)]
        acts = []
        for other, _kind in ctx.c.neighbors(here):
            if other in frame["visited"] or not can_cross(ctx, pieces, here, other):
                continue
            if friendly_area(ctx, other, actor) and not could_intercept_into(ctx, other, actor) \
                    and mede_may_operate(ctx, pieces, other):
                acts.append(action(f"to:{other}", "aw.act.march_to", "6.6.8", area=other))
        for pid in land_pieces_at(ctx, here, bool(ctx.piece(lid)["city"])):
            if force_id(ctx, pid) == pid and not is_leader(ctx, pid) and can_join_army(ctx, lid, pid) \
                    and not is_finished(ctx, [pid]):
                acts.append(action(f"pickup:{pid}", "aw.act.pick_up", "6.6.8", piece=pid, leader=lid))
        acts.append(action("stop", "aw.act.stop_march", "6.6.8"))
        return sorted(acts, key=lambda a: a["id"])

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        lid = frame["lid"]
        head = act["id"].split(":")[0]
        if head == "pickup":
            ctx.piece(act["params"]["piece"])["army"] = lid
            log_fogged(ctx, "aw.picked_up", "6.6.8", [act["params"]["piece"], lid], piece=act["params"]["piece"],
                       leader=lid, area=ctx.piece(lid)["loc"], public="aw.picked_up_public",
                       public_params={"country": ctx.owner(lid), "area": ctx.piece(lid)["loc"]})
            restacked(ctx, [act["params"]["piece"]])
            return
        if head == "to":
            dest = act["params"]["area"]
            for p in [lid, *army_units(ctx, lid)]:
                ctx.piece(p)["city"] = False
                ctx.move_piece(p, dest)
            frame["visited"].append(dest)
            ctx.log("aw.marched", "6.6.8", leader=lid, area=dest)
            return
        mark(ctx, "finished", [lid, *army_units(ctx, lid)])
        ctx.log("aw.march_done", "6.6.8", leader=lid, area=ctx.piece(lid)["loc"])
        flow.pop(ctx.s)


HOOKS.add_menu(MenuEntry("move", _offer_move, _apply_move, _explain_move, order=20))
HOOKS.add_menu(MenuEntry("relocate", _offer_relocate, _apply_relocate, _explain_relocate, order=25))
HOOKS.add_menu(MenuEntry("march", _offer_march, _apply_march, _explain_march, order=26))
