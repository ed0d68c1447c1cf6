"""The heuristic bot's ranking of political choices (issue 17, :mod:`.rank`): diplomacy on the track (6.9),
declarations of war and the conquests they aim at (7.4.2, 7.1), tribute (5.2, 5.2.3) and the questions the
rules put to a power (camps 7.4.1, peace 7.4.3, surrender 7.1.B, free passage 6.9)."""

from __future__ import annotations

import contextlib
from typing import Any

from ashur.games.assyrian_wars.bot.features import city_defence, city_value, distances, kinds
from ashur.games.assyrian_wars.bot.rank_base import DIPLOMACY_CAP, RankerBase, Scored, num, part, signed, why


class PoliticsScores(RankerBase):
    """Scores of the diplomatic track, wars, tribute and the rules' questions."""

    def diplomacy(self, aid: str, p: dict[str, Any]) -> Scored:
        subject = str(p.get("subject") or "")
        per = float(p.get("ap_per_space") or 1.0) or 1.0
        room = max(0.0, DIPLOMACY_CAP - self.diplomacy_spent())
        most = int(min(room, self.f.ap_left) / per + 1e-9)
        if most <= 0:
            return -1.0, why("diplomacy_no_ap", subject=subject)
        best, n_best = -1e9, 0
        for n in range(1, max(1, most) + 1):
            v = self.diplo_value(subject, n) - self.w["ap_cost"] * n * per
            if v > best:
                best, n_best = v, n
        return self.w["diplomacy"] + best, why("diplomacy", subject=subject, n=n_best, value=signed(best))

    def diplomacy_spent(self) -> float:
        """The APs the actor spent on diplomacy in this impulse (6.9 caps them at 6), from the view's recent
        log: the ``aw.spend`` entries since its impulse began."""
        total = 0.0
        for e in reversed(self.view.get("log") or []):
            params = e.get("params") or {}
            if e.get("key") == "aw.impulse" and params.get("country") == self.f.actor:
                break
            if e.get("key") == "aw.spend" and params.get("what") == "diplomacy" and \
                    params.get("country") == self.f.actor:
                with contextlib.suppress(TypeError, ValueError):
                    total += float(params.get("ap") or 0)
        return total

    def diplo_spaces(self, aid: str, p: dict[str, Any]) -> Scored:
        subject = str(p.get("subject") or self.prompt_params.get("subject") or "")
        n = int(p.get("n") or 0)
        cost = float(p.get("ap") or n)
        score = self.diplo_value(subject, n) - self.w["ap_cost"] * cost
        return score, why("diplo_spaces", subject=subject, n=n, ap=num(cost), value=signed(score))

    def diplo_value(self, subject: str, n: int) -> float:
        """What moving `subject`'s marker `n` spaces towards the actor's power is worth (6.9): trade points
        (7.3.3.c: status 4+) change the trade ranking (8.3), pro status (7+) brings tribute (5.2: ECO, 2 VP
        at the end, 8.3), an alliance (13+) 1 VP (8.3) and the minor's forces; part of the value of a
        threshold still out of reach counts as progress (`diplo_progress`)."""
        me = self.f.power
        d = (self.view.get("diplo") or {}).get(subject) or {}
        holder, value = d.get("power"), int(d.get("value") or 0)
        kind = kinds().get(subject, "")
        if holder in (None, me):
            before = {me: value}
            after = {me: min(15, value + n)}
        elif n <= value:
            before, after = {holder: value}, {holder: value - n}
        else:
            before, after = {holder: value}, {holder: 0, me: min(15, n - value)}

        def worth(track: dict[str, int]) -> float:
            total = 0.0
            for who, v in track.items():
                sign = 1.0 if who == me else -self.w["rival_vp"]
                part = 0.0
                if v >= 7:
                    part += self.w["eco"]
                if v >= 13 and kind in ("minor", "nomad"):
                    part += self.w["vp"] * 1.0 + self.w["ally"]
                total += sign * part
            return total

        score = worth(after) - worth(before)
        if kind == "minor":
            pts = dict(self.f.trade_points)
            for who, v in before.items():
                if who in pts and v >= 4:
                    pts[who] -= 1.0
            for who, v in after.items():
                if who in pts and v >= 4:
                    pts[who] += 1.0
            score += self.w["vp"] * self.trade_change(pts)
        # progress towards the next threshold of the own track
        mine = after.get(me, 0)
        nxt = next((t for t in (4, 7, 13) if t > mine), None)
        if nxt is not None and kind in ("minor", "nomad") and mine > before.get(me, 0):
            score += self.w["diplo_progress"] * (mine - before.get(me, 0)) / max(1, nxt - before.get(me, 0))
        return score

    def declare(self, aid: str, p: dict[str, Any]) -> Scored:
        target = str(p.get("target") or p.get("country") or p.get("war") or "")
        if target in self.f.refusers and not float(p.get("ap") or 0):
            return 0.0, why("declare_refuser", target=target)
        plan = self.conquest_plan(target)
        if plan is not None:
            value, facts = plan
            score = value - self.w["ap_cost"] * float(p.get("ap") or 0)
            return score, why("declare_conquer", target=target, **facts)
        return self.w["declare_war"], why("declare_none", target=target)

    def conquest_plan(self, minor: str) -> tuple[float, dict[str, Any]] | None:
        """A war on `minor` worth starting (7.1 conquest as a plan): an unaligned minor at peace with the actor,
        in no camp and not Assyria's tribute payer, whose forces (on the map, or those its activation sets up,
        6.17: public scenario data) and city defences the actor's forces within `conquer_reach` steps of its
        home areas outmatch `conquer_ratio` times. Worth the conquest's VP (8.3), its tribute (5.2.2) and half
        the VPs of its cities, times `conquer_minor`, and the facts a reason shows (``mine``, ``theirs``,
        ``defence``); None when there is no such plan."""
        found = self._plans.get(minor, False)
        if found is not False:
            return found  # type: ignore[return-value]
        self._plans[minor] = None
        kind = kinds()
        view = self.view
        if self.w["conquer_minor"] <= 0 or kind.get(minor) != "minor" or minor in self.f.enemies:
            return None
        if self.f.actor != self.f.power or minor in (view.get("conquered") or {}):
            return None
        from ashur.games.assyrian_wars.bot.features import ally_power, camp_of

        if ally_power(view, minor, kind) is not None or camp_of(view, minor, kind) is not None:
            return None
        if self.f.power == "assyria" and any(t.get("payer") == minor and t.get("to") == "assyria"
                                             for t in view.get("tribute") or []):
            return None
        homes = self.content.home_areas(minor)
        if not homes:
            return None
        active = bool(((view.get("countries") or {}).get(minor) or {}).get("active"))
        if active:
            theirs = sum(self.f.force(a, {minor}, city=None) for a in homes)
        else:
            scen = self.content.scenarios.get(str(view.get("scenario") or ""))
            act = (scen.activation or {}).get(minor) if scen is not None else None
            theirs = sum(u.strength * u.count for fo in (act.forces if act else ()) for u in fo.units)
        defence = sum(city_defence(a) for a in homes)
        reach = int(self.w["conquer_reach"])
        near: set[str] = set()
        for a in homes:
            near.update(b for b, d in distances(a).items() if d <= reach)
        mine = sum(self.f.own(a, city=None) for a in near)
        if mine < self.w["conquer_ratio"] * (theirs + defence) or mine <= 0:
            return None
        vp = 1.0 + 0.5 * sum(city_value(a) for a in homes if self.content.areas[a].city is not None)
        value = self.w["conquer_minor"] * (self.w["vp"] * vp + self.w["eco"])
        self._plans[minor] = (value, {"mine": num(mine), "theirs": num(theirs), "defence": defence})
        return self._plans[minor]

    def stop_tribute(self, aid: str, p: dict[str, Any]) -> Scored:
        """5.2.3: a tribute paid by decision may be stopped in an impulse: the payer's ECO (and AP income) rises
        at once and Assyria's falls (5.2.2; twice the ECO total at the end, 8.3); Assyria may then attack for
        free. Weighed as refusing it at 5.2 (:meth:`tribute_pay`)."""
        score, reason = self.tribute_pay("tribute:refuse", {"amount": 2 if p.get("payer") == self.f.power else 1})
        return score, [part("stop_tribute", payer=p.get("payer")), *reason]

    def free_dow(self, aid: str, p: dict[str, Any]) -> Scored:
        target = str(p.get("target") or "")
        if target in self.f.refusers:
            return 0.5, why("war_refuser", target=target)
        return self.w["declare_war"], why("free_dow_no", target=target, minor=p.get("minor"))

    def tribute_pay(self, aid: str, p: dict[str, Any]) -> Scored:
        """5.2: a power decides whether it pays Assyria. Tribute moves ECO levels from the payer to Assyria,
        and the ECO totals count twice at the end (8.3); a refuser by decision may be attacked by Assyria for
        free (5.2.3) but costs Assyria no VP. Pay only when Assyria's forces outmatch the own ones
        `tribute_ratio` times (a war of punishment would cost more)."""
        amount = float(p.get("amount") or 2)
        mine = self.f.total(self.side)
        theirs = self.f.total({"assyria"})
        cost = self.w["eco"] * amount * (1.0 + self.w["rival_vp"])
        pay = aid.endswith(":pay")
        if theirs > self.w["tribute_ratio"] * max(mine, 1.0):
            return (1.0 if pay else -1.0), why("tribute_pay_outmatched" if pay else "tribute_refuse_outmatched",
                                               amount=num(amount), theirs=num(theirs), mine=num(mine))
        return (0.0 if pay else cost / 4), why("tribute_pay" if pay else "tribute_refuse", amount=num(amount),
                                               mine=num(mine), theirs=num(theirs))

    def join_camp(self, aid: str, p: dict[str, Any]) -> Scored:
        """Joining a camp (7.4.1: a declaration of war on a power of the other camp, 10 AP in an impulse, free
        in the Interphase). Every power already in the camp scores 3 VP for the newcomer (8.3), a gift in
        the VP race of 9.1; but the first power in an empty rebel camp gives nothing, and scores 3 VP for
        each power that enters after it (one pushed in by an Assyrian declaration, 7.4.1): worth
        ``camp_first``."""
        camp = str(p.get("camp") or "")
        cost = self.ap_of(p)
        countries = self.view.get("countries") or {}
        members = [q for q, co in countries.items() if q != self.f.power and kinds().get(q) == "power"
                   and (co or {}).get("camp") == camp]
        if members:
            value = -self.w["vp"] * self.w["rival_vp"] * 3.0 * len(members) - self.w["ap_cost"] * cost
            return value, why("camp_gift", camp=camp, n=len(members))
        if camp == "rebel" and self.f.power != "assyria":
            value = self.w["camp_first"] - self.w["ap_cost"] * cost
            return value, why("camp_first")
        return self.by_prefix(aid, p)

    def ask(self, aid: str, label: str, p: dict[str, Any]) -> Scored:
        parts = label.split(".")
        what, answer = (parts[3], parts[4]) if len(parts) >= 5 else ("", "")
        if what in ("camp_assyria", "camp_rebel", "camp_conqueror"):
            joiner = str(p.get("power") or "")
            if answer == "accept":
                # 7.4.1/8.3: every power of the camp scores 3 VP for the new ally
                return self.w["vp"] * 3.0, why("camp_accept", power=joiner)
            if answer == "reject":
                return -self.w["vp"] * self.w["rival_vp"], why("camp_reject", power=joiner)
        if what in ("free_dow", "card_war"):
            target = str(p.get("target") or "")
            if answer == "declare":
                if target in self.f.enemies:
                    return 0.2, why("war_already", target=target)
                if target in self.f.refusers:
                    return 0.5, why("war_refuser", target=target)
                return self.w["declare_war"], why("war_none", target=target)
            return 0.0, why("war_decline", target=target)
        if what == "surrender" and answer in ("accept", "reject"):
            # 7.1.B/8.3: accepting makes it a conquest (3 VP for a power, 1 for a minor); a rejected offer
            # gives the offerer 1 VP
            return (self.w["vp"], why("surrender_accept")) if answer == "accept" else \
                (-self.w["vp"] * self.w["rival_vp"], why("surrender_reject"))
        if what == "conquest_check":
            return (1.0, why("check_roll")) if answer == "roll" else (0.0, why("check_skip"))
        if what == "punished_tribute":
            # 7.4.4: a punished refuser allied to me may pay Assyria; tribute raises Assyria's ECO (8.3)
            if self.f.power == "assyria":
                return (1.0 if answer == "pay" else 0.0), why(f"punished_{answer}_assyria")
            return (1.0 if answer == "refuse" else 0.0), why(f"punished_{answer}")
        if what == "free_passage":
            # 6.9: both powers count each other's land as friendly: a rival's armies pass for nothing
            return (-0.2 if answer == "accept" else 0.0), why(f"passage_{answer}")
        if what == "minor_peace":
            return (0.3 if answer == "accept" else 0.0), why(f"minor_peace_{answer}")
        if what == "peace":
            other = str(p.get("power") if p.get("power") != self.f.actor else p.get("other"))
            mine, theirs = self.f.total(self.f.mine | {self.f.actor}), self.f.total({other})
            outmatched = theirs > self.w["peace_ratio"] * max(mine, 1.0)
            good = outmatched == (answer == "accept")
            score = 1.0 if good else (self.w["peace_accept"] if answer == "accept" else -1.0)
            camp = ((self.view.get("countries") or {}).get(self.f.power) or {}).get("camp")
            if answer == "accept" and camp and self.f.power != "assyria":
                # 7.4.3: a rebel making peace with Assyria leaves its camp; the next declaration of war
                # pushes it back in and every power of the camp scores 3 VP for the "new" ally (7.4.1, 8.3)
                score -= self.w["leave_camp"]
                return score, why("peace_leave_camp", other=other, mine=num(mine), theirs=num(theirs))
            return score, why(f"peace_{answer}", other=other, mine=num(mine), theirs=num(theirs))
        return 0.0, why("no_preference")
