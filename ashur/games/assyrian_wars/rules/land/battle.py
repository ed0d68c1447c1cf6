"""The battle engine (6.7, 6.7.1–6.7.7, 6.8 siege combat and sorties, 9.7 bow fire, kills, ambush).

:func:`start_battle` pushes a ``battle`` frame. Its parameters describe the battle, so field battles,
sorties, assaults, standard sieges, naval battles (6.16.f), amphibious assaults (6.16.e) and trade-raid
combats (6.15) share one procedure (see docs/architecture-assyrian-wars.md, "Battles"):

* per round: the battle card windows (6.7.1: battle cards, battle counter measures, counter measures,
  then responses to the revealed cards), in round 1 the chariots' mode and an ambush (9.7), the bow fire
  phase (9.7), the melee (6.7.2; the phasing side rolls first), hits (6.7.4, 6.7.5) and routs (6.7.4.a);
* the winner (6.7.6): more hits; a side wiped out loses; a tie after the last round goes to the defender,
  except after an interception (nobody wins, both retreat, the interceptor first);
* the end: VPs (8.3) and the VP battle record and response window (6.11.c), promotion rolls (9.2, 9.4),
  Used markers and finished forces (6.6.9, 6.7.7), overrun (6.7.7), retreats (6.7.8).

The result is written into the frame below the battle as ``battle_result``.
"""

from __future__ import annotations

import math
from typing import Any

from ashur.core import flow
from ashur.core import log as corelog
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.battles import vp_heads
from ashur.games.assyrian_wars.rules.base.forces import (
    forces_at,
    group_of,
    groups,
    is_cavalry_force,
    land_pieces_at,
    leaders_in,
    mark,
    normalize,
    track_sorted,
)
from ashur.games.assyrian_wars.rules.base.losses import eliminate
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.base.units import is_leader, unit_type
from ashur.games.assyrian_wars.rules.course.windows import open_window
from ashur.games.assyrian_wars.rules.land import combat
from ashur.games.assyrian_wars.rules.land.casualties import distribute
from ashur.games.assyrian_wars.rules.land.combat import alive, fighters, other
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]

#: defaults of each kind of battle (see the "Battles" section of the architecture document)
KINDS: dict[str, dict[str, Any]] = {
    "field": {"rounds": 2, "routs": True, "extra_dice": True, "abilities": "field", "vp": "field",
              "retreat": "land", "tie": "def"},
    "amphibious": {"rounds": 2, "routs": True, "extra_dice": True, "abilities": "field", "vp": "field",
                   "retreat": "land", "tie": "def"},
    "sortie": {"rounds": 1, "routs": False, "extra_dice": True, "abilities": "field", "vp": "field",
               "retreat": "none", "tie": "att"},
    "assault": {"rounds": 1, "routs": False, "extra_dice": True, "abilities": "siege", "vp": "none",
                "retreat": "none", "tie": "def"},
    "standard_siege": {"rounds": 1, "routs": False, "extra_dice": True, "abilities": "siege", "vp": "none",
                       "retreat": "none", "tie": "def"},
    "naval": {"rounds": 2, "routs": True, "extra_dice": False, "abilities": None, "vp": "naval",
              "retreat": "none", "tie": "def"},
    "raid": {"rounds": 1, "routs": True, "extra_dice": True, "abilities": "field", "vp": "none",
             "retreat": "none", "tie": "def"},
}
#: the card windows before the first roll (6.7.1, 6.11.d): battle cards, then — only when battle cards were
#: revealed — Battle Counter Measures and the responses to revealed battle cards. Counter Measures follow
#: every announced event by themselves (6.11.e).
WINDOWS = ("battle", "battle_counter_measures", "response")


