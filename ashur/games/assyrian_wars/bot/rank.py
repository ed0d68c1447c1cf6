"""The heuristic bot's ranking of Assyrian Wars (issue 17): a score and a one-line reason per legal action,
from the role's view only (:mod:`.features`) and the weights of ``weights.yaml``.

A reason is a :data:`~ashur.core.contract.Reason`: message parts ``aw.bot.*`` of the game's catalogs
(``messages/<lang>/bot.yaml``), so that each reader reads it in their own language; numbers go in formatted
as they are shown (:func:`num`, :func:`pct`, :func:`signed`), ids as ids (the catalog names them).

The goals are those the rules reward: take and hold cities (sieges laid and carried on, 6.8; assaults when
the odds are good, 6.8.2; garrisons; VP of cities, 8.3), battles worth VP when the odds favour them (6.7),
interception and evasion by the odds (6.6.9, 6.6.10), ECO gains (2 VP each at the end, 8.3), the trade boxes
(6.16.3), card events rather than APs (6.11), no impulse ended with APs unused when there is a good use
(3.1), no attack on much stronger stacks, no new wars for nothing (8.1). The odds are a strength ratio of
what the view shows (unseen pieces of a fogged stack at their country's average, 9.5): cheap, so a decision
stays well under the 50 ms the issue allows.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ashur.core.contract import Message, Reason, message
from ashur.games.assyrian_wars.bot.battle import Odds
from ashur.games.assyrian_wars.bot.features import (
    Features,
    battle_vp,
    bind,
    city_defence,
    city_value,
    distances,
    features,
    kinds,
    piece_strength,
    trade_vp,
)

Scored = tuple[float, Reason]
WEIGHTS = Path(__file__).with_name("weights.yaml")
POWERS = ("assyria", "mede", "egypt", "babylonia", "elam")


# --- reasons ------------------------------------------------------------------------------------------
def part(key: str, **params: Any) -> Message:
    """One part of a reason: the message ``aw.bot.<key>`` with `params`."""
    return message(f"aw.bot.{key}", **params)


def why(key: str, **params: Any) -> Reason:
    """A reason of one part (:func:`part`)."""
    return [part(key, **params)]


def num(x: float) -> str:
    """A number as the reasons show it (``4.5``, ``3``)."""
    return f"{x:g}"


def pct(x: float) -> str:
    """A chance as a whole percentage (``45%``)."""
    return f"{x:.0%}"


def signed(x: float) -> str:
    """A value with its sign and one decimal (``+1.2``)."""
    return f"{x:+.1f}"


# --- weights ------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _raw() -> dict[str, Any]:
    data = yaml.safe_load(WEIGHTS.read_text(encoding="utf-8")) or {}
    check_weights(data)
    return data


def check_weights(data: dict[str, Any]) -> None:
    """Validate ``weights.yaml``: `default` holds every key as a number (and `prefix` a table of numbers);
    the powers' and scenarios' sections only override known keys with numbers. Raises ValueError."""
    default = data.get("default")
    if not isinstance(default, dict):
        raise ValueError("weights.yaml: no 'default' section")
    known = set(default)

    def section(where: str, sec: Any) -> None:
        if not isinstance(sec, dict):
            raise ValueError(f"weights.yaml: {where} is not a mapping")
        for k, v in sec.items():
            if k not in known:
                raise ValueError(f"weights.yaml: {where}.{k} is not a known weight")
            if k in ("prefix", "cards"):
                if not isinstance(v, dict) or not all(isinstance(x, (int, float)) for x in v.values()):
                    raise ValueError(f"weights.yaml: {where}.{k} must map {k} to numbers")
                if k == "cards" and not all(isinstance(x, int) and 1 <= x <= 110 for x in v):
                    raise ValueError(f"weights.yaml: {where}.cards must be keyed by card numbers 1-110")
            elif not isinstance(v, (int, float)) or isinstance(v, bool):
                raise ValueError(f"weights.yaml: {where}.{k} must be a number, not {v!r}")

    section("default", default)
    for key, sec in data.items():
        if key in ("default", "scenarios"):
            continue
        if key not in POWERS:
            raise ValueError(f"weights.yaml: unknown section {key!r} (powers: {', '.join(POWERS)})")
        section(key, sec)
    for sid, per in (data.get("scenarios") or {}).items():
        if not isinstance(per, dict):
            raise ValueError(f"weights.yaml: scenarios.{sid} is not a mapping")
        for who, sec in per.items():
            if who != "default" and who not in POWERS:
                raise ValueError(f"weights.yaml: scenarios.{sid}.{who} is neither 'default' nor a power")
            section(f"scenarios.{sid}.{who}", sec)


@lru_cache(maxsize=64)
def weights(scenario: str, power: str) -> dict[str, Any]:
    """The weights of `power` in `scenario`: default, then the power's, then the scenario's default and the
    scenario's power section. Minors and nomads played by a role use the default."""
    data = _raw()
    out = dict(data["default"])
    out["prefix"] = dict(out.get("prefix") or {})
    out["cards"] = dict(out.get("cards") or {})
    per_scenario = (data.get("scenarios") or {}).get(scenario) or {}
    for sec in (data.get(power) or {}, per_scenario.get("default") or {}, per_scenario.get(power) or {}):
        for k, v in sec.items():
            if k in ("prefix", "cards"):
                out[k].update(v)
            else:
                out[k] = float(v)
    return out


