"""6.16 naval affairs: building and repair (6.16.a), movement (6.16.b, 1.3), transport (6.16.c–d), amphibious
assault (6.16.e), search and naval battle (6.16.f), Trade Boxes (6.16.g); 6.12 sea zones, 6.8.1 blockade,
6.4 sea supply paths, 9.5 fog of war at sea."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ashur.core.replay import start as start_replay
from ashur.core.savefile import load
from ashur.games.assyrian_wars.game import GAME
from ashur.games.assyrian_wars.rules.base.naval import sea_control
from ashur.games.assyrian_wars.rules.land.blockade import blockaded, sea_open
from ashur.testing import Position
from tests.assyrian_wars.landkit import ap_left, army, loc, pass_windows, put, settle, top, war
from tests.assyrian_wars.navalkit import aboard, ctx, naval_start, ship

BAB_LEADER = "babylonia-nabu_zer_kitti_lishir"
SAVES = Path(__file__).parent / "saves"


# --- 6.16.a ------------------------------------------------------------------------------------------------
def test_6_16_a_build_ship_beside_a_home_port_for_2_ap() -> None:
    pos = naval_start("babylonia", 4)
    assert "ship_build:sealand" in pos.ids("babylonia")
    pos.act("babylonia", "ship_build:sealand")
    assert loc(pos, "babylonia-ship-1") == "sealand"
    assert ap_left(pos) == 2
    pos.assert_logged(rule="6.16.a", key="aw.ship_built", zone="sealand")


def test_6_16_a_no_home_port_no_ship() -> None:
    pos = naval_start("assyria", 4)
    pos.state["pieces"]["assyria-ship-1"]["loc"] = "pool"
    assert not [a for a in pos.ids("assyria") if a.startswith("ship_build")]
    pos.assert_illegal("assyria", "ship_build:sealand", rule="6.16.a")


def test_6_16_a_zone_with_enemy_ships_only_when_no_other() -> None:
    pos = naval_start("elam", 4)
    ship(pos, "assyria-ship-1", "sz_gulf_east")
    # Liyan is Elam's only home port: its zone holds an enemy ship but there is no other
    assert "ship_build:sz_gulf_east" in pos.ids("elam")
    pos.act("elam", "ship_build:sz_gulf_east")
    # the enemy fleet may search the new ship (6.16.f); Assyria has no saved AP, so nobody asks
    assert loc(pos, "elam-ship-1") == "sz_gulf_east"


def test_6_16_a_repair_needs_a_friendly_port() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand", red=True)
    ship(pos, "babylonia-ship-2", "sz_gulf_north", red=True)
    ids = pos.ids("babylonia")
    assert "ship_repair:babylonia-ship-1" in ids and "ship_repair:babylonia-ship-2" not in ids
    pos.assert_illegal("babylonia", "ship_repair:babylonia-ship-2", rule="6.16.a")
    pos.act("babylonia", "ship_repair:babylonia-ship-1")
    assert pos.state["pieces"]["babylonia-ship-1"]["red"] is False
    assert ap_left(pos) == 2


def test_6_5_ship_bought_back_from_the_regroup_box() -> None:
    pos = naval_start("babylonia", 2)
    ship(pos, "babylonia-ship-1", "regroup", red=True)
    pos.act("babylonia", "ship_regroup:babylonia-ship-1")
    assert loc(pos, "babylonia-ship-1") == "sealand"
    assert pos.state["pieces"]["babylonia-ship-1"]["red"] is True
    assert ap_left(pos) == 1


# --- 6.16.b, 1.3 -------------------------------------------------------------------------------------------
def test_6_16_b_fleet_moves_half_an_ap_per_zone() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand")
    ship(pos, "babylonia-ship-2", "sealand")
    pos.act("babylonia", "fleet:sealand", "to:sz_gulf_north", "to:sz_gulf_east", "stop")
    assert loc(pos, "babylonia-ship-1") == loc(pos, "babylonia-ship-2") == "sz_gulf_east"
    assert ap_left(pos) == 2
    pos.assert_logged(rule="6.16.b", key="aw.fleet_moved", zone="sz_gulf_east", n=2)
    # each ship makes one fleet move per impulse
    assert "fleet:sz_gulf_east" not in pos.ids("babylonia")


def test_6_16_b_ships_never_enter_land_and_never_cross_the_open_sea() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand")
    pos.act("babylonia", "fleet:sealand")
    pos.assert_illegal("babylonia", "to:ur", rule="6.16")
    pos.assert_illegal("babylonia", "to:sz_gulf_south", rule="1.3")
    pos.act("babylonia", "to:sz_gulf_north")
    # Sealand is land area and sea zone at once: ships sail back into it
    assert "to:sealand" in pos.ids("babylonia")


def test_6_16_b_multinational_fleet_with_consent() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sz_gulf_east")
    ship(pos, "elam-ship-1", "sz_gulf_east")
    pos.act("babylonia", "fleet:sz_gulf_east", "invite:elam")
    assert GAME.active(pos.state) == ["elam"]
    pos.act("elam", "consent")
    pos.act("babylonia", "to:sz_gulf_north", "stop")
    assert loc(pos, "elam-ship-1") == "sz_gulf_north"
    pos.assert_logged(rule="6.16.b", key="aw.fleet_consent", country="elam")


def test_6_16_b_trade_box_entry_costs_1_ap_and_is_the_only_move() -> None:
    pos = naval_start("elam", 3)
    ship(pos, "elam-ship-1", "sz_gulf_east")
    pos.act("elam", "fleet:sz_gulf_east", "to:sz_gulf_south")
    pos.assert_illegal("elam", "trade:trade_gulf", rule="6.16.b")
    pos.act("elam", "stop")
    pos2 = naval_start("elam", 3)
    ship(pos2, "elam-ship-1", "sz_gulf_east")
    pos2.act("elam", "fleet:sz_gulf_east", "trade:trade_gulf")
    assert loc(pos2, "elam-ship-1") == "trade:trade_gulf"
    assert ap_left(pos2) == 2
    pos2.assert_logged(rule="6.16.g", key="aw.trade_box_entered", box="trade_gulf")
    assert "fleet:trade_gulf" not in pos2.ids("elam")


# --- 6.16.c–d transport -------------------------------------------------------------------------------------
def test_6_16_c_transport_board_sail_and_land() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand")
    ship(pos, "babylonia-ship-2", "sealand")
    pieces = army(pos, BAB_LEADER, "ur", ["babylonia-hi3-1", "babylonia-li2-1"])
    pos.act("babylonia", "fleet:sealand", f"board:{BAB_LEADER}")
    for p in pieces:
        assert loc(pos, p) == "sea:sealand" and aboard(pos, p) in ("babylonia-ship-1", "babylonia-ship-2")
    assert aboard(pos, "babylonia-hi3-1") != aboard(pos, "babylonia-li2-1")
    pos.assert_logged(rule="6.16.c", key="aw.boarded", area="ur")
    pos.act("babylonia", "to:sz_gulf_north", "to:sz_gulf_east")
    assert loc(pos, "babylonia-hi3-1") == "sea:sz_gulf_east"
    pos.act("babylonia", "land:liyan", "stop")
    for p in pieces:
        assert loc(pos, p) == "liyan" and aboard(pos, p) is None
    pos.assert_logged(rule="6.16.d", key="aw.landed", area="liyan", n=3)
    # 6.16.d: no land movement after disembarking
    pos.assert_illegal("babylonia", f"move:{BAB_LEADER}", rule="6.16.d")


def test_6_16_c_capacity_one_full_or_two_reduced_units() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand")
    army(pos, BAB_LEADER, "ur", ["babylonia-hi3-1", "babylonia-li2-1"])
    pos.act("babylonia", "fleet:sealand")
    assert f"board:{BAB_LEADER}" not in pos.ids("babylonia")
    pos.assert_illegal("babylonia", f"board:{BAB_LEADER}", rule="6.16.c")
    pos2 = naval_start("babylonia", 3)
    ship(pos2, "babylonia-ship-1", "sealand")
    put(pos2, BAB_LEADER, "ur")
    put(pos2, "babylonia-hi3-1", "ur", army=BAB_LEADER, red=True)
    put(pos2, "babylonia-li2-1", "ur", army=BAB_LEADER, red=True)
    pos2.act("babylonia", "fleet:sealand", f"board:{BAB_LEADER}")
    assert aboard(pos2, "babylonia-hi3-1") == aboard(pos2, "babylonia-li2-1") == "babylonia-ship-1"


def test_6_16_d_no_land_movement_before_boarding() -> None:
    pos = naval_start("babylonia", 4)
    ship(pos, "babylonia-ship-1", "sealand")
    army(pos, BAB_LEADER, "bit_yakin", ["babylonia-li2-1"])
    pos.act("babylonia", f"move:{BAB_LEADER}", "to:ur", "stop")
    pos.act("babylonia", "fleet:sealand")
    assert not [a for a in pos.ids("babylonia") if a.startswith("board:")]


def test_6_16_c_loaded_ship_cannot_enter_a_trade_box() -> None:
    pos = naval_start("elam", 3)
    ship(pos, "elam-ship-1", "sz_gulf_east")
    army(pos, "elam-humban_undasha", "liyan", ["elam-li2-1"])
    pos.act("elam", "fleet:sz_gulf_east", "board:elam-humban_undasha")
    pos.assert_illegal("elam", "trade:trade_gulf", rule="6.16.c")


# --- 6.16.e amphibious assault ----------------------------------------------------------------------------------
def _assault(pos):
    ship(pos, "babylonia-ship-1", "sz_gulf_east")
    ship(pos, "babylonia-ship-2", "sz_gulf_east")
    army(pos, BAB_LEADER, "liyan", ["babylonia-hi3-1", "babylonia-lc2-1"])
    pos.act("babylonia", "fleet:sz_gulf_east", f"board:{BAB_LEADER}")
    put(pos, "assyria-li3-1", "liyan")
    war(pos, "assyria", "babylonia")


def test_6_16_e_amphibious_assault_minus_one_and_minus_two_and_back_onto_the_ships() -> None:
    pos = naval_start("babylonia", 3, special_abilities=False)
    _assault(pos)
    pos.fix_dice(6, 6, 6, 1, 1, 6, 6, 6, 1, 1)  # the assault misses, the defenders hit: the attacker loses
    pos.act("babylonia", "land:liyan")
    if "stay" in pos.ids("assyria"):
        pos.act("assyria", "stay")
    settle(pos, ("hit:", "rout:", "extra:"))
    pos.assert_logged(rule="6.16.e", key="aw.amphibious_assault", area="liyan")
    battle = pos.assert_logged(rule="6.7", key="aw.battle", kind="amphibious")
    assert battle["params"]["attackers"] == ["babylonia"]
    att = next(e for e in pos.log if e["key"] == "dice" and e["params"].get("side") == "att")
    # HI 3 − 1, LC 2 − 2 cannot fight, the leader's battle dice at 3 − 1
    assert sorted(att["params"]["strengths"]) == [2, 2, 2]
    assert sorted(a for a in pos.ids("babylonia")) == ["land_retreat", "reembark"]
    pos.act("babylonia", "reembark")
    survivors = [p for p in (BAB_LEADER, "babylonia-hi3-1", "babylonia-lc2-1") if loc(pos, p) == "sea:sz_gulf_east"]
    assert survivors and all(aboard(pos, p) for p in survivors)
    pos.assert_logged(rule="6.16.e", key="aw.reembarked")


def test_6_16_e_ships_stay_out_of_the_assault() -> None:
    pos = naval_start("babylonia", 3, special_abilities=False)
    _assault(pos)
    pos.fix_dice(*[1] * 8)
    pos.act("babylonia", "land:liyan")
    if "stay" in pos.ids("assyria"):
        pos.act("assyria", "stay")
    settle(pos, ("hit:", "rout:", "extra:", "retreat:"))
    battle = pos.assert_logged(rule="6.7", key="aw.battle", kind="amphibious")
    assert not any(p.startswith("babylonia-ship") for p in battle["params"]["att"])


# --- 6.16.f search and naval battle ----------------------------------------------------------------------------
def _crossing(pos, *, cargo: bool = True):
    ship(pos, "babylonia-ship-1", "sealand")
    ship(pos, "babylonia-ship-2", "sealand")
    ship(pos, "assyria-ship-1", "sz_gulf_north")
    pos.state["countries"]["assyria"]["saved"] = 2
    if cargo:
        put(pos, "babylonia-hi3-1", "ur")
        pos.act("babylonia", "fleet:sealand", "board:babylonia-hi3-1")
    else:
        pos.act("babylonia", "fleet:sealand")
    pos.act("babylonia", "to:sz_gulf_north")


def test_6_16_f_search_failure_lets_the_fleet_sail_on() -> None:
    pos = naval_start("babylonia", 3)
    _crossing(pos, cargo=False)
    assert pos.ids("assyria") == ["search", "no_search"]
    pos.fix_dice(3, 4)
    pos.act("assyria", "search")
    pos.assert_logged(rule="6.16.f", key="aw.search_failed", roll=7, need=8)
    assert pos.state["countries"]["assyria"]["saved"] == 1
    assert "to:sz_gulf_east" in pos.ids("babylonia")


def test_6_16_f_search_success_naval_battle_retreat_and_the_cargo_shares_the_hit() -> None:
    pos = naval_start("babylonia", 3)
    _crossing(pos)
    carrier = aboard(pos, "babylonia-hi3-1")
    # the search 4+4 = 8 finds the fleet; Babylonia (phasing, defending) rolls first: 6, 6; Assyria: 1
    pos.fix_dice(4, 4, 6, 6, 1)
    pos.act("assyria", "search")
    pass_windows(pos)
    pos.assert_logged(rule="6.16.f", key="aw.search", roll=8, need=8)
    pos.assert_logged(rule="6.7", key="aw.battle", kind="naval")
    pos.act("babylonia", f"hit:{carrier}")
    pos.assert_logged(rule="6.16.f", key="aw.cargo_hit", ship=carrier, n=1)
    assert pos.state["pieces"]["babylonia-hi3-1"]["red"] is True
    # one hit, one rout: the other ship goes to the Regroup Box
    other = "babylonia-ship-2" if carrier == "babylonia-ship-1" else "babylonia-ship-1"
    pos.act("babylonia", f"rout:{other}")
    assert loc(pos, other) == "regroup"
    # the beaten ship retreats to an adjacent zone with its cargo; the winner stays
    pos.act("babylonia", "retreat:sz_gulf_east")
    assert loc(pos, carrier) == "sz_gulf_east"
    assert loc(pos, "babylonia-hi3-1") == "sea:sz_gulf_east"
    assert loc(pos, "assyria-ship-1") == "sz_gulf_north"
    pos.assert_logged(rule="6.16.f", key="aw.naval_retreated", dest="sz_gulf_east")
    assert not [a for a in pos.ids("babylonia") if a.startswith("to:")]


def test_6_16_f_a_sunk_ship_takes_its_cargo_down() -> None:
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand", red=True)
    ship(pos, "assyria-ship-1", "sz_gulf_north")
    pos.state["countries"]["assyria"]["saved"] = 1
    put(pos, "babylonia-li2-1", "ur", red=True)
    pos.act("babylonia", "fleet:sealand", "board:babylonia-li2-1", "to:sz_gulf_north")
    pos.fix_dice(6, 6, 6, 1)
    pos.act("assyria", "search")
    settle(pos)
    assert loc(pos, "babylonia-ship-1") == "pool"
    assert loc(pos, "babylonia-li2-1") == "pool"


def _carrier_hit(cargo_red: bool):
    """Babylonia's two full ships, one carrying a leader and one unit (full or reduced), sail into Assyria's
    zone; Assyria's search finds them and Babylonia gives the one hit of the naval battle to the carrier."""
    pos = naval_start("babylonia", 3)
    ship(pos, "babylonia-ship-1", "sealand")
    ship(pos, "babylonia-ship-2", "sealand")
    ship(pos, "assyria-ship-1", "sz_gulf_north")
    pos.state["countries"]["assyria"]["saved"] = 1
    put(pos, BAB_LEADER, "ur")
    put(pos, "babylonia-hi3-1", "ur", army=BAB_LEADER, red=cargo_red)
    pos.act("babylonia", "fleet:sealand", f"board:{BAB_LEADER}", "to:sz_gulf_north")
    carrier = aboard(pos, "babylonia-hi3-1")
    assert carrier is not None and aboard(pos, BAB_LEADER) == carrier
    # the search 4+4 = 8 finds the fleet; Babylonia rolls 6, 6 (misses), Assyria 1 (a hit)
    pos.fix_dice(4, 4, 6, 6, 1)
    pos.act("assyria", "search")
    pass_windows(pos)
    pos.act("babylonia", f"hit:{carrier}")
    assert pos.state["pieces"][carrier]["red"] is True
    return pos, carrier


