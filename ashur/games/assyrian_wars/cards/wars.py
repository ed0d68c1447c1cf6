"""Foreign wars (6.11.b) and the End Any Foreign War cards (6.11.b, 6.11.f).

A foreign war card names two sides. Each side in the game (a power) commits 2 + D3 units, one D3 for
the war (decision), of its own choice; one of them may be a leader. A side off the map (Lybia, Nubia,
nomads) sets up nothing: it is taken to have the same units as the other side (its mirror is worked out
when a battle is fought, :mod:`cards.foreign_battle`). In a Mede against Mede war the Mede commits for
both sides. The committed pieces leave the map for the card (location ``fw:<card>``, a public box),
recorded in ``state["foreign_wars"]``: ``[{card, by, units, duration, reduced, sides: [{name, country,
pieces, vp}]}]`` (``country`` is None for an off-map side; ``pieces`` every piece ever placed there).

* A side short of units on the map (or on a trade raid) first takes every one it has, then brings units
  from its Regroup Box (1 AP, 6.5) or builds them from its force pool (6.1) straight onto the card,
  paying with a card played for its APs, its impulse's or saved APs, and borrowing the rest (6.11);
  instead it may give up 1 VP per missing unit. With nothing left to bring, the war waits: its duration
  is not rolled (so not reduced) until the country places the missing units in a later impulse.
* Once every unit is placed the duration is rolled (D6) and reduced by one each impulse round, at the
  scheduled impulse of the first country named on the card (also when it must pass, 6.0). At zero the
  war ends: every piece on the card rolls a die, an even number is a hit (eliminated pieces go to their
  pools), and the survivors go to the Regroup Box; the card is discarded.
* A country may end its war early by the End Any Foreign War card, or by winning a battle: 1 AP, a leader
  placed on the card (or one there activated) and a field battle (:mod:`cards.foreign_battle`).
* A country fights one foreign war at a time; no foreign war between allies (6.11.b).
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import drop_leader, normalize, pieces_of
from ashur.games.assyrian_wars.rules.base.losses import apply_hit
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.base.units import is_leader, is_mercenary, strength, unit_type
from ashur.games.assyrian_wars.rules.course.card_effects import op
from ashur.games.assyrian_wars.rules.course.events import can_afford, lasting_cards, remove_lasting
from ashur.games.assyrian_wars.rules.course.impulse import MAX_SAVED, can_pay, current_impulse
from ashur.games.assyrian_wars.rules.course.impulse import pay as impulse_pay
from ashur.games.assyrian_wars.rules.land.recruit import build_cost2
from ashur.games.assyrian_wars.rules.land.siege import check_lifted
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS, MenuEntry

Frame = dict[str, Any]
RULE = "6.11.b"
OFF_MAP = ("lybia", "nubia", "nomads")
#: 6.5: a regular unit or a leader bought back from the Regroup Box
REGROUP_COST2 = 2
#: 6.11.b: a battle to end a foreign war costs 1 AP
BATTLE_COST2 = 2


# --- the record ----------------------------------------------------------------------------------------
def wars(ctx: Ctx) -> list[dict[str, Any]]:
    """The foreign wars being fought (read only: never creates the list)."""
    return list(ctx.s.get("foreign_wars", ()))


def war_of(ctx: Ctx, card: int) -> dict[str, Any] | None:
    return next((w for w in ctx.s.get("foreign_wars", ()) if w["card"] == card), None)


def box(card: int) -> str:
    """Where the pieces committed to the war of `card` are: on the card, off the map."""
    return f"fw:{card}"


def busy(ctx: Ctx) -> set[str]:
    """6.11.b: the countries fighting a foreign war now (no other foreign war card may be played on them)."""
    return {s["country"] for w in ctx.s.get("foreign_wars", ()) for s in w["sides"] if s["country"]}


def on_card(ctx: Ctx, war: dict[str, Any], i: int) -> list[str]:
    """The pieces of side `i` still on the card (sorted)."""
    loc = box(war["card"])
    return sorted(p for p in war["sides"][i]["pieces"] if ctx.piece(p)["loc"] == loc)


def missing(war: dict[str, Any], i: int) -> int:
    """Units side `i` still owes the war (0 for an off-map side)."""
    side = war["sides"][i]
    if side["country"] is None:
        return 0
    return max(0, int(war["units"]) - len(side["pieces"]) - int(side["vp"]))


def complete(war: dict[str, Any]) -> bool:
    return all(missing(war, i) == 0 for i in range(len(war["sides"])))


def first_country(war: dict[str, Any]) -> str | None:
    """The first country named on the card that is in the game: its impulses shorten the war (6.11.b)."""
    return next((s["country"] for s in war["sides"] if s["country"]), None)


def _has_leader(ctx: Ctx, war: dict[str, Any], i: int) -> bool:
    return any(is_leader(ctx, p) for p in on_card(ctx, war, i))


def eligible(ctx: Ctx, war: dict[str, Any], i: int) -> list[str]:
    """Pieces side `i`'s country may send: its land units (mercenaries it hired included) on the map or on a
    trade raid, and one leader per side (6.11.b)."""
    c = war["sides"][i]["country"]
    leader_ok = not _has_leader(ctx, war, i)
    out = []
    table = ctx.s["pieces"]
    for pid in pieces_of(ctx, c):
        p = table[pid]
        loc = p["loc"]
        if not (ctx.on_map(loc) or loc.startswith("raid:")):
            continue
        if p["kind"] in ("unit", "merc") or (leader_ok and p["kind"] in ("leader", "king")):
            out.append(pid)
    return out


def purchases(ctx: Ctx, war: dict[str, Any], i: int) -> list[tuple[str, int]]:
    """(piece, cost in half APs) the country may bring straight onto the card when its map is short:
    regular units and leaders from its Regroup Box (6.5), regular units built from its force pool (6.1)."""
    c = war["sides"][i]["country"]
    leader_ok = not _has_leader(ctx, war, i)
    seen: dict[tuple[Any, ...], tuple[str, int]] = {}
    for pid in ctx.pieces_at("regroup"):
        p = ctx.piece(pid)
        if p["nation"] != c or is_mercenary(ctx, pid) or p.get("hired"):
            continue
        if p["kind"] == "unit" or (leader_ok and p["kind"] in ("leader", "king")):
            key = ("regroup", pid) if is_leader(ctx, pid) else ("regroup", _signature(ctx, pid))
            seen.setdefault(key, (pid, REGROUP_COST2))
    for pid in ctx.pieces_at("pool"):
        p = ctx.piece(pid)
        if p["nation"] == c and p["kind"] == "unit" and not is_mercenary(ctx, pid):
            seen.setdefault(("pool", _signature(ctx, pid)), (pid, build_cost2(ctx, pid)))
    return sorted(seen.values())


def _signature(ctx: Ctx, pid: str) -> tuple[Any, ...]:
    return (unit_type(ctx, pid), strength(ctx, pid), bool(ctx.piece(pid)["red"]))


# --- placing pieces on the card ------------------------------------------------------------------------
def place(ctx: Ctx, war: dict[str, Any], i: int, pid: str, how: str) -> None:
    """Put a piece on the war's card: it leaves the map (9.5: the card is open to all) and its army."""
    p = ctx.piece(pid)
    loc = box(war["card"])
    src = p["loc"]
    leaving_map(ctx, [pid], loc)
    if is_leader(ctx, pid):
        drop_leader(ctx, pid)
    p["army"] = None
    p["city"] = False
    ctx.move_piece(pid, loc)
    war["sides"][i]["pieces"].append(pid)
    ctx.log("aw.fw.placed", RULE, card=war["card"], side=war["sides"][i]["name"], country=ctx.owner(pid),
            piece=pid, src=src, how=how)
    normalize(ctx)
    if src in ctx.s["sieges"]:
        check_lifted(ctx, src)


