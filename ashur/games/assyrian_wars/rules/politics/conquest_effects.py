"""The effects of a conquest (7.1 D, "Conquest of Assyria", 10.4.c) and provinces.

When a country is conquered (or surrenders, 7.1 B):

* the areas it controls outside its home country go back to their original owners, its forces there to
  its nearest home area;
* it pays tribute to the conqueror at once (each conqueror, in order of conquest, 10.4.c);
* a minor's or minor city's marker goes to the conqueror's Conquest box and all its relations end; an
  active minor is deactivated;
* a conquered power's alliances all end: each minor (and nomad) on its row moves 2D6 towards 0 (a 2
  counts as 3), minor cities on its row become neutral; it leaves its camp (7.4.1);
* the war between the conquered side (the country and its allied minors) and the conqueror's side ends;
* a conquered tribute refuser is punished (7.4.4 1);
* the conqueror scores the VPs of 8.3 (12 for Assyria, shared by allied conquerors, who each get a
  province), and 4 more when the conquest defeats a whole camp (9.1 follows);
* each conqueror may turn one home area it occupies (not the capital, not a city with a blue ECO number)
  into a province: it stays the conqueror's while a land unit of its holds it. Its other units in the
  conquered country then relocate to the nearest friendly territory — before the conquered country
  becomes friendly to it — and the conquered country takes its other areas back;
* a grace period begins (grace.py).
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
CAMP_DEFEAT_VP = 4


def _rolls_2d6(ctx: Ctx, subject: str) -> int:
    """7.1 D: 2D6, a roll of 2 counting as 3."""
    total = sum(ctx.dice(2, rule="7.1", why="aw.why.alliances_end", subject=subject))
    return 3 if total == 2 else total


def conquer(ctx: Ctx, target: str, conquerors: list[str], rule: str, *, surrender: bool = False) -> None:
    """`target` is conquered by `conquerors` (one, or allied powers conquering Assyria, or every power
    accepting a surrender)."""
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute
    from ashur.games.assyrian_wars.rules.politics import minors
    from ashur.games.assyrian_wars.rules.politics.camps import leave_camp
    from ashur.games.assyrian_wars.rules.politics.markers import (
        CONQUEST_OF_ASSYRIA_VP,
        end_pact,
        move_towards_zero,
        relation_vp,
        set_marker,
    )
    from ashur.games.assyrian_wars.rules.politics.punishment import conquered_refuser

    with relations.change(ctx, rule):
        ctx.log("aw.conquered", rule, target=target, conquerors=conquerors, surrender=surrender)
        city = ctx.is_minor_city(target)
        if ctx.is_minor(target):
            set_marker(ctx, target, None, 0, "7.1")
        elif city:
            end_pact(ctx, target, "7.1")
        lst = ctx.s["conquered"].setdefault(target, [])
        for c in conquerors:
            lst[:] = [e for e in lst if e["by"] != c]
            lst.append({"by": c, "turn": ctx.turn, "grace_until": None if city else ctx.turn + 1,
                        "surrender": surrender})
        d = ctx.diplo(target)
        if d is not None:
            d["war"] = []
            for c in conquerors:
                if c not in d["conquest"]:
                    d["conquest"].append(c)
        if not city:
            _outside_areas_back(ctx, target)
        for c in conquerors:
            add_tribute(ctx, target, c, "conquest", "7.1")
        if ctx.is_power(target):
            subjects = [c for c in ctx.track() if c in ctx.s["diplo"]]
            subjects += [c for c in sorted(ctx.s["diplo"]) if c not in subjects]
            for subject in subjects:
                sd = ctx.s["diplo"][subject]
                if sd.get("power") != target:
                    continue
                if ctx.is_minor_city(subject):
                    end_pact(ctx, subject, "7.1")
                elif sd["value"] > 0:
                    move_towards_zero(ctx, subject, _rolls_2d6(ctx, subject), "7.1")
            leave_camp(ctx, target, "7.1")
            for c in conquerors:
                for a in relations.side_of(ctx, target):
                    for b in relations.side_of(ctx, c):
                        if relations.explicit(ctx, a, b):
                            relations.end_war(ctx, a, b)
            # 7.4.3: its wars with minors that fight it without an alliance end too
            for pair in sorted(ctx.s["wars"]):
                if target in pair:
                    other = pair[1] if pair[0] == target else pair[0]
                    if ctx.is_minor(other) and ctx.ally_power(other) is None:
                        relations.end_war(ctx, target, other)
        else:
            relations.end_all_wars(ctx, target)
        if ctx.is_minor(target):
            minors.deactivate(ctx, target, "7.1")
        for c in conquerors:
            conquered_refuser(ctx, target, c)
        if target == ASSYRIA:
            ctx.s["assyria_conquered"] = True
            for c in conquerors:
                relation_vp(ctx, c, target, "8.3", CONQUEST_OF_ASSYRIA_VP // len(conquerors))
        else:
            for c in conquerors:
                relation_vp(ctx, c, target, "8.3")
        if ctx.is_power(target) and not surrender:
            ctx.country(target)["conquered_by_conquest"] = True
    if not city:
        flow.push(ctx.s, "province", target=target, conquerors=list(conquerors), i=0)
    else:
        after_conquest(ctx, target, conquerors)


def _outside_areas_back(ctx: Ctx, target: str) -> None:
    """7.1 D: areas the conquered country holds outside its home country go back to their owners; its
    forces there relocate to its nearest home area."""
    from ashur.games.assyrian_wars.rules.politics.relocation import land_pieces, relocate

    homes = set(ctx.c.home_areas(target))
    for aid in sorted(ctx.c.areas):
        if aid in homes:
            continue
        st = ctx.area(aid)
        held = st["ctrl"] == target or st.get("city_ctrl") == target or st.get("province") == target
        if not held:
            continue
        old = st["ctrl"]
        st["ctrl"] = ctx.c.areas[aid].nation
        st.pop("city_ctrl", None)
        if st.get("province") == target:
            st["province"] = None
        ctx.log("aw.area_returned", "7.1", area=aid, dest=st["ctrl"])
        HOOKS.notify_control_changed(ctx, aid, old, st["ctrl"])
        pieces = [p for p in land_pieces(ctx, aid) if ctx.owner(p) == target]
        relocate(ctx, target, aid, pieces, None, "7.1",
                 target=lambda a: a in homes and ctx.area_ctrl(a) == target)


def city_taken(ctx: Ctx, city: str, rule: str) -> None:
    """7.1: a minor city is conquered when its city is taken; a conquered city without a garrison goes back
    to neutral when an enemy force enters its area (7.1 D)."""
    aids = [a for a, area in ctx.c.areas.items() if area.nation == city]
    if not aids:
        return
    aid = aids[0]
    from ashur.games.assyrian_wars.rules.base.control_areas import held_by

    holder = held_by(ctx, aid)
    conquerors = [e["by"] for e in ctx.s["conquered"].get(city, [])]
    if holder is None or holder == city:
        return
    p = relations.principal(ctx, holder)
    if conquerors:
        if p in conquerors:
            return
        from ashur.games.assyrian_wars.rules.politics.grace import end_conquest

        for c in conquerors:
            end_conquest(ctx, city, c, "7.1")
        ctx.log("aw.minor_city_freed", "7.1", city=city, by=holder)
        if not ctx.at_war(holder, city):
            st = ctx.area(aid)
            st["ctrl"] = city
            st.pop("city_ctrl", None)
        return
    if not ctx.is_power(p) or not ctx.at_war(holder, city):
        return
    conquer(ctx, city, [p], rule)


def eligible_provinces(ctx: Ctx, target: str, conqueror: str) -> list[str]:
    """7.1 D: home areas of the conquered country the conqueror occupies with its own land units, but
    neither the capital nor a city with a blue ECO number, nor another conqueror's province."""
    from ashur.games.assyrian_wars.rules.politics.relocation import land_pieces

    out = []
    for aid in sorted(ctx.c.home_areas(target)):
        city = ctx.c.areas[aid].city
        if city is not None and (city.capital or city.blue_eco):
            continue
        if ctx.area(aid).get("province") not in (None, conqueror):
            continue
        if any(ctx.owner(p) == conqueror and ctx.piece(p)["kind"] in ("unit", "merc")
               for p in land_pieces(ctx, aid)):
            out.append(aid)
    return out