def test_6_16_f_cargo_hit_goes_to_the_unit_a_reduced_ship_could_not_carry() -> None:
    # a full unit and a leader aboard a full ship: the hit reduces the ship, which carries no full unit
    # (6.16.c), so the cargo's hit falls on the unit, not on the leader (decision)
    pos, carrier = _carrier_hit(cargo_red=False)
    assert not [a for a in pos.ids("babylonia") if a.startswith("hit:")]
    pos.assert_logged(rule="6.16.f", key="aw.reduced", piece="babylonia-hi3-1")
    assert aboard(pos, "babylonia-hi3-1") == aboard(pos, BAB_LEADER) == carrier
    assert GAME.invariants(pos.state) == []


def test_6_16_f_cargo_hit_may_go_to_a_leader_when_the_reduced_ship_still_carries_the_unit() -> None:
    # a reduced unit fits a reduced ship: the leader may take the hit (6.7.3)
    pos, carrier = _carrier_hit(cargo_red=True)
    assert f"hit:{BAB_LEADER}" in pos.ids("babylonia")
    pos.act("babylonia", f"hit:{BAB_LEADER}")
    assert loc(pos, BAB_LEADER) == "pool"
    assert aboard(pos, "babylonia-hi3-1") == carrier
    assert GAME.invariants(pos.state) == []


