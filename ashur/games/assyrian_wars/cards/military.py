"""Move cards (6.11.h): moves that otherwise would not be possible.

Operations handled here: ``free_move`` (card 35), ``prevent_interception`` (35, 75), ``long_march`` (64),
``ignore_terrain`` (64, 71, 72, 73) and ``coordinated_attack`` (63).

Most of them work on one force of the card's player for the rest of the impulse. The player picks the force
when the event resolves (the ``moves_force`` step; several operations of one card share the pick through
``vars["force"]``), and the operation records a lasting effect in the store of card effects
(``events.add_effect``, until the end of the impulse). The movement rules consult those effects at every
step of a move (:mod:`rules.land.move_cards`): free areas, no interception, no attrition for long marches
or for crossing some connections, no terrain battle dice for the defenders.

The coordinated attack (6.7: besides army groups and multiple interceptions, only this card lets several
forces attack together) is resolved here: the player picks an enemy force's area and two or three own or
allied armies standing in different areas next to it; they enter together, paying the usual movement APs
(6.6), and fight the battle as one attacking side.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import (
    all_forces_of,
    force,
    land,
    land_pieces_at,
    land_view,
    normalize,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged
from ashur.games.assyrian_wars.rules.base.terrain import attrition, connection, crossing_attrition
from ashur.games.assyrian_wars.rules.course.card_effects import effects_frame, op
from ashur.games.assyrian_wars.rules.course.events import add_effect, event_cost
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, current_impulse, pay
from ashur.games.assyrian_wars.rules.land.armies import activate_group
from ashur.games.assyrian_wars.rules.land.entering import push_entry
from ashur.games.assyrian_wars.rules.land.movement import FREE_AREAS, movable, steps
from ashur.games.assyrian_wars.rules.land.siege import check_lifted
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
Force = dict[str, Any]
RULE = "6.11.h"
#: the defenders' terrain battle dice of a connection (6.7.3), to pick the coordinated attack's crossing
TERRAIN_DICE = {"river": 1, "mountain": 2, "mede": 1}


# --- one force of the card's player --------------------------------------------------------------------
def candidate_forces(ctx: Ctx, c: str, pick: str) -> list[Force]:
    """The forces of `c` a card may be played on: forces that may still move this impulse (6.6); ``army``
    a leader with units (not an army group), ``army_or_army_group`` a leader or group with units,
    ``any_force`` any of them (units without a leader too)."""
    halted = land_view(ctx).get("halted", [])
    out = []
    for f in all_forces_of(ctx, c):
        if not movable(ctx, c, f) or (f["leaders"] and any(p in halted for p in f["leaders"])):
            continue
        if pick != "any_force" and not (f["leaders"] and units_in(ctx, f["pieces"])):
            continue
        if pick == "army" and f["id"].startswith("ag"):
            continue
        out.append(f)
    return out


def _describe(f: Force) -> dict[str, Any]:
    return {"id": f["id"], "leaders": list(f["leaders"]), "units": list(f["units"]), "area": f["loc"]}


def chosen_force(ctx: Ctx, frame: Frame, pick: str) -> dict[str, Any] | None:
    """The force the card's operations work on: picked already (``vars["force"]``), else the player is
    asked now and the operation runs again once it is picked (None is returned meanwhile)."""
    found = frame["vars"].get("force")
    if found is not None:
        return dict(found)
    flow.push(ctx.s, "moves_force", c=frame["c"], card=frame["card"], pick=pick)
    return None


def check_force(pick: str) -> Any:
    def check(ctx: Ctx, frame: Frame, o: Any) -> str | None:
        if frame["vars"].get("force") is not None or candidate_forces(ctx, frame["c"], pick):
            return None
        return "you have no force on the map that can still move this impulse (6.11.h)"
    return check


@FLOW.register
class MovesForce(Step[Ctx]):
    """6.11.h: the card's player picks the force the move card works on."""

    kind = "moves_force"
    rule = RULE

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["c"]]

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"force:{f['id']}", "aw.act.moves_force", RULE, force=f["id"], area=f["loc"],
                       n=len(units_in(ctx, f["pieces"])), card=frame["card"])
                for f in candidate_forces(ctx, frame["c"], frame["pick"])]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.moves_force", "params": {"country": actor, "card": frame["card"],
                                                           "name": ctx.card(frame["card"]).name}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("pick one of your forces on the map that can still move this impulse", RULE)

    def run(self, ctx: Ctx, frame: Frame) -> None:  # pragma: no cover - deciders are never empty
        flow.pop(ctx.s)

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        flow.pop(ctx.s)
        f = force(ctx, act["params"]["force"])
        assert f is not None
        parent = effects_frame(ctx)
        parent["vars"]["force"] = _describe(f)
        parent["i"] -= 1  # the operation that asked runs again, now with its force
        log_fogged(ctx, "aw.moves.force_chosen", RULE, list(f["pieces"]), country=actor, card=frame["card"],
                   force=f["id"], area=f["loc"], public="aw.moves.force_chosen_public",
                   public_params={"country": actor, "card": frame["card"], "area": f["loc"]})


