"""Sieges (6.8, 6.8.1 hunger siege, 6.8.2 assault, 6.8.3 standard siege), sorties, taking cities and their
victory points (8.3), 9.2 promotion after a successful siege.

``state["sieges"][area] = {besieger, kind, level, start_defence, impulses}``: ``level`` is the number of the
hunger siege marker on the city (None before the first advance, 0 right after the start), ``start_defence``
the city's strength when the siege began (8.3 counts it for the VPs).

* Laying siege: an army or army group in an area with an enemy city and no enemy forces outside it
  (6.8). In the impulse it arrives (or after an overrun or a successful evasion, 6.7.7, 6.6.10) starting
  costs nothing; otherwise each siege action of a force costs 1 AP. A force makes one siege action per
  impulse (an assault or a standard siege is a battle: the force is finished unless it takes the city).
* City defence: the printed value less the damage markers (6.8).
* Hunger siege: the marker advances once per impulse of the besieger; the city surrenders when it stands
  2 above the city's present defence (3 for a capital); a port only while blockaded (6.8.1). The
  garrison may sortie in response to the advance (6.8). The response window ``hunger_siege_advanced``
  opens right after the increase, before the surrender is checked (6.11.e: a card cancelling the increase
  comes in time); a card may raise the number too (:func:`advance_hunger`, same procedure).
* Assault: one round, the defender rolls twice its dice; more hits than the defenders take the city and
  rout its defenders; a defender who wins gains 1 VP (6.8.2, 8.3).
* Standard siege: one round; the attackers' hits fall on the city, each hit at least the present defence
  removes one level, the defender may take hits on the garrison instead; at full damage the city falls,
  excess hits hit the garrison and the survivors go to the Regroup Box (6.8.3).
* Taking a city in one round or by assault is an overrun (6.7.7).
* Sortie: the garrison fights the besiegers one round without the city's dice or routs; equal or more
  hits lift the siege and the besiegers retreat (6.8 "Sortie"); in the city owner's impulse all nations in
  the city take part, another nation's army may sortie alone in its own impulse.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.battles import vp_heads
from ashur.games.assyrian_wars.rules.base.control_areas import city_holder, has_city, set_control
from ashur.games.assyrian_wars.rules.base.forces import (
    force,
    forces_at,
    is_finished,
    land,
    land_pieces_at,
    land_view,
    leaders_in,
    mark,
    nation_pieces,
    normalize,
    track_sorted,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.losses import eliminate
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.games.assyrian_wars.rules.course.windows import open_window
from ashur.games.assyrian_wars.rules.land.battle import promotion_rolls, start_battle
from ashur.games.assyrian_wars.rules.land.blockade import blockaded
from ashur.games.assyrian_wars.rules.land.casualties import distribute, rout_piece
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
SIEGE_KINDS = ("hunger", "assault", "standard")


def city(ctx: Ctx, aid: str) -> Any:
    return ctx.c.areas[aid].city


def defence(ctx: Ctx, aid: str) -> int:
    """6.8: the printed city defence less the damage markers."""
    return max(0, int(city(ctx, aid).defence) - int(ctx.area(aid)["damage"]))


def surrender_level(ctx: Ctx, aid: str) -> int:
    """6.8.1: the hunger siege number at which the city surrenders: its present defence + 2 (+3, capital)."""
    return defence(ctx, aid) + (3 if city(ctx, aid).capital else 2)


def garrison(ctx: Ctx, aid: str) -> list[str]:
    return land_pieces_at(ctx, aid, True)


def check_lifted(ctx: Ctx, aid: str) -> None:
    """6.8: a siege is lifted when no enemy of the city's holder is left outside the city."""
    siege = ctx.s["sieges"].get(aid)
    if not siege:
        return
    holder = city_holder(ctx, aid)
    # a city nobody holds any more (its holder's control ended, e.g. a nomad tribe defeated, 7.1) is besieged
    # by nobody's enemy: the siege is lifted
    if holder is not None and any(ctx.at_war(ctx.owner(p), holder)
                                  for p in units_in(ctx, land_pieces_at(ctx, aid, False))):
        return
    del ctx.s["sieges"][aid]
    ctx.log("aw.siege_lifted", "6.8", area=aid)


