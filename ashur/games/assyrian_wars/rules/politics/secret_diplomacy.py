"""Secret diplomacy (7.5, an option; 4.2 at set-up; 6.11.m / 7.5.2.g as a card event).

Every power places one marker (Assyria two, one on each of its tables) — plus one for every extra action
bought with excess cards (7.3.2) — on an objective of the secret diplomacy table on the back of its home
card. All place at the same time, hidden (the step's deciders are every power still placing); then all
markers are revealed together. Markers on the same objective cancel each other (also Assyria's two),
except on trade. Each remaining marker's power chooses one option of its objective (7.5.2), in
impulse-track order:

* a) trade: kick any one trade marker out of the Trade Box, or place a raider and raid for free (when
  the raid rules provide :data:`FREE_RAID`);
* b) yourself or a minor allied to you: one extra card for it (within the maximum hand size), or a
  special preemptive impulse before the first impulse of the next turn (impulse-track order);
* c) a minor or nomad allied to nobody: move its marker a die roll towards you; or the minor pays
  Assyria no tribute next turn and is marked refused, the check is rolled anyway and a refusal makes it
  pay you (Assyria instead secures its tribute); or a revolt in one of its cities;
* d) another power or a minor allied to another power: a revolt in one of its cities (never an occupied
  city or a capital); or, as the original owner, a revolt in your home city it occupies with fewer units
  than the city's defence (the garrison goes to the Regroup Box); or, against a power, +1 to its next
  king candidate roll (10.3);
* e) minor cities: a free pact with a minor city neither conquered nor in a pact.

Secret diplomacy ignores alliances, conquests and other agreements. A revolt marker cancels all control
of the city and its area; the next force entering takes both (the land rules report it through
``control_changed``); markers still there are removed when the next secret diplomacy phase starts.
Played as a card event (7.5.2.g) the action is immediate, cannot be cancelled, and fails on 2D6 ≥ 9.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course import tribute
from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

Frame = dict[str, Any]
ASSYRIA = "assyria"
TRADE = "trade"
MINOR_CITIES = "minor_cities"
EVENT_FAILS_AT = 9
#: 7.5.2.a: the raid rules register fn(ctx, power) that places a raider and raids once for free
FREE_RAID: list[Callable[[Ctx, str], None]] = []


def tables_of(ctx: Ctx, power: str) -> list[Any]:
    return [t for _tid, t in sorted(ctx.c.secret_diplomacy.items()) if t.power == power]


def placers(ctx: Ctx) -> list[str]:
    return [p for p in ctx.powers() if tables_of(ctx, p) and not ctx.s.get("eliminated", {}).get(p)]


def required(ctx: Ctx, power: str) -> int:
    """7.5: one marker per table (two for Assyria) plus the extra actions of 7.3.2."""
    return len(tables_of(ctx, power)) + int(ctx.country(power).get("sd_extra", 0))


def possible(ctx: Ctx, power: str, objective: str) -> bool:
    """7.5.2: impossible objectives (an eliminated country, nomads not yet in play) cannot be chosen."""
    from ashur.games.assyrian_wars.rules.politics.nomads import entered

    if objective == TRADE:
        return True
    if objective == MINOR_CITIES:
        return bool(free_cities(ctx))
    if not ctx.in_play(objective) or ctx.s.get("eliminated", {}).get(objective):
        return False
    if ctx.is_nomad(objective):
        return entered(ctx, objective)
    return True


def free_cities(ctx: Ctx) -> list[str]:
    from ashur.games.assyrian_wars.rules.politics.markers import pact_refusal

    return [c for c in sorted(ctx.s["countries"]) if ctx.is_minor_city(c) and pact_refusal(ctx, ASSYRIA, c) is None]


# --- the phase ---------------------------------------------------------------------------------------
def interphase(ctx: Ctx) -> None:
    """7.5 in the Interphase: revolt markers of the last phase are removed, then the phase (if played)."""
    remove_revolts(ctx)
    ctx.s.pop("sd_tribute", None)
    if ctx.s["options"].get("secret_diplomacy"):
        flow.push(ctx.s, "secret_diplomacy_phase", origin="7.5")


HOOKS.set_interphase("7.5 secret diplomacy", 55, interphase)


@FLOW.register
class SecretDiplomacyPhase(Step[Ctx]):
    """7.5: simultaneous hidden placement, reveal, cancellation, then the effects in track order."""

    kind = "secret_diplomacy_phase"
    rule = "7.5"

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        if "placed" not in frame:
            return []
        return [p for p in frame["order"] if len(frame["placed"].get(p, [])) < required(ctx, p)
                and self._choices(ctx, frame, p)]

    def _choices(self, ctx: Ctx, frame: Frame, power: str) -> list[tuple[str, str]]:
        tables = tables_of(ctx, power)
        n = len(frame["placed"].get(power, []))
        usable = [tables[n]] if n < len(tables) else tables
        return [(t.id, o) for t in usable for o in t.objectives if possible(ctx, power, o)]

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if "placed" not in frame:
            frame["order"] = placers(ctx)
            frame["placed"] = {p: [] for p in frame["order"]}
            ctx.log("aw.sd_phase", "7.5", origin=frame.get("origin"))
            return
        ctx.reveal()
        placed = frame.pop("placed")
        counts: dict[str, int] = {}
        for p in frame["order"]:
            for entry in placed.get(p, []):
                obj = entry.split(":", 1)[1]
                counts[obj] = counts.get(obj, 0) + 1
                ctx.log("aw.sd_revealed", "7.5", power=p, objective=obj)
        queue = []
        for p in frame["order"]:
            for entry in placed.get(p, []):
                obj = entry.split(":", 1)[1]
                if obj != TRADE and counts[obj] > 1:
                    ctx.log("aw.sd_cancelled", "7.5.1", power=p, objective=obj)
                    continue
                queue.append([p, obj])
        for p in frame["order"]:
            ctx.country(p)["sd_extra"] = 0
        flow.pop(ctx.s)
        if queue:
            flow.push(ctx.s, "sd_resolve", queue=queue, rule="7.5.2")

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        return [action(f"sd:{t}:{o}", "aw.act.sd_place", "7.5", table=t, objective=o)
                for t, o in self._choices(ctx, frame, actor)]

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        mine = [e.split(":", 1)[1] for e in frame["placed"].get(actor, [])]
        return {"key": "aw.prompt.sd_place", "params": {"country": actor, "placed": mine,
                                                         "left": required(ctx, actor) - len(mine)}}

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        return ("that objective is not on your secret diplomacy table or cannot be chosen now", "7.5.2")

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["placed"].setdefault(actor, []).append(f"{act['params']['table']}:{act['params']['objective']}")
        ctx.log("aw.sd_placed", "7.5", to=[actor], power=actor, objective=act["params"]["objective"])


# --- the effects (7.5.2) ------------------------------------------------------------------------------
def revolt_cities(ctx: Ctx, country: str) -> list[str]:
    """7.5.2.d: cities of the country it holds, neither occupied by land units nor its capital."""
    from ashur.games.assyrian_wars.rules.politics.relocation import holder, land_pieces

    out = []
    for aid in sorted(ctx.c.home_cities(country)):
        city = ctx.c.areas[aid].city
        if city is None or city.capital or ctx.area(aid).get("revolt"):
            continue
        if holder(ctx, aid) != country or land_pieces(ctx, aid):
            continue
        out.append(aid)
    return out


def own_revolt_cities(ctx: Ctx, power: str, occupier: str) -> list[str]:
    """7.5.2.d 1): the power's home cities held by a non-allied `occupier` with a garrison smaller than
    the city's present defence."""
    from ashur.games.assyrian_wars.rules.politics.relocation import holder, land_pieces

    if ctx.allied(power, occupier):
        return []
    out = []
    for aid in sorted(ctx.c.home_cities(power)):
        city = ctx.c.areas[aid].city
        if city is None or holder(ctx, aid) != occupier or ctx.area(aid).get("revolt"):
            continue
        garrison = [p for p in land_pieces(ctx, aid) if ctx.owner(p) == occupier]
        if len(garrison) < city.defence - int(ctx.area(aid)["damage"]):
            out.append(aid)
    return out


