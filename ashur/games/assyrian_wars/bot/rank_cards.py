"""The heuristic bot's ranking of cards and the economy (issue 17, :mod:`.rank`): card events against their
APs (6.11) with the breakers' own choices (6.11.c), the end of an impulse (3.1), builds and hires (6.1–6.5),
ECO (6.12), the trade boxes (6.16.g), raids (6.15) and mercenary sales (9.6)."""

from __future__ import annotations

from typing import Any

from ashur.core.contract import Reason
from ashur.games.assyrian_wars.bot.features import city_value, kinds, piece_strength
from ashur.games.assyrian_wars.bot.rank_base import (
    BREAKER_SPACES,
    BREAKERS,
    BUILD_VERBS,
    CARAVAN_TRADE,
    FOREIGN_WARS,
    OWN_SIEGE_CARDS,
    TRIBUTE_WITHHELD,
    Scored,
    num,
    part,
    signed,
    why,
)
from ashur.games.assyrian_wars.bot.rank_politics import PoliticsScores


class CardScores(PoliticsScores):
    """Scores of cards, builds, the economy and raids."""

    def card_ap(self, aid: str, p: dict[str, Any]) -> Scored:
        ap = float(p.get("ap") or 0)
        return self.w["card_ap"] * ap, why("card_ap", card=p.get("card"), ap=num(ap))

    def card_event(self, aid: str, p: dict[str, Any]) -> Scored:
        card = int(p.get("card") or 0)
        ap = self.f.hand_ap.get(card, 0)
        cost = float(p.get("cost") or 0)
        bonus, event = self.event_value(card)
        score = bonus + self.w["card_ap"] * ap - self.w["ap_cost"] * cost
        return score, [part("card_event", card=card, ap=num(ap)), *event]

    def event_value(self, card: int) -> tuple[float, Reason]:
        """What card `card`'s event is worth beyond its APs, card by card (6.11; the texts in cards.yaml):
        the alliance breakers by what their 2D6 spaces bring on the diplomatic track (6.11.c, 6.9), the
        foreign wars by whom they tie down (6.11.b), the cards that need an own siege or trade marker by
        whether there is one; every other card by its entry in ``cards`` (weights.yaml), else `card_event`."""
        me = self.f.power
        if card in BREAKERS:
            subjects = [s for s in BREAKERS[card] if s in (self.view.get("diplo") or {})] or \
                [s for s, k in kinds().items() if k in ("minor", "nomad") and s in (self.view.get("diplo") or {})]
            best = max((self.diplo_value(s, BREAKER_SPACES) for s in subjects), default=0.0)
            return best, why("event.breaker", value=signed(best))
        if card in FOREIGN_WARS:
            target = FOREIGN_WARS[card]
            if target == me or target in self.f.mine:
                return -self.w["vp"] * 2, why("event.war_own")
            # 8.3: the target may end the war by winning a battle, for 1 VP (a share of the time); tying its
            # units down is worth something only to a power at war with it
            risk = self.w["vp"] * self.w["rival_vp"] * self.w["fw_win_risk"]
            if target in self.f.enemies:
                return self.w["card_event"] - risk, why("event.war_enemy", target=target, risk=signed(-risk))
            if target in (self.view.get("countries") or {}):
                return -risk, why("event.war_peace", target=target, risk=signed(-risk))
        if card == TRIBUTE_WITHHELD:
            if me == "assyria" or self.f.actor == "assyria":
                return -self.w["vp"] * 2, why("event.refuser_own")
            return self.w["vp"] * 2 * self.w["rival_vp"] + 1.0, why("event.refuser")
        if card in OWN_SIEGE_CARDS:
            mine = [a for a, sg in self.f.sieges.items() if sg.get("besieger") in self.side]
            if not mine:
                return -2.0, why("event.no_siege")
            value = max(city_value(a) for a in mine)
            return self.w["siege"] * value * OWN_SIEGE_CARDS[card], why("event.siege", value=num(value))
        if card == CARAVAN_TRADE:
            out = int(((self.view.get("trade") or {}).get(me) or {}).get("out") or 0)
            if not out:
                return -2.0, why("event.no_trade_out")
            after = dict(self.f.trade_points)
            after[me] = after.get(me, 0.0) + 1.0
            return self.w["trade"] + self.w["vp"] * self.trade_change(after), why("event.trade_back")
        table = self.w.get("cards") or {}
        if card in table:
            return float(table[card]), why("event.table", value=signed(float(table[card])), weight=f"cards.{card}")
        return self.w["card_event"], why("event.default")

    def pick_subject(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.9, 6.11.c: the minor or tribe whose marker a card moves, by what its expected spaces (2D6: 7)
        bring towards the own power (:meth:`diplo_value`); the breaker's own choices follow."""
        subject = str(p.get("choice") or "")
        value = self.diplo_value(subject, BREAKER_SPACES)
        return value, why("pick_subject", subject=subject, value=signed(value))

    def pick_towards(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.9: an alliance breaker moves a marker towards the own power, or up the row of the power it
        stands on: that helps that power, so only a power of the own side is worth it."""
        towards = str(p.get("choice") or "")
        if towards == self.f.power:
            return 1.0, why("towards_own")
        if towards in self.side:
            return 0.0, why("towards_ally", power=towards)
        return -1.0, why("towards_rival", power=towards)

    def breaker_spaces(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.11.c: how many of the rolled spaces to use: towards the own power every one that is worth it
        (:meth:`diplo_value`); up a rival's row none, up an ally's row all."""
        subject = str(p.get("subject") or self.prompt_params.get("subject") or "")
        n = int(p.get("n") or 0)
        power = str(p.get("power") or "")
        if power == self.f.power:
            value = self.diplo_value(subject, n) + 0.01 * n  # of equal worth, the farther from the rival
        else:
            value = 0.1 * n if power in self.side else -0.1 * n
        return value, why("breaker_spaces", subject=subject, n=n, power=power, value=signed(value))

    def attrition_target(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.11.a, 6.11.k: where a card's attrition checks strike. Each unit there may be lost, so the target
        is worth the enemy strength it strikes less the own side's: a country's force (or its ships, or a
        besieging force) by whose side it is on, an area's forces of every country (Pestilence) by the
        balance of the two. Ships, which the view's strengths leave out, count one point each way."""
        loc = str(p.get("loc") or "")
        owner = str(p.get("country") or "")
        kind = aid.split(":", 2)[1] if aid.count(":") >= 2 else ""
        if owner:
            if kind == "ships":
                s = 1.0
            else:
                s = self.f.force(loc, {owner}, city=None)
            sign = 1.0 if owner in self.f.enemies else (-1.0 if owner in self.side else 0.0)
            value = sign * s
        else:
            value = self.f.hostile(loc, city=None) - self.f.own(loc, city=None)
        return 0.1 * value, why("attrition_target", loc=loc, value=signed(value))

    def eco_marker(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.8.4: a card's new ECO marker. An ECO +1 goes on an own side's city out of the enemy's reach (the
        ECO counts for whoever holds the city at the end, 8.3); an ECO -1 on a rival's city, the one its
        holder is likeliest to keep."""
        area = str(p.get("area") or "")
        holder = self.f.control.get(area)
        mine = holder in self.side
        threat = self.threat(area)
        if p.get("marker") == "minus":
            value = (-1.0 if mine else 1.0) + (0.0 if mine else -0.02 * self.f.own(area, city=None))
        else:
            value = (1.0 if mine else -1.0) - 0.02 * threat
        return value, why("eco_marker", area=area, enemy=num(threat))

    def eco_loss(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.11 (a defaulted loan): an own ECO +1 marker removed or an ECO -1 placed: on the city the enemy
        is likeliest to take, whose ECO the own power may lose anyway."""
        area = str(p.get("area") or "")
        threat = self.threat(area)
        return 0.02 * threat, why("eco_loss", area=area, enemy=num(threat))

    def raider_unit(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.15: the unit sent to a Raid Box leaves the map for a while: the weakest, one from the Regroup Box
        (off the map already) first."""
        pid = str(p.get("piece") or "")
        s = piece_strength(pid, bool(self.piece(pid).get("red")))
        value = -0.1 * s + (0.3 if p.get("area") == "regroup" else 0.0)
        return value, why("raider_unit", piece=pid, s=num(s))

    def pillage_target(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.11.a, 6.14: a card's pillage. The country struck is a rival power, the leader on the VP track
        first (9.1), never one of the own side or camp; its areas are struck where a level can still be added
        (pillage stops at 2)."""
        countries = self.view.get("countries") or {}
        camp = (countries.get(self.f.power) or {}).get("camp")

        def friend(who: str | None) -> bool:  # the own side, or a power of the own camp (7.4.1)
            return who in self.side or (camp is not None and (countries.get(who or "") or {}).get("camp") == camp)

        if "country" in p and "area" not in p:
            who = str(p.get("country") or "")
            if friend(who):
                return -1.0, why("pillage_own", country=who)
            vp = float((countries.get(who) or {}).get("vp") or 0)
            return 1.0 + 0.1 * vp, why("pillage_rival", country=who, vp=num(vp))
        area = str(p.get("area") or "")
        holder = self.f.control.get(area)
        level = int(p.get("level") or 0)
        if friend(holder):
            return -1.0, why("pillage_own", country=holder)
        return 1.0 - 0.5 * level, why("pillage_area", area=area, level=level)

    def card_option(self, aid: str, p: dict[str, Any]) -> Scored:
        label = str(p.get("option") or "")
        value = {"Annals": self.w["vp"], "Treasure": 2.0, "ECO +1 marker to the Mede Far East": self.w["eco"],
                 "Resurrection of the Mede": 10.0, "Alliance breaker": 1.0, "Move": 0.5, "Draw": 0.6}.get(label, 0.0)
        return value, why("card_option", option=label, card=p.get("card"))

    def end(self, aid: str, p: dict[str, Any]) -> Scored:
        """3.1: the APs left at the end of an impulse are saved for the next one, up to `saved_ap`; only the
        rest is lost (weighed by `unused_ap`)."""
        ap = float(p.get("ap") or 0)
        lost = max(0.0, ap - self.w["saved_ap"])
        score = self.w["end"] - self.w["unused_ap"] * lost
        if ap and not lost:
            return score, why("end_save", ap=num(ap))
        return score, why("end", ap=num(ap))

    def build(self, aid: str, p: dict[str, Any]) -> Scored:
        pid = str(p.get("piece") or aid.rsplit(":", 1)[-1])
        s = piece_strength(pid, False)
        score = self.w["build"] * s - self.w["ap_cost"] * float(p.get("ap") or 0)
        verb = BUILD_VERBS.get(aid.split(":", 1)[0], "build")
        return score, why("build", verb=f"aw.bot.verb.{verb}", piece=pid, s=num(s), ap=num(float(p.get("ap") or 0)))

    def eco(self, aid: str, p: dict[str, Any]) -> Scored:
        score = self.w["eco"] - self.w["ap_cost"] * float(p.get("ap") or 0)
        return score, why("eco")

    def trade(self, aid: str, p: dict[str, Any]) -> Scored:
        after = dict(self.f.trade_points)
        after[self.f.power] = after.get(self.f.power, 0.0) + 1.0
        rank = self.w["vp"] * self.trade_change(after)
        score = self.w["trade"] + rank - self.w["ap_cost"] * float(p.get("ap") or 0)
        return score, why("trade", box=p.get("box"), value=signed(rank))

    def discard(self, aid: str, p: dict[str, Any]) -> Scored:
        if aid == "discard:suggested":
            return 0.5, why("discard_suggested", n=p.get("n"))
        return -float(p.get("ap") or 0) * 0.1, why("discard", card=p.get("card"), ap=p.get("ap"))

    def marker_value(self, power: str) -> float:
        """What one trade marker of `power` taken out of the Trade Box is worth to the actor (6.15): the
        change of the trade ranking (8.3) in the race, and `raid_leader` more when `power` leads the trade."""
        pts = self.f.trade_points
        if power == self.f.power or power not in pts:
            return 0.0
        after = dict(pts)
        after[power] -= 1.0
        lead = max(pts.values(), default=0.0)
        bonus = self.w["raid_leader"] if pts[power] >= lead > 0 else 0.0
        return self.w["vp"] * self.trade_change(after) + bonus

    def raid(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.15: each raider hits a power's trade marker on a die under its factor (about half the time); the
        power is named by a D6 (the raider chooses when it names its own or an empty box)."""
        trade = self.view.get("trade") or {}
        rivals = [c for c, t in trade.items() if c != self.f.power and int(t.get("box") or 0) > 0]
        if not rivals:
            return -1.0, why("raid_none")
        each = sum(self.marker_value(c) for c in rivals) / len(rivals)
        n = float(p.get("n") or 1)
        score = 0.5 * n * each - self.w["ap_cost"] * float(p.get("ap") or 1)
        return score, why("raid", n=num(n), value=signed(each))

    def raid_target(self, aid: str, p: dict[str, Any]) -> Scored:
        power = str(p.get("power") or "")
        value = self.marker_value(power)
        return value, why("raid_target", power=power, value=signed(value))

    def raider(self, aid: str, p: dict[str, Any]) -> Scored:
        trade = self.view.get("trade") or {}
        rivals = [c for c, t in trade.items() if c != self.f.power and int(t.get("box") or 0) > 0]
        each = sum(self.marker_value(c) for c in rivals) / len(rivals) if rivals else 0.0
        score = self.w["prefix"].get("raider", 0.0) + 0.25 * each - self.w["ap_cost"] * float(p.get("ap") or 1)
        return score, why("raider", value=signed(each))

    def sell_merc(self, aid: str, p: dict[str, Any]) -> Scored:
        buyer = str(p.get("buyer") or "")
        sell = aid.startswith("sell")
        if buyer in self.f.enemies:
            return (-1.0 if sell else 0.5), why("sell_enemy" if sell else "refuse_enemy", buyer=buyer)
        return (0.3 if sell else 0.0), why("sell" if sell else "refuse_sale", buyer=buyer)