# --- odds -----------------------------------------------------------------------------------------------
def p_win(own: float, enemy: float, k: float) -> float:
    """The chance a side of strength `own` beats one of `enemy`: r^k / (r^k + 1), r = own / enemy."""
    if enemy <= 0:
        return 1.0 if own > 0 else 0.5
    if own <= 0:
        return 0.0
    r = (own / enemy) ** k
    return r / (r + 1.0)


# --- the ranking ------------------------------------------------------------------------------------------
class Ranker:
    """Scores the actions of one view (features computed once)."""

    def __init__(self, view: dict[str, Any], content: Any) -> None:
        self.view = view
        self.content = content
        self._odds: Odds | None = None
        self.f: Features = features(view)
        self.w = weights(str(view.get("scenario") or ""), self.f.actor)
        prompt = view.get("prompt") or {}
        self.prompt_params: dict[str, Any] = dict(prompt.get("params") or {})
        self.prompt_key = str(prompt.get("key") or "")
        self.here = str(self.prompt_params.get("area") or "")
        self._pull: dict[tuple[str, float], tuple[float, str]] = {}
        self._plans: dict[str, tuple[float, dict[str, Any]] | None] = {}
        self._conquest_targets()

    def _conquest_targets(self) -> None:
        """7.1: a minor at war is conquered once all its square home areas are taken (Persia has no city at
        all): its square areas without a city are targets too, worth `conquest_area` each (the conquest's
        VP, 8.3, and tribute, 5.2.2, spread over the areas)."""
        value = self.w["conquest_area"]
        if value <= 0:
            return
        kind = kinds()
        areas = self.content.areas
        for aid, ctrl in self.f.control.items():
            if ctrl in self.f.enemies and kind.get(str(ctrl)) == "minor":
                area = areas.get(aid)
                if area is not None and area.city is None and area.is_square and area.kind != "far_east" \
                        and area.nation == ctrl:
                    self.f.targets.setdefault(aid, value)

    @property
    def odds(self) -> Odds:
        """The battle chances of this view (built when a battle or assault choice first asks)."""
        if self._odds is None:
            self._odds = Odds(self.view, self.content)
        return self._odds

    @property
    def side(self) -> set[str]:
        return self.f.mine | {self.f.actor}

    def field_chance(self, src: str, dest: str, *, interception: bool = False) -> float:
        """The chance of the own pieces outside the city at `src` beating the enemy's outside it at `dest`
        (6.7, by the odds resolver); the strength ratio when the view shows no own fighting piece there."""
        att = self.odds.group(src, self.side, city=False)
        defn = self.odds.group(dest, self.f.enemies, city=False)
        if not att.seen or not (defn.seen or defn.uncertain):
            return p_win(self.f.own(src), self.f.hostile(dest), self.w["odds_power"])
        conn = None if interception else self.content.connection_type(src, dest)
        return self.odds.field(att, defn, dest, conn, interception=interception)

    def piece(self, pid: str) -> dict[str, Any]:
        """The view's record of a piece (empty when the view does not show it)."""
        return (self.view.get("pieces") or {}).get(pid) or {}

    def pull(self, area: str, strength: float) -> tuple[float, str]:
        key = (area, round(strength, 1))
        found = self._pull.get(key)
        if found is None:
            found = self._pull[key] = self.f.target_pull(area, strength, self.w["field"], self.w["field_ratio"])
        return found

    # --- the VP race (8.3, 9.1) ---------------------------------------------------------------------------
    def race(self, delta: dict[str, float]) -> float:
        """VP changes (power -> VPs) as the actor's power sees them: its own gain minus `rival_vp` times what
        the others gain (9.1 compares a power's VPs with the others': theirs count against it)."""
        me = self.f.power
        return delta.get(me, 0.0) - self.w["rival_vp"] * sum(v for p, v in delta.items() if p != me)

    def trade_change(self, after: dict[str, float]) -> float:
        """The race value (:meth:`race`) of the trade ranking (8.3) changing from the present trade points to
        `after`."""
        before_vp = trade_vp(self.f.trade_points)
        after_vp = trade_vp(after)
        return self.race({p: float(after_vp.get(p, 0) - before_vp.get(p, 0)) for p in after})

    def rank(self, actions: list[dict[str, Any]]) -> list[Scored]:
        return [self.score(a) for a in actions]

    def score(self, a: dict[str, Any]) -> Scored:
        aid = a["id"]
        label = str(a.get("label") or "")
        params = a.get("params") or {}
        head = aid.split(":", 1)[0]
        handler = HANDLERS.get(label.removeprefix("aw.act."))
        if handler is not None:
            return handler(self, aid, params)
        if head == "order":
            return self.w["standing_order"], why("standing_order")
        if label.startswith("aw.act.ask."):
            return self.ask(aid, label, params)
        value = float(self.w["prefix"].get(head, 0.0))
        cost = float(params.get("ap") or 0) if isinstance(params.get("ap"), (int, float)) else 0.0
        if value:
            value -= self.w["ap_cost"] * cost
            return value, why("prefix", value=signed(value), weight=f"prefix.{head}")
        return 0.0, why("no_rule")

    # --- impulse ----------------------------------------------------------------------------------------
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

    # --- moves ------------------------------------------------------------------------------------------
    def move_to(self, aid: str, p: dict[str, Any]) -> Scored:
        dest = str(p.get("area") or aid.split(":", 1)[1])
        here = self.here
        s = self.f.own(here) if here else 0.0
        now, _ = self.pull(here, s) if here else (0.0, "")
        then, where = self.pull(dest, s)
        score = self.w["advance"] * (then - now) - self.w["ap_cost"] * float(p.get("ap") or 0)
        reason = why("move_to", area=dest, target=where or None, s=num(s))
        enemy = self.f.hostile(dest)
        if enemy > 0:
            if enemy > self.w["avoid_ratio"] * s:
                score -= self.w["avoid"]
                reason.append(part("far_stronger", enemy=num(enemy)))
            else:
                chance = self.field_chance(here, dest)
                score += self.w["battle"] * (chance - self.w["battle_odds"]) * 2
                score += self.battle_vp_value(here, dest, chance)
                reason.append(part("battle", s=num(s), enemy=num(enemy), chance=pct(chance)))
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
        if self.f.control.get(area) == self.f.actor and any(self.f.hostile(b) > 0 for b in _near(area)):
            return self.w["garrison"], why("garrison", area=area)
        return -0.2, why("enter_city", area=area)

    def pickup(self, aid: str, p: dict[str, Any]) -> Scored:
        pid = str(p.get("piece") or "")
        s = piece_strength(pid, bool(self.piece(pid).get("red")))
        return self.w["pickup"] * s, why("pickup", piece=pid, s=num(s))

    def drop(self, aid: str, p: dict[str, Any]) -> Scored:
        return -0.3, why("drop", piece=p.get("piece"))

    # --- interception, evasion, sorties ---------------------------------------------------------------------
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
        enemy = max(self.f.hostile(n) for n in (*_near(here), here)) if here else 0.0
        if mover:
            enemy = max(enemy, max(self.f.force(n, {mover}) for n in (*_near(here), here)))
        if enemy > self.w["avoid_ratio"] * s:
            # 6.6.10: of the ways out, the one farthest from enemy strength; a hasty evasion (+2 to the roll)
            # costs attrition at once, unless only leaders evade
            dest = str(p.get("area") or "")
            dest = here if dest == "city" else dest  # into the city: the enemy stands at its gates
            danger = max((self.f.hostile(n) for n in (*_near(dest), dest)), default=0.0) if dest in self.content.areas \
                else 0.0
            score = self.w["evade"] - 0.05 * danger
            if aid.startswith("evade_hasty") and self.f.count(here, self.side, city=False):
                score -= 0.3
            return score, why("evade", area=p.get("area"), enemy=num(enemy), s=num(s))
        return -self.w["evade"] / 2, why("no_evade", area=p.get("area"), s=num(s), enemy=num(enemy))

    def sortie(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or self.here)
        own = self.f.own(area, city=True)
        enemy = self.f.hostile(area)
        chance = p_win(own, enemy, self.w["odds_power"])
        score = self.w["battle"] * (chance - self.w["battle_odds"]) * 2
        return score, why("sortie", area=area, own=num(own), enemy=num(enemy), chance=pct(chance))

    # --- losses, windows, questions -------------------------------------------------------------------------
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

    def discard(self, aid: str, p: dict[str, Any]) -> Scored:
        if aid == "discard:suggested":
            return 0.5, why("discard_suggested", n=p.get("n"))
        return -float(p.get("ap") or 0) * 0.1, why("discard", card=p.get("card"), ap=p.get("ap"))

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

    def supply(self, aid: str, p: dict[str, Any]) -> Scored:
        head = aid.split(":", 1)[0]
        if head == "forage":
            return 1.0, why("forage", area=p.get("area"))
        if head == "supply":
            return 0.6 - self.w["ap_cost"], why("supply", area=p.get("area"))
        return -1.5, why("starve", area=p.get("area"))

    def place_at(self, aid: str, p: dict[str, Any]) -> Scored:
        area = str(p.get("area") or "")
        pid = str(p.get("piece") or "")
        s = self.f.own(area) + piece_strength(pid, False)
        pull, where = self.pull(area, s)
        threat = max((self.f.hostile(b) for b in (*_near(area), area)), default=0.0)
        score = 0.3 * pull + 0.05 * self.f.own(area) + (0.3 if threat > 0 else 0.0)
        return score, why("place_at", piece=pid, area=area, target=where or None, own=num(self.f.own(area)))

    def sell_merc(self, aid: str, p: dict[str, Any]) -> Scored:
        buyer = str(p.get("buyer") or "")
        sell = aid.startswith("sell")
        if buyer in self.f.enemies:
            return (-1.0 if sell else 0.5), why("sell_enemy" if sell else "refuse_enemy", buyer=buyer)
        return (0.3 if sell else 0.0), why("sell" if sell else "refuse_sale", buyer=buyer)

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


