"""7.3.3 trade in the Interphase: sea trade (7.3.3.a), trade markers (7.3.3.b), minors (7.3.3.e), the clean-up
(7.3.3.d: ships home, raiders, markers back) and the 8.3 trade ranking."""

from __future__ import annotations

from fractions import Fraction

from ashur.games.assyrian_wars.game import GAME
from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.course.economy import interphase_income, new_eco_level, trade_points, trade_ranking
from ashur.games.assyrian_wars.rules.naval.seatrade import sea_trade, trade_cleanup
from ashur.testing import Position
from tests.assyrian_wars.landkit import loc, put
from tests.assyrian_wars.navalkit import clear_ships, ctx, naval_start, ship


def test_7_3_3_a_one_point_a_full_ship_half_a_reduced_one() -> None:
    pos = naval_start("babylonia")
    before = trade_points(ctx(pos))["babylonia"]
    ship(pos, "babylonia-ship-1", "trade:trade_gulf")
    ship(pos, "babylonia-ship-2", "trade:trade_gulf", red=True)
    ship(pos, "elam-ship-1", "sz_gulf_east")
    assert sea_trade(ctx(pos)) == {"babylonia": Fraction(3, 2)}
    assert trade_points(ctx(pos))["babylonia"] == before + Fraction(3, 2)


def test_7_3_3_e_minors_trade_by_sea_but_not_by_markers() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    clear_ships(pos)
    pos.state["countries"]["phoenicia"]["active"] = True
    pos.state["trade"]["phoenicia"] = {"box": 2, "out": 0}
    assert trade_points(ctx(pos))["phoenicia"] == 0
    base = new_eco_level(ctx(pos), "phoenicia", Fraction(0))
    for s in ("phoenicia-ship-1", "phoenicia-ship-2", "phoenicia-ship-3"):
        ship(pos, s, "trade:trade_great_sea_west")
    points = trade_points(ctx(pos))["phoenicia"]
    assert points == 3
    assert new_eco_level(ctx(pos), "phoenicia", points) == base + 1


def test_7_3_3_d_clean_up_ships_home_raiders_and_markers() -> None:
    pos = naval_start("babylonia")
    ship(pos, "babylonia-ship-1", "trade:trade_gulf")
    ship(pos, "assyria-ship-1", "trade:trade_gulf")
    put(pos, "assyria-hi4-1", "raid:1")
    put(pos, "elam-li2-1", "raid:5")
    pos.state["trade"]["babylonia"] = {"box": 1, "out": 1}
    c = ctx(pos)
    pos.fix_dice(6, 1)
    trade_cleanup(c)
    FLOW.advance(c, pos.state)
    pos.assert_logged(rule="7.3.3.a", key="aw.sea_trade", country="babylonia", points=1.0)
    # Babylonia chooses between the zones of its own ports and of its ally Elam's Liyan, on the Gulf
    assert sorted(pos.ids("babylonia")) == ["port:sealand", "port:sz_gulf_east"]
    pos.act("babylonia", "port:sealand")
    assert loc(pos, "babylonia-ship-1") == "sealand"
    # Assyria has no friendly port on the Persian Gulf: its ship goes to the force pool
    assert loc(pos, "assyria-ship-1") == "pool"
    assert loc(pos, "assyria-hi4-1") == "regroup" and pos.state["pieces"]["assyria-hi4-1"]["red"] is True
    assert loc(pos, "elam-li2-1") == "regroup" and pos.state["pieces"]["elam-li2-1"]["red"] is False
    assert pos.state["trade"]["babylonia"] == {"box": 2, "out": 0}
    pos.assert_logged(rule="7.3.3.d", key="aw.markers_back", country="babylonia", n=1)
    pos.assert_logged(rule="7.3.3.d", key="aw.raiders_home", n=2)


def test_8_3_trade_ranking_with_sea_trade_in_the_interphase() -> None:
    pos = naval_start("babylonia")
    c = ctx(pos)
    trade = trade_points(c)
    lead = max(trade[p] for p in ("assyria", "babylonia", "elam"))
    for s in ("babylonia-ship-1", "babylonia-ship-2"):
        ship(pos, s, "trade:trade_gulf")
    ship(pos, "elam-ship-1", "trade:trade_gulf")
    ship(pos, "elam-ship-2", "trade:trade_gulf")
    pos.state["trade"]["babylonia"]["box"] += int(lead) + 1
    vp = {p: pos.state["countries"][p]["vp"] for p in ("assyria", "babylonia", "elam")}
    interphase_income(ctx(pos))
    assert pos.state["countries"]["babylonia"]["vp"] == vp["babylonia"] + 3
    pos.assert_logged(rule="8.3", key="aw.vp", country="babylonia", n=3, why="aw.why.trade_tycoon")
    assert pos.state["trade_points"]["babylonia"] == float(trade_points(ctx(pos))["babylonia"])


def test_8_3_tie_for_first_gives_two_each_and_no_second() -> None:
    pos = naval_start("babylonia")
    vp = {p: pos.state["countries"][p]["vp"] for p in ("assyria", "babylonia", "elam")}
    trade_ranking(ctx(pos), {"assyria": Fraction(4), "babylonia": Fraction(4), "elam": Fraction(1)})
    got = {p: pos.state["countries"][p]["vp"] - vp[p] for p in vp}
    assert got == {"assyria": 2, "babylonia": 2, "elam": 0}
    pos2 = naval_start("babylonia")
    trade_ranking(ctx(pos2), {"assyria": Fraction(5), "babylonia": Fraction(3), "elam": Fraction(3)})
    got = {p: pos2.state["countries"][p]["vp"] - vp[p] for p in vp}
    assert got == {"assyria": 3, "babylonia": 1, "elam": 1}


def test_7_3_3_d_raiders_of_a_nomad_nobody_plays_take_their_hits_unasked() -> None:
    """Found by the fuzzer (Rise and Fall, step 1001): at the Interphase two Scythian raiders come home and
    roll 6 and 3; the Scythians are allied to nobody (track value 0), so no player may choose which raider
    takes the hit (6.6.1). The hit goes where the suggestion puts it, on the full-strength one, and the game
    goes on; it used to wait for an answer nobody could give."""
    from pathlib import Path

    from ashur.core.replay import replay
    from ashur.core.savefile import load
    from ashur.games.assyrian_wars.ctx import Ctx
    from ashur.games.assyrian_wars.game import content
    from ashur.games.assyrian_wars.rules.base.players import role_of

    match = replay(load(Path(__file__).parent / "saves" / "7_3_3_d_raiders_of_a_nomad_nobody_plays.ashur.json"))
    s = match.state
    assert role_of(Ctx(s, content()), "scythians") is None
    assert s["pieces"]["scythians-hb4-2"]["red"] is True  # was full strength: the hit flipped it
    assert s["pieces"]["scythians-lc3-2"]["red"] is True  # already reduced before the check: spared
    assert {s["pieces"][p]["loc"] for p in ("scythians-hb4-2", "scythians-lc3-2")} == {"regroup"}
    entries = [e for _, e in GAME.visible_log(s, "elam") if e.get("rule") == "7.3.3.d"]
    assert {"key": "aw.reduced", "rule": "7.3.3.d", "params": {"piece": "scythians-hb4-2", "nation": "scythians"}} \
        in entries
    assert GAME.invariants(s) == []
    assert all(GAME.legal_actions(s, role) for role in match.active())

