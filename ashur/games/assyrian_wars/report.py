"""The statistics of a finished (or running) game that players know from session reports (``Game.report``).

Everything is read from the public log (:func:`ashur.core.log.entries`, the ``aw.*`` keys written by the rule
modules) and from public static data (the scenario's starting VPs, the kind of each counter): secret entries
(those with ``to``) are skipped, so the report says nothing a spectator could not know.

Every figure is a count or a sum, so that a tool may add the reports of many games (``ashur arena`` gives the
totals and the mean per game over the games that have the figure). Keys are fixed: every figure is present
(zero when nothing happened: every battle kind, siege kind, VP cause, and every power of the scenario), except
the per-turn figures, present for the turns the game reached, so that their mean is over the games that
reached the turn. Turns are keys written as strings (JSON objects).
"""

from __future__ import annotations

from typing import Any

from ashur.core.log import entries
from ashur.games.assyrian_wars.content import load_content
from ashur.games.assyrian_wars.rules.land.battle import KINDS as BATTLE_KINDS
from ashur.games.assyrian_wars.rules.land.siege import SIEGE_KINDS

State = dict[str, Any]

#: the combat pieces of a side (6.7; ships in a naval battle, 6.16.f): leaders and kings are not counted
FIGHTING_KINDS = ("unit", "merc", "ship")
#: 8.3: a won land battle scores 1/2/3 VP against 5-9 / 10-14 / 15+ enemy units; the same bands give the sizes
SIZE_BANDS = ((15, "15+"), (10, "10-14"), (5, "5-9"), (0, "0-4"))
#: how a siege ends with the city taken (6.8.1 hunger, 6.8.2 assault, 6.8.3 standard siege)
SIEGE_TAKEN = {"aw.city_surrenders": "hunger", "aw.assault_taken": "assault", "aw.standard_taken": "standard"}
#: 8.3: the VPs of the trade ranking
TRADE_WHY = ("aw.why.trade_tycoon", "aw.why.trade_second", "aw.why.trade_tie")
#: the VP causes reported (the ``why`` of ``aw.vp``, 8.3); every other cause (cards, penalties of 8.3.1, lost
#: kings, foreign wars 6.11.b, ...) is summed under ``other``
VP_CAUSES = {"aw.why.battle": "battles", "aw.why.city": "cities", "aw.why.tribe": "tribes",
             "aw.why.alliance_or_conquest": "alliances_conquests", **dict.fromkeys(TRADE_WHY, "trade"),
             "aw.why.eco_increase": "eco_increase", "aw.why.not_conquered": "not_conquered"}


def band(units: int) -> str:
    """The 8.3 size band of a side of `units` combat units."""
    return next(name for low, name in SIZE_BANDS if units >= low)


def report(state: State) -> dict[str, Any]:
    """The session-report statistics of `state` (see :func:`battles`, :func:`sieges`, :func:`politics`,
    :func:`trade` and :func:`vp_by_turn`)."""
    log = [e for e in entries(state) if e.get("to") is None]
    powers = [p for ps in state["roles"].values() for p in ps]
    turns = _turn_of_entries(state, log)
    played = [str(t) for t in range(int(state["first_turn"]), max(turns, default=int(state["first_turn"])) + 1)]
    return {
        "turns": {"played": len(played)},
        "battles": battles(state, log, turns, played),
        "sieges": sieges(log),
        **politics(log, powers),
        "trade": trade(log, powers),
        "vp": vp_by_turn(state, log, turns, powers, played),
    }


def _turn_of_entries(state: State, log: list[dict[str, Any]]) -> list[int]:
    """The game turn of each entry: the scenario's first turn, then the turn of the last ``aw.turn_start``
    (5.0); the Interphase (7.0) and the final scoring (8.3) belong to the turn they end."""
    turn = int(state["first_turn"])
    out: list[int] = []
    for e in log:
        if e["key"] == "aw.turn_start":
            turn = int(e["params"]["turn"])
        out.append(turn)
    return out