def give_vp(ctx: Ctx, war: dict[str, Any], i: int) -> None:
    """6.11.b: instead of the missing units the country gives up 1 VP per unit."""
    n = missing(war, i)
    c = war["sides"][i]["country"]
    war["sides"][i]["vp"] += n
    ctx.country(c)["vp"] -= n
    ctx.log("aw.fw.vp_given", RULE, card=war["card"], country=c, n=n)


def start_duration(ctx: Ctx, war: dict[str, Any]) -> None:
    """6.11.b: once every unit is on the card, a D6 gives the war's duration."""
    if war["duration"] is not None or not complete(war):
        return
    war["duration"] = ctx.die(rule=RULE, why="aw.why.fw_duration", card=war["card"])
    ctx.log("aw.fw.duration", RULE, card=war["card"], name=ctx.card(war["card"]).name, n=war["duration"])


def end_war(ctx: Ctx, war: dict[str, Any], how: str) -> None:
    """6.11.b: the end of a foreign war: every piece on the card rolls a D6 and takes a hit on an even
    number (eliminated pieces to their pools); the survivors go to the Regroup Box; the card is discarded."""
    card = war["card"]
    loc = box(card)
    ctx.log("aw.fw.ended", RULE, card=card, name=ctx.card(card).name, how=how)
    pieces = ctx.pieces_at(loc)
    if pieces:
        values = ctx.dice(len(pieces), rule=RULE, why="aw.why.fw_end", card=card, pieces=pieces)
        for pid, v in zip(pieces, values, strict=True):
            if v % 2 == 0:
                apply_hit(ctx, pid, RULE)
        back = [p for p in pieces if ctx.piece(p)["loc"] == loc]
        for pid in back:
            ctx.move_piece(pid, "regroup")
        if back:
            ctx.log("aw.fw.regroup", RULE, card=card, pieces=back)
    ctx.s["foreign_wars"] = [w for w in ctx.s.get("foreign_wars", ()) if w["card"] != card]
    remove_lasting(ctx, card, RULE)


