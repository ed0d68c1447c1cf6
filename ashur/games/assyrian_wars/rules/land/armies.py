"""Army groups (6.6.3, 6.6.4), selling the army group card (6.6.6) and the Mede before turn 4 (10.2).

* Forming an army group costs nothing: two or three armies of one camp in one area, in the phasing
  country's impulse, on an army group card of a country with an army in it (6.6.3); armies of another
  player join only with that player's consent (6.6.4); one king at most, and he commands; the Mede has
  no card of his own before turn 4 but one Mede army may join an ally's group (10.2).
* The phasing country may replace its own commander (not a king) and may dissolve its group; a group
  formed or changed in an impulse is not changed again in it (decision: no back-and-forth).
* A multinational group may be activated by any member; command passes to the phasing country's leader
  unless a king commands (6.6.4).
* 6.6.6: in its first impulse of a turn a power other than Assyria may sell its army group card for 4 AP
  of this impulse; the Mede must sell it in turns 1–3 (10.2).
* 10.2: before turn 4 (or Khshathrita's unification) only one Mede army may operate outside the Mede
  home areas, and the Mede regulars outside may not exceed its leader's command rating.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import (
    army_units,
    best_leader,
    command,
    form_group,
    free_ag_cards,
    group_of,
    groups,
    is_finished,
    kings_among,
    land,
    land_view,
    leaders_in,
    mede_divided,
    nation_pieces,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_regular
from ashur.games.assyrian_wars.rules.course.impulse import add_ap
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
MEDE = "mede"
AG_CARD_PRICE = 4
MAX_ARMIES = 3


# --- 10.2 the Mede before turn 4 --------------------------------------------------------------------
_MEDE_HOME: dict[int, frozenset[str]] = {}


def mede_home(ctx: Ctx) -> frozenset[str]:
    """The Mede home areas (one set per content)."""
    home = _MEDE_HOME.get(id(ctx.c))
    if home is None:
        home = _MEDE_HOME[id(ctx.c)] = frozenset(ctx.c.home_areas(MEDE))
    return home


def mede_limit(ctx: Ctx, outside_leader: str | None) -> int:
    if outside_leader is not None:
        return command(ctx, outside_leader)
    table = ctx.s["pieces"]
    leaders = [pid for pid in nation_pieces(ctx, MEDE) if is_leader(ctx, pid) and ctx.on_map(table[pid]["loc"])]
    return max((command(ctx, lid) for lid in leaders), default=0)


def mede_may_operate(ctx: Ctx, pieces: list[str], dest: str) -> bool:
    """10.2: whether Mede `pieces` may go to `dest` before the Medes unite."""
    if not mede_divided(ctx):
        return True
    home = mede_home(ctx)
    if dest in home:
        return True
    table = ctx.s["pieces"]
    mine = [p for p in pieces if table[p]["nation"] == MEDE]
    if not mine:
        return True
    moving = set(pieces)
    own_leader = next(iter(leaders_in(ctx, mine)), None)
    areas = ctx.c.areas
    outside_armies = []
    outside = 0
    for pid in nation_pieces(ctx, MEDE):  # in id order
        if pid in moving:
            continue
        loc = table[pid]["loc"]
        if loc not in areas or loc in home or not ctx.on_map(loc):
            continue
        if is_leader(ctx, pid):
            if army_units(ctx, pid):
                outside_armies.append(pid)
        elif is_regular(ctx, pid):
            outside += 1
    if own_leader is not None and units_in(ctx, mine) and outside_armies:
        return False
    outside += sum(1 for p in mine if is_regular(ctx, p))
    lead = own_leader if own_leader is not None and units_in(ctx, mine) else next(iter(outside_armies), None)
    return outside <= mede_limit(ctx, lead)


def mede_armies_in(ctx: Ctx, leaders: list[str]) -> int:
    return sum(1 for lid in leaders if ctx.piece(lid)["nation"] == MEDE)


# --- forming army groups -----------------------------------------------------------------------------
def _armies_here(ctx: Ctx, area: str, city: bool) -> list[str]:
    out = []
    pieces = ctx.s["pieces"]
    for pid in ctx.pieces_here(area):
        p = pieces[pid]
        if p["kind"] in ("leader", "king") and bool(p["city"]) == city and army_units(ctx, pid) \
                and group_of(ctx, pid) is None:
            out.append(pid)
    return out


def joinable(ctx: Ctx, c: str, members: list[str], lid: str) -> bool:
    """Whether army `lid` may join a group being formed of `members` (6.6.3, 6.6.4, 10.2)."""
    if lid in members or lid in land_view(ctx)["group_changed"] or is_finished(ctx, [lid]):
        return False
    nation = ctx.piece(lid)["nation"]
    if not ctx.allied(nation, c) or (ctx.is_nomad(nation) and not ctx.ally_power(nation)):
        return False
    if len(members) >= MAX_ARMIES or len(kings_among(ctx, [*members, lid])) > 1:
        return False
    if mede_divided(ctx) and mede_armies_in(ctx, [*members, lid]) > 1:
        return False
    return role_of(ctx, nation) is not None


def cards_for(ctx: Ctx, members: list[str]) -> list[int]:
    """Free army group cards of the countries with an army among `members` (6.6.3, 6.6.4)."""
    out: list[int] = []
    for nation in sorted({ctx.piece(lid)["nation"] for lid in members}):
        out += free_ag_cards(ctx, nation)
    return sorted(out)


def _offer_group(ctx: Ctx, frame: Frame) -> list[Action]:
    c = frame["c"]
    acts = []
    changed = land_view(ctx)["group_changed"]
    pieces = ctx.s["pieces"]
    areas = ctx.c.areas
    for pid in nation_pieces(ctx, c):
        p = pieces[pid]
        if p["kind"] not in ("leader", "king") or p["loc"] not in areas:  # a leader on the map (areas only)
            continue
        city = bool(p["city"])
        if not any(q != pid and (o := pieces[q])["kind"] in ("leader", "king") and bool(o["city"]) == city
                   for q in ctx.pieces_here(p["loc"])):
            continue  # no other leader beside him: the cheap test first
        if pid in changed or group_of(ctx, pid) is not None or not army_units(ctx, pid) or is_finished(ctx, [pid]):
            continue
        others = [lid for lid in _armies_here(ctx, p["loc"], city) if joinable(ctx, c, [pid], lid)]
        if any(cards_for(ctx, [pid, lid]) for lid in others):
            acts.append(action(f"group:{pid}", "aw.act.form_group", "6.6.3", leader=pid, area=p["loc"]))
    for gid, g in sorted(groups(ctx).items()):
        if g["owner"] == c and gid not in changed:
            acts.append(action(f"ungroup:{gid}", "aw.act.dissolve_group", "6.6.3", group=gid))
        cmd = g["commander"]
        if ctx.piece(cmd)["nation"] == c and not kings_among(ctx, g["armies"]) and gid not in \
                land_view(ctx)["commander_changed"]:
            for lid in g["armies"]:
                if lid != cmd and ctx.piece(lid)["nation"] == c:
                    acts.append(action(f"commander:{gid}:{lid}", "aw.act.group_commander", "6.6.4", group=gid,
                                       leader=lid))
    return acts


def _apply_group(ctx: Ctx, frame: Frame, act: Action) -> None:
    aid = act["id"]
    rec = land(ctx)
    if aid.startswith("group:"):
        lid = act["params"]["leader"]
        flow.push(ctx.s, "group_form", c=frame["c"], members=[lid], queue=[], card=None)
        return
    if aid.startswith("ungroup:"):
        gid = act["params"]["group"]
        from ashur.games.assyrian_wars.rules.base.forces import dissolve_group

        rec["group_changed"] += list(groups(ctx)[gid]["armies"])
        rec["group_changed"].append(gid)
        dissolve_group(ctx, gid, "6.6.3")
        return
    gid, lid = act["params"]["group"], act["params"]["leader"]
    groups(ctx)[gid]["commander"] = lid
    rec["commander_changed"].append(gid)
    ctx.log("aw.group_commander", "6.6.4", group=gid, commander=lid)


def _explain_group(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    if action_id.startswith("group:"):
        if mede_divided(ctx) and frame["c"] == MEDE:
            return ("the Medes cannot form army groups before turn 4", "10.2")
        return ("an army group needs two or three armies of one camp in one area and a free army group card of "
                "one of their countries", "6.6.3")
    if action_id.startswith("commander:"):
        return ("the phasing country may only replace its own commander by one of its leaders, never a king",
                "6.6.4")
    return ("only the owner dissolves its army group, once per impulse", "6.6.3")


@FLOW.register
class GroupForm(Step[Ctx]):
    """6.6.3/6.6.4: choose the armies (consent of other players' armies) and the card of a new army group."""

    kind = "group_form"
    rule = "6.6.3"

    def _candidates(self, ctx: Ctx, frame: Frame) -> list[str]:
        base = ctx.piece(frame["members"][0])
        return [lid for lid in _armies_here(ctx, base["loc"], bool(base["city"]))
                if joinable(ctx, frame["c"], frame["members"], lid) and cards_for(ctx, [*frame["members"], lid])]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["queue"]:
            return [frame["queue"][0]["c"]]
        if len(frame["members"]) < 2 and not self._candidates(ctx, frame):
            return []
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if frame["queue"]:
            lid = frame["queue"][0]["lid"]
            return [action(f"consent:{lid}", "aw.act.consent_group", "6.6.4", leader=lid),
                    action(f"refuse:{lid}", "aw.act.refuse_group", "6.6.4", leader=lid)]
        acts = [action(f"add:{lid}", "aw.act.add_to_group", "6.6.3", leader=lid)
                for lid in self._candidates(ctx, frame)]
        if len(frame["members"]) >= 2:
            acts += [action(f"card:{n}", "aw.act.group_card", "6.6.3", card=n)
                     for n in cards_for(ctx, frame["members"])]
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.group_form", "params": {"country": actor, "n": len(frame["members"])}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        aid = act["id"]
        if frame["queue"]:
            q = frame["queue"].pop(0)
            ctx.log("aw.consent", "6.6.4", country=actor, leader=q["lid"], given=aid.startswith("consent:"))
            if aid.startswith("consent:"):
                frame["members"].append(q["lid"])
            else:
                land(ctx)["group_changed"].append(q["lid"])
            return
        if aid.startswith("add:"):
            lid = act["params"]["leader"]
            if role_of(ctx, ctx.piece(lid)["nation"]) != role_of(ctx, frame["c"]):
                frame["queue"].append({"c": ctx.piece(lid)["nation"], "lid": lid})
            else:
                frame["members"].append(lid)
            return
        card = act["params"]["card"]
        owner = ctx.c.cards[card].owner
        flow.pop(ctx.s)
        land(ctx)["group_changed"] += list(frame["members"])
        gid = form_group(ctx, card, owner, frame["members"], "6.6.3")
        land(ctx)["group_changed"].append(gid)

    def run(self, ctx: Ctx, frame: Frame) -> None:
        """Nobody is left to join: no group is formed."""
        ctx.log("aw.group_not_formed", "6.6.4", country=frame["c"])
        flow.pop(ctx.s)


def activate_group(ctx: Ctx, gid: str, c: str) -> None:
    """6.6.4: a multinational group activated by another member: its leader commands unless a king does."""
    g = groups(ctx)[gid]
    if ctx.piece(g["commander"])["nation"] == c or kings_among(ctx, g["armies"]):
        return
    lead = best_leader(ctx, [lid for lid in g["armies"] if ctx.piece(lid)["nation"] == c])
    if lead is not None:
        g["commander"] = lead
        ctx.log("aw.group_commander", "6.6.4", group=gid, commander=lead)


# --- 6.6.6 selling the army group card ----------------------------------------------------------------
def may_sell(ctx: Ctx, frame: Frame) -> bool:
    c = frame["c"]
    if not ctx.is_power(c) or c == "assyria" or not frame["flags"].get("first_of_turn"):
        return False
    co = ctx.country(c)
    if co.get("ag_sold") or land_view(ctx)["sold_card"]:
        return False
    return not any(g["owner"] == c for g in groups(ctx).values())


def sell_card(ctx: Ctx, frame: Frame, rule: str) -> None:
    c = frame["c"]
    ctx.country(c)["ag_sold"] = True
    land(ctx)["sold_card"] = True
    add_ap(frame, AG_CARD_PRICE)
    ctx.log("aw.ag_card_sold", rule, country=c, ap=AG_CARD_PRICE)


def _offer_sell(ctx: Ctx, frame: Frame) -> list[Action]:
    if not may_sell(ctx, frame):
        return []
    return [action("sell_ag", "aw.act.sell_ag_card", "6.6.6", ap=AG_CARD_PRICE)]


def _apply_sell(ctx: Ctx, frame: Frame, act: Action) -> None:
    sell_card(ctx, frame, "6.6.6")


def _explain_sell(ctx: Ctx, frame: Frame, action_id: str) -> tuple[str, str] | None:
    if frame["c"] == "assyria":
        return ("Assyria with its standing army can never sell its army group cards", "6.6.6")
    return ("only a power in its first impulse of a turn sells its army group card, once, while no army group "
            "uses it", "6.6.6")


def _impulse_start(ctx: Ctx, frame: Frame) -> None:
    """Mark a country's first impulse of the turn; the Mede sells its card in turns 1–3 (6.6.6, 10.2)."""
    c = frame["c"]
    co = ctx.country(c)
    if co.get("impulse_turn") != ctx.turn:
        co["impulse_turn"] = ctx.turn
        frame["flags"]["first_of_turn"] = True
    if c == MEDE and mede_divided(ctx) and frame["flags"].get("first_of_turn") and may_sell(ctx, frame):
        sell_card(ctx, frame, "10.2")


HOOKS.add_impulse_start(5, "6.6.6 first impulse", _impulse_start)
HOOKS.add_menu(MenuEntry("group", _offer_group, _apply_group, _explain_group, order=30))
HOOKS.add_menu(MenuEntry("ungroup", lambda ctx, f: [], _apply_group, _explain_group, order=31))
HOOKS.add_menu(MenuEntry("commander", lambda ctx, f: [], _apply_group, _explain_group, order=32))
HOOKS.add_menu(MenuEntry("sell_ag", _offer_sell, _apply_sell, _explain_sell, order=1))