def enemy_city(ctx: Ctx, aid: str, cid: str) -> bool:
    if not has_city(ctx, aid):
        return False
    holder = city_holder(ctx, aid)
    return holder is not None and ctx.at_war(holder, cid)


def field_enemies(ctx: Ctx, aid: str, cid: str) -> bool:
    return any(ctx.at_war(ctx.owner(p), cid) for p in land_pieces_at(ctx, aid, False))


def arrived(ctx: Ctx, f: dict[str, Any]) -> bool:
    """The force entered its area in this impulse (or won an overrun / saw the defender evade there)."""
    rec = land_view(ctx)
    return any(rec["moved"].get(p, 0) > 0 for p in f["pieces"]) or f["loc"] in rec["free_siege"]


def siege_cost2(ctx: Ctx, f: dict[str, Any]) -> int:
    """6.8: free in the impulse of arrival, else 1 AP per siege action of a force."""
    return 0 if arrived(ctx, f) else 2


def siege_options(ctx: Ctx, frame: Frame) -> list[tuple[dict[str, Any], str, int]]:
    """(force, kind, cost in half APs) of the phasing country's possible siege actions."""
    c = frame["c"]
    rec = land_view(ctx)
    out = []
    pieces = ctx.s["pieces"]
    areas = sorted({p["loc"] for p in map(pieces.__getitem__, nation_pieces(ctx, c)) if p["kind"] in ("leader", "king")
                    and p["loc"] in ctx.c.areas and not p["city"]})
    for aid in areas:
        if not enemy_city(ctx, aid, c) or field_enemies(ctx, aid, c):
            continue
        siege = ctx.s["sieges"].get(aid)
        for f in forces_at(ctx, aid, city=False):
            if f["country"] != c or not f["leaders"] or not units_in(ctx, f["pieces"]):
                continue
            if f["id"] in rec["sieged"] or is_finished(ctx, f["pieces"]):
                continue
            cost2 = siege_cost2(ctx, f)
            if frame["passing"] and not (siege and siege["besieger"] == c):
                continue
            if not can_pay(frame, cost2):
                continue
            if f"hunger:{aid}" not in rec["sieged"] and (siege is None or siege["besieger"] == c) \
                    and blockaded(ctx, aid, c):
                out.append((f, "hunger", cost2))
            out.append((f, "assault", cost2))
            out.append((f, "standard", cost2))
    return out


def _offer(ctx: Ctx, frame: Frame) -> list[Action]:
    return [action(f"siege:{f['id']}:{kind}", f"aw.act.siege_{kind}", {"hunger": "6.8.1", "assault": "6.8.2",
                                                                       "standard": "6.8.3"}[kind],
                   force=f["id"], area=f["loc"], ap=cost2 / 2)
            for f, kind, cost2 in siege_options(ctx, frame)]


def _apply(ctx: Ctx, frame: Frame, act: Action) -> None:
    _, fid, kind = act["id"].split(":")
    f = force(ctx, fid)
    assert f is not None
    cost2 = siege_cost2(ctx, f)
    if cost2:
        pay(ctx, frame, cost2, "6.8", "siege", area=f["loc"])
    begin(ctx, f, kind)


def begin(ctx: Ctx, f: dict[str, Any], kind: str) -> None:
    """Start or continue a siege action of force `f` (the costs are paid by the caller)."""
    aid, c = f["loc"], f["country"]
    rec = land(ctx)
    rec["sieged"].append(f["id"])
    if kind == "hunger":
        rec["sieged"].append(f"hunger:{aid}")
    siege = ctx.s["sieges"].get(aid)
    if siege is None or (siege["besieger"] != c and not ctx.allied(siege["besieger"], c)):
        siege = {"besieger": c, "kind": kind, "level": None, "start_defence": defence(ctx, aid), "impulses": 0}
        ctx.s["sieges"][aid] = siege
        ctx.log("aw.siege_started", "6.8", area=aid, country=c, kind=kind)
        open_window(ctx, "response", [x for x in ctx.track() if ctx.active(x)], {"area": aid, "besieger": c},
                    "6.8", "siege_started")
    flow.push(ctx.s, "siege_action", area=aid, c=c, fid=f["id"], kind=kind, phase="start",
              garrison_units=len(units_in(ctx, garrison(ctx, aid))), queue=[])