#: the verb of a build reason (``aw.bot.verb.<verb>``) by the head of the action id
BUILD_VERBS = {"build": "build", "rebuild": "rebuild", "hire": "hire", "rehire": "rehire", "buy_merc": "buy",
               "pick": "take", "unit": "place"}
#: 6.9: at most 6 AP of diplomacy per impulse
DIPLOMACY_CAP = 6.0
#: alliance breakers (6.11.c) and the minors or tribes they move (empty: any)
BREAKERS: dict[int, tuple[str, ...]] = {36: ("phoenicia",), 37: ("judah", "israel"), 38: ("syria",),
                                        39: ("urartu",), 42: ("phrygia",), 43: ("persia",),
                                        44: ("cimmerians", "scythians"), 45: ()}
#: the spaces an alliance breaker's 2D6 bring on average (6.11.c)
BREAKER_SPACES = 7
#: foreign war cards (6.11.b) and the power that commits units to them
FOREIGN_WARS = {48: "egypt", 49: "egypt", 50: "mede", 51: "assyria", 52: "babylonia", 53: "elam"}
TRIBUTE_WITHHELD = 98
CARAVAN_TRADE = 99
#: cards that act on an own siege (6.8) and the share of a siege's worth they bring: Treachery at the Gates
#: (a third of the time the city falls), Hunger in the City (two hunger levels)
OWN_SIEGE_CARDS = {68: 0.35, 69: 0.3}