def make_province(ctx: Ctx, target: str, conqueror: str, aid: str | None, rule: str = "7.1") -> None:
    """Set the province (or none), relocate the conqueror's other forces in the conquered country, give
    the conquered country its other areas back."""
    from ashur.games.assyrian_wars.rules.base.territory import friendly_area
    from ashur.games.assyrian_wars.rules.politics.relocation import land_pieces, relocate

    homes = set(ctx.c.home_areas(target))
    with relations.change(ctx, rule):
        if aid is not None:
            st = ctx.area(aid)
            old = st["ctrl"]
            st["province"] = conqueror
            st["ctrl"] = conqueror
            if ctx.c.areas[aid].city is not None:
                st["city_ctrl"] = conqueror
            ctx.log("aw.province", rule, area=aid, conqueror=conqueror, target=target)
            if old != conqueror:
                HOOKS.notify_control_changed(ctx, aid, old, conqueror)
        for home in sorted(homes):
            if home == aid:
                continue
            mine = [p for p in land_pieces(ctx, home) if relations.principal(ctx, ctx.owner(p)) == conqueror]
            by_owner: dict[str, list[str]] = {}
            for p in mine:
                by_owner.setdefault(ctx.owner(p), []).append(p)
            for owner, pieces in sorted(by_owner.items()):
                relocate(ctx, owner, home, pieces, target, rule,
                         target=lambda a, owner=owner: a not in homes and friendly_area(ctx, a, owner))
        for home in sorted(homes):
            st = ctx.area(home)
            if st.get("province") and st["province"] != target:
                continue
            holder = st.get("city_ctrl") or st["ctrl"]
            if holder is not None and holder != target and not ctx.at_war(holder, target):
                old = st["ctrl"]
                st["ctrl"] = target
                st.pop("city_ctrl", None)
                HOOKS.notify_control_changed(ctx, home, old, target)