def hunger_sieges_of(ctx: Ctx, cid: str) -> list[str]:
    """The areas whose hunger siege `cid` pursues and may advance now (6.8.1): the hunger marker is laid, the
    besiegers stand outside the enemy city with no enemy forces there, a port only while blockaded."""
    out = []
    for aid, siege in sorted(ctx.s["sieges"].items()):
        if siege["besieger"] != cid or siege.get("level") is None:
            continue
        if not enemy_city(ctx, aid, cid) or field_enemies(ctx, aid, cid) or besieging_force(ctx, aid, cid) is None:
            continue
        if blockaded(ctx, aid, cid):
            out.append(aid)
    return out


def besieging_force(ctx: Ctx, aid: str, cid: str) -> dict[str, Any] | None:
    """A force of `cid` with units outside the city of `aid` (armies first)."""
    mine = [f for f in forces_at(ctx, aid, city=False) if f["country"] == cid and units_in(ctx, f["pieces"])]
    mine.sort(key=lambda f: not f["leaders"])
    return mine[0] if mine else None


def advance_hunger(ctx: Ctx, aid: str, cid: str, amount: int, card: int) -> None:
    """Card `card` raises the hunger siege number of `aid` by `amount` (6.8.1, 6.11): as with the besiegers'
    own advance, the garrison may sortie in response first (6.8), the response window opens after the
    increase, then the city may surrender."""
    f = besieging_force(ctx, aid, cid)
    if f is None:
        return
    flow.push(ctx.s, "siege_action", area=aid, c=cid, fid=f["id"], kind="hunger", phase="start",
              garrison_units=len(units_in(ctx, garrison(ctx, aid))), queue=[], amount=amount, card=card)