# --- the event: a foreign war --------------------------------------------------------------------------
def check_foreign_war(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    """6.11.b: the named countries are in the game, in no other foreign war, and not allied to each other."""
    named = [s for s in o.sides if s not in OFF_MAP]
    for s in named:
        if not ctx.in_play(s) or not ctx.active(s) or ctx.s.get("eliminated", {}).get(s):
            return f"{s} is not in the game (6.11.b)"
    taken = busy(ctx)
    for s in named:
        if s in taken:
            return f"{s} already fights a foreign war (6.11.b)"
    if len(set(named)) == 2 and ctx.allied(named[0], named[1]):
        return "a foreign war cannot be played between allies (6.11.b)"
    return None


@op("foreign_war", check_foreign_war)
def run_foreign_war(ctx: Ctx, frame: Frame, o: Any) -> None:
    card = frame["card"]
    if check_foreign_war(ctx, frame, o) is not None:
        remove_lasting(ctx, card, RULE)
        ctx.log("aw.fw.void", RULE, card=card)
        return
    roll = ctx.die(rule=RULE, why="aw.why.fw_units", card=card)
    units = 2 + (roll + 1) // 2
    war = {"card": card, "by": frame["c"], "units": units, "duration": None, "reduced": None,
           "sides": [{"name": s, "country": None if s in OFF_MAP else s, "pieces": [], "vp": 0} for s in o.sides]}
    ctx.s.setdefault("foreign_wars", []).append(war)
    ctx.log("aw.fw.started", RULE, card=card, name=ctx.card(card).name, first=o.sides[0], second=o.sides[1],
            units=units)
    for i in reversed(range(len(war["sides"]))):
        if war["sides"][i]["country"]:
            flow.push(ctx.s, "fw_commit", card=card, side=i, c=war["sides"][i]["country"], pot2=0)


@FLOW.register
class FwCommit(Step[Ctx]):
    """6.11.b: the country of one side commits its units to the foreign war, one at a time."""

    kind = "fw_commit"
    rule = RULE

    def _war(self, ctx: Ctx, frame: Frame) -> dict[str, Any] | None:
        return war_of(ctx, frame["card"])

    def _phasing(self, ctx: Ctx, frame: Frame) -> bool:
        imp = current_impulse(ctx)
        return imp is not None and imp["c"] == frame["c"]

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        war = self._war(ctx, frame)
        if war is None or frame.get("waiting") or missing(war, frame["side"]) == 0:
            return []
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)
        co = ctx.country(frame["c"])
        if frame["pot2"] >= 2:
            left = frame["pot2"] // 2
            keep = min(MAX_SAVED, co["saved"] + left)
            gained = keep - co["saved"]
            ctx.log("aw.fw.pot_saved", RULE, country=frame["c"], ap=gained, lost=left - gained)
            co["saved"] = keep
        war = self._war(ctx, frame)
        if war is not None:
            start_duration(ctx, war)

    def _affordable(self, ctx: Ctx, frame: Frame, cost2: int) -> bool:
        rest = max(0, cost2 - frame["pot2"])
        if rest == 0:
            return True
        if self._phasing(ctx, frame):
            return True  # the phasing country borrows what its impulse lacks (6.11)
        return can_afford(ctx, frame["c"], rest / 2)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        war = self._war(ctx, frame)
        if war is None:
            return []
        i, card = frame["side"], frame["card"]
        units = eligible(ctx, war, i)
        if units:
            return [action(f"fw_unit:{p}", "aw.act.fw_unit", RULE, piece=p, area=ctx.piece(p)["loc"], card=card)
                    for p in units]
        acts = [action(f"fw_buy:{p}", "aw.act.fw_buy", RULE, piece=p, src=ctx.piece(p)["loc"], ap=cost2 / 2,
                       card=card)
                for p, cost2 in purchases(ctx, war, i) if self._affordable(ctx, frame, cost2)]
        if acts and not self._phasing(ctx, frame):
            acts += [action(f"fw_card:{n}", "aw.act.fw_card", RULE, card=n, name=ctx.card(n).name,
                            ap=ctx.card(n).ap) for n in sorted(set(ctx.hand(frame["c"])))]
        acts.append(action("fw_vp", "aw.act.fw_vp", RULE, n=missing(war, i), card=card))
        if not acts[:-1]:
            acts.append(action("fw_wait", "aw.act.fw_wait", RULE, n=missing(war, i), card=card))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        war = self._war(ctx, frame)
        return {"key": "aw.prompt.fw_commit",
                "params": {"country": actor, "card": frame["card"], "name": ctx.card(frame["card"]).name,
                           "n": missing(war, frame["side"]) if war else 0, "ap": frame["pot2"] / 2}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith(("fw_buy:", "fw_card:", "fw_vp", "fw_wait")):
            return ("the units on the map (and on trade raids) must be sent first; only when they run short may "
                    "units be bought, VPs be given or the war wait", RULE)
        return ("not a piece of this country that can go to the foreign war", RULE)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        war = self._war(ctx, frame)
        assert war is not None
        i = frame["side"]
        head = act["id"].split(":")[0]
        if head == "fw_unit":
            place(ctx, war, i, act["params"]["piece"], "map")
        elif head == "fw_buy":
            pid = act["params"]["piece"]
            self._pay(ctx, frame, int(2 * act["params"]["ap"]))
            if ctx.piece(pid)["loc"] == "pool":
                ctx.piece(pid)["red"] = False
            place(ctx, war, i, pid, ctx.piece(pid)["loc"])
        elif head == "fw_card":
            n = act["params"]["card"]
            ctx.discard(actor, n)
            ctx.reveal()
            frame["pot2"] += 2 * int(ctx.card(n).ap)
            ctx.log("aw.fw.card_for_ap", RULE, country=actor, card=n, name=ctx.card(n).name, ap=ctx.card(n).ap)
        elif head == "fw_vp":
            give_vp(ctx, war, i)
        else:
            ctx.log("aw.fw.waits", RULE, card=frame["card"], country=actor, n=missing(war, i))
            frame["waiting"] = True

    def _pay(self, ctx: Ctx, frame: Frame, cost2: int) -> None:
        """6.11.b: a card played for APs first, then the impulse's (or the saved) APs, borrowing the rest
        against the next impulse (6.11)."""
        c = frame["c"]
        use = min(frame["pot2"], cost2)
        frame["pot2"] -= use
        rest = cost2 - use
        if use:
            ctx.log("aw.spend", RULE, country=c, ap=Ctx.ap_text(use), what="foreign war")
        if rest <= 0:
            return
        co = ctx.country(c)
        imp = current_impulse(ctx)
        short = 0
        if imp is not None and imp["c"] == c:
            while not can_pay(imp, rest):
                imp["ap2"] += 2
                short += 1
            impulse_pay(ctx, imp, rest, RULE, "foreign war")
        else:
            need = -(-rest // 2)
            saved = min(co["saved"], need)
            co["saved"] -= saved
            short = need - saved
            if saved:
                ctx.log("aw.spend", RULE, country=c, ap=saved, what="foreign war")
        if short:
            co["borrowed"] = co.get("borrowed", 0) + short
            ctx.log("aw.borrow", "6.11", country=c, ap=short)


# --- the event: End Any Foreign War --------------------------------------------------------------------
def check_end_foreign_war(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not ctx.s.get("foreign_wars"):
        return "no foreign war is being fought (6.11.b)"
    return None


@op("end_foreign_war", check_end_foreign_war)
def run_end_foreign_war(ctx: Ctx, frame: Frame, o: Any) -> None:
    cards = [w["card"] for w in wars(ctx)]
    if len(cards) == 1:
        end_war(ctx, wars(ctx)[0], "aw.fw.how_card")
        return
    if cards:
        flow.push(ctx.s, "fw_choose_end", c=frame["c"], card=frame["card"])


@FLOW.register
class FwChooseEnd(Step[Ctx]):
    """6.11.b: the player of End Any Foreign War picks the war it ends."""

    kind = "fw_choose_end"
    rule = RULE

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]] if wars(ctx) else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"end_fw:{w['card']}", "aw.act.fw_end", RULE, card=w["card"], name=ctx.card(w["card"]).name)
                for w in wars(ctx)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.fw_end", "params": {"country": actor, "card": frame["card"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        war = war_of(ctx, act["params"]["card"])
        assert war is not None
        end_war(ctx, war, "aw.fw.how_card")


