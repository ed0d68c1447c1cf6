"""Timetable events (7.6) and succession (10.3).

The timetable lists, for every turn, the king candidate of each power and the timed events (nomads
entering with their orders, the unification of the Medes, units entering or leaving the force pools,
diplomatic shifts). Succession: a power that crowns a new king or keeps its king rolls a die; a modified
6 or more fails and there is no king this turn; failing, or two candidates, brings riots (attrition
checks for all of the power's regular troops).

Cards at a succession (6.11, 10.3): before its roll the power is asked whether to sacrifice a card; the
same question offers the card events of the Interphase that fit its succession (the Crown Prince: the
candidate succeeds without a roll). The power is asked whenever it holds cards drawn from the deck, so the
question tells nobody what it holds. The king check modifiers of card events played earlier (lasting
effects of kind ``king_check``, face-up cards 6.11.l) join the roll's modifier and are used up by the
power's next succession.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, action
from ashur.core.flow import Step
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import drop_leader
from ashur.games.assyrian_wars.rules.base.losses import attrition_check
from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged, restacked
from ashur.games.assyrian_wars.rules.base.units import is_regular
from ashur.games.assyrian_wars.rules.course.events import (
    EVENTS,
    INTERPHASE,
    announce,
    can_afford,
    effects_of,
    end_effect,
    event_cost,
    lasting_cards,
    may_play_by,
    remove_lasting,
)
from ashur.games.assyrian_wars.rules.registry import FLOW

Frame = dict[str, Any]
#: 10.3: Assyrian modifiers by Interphase (the Interphase after turn n)
ASSYRIAN_SUCCESSION = {1: 0, 2: 2, 3: 1, 4: 5}


def run_events(ctx: Ctx, turn: int) -> None:
    """Carry out the timetable of `turn` (in the Interphase before it)."""
    for ev in ctx.c.events_for_turn(turn):
        if ev.id in ctx.s.get("skipped_events", ()):
            continue
        _event(ctx, ev)
    kings = next((t for t in ctx.c.timetable.turns if t.turn == turn), None)
    if kings is not None:
        order = [p for p in ctx.powers() if p in kings.kings]
        flow.push(ctx.s, "succession", order=order, i=0, turn=turn, sacrifice=None)


def _event(ctx: Ctx, ev: Any) -> None:
    s = ctx.s
    if ev.nation not in s["countries"] and ev.type not in ("units_to_force_pool", "units_removed"):
        return
    if ev.type == "nomad_entry":
        from ashur.games.assyrian_wars.rules.base.territory import arrival_area

        placed = []
        where = arrival_area(ctx, ev.nation, ev.area)
        for pid in ev.counters:
            p = ctx.piece(pid)
            if p["loc"] in ("setup", "pool", "regroup"):
                ctx.move_piece(pid, where)
                p["red"] = False
                placed.append(pid)
        leaders = [p for p in placed if s["pieces"][p]["kind"] in ("leader", "king")]
        units = [p for p in placed if p not in leaders]
        for lid in leaders:
            from ashur.games.assyrian_wars.rules.base.units import ratings

            command = ratings(ctx, lid)[1]
            for pid in units[:command]:
                s["pieces"][pid]["army"] = lid
            units = units[command:]
        ctx.country(ev.nation)["active"] = True
        ctx.log("aw.nomads_enter", "7.6", nation=ev.nation, area=where, n=len(placed))
    elif ev.type == "nomad_orders":
        s.setdefault("nomad_orders", {})[ev.nation] = ev.orders.model_dump()
        ctx.log("aw.nomad_orders", "7.6", nation=ev.nation, target=ev.orders.target)
    elif ev.type == "mede_unification":
        s["mede_united"] = True
        ctx.log("aw.mede_united", "10.2", turn=ev.turn)
    elif ev.type == "units_to_force_pool":
        for pid in ev.counters:
            if s["pieces"][pid]["loc"] == "setup":
                ctx.move_piece(pid, "pool")
        ctx.log("aw.units_to_pool", "7.6", nation=ev.nation, n=len(ev.counters))
    elif ev.type == "units_removed":
        for pid in ev.counters:
            if not ctx.on_map(s["pieces"][pid]["loc"]):
                ctx.move_piece(pid, "dead")
        ctx.log("aw.units_removed", "7.6", nation=ev.nation, n=len(ev.counters))
    elif ev.type == "diplomatic_shift":
        d = ctx.diplo(ev.subject)
        if d is not None and d.get("power") == ev.nation and not d.get("pact"):
            d["value"] = max(0, min(15, d["value"] + ev.spaces))
            ctx.log("aw.diplomatic_shift", "7.6", subject=ev.subject, power=ev.nation, value=d["value"])


def current_king(ctx: Ctx, power: str) -> str | None:
    """The king counter of `power` on the map (or in a box), if any."""
    for pid, p in sorted(ctx.s["pieces"].items()):
        if p["kind"] == "king" and p["nation"] == power and p["loc"] not in ("setup", "dead", "pool"):
            return pid
    return None


def succession_modifier(ctx: Ctx, power: str) -> int:
    """10.3: +2 if conquered; −1 per power it conquered; −1 per 3 minors it conquered; Assyria's modifier of
    the Interphase; +1 per secret diplomacy revolt against its king (7.5.2.d)."""
    mod = 0
    if ctx.s["conquered"].get(power):
        mod += 2
    beaten = [c for c, es in ctx.s["conquered"].items() if any(e["by"] == power for e in es)]
    beaten_powers = sum(1 for c in beaten if ctx.is_power(c))
    beaten_minors = sum(1 for c in beaten if ctx.is_minor(c))
    mod -= beaten_powers + beaten_minors // 3
    if power == "assyria":
        mod += ASSYRIAN_SUCCESSION.get(ctx.turn, 0)
    mod += ctx.s.get("king_penalty", {}).get(power, 0)
    mod += sum(int(e["amount"]) for e in king_checks(ctx, power))
    return mod


# --- card events at a succession (6.11, 10.3) ---------------------------------------------------------
KING_CHECK = "king_check"


def king_checks(ctx: Ctx, power: str) -> list[dict[str, Any]]:
    """The lasting king check modifiers of card events on `power`'s next succession roll (10.3)."""
    return [e for e in effects_of(ctx, KING_CHECK) if e["power"] == power]