def options(ctx: Ctx, power: str, objective: str) -> list[Action]:
    """The options of 7.5.2 for `power` on `objective`."""
    from ashur.games.assyrian_wars.rules.course.economy import hand_limits
    from ashur.games.assyrian_wars.rules.politics.markers import room_towards

    acts: list[Action] = []
    if objective == TRADE:
        acts += [action(f"kick:{q}", "aw.act.sd_kick_trade", "7.5.2.a", power=q) for q in ctx.powers()
                 if ctx.s["trade"].get(q, {}).get("box", 0) > 0]
        if FREE_RAID:
            acts.append(action("raid", "aw.act.sd_free_raid", "7.5.2.a"))
        return acts
    if objective == MINOR_CITIES:
        return [action(f"pact:{c}", "aw.act.sd_pact", "7.5.2.e", city=c) for c in free_cities(ctx)]
    if not possible(ctx, power, objective):
        return []
    ally = ctx.ally_power(objective)
    if objective == power or ally == power:
        if ctx.active(objective) and ctx.c.nations[objective].hand is not None \
                and ctx.random_cards_in_hand(objective) < hand_limits(ctx, objective)[1]:
            acts.append(action(f"card:{objective}", "aw.act.sd_card", "7.5.2.b", country=objective))
        acts.append(action(f"preempt:{objective}", "aw.act.sd_preempt", "7.5.2.b", country=objective))
        return acts
    if ctx.kind(objective) in ("minor", "nomad") and ally is None:
        if not ctx.s["conquered"].get(objective) and room_towards(ctx, objective, power) > 0:
            acts.append(action(f"move:{objective}", "aw.act.sd_move", "7.5.2.c", country=objective))
        if ctx.is_minor(objective) and objective not in ctx.s.get("sd_tribute", {}):
            acts.append(action(f"tribute:{objective}", "aw.act.sd_tribute", "7.5.2.c", country=objective))
        acts += [action(f"revolt:{a}", "aw.act.sd_revolt", "7.5.2.c", area=a) for a in revolt_cities(ctx, objective)]
        return acts
    acts += [action(f"revolt:{a}", "aw.act.sd_revolt", "7.5.2.d", area=a) for a in revolt_cities(ctx, objective)]
    acts += [action(f"revolt_own:{a}", "aw.act.sd_revolt_own", "7.5.2.d", area=a)
             for a in own_revolt_cities(ctx, power, objective)]
    if ctx.is_power(objective):
        acts.append(action(f"king:{objective}", "aw.act.sd_king", "7.5.2.d", country=objective))
    return acts