def start_battle(ctx: Ctx, kind: str, area: str, att: list[str], defn: list[str], *, phasing: str = "att",
                 **params: Any) -> Frame:
    """Push a battle frame. `att` and `defn` are the pieces of the two sides; `params` override the
    defaults of `kind` (rounds, routs, extra_dice, abilities, vp, retreat, tie) and add: ``terrain``
    ({dice, mede}), ``crossing`` (connection type the attackers crossed), ``interception`` (bool),
    ``city`` ({side, dice, fortress, owner, area}), ``dice_factor`` ({side: n}), ``mods`` ({side: [..]}),
    ``single_rout`` (pieces routing on one hit, 6.6.10), ``origins`` ({pid: area}, 6.7.8),
    ``city_target`` (standard siege: the attackers' hits fall on the city, 6.8.3),
    ``garrison_joined`` (6.6.5), ``organized`` ({side: True}: no disorganization), ``interceptor``
    (the interceptors' side, ``att`` unless 9.7 made them the defender), ``deciders`` ({side: country}
    placing the excess hits, 6.7.5; the city's owner by default in siege combat, 6.8)."""
    spec = dict(KINDS[kind])
    spec.update(params)
    if not ctx.s["options"].get("special_abilities"):
        spec["abilities"] = None
    bid = corelog.length(ctx.s)
    sides = {"att": {"pieces": sorted(att)}, "def": {"pieces": sorted(defn)}}
    frame = flow.push(ctx.s, "battle", id=bid, kind=kind, area=area, sides=sides, phasing=phasing, round=1,
                      phase="start", win=0, queue=[], chariots={}, ambush=None,
                      hits={"att": 0, "def": 0}, total={"att": 0, "def": 0}, taken={"att": 0, "def": 0},
                      single_taken={"att": 0, "def": 0}, winner=None, decided=False, city_hits=0,
                      start_units={}, decider={}, **spec)
    frame.setdefault("mods", {"att": [], "def": []})
    frame.setdefault("single_rout", [])
    frame.setdefault("origins", {})
    return frame


def countries_of(ctx: Ctx, pieces: list[str]) -> list[str]:
    return track_sorted(ctx, {ctx.owner(p) for p in pieces})


def side_decider(ctx: Ctx, bf: Frame, side: str) -> str | None:
    """6.7.5: the army group commander's country, else the owner of the strongest force of the side."""
    pieces = alive(ctx, bf, side)
    if not pieces:
        return None
    for lid in leaders_in(ctx, pieces):
        gid = group_of(ctx, lid)
        if gid is not None:
            return ctx.piece(groups(ctx)[gid]["commander"])["nation"]
    best: tuple[int, str] | None = None
    present = set(pieces)
    for f in forces_at(ctx, bf["area"]):
        members = [p for p in f["pieces"] if p in present]
        if not members:
            continue
        n = len(fighters(ctx, members))
        if best is None or n > best[0]:
            best = (n, f["country"])
    return best[1] if best else ctx.owner(pieces[0])


def participants(ctx: Ctx, bf: Frame) -> list[str]:
    """6.11.d: the countries with forces in the battle; in siege combat also the city's holder, whose city
    fights with its own dice (its defences and intrinsic garrison, 6.8) even without a garrison."""
    found = countries_of(ctx, alive(ctx, bf, "att") + alive(ctx, bf, "def"))
    city = bf.get("city")
    owner = city.get("owner") if city else None
    if owner and owner not in found and owner in ctx.s["countries"] and city.get("dice", 0) > 0:
        found = track_sorted(ctx, [*found, owner])
    return found


def card_players(ctx: Ctx, bf: Frame) -> list[str]:
    """The participants asked in the battle's card windows: those a player controls now (1.1 B), nomads
    not (they play no events, 10.1)."""
    return [c for c in participants(ctx, bf) if role_of(ctx, c) is not None
            and (ctx.kind(c) != "nomad" or c in ctx.s.get("substitutes", {}))]


def cards_this_round(bf: Frame) -> list[dict[str, Any]]:
    """The battle cards revealed in this round's battle card window (6.7.1): Battle Counter Measures and the
    responses to revealed cards concern these."""
    return list(bf.get("cards", []))[bf.get("cards_from", 0):]


