"""Game.report (the session-report statistics) of Assyrian Wars: exact figures of a scripted log, and a real
Two Rivers game whose report agrees with its result and its log."""

from __future__ import annotations

from typing import Any

from ashur.core import log as corelog
from ashur.core.contract import Game
from ashur.core.registry import get_game
from ashur.core.session import Match
from ashur.games.assyrian_wars.report import band, report
from ashur.tools import simulate as sim

POWERS = {"assyria": ["assyria"], "babylonia": ["babylonia"], "elam": ["elam"]}


def _entry(key: str, rule: str, to: list[str] | None = None, **params: Any) -> dict[str, Any]:
    e: dict[str, Any] = {"key": key, "rule": rule, "params": params}
    if to is not None:
        e["to"] = to
    return e


def _scripted() -> dict[str, Any]:
    """Two turns of Two Rivers (2 and 3) told by a hand-written log."""
    pieces = {f"assyria-hi4-{i}": {"kind": "unit"} for i in range(1, 13)}
    pieces |= {f"babylonia-li2-{i}": {"kind": "unit"} for i in range(1, 7)}
    pieces |= {"assyria-king-1": {"kind": "king"}, "babylonia-nabu": {"kind": "leader"},
               "merc-li2-1": {"kind": "merc"}, "elam-ship-1": {"kind": "ship"}, "babylonia-ship-1": {"kind": "ship"}}
    big = [f"assyria-hi4-{i}" for i in range(1, 13)] + ["assyria-king-1"]  # 12 units and a king
    small = [f"babylonia-li2-{i}" for i in range(1, 6)] + ["babylonia-nabu", "merc-li2-1"]  # 6 units, a leader
    log = [
        _entry("aw.setup", "4.1", scenario="two_rivers", turn=2, players=3),
        _entry("aw.turn_start", "5.0", turn=2),
        _entry("aw.tribute_paid", "5.2", payer="judah", receiver="assyria", amount=1, why="scenario"),
        _entry("aw.tribute_paid", "5.2", payer="babylonia", receiver="assyria", amount=2, why="check"),
        _entry("aw.battle", "6.7", kind="field", area="sippar", att=big, defn=small, attackers=["assyria"],
               defenders=["babylonia"]),
        _entry("aw.battle_result", "6.7.6", area="sippar", winner="att", winners=["assyria"], hits_att=7,
               hits_def=1, overrun=False, ambush=False),
        _entry("aw.vp", "8.3", country="assyria", n=1, why="aw.why.battle", area="sippar"),
        _entry("aw.vp_battle", "6.11.c", area="sippar", winners=["assyria"], losers=["babylonia"], vp=1),
        _entry("aw.siege_started", "6.8", area="babylon", country="assyria", kind="hunger"),
        _entry("aw.hunger_advanced", "6.8.1", area="babylon", level=1, surrender_at=5),
        _entry("aw.alliance", "6.9", subject="judah", power="assyria"),
        _entry("aw.vp", "8.3", country="assyria", n=1, why="aw.why.alliance_or_conquest", subject="judah"),
        _entry("aw.moved", "6.6", to=["elam"], country="elam", src="susa", area="der", n=3),  # secret: skipped
        _entry("aw.vp", "8.3", to=["elam"], country="elam", n=50, why="aw.why.card_event"),  # never so, skipped
        _entry("aw.turn_end", "6.19", turn=2),
        _entry("aw.interphase", "7.0", turn=2),
        _entry("aw.income_level", "7.3.1", country="elam", cities=4.0, eco_points=3, trade=2.5, level=6, old=6,
               pillage=0),
        _entry("aw.income_level", "7.3.1", country="babylonia", cities=4.0, eco_points=3, trade=1.0, level=6,
               old=6, pillage=0),
        _entry("aw.income_level", "7.3.1", country="phoenicia", cities=1.0, eco_points=1, trade=4.0, level=2,
               old=2, pillage=0),
        _entry("aw.vp", "8.3", country="elam", n=3, why="aw.why.trade_tycoon"),
        _entry("aw.vp", "8.3", country="babylonia", n=1, why="aw.why.trade_second"),
        _entry("aw.vp", "8.3.1", country="assyria", n=-2, why="aw.why.unpunished_refuser", minor="israel"),
        _entry("aw.turn_start", "5.0", turn=3),
        _entry("aw.battle", "6.7", kind="naval", area="sz_gulf", att=["elam-ship-1"], defn=["babylonia-ship-1"],
               attackers=["elam"], defenders=["babylonia"]),
        _entry("aw.battle_result", "6.7.6", area="sz_gulf", winner=None, winners=[], hits_att=0, hits_def=0,
               overrun=False, ambush=False),
        _entry("aw.battle", "6.7", kind="assault", area="babylon", att=big, defn=["babylonia-li2-6"],
               attackers=["assyria"], defenders=["babylonia"]),
        _entry("aw.battle_result", "6.7.6", area="babylon", winner="att", winners=["assyria"], hits_att=4,
               hits_def=0, overrun=True, ambush=False),
        _entry("aw.overrun", "6.7.7", area="babylon", side="att"),
        _entry("aw.assault_taken", "6.8.2", area="babylon", country="assyria"),
        _entry("aw.vp", "8.3", country="assyria", n=2, why="aw.why.city", area="babylon"),
        _entry("aw.siege_started", "6.8", area="susa", country="assyria", kind="standard"),
        _entry("aw.siege_lifted", "6.8", area="susa"),
        _entry("aw.conquered", "7.1", target="babylonia", conquerors=["assyria"], surrender=False),
        _entry("aw.fw.vp_given", "6.11.b", card=52, country="elam", n=1),
        _entry("aw.vp", "8.3", country="elam", n=4, why="aw.why.not_conquered", turns=2),
    ]
    return {"scenario": "two_rivers", "first_turn": 2, "turn": 3, "roles": POWERS, "pieces": pieces, "log": log}