@FLOW.register
class Province(Step[Ctx]):
    """7.1 D: each conqueror may take one province, then its forces leave the rest of the country."""

    kind = "province"
    rule = "7.1"

    def _current(self, frame: Frame) -> str | None:
        return frame["conquerors"][frame["i"]] if frame["i"] < len(frame["conquerors"]) else None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        c = self._current(frame)
        if c is None or not eligible_provinces(ctx, frame["target"], c):
            return []
        return [c]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        c = self._current(frame)
        if c is None:
            flow.pop(ctx.s)
            after_conquest(ctx, frame["target"], frame["conquerors"])
            return
        frame["i"] += 1
        make_province(ctx, frame["target"], c, None)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action(f"province:{a}", "aw.act.province", "7.1", area=a, target=frame["target"])
                for a in eligible_provinces(ctx, frame["target"], actor)]
        acts.append(action("no_province", "aw.act.no_province", "7.1", target=frame["target"]))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.province", "params": {"country": actor, "target": frame["target"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["i"] += 1
        make_province(ctx, frame["target"], actor, act["params"].get("area"))


def after_conquest(ctx: Ctx, target: str, conquerors: list[str]) -> None:
    """9.1 / 8.3: a camp whose every power is now defeated (4 VP to the conqueror); elimination (7.1)."""
    from ashur.games.assyrian_wars.rules.course.victory import defeated
    from ashur.games.assyrian_wars.rules.politics.camps import camp_defeated
    from ashur.games.assyrian_wars.rules.politics.elimination import check_elimination

    if ctx.s.get("ended"):
        return
    if ctx.is_power(target):
        for camp in ("assyrian", "rebel"):
            members = [p for p in ctx.powers() if ctx.country(p).get("camp") == camp
                       or ctx.country(p).get("camp_start") == camp]
            if target in members and members and all(defeated(ctx, p) for p in members):
                mark = f"{camp}|{ctx.turn}"
                if mark not in ctx.s.get("camp_defeats", []):
                    ctx.award_vp(conquerors[0], CAMP_DEFEAT_VP, "8.3", "aw.why.camp_defeat", camp=camp)
                    camp_defeated(ctx, camp, "9.1")
    check_elimination(ctx)


# --- provinces: held while garrisoned (7.1 D) ---------------------------------------------------------
def check_provinces(ctx: Ctx) -> None:
    """7.1 D: a province whose last land unit of the conqueror is gone ceases to be a province; it goes
    to the new occupant, or to its original owner."""
    from ashur.games.assyrian_wars.rules.politics.relocation import land_pieces

    for aid in sorted(ctx.c.areas):
        st = ctx.area(aid)
        owner = st.get("province")
        if owner is None:
            continue
        units = [p for p in land_pieces(ctx, aid) if ctx.piece(p)["kind"] in ("unit", "merc")]
        if any(ctx.owner(p) == owner for p in units):
            continue
        occupants = sorted({ctx.owner(p) for p in units if not ctx.piece(p)["city"]})
        st["province"] = None
        old = st["ctrl"]
        st["ctrl"] = occupants[0] if occupants else ctx.c.areas[aid].nation
        st.pop("city_ctrl", None)
        ctx.log("aw.province_ended", "7.1", area=aid, conqueror=owner, dest=st["ctrl"])
        if old != st["ctrl"]:
            HOOKS.notify_control_changed(ctx, aid, old, st["ctrl"])


def _impulse_end(ctx: Ctx, impulse: Frame) -> None:
    check_provinces(ctx)


HOOKS.add_impulse_end(25, "provinces", _impulse_end)
