"""Supply in enemy territory (6.10), pillage (6.14) and attrition at the start of an impulse in a desert
(6.6.1).

* 6.10: at the start of its impulse (also when it must pass, 6.0) each force of the phasing country in
  enemy territory pays 1 AP (from the APs of the start: income and saved) or pillages the area, else every
  unit in it checks attrition. Enemy territory: an area of a country at war with the force's country
  (printed colour or present controller), unless it is the country's province; a garrison in its own or
  an allied city is supplied (decisions, docs/rules-decisions.md). One pillage feeds all of the country's
  forces in that area (decision).
* 6.14: pillage places a pillage 1 marker or turns it into pillage 2; never where a pillage 2 lies, once
  per area and impulse, at no AP cost; only where the country has land units, in an area of a country at
  war with it, or of a country at peace after declaring war on it (the declaration's APs are paid).
  No-man's land has no production and cannot be pillaged (decision).
* 6.6.1: units starting the impulse in an area with only desert connections check attrition (light
  cavalry are exempt with 9.7).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder, is_no_mans_land
from ashur.games.assyrian_wars.rules.base.forces import all_forces_of, land, land_view, owned, pieces_of, units_in
from ashur.games.assyrian_wars.rules.base.terrain import attrition, desert_exempt
from ashur.games.assyrian_wars.rules.base.territory import friendly_country
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.land.hostilities import can_declare_now, declare
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
MAX_PILLAGE = 2


def enemy_territory(ctx: Ctx, aid: str, cid: str) -> bool:
    """6.10: the area belongs to, or is held by, a country at war with `cid` (not `cid`'s province)."""
    if aid not in ctx.c.areas or is_no_mans_land(ctx, aid):
        return False
    st = ctx.area(aid)
    if st.get("province") == cid:
        return False
    owners = {ctx.c.areas[aid].nation, st["ctrl"]}
    return any(o is not None and o != cid and ctx.at_war(o, cid) for o in owners)


def needs_supply(ctx: Ctx, f: dict[str, Any], cid: str) -> bool:
    if not units_in(ctx, f["pieces"]) or not enemy_territory(ctx, f["loc"], cid):
        return False
    if f["city"]:
        holder = city_holder(ctx, f["loc"])
        if holder == cid or (holder is not None and ctx.allied(holder, cid)):
            return False
    return True


# --- 6.14 pillage ----------------------------------------------------------------------------------------
def pillage_target(ctx: Ctx, aid: str, cid: str) -> tuple[bool, str | None]:
    """(may pillage, country to declare war on first) for `cid` in `aid` (6.14)."""
    if aid not in ctx.c.areas or is_no_mans_land(ctx, aid):
        return (False, None)
    st = ctx.area(aid)
    if st["pillage"] >= MAX_PILLAGE or aid in land_view(ctx)["pillaged"]:
        return (False, None)
    if not any(ctx.owner(u) == cid for u in units_in(ctx, ctx.pieces_at(aid))):
        return (False, None)
    owner = ctx.c.areas[aid].nation
    if owner is None or owner == cid or owner not in ctx.s["countries"]:
        return (False, None)
    if ctx.at_war(owner, cid):
        return (True, None)
    if friendly_country(ctx, owner, cid) or ctx.allied(owner, cid):
        return (False, None)
    return (can_declare_now(ctx, cid, owner), owner)


def pillage(ctx: Ctx, aid: str, cid: str, rule: str = "6.14") -> None:
    st = ctx.area(aid)
    st["pillage"] += 1
    land(ctx)["pillaged"].append(aid)
    ctx.log("aw.pillaged", rule, area=aid, country=cid, level=st["pillage"])


def _offer_pillage(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    content = ctx.c.areas
    countries = ctx.s["countries"]
    # only another country's home area can be pillaged (6.14): that content test, the cheapest of
    # pillage_target's, is made first, once per area
    areas = sorted({loc for p in owned(ctx, c) if p["kind"] in ("unit", "merc") and (loc := p["loc"]) in content
                    and (owner := content[loc].nation) is not None and owner != c and owner in countries})
    out = []
    for aid in areas:
        ok, dow = pillage_target(ctx, aid, c)
        if ok:
            out.append(action(f"pillage:{aid}", "aw.act.pillage", "6.14", area=aid, war=dow or ""))
    return out


def _apply_pillage(ctx: Ctx, frame: Frame, act: Action) -> None:
    aid = act["params"]["area"]
    if act["params"]["war"]:
        declare(ctx, frame["c"], act["params"]["war"], "6.14")
    pillage(ctx, aid, frame["c"])


def _explain_pillage(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    aid = action_id.split(":", 1)[-1]
    if aid in ctx.c.areas and ctx.area(aid)["pillage"] >= MAX_PILLAGE:
        return ("an area with a pillage 2 marker cannot be pillaged", "6.14")
    if aid in land_view(ctx)["pillaged"]:
        return ("only one pillage per area per impulse", "6.14")
    return ("pillage needs own land units in an enemy area (or a declaration of war on a country at peace)",
            "6.14")


# --- 6.10 maintenance and 6.6.1 desert attrition ----------------------------------------------------------
def _impulse_start(ctx: Ctx, frame: Frame) -> None:
    c = frame["c"]
    # needs_supply asks for enemy territory: forces elsewhere are not built
    forces = [f["id"] for f in all_forces_of(ctx, c, lambda loc: enemy_territory(ctx, loc, c))
              if f["country"] == c and needs_supply(ctx, f, c)]
    if forces:
        flow.push(ctx.s, "maintenance", c=c, forces=forces)
    abilities = bool(ctx.s["options"].get("special_abilities"))
    table = ctx.s["pieces"]
    desert: dict[str, list[str]] = {}
    for u in pieces_of(ctx, c):  # the country's pieces in id order
        p = table[u]
        if p["kind"] in ("unit", "merc") and p["loc"] in ctx.c.areas and ctx.c.is_desert_only(p["loc"]):
            desert.setdefault(p["loc"], []).append(u)
    for _area, units in sorted(desert.items()):
        # one check per area, its hits assigned there; 9.5: the public reads that the country's force in the
        # area checks, whether or not its units are exempt light cavalry (9.7), which fog hides
        hit = [u for u in units if not desert_exempt(ctx, u, abilities)]
        attrition(ctx, hit, "6.6.1", "aw.why.desert_start", group=units)


@FLOW.register
class Maintenance(Step[Ctx]):
    """6.10: every force in enemy territory is paid for (1 AP), fed by pillage, or checks attrition."""

    kind = "maintenance"
    rule = "6.10"

    def _current(self, ctx: Ctx, frame: Frame) -> dict[str, Any] | None:
        """The first force still to be supplied (read only: skipped forces are dropped by run/apply)."""
        from ashur.games.assyrian_wars.rules.base.forces import force

        for fid in frame["forces"]:
            f = force(ctx, fid)
            if f is not None and needs_supply(ctx, f, frame["c"]) and f["loc"] not in land_view(ctx)["maintained"]:
                return f
        return None

    def _drop_to(self, frame: Frame, fid: str) -> None:
        """Forget the forces before and including `fid`."""
        i = frame["forces"].index(fid)
        del frame["forces"][: i + 1]

    def _options(self, ctx: Ctx, frame: Frame, f: dict[str, Any]) -> list[Action]:
        imp = flow.find(ctx.s, "impulse")
        acts = []
        if imp is not None and can_pay(imp, 2):
            acts.append(action(f"supply:{f['id']}", "aw.act.supply", "6.10", force=f["id"], area=f["loc"], ap=1))
        ok, dow = pillage_target(ctx, f["loc"], frame["c"])
        if ok and dow is None:
            acts.append(action(f"forage:{f['id']}", "aw.act.forage", "6.14", force=f["id"], area=f["loc"]))
        acts.append(action(f"starve:{f['id']}", "aw.act.starve", "6.10", force=f["id"], area=f["loc"]))
        return acts

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        f = self._current(ctx, frame)
        if f is None or len(self._options(ctx, frame, f)) <= 1:
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        f = self._current(ctx, frame)
        if f is None:
            flow.pop(ctx.s)
            return
        self._starve(ctx, frame, f)

    def _starve(self, ctx: Ctx, frame: Frame, f: dict[str, Any]) -> None:
        self._drop_to(frame, f["id"])
        from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged

        log_fogged(ctx, "aw.unsupplied", "6.10", f["pieces"], country=frame["c"], area=f["loc"],
                   n=len(units_in(ctx, f["pieces"])), public="aw.unsupplied_public",
                   public_params={"country": frame["c"], "area": f["loc"]})
        attrition(ctx, f["pieces"], "6.10", "aw.why.unsupplied")

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        f = self._current(ctx, frame)
        return self._options(ctx, frame, f) if f else []

    def orders(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, str]:
        """The forces asked in a row answered alike: pay for, forage with or starve every force, for the
        rest of the impulse (or turn) where that answer is open (6.10, 6.14)."""
        f = self._current(ctx, frame)
        return {a["id"].split(":")[0]: a["id"] for a in self._options(ctx, frame, f)} if f else {}

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        f = self._current(ctx, frame)
        return {"key": "aw.prompt.maintenance", "params": {"country": actor, "area": f["loc"] if f else ""}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        f = self._current(ctx, frame)
        assert f is not None
        head = act["id"].split(":")[0]
        if head == "supply":
            imp = flow.find(ctx.s, "impulse")
            assert imp is not None
            pay(ctx, imp, 2, "6.10", "maintenance", area=f["loc"])
            self._drop_to(frame, f["id"])
        elif head == "forage":
            pillage(ctx, f["loc"], actor)
            land(ctx)["maintained"].append(f["loc"])
            self._drop_to(frame, f["id"])
        else:
            self._starve(ctx, frame, f)


HOOKS.add_impulse_start(50, "6.10 maintenance", _impulse_start)
HOOKS.add_menu(MenuEntry("pillage", _offer_pillage, _apply_pillage, _explain_pillage, order=45))