def battles(state: State, log: list[dict[str, Any]], turns: list[int], played: list[str]) -> dict[str, Any]:
    """Battles (6.7, ``aw.battle``: every battle fought, field, naval 6.16.f, siege assault 6.8.2, standard
    siege 6.8.3, sortie 6.8, raid 6.15), per turn and per kind; their size: the combat units of each side when
    the battle began (the pieces the entry names; leaders not counted), summed over the battles and counted
    in the 8.3 bands of the larger and the smaller side; the battles won (6.7.6 ``aw.battle_result``) and
    overruns (6.7.7); the VP-scoring battles (8.3, ``aw.vp_battle``) and their VPs."""
    pieces = state["pieces"]

    def units(ids: list[str]) -> int:
        return sum(1 for p in ids if pieces.get(p, {}).get("kind") in FIGHTING_KINDS)

    out: dict[str, Any] = {
        "count": 0, "units_attacker": 0, "units_defender": 0, "won_by_attacker": 0, "won_by_defender": 0,
        "undecided": 0, "overruns": 0, "vp_scoring": 0, "vp_awarded": 0,
        "per_turn": dict.fromkeys(played, 0), "vp_scoring_per_turn": dict.fromkeys(played, 0),
        "by_kind": dict.fromkeys(BATTLE_KINDS, 0), "larger_side": {name: 0 for _, name in SIZE_BANDS[::-1]},
        "smaller_side": {name: 0 for _, name in SIZE_BANDS[::-1]},
    }
    for e, turn in zip(log, turns):
        key, p = e["key"], e["params"]
        if key == "aw.battle":
            att, dfn = units(p["att"]), units(p["defn"])
            out["count"] += 1
            out["per_turn"][str(turn)] = out["per_turn"].get(str(turn), 0) + 1
            out["by_kind"][p["kind"]] = out["by_kind"].get(p["kind"], 0) + 1
            out["units_attacker"] += att
            out["units_defender"] += dfn
            out["larger_side"][band(max(att, dfn))] += 1
            out["smaller_side"][band(min(att, dfn))] += 1
        elif key == "aw.battle_result":
            winner = p.get("winner")
            side = {"att": "won_by_attacker", "def": "won_by_defender"}.get(winner or "", "undecided")
            out[side] += 1
        elif key == "aw.overrun":
            out["overruns"] += 1
        elif key == "aw.vp_battle":
            out["vp_scoring"] += 1
            out["vp_awarded"] += int(p["vp"])
            out["vp_scoring_per_turn"][str(turn)] = out["vp_scoring_per_turn"].get(str(turn), 0) + 1
    return out


def sieges(log: list[dict[str, Any]]) -> dict[str, Any]:
    """Sieges (6.8): started (``aw.siege_started``, by the kind first chosen), hunger markers advanced
    (6.8.1), lifted (6.8 ``aw.siege_lifted``; 7.4.3 peace ``aw.siege_lifted_by_peace``), assaults repulsed
    (6.8.2), and completed: the city taken by hunger (6.8.1), by assault (6.8.2) or by a standard siege
    (6.8.3)."""
    out: dict[str, Any] = {"started": 0, "completed": 0, "lifted": 0, "hunger_advanced": 0,
                           "assaults_repulsed": 0, "started_by_kind": dict.fromkeys(SIEGE_KINDS, 0),
                           "completed_by_kind": dict.fromkeys(SIEGE_KINDS, 0)}
    for e in log:
        key, p = e["key"], e["params"]
        if key == "aw.siege_started":
            out["started"] += 1
            out["started_by_kind"][p["kind"]] = out["started_by_kind"].get(p["kind"], 0) + 1
        elif key in SIEGE_TAKEN:
            out["completed"] += 1
            out["completed_by_kind"][SIEGE_TAKEN[key]] += 1
        elif key in ("aw.siege_lifted", "aw.siege_lifted_by_peace"):
            out["lifted"] += 1
        elif key == "aw.hunger_advanced":
            out["hunger_advanced"] += 1
        elif key == "aw.assault_repulsed":
            out["assaults_repulsed"] += 1
    return out