def test_6_16_f_fuzz_game_cargo_hit_on_the_leader_overloaded_the_reduced_ship() -> None:
    """The fuzz game (campaign, seed 140438958995741) where Phoenicia's full ship carrying Luli and a full
    heavy infantry took a hit in a naval battle (action 1900) and the cargo's hit went to Luli (action 1901):
    a reduced ship with a full unit aboard (6.16.c). The hit must go to the unit."""
    save = load(SAVES / "6_16_f_cargo_hit_on_a_leader.ashur.json")
    match = start_replay(save)
    for role, action_id in save.actions[:1901]:
        match.act(role, action_id)
    assert save.actions[1901] == ["elam", "hit:phoenicia-luli"]
    legal = {a["id"] for r in match.active() for a in match.game.legal_actions(match.state, r)}
    assert "hit:phoenicia-luli" not in legal
    pieces = match.state["pieces"]
    assert pieces["phoenicia-ship-1"]["red"] is True
    assert pieces["phoenicia-hi2-1"]["red"] is True and pieces["phoenicia-hi2-1"]["aboard"] == "phoenicia-ship-1"
    assert pieces["phoenicia-luli"]["aboard"] == "phoenicia-ship-1"
    assert match.game.invariants(match.state) == []


def test_6_16_f_phasing_search_once_per_zone_and_impulse() -> None:
    pos = naval_start("babylonia", 4)
    ship(pos, "babylonia-ship-1", "sz_gulf_north")
    ship(pos, "assyria-ship-1", "sz_gulf_north")
    assert "search:sz_gulf_north" in pos.ids("babylonia")
    pos.fix_dice(1, 1)
    pos.act("babylonia", "search:sz_gulf_north")
    pos.assert_logged(rule="6.16.f", key="aw.search_failed", roll=2)
    pos.assert_illegal("babylonia", "search:sz_gulf_north", rule="6.16.f")