def _explain(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    parts = action_id.split(":")
    if len(parts) != 3 or parts[2] not in SIEGE_KINDS:
        return ("a siege action names a force and hunger, assault or standard", "6.8")
    f = force(ctx, parts[1])
    if f is None or f["country"] != frame["c"] or not f["leaders"]:
        return ("only an army or army group of the phasing country can lay siege", "6.8")
    if not enemy_city(ctx, f["loc"], frame["c"]):
        return ("there is no enemy city in that area", "6.8")
    if field_enemies(ctx, f["loc"], frame["c"]):
        return ("enemy forces stand outside the city", "6.8")
    if parts[2] == "hunger" and not blockaded(ctx, f["loc"], frame["c"]):
        return ("a port can be starved only while it is blockaded", "6.8.1")
    if f["id"] in land_view(ctx)["sieged"] or is_finished(ctx, f["pieces"]):
        return ("this force has already besieged or fought in this impulse", "6.8")
    return ("continuing a siege costs 1 AP", "6.8")


@FLOW.register
class SiegeAction(Step[Ctx]):
    """One siege action: a hunger siege advance, an assault or a standard siege round."""

    kind = "siege_action"
    rule = "6.8"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]["c"]] if frame["queue"] else []

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action("sortie", "aw.act.sortie", "6.8", area=frame["area"]),
                action("no_sortie", "aw.act.no_sortie", "6.8", area=frame["area"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.sortie", "params": {"country": actor, "area": frame["area"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["queue"].pop(0)
        if act["id"] == "sortie":
            frame["phase"] = "sortie_fought"
            start_sortie(ctx, frame["area"], actor, phasing="def", response=True)
        else:
            frame["phase"] = "advance"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        getattr(self, "_" + frame["phase"])(ctx, frame)

    def _pieces(self, ctx: Ctx, frame: Frame) -> list[str]:
        f = force(ctx, frame["fid"])
        return [p for p in f["pieces"] if ctx.piece(p)["loc"] == frame["area"]] if f else []

    def _start(self, ctx: Ctx, frame: Frame) -> None:
        aid, kind = frame["area"], frame["kind"]
        pieces = self._pieces(ctx, frame)
        if not pieces or not enemy_city(ctx, aid, frame["c"]):
            flow.pop(ctx.s)
            return
        c = city(ctx, aid)
        holder = city_holder(ctx, aid)
        if kind == "hunger":
            siege = ctx.s["sieges"][aid]
            siege["kind"] = "hunger"
            if siege["level"] is None:
                siege["level"] = 0
                ctx.log("aw.hunger_siege_laid", "6.8.1", area=aid, country=frame["c"])
                flow.pop(ctx.s)
                return
            defenders = garrison(ctx, aid)
            if units_in(ctx, defenders):
                owner = holder if any(ctx.owner(p) == holder for p in defenders) else ctx.owner(defenders[0])
                frame["queue"].append({"c": owner})
            frame["phase"] = "advance"
            return
        if kind == "assault":
            ctx.s["sieges"][aid]["kind"] = "assault"
            start_battle(ctx, "assault", aid, pieces, garrison(ctx, aid), phasing="att",
                         city={"side": "def", "dice": defence(ctx, aid), "fortress": bool(c.fortress),
                               "owner": holder}, dice_factor={"def": 2})
            frame["phase"] = "assault_done"
            return
        ctx.s["sieges"][aid]["kind"] = "standard"
        start_battle(ctx, "standard_siege", aid, pieces, garrison(ctx, aid), phasing="att",
                     city={"side": "def", "dice": defence(ctx, aid), "fortress": bool(c.fortress), "owner": holder},
                     city_target=True)
        frame["phase"] = "standard_done"

    def _sortie_fought(self, ctx: Ctx, frame: Frame) -> None:
        frame.pop("battle_result", None)
        if ctx.s["sieges"].get(frame["area"]) is None or not self._pieces(ctx, frame):
            flow.pop(ctx.s)
            return
        frame["phase"] = "advance"

    def _advance(self, ctx: Ctx, frame: Frame) -> None:
        """6.8.1: the marker advances (by one, or by a card's number: ``amount``); the response window
        ``hunger_siege_advanced`` opens at once, before the city's surrender is checked, so that a card
        cancelling the increase comes in time (6.11.e)."""
        aid = frame["area"]
        siege = ctx.s["sieges"].get(aid)
        if siege is None:
            flow.pop(ctx.s)
            return
        amount = int(frame.get("amount", 1))
        siege["level"] = int(siege["level"] or 0) + amount
        if frame.get("card") is None:
            siege["impulses"] += 1
        frame["raised"] = amount
        frame["phase"] = "surrender"
        ctx.log("aw.hunger_advanced", "6.8.1", area=aid, level=siege["level"], surrender_at=surrender_level(ctx, aid))
        open_window(ctx, "response", [x for x in ctx.track() if ctx.active(x)],
                    {"area": aid, "level": siege["level"], "raised": amount, "besieger": frame["c"],
                     "holder": city_holder(ctx, aid)}, "6.8.1", "hunger_siege_advanced")

    def _surrender(self, ctx: Ctx, frame: Frame) -> None:
        """6.8.1: the city surrenders when the marker stands 2 above its present defence (3, capital)."""
        aid = frame["area"]
        siege = ctx.s["sieges"].get(aid)
        flow.pop(ctx.s)
        if siege is None or not enemy_city(ctx, aid, frame["c"]) or siege["level"] < surrender_level(ctx, aid):
            return
        ctx.log("aw.city_surrenders", "6.8.1", area=aid, country=frame["c"])
        for p in garrison(ctx, aid):
            eliminate(ctx, p, "6.8.1")
        normalize(ctx)
        city_taken(ctx, aid, frame["c"], self._pieces(ctx, frame), frame["garrison_units"], "6.8.1")

    def _assault_done(self, ctx: Ctx, frame: Frame) -> None:
        res = frame.pop("battle_result")
        aid = frame["area"]
        flow.pop(ctx.s)
        attackers = self._pieces(ctx, frame)
        if res["winner"] == "att" and attackers:
            ctx.log("aw.assault_taken", "6.8.2", area=aid, country=frame["c"])
            for p in garrison(ctx, aid):
                rout_piece(ctx, p, "6.8.2")
            normalize(ctx)
            city_taken(ctx, aid, frame["c"], attackers, frame["garrison_units"], "6.8.2", overrun=True)
            return
        holder = city_holder(ctx, aid)
        ctx.log("aw.assault_repulsed", "6.8.2", area=aid, country=holder)
        if holder:
            ctx.award_vp(holder, 1, "8.3", "aw.why.assault_won", area=aid)

    def _standard_done(self, ctx: Ctx, frame: Frame) -> None:
        """6.8.3: each group of hits equal to the present defence removes one level; at full damage the city
        falls, excess hits strike the garrison and the survivors go to the Regroup Box."""
        res = frame.pop("battle_result")
        aid = frame["area"]
        hits = int(res["city_hits"])
        st = ctx.area(aid)
        printed = int(city(ctx, aid).defence)
        levels = 0
        while hits > 0 and st["damage"] < printed and hits >= printed - st["damage"]:
            hits -= printed - st["damage"]
            st["damage"] += 1
            levels += 1
        if levels:
            ctx.log("aw.city_damaged", "6.8.3", area=aid, levels=levels, damage=st["damage"])
        attackers = self._pieces(ctx, frame)
        if st["damage"] >= printed and attackers:
            frame["phase"] = "standard_taken"
            frame["excess"] = hits
            defenders = garrison(ctx, aid)
            if hits and defenders:
                distribute(ctx, side_pieces=defenders, loc=aid, n=hits, mode="hits", decider=city_holder(ctx, aid),
                           rule="6.8.3")
            return
        flow.pop(ctx.s)
        if levels:
            city_damaged(ctx, aid, "6.8.3")

    def _standard_taken(self, ctx: Ctx, frame: Frame) -> None:
        aid = frame["area"]
        flow.pop(ctx.s)
        ctx.log("aw.standard_taken", "6.8.3", area=aid, country=frame["c"])
        for p in garrison(ctx, aid):
            rout_piece(ctx, p, "6.8.3")
        normalize(ctx)
        city_taken(ctx, aid, frame["c"], self._pieces(ctx, frame), frame["garrison_units"], "6.8.3", overrun=True)


def city_damaged(ctx: Ctx, aid: str, rule: str) -> None:
    """6.11.e: city damage was placed on a city that still stands: the response window of that trigger
    (a city taken by its damage, 6.8.3, is no longer the holder's to repair)."""
    open_window(ctx, "response", [x for x in ctx.track() if ctx.active(x)], {"area": aid}, rule, "city_damaged")


def city_vp(ctx: Ctx, aid: str, level: int, garrison_units: int) -> int:
    """8.3: level 3+ 1 VP, a strength-4 fortress 3, Nineveh 4 (instead); level 2 with a garrison 1; a
    garrison of 5+ one more; a capital one more (Nineveh included, decision)."""
    c = city(ctx, aid)
    if ctx.c.areas[aid].nation == "assyria" and c.capital:
        vp = 4
    elif c.fortress and level >= 4:
        vp = 3
    elif level >= 3 or (level == 2 and garrison_units >= 1):
        vp = 1
    else:
        vp = 0
    if garrison_units >= 5:
        vp += 1
    if c.capital:
        vp += 1
    return vp


def city_taken(ctx: Ctx, aid: str, taker: str, besiegers: list[str], garrison_units: int, rule: str, *,
               overrun: bool = False) -> None:
    """A city falls: control (6.12), VPs (8.3, at the siege's starting strength), promotion (9.2), and an
    overrun for a city taken in one round or by assault (6.7.7)."""
    siege = ctx.s["sieges"].pop(aid, None)
    level = int(siege["start_defence"]) if siege else defence(ctx, aid)
    set_control(ctx, aid, taker, rule)
    vp = city_vp(ctx, aid, level, garrison_units)
    if vp and not ctx.area(aid).get("no_vp"):
        share_vp(ctx, besiegers or [], taker, vp, aid)
    promotion_rolls(ctx, leaders_in(ctx, besiegers), "9.2")
    if overrun and besiegers:
        rec = land(ctx)
        rec["finished"] = [p for p in rec["finished"] if p not in besiegers]
        rec["used"] = [p for p in rec["used"] if p not in besiegers]
        rec["free_siege"].append(aid)
        ctx.log("aw.overrun", "6.7.7", area=aid, side="att")


def share_vp(ctx: Ctx, pieces: list[str], taker: str, vp: int, aid: str) -> None:
    """8.3: VPs of a multinational force are shared equally between its powers; the commander's power
    takes the excess (decision)."""
    heads = vp_heads(ctx, track_sorted(ctx, {ctx.owner(p) for p in pieces} | {taker}))
    if not heads:
        ctx.award_vp(taker, vp, "8.3", "aw.why.city", area=aid)
        return
    base, excess = divmod(vp, len(heads))
    lead = taker if taker in heads else (ctx.ally_power(taker) or heads[0])
    for h in heads:
        n = base + (excess if h == lead else 0)
        if n:
            ctx.award_vp(h, n, "8.3", "aw.why.city", area=aid)


# --- sorties ------------------------------------------------------------------------------------------
def start_sortie(ctx: Ctx, aid: str, cid: str, *, phasing: str, response: bool = False) -> None:
    """6.8 Sortie: the garrison fights the besiegers one round without the city's dice and routs. In the
    city owner's impulse (and in response) all nations in the city take part; otherwise only `cid`'s."""
    holder = city_holder(ctx, aid)
    pieces = garrison(ctx, aid)
    if cid != holder and not response:
        pieces = [p for p in pieces if ctx.owner(p) == cid]
    enemies = [p for p in land_pieces_at(ctx, aid, False)
               if any(ctx.at_war(ctx.owner(p), ctx.owner(g)) for g in pieces)]
    ctx.log("aw.sortie", "6.8", area=aid, country=cid, n=len(pieces))
    flow.push(ctx.s, "sortie_end", area=aid, pieces=pieces, enemies=enemies)
    start_battle(ctx, "sortie", aid, pieces, enemies, phasing=phasing, deciders={"att": holder})


@FLOW.register
class SortieEnd(Step[Ctx]):
    """6.8: a sortie with equal or more hits than the besiegers lifts the siege; the besiegers retreat."""

    kind = "sortie_end"
    rule = "6.8"

    def run(self, ctx: Ctx, frame: Frame) -> None:
        res = frame.pop("battle_result", {})
        aid = frame["area"]
        flow.pop(ctx.s)
        if ctx.s["stack"]:
            ctx.s["stack"][-1]["battle_result"] = res
        for p in frame["pieces"]:
            if ctx.piece(p)["loc"] == aid:
                ctx.piece(p)["city"] = True
        if res.get("winner") == "att":
            ctx.s["sieges"].pop(aid, None)
            ctx.log("aw.sortie_lifts", "6.8", area=aid)
            from ashur.games.assyrian_wars.rules.land.retreat import push_retreats

            push_retreats(ctx, [p for p in frame["enemies"] if ctx.piece(p)["loc"] == aid], aid, [], res.get("id"))


def sortie_options(ctx: Ctx, frame: Frame) -> list[str]:
    c = frame["c"]
    out = []
    for aid, siege in sorted(ctx.s["sieges"].items()):
        if not ctx.at_war(siege["besieger"], c):
            continue
        mine = [p for p in garrison(ctx, aid) if ctx.owner(p) == c]
        if not units_in(ctx, mine) or is_finished(ctx, mine) or aid in land_view(ctx)["sieged"]:
            continue
        if not any(ctx.at_war(ctx.owner(p), c) for p in land_pieces_at(ctx, aid, False)):
            continue
        out.append(aid)
    return out


def _offer_sortie(ctx: Ctx, frame: Frame) -> list[Action]:
    if not can_pay(frame, 2):
        return []
    return [action(f"sortie:{aid}", "aw.act.sortie_impulse", "6.8", area=aid, ap=1)
            for aid in sortie_options(ctx, frame)]


def _apply_sortie(ctx: Ctx, frame: Frame, act: Action) -> None:
    aid = act["params"]["area"]
    pay(ctx, frame, 2, "6.8", "sortie", area=aid)
    land(ctx)["sieged"].append(aid)
    mark(ctx, "finished", [p for p in garrison(ctx, aid) if ctx.owner(p) == frame["c"]])
    start_sortie(ctx, aid, frame["c"], phasing="att")


def _explain_sortie(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    return ("a sortie needs a garrison of the phasing country in a besieged city, once per impulse, for 1 AP", "6.8")


HOOKS.add_menu(MenuEntry("siege", _offer, _apply, _explain, order=40, when_passing=True))
HOOKS.add_menu(MenuEntry("sortie", _offer_sortie, _apply_sortie, _explain_sortie, order=41))