def next_succession(ctx: Ctx, power: str) -> int | None:
    """The turn whose Interphase timetable gives `power` its next king candidate (10.3), if any is left:
    the Interphase after turn t runs the timetable of turn t + 1, the last Interphase none (7.6)."""
    for t in ctx.c.timetable.turns:
        if ctx.turn < t.turn <= ctx.s["last_turn"] and t.kings.get(power):
            return int(t.turn)
    return None


def use_king_checks(ctx: Ctx, power: str) -> None:
    """10.3: the king check modifiers on `power` are used up by its succession; their face-up cards are
    discarded once no effect of theirs is left (6.11.l)."""
    for e in king_checks(ctx, power):
        end_effect(ctx, e)
        ctx.log("aw.king_check_used", "10.3", country=power, card=e["card"], amount=e["amount"])
        if lasting_cards(ctx, e["card"]) and not any(x["card"] == e["card"] for x in effects_of(ctx, KING_CHECK)):
            remove_lasting(ctx, e["card"], "6.11.l")


def succession_where(frame: Frame, power: str, candidate: str | None) -> Frame:
    """What an Interphase card event sees at this succession (its window context, 6.11)."""
    return {"kind": INTERPHASE, "trigger": None,
            "context": {"succession": power, "candidate": candidate, "turn": frame["turn"]}}


def succession_events(ctx: Ctx, power: str, where: Frame) -> list[int]:
    """The cards of `power`'s hand whose Interphase event it may play at its succession now (6.11)."""
    out = []
    for n in sorted(set(ctx.hand(power))):
        ev = EVENTS.get(n)
        if ev is None or INTERPHASE not in ev.kinds or not may_play_by(ctx, n, power):
            continue
        if can_afford(ctx, power, event_cost(ctx, n, INTERPHASE)) and ev.playable(ctx, power, where):
            out.append(n)
    return out