@FLOW.register
class SecretDiplomacyResolve(Step[Ctx]):
    """7.5.1 / 7.5.2: each remaining marker's power chooses one option and carries it out."""

    kind = "sd_resolve"
    rule = "7.5.2"

    def _head(self, ctx: Ctx, frame: Frame) -> tuple[str, str] | None:
        while frame["queue"]:
            power, obj = frame["queue"][0]
            if options(ctx, power, obj):
                return (power, obj)
            ctx.log("aw.sd_no_option", "7.5.2", power=power, objective=obj)
            frame["queue"].pop(0)
        return None

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        from ashur.games.assyrian_wars.rules.base.players import role_of

        head = self._head(ctx, frame)
        return [head[0]] if head is not None and role_of(ctx, head[0]) is not None else []

    def run(self, ctx: Ctx, frame: Frame) -> None:
        if frame["queue"]:
            frame["queue"].pop(0)
            return
        flow.pop(ctx.s)

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        head = self._head(ctx, frame)
        assert head is not None
        return options(ctx, actor, head[1])

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        head = self._head(ctx, frame)
        return {"key": "aw.prompt.sd_resolve", "params": {"country": actor, "objective": head[1] if head else None}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        frame["queue"].pop(0)
        carry_out(ctx, actor, act, frame["rule"])


def carry_out(ctx: Ctx, power: str, act: Action, rule: str) -> None:
    from ashur.games.assyrian_wars.rules.politics.markers import minor_city_pact, move_towards

    kind, _, arg = act["id"].partition(":")
    if kind == "kick":
        t = ctx.s["trade"][arg]
        t["box"] -= 1
        t["out"] = t.get("out", 0) + 1
        ctx.log("aw.sd_trade_kicked", "7.5.2.a", power=power, victim=arg)
    elif kind == "raid":
        for fn in FREE_RAID:
            fn(ctx, power)
    elif kind == "pact":
        minor_city_pact(ctx, power, arg, "7.5.2.e")
    elif kind == "card":
        ctx.draw(arg, 1, "7.5.2.b")
    elif kind == "preempt":
        ctx.s.setdefault("special_impulses", []).append(arg)
        ctx.log("aw.sd_special_impulse", "7.5.2.b", country=arg)
    elif kind == "move":
        roll = ctx.die(rule="7.5.2.c", why="aw.why.sd_move", country=arg, power=power)
        move_towards(ctx, arg, power, roll, "7.5.2.c")
    elif kind == "tribute":
        ctx.s.setdefault("sd_tribute", {})[arg] = power
        ctx.log("aw.sd_tribute", "7.5.2.c", country=arg, power=power)
    elif kind in ("revolt", "revolt_own"):
        if kind == "revolt_own":
            from ashur.games.assyrian_wars.rules.politics.relocation import land_pieces

            for pid in land_pieces(ctx, arg):
                ctx.move_piece(pid, "regroup")
                ctx.piece(pid)["city"] = False
                ctx.piece(pid)["army"] = None
        place_revolt(ctx, arg, "7.5.2.d")
    elif kind == "king":
        pen = ctx.s.setdefault("king_penalty", {})
        pen[arg] = pen.get(arg, 0) + 1
        ctx.log("aw.sd_king_penalty", "7.5.2.d", country=arg, power=power)


def place_revolt(ctx: Ctx, aid: str, rule: str) -> None:
    """7.5.2.d: the revolt marker negates all control of the city and its area."""
    st = ctx.area(aid)
    old = st["ctrl"]
    st["revolt_from"] = {"ctrl": st["ctrl"], "city_ctrl": st.get("city_ctrl")}
    st["revolt"] = True
    st["ctrl"] = None
    st.pop("city_ctrl", None)
    ctx.log("aw.revolt", rule, area=aid, owner=old)
    HOOKS.notify_control_changed(ctx, aid, old, None)


def remove_revolts(ctx: Ctx) -> None:
    """7.5.2.d: revolt markers still on the map go when the next secret diplomacy phase starts; control
    returns to whoever held the area before."""
    for aid in sorted(ctx.s["areas"]):
        st = ctx.area(aid)
        if not st.get("revolt"):
            continue
        before = st.pop("revolt_from", None) or {"ctrl": ctx.c.areas[aid].nation, "city_ctrl": None}
        st["revolt"] = False
        st["ctrl"] = before["ctrl"]
        if before.get("city_ctrl"):
            st["city_ctrl"] = before["city_ctrl"]
        ctx.log("aw.revolt_removed", "7.5.2.d", area=aid, dest=st["ctrl"])
        HOOKS.notify_control_changed(ctx, aid, None, st["ctrl"])


def on_control_changed(ctx: Ctx, area: str, old: str | None, new: str | None) -> None:
    """7.5.2.d: the next force entering a revolting area controls the city and the area."""
    st = ctx.area(area)
    if st.get("revolt") and new is not None:
        st["revolt"] = False
        st.pop("revolt_from", None)
        if ctx.c.areas[area].city is not None:
            st["city_ctrl"] = new
        ctx.log("aw.revolt_ended", "7.5.2.d", area=area, by=new)


HOOKS.add_control_changed(10, "revolt", on_control_changed)


# --- 7.5.2.c: the tribute option, in the next tribute phase -------------------------------------------
def tribute_override(ctx: Ctx, minor: str) -> bool:
    """7.5.2.c: Assyria secures the minor's tribute; another power has it refuse Assyria (marked refused),
    and a refusal on the check anyway makes it pay that power."""
    power = ctx.s.get("sd_tribute", {}).pop(minor, None)
    if power is None:
        return False
    if power == ASSYRIA:
        ctx.s["refused"].pop(minor, None)
        tribute.add_tribute(ctx, minor, ASSYRIA, "secret_diplomacy", "7.5.2.c")
        return True
    ctx.s["refused"][minor] = "black"
    ctx.log("aw.tribute_refused", "7.5.2.c", country=minor)
    if ctx.c.tribute_dice(minor) is not None and not tribute.tribute_check(ctx, minor, rule="7.5.2.c"):
        tribute.add_tribute(ctx, minor, power, "secret_diplomacy", "7.5.2.c")
    return True


tribute.CHECK_OVERRIDES.append(tribute_override)


# --- 7.5.2.g: secret diplomacy as a card event ------------------------------------------------------
def secret_diplomacy_event(ctx: Ctx, power: str, objective: str, rule: str = "7.5.2.g") -> bool:
    """6.11.m / 7.5.2.g: the action is carried out at once and cannot be cancelled; it fails on 2D6 ≥ 9.
    Returns whether it takes effect (the option is chosen in an ``sd_resolve`` frame)."""
    values = ctx.dice(2, rule=rule, why="aw.why.sd_event", power=power, objective=objective)
    if sum(values) >= EVENT_FAILS_AT:
        ctx.log("aw.sd_event_failed", rule, power=power, objective=objective)
        return False
    ctx.log("aw.sd_event", rule, power=power, objective=objective)
    flow.push(ctx.s, "sd_resolve", queue=[[power, objective]], rule=rule)
    return True
