"""The ground of the heuristic bot's ranking (issue 17, :mod:`.rank`): reasons as message parts, the
weights of ``weights.yaml`` and their check, the odds of a strength ratio, the cards the ranking knows by
number, and what every part of the ranking reads (:class:`RankerBase`: the view's features, the battle
odds, the VP race of 8.3 and 9.1)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ashur.core.contract import Message, Reason, message
from ashur.games.assyrian_wars.bot.battle import Odds
from ashur.games.assyrian_wars.bot.features import Features, distances, features, kinds, piece_strength, trade_vp

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


# --- the cards the ranking knows by number ---------------------------------------------------------------
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


def near(area: str) -> list[str]:
    """The areas one step from `area`."""
    return [b for b, d in distances(area).items() if d == 1]


# --- what every part of the ranking reads -----------------------------------------------------------------
class RankerBase:
    """The features of one view (computed once), its weights, battle odds and the VP race."""

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

    def threat(self, area: str, *, city: bool | None = None) -> float:
        """The strongest enemy force at `area` or one step from it (outside the city, inside, or both: None):
        what may take a city there, or catch a force that goes there."""
        return max((self.f.hostile(b, city=city) for b in (*near(area), area)), default=0.0)

    def facing(self, dest: str, s: float, chance: Callable[[], float]) -> tuple[float, Message | None, float]:
        """What the enemy field force at `dest` adds to bringing strength `s` there (a move, a landing): `avoid`
        off when it is `avoid_ratio` times stronger, else the battle (6.7) weighed by `chance()` above
        `battle_odds`; with the reason's part and the chance (0 when the force keeps away, 0.5 with no
        enemy)."""
        enemy = self.f.hostile(dest)
        if enemy <= 0:
            return 0.0, None, 0.5
        if enemy > self.w["avoid_ratio"] * s:
            return -self.w["avoid"], part("far_stronger", enemy=num(enemy)), 0.0
        p = chance()
        return self.w["battle"] * (p - self.w["battle_odds"]) * 2, \
            part("battle", s=num(s), enemy=num(enemy), chance=pct(p)), p

    def army_strength(self, fid: str) -> float:
        """The strength of the force `fid` as the view shows it: the piece itself and the pieces of its army
        (leaders count 0, :func:`~.features.piece_strength`)."""
        return sum(piece_strength(pid, bool(q.get("red"))) for pid, q in (self.view.get("pieces") or {}).items()
                   if pid == fid or q.get("army") == fid)

    @staticmethod
    def ap_of(params: dict[str, Any]) -> float:
        """The APs an action's parameters say it costs (0 when they name none)."""
        ap = params.get("ap")
        return float(ap or 0) if isinstance(ap, (int, float)) else 0.0

    def by_prefix(self, aid: str, params: dict[str, Any]) -> Scored:
        """The ``prefix`` table's weight of the action's id prefix, less ``ap_cost`` per AP it costs; 0 with
        no rule when the table has none."""
        head = aid.split(":", 1)[0]
        value = float(self.w["prefix"].get(head, 0.0))
        if not value:
            return 0.0, why("no_rule")
        value -= self.w["ap_cost"] * self.ap_of(params)
        return value, why("prefix", value=signed(value), weight=f"prefix.{head}")

    def piece(self, pid: str) -> dict[str, Any]:
        """The view's record of a piece (empty when the view does not show it)."""
        return (self.view.get("pieces") or {}).get(pid) or {}

    def pull(self, area: str, strength: float) -> tuple[float, str]:
        key = (area, round(strength, 1))
        found = self._pull.get(key)
        if found is None:
            found = self._pull[key] = self.f.target_pull(area, strength, self.w["field"], self.w["field_ratio"])
        return found

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