# --- the course of a war: its duration ------------------------------------------------------------------
def _impulse_start(ctx: Ctx, impulse: Frame) -> None:
    """6.11.b, 6.0: each impulse round, when the impulse marker reaches the first country named on the card,
    the duration drops by one (also when that country must pass); at zero the war ends. A war whose
    country has left the game ends too. Runs before maintenance and desert attrition (see the hook below)."""
    if not ctx.s.get("foreign_wars"):
        return
    key = [ctx.turn, int(ctx.s["round"])]
    for war in wars(ctx):
        gone = [s["country"] for s in war["sides"] if s["country"] and
                (not ctx.in_play(s["country"]) or ctx.s.get("eliminated", {}).get(s["country"]))]
        if gone:
            end_war(ctx, war, "aw.fw.how_gone")
            continue
        if impulse["kind"] != "scheduled" or first_country(war) != impulse["c"] or war["reduced"] == key:
            continue
        if war["duration"] is None:
            ctx.log("aw.fw.stalled", RULE, card=war["card"], country=impulse["c"])
            continue
        war["reduced"] = key
        war["duration"] -= 1
        ctx.log("aw.fw.shortened", RULE, card=war["card"], name=ctx.card(war["card"]).name, n=war["duration"])
        if war["duration"] <= 0:
            end_war(ctx, war, "aw.fw.how_time")


