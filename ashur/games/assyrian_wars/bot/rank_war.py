"""The heuristic bot's ranking of land warfare (issue 17, :mod:`.rank`): moves and the battles they lead to
(6.6, 6.7), sieges and assaults (6.8), interception, evasion and sorties (6.6.9, 6.6.10, 6.8.4), the hits
and losses a player assigns (6.6.1, 6.7.4, 6.8.3), retreats, supply (6.10) and placements."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.bot.features import battle_vp, city_defence, city_value, piece_strength
from ashur.games.assyrian_wars.bot.rank_base import Scored, near, num, p_win, part, pct, signed, why
from ashur.games.assyrian_wars.bot.rank_politics import PoliticsScores


class WarScores(PoliticsScores):
    """Scores of moves, battles, sieges and losses."""

    def move_force(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or "")
        s = self.f.own(area)
        siege = self.f.sieges.get(area)
        pull, where = self.pull(area, s)
        # a force with nowhere to go spends APs the impulse would save (3.1): below ending the impulse
        score = self.w["move"] * pull if pull > 0 else -self.w["aimless_move"]
        reason = why("move_force", area=area, s=num(s), target=where or None)
        if siege is not None and siege.get("besieger") == self.f.actor:
            score -= self.w["keep_siege"]
            reason.append(part("leaving_siege"))
        return score, reason

    def siege(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or "")
        kind = aid.rsplit(":", 1)[1]
        own = self.f.own(area)
        garrison = self.f.hostile(area, city=True)
        units = self.f.count(area, self.f.enemies, city=True)
        value = city_value(area, units)
        base = self.w["siege"] * max(value, 0.5) - self.w["ap_cost"] * float(p.get("ap") or 0)
        if kind == "assault":
            chance = self.assault_chance(area, own, garrison)
            score = base * self.w["assault"] * (chance - self.w["assault_odds"]) * 2
            return score, why("assault", area=area, own=num(own), garrison=num(garrison),
                              defence=city_defence(area), chance=pct(chance), value=num(value))
        share = self.w["siege_hunger"] if kind == "hunger" else self.w["siege_standard"]
        defence = garrison + self.w["fortress_dice"] * city_defence(area)
        weak = own < self.w["hunger_ratio"] * defence
        if kind == "hunger" and weak:
            # 6.8.1: no combat; a force too weak to break the walls (6.8.3) starves the city out instead
            share = self.w["siege_hunger_weak"]
        key = "siege_hunger_weak" if kind == "hunger" and weak else f"siege_{kind}"
        return base * share, why(key, area=area, own=num(own), garrison=num(garrison), defence=city_defence(area),
                                 value=num(value))

    def assault_chance(self, area: str, own: float, garrison: float) -> float:
        """The chance of taking the city of `area` by assault (6.8.2) by the odds resolver; the strength ratio
        (the city's levels counted as strength) when the view shows no own fighting piece there."""
        att = self.odds.group(area, self.side, city=False)
        if not att.seen:
            defence = garrison + self.w["fortress_dice"] * city_defence(area)
            return p_win(own, defence, self.w["odds_power"])
        defn = self.odds.group(area, self.f.enemies, city=True)
        damage = int((self.view.get("areas") or {}).get(area, {}).get("damage") or 0)
        city = self.content.areas[area].city
        return self.odds.assault(att, defn, area, max(0, city_defence(area) - damage), bool(city.fortress))

    def move_to(self, aid: str, p: dict[str, Any]) -> Scored:
        dest = str(p.get("area") or aid.split(":", 1)[1])
        here = self.here
        s = self.f.own(here) if here else 0.0
        now, _ = self.pull(here, s) if here else (0.0, "")
        then, where = self.pull(dest, s)
        score = self.w["advance"] * (then - now) - self.w["ap_cost"] * float(p.get("ap") or 0)
        reason = why("move_to", area=dest, target=where or None, s=num(s))
        battle, said, chance = self.facing(dest, s, lambda: self.field_chance(here, dest))
        if said is not None:
            score += battle
            if said["key"] == "aw.bot.battle":
                score += self.battle_vp_value(here, dest, chance)
            reason.append(said)
        war = str(p.get("war") or "")
        if war:
            plan = self.conquest_plan(war)
            if war in self.f.refusers:
                score += self.w["punish"]
                reason.append(part("punishing", war=war))
            elif plan is not None:
                score += plan[0] - self.w["ap_cost"] * float(p.get("ap") or 0)
                reason.append(part("conquering", war=war, **plan[1]))
            else:
                score += self.w["declare_war"]
                reason.append(part("declaring", war=war))
        return score, reason

    def coordinated_target(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.7 (a card's coordinated attack): the enemy force the armies next to it attack together. By the
        strength ratio of the own side's forces one step away to the enemy's there (the odds of 6.7), and
        the VPs such a battle is worth (8.3, :attr:`Features.field_vp`)."""
        area = str(p.get("area") or "")
        enemy = self.f.hostile(area)
        mine = sum(self.f.own(b) for b in near(area))
        chance = p_win(mine, enemy, self.w["odds_power"]) if enemy > 0 else 0.5
        score = self.w["battle"] * (chance - self.w["battle_odds"]) * 2 + \
            self.w["vp"] * chance * self.f.field_vp.get(area, 0.0)
        return score, why("coordinated_target", area=area, mine=num(mine), enemy=num(enemy), chance=pct(chance))

    def coordinated_with(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.7 (a card's coordinated attack): one more army joins the attack: its strength against the APs it
        costs (going with those already chosen scores 0)."""
        area = str(p.get("area") or "")
        s = self.f.own(area)
        ap = float(p.get("ap") or 0)
        return 0.1 * s - self.w["ap_cost"] * ap, why("coordinated_with", area=area, s=num(s), ap=num(ap))

    def nomad_leave(self, aid: str, p: dict[str, Any]) -> Scored:
        """10.1: a tribe leaves an area it has pillaged bare for a neighbour: one of a country not on the own
        side, not yet pillaged (the tribe pillages where it stands), towards the best target of its strength."""
        to = str(p.get("to") or "")
        holder = self.f.control.get(to)
        level = int(((self.view.get("areas") or {}).get(to) or {}).get("pillage") or 0)
        pull, where = self.pull(to, self.f.own(str(p.get("area") or "")))
        value = (0.0 if holder is None or holder in self.side else 1.0) - 0.5 * level + 0.3 * pull
        return value, why("nomad_leave", area=to, level=level, target=where or None)

    def battle_vp_value(self, src: str, dest: str, chance: float) -> float:
        """8.3: the VPs a battle is worth in the race: won, the size band of the enemy force, a tribe's last
        units, a refuser punished (:attr:`Features.field_vp`); lost, the enemy scores by the size of ours."""
        gain = self.f.field_vp.get(dest, 0.0)
        mine = sum(n for o, n in self.f.units.get((src, False), {}).items() if o in self.side)
        loss = battle_vp(mine)
        return self.w["vp"] * (chance * gain - (1.0 - chance) * self.w["rival_vp"] * loss)

    def stop_move(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or self.here)
        value = self.f.targets.get(area, 0.0)
        if value > 0:
            return self.w["stop_at_target"] * value, why("stop_target", area=area, value=num(value))
        return 0.0, why("stop", area=area)

    def enter_city(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or self.here)
        if self.f.control.get(area) == self.f.actor and any(self.f.hostile(b) > 0 for b in near(area)):
            return self.w["garrison"], why("garrison", area=area)
        return -0.2, why("enter_city", area=area)

    def pickup(self, aid: str, p: dict[str, Any]) -> Scored:
        pid = str(p.get("piece") or "")
        s = piece_strength(pid, bool(self.piece(pid).get("red")))
        return self.w["pickup"] * s, why("pickup", piece=pid, s=num(s))

    def drop(self, aid: str, p: dict[str, Any]) -> Scored:
        return -0.3, why("drop", piece=p.get("piece"))

    def intercept(self, aid: str, p: dict[str, Any]) -> Scored:
        src, area = str(p.get("src") or ""), str(p.get("area") or "")
        s = self.f.own(src)
        enemy = self.f.hostile(area) or self.f.force(area, {str(self.prompt_params.get("mover") or "")})
        chance = self.field_chance(src, area, interception=True) if enemy > 0 else 0.5
        score = self.w["intercept"] * (chance - self.w["battle_odds"]) * 2
        if enemy > 0:
            mover = str(self.prompt_params.get("mover") or "")
            units = self.f.count(area, self.f.enemies | ({mover} if mover else set()), city=False)
            mine = sum(n for o, n in self.f.units.get((src, False), {}).items() if o in self.side)
            score += self.w["vp"] * (chance * battle_vp(units) - (1 - chance) * self.w["rival_vp"] * battle_vp(mine))
        return score, why("intercept", area=area, src=src, s=num(s), enemy=num(enemy), chance=pct(chance))

    def evade(self, aid: str, p: dict[str, Any]) -> Scored:
        here = self.here or str(p.get("area") or "")
        s = self.f.own(here)
        mover = str(self.prompt_params.get("mover") or "")
        enemy = max(self.f.hostile(n) for n in (*near(here), here)) if here else 0.0
        if mover:
            enemy = max(enemy, max(self.f.force(n, {mover}) for n in (*near(here), here)))
        if enemy > self.w["avoid_ratio"] * s:
            # 6.6.10: of the ways out, the one farthest from enemy strength; a hasty evasion (+2 to the roll)
            # costs attrition at once, unless only leaders evade
            dest = str(p.get("area") or "")
            dest = here if dest == "city" else dest  # into the city: the enemy stands at its gates
            danger = self.threat(dest, city=False) if dest in self.content.areas else 0.0
            score = self.w["evade"] - 0.05 * danger
            if aid.startswith("evade_hasty") and self.f.count(here, self.side, city=False):
                score -= 0.3
            return score, why("evade", area=p.get("area"), enemy=num(enemy), s=num(s))
        return -self.w["evade"] / 2, why("no_evade", area=p.get("area"), s=num(s), enemy=num(enemy))

    def chariots(self, aid: str, p: dict[str, Any]) -> Scored:
        """9.7: before a battle, a country's chariots fight as bow units (they fire first but neither kill
        nor shield) or as heavy troops (they kill and shield, but do not fire first). The odds resolver
        answers both for the own side against the enemy in the field of the battle's area, the own side as
        the attacker (the prompt does not tell the sides; the better mode rarely depends on it)."""
        area = self.here or str(p.get("area") or "")
        mode = "bow" if aid.endswith("bow") else "heavy"
        att = self.odds.group(area, self.side, city=False)
        defn = self.odds.group(area, self.f.enemies, city=False)
        if not att.seen or not (defn.seen or defn.uncertain):
            return (0.01 if mode == "heavy" else 0.0), why("chariots_unknown", mode=f"aw.bot.mode.{mode}", area=area)
        chance = self.odds.field(att, defn, area, None, chariots=mode)
        # of equal chances, heavy (the mode the table's odds assume)
        return chance + (0.001 if mode == "heavy" else 0.0), why("chariots", mode=f"aw.bot.mode.{mode}", area=area,
                                                                 chance=pct(chance))

    def ambush(self, aid: str, p: dict[str, Any]) -> Scored:
        """9.7: a defender's horsebowmen or chariots may fire and then try to evade before the melee. Worth it
        against an enemy `avoid_ratio` times stronger, to the way out farthest from enemy strength; else the
        battle is fought (an ambush wins no VP, 8.3)."""
        here = self.here or str(p.get("area") or "")
        s, enemy = self.f.own(here), self.f.hostile(here)
        if aid == "no_ambush":
            return 0.0, why("no_ambush", area=here, s=num(s), enemy=num(enemy))
        dest = str(p.get("area") or "")
        danger = self.threat(dest, city=False) if dest in self.content.areas else 0.0
        if enemy > self.w["avoid_ratio"] * s:
            return self.w["evade"] - 0.05 * danger, why("ambush", area=dest, enemy=num(enemy), s=num(s))
        return -self.w["evade"] / 2, why("ambush_not_needed", area=dest, enemy=num(enemy), s=num(s))

    def sortie(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or self.here)
        own = self.f.own(area, city=True)
        enemy = self.f.hostile(area)
        chance = p_win(own, enemy, self.w["odds_power"])
        score = self.w["battle"] * (chance - self.w["battle_odds"]) * 2
        return score, why("sortie", area=area, own=num(own), enemy=num(enemy), chance=pct(chance))

    def suggested(self, aid: str, p: dict[str, Any]) -> Scored:
        return self.w["suggested"], why("suggested", n=p.get("n"), mode=p.get("mode"))

    def take_hit(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.6.1, 6.7.4: the piece that takes the next hit (or rout): the least strength lost — a full-strength
        unit flips to its reduced side, a reduced or one-sided unit is eliminated — and a leader only when no
        unit is left, a king last of all (8.3.1: 1 VP for a king lost). A rout (to the Regroup Box) costs the
        piece's strength for a while only."""
        pid = str(p.get("piece") or "")
        rec = self.piece(pid)
        kind = str(rec.get("kind") or "")
        rout = aid.startswith("rout:")
        if kind in ("leader", "king"):
            loss = self.w["vp"] + self.w["leader_loss"] if kind == "king" else self.w["leader_loss"]
            score = -loss * (0.4 if rout else 1.0)
            return score, why("hit_leader", piece=pid, value=signed(score))
        red = bool(rec.get("red"))
        front, reduced = piece_strength(pid, False), piece_strength(pid, True)
        lost = reduced if red else front - reduced
        if not red and reduced <= 0:
            lost = front  # a one-sided unit is eliminated by its first hit
        if red or reduced <= 0:
            lost += 0.5  # an eliminated unit is built anew (5.3), a flipped one only rebuilt
        score = -self.w["build"] * lost * (0.4 if rout else 1.0)
        return score, why("hit_unit", piece=pid, s=num(lost), value=signed(score))

    def garrison_hits(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.8.3: the besieged defender takes `n` of the round's hits on the garrison and the rest on the city,
        where each group of hits equal to the present defence removes a level and full damage takes the city
        (8.3: its VPs to the besieger). The fewest levels lost, then the fewest hits on the garrison."""
        area = self.here or str(p.get("area") or "")
        n, on_city = int(p.get("n") or 0), int(p.get("city") or 0)
        printed = city_defence(area)
        damage = int(((self.view.get("areas") or {}).get(area) or {}).get("damage") or 0)
        levels, hits = 0, on_city
        while hits > 0 and damage + levels < printed and hits >= printed - damage - levels:
            hits -= printed - damage - levels
            levels += 1
        falls = printed > 0 and damage + levels >= printed
        value = city_value(area)
        score = -levels * (1.0 + value / max(printed, 1)) - self.w["build"] * n
        if falls:
            score -= self.w["vp"] * max(value, 1.0)
        return score, why("garrison_hits", n=n, levels=levels, area=area, value=signed(score))

    def odd_loss(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.7.4.a: the odd loss goes on the mercenaries (bought for APs, hired again) rather than on the
        regulars (rebuilt at the owner's cost)."""
        mercs = p.get("kind") == "mercs"
        return (0.2 if mercs else 0.0), why("odd_loss_mercs" if mercs else "odd_loss_regs")

    def fw_unit(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.11.b: the units committed to a foreign war stay on its card until it ends and may take hits
        there: the weakest first, a leader only when a battle there is wanted."""
        pid = str(p.get("piece") or "")
        rec = self.piece(pid)
        if rec.get("kind") in ("leader", "king"):
            return -1.0, why("fw_leader", piece=pid)
        s = piece_strength(pid, bool(rec.get("red")))
        return -0.1 * s, why("fw_weakest", piece=pid, s=num(s))

    def retreat(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or "")
        own = self.f.control.get(area) in self.f.mine | {self.f.actor}
        danger = self.f.hostile(area)
        score = (1.0 if own else 0.0) - 0.3 * danger
        reason = why("retreat", area=area)
        if own:
            reason.append(part("own_ground"))
        if danger:
            reason.append(part("danger", enemy=num(danger)))
        return score, reason

    def window_card(self, aid: str, p: dict[str, Any]) -> Scored:
        kind = str(self.prompt_params.get("kind") or "")
        if kind == "battle":
            return self.w["battle_card"], why("battle_card", card=p.get("card"))
        return self.w["window_card"], why("window_card", card=p.get("card"), kind=kind)

    def province(self, aid: str, p: dict[str, Any]) -> Scored:
        return self.w["province"], why("province", area=p.get("area"))

    def conquest(self, aid: str, p: dict[str, Any]) -> Scored:
        return self.w["conquest"], why("conquest", target=p.get("target"))

    def surrender(self, aid: str, p: dict[str, Any]) -> Scored:
        return self.w["surrender"], why("surrender", to=p.get("to"))

    def supply(self, aid: str, p: dict[str, Any]) -> Scored:
        head = aid.split(":", 1)[0]
        if head == "forage":
            return 1.0, why("forage", area=p.get("area"))
        if head == "supply":
            return 0.6 - self.w["ap_cost"], why("supply", area=p.get("area"))
        return -1.5, why("starve", area=p.get("area"))

    def loose_join(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.6.2: a single unit joins the stronger of the armies with room for it: one strong army wins the
        battles worth VPs (8.3, by the size of the beaten force) that two middling ones cannot."""
        lid = str(p.get("leader") or "")
        s = self.army_strength(lid)
        return 0.01 * s, why("loose_join", piece=p.get("piece"), leader=lid, s=num(s))

    def group_commander(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.6.4: an army group's commander changed to another of its leaders: worth the better action rating
        (it leads the group's battles) and, a little, the larger command; never for an equal or worse one."""
        gid, lid = str(p.get("group") or ""), str(p.get("leader") or "")
        cur = str(((self.view.get("groups") or {}).get(gid) or {}).get("commander") or "")

        def ratings(pid: str) -> tuple[int, int]:
            spec = self.content.leaders.get(pid)
            if spec is None:
                return 0, 0
            side = spec.reduced if self.piece(pid).get("red") else spec.front
            return int(side.action), int(side.command)

        (a_new, c_new), (a_cur, c_cur) = ratings(lid), ratings(cur)
        gain = 0.5 * (a_new - a_cur) + 0.05 * (c_new - c_cur)
        score = gain if gain > 0 else gain - 0.1
        return score, why("group_commander", group=gid, leader=lid, action=a_new, now=a_cur)

    def relocate_to(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.6.7, 7.7: a relocating leader (and what he picks up) goes where own forces stand and enemy
        strength is far: the prompt does not say where he comes from, so no target pull is weighed."""
        dest = str(p.get("area") or aid.split(":", 1)[1])
        own, enemy = self.f.own(dest, city=None), self.threat(dest)
        score = 0.05 * own - 0.1 * enemy
        return score, why("relocate_to", area=dest, own=num(own), enemy=num(enemy))

    def relocate_forces(self, aid: str, p: dict[str, Any]) -> Scored:
        """7.4.1, 7.4.2, 8.1 (glossary "Relocation"): forces that must leave for one of their nearest friendly
        areas go where their target pull is best, not beside an enemy far stronger than they are."""
        src, dest = str(p.get("area") or ""), str(p.get("to") or aid.split(":", 1)[1])
        s = self.f.own(src)
        then, where = self.pull(dest, s)
        score = self.w["advance"] * then
        reason = why("relocate_forces", area=dest, target=where or None, s=num(s))
        enemy = self.f.hostile(dest)
        if enemy > self.w["avoid_ratio"] * max(s, 0.5):
            score -= self.w["avoid"]
            reason.append(part("far_stronger", enemy=num(enemy)))
        return score, reason

    def repair(self, aid: str, p: dict[str, Any]) -> Scored:
        """6.4: a level of a city's damage repaired (1 AP): the walls count in every siege and assault (6.8),
        most where an enemy force stands at or next to the city (`garrison` more, as manning it)."""
        area = str(p.get("area") or "")
        enemy = self.threat(area)
        score = self.w["repair"] + (0.5 * self.w["garrison"] if enemy > 0 else 0.0) - self.w["ap_cost"] * 1.0
        return score, why("repair", area=area, damage=p.get("damage"), enemy=num(enemy))

    def place_at(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or "")
        pid = str(p.get("piece") or "")
        s = self.f.own(area) + piece_strength(pid, False)
        pull, where = self.pull(area, s)
        threat = self.threat(area, city=False)
        score = 0.3 * pull + 0.05 * self.f.own(area) + (0.3 if threat > 0 else 0.0)
        return score, why("place_at", piece=pid, area=area, target=where or None, own=num(self.f.own(area)))