def test_scripted_log_gives_exact_figures() -> None:
    r = report(_scripted())
    assert r["turns"] == {"played": 2}
    b = r["battles"]
    assert (b["count"], b["units_attacker"], b["units_defender"]) == (3, 25, 8)  # 12+1+12 / 6+1+1
    assert (b["won_by_attacker"], b["won_by_defender"], b["undecided"], b["overruns"]) == (2, 0, 1, 1)
    assert (b["vp_scoring"], b["vp_awarded"]) == (1, 1)
    assert b["per_turn"] == {"2": 1, "3": 2} and b["vp_scoring_per_turn"] == {"2": 1, "3": 0}
    assert b["by_kind"]["field"] == b["by_kind"]["naval"] == b["by_kind"]["assault"] == 1
    assert sum(b["by_kind"].values()) == 3
    assert b["larger_side"] == {"0-4": 1, "5-9": 0, "10-14": 2, "15+": 0}
    assert b["smaller_side"] == {"0-4": 2, "5-9": 1, "10-14": 0, "15+": 0}
    assert r["sieges"] == {"started": 2, "completed": 1, "lifted": 1, "hunger_advanced": 1, "assaults_repulsed": 0,
                           "started_by_kind": {"hunger": 1, "assault": 0, "standard": 1},
                           "completed_by_kind": {"hunger": 0, "assault": 1, "standard": 0}}
    assert r["conquests"] == {"count": 1, "by_power": {"assyria": 1, "babylonia": 0, "elam": 0}}
    assert r["alliances"] == {"count": 1, "by_power": {"assyria": 1, "babylonia": 0, "elam": 0}}
    assert r["tribute"] == {"payments": 2, "eco": 3, "received": {"assyria": 3, "babylonia": 0, "elam": 0}}
    assert r["trade"] == {"points": {"assyria": 0.0, "babylonia": 1.0, "elam": 2.5},
                          "vp": {"assyria": 0, "babylonia": 1, "elam": 3}}
    vp = r["vp"]
    assert vp["start"] == {"assyria": 0, "babylonia": 0, "elam": 0}  # the scenario's starting VPs (4.1)
    assert vp["after_turn"] == {"2": {"assyria": 0, "babylonia": 1, "elam": 3},
                                "3": {"assyria": 2, "babylonia": 1, "elam": 6}}
    assert vp["final"] == vp["after_turn"]["3"]
    assert vp["by_cause"] == {"battles": 1, "cities": 2, "tribes": 0, "alliances_conquests": 1, "trade": 4,
                              "eco_increase": 0, "not_conquered": 4, "other": -3}


def test_size_bands_follow_8_3() -> None:
    assert [band(n) for n in (0, 4, 5, 9, 10, 14, 15, 40)] == ["0-4", "0-4", "5-9", "5-9", "10-14", "10-14",
                                                              "15+", "15+"]


def _play(seed: int) -> tuple[Game, Match]:
    g = get_game("assyrian-wars")
    seats = {r: "bot:eager" for r in g.roles("two_rivers", sim._resolved(g, {}))}
    m = Match.new(g, "two_rivers", sim.derive(seed, 0), {}, seats, keep_undo=False)
    sim.play_out(m, sim.seat_bots(m, "eager"))
    return g, m


def test_real_game_report_agrees_with_result_and_log() -> None:
    g, m = _play(1)
    r = g.report(m.state)
    res = g.result(m.state)
    assert res["over"]
    # the VP track summed from the log ends where the result ends (8.3)
    assert {role: float(sum(r["vp"]["final"][p] for p in ps)) for role, ps in m.state["roles"].items()} \
        == res["scores"]
    public = [e for e in corelog.entries(m.state) if e.get("to") is None]
    keys = [e["key"] for e in public]
    assert r["battles"]["count"] == keys.count("aw.battle") == sum(r["battles"]["per_turn"].values())
    assert r["battles"]["vp_scoring"] == keys.count("aw.vp_battle")
    assert r["sieges"]["started"] == keys.count("aw.siege_started")
    assert r["alliances"]["count"] == keys.count("aw.alliance")
    assert r["tribute"]["payments"] == keys.count("aw.tribute_paid")
    assert list(r["vp"]["after_turn"]) == [str(t) for t in range(2, m.state["turn"] + 1)]
    assert r == g.report(m.state)  # reading the report changes nothing


def test_report_is_the_same_on_scrambled_hidden_information() -> None:
    """Only public entries count: the fuzzer's scramble of what `assyria` may not see changes no figure."""
    g, m = _play(2)
    scrambled = g.scramble(m.state, "assyria", 7)
    assert g.report(scrambled) == g.report(m.state)