# 6.11.b: the duration drops when the impulse marker reaches the country, a public moment: before the
# maintenance and desert attrition of the impulse (6.10, 6.6.1, order 50), whose hits may wait for the
# phasing country to assign them, depending on forces that fog hides (9.5). Run after them, the war would
# be shortened in this action or a later one as those hidden forces decide.
HOOKS.add_impulse_start(40, "6.11.b foreign war duration", _impulse_start)


# --- the menu: late units, VPs, a battle to end the war --------------------------------------------------
def _offer(ctx: Ctx, impulse: Frame) -> list[Action]:
    c = impulse["c"]
    acts: list[Action] = []
    for war in wars(ctx):
        card = war["card"]
        for i, side in enumerate(war["sides"]):
            if side["country"] != c:
                continue
            if missing(war, i):
                units = eligible(ctx, war, i)
                acts += [action(f"fwar:{card}:place:{i}:{p}", "aw.act.fw_place", RULE, card=card, piece=p,
                                area=ctx.piece(p)["loc"]) for p in units]
                if not units:
                    acts.append(action(f"fwar:{card}:vp:{i}", "aw.act.fw_vp", RULE, card=card, n=missing(war, i)))
                continue
            if war["duration"] is None or impulse["passing"] or impulse["flags"].get(f"fw_battle:{card}") \
                    or not can_pay(impulse, BATTLE_COST2):
                continue
            acts += [action(f"fwar:{card}:battle:{i}:{lid}", "aw.act.fw_battle", RULE, card=card, leader=lid,
                            area=ctx.piece(lid)["loc"], ap=1) for lid in battle_leaders(ctx, war, i)]
    return acts