# --- free move, no interception, long march, terrain -------------------------------------------------
def _free_move(ctx: Ctx, frame: Frame, o: Any) -> None:
    desc = chosen_force(ctx, frame, o.force)
    if desc is None:
        return
    add_effect(ctx, "free_move", frame["c"], frame["card"], "impulse", force=desc, left=o.max_areas,
               ap_cost=o.ap_cost, no_extra_attrition=o.no_extra_attrition)
    ctx.log("aw.moves.free_move", RULE, country=frame["c"], card=frame["card"], area=desc["area"],
            areas=o.max_areas, ap=o.ap_cost)


def _check_free_move(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    return check_force(o.force)(ctx, frame, o)


def _prevent_interception(ctx: Ctx, frame: Frame, o: Any) -> None:
    desc = chosen_force(ctx, frame, "any_force")
    if desc is None:
        return
    add_effect(ctx, "prevent_interception", frame["c"], frame["card"], "impulse", force=desc,
               free_only=o.scope == "this_move")
    ctx.log("aw.moves.prevent_interception", RULE, country=frame["c"], card=frame["card"], area=desc["area"],
            scope=o.scope)


def _long_march(ctx: Ctx, frame: Frame, o: Any) -> None:
    desc = chosen_force(ctx, frame, "any_force")
    if desc is None:
        return
    add_effect(ctx, "long_march", frame["c"], frame["card"], "impulse", force=desc)
    ctx.log("aw.moves.long_march", RULE, country=frame["c"], card=frame["card"], area=desc["area"],
            areas=FREE_AREAS)


def _ignore_terrain(ctx: Ctx, frame: Frame, o: Any) -> None:
    desc = None
    if o.scope == "one_force_this_impulse":
        desc = chosen_force(ctx, frame, "any_force")
        if desc is None:
            return
    add_effect(ctx, "ignore_terrain", frame["c"], frame["card"], "impulse", force=desc,
               types=list(o.connection_types), effects=o.effects)
    ctx.log("aw.moves.ignore_terrain", RULE, country=frame["c"], card=frame["card"],
            area=desc["area"] if desc else "", conns=", ".join(o.connection_types), effects=o.effects)


def _check_ignore_terrain(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if o.scope != "one_force_this_impulse":
        return None
    return check_force("any_force")(ctx, frame, o)


op("free_move", _check_free_move)(_free_move)
op("prevent_interception", check_force("any_force"))(_prevent_interception)
op("long_march", check_force("any_force"))(_long_march)
op("ignore_terrain", _check_ignore_terrain)(_ignore_terrain)


# --- coordinated attack (card 63, 6.7) ------------------------------------------------------------------
def _partners(ctx: Ctx, c: str) -> list[str]:
    """`c` and the countries allied to it ("your or allied armies")."""
    return [x for x in ctx.track() if x == c or (ctx.active(x) and ctx.allied(x, c))]


def _defenders(ctx: Ctx, area: str, c: str) -> list[str]:
    return sorted({ctx.owner(p) for p in land_pieces_at(ctx, area, False) if ctx.at_war(ctx.owner(p), c)})


def attack_options(ctx: Ctx, c: str, imp: Frame) -> dict[str, list[tuple[str, str, int]]]:
    """Enemy-held areas and the armies that may enter them in a coordinated attack: {area: [(force id,
    its area, cost in half APs)]}. An army (a leader or army group with units) of `c` or of an ally, able
    to move this impulse, next to an area with field forces at war with `c` and with all of its countries;
    entering it must need no declaration of war (8.1)."""
    halted = land_view(ctx).get("halted", [])
    seen: set[str] = set()
    out: dict[str, list[tuple[str, str, int]]] = {}
    for x in _partners(ctx, c):
        for f in all_forces_of(ctx, x):
            if f["id"] in seen or not f["leaders"] or not units_in(ctx, f["pieces"]):
                continue
            seen.add(f["id"])
            if not movable(ctx, f["country"], f) or any(p in halted for p in f["leaders"]) \
                    or role_of(ctx, f["country"]) is None:
                continue
            for area, cost2, dow in steps(ctx, imp, c, f["pieces"], f["loc"], False):
                defenders = _defenders(ctx, area, c)
                if dow is not None or not defenders:
                    continue
                if all(ctx.at_war(fc, d) for fc in f["countries"] for d in defenders):
                    out.setdefault(area, []).append((f["id"], f["loc"], cost2))
    return out


def _cheapest_pair(options: list[tuple[str, str, int]]) -> int | None:
    """The least cost of two of the options standing in different areas (None if there are no two)."""
    best: int | None = None
    for i, (_f, a, ca) in enumerate(options):
        for _g, b, cb in options[i + 1:]:
            if a != b and (best is None or ca + cb < best):
                best = ca + cb
    return best


def targets(ctx: Ctx, c: str, imp: Frame, reserve2: int = 0) -> dict[str, list[tuple[str, str, int]]]:
    """The areas a coordinated attack may go for: two armies in different areas can pay their way in."""
    out = {}
    for area, options in sorted(attack_options(ctx, c, imp).items()):
        pair = _cheapest_pair(options)
        if pair is not None and can_pay(imp, pair + reserve2):
            out[area] = options
    return out


def _check_coordinated(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    imp = current_impulse(ctx)
    if imp is None or imp["c"] != frame["c"]:
        return "a coordinated attack is made in your own impulse (6.11.h)"
    # offered before its event cost is paid: the armies' steps must be affordable besides it
    if not targets(ctx, frame["c"], imp, int(2 * event_cost(ctx, frame["card"]))):
        return ("no enemy force has two of your or allied armies in different areas next to it that can pay "
                "their way in (6.7, 6.6)")
    return None


@op("coordinated_attack", _check_coordinated)
def _coordinated(ctx: Ctx, frame: Frame, o: Any) -> None:
    flow.push(ctx.s, "moves_coordinated", c=frame["c"], card=frame["card"], max=o.max_forces, target=None,
              chosen=[], asking=[], phase="target")


@FLOW.register
class CoordinatedAttack(Step[Ctx]):
    """Card 63 (6.7, 6.11.h): pick the enemy's area, then two or three armies next to it in different areas
    (allied armies of another player join only with that player's consent, as in 6.6.4); they enter
    together and fight as one attacking side."""

    kind = "moves_coordinated"
    rule = "6.7"

    def _options(self, ctx: Ctx, frame: Frame) -> list[tuple[str, str, int]]:
        imp = current_impulse(ctx)
        assert imp is not None
        return attack_options(ctx, frame["c"], imp).get(frame["target"], [])

    def _spent(self, ctx: Ctx, frame: Frame) -> int:
        costs = {fid: cost2 for fid, _a, cost2 in self._options(ctx, frame)}
        return sum(costs.get(fid, 0) for fid in frame["chosen"])

    def _addable(self, ctx: Ctx, frame: Frame) -> list[tuple[str, str, int]]:
        imp = current_impulse(ctx)
        assert imp is not None
        options = self._options(ctx, frame)
        used = {a for fid, a, _c in options if fid in frame["chosen"]}
        spent = self._spent(ctx, frame)
        out = []
        for fid, area, cost2 in options:
            if fid in frame["chosen"] or area in used or not can_pay(imp, spent + cost2):
                continue
            if not frame["chosen"]:
                # the first army must leave room for a second one from another area
                others = [c2 for g, b, c2 in options if b != area]
                if not others or not can_pay(imp, cost2 + min(others)):
                    continue
            out.append((fid, area, cost2))
        return out

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if frame["phase"] == "consent":
            return [frame["asking"][0][1]]
        if frame["phase"] == "forces" and len(frame["chosen"]) >= frame["max"]:
            return []  # as many armies as the card allows: they go
        if not self.actions(ctx, frame, frame["c"]):
            return []  # the armies chosen are all there can be (or nothing is left to attack)
        return [frame["c"]]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        self._ask_consent(ctx, frame)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        if frame["phase"] == "target":
            imp = current_impulse(ctx)
            assert imp is not None
            return [action(f"target:{a}", "aw.act.moves_target", "6.7", area=a, n=len(opts))
                    for a, opts in targets(ctx, frame["c"], imp).items()]
        if frame["phase"] == "consent":
            fid = frame["asking"][0][0]
            return [action(f"allow:{fid}", "aw.act.moves_allow", "6.6.4", force=fid, area=frame["target"]),
                    action(f"refuse:{fid}", "aw.act.moves_refuse", "6.6.4", force=fid, area=frame["target"])]
        acts = [action(f"with:{fid}", "aw.act.moves_with", "6.7", force=fid, area=area, ap=cost2 / 2)
                for fid, area, cost2 in self._addable(ctx, frame)] if len(frame["chosen"]) < frame["max"] else []
        if len(frame["chosen"]) >= 2:
            acts.insert(0, action("go", "aw.act.moves_go", "6.7", area=frame["target"], n=len(frame["chosen"])))
        return acts

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": f"aw.prompt.moves_{frame['phase']}", "params": {"country": actor, "area": frame["target"] or "",
                                                                       "card": frame["card"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith("with:"):
            return ("up to three own or allied armies, each from another area next to the enemy, that can pay "
                    "their way in", "6.7")
        return ("not one of the choices of the coordinated attack now", "6.7")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        head, _, rest = act["id"].partition(":")
        if head == "target":
            frame["target"] = rest
            frame["phase"] = "forces"
            ctx.log("aw.moves.coordinated_target", "6.7", country=actor, card=frame["card"], area=rest)
        elif head == "with":
            frame["chosen"].append(rest)
        elif head == "go":
            self._ask_consent(ctx, frame)
        elif head in ("allow", "refuse"):
            frame["asking"].pop(0)
            ctx.log("aw.moves.coordinated_consent", "6.6.4", country=actor, area=frame["target"],
                    given=head == "allow")
            if head == "refuse":
                frame["chosen"].remove(rest)
            if not frame["asking"]:
                self._launch(ctx, frame)

    def _ask_consent(self, ctx: Ctx, frame: Frame) -> None:
        """Allied armies played by another player join only with its consent (6.6.4)."""
        mine = role_of(ctx, frame["c"])
        asking = []
        for fid in frame["chosen"]:
            f = force(ctx, fid)
            if f is not None and role_of(ctx, f["country"]) not in (mine, None):
                asking.append([fid, f["country"]])
        frame["asking"] = asking
        if asking:
            frame["phase"] = "consent"
            return
        self._launch(ctx, frame)

    def _launch(self, ctx: Ctx, frame: Frame) -> None:
        """The chosen armies enter the area together (6.6: each pays its step; attrition as for any move)
        and the entry procedure runs once for all of them (interception, evasion, battle, 6.6.9–6.7)."""
        flow.pop(ctx.s)
        c, area = frame["c"], frame["target"]
        imp = current_impulse(ctx)
        assert imp is not None
        costs = {fid: (src, cost2) for fid, src, cost2 in self._options(ctx, frame)}
        moving = [(f, costs[f["id"]][1]) for f in (force(ctx, fid) for fid in frame["chosen"])
                  if f is not None and f["id"] in costs]
        total = 0
        keep = []
        for f, cost2 in moving:
            if can_pay(imp, total + cost2):
                total += cost2
                keep.append(f)
        if not keep:
            ctx.log("aw.moves.coordinated_off", "6.7", country=c, area=area)
            return
        pay(ctx, imp, total, "6.6", "move", card=frame["card"])
        rec = land(ctx)
        sources: dict[str, str] = {}
        for f in keep:
            if f["id"].startswith("ag") and c in f["countries"]:
                activate_group(ctx, f["id"], c)
            for p in f["pieces"]:
                ctx.piece(p)["city"] = False
                ctx.move_piece(p, area)
                rec["moved"][p] = rec["moved"].get(p, 0) + 1
                sources[p] = f["loc"]
            n = len(units_in(ctx, f["pieces"]))
            log_fogged(ctx, "aw.moved", "6.6", list(f["pieces"]), country=f["country"], src=f["loc"], area=area,
                       n=n, leader=f["commander"] or "", ap=costs[f["id"]][1] / 2, public="aw.moved_public",
                       public_params={"country": f["country"], "src": f["loc"], "area": area,
                                      "n": len(f["pieces"]), "ap": costs[f["id"]][1] / 2})
            check_lifted(ctx, f["loc"])
        normalize(ctx)
        # the defenders' terrain dice: only a crossing every army made counts (decision: the fewest dice)
        src = min((f["loc"] for f in keep), key=lambda a: (TERRAIN_DICE.get(connection(ctx, a, area) or "", 0), a))
        ctx.log("aw.moves.coordinated_attack", "6.7", country=c, card=frame["card"], area=area, n=len(keep))
        pieces = [p for f in keep for p in f["pieces"]]
        entry = push_entry(ctx, area, c, pieces, src=src, kind="move",
                           battle={"kind": "field", "params": {"organized": {"att": True}}})
        entry["sources"] = sources
        for f in reversed(keep):
            over = [u for u in units_in(ctx, f["pieces"]) if rec["moved"][u] > FREE_AREAS]
            if over:
                attrition(ctx, over, "6.6.1", "aw.why.long_move")
            crossing_attrition(ctx, list(f["pieces"]), f["loc"], area)