@FLOW.register
class Succession(Step[Ctx]):
    """10.3: each power with a king candidate decides whether to sacrifice a card (−1), then rolls."""

    kind = "succession"
    rule = "10.3"

    def _power(self, frame: Frame) -> str | None:
        return frame["order"][frame["i"]] if frame["i"] < len(frame["order"]) else None

    def _candidate(self, ctx: Ctx, frame: Frame, power: str) -> str | None:
        kings = next(t for t in ctx.c.timetable.turns if t.turn == frame["turn"])
        return kings.kings.get(power)

    def deciders(self, ctx: Ctx, frame: Frame) -> list[str]:
        power = self._power(frame)
        if power is None or self._candidate(ctx, frame, power) is None:
            return []
        if ctx.s.get("eliminated", {}).get(power) or frame["sacrifice"] is not None:
            return []
        if ctx.s.get("crown_prince", {}).get(power):
            return []  # no roll: nothing to sacrifice for
        return [power] if ctx.random_cards_in_hand(power) > 0 else []

    def actions(self, ctx: Ctx, frame: Frame, actor: str) -> list[Action]:
        acts = [action("no_sacrifice", "aw.act.no_sacrifice", "10.3")]
        acts += [action(f"sacrifice:{n}", "aw.act.sacrifice_card", "10.3", card=n, name=ctx.card(n).name)
                 for n in sorted(set(ctx.hand(actor))) if not ctx.is_home_card(n)]
        where = succession_where(frame, actor, self._candidate(ctx, frame, actor))
        acts += [action(f"card:{n}:event", "aw.act.card_event", "6.11", card=n, name=ctx.card(n).name,
                        cost=event_cost(ctx, n, INTERPHASE)) for n in succession_events(ctx, actor, where)]
        return acts

    def explain(self, ctx: Ctx, frame: Frame, actor: str, action_id: str) -> tuple[str, str]:
        if action_id.startswith("card:"):
            return ("no card event of this hand can be played at this succession now", "6.11")
        return ("sacrifice a card drawn from the deck, or none", "10.3")

    def prompt(self, ctx: Ctx, frame: Frame, actor: str) -> dict[str, Any]:
        return {"key": "aw.prompt.succession", "params": {"country": actor,
                                                           "king": self._candidate(ctx, frame, actor)}}

    def apply(self, ctx: Ctx, frame: Frame, actor: str, act: Action) -> None:
        if act["id"].startswith("card:"):
            where = succession_where(frame, actor, self._candidate(ctx, frame, actor))
            announce(ctx, actor, int(act["params"]["card"]), INTERPHASE, where["context"])
            return
        if act["id"].startswith("sacrifice:"):
            n = act["params"]["card"]
            ctx.discard(actor, n)
            frame["sacrifice"] = True
            ctx.log("aw.king_sacrifice", "10.3", country=actor, card=n)
        else:
            frame["sacrifice"] = False

    def run(self, ctx: Ctx, frame: Frame) -> None:
        power = self._power(frame)
        if power is None:
            ctx.s.pop("king_penalty", None)
            flow.pop(ctx.s)
            return
        candidate = self._candidate(ctx, frame, power)
        sacrificed = bool(frame["sacrifice"])
        frame["sacrifice"] = None
        frame["i"] += 1
        if candidate is None or ctx.s.get("eliminated", {}).get(power):
            return
        crown_prince = ctx.s.get("crown_prince", {}).pop(power, False)
        rivals = two_candidates(ctx, power)
        mod = succession_modifier(ctx, power) - (1 if sacrificed else 0)
        if crown_prince:
            ok = True
            ctx.log("aw.crown_prince_succession", "10.3", country=power, king=candidate)
        else:
            roll = ctx.die(rule="10.3", why="aw.why.succession", country=power, modifier=mod)
            ok = roll + mod < 6
        use_king_checks(ctx, power)
        if rivals:
            ctx.log("aw.two_candidates", "10.3", country=power, rival=rivals[0])
            riots(ctx, power)
        if ok:
            crown(ctx, power, candidate)
        else:
            ctx.log("aw.no_king", "10.3", country=power, king=candidate)
            old = current_king(ctx, power)
            if old is not None:
                followers = [pid for pid, p in sorted(ctx.s["pieces"].items()) if p.get("army") == old]
                restacked(ctx, followers)  # 9.5: the king's army breaks up; its new stack shows its top
                ctx.move_piece(old, "setup")
                ctx.piece(old)["army"] = None
                drop_leader(ctx, old)
            riots(ctx, power)


def grant_crown_prince(ctx: Ctx, power: str, rule: str = "10.3") -> None:
    """10.3: the Crown Prince event makes the power's next succession automatic, without a roll."""
    if ctx.s.get("eliminated", {}).get(power):
        return
    ctx.s.setdefault("crown_prince", {})[power] = True
    ctx.log("aw.crown_prince", rule, country=power)


def crownable(ctx: Ctx, power: str) -> list[str]:
    """6.3: the leaders of `power` on the map that the Crown Prince event may crown (none when the five
    generic king markers are all in use or the power is eliminated, 10.3)."""
    if ctx.s.get("eliminated", {}).get(power):
        return []
    used = sum(1 for q in ctx.s["pieces"].values() if q.get("crowned"))
    if used >= int(ctx.c.generic_king_markers.count):
        return []
    return [pid for pid, p in sorted(ctx.s["pieces"].items()) if p["kind"] == "leader" and p["nation"] == power
            and not p.get("crowned") and ctx.on_map(p["loc"])]