def _context(bf: Frame) -> dict[str, Any]:
    return {"battle": bf["id"], "kind": bf["kind"], "area": bf["area"], "round": bf["round"],
            "att": list(bf["sides"]["att"]["pieces"]), "def": list(bf["sides"]["def"]["pieces"])}


@FLOW.register
class Battle(Step[Ctx]):
    """A battle (6.7): see the module docstring for its phases."""

    kind = "battle"
    rule = "6.7"

    # --- decisions -------------------------------------------------------------------------------
    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]["c"]] if frame["queue"] else []

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        q = frame["queue"][0]
        if q["q"] == "chariots":
            return [action("chariots:bow", "aw.act.chariots_bow", "9.7", country=actor),
                    action("chariots:heavy", "aw.act.chariots_heavy", "9.7", country=actor)]
        if q["q"] == "ambush":
            from ashur.games.assyrian_wars.rules.land.evasion import destinations

            acts = [action("no_ambush", "aw.act.no_ambush", "9.7")]
            for dest, _mod, _rule in destinations(ctx, actor, alive(ctx, frame, "def"), frame["area"],
                                                  list(frame["sides"]["att"]["pieces"])):
                if dest != "city":
                    acts.append(action(f"ambush:{dest}", "aw.act.ambush", "9.7", area=dest))
            return acts
        if q["q"] == "garrison_hits":
            return [action(f"garrison:{n}", "aw.act.garrison_hits", "6.8.3", n=n, city=frame["city_hits_pending"] - n)
                    for n in range(q["max"] + 1)]
        if q["q"] == "vp_excess":
            return [action(f"vp_to:{p}", "aw.act.vp_excess", "8.3", country=p) for p in q["powers"]]
        return []

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        q = frame["queue"][0]
        return {"key": f"aw.prompt.battle_{q['q']}", "params": {"country": actor, "area": frame["area"]}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        q = frame["queue"].pop(0)
        aid = act["id"]
        if q["q"] == "chariots":
            frame["chariots"][actor] = aid.split(":")[1]
            ctx.log("aw.chariot_mode", "9.7", country=actor, mode=frame["chariots"][actor])
        elif q["q"] == "ambush":
            if aid != "no_ambush":
                frame["ambush"] = act["params"]["area"]
                ctx.log("aw.ambush_declared", "9.7", country=actor, area=frame["area"], dest=frame["ambush"])
        elif q["q"] == "garrison_hits":
            self._garrison_split(ctx, frame, act["params"]["n"])
        elif q["q"] == "vp_excess":
            frame["vp_shares"][act["params"]["country"]] += 1
            frame["vp_excess_left"] -= 1
            if frame["vp_excess_left"] > 0:
                rest = [h for h in q["powers"] if h != act["params"]["country"]]
                frame["queue"].append({**q, "powers": rest})
                return
            self._award_vp(ctx, frame)

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith("ambush:"):
            return ("an ambush evades only into an area open to an evasion (6.6.10) and only with cavalry", "9.7")
        return ("not one of the choices of this battle now", "6.7")

    # --- the procedure -----------------------------------------------------------------------------
    def run(self, ctx: Ctx, frame: Frame) -> None:
        getattr(self, "_" + frame["phase"])(ctx, frame)

    def _start(self, ctx: Ctx, frame: Frame) -> None:
        for side in ("att", "def"):
            frame["sides"][side]["pieces"] = [p for p in frame["sides"][side]["pieces"]
                                              if ctx.piece(p)["loc"] == frame["area"]]
        if not frame["sides"]["att"]["pieces"] or (not frame["sides"]["def"]["pieces"] and not frame.get("city")):
            ctx.log("aw.battle_void", "6.7", area=frame["area"])
            flow.pop(ctx.s)
            if ctx.s["stack"]:
                ctx.s["stack"][-1]["battle_result"] = {
                    "id": frame["id"], "kind": frame["kind"], "area": frame["area"], "winner": None, "overrun": False,
                    "ambush": False, "hits": {"att": 0, "def": 0}, "city_hits": 0, "rounds": 0, "vp": 0, "void": True}
            return
        if ctx.s["options"].get("fog_of_war"):
            ctx.reveal()
        for side in ("att", "def"):
            pieces = frame["sides"][side]["pieces"]
            frame["start_units"][side] = len(fighters(ctx, pieces))
            frame["sides"][side]["countries"] = countries_of(ctx, pieces)
        ctx.log("aw.battle", "6.7", kind=frame["kind"], area=frame["area"], att=frame["sides"]["att"]["pieces"],
                defn=frame["sides"]["def"]["pieces"], attackers=frame["sides"]["att"]["countries"],
                defenders=frame["sides"]["def"]["countries"])
        if frame["abilities"] == "field":
            for side in ("att", "def"):
                for c in countries_of(ctx, alive(ctx, frame, side)):
                    if any(unit_type(ctx, p) == "CH" for p in fighters(ctx, alive(ctx, frame, side))
                           if ctx.owner(p) == c and ctx.piece(p)["kind"] != "ship"):
                        frame["queue"].append({"q": "chariots", "c": c})
            if self._may_ambush(ctx, frame):
                frame["queue"].append({"q": "ambush", "c": side_decider(ctx, frame, "def")})
        frame["phase"] = "cards"
        frame["win"] = 0

    def _may_ambush(self, ctx: Ctx, frame: Frame) -> bool:
        """9.7: defending horsebowmen (chariots only with them) may fire and then evade; the whole defending
        side must be cavalry (decision) and cannot ambush a force that intercepted into the battle."""
        if frame["kind"] not in ("field", "amphibious") or frame.get("interception"):
            return False
        pieces = alive(ctx, frame, "def")
        units = fighters(ctx, pieces)
        if not units or any(ctx.piece(p)["kind"] == "ship" for p in units):
            return False
        return is_cavalry_force(ctx, pieces) and any(unit_type(ctx, u) == "HB" for u in units)

    def _cards(self, ctx: Ctx, frame: Frame) -> None:
        i = frame["win"]
        if i == 0:
            frame["cards_from"] = len(frame.get("cards", []))
        if i >= len(WINDOWS):
            if self._card_action(ctx, frame):
                return
            frame["decider"] = {side: frame.get("deciders", {}).get(side) or side_decider(ctx, frame, side)
                                for side in ("att", "def")}
            city = frame.get("city")
            if city and city.get("owner"):
                frame["decider"][city["side"]] = city["owner"]
            frame["phase"] = "decide" if frame["round"] == 1 else "fire"
            return
        frame["win"] = i + 1
        kind = WINDOWS[i]
        if kind != "battle" and not cards_this_round(frame):
            return
        trigger = "battle_cards_revealed" if kind == "response" else None
        open_window(ctx, kind, card_players(ctx, frame), _context(frame), "6.7.1", trigger)

    def _card_action(self, ctx: Ctx, frame: Frame) -> bool:
        """6.7.1, 6.11.d: once the card windows are closed, the battle cards that act on forces or the city
        (recorded in ``card_actions`` by their events) take effect before the first roll, unless they were
        cancelled. Returns whether one was started (it may push steps of its own)."""
        for entry in frame.get("card_actions", []):
            if entry.get("done"):
                continue
            entry["done"] = True
            if combat.card_cancelled(frame, entry["card"]):
                continue
            HOOKS.call("cards.battle_action", ctx, frame, entry)
            return True
        return False

    def _decide(self, ctx: Ctx, frame: Frame) -> None:
        frame["phase"] = "fire"

    def _fire(self, ctx: Ctx, frame: Frame) -> None:
        """Round start: the bow fire phase in round 1 of a field battle with 9.7, else straight to melee."""
        frame["hits"] = {"att": 0, "def": 0}
        frame["taken"] = {"att": 0, "def": 0}
        frame["single_taken"] = {"att": 0, "def": 0}
        if frame["abilities"] == "field" and frame["round"] == 1:
            self._roll(ctx, frame, "bow")
            frame["phase"] = "bow_check"
        else:
            frame["phase"] = "melee"

    def _roll(self, ctx: Ctx, frame: Frame, phase: str) -> None:
        order = [frame["phasing"], other(frame["phasing"])]
        scored: dict[str, int] = {}
        for side in order:
            pool = combat.dice_pool(ctx, frame, side, phase)
            if not pool:
                scored[side] = 0
                continue
            values = ctx.dice(len(pool), rule="9.7" if phase == "bow" else "6.7.2",
                              why="aw.why.bow_fire" if phase == "bow" else "aw.why.melee", side=side,
                              area=frame["area"], strengths=[d["str"] for d in pool])
            scored[side] = combat.score(pool, values)
        if phase == "bow":
            for side in ("att", "def"):
                cancel = combat.absorption(ctx, frame, other(side))
                if cancel and scored[side]:
                    ctx.log("aw.bow_absorbed", "9.7", side=other(side), n=min(cancel, scored[side]))
                scored[side] = max(0, scored[side] - cancel)
            ctx.log("aw.bow_fire", "9.7", area=frame["area"], att=scored["att"], defn=scored["def"])
        else:
            ctx.log("aw.melee", "6.7.2", area=frame["area"], att=scored["att"], defn=scored["def"],
                    round=frame["round"])
        for side in ("att", "def"):
            frame["hits"][side] += scored[side]
            frame["total"][side] += scored[side]
            frame["taken"][other(side)] += scored[side]
        for side in ("def", "att"):
            n = scored[other(side)]
            if frame.get("city_target") and side == frame["city"]["side"] and phase != "bow":
                self._ask_garrison(ctx, frame, n)
                continue
            distribute(ctx, side_pieces=alive(ctx, frame, side), loc=frame["area"], n=n, mode="hits",
                       decider=frame["decider"].get(side), rule="6.7.4", bid=frame["id"],
                       single=frame["single_rout"])

    def _ask_garrison(self, ctx: Ctx, frame: Frame, n: int) -> None:
        """6.8.3: the defender may take some or all of the hits on the garrison instead of the city."""
        frame["city_hits_pending"] = n
        garrison = [p for p in alive(ctx, frame, frame["city"]["side"]) if not is_leader(ctx, p)]
        from ashur.games.assyrian_wars.rules.land.casualties import capacity

        most = min(n, capacity(ctx, garrison, "hits"))
        if most <= 0:
            self._garrison_split(ctx, frame, 0)
            return
        frame["queue"].append({"q": "garrison_hits", "c": frame["city"]["owner"], "max": most})

    def _garrison_split(self, ctx: Ctx, frame: Frame, n: int) -> None:
        total = frame.pop("city_hits_pending")
        frame["city_hits"] += total - n
        ctx.log("aw.siege_hits_split", "6.8.3", garrison=n, city=total - n, area=frame["area"])
        side = frame["city"]["side"]
        distribute(ctx, side_pieces=alive(ctx, frame, side), loc=frame["area"], n=n, mode="hits",
                   decider=frame["city"]["owner"], rule="6.8.3", bid=frame["id"])

    def _bow_check(self, ctx: Ctx, frame: Frame) -> None:
        if not alive(ctx, frame, "att") or not alive(ctx, frame, "def"):
            ctx.log("aw.bow_wiped", "9.7", area=frame["area"])
            frame["phase"] = "result"
            return
        if frame["ambush"]:
            frame["phase"] = "ambush_evade"
            return
        frame["phase"] = "melee"

    def _ambush_evade(self, ctx: Ctx, frame: Frame) -> None:
        """9.7 Ambush: after the bow fire phase the ambushers roll an evasion (6.6.10); success ends the
        battle without winner or VPs."""
        from ashur.games.assyrian_wars.rules.land.evasion import evasion_roll, move_evaders

        dest = frame["ambush"]
        pieces = alive(ctx, frame, "def")
        ok = evasion_roll(ctx, pieces, dest, list(alive(ctx, frame, "att")), hasty=False, rule="9.7",
                          area=frame["area"])
        if ok:
            ctx.log("aw.ambush_success", "9.7", area=frame["area"], dest=dest)
            frame["winner"] = None
            frame["decided"] = True
            frame["ambush_done"] = True
            frame["phase"] = "end"
            move_evaders(ctx, pieces, frame["area"], dest, hasty=False, rule="9.7")
            return
        ctx.log("aw.ambush_failed", "9.7", area=frame["area"])
        frame["phase"] = "melee"

    def _melee(self, ctx: Ctx, frame: Frame) -> None:
        phase = "melee" if frame["abilities"] == "field" and frame["round"] == 1 else "all"
        self._roll(ctx, frame, phase)
        frame["phase"] = "after_melee"

    def _after_melee(self, ctx: Ctx, frame: Frame) -> None:
        frame["phase"] = "result"

    def _result(self, ctx: Ctx, frame: Frame) -> None:
        """6.7.6: the round's winner; then routs (6.7.4.a)."""
        att_alive, def_alive = alive(ctx, frame, "att"), alive(ctx, frame, "def")
        h = frame["hits"]
        last = frame["round"] >= frame["rounds"]
        winner: str | None = None
        decided = False
        if frame["kind"] == "assault":
            decided, winner = True, "att" if h["att"] > h["def"] and att_alive else "def"
        elif frame["kind"] == "standard_siege":
            decided = True
            winner = "att" if h["att"] > h["def"] and att_alive else "def" if h["def"] > h["att"] else None
        elif not att_alive or not def_alive:
            decided = True
            winner = "att" if att_alive else "def" if def_alive else None
        elif h["att"] != h["def"]:
            if frame["kind"] == "sortie":
                winner = "att" if h["att"] >= h["def"] else "def"
            else:
                winner = "att" if h["att"] > h["def"] else "def"
            decided = True
        elif last:
            decided = True
            winner = None if frame.get("interception") or frame["tie"] == "none" else frame["tie"]
        frame["winner"], frame["decided"] = winner, decided
        if frame["routs"]:
            for side in ("att", "def"):
                taken = frame["taken"][side]
                single = min(frame["single_taken"][side], taken)
                routs = single + math.ceil((taken - single) / 2)
                if side == winner and routs and not combat.disorganized(ctx, frame, side):
                    leaders = leaders_in(ctx, alive(ctx, frame, side))
                    rally = sum(combat.leader_action(ctx, frame, lid) for lid in leaders)
                    if rally:
                        ctx.log("aw.rallied", "6.7.4.a", side=side, n=min(rally, routs))
                    routs = max(0, routs - rally)
                extra = combat.extra_routs(frame, side) if decided and alive(ctx, frame, side) else 0
                if extra > 0:
                    ctx.log("aw.card_routs", "6.11.d", side=side, n=extra)
                    routs += extra
                if routs:
                    ctx.log("aw.routs", "6.7.4.a", side=side, n=routs, hits=taken)
                    distribute(ctx, side_pieces=alive(ctx, frame, side), loc=frame["area"], n=routs, mode="routs",
                               decider=frame["decider"].get(side), rule="6.7.4.a", bid=frame["id"])
        frame["phase"] = "round_end"

    def _round_end(self, ctx: Ctx, frame: Frame) -> None:
        normalize(ctx)
        if frame["decided"]:
            if frame["winner"] is None and alive(ctx, frame, "att") and alive(ctx, frame, "def") \
                    and frame.get("interception"):
                ctx.log("aw.battle_tied", "6.7.6", area=frame["area"])
            frame["phase"] = "end"
            return
        frame["round"] += 1
        ctx.log("aw.second_round", "6.7.6", area=frame["area"], round=frame["round"])
        frame["phase"] = "cards"
        frame["win"] = 0

    # --- the end of the battle --------------------------------------------------------------------
    def _end(self, ctx: Ctx, frame: Frame) -> None:
        for pid in frame.get("turncoats", []):
            if ctx.on_map(ctx.piece(pid)["loc"]):
                ctx.log("aw.turncoat_leaves", "6.11.d", piece=pid, country=ctx.owner(pid))
                eliminate(ctx, pid, "6.11.d")  # a turncoat fights for its new side in this battle only
        normalize(ctx)
        winner = frame["winner"]
        area = frame["area"]
        ambush = bool(frame.get("ambush_done"))
        loser = other(winner) if winner else None
        overrun = False
        if winner and not ambush:
            enemies = [p for p in land_pieces_at(ctx, area, False)
                       if any(ctx.at_war(ctx.owner(p), c) for c in countries_of(ctx, alive(ctx, frame, winner)))]
            overrun = not alive(ctx, frame, loser) and not enemies
            if frame["kind"] in ("assault", "standard_siege"):
                overrun = False
        frame["overrun"] = overrun
        ctx.log("aw.battle_result", "6.7.6", area=area, winner=winner,
                winners=countries_of(ctx, frame["sides"][winner]["pieces"]) if winner else [],
                hits_att=frame["total"]["att"], hits_def=frame["total"]["def"], overrun=overrun, ambush=ambush)
        if overrun:
            ctx.log("aw.overrun", "6.7.7", area=area, side=winner)
        self._marks(ctx, frame, winner, overrun)
        if winner and not ambush:
            self._promotions(ctx, frame, winner)
        frame["vp_shares"] = {}
        frame["phase"] = "vp"
        self._vp(ctx, frame)

    def _marks(self, ctx: Ctx, frame: Frame, winner: str | None, overrun: bool) -> None:
        """6.6.9 Used markers for every force that fought (not the winner of an overrun); 6.7.7 the
        phasing side's participants are finished for the impulse unless they won an overrun."""
        for side in ("att", "def"):
            survivors = [p for p in frame["sides"][side]["pieces"] if ctx.on_map(ctx.piece(p)["loc"])]
            if overrun and side == winner:
                continue
            mark(ctx, "used", survivors)
            if side == frame["phasing"]:
                mark(ctx, "finished", survivors)

    def _promotions(self, ctx: Ctx, frame: Frame, winner: str) -> None:
        leaders = [p for p in leaders_in(ctx, frame["sides"][winner]["pieces"]) if ctx.on_map(ctx.piece(p)["loc"])]
        promotion_rolls(ctx, leaders, "9.2")

    def _vp(self, ctx: Ctx, frame: Frame) -> None:
        """8.3: VPs for winning a land battle against 5-9 / 10-14 / 15+ enemy units (a naval battle against
        3+ ships), shared equally between the winning powers."""
        winner = frame["winner"]
        n = 0
        if winner and not frame.get("ambush_done"):
            enemies = frame["start_units"][other(winner)]
            if frame["vp"] == "field":
                n = 3 if enemies >= 15 else 2 if enemies >= 10 else 1 if enemies >= 5 else 0
            elif frame["vp"] == "naval":
                n = 1 if enemies >= 3 else 0
        frame["vp_total"] = n
        if n == 0:
            self._finish(ctx, frame)
            return
        heads = vp_heads(ctx, frame["sides"][winner]["countries"])
        if not heads:
            ctx.award_vp(frame["sides"][winner]["countries"][0], n, "8.3", "aw.why.battle", area=frame["area"])
            self._finish(ctx, frame)
            return
        base, excess = divmod(n, len(heads))
        frame["vp_shares"] = {h: base for h in heads}
        frame["vp_heads"] = heads
        if excess:
            decider = frame["decider"].get(winner) or heads[0]
            head = decider if decider in heads else (ctx.ally_power(decider) if ctx.ally_power(decider) in heads
                                                      else heads[0])
            frame["queue"].append({"q": "vp_excess", "c": head, "powers": heads, "n": excess})
            frame["vp_excess_left"] = excess
            return
        self._award_vp(ctx, frame)

    def _award_vp(self, ctx: Ctx, frame: Frame) -> None:
        if frame["queue"]:
            return
        for head, share in frame["vp_shares"].items():
            if share:
                ctx.award_vp(head, share, "8.3", "aw.why.battle", area=frame["area"])
        winner = frame["winner"]
        record = {"turn": ctx.turn, "area": frame["area"], "kind": frame["kind"], "vp": frame["vp_total"],
                  "winners": list(frame["sides"][winner]["countries"]),
                  "losers": list(frame["sides"][other(winner)]["countries"])}
        ctx.s["vp_battles"].append(record)
        ctx.log("aw.vp_battle", "6.11.c", area=frame["area"], winners=record["winners"], losers=record["losers"],
                vp=record["vp"])
        frame["vp_record"] = record
        self._finish(ctx, frame)

    def _finish(self, ctx: Ctx, frame: Frame) -> None:
        winner = frame["winner"]
        result = {"id": frame["id"], "kind": frame["kind"], "area": frame["area"], "winner": winner,
                  "overrun": frame.get("overrun", False), "ambush": bool(frame.get("ambush_done")),
                  "hits": dict(frame["total"]), "city_hits": frame["city_hits"], "rounds": frame["round"],
                  "vp": frame.get("vp_total", 0)}
        record = {**result, "att": countries_of(ctx, frame["sides"]["att"]["pieces"]),
                  "def": countries_of(ctx, frame["sides"]["def"]["pieces"])}
        flow.pop(ctx.s)
        if ctx.s["stack"]:
            ctx.s["stack"][-1]["battle_result"] = result
        if frame.get("vp_record"):
            everyone = [c for c in ctx.track() if ctx.active(c)]
            open_window(ctx, "response", everyone, {"vp_battle": frame["vp_record"]}, "6.11.c", "vp_battle")
        if frame["retreat"] == "land" and not frame.get("ambush_done"):
            from ashur.games.assyrian_wars.rules.land.retreat import push_retreats

            losers = ["att", "def"] if winner is None and frame.get("interception") else \
                [other(winner)] if winner else []
            if winner is None and not frame.get("interception"):
                losers = []
            winners_from = []
            if winner:
                winners_from = sorted({frame["origins"][p] for p in frame["sides"][winner]["pieces"]
                                       if p in frame["origins"]})
            # after a tied interception battle the interceptor retreats first: its frame is pushed last
            if len(losers) == 2 and frame.get("interceptor") == "def":
                losers = ["def", "att"]
            for side in reversed(losers):
                if side == "att" and frame.get("sea_retreat"):
                    from ashur.games.assyrian_wars.rules.base.naval import push_sea_retreat

                    push_sea_retreat(ctx, alive(ctx, frame, side), frame, winners_from)
                    continue
                push_retreats(ctx, alive(ctx, frame, side), frame["area"], winners_from, frame["id"])
        for _o, _n, fn in HOOKS.battle_fought:
            fn(ctx, record)


def promotion_rolls(ctx: Ctx, leaders: list[str], rule: str) -> None:
    """9.2: an unpromoted leader on the winning side of a battle, or after a successful siege or a siege
    round with more hits, rolls a die and is promoted on an even number (two dice for Assyria, 9.4)."""
    if not ctx.s["options"].get("reduced_leaders"):
        return
    for lid in sorted(leaders):
        p = ctx.piece(lid)
        if p["kind"] != "leader" or not p["red"]:
            continue
        n = 2 if p["nation"] == "assyria" and ctx.s["options"].get("standing_army") else 1
        values = ctx.dice(n, rule=rule, why="aw.why.promotion", piece=lid)
        if any(v % 2 == 0 for v in values):
            p["red"] = False
            ctx.log("aw.promoted", rule, piece=lid, nation=p["nation"])


# casualties.py (below this module) names the side that takes a tribe's defeat VPs (8.3)
HOOKS.provide("land.side_decider", side_decider)