def politics(log: list[dict[str, Any]], powers: list[str]) -> dict[str, Any]:
    """Conquests (7.1 ``aw.conquered``: a country conquered, per conquering power), alliances made (6.9
    ``aw.alliance``, per power) and tribute (5.2 ``aw.tribute_paid``: a payment recorded for a turn; its ECO
    levels, 5.2.2, and those received by each power)."""
    conquests: dict[str, Any] = {"count": 0, "by_power": dict.fromkeys(powers, 0)}
    alliances: dict[str, Any] = {"count": 0, "by_power": dict.fromkeys(powers, 0)}
    tribute: dict[str, Any] = {"payments": 0, "eco": 0, "received": dict.fromkeys(powers, 0)}
    for e in log:
        key, p = e["key"], e["params"]
        if key == "aw.conquered":
            conquests["count"] += 1
            for c in p.get("conquerors") or []:
                if c in conquests["by_power"]:
                    conquests["by_power"][c] += 1
        elif key == "aw.alliance":
            alliances["count"] += 1
            if p["power"] in alliances["by_power"]:
                alliances["by_power"][p["power"]] += 1
        elif key == "aw.tribute_paid":
            amount = int(p["amount"])
            tribute["payments"] += 1
            tribute["eco"] += amount
            if p["receiver"] in tribute["received"]:
                tribute["received"][p["receiver"]] += amount
    return {"conquests": conquests, "alliances": alliances, "tribute": tribute}


def trade(log: list[dict[str, Any]], powers: list[str]) -> dict[str, Any]:
    """Trade (7.3.3): the trade points of each power at each income calculation (7.3.1 ``aw.income_level``,
    land and sea trade together) and the VPs of the trade ranking (8.3: 3 for the most trade points, 1 for the
    second, 2 each for a tie for first)."""
    out: dict[str, Any] = {"points": dict.fromkeys(powers, 0.0), "vp": dict.fromkeys(powers, 0)}
    for e in log:
        key, p = e["key"], e["params"]
        if key == "aw.income_level" and p["country"] in out["points"]:
            out["points"][p["country"]] += float(p["trade"])
        elif key == "aw.vp" and p.get("why") in TRADE_WHY and p["country"] in out["vp"]:
            out["vp"][p["country"]] += int(p["n"])
    return out


def vp_by_turn(state: State, log: list[dict[str, Any]], turns: list[int], powers: list[str],
               played: list[str]) -> dict[str, Any]:
    """VPs (8.3): each power's VPs after each turn (the scenario's starting VPs, 4.1, plus the VP entries of
    the turn: ``aw.vp`` gained or lost, 8.3/8.3.1, and those given up for a foreign war, 6.11.b
    ``aw.fw.vp_given``; the last turn includes the end-of-game points), and the VPs gained per cause
    (:data:`VP_CAUSES`, the entry's ``why``; losses count negative)."""
    start = load_content().scenarios[state["scenario"]].vp
    vp = {p: int(start.get(p, 0)) for p in powers}
    gained: dict[int, dict[str, int]] = {}
    by_why = dict.fromkeys([*dict.fromkeys(VP_CAUSES.values()), "other"], 0)
    for e, turn in zip(log, turns):
        key, p = e["key"], e["params"]
        if key == "aw.vp":
            n = int(p["n"])
            why = VP_CAUSES.get(str(p.get("why")), "other")
            by_why[why] += n
        elif key == "aw.fw.vp_given":
            n = -int(p["n"])
            by_why["other"] += n
        else:
            continue
        if p["country"] in vp:
            row = gained.setdefault(turn, {})
            row[p["country"]] = row.get(p["country"], 0) + n
    after: dict[str, dict[str, int]] = {}
    for t in played:
        for power, n in gained.get(int(t), {}).items():
            vp[power] += n
        after[t] = dict(vp)
    return {"start": {p: int(start.get(p, 0)) for p in powers}, "after_turn": after,
            "final": dict(vp), "by_cause": by_why}