def crown_leader(ctx: Ctx, leader: str, rule: str = "6.3") -> bool:
    """6.3: the Crown Prince event crowns a leader with a generic king marker (there are five). An army
    group holds one king, who commands it: the new king takes command, or, when the group has a king
    already, his army leaves it (6.6.3). Returns False when not possible."""
    from ashur.games.assyrian_wars.rules.base.forces import group_of, kings_among, leave_group
    from ashur.games.assyrian_wars.rules.base.secrecy import log_fogged

    p = ctx.piece(leader)
    power = p["nation"]
    if leader not in crownable(ctx, power):
        return False
    p["crowned"] = True
    p["red"] = False
    restacked(ctx, [leader])  # 9.5: a king heads his stack
    log_fogged(ctx, "aw.leader_crowned", rule, [leader], public="aw.leader_crowned_public",
               public_params={"country": power, "area": p["loc"]}, piece=leader, country=power)
    gid = group_of(ctx, leader)
    if gid is not None:
        g = ctx.s["groups"][gid]
        if len(kings_among(ctx, g["armies"])) > 1:
            leave_group(ctx, leader, "6.6.3")
        else:
            g["commander"] = leader
            ctx.log("aw.group_commander", "6.6.3", group=gid, commander=leader)
    return True


def two_candidates(ctx: Ctx, power: str) -> list[str]:
    """10.3: a crowned leader (generic king marker) on the map besides the timetable's candidate makes two
    candidates for the throne."""
    return [pid for pid, p in sorted(ctx.s["pieces"].items())
            if p["nation"] == power and p.get("crowned") and ctx.on_map(p["loc"])]


def crown(ctx: Ctx, power: str, king_id: str) -> None:
    """The candidate becomes (or stays) king: a paired counter flips to the new king in place; otherwise
    the new king appears with the old one's army or in the capital or another controlled home city.
    An eliminated power crowns no king (10.3)."""
    if ctx.s.get("eliminated", {}).get(power):
        ctx.log("aw.no_king_eliminated", "10.3", country=power)
        return
    king = ctx.c.kings[king_id]
    counter = king.counter
    p = ctx.piece(counter)
    if p["loc"] == "dead":
        ctx.log("aw.king_unavailable", "10.3", country=power, king=king_id)
        return
    old = current_king(ctx, power)
    if old == counter:
        if p.get("side") != king.side:
            p["side"] = king.side
            ctx.log("aw.king_crowned", "10.3", country=power, king=king_id, area=p["loc"])
        else:
            ctx.log("aw.king_kept", "10.3", country=power, king=king_id)
        return
    where = None
    if old is not None:
        where = ctx.piece(old)["loc"]
        city = bool(ctx.piece(old)["city"])
        followers = [pid for pid, q in sorted(ctx.s["pieces"].items()) if q.get("army") == old]
        ctx.move_piece(old, "setup")
        if where in ctx.c.areas and ctx.on_map(where):
            # the new king takes the old one's place: inside or outside the city, at the head of his army
            # and in his army group (a king standing apart from his army would break it up, 9.5: its
            # units would make a stack of their own showing its top)
            p["city"] = city
            for pid in followers:
                ctx.piece(pid)["army"] = counter
            for g in ctx.s.get("groups", {}).values():
                g["armies"] = [counter if a == old else a for a in g["armies"]]
                if g["commander"] == old:
                    g["commander"] = counter
        else:
            restacked(ctx, followers)  # 9.5: his army breaks up where it stands; its new stack shows its top
            drop_leader(ctx, old)
    if where is None or not ctx.on_map(where) or where not in ctx.c.areas:
        capital = ctx.c.nations[power].capital
        homes = [capital, *sorted(ctx.c.home_cities(power))] if capital else sorted(ctx.c.home_cities(power))
        where = next((a for a in homes if a and ctx.area(a)["ctrl"] == power), None)
    if where is None:
        ctx.log("aw.king_no_place", "10.3", country=power, king=king_id)
        return
    ctx.move_piece(counter, where)
    p["side"] = king.side
    p["red"] = False
    ctx.log("aw.king_crowned", "10.3", country=power, king=king_id, area=where)


def riots(ctx: Ctx, power: str) -> None:
    """10.3 Riots: every regular (non-mercenary) unit of the power checks for attrition. Under fog (9.5) the
    others learn that riots break out, not how many units or where they stand."""
    units = [pid for pid, p in sorted(ctx.s["pieces"].items())
             if p["nation"] == power and is_regular(ctx, pid) and ctx.on_map(p["loc"])]
    log_fogged(ctx, "aw.riots", "10.3", units, public="aw.riots_public", public_params={"country": power},
               country=power, n=len(units))
    attrition_check(ctx, units, "10.3", "aw.why.riots", chooser=power, announced=True)
