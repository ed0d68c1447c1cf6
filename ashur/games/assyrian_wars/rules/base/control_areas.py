"""Change of control of areas and cities (6.12, 6.12.a, 7.1.D provinces, 7.5.2.d revolts).

``areas[aid]["ctrl"]`` is the controller of the area; ``areas[aid]["city_ctrl"]`` is set only while its
city is held by another country (a contested area when the two are at war, 6.12). Every change calls
``HOOKS.notify_control_changed`` (conquest 7.1 and tribute-refuser punishment 7.4.4 plug in there).

* An area without a city changes control at once when only land units of countries at war with its
  controller stand in it; with several occupants the strongest power decides which of them takes it
  (6.12 "Multiple Occupants", step ``occupation_choice``). An area with a city changes control only with
  its city (6.12).
* No-man's land belongs to nobody and never changes control (1.2, 2.1.2).
* At the end of an impulse a conquered home or associated area without land units of countries at war
  with its original owner reverts to that owner; a province stays with its conqueror while he keeps a
  land unit in it (6.12, 7.1.D).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import track_sorted
from ashur.games.assyrian_wars.rules.base.players import asks_players, role_of
from ashur.games.assyrian_wars.rules.base.units import is_land_unit
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]


def city_holder(ctx: Ctx, aid: str) -> str | None:
    st = ctx.area(aid)
    return st.get("city_ctrl") or st["ctrl"]


def has_city(ctx: Ctx, aid: str) -> bool:
    return aid in ctx.c.areas and ctx.c.areas[aid].city is not None


def is_no_mans_land(ctx: Ctx, aid: str) -> bool:
    return ctx.c.areas[aid].kind == "no_mans_land" or ctx.c.areas[aid].nation is None


def set_control(ctx: Ctx, aid: str, new: str | None, rule: str) -> None:
    """Give the area and its city to `new` (6.12)."""
    st = ctx.area(aid)
    old = st["ctrl"]
    old_city = st.get("city_ctrl")
    st.pop("city_ctrl", None)
    if old == new and old_city is None:
        return
    st["ctrl"] = new
    if st.get("province") and st["province"] != new:
        st["province"] = None
    ctx.log("aw.control_changed", rule, area=aid, old=old_city or old, new=new)
    HOOKS.notify_control_changed(ctx, aid, old_city or old, new)


def set_city_control(ctx: Ctx, aid: str, new: str | None, rule: str) -> None:
    """Only the city changes hands; the area stays with its controller (a contested area, 6.12)."""
    st = ctx.area(aid)
    old = city_holder(ctx, aid)
    if old == new:
        return
    if new == st["ctrl"]:
        st.pop("city_ctrl", None)
    else:
        st["city_ctrl"] = new
    ctx.log("aw.city_control_changed", rule, area=aid, old=old, new=new)
    HOOKS.notify_control_changed(ctx, aid, old, new)


def unit_owners(ctx: Ctx, aid: str, *, city: bool | None = False) -> dict[str, int]:
    """Land units (not leaders) per owner in an area (outside the city by default)."""
    out: dict[str, int] = {}
    for pid in ctx.pieces_at(aid):
        p = ctx.piece(pid)
        if is_land_unit(ctx, pid) and (city is None or bool(p["city"]) == city):
            o = ctx.owner(pid)
            out[o] = out.get(o, 0) + 1
    return out


def strongest(ctx: Ctx, owners: dict[str, int]) -> str:
    """6.12 Multiple Occupants: the power with the strongest force (its allied minors counted) decides who
    takes the area (:class:`OccupationChoice`); a minor alone decides for itself."""
    totals: dict[str, int] = {}
    for cid, n in owners.items():
        head = cid if ctx.is_power(cid) else (ctx.ally_power(cid) or cid)
        totals[head] = totals.get(head, 0) + n
    return sorted(track_sorted(ctx, list(totals)), key=lambda c: -totals[c])[0]


def check_occupation(ctx: Ctx, aid: str, entering: str | None = None, rule: str = "6.12") -> None:
    """6.12: control changes at once when only enemy land units stand in an area without a city; a revolt
    marker gives the area and its city to the next country entering (7.5.2.d)."""
    if aid not in ctx.c.areas:
        return
    st = ctx.area(aid)
    if st.get("revolt") and entering is not None:
        st["revolt"] = False
        ctx.log("aw.revolt_taken", "7.5.2.d", area=aid, country=entering)
        set_control(ctx, aid, entering, "7.5.2.d")
        return
    if is_no_mans_land(ctx, aid) or has_city(ctx, aid):
        return
    ctrl = st["ctrl"]
    owners = unit_owners(ctx, aid, city=None)
    if not owners or ctrl is None or ctrl not in ctx.s["countries"]:
        return
    if ctrl in owners or not all(ctx.at_war(o, ctrl) for o in owners):
        return
    head = strongest(ctx, owners)
    options = occupation_options(ctx, head, owners)
    if len(options) > 1 and asks_players(ctx) and role_of(ctx, head) is not None:
        flow.push(ctx.s, "occupation_choice", area=aid, decider=head, options=options, rule=rule)
        return
    set_control(ctx, aid, head, rule)


def occupation_options(ctx: Ctx, head: str, owners: dict[str, int]) -> list[str]:
    """6.12 Multiple Occupants: the countries the deciding power may give the area to: itself first (the
    default), then the other occupants in impulse-track order."""
    return [head, *(c for c in track_sorted(ctx, list(owners)) if c != head)]


@FLOW.register
class OccupationChoice(Step[Ctx]):
    """6.12 Multiple Occupants: the occupants decide who controls the area; failing agreement the power with
    the strongest force there (allied minors counted) decides — played as that power's choice (a power
    with only its allied minors beside it decides too)."""

    kind = "occupation_choice"
    rule = "6.12"

    def _options(self, ctx: Ctx, frame: Frame) -> list[str]:
        ctrl = ctx.area(frame["area"])["ctrl"]
        owners = unit_owners(ctx, frame["area"], city=None)
        return [c for c in frame["options"] if c in owners and c != ctrl]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if len(self._options(ctx, frame)) > 1 and role_of(ctx, frame["decider"]) is not None:
            return [frame["decider"]]
        return []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        opts = self._options(ctx, frame)
        if opts:
            set_control(ctx, frame["area"], opts[0], frame["rule"])

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"occupy:{c}", "aw.act.occupation_control", "6.12", area=frame["area"], country=c)
                for c in self._options(ctx, frame)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.occupation_choice", "params": {"country": actor, "area": frame["area"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("the area goes to one of the countries whose land units occupy it", "6.12")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        set_control(ctx, frame["area"], act["params"]["country"], frame["rule"])


def revert_areas(ctx: Ctx) -> None:
    """6.12: conquered home or associated areas with no land units of countries at war with their original
    owner revert to him at the end of an impulse; a province stays while its conqueror holds it (7.1.D)."""
    for aid, area in sorted(ctx.c.areas.items()):
        if area.kind not in ("home", "associated", "far_east"):
            continue
        st = ctx.area(aid)
        original = area.nation
        if original not in ctx.s["countries"]:
            continue
        holder = st.get("city_ctrl") or st["ctrl"]
        if holder == original and st["ctrl"] == original:
            continue
        owners = unit_owners(ctx, aid, city=None)
        province = st.get("province")
        if province and owners.get(province):
            continue
        if any(ctx.at_war(o, original) for o in owners):
            continue
        if province:
            ctx.log("aw.province_lost", "7.1", area=aid, country=province)
        set_control(ctx, aid, original, "6.12")


def _impulse_end(ctx: Ctx, frame: dict) -> None:
    revert_areas(ctx)


def enemies_together(ctx: Ctx) -> list[str]:
    """6.12: between actions no area holds land units of countries at war outside its city."""
    problems = []
    by_area: dict[str, set[str]] = {}
    for pid, p in ctx.s["pieces"].items():
        if p["kind"] in ("unit", "merc") and not p["city"] and p["loc"] in ctx.c.areas:
            by_area.setdefault(p["loc"], set()).add(ctx.owner(pid))
    for aid, owners in sorted(by_area.items()):
        ordered = sorted(owners)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                if ctx.at_war(a, b):
                    problems.append(f"{a} and {b} at war share {aid} outside its city (6.12)")
    return problems


def _invariant(ctx: Ctx) -> list[str]:
    stack = ctx.s["stack"]
    if stack and stack[-1]["step"] == "impulse" and stack[-1].get("phase") == "main":
        return enemies_together(ctx)
    return []


HOOKS.add_impulse_end(20, "6.12 reversion", _impulse_end)
HOOKS.add_invariant(_invariant)


def held_by(ctx: Ctx, aid: str) -> str | None:
    """The country holding an area: for a city area the holder of the city (6.12)."""
    st = ctx.area(aid)
    if st.get("revolt"):
        return None
    if ctx.c.areas[aid].city is not None:
        return st.get("city_ctrl") or st["ctrl"]
    return st["ctrl"]