def _near(area: str) -> list[str]:
    return [b for b, d in distances(area).items() if d == 1]


Handler = Callable[[Ranker, str, dict[str, Any]], Scored]
HANDLERS: dict[str, Handler] = {
    "card_ap": Ranker.card_ap, "card_event": Ranker.card_event, "end_impulse": Ranker.end,
    "move_force": Ranker.move_force, "forced_march": Ranker.move_force,
    "siege_assault": Ranker.siege, "siege_hunger": Ranker.siege, "siege_standard": Ranker.siege,
    "build": Ranker.build, "rebuild": Ranker.build, "hire": Ranker.build, "rehire": Ranker.build,
    "buy_merc": Ranker.build, "recruit.hire": Ranker.build, "recruit.place_unit": Ranker.build,
    "recruit.pick_merc": Ranker.build,
    "eco_convert": Ranker.eco, "eco_city": Ranker.eco, "enter_box": Ranker.trade,
    "diplomacy": Ranker.diplomacy, "diplomacy_spaces": Ranker.diplo_spaces,
    "declare_war": Ranker.declare, "attack_peaceful": Ranker.declare,
    "declare_war_free": Ranker.declare, "land_dow": Ranker.declare,
    "move_to": Ranker.move_to, "move_to_dow": Ranker.move_to, "march_to": Ranker.move_to, "stop_move": Ranker.stop_move,
    "enter_city": Ranker.enter_city, "pick_up": Ranker.pickup, "drop_off": Ranker.drop,
    "intercept": Ranker.intercept, "evade": Ranker.evade, "evade_hasty": Ranker.evade,
    "sortie": Ranker.sortie, "sortie_impulse": Ranker.sortie,
    "losses_suggested": Ranker.suggested,
    "hit_piece": Ranker.take_hit, "rout_piece": Ranker.take_hit, "assign_hit": Ranker.take_hit,
    "odd_loss": Ranker.odd_loss, "fw_unit": Ranker.fw_unit, "garrison_hits": Ranker.garrison_hits,
    "choose_card": Ranker.window_card,
    "province": Ranker.province, "conquest_check": Ranker.conquest, "surrender": Ranker.surrender,
    "discard_excess": Ranker.discard, "discard_suggested": Ranker.discard, "retreat": Ranker.retreat,
    "tribute_pay": Ranker.tribute_pay, "tribute_refuse": Ranker.tribute_pay, "card_option": Ranker.card_option,
    "pick_subject": Ranker.pick_subject, "pick_towards": Ranker.pick_towards, "breaker_spaces": Ranker.breaker_spaces,
    "free_dow": Ranker.free_dow, "stop_tribute": Ranker.stop_tribute, "raid": Ranker.raid,
    "raid_target": Ranker.raid_target, "raider": Ranker.raider,
    "supply": Ranker.supply, "forage": Ranker.supply, "starve": Ranker.supply, "place_at": Ranker.place_at,
    "sell_merc": Ranker.sell_merc, "sell_merc_all": Ranker.sell_merc, "refuse_sale": Ranker.sell_merc,
    "refuse_sale_all": Ranker.sell_merc,
}


def rank(view: dict[str, Any], actions: list[dict[str, Any]], content: Any) -> list[Scored]:
    """A score and a one-line reason (message parts ``aw.bot.*``) per action (same order):
    :meth:`ashur.core.contract.Game.rank_actions`;
    `content` is the game's public data (map, counters)."""
    bind(content)
    if not actions:
        return []
    return Ranker(view, content).rank(actions)