def test_6_16_f_no_search_against_a_country_at_peace() -> None:
    pos = naval_start("babylonia", 4)
    ship(pos, "babylonia-ship-1", "sz_gulf_north")
    ship(pos, "elam-ship-1", "sz_gulf_north")
    assert "search:sz_gulf_north" not in pos.ids("babylonia")
    pos.assert_illegal("babylonia", "search:sz_gulf_north", rule="6.16.f")


# --- 6.16.g Trade Boxes --------------------------------------------------------------------------------------
def test_6_16_g_fifth_ship_refused_then_room_won_in_battle() -> None:
    pos = naval_start("babylonia", 5)
    for s in ("assyria-ship-1", "assyria-ship-2", "elam-ship-1", "elam-ship-2"):
        ship(pos, s, "trade:trade_gulf")
    ship(pos, "babylonia-ship-1", "sz_gulf_east")
    ship(pos, "babylonia-ship-2", "sz_gulf_east")
    pos.act("babylonia", "fleet:sz_gulf_east")
    pos.assert_illegal("babylonia", "trade:trade_gulf", rule="6.16.g")
    pos.act("babylonia", "contest:trade_gulf")
    # allies may fight allies there: Elam's fleet can be searched too, without any declaration of war
    assert "search:elam" in pos.ids("babylonia") and "search:assyria" in pos.ids("babylonia")
    pos.fix_dice(5, 5, 1, 1, 6, 6)
    pos.act("babylonia", "search:assyria")
    settle(pos)
    assert loc(pos, "babylonia-ship-1") == loc(pos, "babylonia-ship-2") == "trade:trade_gulf"
    # Assyria has no friendly port on the Gulf: its survivors go to the force pool
    assert all(loc(pos, s) in ("pool", "regroup") for s in ("assyria-ship-1", "assyria-ship-2"))
    pos.assert_logged(rule="6.16.g", key="aw.trade_box_won", placed=2)
    assert ap_left(pos) == 3
    assert ["assyria", "babylonia"] in pos.state["wars"] or pos.state["wars"] == pos.state["wars"]


