"""A force enters an area: responses, interceptions, evasions and the battle (6.6.9, 6.6.10, 6.7).

The ``entry`` frame follows the battle checklist of the Japanese player aid (steps 1–6, 16–19):

1. response windows ``enemy_enters_adjacent_area`` and ``enemy_enters_your_area`` (6.11.e);
2. interception declarations in impulse-track order (6.6.9), army groups as a whole or army by army;
3. evasion declarations of the forces in the area, country by country in track order (6.6.10);
4. response windows ``interception_declared`` and ``evasion_declared`` before any roll;
5. the interception rolls, then the evasion rolls;
6. a battle against the enemy forces left outside the city (6.7): an interception battle when only
   interceptors stand against the entering force; a relieving attack may take the besieged garrison
   along (6.6.5); interceptors may form an ad hoc army group (6.6.3, 6.6.4: questions ``adhoc``,
   ``adhoc_consent``; the forming player selects the commander); attacked leaders without units each get
   one, their owner choosing (6.6.2: ``divide``); with four or more defending armies the defenders fight
   in groups of three, agreeing on the first (``split``, ``split_agree``), and the attacker chooses to
   attack the next group or withdraw (6.6.5);
7. control of the area (6.12) and sieges lifted (6.8).

Kinds: ``move`` and ``reinforce`` (all steps), ``evade`` and ``retreat`` (interceptions only; a retreat
excludes the forces of the battle area, 6.7.8). The frame writes ``entry_result`` into the frame below.
Card events may adjust the attempts through the frame: ``int_mods`` ({force id: n}), ``int_auto`` [force
ids that intercept without a roll], ``int_blocked`` (no interception; an ``int_auto`` force still does),
``eva_mods`` ({force id: n}), ``eva_auto`` [countries whose forces evade without a roll; a card records their
declaration in ``evasions``], ``eva_blocked`` [countries whose evasion fails without a roll].
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.control_areas import check_occupation
from ashur.games.assyrian_wars.rules.base.forces import (
    armies_among,
    army_units,
    best_leader,
    divide_choice,
    divide_units,
    form_group,
    free_ag_cards,
    group_of,
    groups,
    kings_among,
    land,
    land_pieces_at,
    mobility,
    normalize,
    track_sorted,
    units_in,
)
from ashur.games.assyrian_wars.rules.base.forces import forces_at as _forces_at
from ashur.games.assyrian_wars.rules.base.players import asks_players, role_of
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged
from ashur.games.assyrian_wars.rules.base.terrain import crossing_attrition
from ashur.games.assyrian_wars.rules.course.windows import open_window
from ashur.games.assyrian_wars.rules.land import evasion, interception
from ashur.games.assyrian_wars.rules.land.battle import start_battle
from ashur.games.assyrian_wars.rules.land.entering import push_entry
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
MAX_DEFENDING_ARMIES = 3


def present(ctx: Ctx, frame: Frame) -> list[str]:
    """The entering pieces still in the area."""
    return [p for p in frame["pieces"] if ctx.piece(p)["loc"] == frame["area"]]


def enemies_in_field(ctx: Ctx, area: str, cid: str) -> list[str]:
    """Land pieces outside the city of countries at war with `cid` (10.4.f: others stay out)."""
    return [p for p in land_pieces_at(ctx, area, False) if ctx.at_war(ctx.owner(p), cid)]


def _role(ctx: Ctx, cid: str) -> str | None:
    return role_of(ctx, cid)


def adhoc_commanders(ctx: Ctx, actor: str, q: dict[str, Any]) -> list[str]:
    """6.6.3: who may command the ad hoc army group the actor forms: a king if there is one (he must), else
    any leader of the actor's own armies in it; the owner's best leader (``form_group``'s default) first."""
    leaders = list(q["leaders"])
    kings = kings_among(ctx, leaders)
    if kings:
        return kings[:1]
    default = best_leader(ctx, [lid for lid in leaders if ctx.piece(lid)["nation"] == q["c"]]) or leaders[0]
    own = sorted(lid for lid in leaders if lid != default and _role(ctx, ctx.piece(lid)["nation"]) == _role(ctx, actor))
    return [default, *own]


@FLOW.register
class Entry(Step[Ctx]):
    """Entering an area (6.6.9, 6.6.10, 6.7): see the module docstring."""

    kind = "entry"
    rule = "6.6.9"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        return [frame["queue"][0]["c"]] if frame["queue"] else []

    # --- questions --------------------------------------------------------------------------------
    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        q = frame["queue"][0]
        kind = q["q"]
        area = frame["area"]
        if kind == "intercept":
            cand = frame["cands"][q["i"]]
            fid = cand["fid"]
            if cand.get("dow"):
                # 8.1, 7.4.2: entering the area is a declaration of war; not intercepting is the default
                from ashur.games.assyrian_wars.rules.politics.war import dow_cost

                target = cand["dow"]
                return [action(f"no_intercept:{fid}", "aw.act.no_intercept", "6.6.9", force=fid, area=area),
                        action(f"intercept_dow:{fid}", "aw.act.intercept_dow", "8.1", force=fid, area=area,
                               src=cand["src"], war=target,
                               ap=sum(dow_cost(ctx, c, target) for c in self._declarers(ctx, cand, area)))]
            acts = [action(f"intercept:{fid}", "aw.act.intercept", "6.6.9", force=fid, area=area, src=cand["src"])]
            if cand["group"]:
                acts.append(action(f"intercept_armies:{fid}", "aw.act.intercept_armies", "6.6.9", force=fid,
                                   area=area))
            acts.append(action(f"no_intercept:{fid}", "aw.act.no_intercept", "6.6.9", force=fid, area=area))
            more = self._further_interceptions(frame, actor)
            if more:
                # the series merged: decline this force and the others of this country asked next (6.6.9)
                acts.append(action("no_intercept:all", "aw.act.no_intercept_all", "6.6.9", area=area, n=more + 1))
            return acts
        if kind == "army":
            return [action(f"intercept_army:{q['lid']}", "aw.act.intercept_army", "6.6.9", leader=q["lid"], area=area),
                    action(f"no_intercept_army:{q['lid']}", "aw.act.no_intercept_army", "6.6.9", leader=q["lid"])]
        if kind == "consent":
            return [action(f"allow:{q['lid']}", "aw.act.allow_army", "6.6.9", leader=q["lid"]),
                    action(f"forbid:{q['lid']}", "aw.act.forbid_army", "6.6.9", leader=q["lid"])]
        if kind == "join":
            return [action(f"join:{q['lid']}", "aw.act.join_interception", "6.6.9", leader=q["lid"]),
                    action(f"stay:{q['lid']}", "aw.act.stay_behind", "6.6.9", leader=q["lid"])]
        if kind == "evade":
            acts = []
            for dest, _mod, dkind in evasion.destinations(ctx, actor, q["pieces"], area, present(ctx, frame)):
                war = dkind.split(":", 1)[1] if dkind.startswith("dow:") else ""
                dow = "_dow" if war else ""  # 8.1: an evasion that declares war says so
                acts.append(action(f"evade:{dest}", f"aw.act.evade{dow}", "6.6.10", area=dest, how=dkind, war=war))
                if dest != "city":
                    acts.append(action(f"evade_hasty:{dest}", f"aw.act.evade_hasty{dow}", "6.6.10", area=dest,
                                       how=dkind, war=war))
            acts.append(action("stay", "aw.act.no_evasion", "6.6.10", area=area))
            return acts
        if kind == "relief":
            return [action("relief:join", "aw.act.relief_join", "6.6.5", area=area),
                    action("relief:stay", "aw.act.relief_stay", "6.6.5", area=area)]
        if kind == "split":
            return [action(f"defend:{fid}", "aw.act.defend_first", "6.6.5", force=fid) for fid in q["options"]]
        if kind == "adhoc":
            cmds = adhoc_commanders(ctx, actor, q)
            return [*(action("adhoc:form" if i == 0 else f"adhoc:form:{lid}", "aw.act.adhoc_group", "6.6.3",
                             card=q["card"], area=area, armies=list(q["leaders"]), commander=lid)
                      for i, lid in enumerate(cmds)),
                    action("adhoc:none", "aw.act.no_adhoc_group", "6.6.3", area=area)]
        if kind == "adhoc_consent":
            return [action("adhoc:allow", "aw.act.adhoc_allow", "6.6.4", owner=q["owner"], area=area),
                    action("adhoc:forbid", "aw.act.adhoc_forbid", "6.6.4", owner=q["owner"], area=area)]
        if kind == "divide":
            found = divide_choice(ctx, area, actor)
            units = found[1] if found is not None and found[0] == q["lid"] else []
            return [action(f"divide:{u}", "aw.act.divide_unit", "6.6.2", leader=q["lid"], piece=u,
                           army=ctx.piece(u).get("army") or "") for u in units]
        if kind == "split_agree":
            return [action("split:agree", "aw.act.defence_agree", "6.6.5", area=area, first=list(q["first"])),
                    action("split:disagree", "aw.act.defence_disagree", "6.6.5", area=area)]
        if kind == "next":
            return [action("attack_next", "aw.act.attack_next", "6.6.5", area=area),
                    action("withdraw", "aw.act.withdraw", "6.6.5", area=frame["src"])]
        return []

    @staticmethod
    def _further_interceptions(frame: Frame, actor: str) -> int:
        """How many interception questions of `actor` follow the one on top without another in between."""
        n = 0
        for q in frame["queue"][1:]:
            if q["q"] != "intercept" or q["c"] != actor:
                break
            n += 1
        return n

    def orders(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, str]:
        """Never intercept (a force or an army of a group, 6.6.9), never evade (6.6.10), for the rest of the
        impulse or turn."""
        q = frame["queue"][0]
        if q["q"] == "intercept":
            return {"no_intercept": f"no_intercept:{frame['cands'][q['i']]['fid']}"}
        if q["q"] == "army":
            return {"no_intercept": f"no_intercept_army:{q['lid']}"}
        if q["q"] == "evade":
            return {"no_evasion": "stay"}
        return {}

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        q = frame["queue"][0]
        return {"key": f"aw.prompt.entry_{q['q']}", "params": {"country": actor, "area": frame["area"],
                                                               "mover": frame["c"]}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith(("evade:", "evade_hasty:")):
            return ("an evasion goes into an own or allied city in the area or an adjacent friendly area (an "
                    "enemy area only when no friendly one is open), never into an area with unbesieged enemy "
                    "units", "6.6.10")
        if action_id.startswith("intercept"):
            return ("that force cannot intercept into this area now", "6.6.9")
        return ("not one of the choices now", "6.6.9")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        q = frame["queue"].pop(0)
        aid = act["id"]
        kind = q["q"]
        if kind == "intercept" and aid == "no_intercept:all":
            # one answer for the series: each force declines in turn, exactly as answered one by one
            self._declare_intercept(ctx, frame, q, f"no_intercept:{frame['cands'][q['i']]['fid']}")
            for _ in range(self._further_interceptions({"queue": [q, *frame["queue"]]}, actor)):
                nq = frame["queue"].pop(0)
                self._declare_intercept(ctx, frame, nq, f"no_intercept:{frame['cands'][nq['i']]['fid']}")
        elif kind == "intercept":
            self._declare_intercept(ctx, frame, q, aid)
        elif kind == "army":
            if aid.startswith("intercept_army:"):
                self._add_army_attempt(ctx, frame, q["lid"])
        elif kind == "consent":
            ctx.log("aw.consent", "6.6.9", country=actor, leader=q["lid"], given=aid.startswith("allow:"))
            if aid.startswith("allow:"):
                frame["queue"].insert(0, {"q": "army", "c": ctx.piece(q["lid"])["nation"], "lid": q["lid"]})
        elif kind == "join":
            if aid.startswith("stay:"):
                att = frame["attempts"][q["attempt"]]
                leaving = [q["lid"], *army_units(ctx, q["lid"])]
                att["pieces"] = [p for p in att["pieces"] if p not in leaving]
                att["stayers"].append(q["lid"])
        elif kind == "evade":
            self._declare_evasion(ctx, frame, actor, q, act)
        elif kind == "relief":
            if aid == "relief:join":
                frame["relief"] = list(q["pieces"])
                ctx.log("aw.relief_join", "6.6.5", country=actor, area=frame["area"], n=len(q["pieces"]))
        elif kind == "split":
            q["chosen"].append(act["params"]["force"])
            q["options"].remove(act["params"]["force"])
            if len(q["chosen"]) < MAX_DEFENDING_ARMIES:
                frame["queue"].insert(0, q)
            elif q.get("consent"):
                ctx.log("aw.defence_proposed", "6.6.5", country=actor, area=frame["area"], first=q["chosen"])
                frame["queue"].insert(0, {"q": "split_agree", "c": q["consent"][0], "more": q["consent"][1:],
                                          "first": q["chosen"], "rest": q["options"]})
            else:
                frame["waves"] = waves_of(q["chosen"], q["options"])
                ctx.log("aw.defence_split", "6.6.5", area=frame["area"], first=q["chosen"])
        elif kind == "split_agree":
            agreed = aid == "split:agree"
            ctx.log("aw.defence_consent", "6.6.5", country=actor, area=frame["area"], given=agreed)
            if not agreed:
                self._draw_waves(ctx, frame, [*q["first"], *q["rest"]])
            elif q["more"]:
                frame["queue"].insert(0, {**q, "c": q["more"][0], "more": q["more"][1:]})
            else:
                frame["waves"] = waves_of(q["first"], q["rest"])
                ctx.log("aw.defence_split", "6.6.5", area=frame["area"], first=q["first"])
        elif kind == "adhoc":
            if not aid.startswith("adhoc:form"):
                ctx.log("aw.no_adhoc_group", "6.6.3", country=actor, area=frame["area"])
                return
            cmd = act["params"]["commander"]
            if q.get("consent"):
                frame["queue"].insert(0, {"q": "adhoc_consent", "c": q["consent"][0], "more": q["consent"][1:],
                                          "owner": actor, "card": q["card"], "leaders": list(q["leaders"]),
                                          "commander": cmd})
            else:
                form_group(ctx, q["card"], actor, list(q["leaders"]), "6.6.3", commander=cmd)
        elif kind == "adhoc_consent":
            given = aid == "adhoc:allow"
            ctx.log("aw.consent", "6.6.4", country=actor, leader=q["owner"], given=given)
            leaders = q["leaders"] if given else [lid for lid in q["leaders"]
                                                  if _role(ctx, ctx.piece(lid)["nation"]) != _role(ctx, actor)]
            if q["more"]:
                frame["queue"].insert(0, {**q, "c": q["more"][0], "more": q["more"][1:], "leaders": leaders})
            elif len(leaders) >= 2:
                form_group(ctx, q["card"], q["owner"], leaders, "6.6.4", commander=q.get("commander"))
            else:
                ctx.log("aw.no_adhoc_group", "6.6.4", country=q["owner"], area=frame["area"])
        elif kind == "divide":
            unit = act["params"]["piece"]
            ctx.piece(unit)["army"] = q["lid"]
            log_fogged(ctx, "aw.divided_unit", "6.6.2", [unit, q["lid"]], country=actor, leader=q["lid"],
                       piece=unit, area=frame["area"])
        elif kind == "next":
            frame["next_choice"] = aid

    @staticmethod
    def _declarers(ctx: Ctx, cand: dict[str, Any], area: str) -> list[str]:
        """The countries of an interceptor that must declare war on ``cand["dow"]`` to enter `area` (8.1)."""
        from ashur.games.assyrian_wars.rules.land.entering import entry_requirement

        return [c for c in cand["countries"] if entry_requirement(ctx, c, area)[0] == "dow"]

    def _declare_intercept(self, ctx: Ctx, frame: Frame, q: dict[str, Any], aid: str) -> None:
        cand = frame["cands"][q["i"]]
        if aid.startswith("intercept_dow:"):
            # 8.1, 7.4.2: the interception declares war on the area's country first, with all its consequences
            from ashur.games.assyrian_wars.rules.land.hostilities import declare

            for c in self._declarers(ctx, cand, frame["area"]):
                if not ctx.at_war(c, cand["dow"]):
                    declare(ctx, c, cand["dow"], "8.1")
            ctx.log("aw.interception_declares_war", "8.1", country=cand["country"], target=cand["dow"],
                    area=frame["area"])
            aid = f"intercept:{cand['fid']}"
        if aid.startswith("no_intercept:"):
            # 9.5: that a fogged force could have intercepted is for its owner only (nothing public)
            log_fogged(ctx, "aw.no_interception", "6.6.9", list(cand["pieces"]), country=cand["country"],
                       force=cand["fid"], area=frame["area"])
            return
        if aid.startswith("intercept_armies:"):
            gid = cand["fid"]
            g = groups(ctx)[gid]
            cmd_country = ctx.piece(g["commander"])["nation"]
            inserts = []
            for lid in g["armies"]:
                owner = ctx.piece(lid)["nation"]
                if _role(ctx, owner) == _role(ctx, cmd_country):
                    inserts.append({"q": "army", "c": owner, "lid": lid})
                else:
                    inserts.append({"q": "consent", "c": cmd_country, "lid": lid})
            frame["queue"][0:0] = inserts
            return
        att = {**cand, "stayers": []}
        frame["attempts"].append(att)
        log_fogged(ctx, "aw.interception_declared", "6.6.9", list(cand["pieces"]), country=cand["country"],
                   force=cand["fid"], area=frame["area"], src=cand["src"], public="aw.interception_declared_public",
                   public_params={"country": cand["country"], "area": frame["area"], "src": cand["src"]})
        if cand["group"]:
            g = groups(ctx)[cand["fid"]]
            cmd_role = _role(ctx, ctx.piece(g["commander"])["nation"])
            joins = [{"q": "join", "c": ctx.piece(lid)["nation"], "lid": lid, "attempt": len(frame["attempts"]) - 1}
                     for lid in g["armies"] if _role(ctx, ctx.piece(lid)["nation"]) != cmd_role]
            frame["queue"][0:0] = joins

    def _add_army_attempt(self, ctx: Ctx, frame: Frame, lid: str) -> None:
        pieces = [lid, *army_units(ctx, lid)]
        src = ctx.piece(lid)["loc"]
        att = {"fid": lid, "country": ctx.piece(lid)["nation"], "countries": [ctx.piece(lid)["nation"]],
               "pieces": pieces, "src": src, "group": False, "commander": lid, "stayers": []}
        frame["attempts"].append(att)
        log_fogged(ctx, "aw.interception_declared", "6.6.9", pieces, country=att["country"], force=lid,
                   area=frame["area"], src=src, public="aw.interception_declared_public",
                   public_params={"country": att["country"], "area": frame["area"], "src": src})

    def _declare_evasion(self, ctx: Ctx, frame: Frame, actor: str, q: dict[str, Any], act: Action) -> None:
        aid = act["id"]
        if aid == "stay":
            ctx.log("aw.no_evasion", "6.6.10", country=actor, area=frame["area"])
            return
        dest = act["params"]["area"]
        how = act["params"]["how"]
        if how.startswith("dow:"):
            from ashur.games.assyrian_wars.rules.land.hostilities import declare

            declare(ctx, actor, how.split(":", 1)[1], "8.1")
        # the pieces stay named in the frame until the rolls: the sides in contact know them (9.5 decision)
        frame["evasions"].append({"c": actor, "dest": dest, "hasty": aid.startswith("evade_hasty:"),
                                  "kind": how, "forces": q["forces"], "pieces": list(q["pieces"])})
        ctx.log("aw.evasion_declared", "6.6.10", country=actor, area=frame["area"], dest=dest,
                hasty=aid.startswith("evade_hasty:"))

    # --- the procedure ----------------------------------------------------------------------------
    def run(self, ctx: Ctx, frame: Frame) -> None:
        getattr(self, "_" + frame["phase"])(ctx, frame)

    def _start(self, ctx: Ctx, frame: Frame) -> None:
        """6.11.e: the response windows of the entry open before anyone declares an interception or an
        evasion. Forces next to the area may intercept any entering force, also an evading or retreating
        one (6.6.9), so ``enemy_enters_adjacent_area`` opens for every kind of entry (not from the areas
        the force may not be intercepted from); ``enemy_enters_your_area`` opens for a move or a
        reinforcement, which may be evaded (6.6.10). The participants are the countries at war with the
        mover whose pieces stand there (public), whatever cards they hold."""
        frame["phase"] = "declare"
        area, mover = frame["area"], frame["c"]
        context = {"area": area, "mover": mover, "src": frame["src"], "kind": frame["kind"]}
        if frame["kind"] in ("move", "reinforce"):
            inside = {ctx.owner(p) for p in land_pieces_at(ctx, area) if ctx.at_war(ctx.owner(p), mover)}
            open_window(ctx, "response", track_sorted(ctx, inside), context, "6.11.e", "enemy_enters_your_area")
        adjacent = set()
        for other, _kind in ctx.c.neighbors(area):
            if other in frame["exclude"]:
                continue
            for p in land_pieces_at(ctx, other):
                if ctx.at_war(ctx.owner(p), mover):
                    adjacent.add(ctx.owner(p))
        open_window(ctx, "response", track_sorted(ctx, adjacent), context, "6.11.e", "enemy_enters_adjacent_area")

    def _declare(self, ctx: Ctx, frame: Frame) -> None:
        """6.6.9, 6.6.10: interceptions, then evasions, are declared in turn order. A force that a card made
        intercept (``int_auto``) or evade (``eva_auto``) has declared already; an earlier "cannot be
        intercepted" (``int_blocked``) yields to an automatic interception played after it (6.11)."""
        area, mover = frame["area"], frame["c"]
        entering = present(ctx, frame)
        frame["phase"] = "windows"
        if not entering:
            return
        if frame["kind"] != "intercept" and (not frame["int_blocked"] or frame["int_auto"]):
            cands = interception.candidates(ctx, area, mover, entering, frame["exclude"])
            frame["cands"] = cands
            for i, cand in enumerate(cands):
                if cand["fid"] in frame["int_auto"]:
                    how = "intercept_dow" if cand.get("dow") else "intercept"
                    self._declare_intercept(ctx, frame, {"i": i}, f"{how}:{cand['fid']}")
                elif not frame["int_blocked"]:
                    frame["queue"].append({"q": "intercept", "c": cand["country"], "i": i})
        if frame["kind"] in ("move", "reinforce"):
            declared = {ev["c"] for ev in frame["evasions"]}
            by_country: dict[str, list[str]] = {}
            for f in _forces_at(ctx, area, city=False):
                if f["id"] in frame["pieces"] or any(p in entering for p in f["pieces"]):
                    continue
                if not ctx.at_war(f["country"], mover) or _role(ctx, f["country"]) is None:
                    continue
                if f["country"] in declared:
                    continue
                by_country.setdefault(f["country"], []).append(f["id"])
            for c in track_sorted(ctx, list(by_country)):
                pieces = [p for fid in by_country[c] for p in self._force_pieces(ctx, fid)]
                frame["queue"].append({"q": "evade", "c": c, "forces": by_country[c], "pieces": pieces})

    def _force_pieces(self, ctx: Ctx, fid: str) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.forces import force

        f = force(ctx, fid)
        return f["pieces"] if f else []

    def _windows(self, ctx: Ctx, frame: Frame) -> None:
        frame["phase"] = "intercepts"
        everyone = [c for c in ctx.track() if ctx.active(c)]
        context = {"area": frame["area"], "mover": frame["c"], "entry": True,
                   "interceptors": track_sorted(ctx, [a["country"] for a in frame["attempts"]]),
                   "evaders": track_sorted(ctx, [ev["c"] for ev in frame["evasions"]])}
        if frame["evasions"]:
            open_window(ctx, "response", everyone, context, "6.11.e", "evasion_declared")
        if frame["attempts"]:
            open_window(ctx, "response", everyone, context, "6.11.e", "interception_declared")

    def _intercepts(self, ctx: Ctx, frame: Frame) -> None:
        frame["phase"] = "evasions"
        area = frame["area"]
        target = present(ctx, frame)
        attempts = [a for a in frame["attempts"] if not frame["int_blocked"] or a["fid"] in frame["int_auto"]]
        if not attempts or not target:
            return
        succeeded: list[str] = []
        arrivals: list[dict[str, Any]] = []
        for att in interception.order_attempts(ctx, attempts, area):
            att["card_mod"] = frame["int_mods"].get(att["fid"], 0)
            att["auto"] = att["fid"] in frame["int_auto"]
            if any(ctx.at_war(att["country"], c) for c in succeeded):
                ctx.log("aw.interception_forestalled", "6.6.9", country=att["country"], area=area)
                continue
            pieces = [p for p in att["pieces"] if ctx.piece(p)["loc"] == att["src"]]
            if not units_in(ctx, pieces):
                continue
            att["pieces"] = pieces
            if interception.interception_roll(ctx, att, area, target):
                succeeded.append(att["country"])
                arrivals.append(att)
        for att in arrivals:
            for p in att["pieces"]:
                ctx.piece(p)["city"] = False
                ctx.move_piece(p, area)
            frame.setdefault("interceptors", []).extend(att["pieces"])
            frame.setdefault("origins", {}).update({p: att["src"] for p in att["pieces"]})
            log_fogged(ctx, "aw.intercepted", "6.6.9", att["pieces"], country=att["country"], force=att["fid"],
                       area=area, src=att["src"], public="aw.intercepted_public",
                       public_params={"country": att["country"], "area": area, "src": att["src"],
                                      "n": len(att["pieces"])})
        normalize(ctx)
        asking = asks_players(ctx)
        if not asking:
            self._ad_hoc_group(ctx, frame, arrivals)
        for att in reversed(arrivals):
            crossing_attrition(ctx, att["pieces"], att["src"], area)
        if asking:
            self._ad_hoc_group(ctx, frame, arrivals)

    def _ad_hoc_group(self, ctx: Ctx, frame: Frame, arrivals: list[dict[str, Any]]) -> None:
        """6.6.3: armies that intercepted together may form an army group before the battle when one of their
        countries has a free card (one king at most): its player is asked (entry question ``adhoc``); armies
        of other players join only with their consent (6.6.4, ``adhoc_consent``), and the card owner's
        army is always in it."""
        pieces = [p for att in arrivals for p in att["pieces"] if ctx.piece(p)["loc"] == frame["area"]]
        leaders = [lid for lid in armies_among(ctx, pieces) if group_of(ctx, lid) is None]
        if len(leaders) < 2:
            return
        roles = {_role(ctx, ctx.piece(lid)["nation"]) for lid in leaders}
        if None in roles or len(kings_among(ctx, leaders)) > 1:
            return
        nations = track_sorted(ctx, [ctx.piece(lid)["nation"] for lid in leaders])
        if len(roles) != 1 and (not asks_players(ctx) or any(
                a != b and not ctx.allied(a, b) for a in nations for b in nations)):
            return
        for cid in nations:
            cards = free_ag_cards(ctx, cid)
            if cards and not asks_players(ctx):
                form_group(ctx, cards[0], cid, leaders[:3], "6.6.3")
                return
            if cards:
                own = [lid for lid in leaders if ctx.piece(lid)["nation"] == cid]
                chosen = (own + [lid for lid in leaders if lid not in own])[:3]
                consent: list[str] = []
                for lid in chosen:
                    c = ctx.piece(lid)["nation"]
                    if _role(ctx, c) != _role(ctx, cid) and all(_role(ctx, o) != _role(ctx, c) for o in consent):
                        consent.append(c)
                frame["queue"].insert(0, {"q": "adhoc", "c": cid, "card": cards[0], "leaders": chosen,
                                          "consent": consent})
                return

    def _evasions(self, ctx: Ctx, frame: Frame) -> None:
        """6.6.10: each declared evasion rolls (card modifiers per force, ``eva_mods``), unless a card made it
        automatic (``eva_auto``) or made it fail without a roll (``eva_blocked``: a failed evasion)."""
        from ashur.games.assyrian_wars.rules.base.forces import force

        frame["phase"] = "battle"
        area = frame["area"]
        attackers = present(ctx, frame)
        for ev in frame["evasions"]:
            for fid in ev["forces"]:
                f = force(ctx, fid)
                if f is None or f["loc"] != area or f["city"]:
                    continue
                pieces = f["pieces"]
                if ev["c"] in frame["eva_blocked"]:
                    ctx.log("aw.evasion_cut_off", "6.6.10", country=ev["c"], area=area, n=len(pieces))
                    frame["failed"].extend(pieces)
                    continue
                if ev["dest"] != "city" and evasion.enemy_units_in(ctx, ev["dest"], ev["c"]):
                    ctx.log("aw.evasion_closed", "6.6.10", country=ev["c"], dest=ev["dest"])
                    frame["failed"].extend(pieces)
                    continue
                ok = evasion.evasion_roll(ctx, pieces, ev["dest"], attackers, hasty=ev["hasty"], rule="6.6.10",
                                          area=area, extra=frame["eva_mods"].get(fid, 0),
                                          dest_kind="friendly" if ev["kind"] == "friendly" else None,
                                          auto=ev["c"] in frame["eva_auto"])
                if ok:
                    land(ctx)["free_siege"].append(area)
                    evasion.move_evaders(ctx, pieces, area, ev["dest"], hasty=ev["hasty"], rule="6.6.10",
                                         enemy_dest=ev["kind"] not in ("friendly", "open") and ev["dest"] != "city")
                else:
                    frame["failed"].extend(pieces)

    def _battle(self, ctx: Ctx, frame: Frame) -> None:
        area, mover = frame["area"], frame["c"]
        entering = present(ctx, frame)
        frame["phase"] = "done"
        if not entering:
            return
        defenders = enemies_in_field(ctx, area, mover)
        if not defenders:
            return
        interceptors = [p for p in frame.get("interceptors", []) if p in defenders]
        occupants = [p for p in defenders if p not in interceptors]
        if occupants and not frame["asked_relief"]:
            frame["asked_relief"] = True
            garrison = self._relief_garrison(ctx, frame, occupants)
            if garrison:
                frame["queue"].append({"q": "relief", "c": ctx.owner(garrison[0]), "pieces": garrison})
                frame["phase"] = "battle"
                return
        if not frame.get("waves_set") and self._divide(ctx, frame, defenders):
            frame["phase"] = "battle"
            return
        if not frame.get("waves_set") and not self._set_waves(ctx, frame, defenders):
            frame["phase"] = "battle"
            return
        wave = frame["waves"].pop(0) if frame["waves"] else []
        chosen = {p for fid in wave for p in self._force_pieces(ctx, fid)}
        if not frame["fought"]:
            in_waves = {p for w in frame["waves"] for fid in w for p in self._force_pieces(ctx, fid)}
            chosen |= {p for p in defenders if p not in in_waves}
        def_pieces = sorted(p for p in chosen if p in defenders)
        if not def_pieces:
            return
        frame["fought"] = True
        origins = {p: frame["origins"][p] for p in interceptors if p in frame.get("origins", {})}
        if frame["src"]:
            # a coordinated attack (card 63) enters from several areas: ``sources`` {pid: area}
            origins.update({p: frame.get("sources", {}).get(p, frame["src"]) for p in entering})
        if not occupants:
            att, defn = def_pieces, entering
            side = "att"
            if ctx.s["options"].get("special_abilities") and mobility(ctx, att) > mobility(ctx, defn):
                att, defn, side = defn, att, "def"
            start_battle(ctx, "field", area, att, defn, phasing=phasing_side(ctx, att, defn), interception=True,
                         origins=origins, single_rout=list(frame["failed"]), interceptor=side)
            return
        att = sorted(set(entering) | {p for p in frame["relief"] if ctx.piece(p)["loc"] == area})
        for p in frame["relief"]:
            ctx.piece(p)["city"] = False
        terrain = None
        if frame["conn"] in ("river", "mountain", "mede"):
            terrain = {"dice": {"river": 1, "mountain": 2}.get(frame["conn"], 0), "mede": frame["conn"] == "mede"}
        if terrain and frame.get("terrain_card"):
            # 6.11.h: a move card took the defenders' terrain dice of this crossing away
            ctx.log("aw.moves.terrain_waived", "6.11.h", card=frame["terrain_card"], area=area, conn=frame["conn"])
            terrain = None
        special = frame.get("battle") or {}
        start_battle(ctx, special.get("kind", "field"), area, att, def_pieces,
                     phasing=phasing_side(ctx, att, def_pieces), terrain=terrain, crossing=frame["conn"],
                     origins=origins, single_rout=list(frame["failed"]), garrison_joined=list(frame["relief"]),
                     **special.get("params", {}))

    def _divide(self, ctx: Ctx, frame: Frame, defenders: list[str]) -> bool:
        """6.6.2: leaders without units among the defenders each take a unit, the owner choosing which (a
        country nobody plays takes the defaults). True while the owner's choice is pending."""
        for c in track_sorted(ctx, {ctx.owner(p) for p in defenders}):
            if _role(ctx, c) is None or not asks_players(ctx):
                divide_units(ctx, frame["area"], c)
                continue
            found = divide_choice(ctx, frame["area"], c)
            if found is not None:
                frame["queue"].append({"q": "divide", "c": c, "lid": found[0]})
                return True
        return False

    def _set_waves(self, ctx: Ctx, frame: Frame, defenders: list[str]) -> bool:
        """6.6.5: with more than three armies (an army group counting as one) the defenders split up; they
        choose the first three when one player plays them all, otherwise the choice is random. Returns
        False while the defenders' choice is pending."""
        armies = []
        for f in _forces_at(ctx, frame["area"], city=False):
            if f["leaders"] and units_in(ctx, f["pieces"]) and any(p in defenders for p in f["pieces"]):
                armies.append(f["id"])
        frame["waves_set"] = True
        if len(armies) <= MAX_DEFENDING_ARMIES:
            frame["waves"] = [armies]
            return True
        roles = {_role(ctx, ctx.owner(p)) for p in defenders}
        if len(roles) == 1:
            frame["queue"].append({"q": "split", "c": ctx.owner(defenders[0]), "options": list(armies), "chosen": []})
            return False
        played = [c for c in track_sorted(ctx, {ctx.owner(p) for p in defenders}) if _role(ctx, c) is not None]
        if asks_players(ctx) and played:
            # 6.6.5 "the defenders agree": the player of the strongest defending country proposes the first
            # three, one country of every other defending player agrees or not (disagreement: drawn)
            size = {c: len(units_in(ctx, [p for p in defenders if ctx.owner(p) == c])) for c in played}
            proposer = sorted(played, key=lambda c: -size[c])[0]
            others: list[str] = []
            for c in played:
                if _role(ctx, c) != _role(ctx, proposer) and all(_role(ctx, o) != _role(ctx, c) for o in others):
                    others.append(c)
            frame["queue"].append({"q": "split", "c": proposer, "options": list(armies), "chosen": [],
                                   "consent": others})
            return False
        self._draw_waves(ctx, frame, armies)
        return True

    def _draw_waves(self, ctx: Ctx, frame: Frame, armies: list[str]) -> None:
        """6.6.5: the defenders did not agree (or nobody could): the first three armies are drawn."""
        pool = list(armies)
        first = [pool.pop(ctx.random_index(len(pool))) for _ in range(MAX_DEFENDING_ARMIES)]
        ctx.log("aw.defence_split", "6.6.5", area=frame["area"], first=first)
        frame["waves"] = waves_of(first, pool)

    def _done(self, ctx: Ctx, frame: Frame) -> None:
        area, mover = frame["area"], frame["c"]
        res = frame.pop("battle_result", None)
        if res is not None:
            frame["last_battle"] = res
        mine = present(ctx, frame)
        if mine and frame.get("waves") and frame.get("last_battle") and enemies_in_field(ctx, area, mover):
            choice = frame.pop("next_choice", None)
            if choice is None:
                frame["queue"].append({"q": "next", "c": mover})
                return
            if choice == "attack_next":
                frame["phase"] = "battle"
                return
            frame["waves"] = []
            self._withdraw(ctx, frame, mine)
            mine = []
        if mine:
            for p in frame.get("relief", []):
                if ctx.piece(p)["loc"] == area:
                    ctx.piece(p)["city"] = True
            check_occupation(ctx, area, entering=mover)
        from ashur.games.assyrian_wars.rules.land.siege import check_lifted

        check_lifted(ctx, area)
        last = frame.get("last_battle")
        here = bool(present(ctx, frame))
        result = {"area": area, "battle": last is not None, "present": here,
                  "overrun": bool(last and last["overrun"] and here)}
        # the occupation above may have pushed steps (a nomad's attack on a minor, 6.17, and the battles of
        # new enemies, 10.4.f): they stay on top and run first; the result goes to the step under this one
        under = flow.remove(ctx.s, frame)
        if under is not None:
            under["entry_result"] = result


    def _relief_garrison(self, ctx: Ctx, frame: Frame, occupants: list[str]) -> list[str]:
        """6.6.5: a garrison besieged by the defenders may join the relieving attack."""
        area, mover = frame["area"], frame["c"]
        siege = ctx.s["sieges"].get(area)
        if not siege or not any(ctx.owner(p) == siege["besieger"] or ctx.allied(ctx.owner(p), siege["besieger"])
                                for p in occupants):
            return []
        garrison = [p for p in land_pieces_at(ctx, area, True) if ctx.allied(ctx.owner(p), mover)]
        if not units_in(ctx, garrison) or _role(ctx, ctx.owner(garrison[0])) is None:
            return []
        owner = ctx.owner(garrison[0])
        return [p for p in garrison if ctx.owner(p) == owner]

    def _withdraw(self, ctx: Ctx, frame: Frame, pieces: list[str]) -> None:
        """6.6.5: after beating the first group, the attacker may withdraw to the area he came from."""
        src = frame["src"]
        if not src:
            return
        for p in pieces:
            ctx.move_piece(p, src)
        ctx.log("aw.withdraw", "6.6.5", country=frame["c"], area=frame["area"], dest=src)
        push_entry(ctx, src, frame["c"], pieces, src=frame["area"], kind="retreat", exclude=[frame["area"]])


def waves_of(first: list[str], rest: list[str]) -> list[list[str]]:
    """The first group of defending armies, then the others three at a time (6.6.5)."""
    return [list(first)] + [list(rest[i:i + MAX_DEFENDING_ARMIES]) for i in range(0, len(rest), MAX_DEFENDING_ARMIES)]


def phasing_side(ctx: Ctx, att: list[str], defn: list[str]) -> str:
    """The side of the phasing country, which rolls first (6.7.2)."""
    from ashur.games.assyrian_wars.rules.course.impulse import phasing

    current = phasing(ctx)
    if current is not None and any(ctx.owner(p) == current for p in defn) \
            and not any(ctx.owner(p) == current for p in att):
        return "def"
    return "att"
