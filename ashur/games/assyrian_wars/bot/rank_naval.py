"""The heuristic bot's ranking of naval affairs (issue 17, :mod:`.rank`): where a fleet goes (6.16.b), the sea
Trade Boxes (6.16.g, 7.3.3.a), and carrying land forces by sea (6.16.c–e).

A fleet serves one of two plans, read from the view only:

* **trade**: an empty fleet heads for a zone from which a sea Trade Box with room is entered, and enters it
  (the box is entered at the start of a fleet move, as the only thing the ships do, 6.16.b), because each
  ship there is a trade point at the next Interphase (7.3.3.a) and the trade ranking is worth up to 3 VP
  (8.3). A fleet in a box stays there: leaving gives those points up.
* **transport**: a fleet with land units aboard sails for the port area where they do most (the same target
  pull that moves land forces, :meth:`~.rank_base.RankerBase.pull`) and sets them down there; a force
  boards only when the sea takes it to a better target than its land moves can.

A fleet with neither plan stays in port (its APs are saved, 3.1). Zones where enemy fleets far outnumber the
own are avoided, as stronger stacks are on land.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from ashur.games.assyrian_wars.bot.features import owner_of, piece_strength, sea_distances
from ashur.games.assyrian_wars.bot.rank_base import Scored, num, p_win, part, pct, signed, why
from ashur.games.assyrian_wars.bot.rank_politics import PoliticsScores

TRADE = "trade:"
CARGO = "cargo:"
SHIP_LOAD = 3.0
"""About the strength one ship carries (6.16.c: one full unit)."""


class NavalScores(PoliticsScores):
    """Scores of fleet moves, Trade Boxes, boarding and landing."""

    # --- what the view shows at sea ------------------------------------------------------------------------
    def _ships(self, loc: str, owners: set[str] | None = None, *, value: bool = True) -> float:
        """The ships at a sea zone or ``trade:<box>``, of `owners` (None: of anyone): with `value` a full ship
        counts 1 and a reduced one ½ (7.3.3.a), else each ship 1; the unseen ships of a fogged stack count
        as full."""
        total = 0.0
        for p in (self.view.get("pieces") or {}).values():
            if p.get("kind") == "ship" and p.get("loc") == loc and (owners is None or owner_of(p) in owners):
                total += 0.5 if value and p.get("red") else 1.0
        for st in self.view.get("stacks") or []:
            if st.get("loc") == loc and (owners is None or str(st.get("owner")) in owners):
                total += max(0, int(st.get("count", 0)) - 1)
        return total

    def cargo(self, zone: str) -> float:
        """The strength of the own side's land pieces aboard ships in `zone` (6.16.c)."""
        total = 0.0
        for pid, p in (self.view.get("pieces") or {}).items():
            if p.get("loc") == CARGO + zone and owner_of(p) in self.side:
                total += piece_strength(pid, bool(p.get("red")))
        return total

    @cached_property
    def rooms(self) -> dict[str, int]:
        """6.16.g: the free places of each sea Trade Box (every ship counts, whoever owns it)."""
        return {b: int(tb.capacity or 4) - int(self._ships(TRADE + b, value=False))
                for b, tb in self.content.trade_boxes.items() if tb.kind == "sea"}

    # --- values ----------------------------------------------------------------------------------------------
    def box_value(self, n: float) -> float:
        """`n` trade points more in a sea Trade Box (7.3.3.a): `trade` and the change of the trade ranking
        (8.3) in the VP race; negative `n` for points taken out."""
        sign = 1.0 if n >= 0 else -1.0
        if self.f.actor != self.f.power:
            # a minor's ships earn the minor's own ECO (7.3.3.e), not its power's ranking (8.3)
            return sign * 0.5 * self.w["trade"]
        after = dict(self.f.trade_points)
        after[self.f.power] = after.get(self.f.power, 0.0) + n
        return sign * self.w["trade"] + self.w["vp"] * self.trade_change(after)

    def landing(self, zone: str, s: float, skip: str = "") -> tuple[float, str]:
        """The best port area of `zone` (but `skip`) to set a cargo of strength `s` down: the target pull from
        there (a target in the area itself counts whole)."""
        best, where = 0.0, ""
        for area in self.content.port_areas(zone):
            if area == skip:
                continue
            value, _ = self.pull(area, s)
            if value > best:
                best, where = value, area
        return best, where

    def plan(self, zone: str, n: float, s: float) -> tuple[float, str]:
        """The worth of a fleet of `n` ships at `zone` with a cargo of strength `s`: by transport, the best
        landing over the zones it can reach (discounted by the steps to it); empty, the best sea Trade Box
        with room for it, by the steps to a zone it is entered from (entered on a later move: `fleet_box`)."""
        best, where = 0.0, ""
        worth = self.w["fleet_box"] * self.box_value(n) if s <= 0 else 0.0
        for z, d in sea_distances(zone).items():
            if s > 0:
                value, area = self.landing(z, s)
                value /= 1.0 + d
            else:
                value, area = 0.0, ""
                for box in self.content.sea_boxes_from(z):
                    if self.rooms[box] >= n:
                        value, area = worth / (1.0 + d), box
                        break
            if value > best:
                best, where = value, area
        return best, where

    def danger(self, zone: str, n: float) -> float:
        """Enemy fleets at `zone` that outnumber the own `avoid_ratio` times (they may search and fight, 6.16.f)."""
        enemy = self._ships(zone, self.f.enemies)
        return self.w["avoid"] if enemy > self.w["avoid_ratio"] * max(n, 0.5) else 0.0

    @property
    def zone(self) -> str:
        """The zone (or ``trade:<box>``) of the fleet that moves now (the prompt's)."""
        return str(self.prompt_params.get("zone") or "")

    def _fleet_here(self) -> float:
        return self._ships(self.zone, self.side) or float(self.prompt_params.get("n") or 1)

    # --- the choices -----------------------------------------------------------------------------------------
    def fleet_move(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: a fleet starts its move: worth what its best plan brings (a box entered now counts whole,
        a landing or a force boarded here as :meth:`plan`); a fleet with no plan stays (its APs are saved)."""
        zone = str(p.get("zone") or aid.split(":", 1)[1])
        n = float(p.get("n") or 1)
        s = self.cargo(zone)
        # without ½ AP the fleet cannot sail (6.16.b): only a landing or boarding where it lies is left
        best, where = self.plan(zone, n, s) if self.f.ap_left >= 0.5 else self.landing(zone, s) if s > 0 else (0.0, "")
        if s <= 0:
            now = self.box_value(n)
            for box in self.content.sea_boxes_from(zone):
                if self.rooms[box] >= n and self.f.ap_left >= 1 and now > best:
                    best, where = now, box
            gain, area = self._best_boarding(zone, n)
            if gain > best:
                best, where = gain, area
        if best <= 0:
            return -self.w["aimless_move"], why("fleet_idle", zone=zone)
        return self.w["move"] * best, why("fleet_move", zone=zone, target=where, value=num(best))

    def _best_boarding(self, zone: str, n: float) -> tuple[float, str]:
        """What the best own force in a port area of `zone` gains by sailing instead of marching."""
        best, where = 0.0, ""
        for area in self.content.port_areas(zone):
            s = min(self.f.own(area), n * SHIP_LOAD)
            if s <= 0:
                continue
            gain = self._sea_gain(zone, area, s)
            if gain > best:
                best, where = gain, area
        return best, where

    def _sea_gain(self, zone: str, src: str, s: float) -> float:
        """The landing a force of `s` at `src` reaches by sea this impulse (½ AP a zone) over its land pull
        from `src`, less `board` (a march is simpler and cannot be searched)."""
        steps = int(2 * self.f.ap_left)
        by_land, _ = self.pull(src, s)
        best = max((self.landing(z, s, skip=src)[0] / (1.0 + 0.5 * d)
                    for z, d in sea_distances(zone).items() if d <= steps), default=0.0)
        return best - by_land - self.w["board"]

    def fleet_to(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: one zone further, for ½ AP: what the step gains towards the fleet's plan, less the danger of
        the zone."""
        dest = str(p.get("zone") or aid.split(":", 1)[1])
        here = self.zone
        n = self._fleet_here()
        s = self.cargo(here)
        now, _ = self.plan(here, n, s)
        then, where = self.plan(dest, n, s)
        score = self.w["advance"] * (then - now) - self.w["ap_cost"] * float(p.get("ap") or 0.5)
        reason = why("fleet_to", zone=dest, target=where or None)
        risk = self.danger(dest, n)
        if risk:
            score -= risk
            reason.append(part("fleet_outnumbered", n=num(self._ships(dest, self.f.enemies))))
        return score, reason

    def enter_box(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.g, 7.3.3.a: the fleet's ships are trade points at the next Interphase."""
        n = self._fleet_here()
        value = self.box_value(n)
        return value - self.w["ap_cost"] * float(p.get("ap") or 1), \
            why("enter_sea_box", box=p.get("box"), n=num(n), value=signed(value))

    def leave_box(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: a fleet leaving a sea Trade Box gives up its trade points (7.3.3.a)."""
        box = str(p.get("box") or aid.split(":", 1)[1])
        n = self._ships(TRADE + box, {self.f.actor}) or float(p.get("n") or 1)
        value = self.box_value(-n)
        return value, why("leave_sea_box", box=box, value=signed(value))

    def contest_box(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.g: a full box entered by fighting for it: its worth by the odds of the ships (ships count one
        each), a lost fight costing `trade`."""
        box = str(p.get("box") or "")
        n = self._fleet_here()
        enemy = self._ships(TRADE + box, value=False)
        chance = p_win(n, enemy, self.w["odds_power"]) if enemy else 1.0
        score = chance * self.box_value(n) - (1 - chance) * self.w["trade"] - \
            self.w["ap_cost"] * float(p.get("ap") or 2)
        return score, why("contest_box", box=box, n=num(n), enemy=num(enemy), chance=pct(chance))

    def board(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.d: a force boards when the sea takes it to a better target than its land moves (:meth:`_sea_gain`)."""
        fid = str(p.get("force") or aid.split(":", 1)[1])
        zone = str(p.get("zone") or self.zone)
        src = str(self.piece(fid).get("loc") or "")
        s = self.army_strength(fid) or self.f.own(src)
        gain = self._sea_gain(zone, src, s)
        return self.w["advance"] * gain, why("board", force=fid, area=src or None, s=num(s), value=signed(gain))

    def land(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.d, 6.16.e: the cargo set down where its target pull is best; ashore beats staying aboard
        (`land_ashore`); an enemy field force there makes it an amphibious assault, weighed like a battle."""
        area = str(p.get("area") or aid.split(":", 1)[1])
        zone = str(p.get("zone") or self.zone)
        s = self.cargo(zone)
        value, target = self.pull(area, s)
        score = self.w["move"] * value + self.w["land_ashore"]
        reason = why("land", area=area, s=num(s), target=target or None)
        battle, said, _ = self.facing(area, s, lambda: p_win(s, self.f.hostile(area), self.w["odds_power"]))
        if said is not None:
            score += battle
            reason.append(said)
        if p.get("war"):
            # 8.1: landing there declares war on its owner first, weighed as any declaration
            cost, _ = self.declare(aid, p)
            score += cost
            reason.append(part("landing_war", war=p["war"], value=signed(cost)))
        return score, reason

    def ship_return(self, aid: str, p: dict[str, Any]) -> Scored:
        """7.3.3.a, 6.16.g: ships back from a Trade Box go where their plan is best: a zone the box is entered
        from (the next impulse's move enters it again), away from far larger enemy fleets."""
        zone = str(p.get("zone") or aid.split(":", 1)[1])
        n = float(p.get("n") or 1)
        value, where = self.plan(zone, n, 0.0)
        score = value - self.danger(zone, n)
        return score, why("ship_return", zone=zone, target=where or None, value=num(value))

    def fleet_stop(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: the move ends where the fleet is (what else it could do is scored on its own)."""
        return 0.0, why("fleet_stop", zone=self.zone or None)

    def fleet_drop(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: a ship left behind weakens the fleet and takes no part in its plan."""
        return -0.3, why("fleet_drop", ship=p.get("ship"))

    def fleet_invite(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: an ally's ships join (a larger fleet, more trade points in a box)."""
        return 0.2, why("fleet_invite", country=p.get("country"))

    def fleet_consent(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.16.b: lend the ships to a mover of the own side; not to anyone else."""
        mover = str(self.prompt_params.get("mover") or "")
        yes = aid == "consent"
        friendly = mover in self.side or mover not in self.f.enemies
        value = 0.2 if yes == friendly else -0.2
        return value, why("fleet_consent" if yes else "fleet_refuse", country=mover or None)