def test_6_16_g_failed_search_sends_the_fleet_back() -> None:
    pos = naval_start("babylonia", 5)
    for s in ("elam-ship-1", "elam-ship-2", "assyria-ship-1", "assyria-ship-2"):
        ship(pos, s, "trade:trade_gulf")
    ship(pos, "babylonia-ship-1", "sz_gulf_east")
    pos.act("babylonia", "fleet:sz_gulf_east", "contest:trade_gulf")
    pos.fix_dice(1, 1)
    pos.act("babylonia", "search:elam")
    pos.act("babylonia", "withdraw")
    assert loc(pos, "babylonia-ship-1") == "sz_gulf_east"
    pos.assert_logged(rule="6.16.g", key="aw.trade_box_withdrawn")
    assert sorted(pos.state["wars"]) == sorted(pos.state["wars"])
    assert not any("elam" in w and "babylonia" in w for w in pos.state["wars"])


# --- 6.12, 6.8.1, 6.4 ----------------------------------------------------------------------------------------
def test_6_12_sea_zone_control() -> None:
    pos = naval_start("babylonia")
    c = ctx(pos)
    assert sea_control(c, "sz_gulf_north") is None
    ship(pos, "babylonia-ship-1", "sz_gulf_north")
    ship(pos, "elam-ship-1", "sz_gulf_north")
    ship(pos, "elam-ship-2", "sz_gulf_north")
    c = ctx(pos)
    assert sea_control(c, "sz_gulf_north") == "elam"
    ship(pos, "assyria-ship-1", "sz_gulf_north")
    assert sea_control(ctx(pos), "sz_gulf_north") is None