def battle_leaders(ctx: Ctx, war: dict[str, Any], i: int) -> list[str]:
    """6.11.b: a leader already on the card is activated; else one of the country's leaders on the map is
    placed on the card."""
    there = [p for p in on_card(ctx, war, i) if is_leader(ctx, p)]
    if there:
        return there
    c = war["sides"][i]["country"]
    return [p for p in pieces_of(ctx, c) if ctx.piece(p)["kind"] in ("leader", "king")
            and ctx.on_map(ctx.piece(p)["loc"])]


def _apply(ctx: Ctx, impulse: Frame, act: Action) -> None:
    _, card_s, what, i_s, *rest = act["id"].split(":")
    war = war_of(ctx, int(card_s))
    assert war is not None
    i = int(i_s)
    if what == "place":
        place(ctx, war, i, rest[0], "map")
        start_duration(ctx, war)
    elif what == "vp":
        give_vp(ctx, war, i)
        start_duration(ctx, war)
    else:
        lid = rest[0]
        impulse_pay(ctx, impulse, BATTLE_COST2, RULE, "foreign war battle", card=war["card"])
        impulse["flags"][f"fw_battle:{war['card']}"] = True
        if ctx.piece(lid)["loc"] != box(war["card"]):
            place(ctx, war, i, lid, "battle")
        flow.push(ctx.s, "fw_battle", card=war["card"], side=i, c=impulse["c"], leader=lid, phase="start")


def _explain(ctx: Ctx, impulse: Frame, action_id: str) -> tuple[str, str] | None:
    parts = action_id.split(":")
    war = war_of(ctx, int(parts[1])) if len(parts) > 1 and parts[1].isdigit() else None
    if war is None:
        return ("no foreign war is fought on that card", RULE)
    if len(parts) > 2 and parts[2] == "battle":
        if war["duration"] is None:
            return ("a battle can end a foreign war only once all its units are on the card", RULE)
        if impulse["flags"].get(f"fw_battle:{war['card']}"):
            return ("one battle per foreign war and impulse (decision)", RULE)
        return ("a battle costs 1 AP and a leader of the country on the map or on the card", RULE)
    return ("only the country of a side may place its missing units on the card", RULE)


HOOKS.add_menu(MenuEntry("fwar", _offer, _apply, _explain, order=70, when_passing=True))


# --- consistency ---------------------------------------------------------------------------------------
def invariant(ctx: Ctx) -> list[str]:
    """Pieces on a foreign war card belong to a war of that card and its country; every war's card is face up."""
    out = []
    listed: dict[str, int] = {}
    for w in ctx.s.get("foreign_wars", ()):
        if not lasting_cards(ctx, w["card"]):
            out.append(f"foreign war card {w['card']} is not face up (6.11.b)")
        for s in w["sides"]:
            for p in s["pieces"]:
                listed[p] = w["card"]
    for pid, p in ctx.s["pieces"].items():
        loc = p["loc"]
        if loc.startswith("fw:"):
            if listed.get(pid) != int(loc[3:]):
                out.append(f"piece {pid} on {loc} belongs to no foreign war there (6.11.b)")
            elif p["kind"] not in ("unit", "merc", "leader", "king"):
                out.append(f"piece {pid} on {loc} is not a land piece (6.11.b)")
    return out


HOOKS.add_invariant(invariant)