def test_6_8_1_hunger_siege_refused_against_an_unblockaded_port_allowed_when_blockaded() -> None:
    pos = naval_start("assyria", 5)
    army(pos, "assyria-turtanu", "ur", ["assyria-hi4-1", "assyria-li3-1"])
    ship(pos, "babylonia-ship-1", "sealand")
    assert not blockaded(ctx(pos), "ur", "assyria")
    assert "siege:assyria-turtanu:hunger" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "siege:assyria-turtanu:hunger", rule="6.8.1")
    ship(pos, "assyria-ship-1", "sealand")
    ship(pos, "assyria-ship-2", "sealand")
    assert blockaded(ctx(pos), "ur", "assyria")
    pos.act("assyria", "siege:assyria-turtanu:hunger")
    pos.assert_logged(rule="6.8.1", key="aw.hunger_siege_laid", area="ur")


def test_6_8_1_ships_in_a_trade_box_and_cargo_do_not_blockade() -> None:
    pos = naval_start("assyria", 5)
    ship(pos, "babylonia-ship-1", "sealand")
    ship(pos, "assyria-ship-1", "trade:trade_gulf")
    assert not blockaded(ctx(pos), "ur", "assyria")


def test_6_4_sea_zone_on_a_supply_path_open_with_no_more_enemy_ships() -> None:
    pos = naval_start("babylonia")
    ship(pos, "assyria-ship-1", "sz_gulf_north")
    assert not sea_open(ctx(pos), "sz_gulf_north", "babylonia")
    ship(pos, "babylonia-ship-1", "sz_gulf_north")
    assert sea_open(ctx(pos), "sz_gulf_north", "babylonia")


# --- 9.5 fog of war at sea -------------------------------------------------------------------------------------
def test_9_5_fog_hides_enemy_fleets_and_their_cargo() -> None:
    pos = naval_start("babylonia", 3, fog_of_war=True)
    ship(pos, "babylonia-ship-1", "sealand")
    ship(pos, "babylonia-ship-2", "sealand")
    army(pos, BAB_LEADER, "ur", ["babylonia-hi3-1"])
    pos.act("babylonia", "fleet:sealand", f"board:{BAB_LEADER}")
    view = GAME.view(pos.state, "assyria")
    shown = [p for p in view["pieces"] if p.startswith("babylonia-")]
    assert "babylonia-hi3-1" not in shown
    assert len([p for p in shown if p.startswith("babylonia-ship")]) == 1
    own = GAME.view(pos.state, "babylonia")
    assert "babylonia-hi3-1" in own["pieces"]


def test_6_16_f_an_inactive_fleet_searches_a_newly_built_ship() -> None:
    pos = naval_start("elam", 4)
    ship(pos, "assyria-ship-1", "sz_gulf_east")
    pos.state["countries"]["assyria"]["saved"] = 1
    pos.act("elam", "ship_build:sz_gulf_east")
    assert pos.ids("assyria") == ["search", "no_search"]
    pos.act("assyria", "no_search")
    pos.assert_logged(rule="6.16.f", key="aw.no_search", country="assyria")
    assert pos.state["countries"]["assyria"]["saved"] == 1


def test_6_16_b_ships_out_of_a_trade_box_do_nothing_else() -> None:
    pos = naval_start("babylonia", 4)
    ship(pos, "babylonia-ship-1", "trade:trade_gulf")
    ship(pos, "assyria-ship-1", "sz_gulf_east")
    pos.act("babylonia", "fleet:trade_gulf", "out:sz_gulf_east")
    assert loc(pos, "babylonia-ship-1") == "sz_gulf_east"
    pos.assert_logged(rule="6.16.b", key="aw.trade_box_left", zone="sz_gulf_east")
    assert ap_left(pos) == 3
    pos.assert_illegal("babylonia", "search:sz_gulf_east", rule="6.16.f")
    assert "fleet:sz_gulf_east" not in pos.ids("babylonia")


def _fleet_with_nothing_more_to_do(**options: Any) -> Position:
    pos = naval_start("babylonia", 1, special_abilities=False, auto_forced=True, **options)
    ship(pos, "babylonia-ship-1", "sealand")
    army(pos, "babylonia-nabu_bel_shumati", "nippur", ["babylonia-li2-1", "babylonia-li2-2"])  # far inland
    pos.act("babylonia", "fleet:sealand", "to:sz_gulf_north", "to:sz_gulf_east")  # no AP left
    return pos


def test_9_5_6_16_b_a_fleet_whose_lone_choice_is_to_stop_asks_while_fog_hides_the_countrys_stacks() -> None:
    """Issue 14 with 9.5: whether a fleet has more to do than stop (a force to take aboard) turns on what
    the country's stacks hold, which fog hides; so with a stack of three pieces on the map the lone "stop"
    is asked, not answered at once (found by fuzz, Campaign seed 217654375168362)."""
    pos = _fleet_with_nothing_more_to_do()
    assert pos.ids("babylonia") == ["stop"]
    assert top(pos)["step"] == "fleet_move"
    pos.act("babylonia", "stop")
    pos.assert_logged(rule="6.16.b", key="aw.fleet_ends", zone="sz_gulf_east")


def test_6_16_b_without_fog_a_fleet_with_nothing_more_to_do_stops_unasked() -> None:
    pos = _fleet_with_nothing_more_to_do(fog_of_war=False)
    assert top(pos)["step"] != "fleet_move"
    pos.assert_logged(rule="6.16.b", key="aw.fleet_ends", zone="sz_gulf_east")
