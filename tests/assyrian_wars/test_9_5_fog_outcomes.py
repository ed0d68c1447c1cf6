"""9.5 fog of war: outcomes that must not depend on what a role cannot see (found by the fuzzer's log check).

Each test mirrors the check: scramble what a role may not know in the state before an action, apply the
same action, and compare the role's new log entries and its view — unless the action counts a reveal
(the rules make the facts public then, and undo may not cross it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ashur.core.savefile import load
from ashur.core.statedata import clone
from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from ashur.tools.fuzz import Checker
from tests.assyrian_wars import landkit
from tests.assyrian_wars.helpers import replay_through_windows
from tests.assyrian_wars.landkit import army, phasing, set_ap
from tests.assyrian_wars.navalkit import naval_start, ship
from tests.assyrian_wars.politicskit import run, setup

FLEET_SAVE = Path(__file__).parent / "saves" / "9_5_fleet_leaves_cargo_behind.ashur.json"


def leaks(before: dict[str, Any], actor: str, action_id: str, role: str, seeds: int = 12) -> bool:
    """True when `role` could tell the scrambled states apart after `actor`'s action (the fuzzer's check)."""
    after = GAME.act(before, actor, action_id)
    true_log = [e for _, e in GAME.visible_log(after, role)]
    true_view = GAME.view(after, role)
    for seed in range(seeds):
        scrambled = GAME.scramble(before, role, seed, keep_rng=True)
        alt = GAME.act(scrambled, actor, action_id)
        if alt.get("reveals", 0) != scrambled.get("reveals", 0):
            continue
        if [e for _, e in GAME.visible_log(alt, role)] != true_log or GAME.view(alt, role) != true_view:
            return True
    return False


def reveals(before: dict[str, Any], actor: str, action_id: str) -> bool:
    return GAME.act(before, actor, action_id).get("reveals", 0) > before.get("reveals", 0)


# --- 10.3: the new king takes the old one's place ----------------------------------------------------------
def _egypt_succession(pos: Position) -> None:
    """Egypt's king Piye with his army of seven inside Memphis (Reu's army stands at Pelusium, so the
    scramble can swap units between the two); the Interphase of turn 2 crowns Shabaka (another counter)."""
    s = pos.state
    for p in s["pieces"].values():
        if p["loc"] == "memphis" and p["nation"] == "egypt":
            p["city"] = True
    s["stack"].append({"step": "succession", "order": ["egypt"], "i": 0, "turn": 2, "sacrifice": None})
    run(pos, lambda ctx: None)
    assert GAME.active(s), "egypt decides whether to sacrifice a card"


def test_9_5_10_3_the_new_king_heads_the_old_kings_army_in_its_place() -> None:
    pos = setup()
    _egypt_succession(pos)
    pos.fix_dice(1)
    before = pos.state
    actor = GAME.active(before)[0]
    pos.act(actor, "no_sacrifice")
    pos.assert_logged(rule="10.3", key="aw.king_crowned", country="egypt", king="shabaka", area="memphis")
    king = pos.state["pieces"]["egypt-king-2"]
    assert king["loc"] == "memphis" and king["city"] is True
    army_units = [pid for pid, p in pos.state["pieces"].items() if p.get("army") == "egypt-king-2"]
    assert len(army_units) == 7
    # 9.5: the stack shows its king on top, whatever the units hidden in it
    stack = next(st for st in GAME.view(pos.state, "observer")["stacks"] if st["loc"] == "memphis" and st["city"])
    assert stack["top"] == "egypt-king-2" and stack["count"] == 8
    assert GAME.scramble(before, "observer", 0, keep_rng=True) != before
    for role in ("observer", "assyria"):
        assert not leaks(before, actor, "no_sacrifice", role)


def test_9_5_10_3_a_king_who_loses_the_throne_leaves_his_army_showing_its_top() -> None:
    pos = setup()
    _egypt_succession(pos)
    pos.state["rng"]["fixed"].extend([6, 1, 1, 1, 1, 1, 1, 1, 1, 1])  # no king; the riots hit nothing
    actor = GAME.active(pos.state)[0]
    assert reveals(pos.state, actor, "no_sacrifice")
    pos.act(actor, "no_sacrifice")
    pos.assert_logged(rule="10.3", key="aw.no_king", country="egypt")
    assert not any(p.get("army") == "egypt-king-1" for p in pos.state["pieces"].values())


# --- 6.16.d: landing part of a country's cargo -------------------------------------------------------------
BAB_LEADER = "babylonia-nabu_zer_kitti_lishir"


def _aboard(pos: Position) -> None:
    ship(pos, "babylonia-ship-1", "sz_gulf_east")
    ship(pos, "babylonia-ship-2", "sz_gulf_east")
    army(pos, BAB_LEADER, "liyan", ["babylonia-hi3-1", "babylonia-li2-1"])
    pos.act("babylonia", "fleet:sz_gulf_east", f"board:{BAB_LEADER}", "stop")
    landkit.impulse(pos)["cards"] = [99]
    for p in ("babylonia-ship-1", "babylonia-ship-2"):
        assert pos.state["pieces"][p]["loc"] == "sz_gulf_east"


def test_9_5_6_16_d_landing_part_of_the_cargo_shows_the_new_stack() -> None:
    pos = naval_start("babylonia", 3, special_abilities=False)
    _aboard(pos)
    # next impulse: the ships that carry the leader stay; the others land what they carry
    pos.state["naval"] = {}
    pos.state["land"] = {}
    carrier = pos.state["pieces"][BAB_LEADER]["aboard"]
    pos.act("babylonia", "fleet:sz_gulf_east", f"drop:{carrier}")
    assert "land:liyan" in pos.ids("babylonia")
    assert reveals(pos.state, "babylonia", "land:liyan")
    # the whole cargo going ashore shows nothing fog hid: no reveal, undo stays possible
    pos2 = naval_start("babylonia", 3, special_abilities=False)
    _aboard(pos2)
    pos2.state["naval"] = {}
    pos2.state["land"] = {}
    pos2.act("babylonia", "fleet:sz_gulf_east")
    assert not reveals(pos2.state, "babylonia", "land:liyan")
    assert not leaks(pos2.state, "babylonia", "land:liyan", "assyria")


# --- 6.16.b: a fleet sailing on without some of its ships ------------------------------------------------
def test_9_5_6_16_b_ships_left_behind_with_part_of_the_cargo_show_the_new_stacks() -> None:
    pos = naval_start("babylonia", 3, special_abilities=False)
    _aboard(pos)
    pos.state["naval"] = {}
    pos.state["land"] = {}
    carrier = pos.state["pieces"][BAB_LEADER]["aboard"]
    other = next(s for s in ("babylonia-ship-1", "babylonia-ship-2") if s != carrier)
    left = [pid for pid, p in pos.state["pieces"].items() if p.get("aboard") == other]
    assert left, "each ship carries part of the army"
    pos.act("babylonia", "fleet:sz_gulf_east", f"drop:{other}")
    zone = next(a["id"] for a in GAME.legal_actions(pos.state, "babylonia") if a["id"].startswith("to:"))
    # the leader sails on, the units on the dropped ship stay: a stack of their own, its top open to all
    assert reveals(pos.state, "babylonia", zone)
    pos.act("babylonia", zone)
    for pid in left:
        assert pos.state["pieces"][pid]["loc"] == "sea:sz_gulf_east"
        assert pos.state["pieces"][pid]["army"] is None, "the units left behind leave the army"
    # the whole fleet sailing on with the whole cargo shows nothing fog hid: no reveal, no leak
    pos2 = naval_start("babylonia", 3, special_abilities=False)
    _aboard(pos2)
    pos2.state["naval"] = {}
    pos2.state["land"] = {}
    pos2.act("babylonia", "fleet:sz_gulf_east")
    assert not reveals(pos2.state, "babylonia", zone)
    assert not leaks(pos2.state, "babylonia", zone, "assyria")


def test_9_5_6_16_b_the_ship_left_behind_is_named_to_its_owner_only() -> None:
    pos = naval_start("babylonia", 3, special_abilities=False)
    _aboard(pos)
    pos.state["naval"] = {}
    pos.state["land"] = {}
    pos.act("babylonia", "fleet:sz_gulf_east", "drop:babylonia-ship-2")

    def entries(role: str, key: str) -> list[dict[str, Any]]:
        return [e["params"] for _, e in GAME.visible_log(pos.state, role) if e["key"] == key]

    assert entries("babylonia", "aw.fleet_dropped") == [
        {"country": "babylonia", "ship": "babylonia-ship-2", "zone": "sz_gulf_east"}]
    assert entries("assyria", "aw.fleet_dropped") == []
    assert entries("assyria", "aw.fleet_dropped_public") == [{"country": "babylonia", "zone": "sz_gulf_east"}]


def test_9_5_6_16_b_fuzz_game_phoenician_fleet_leaves_a_ship_with_cargo_behind() -> None:
    """The fuzz game that found it (campaign, seed 151528603539779, action 500): Elam moves Phoenicia's
    fleet to Cyprus without the ship that carries one unit of Luli's army; the unit left behind is a stack
    of its own whose top (its side) Assyria sees."""
    save = load(FLEET_SAVE)
    match = replay_through_windows(save, upto=500)
    match.keep_undo = False
    role, action_id = save.actions[500]
    assert (role, action_id) == ("elam", "to:sz_cyprus")
    before = clone(match.state)
    match.act(role, action_id)
    assert match.state["reveals"] == before["reveals"] + 1
    unit = match.state["pieces"]["phoenicia-hi2-2"]
    assert unit["loc"] == "sea:sz_phoenicia" and unit["army"] is None
    Checker(GAME, save.seed).check_log_leaks(match, 500, before, role, action_id)


# --- 6.6.1: desert attrition under fog -------------------------------------------------------------------
def _desert(pos: Position) -> list[str]:
    """Two Babylonian armies in desert areas: one of light cavalry only (exempt, 9.7), one of infantry."""
    desert = sorted(a for a in landkit.content().areas if landkit.content().is_desert_only(a))
    assert len(desert) >= 2
    army(pos, BAB_LEADER, desert[0], ["babylonia-lc2-1"])
    army(pos, "babylonia-marduk_apla_iddina_ii" if "babylonia-marduk_apla_iddina_ii" in pos.state["pieces"]
         else next(pid for pid, p in sorted(pos.state["pieces"].items()) if p["nation"] == "babylonia"
                   and p["kind"] == "leader" and pid != BAB_LEADER), desert[1], ["babylonia-li2-1"])
    return desert[:2]


def test_9_5_6_6_1_desert_attrition_is_checked_per_area_and_public_for_every_fogged_force() -> None:
    pos = landkit.start()
    areas = _desert(pos)
    phasing(pos, "assyria")
    set_ap(pos, 0)
    landkit.ctx(pos)  # content loaded
    from ashur.games.assyrian_wars.rules.land import supply

    pos.fix_dice(1)
    frame = {"c": "babylonia"}
    run(pos, lambda ctx: supply._impulse_start(ctx, frame))
    public = [e["params"]["area"] for _, e in GAME.visible_log(pos.state, "observer")
              if e["key"] == "aw.attrition" and e["params"]["why"] == "aw.why.desert_start"]
    # the light cavalry army rolls no die, but the public cannot tell it from the other: both areas read
    assert sorted(public) == sorted(areas)
    dice = [e for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.desert_start"]
    assert len(dice) == 1 and dice[0]["params"]["pieces"] == ["babylonia-li2-1"] and dice[0].get("to")
    assert not [e for _, e in GAME.visible_log(pos.state, "observer") if e["key"] == "dice"
                and e["params"]["why"] == "aw.why.desert_start"]


def test_9_5_6_6_1_without_fog_only_the_dice_are_logged() -> None:
    pos = landkit.start(fog_of_war=False)
    _desert(pos)
    from ashur.games.assyrian_wars.rules.land import supply
    pos.fix_dice(1)
    run(pos, lambda ctx: supply._impulse_start(ctx, {"c": "babylonia"}))
    assert not pos.logged(key="aw.attrition")
    assert len([e for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.desert_start"]) == 1



# --- 6.6.2: a single unit joining a fogged army --------------------------------------------------------------
def _tidied(state: dict[str, Any], area: str) -> dict[str, Any]:
    from ashur.games.assyrian_wars.rules.base.forces import tidy

    pos = Position(GAME, clone(state))
    run(pos, lambda ctx: tidy(ctx, area, "babylonia"))
    return pos.state


def _single_beside_army(units: list[str]) -> Position:
    """A lone Babylonian unit beside Nabu-zer-kitti-lishir's army (command 5) at Babylon; another army of
    Babylonia at Kish gives the scramble units to swap."""
    pos = landkit.start(special_abilities=False)
    army(pos, BAB_LEADER, "babylon", units)
    landkit.put(pos, "merc-li2-1", "babylon", army=BAB_LEADER, hired="babylonia")
    landkit.put(pos, "babylonia-li2-4", "babylon")
    other = next(pid for pid, p in sorted(pos.state["pieces"].items()) if p["nation"] == "babylonia"
                 and p["kind"] == "leader" and pid != BAB_LEADER)
    army(pos, other, "kish", ["babylonia-li2-5", "babylonia-lc2-1"])
    landkit.put(pos, "merc-li2-2", "kish", army=other, hired="babylonia")
    return pos


def test_9_5_6_6_2_room_in_a_fogged_army_that_its_size_does_not_settle_is_shown() -> None:
    # five regulars and a mercenary: room for a regular depends on the make-up that fog hides
    pos = _single_beside_army(["babylonia-hi3-1", "babylonia-hi3-2", "babylonia-li2-1", "babylonia-li2-2",
                               "babylonia-li2-3"])
    after = _tidied(pos.state, "babylon")
    assert after["reveals"] == pos.state.get("reveals", 0) + 1
    assert after["pieces"]["babylonia-li2-4"]["army"] is None  # the army is full of regulars
    # an army of two has room whatever it holds: nothing shows, no reveal
    pos2 = _single_beside_army(["babylonia-hi3-1"])
    after2 = _tidied(pos2.state, "babylon")
    assert after2.get("reveals", 0) == pos2.state.get("reveals", 0)
    assert after2["pieces"]["babylonia-li2-4"]["army"] == BAB_LEADER
    view = GAME.view(after2, "assyria")
    for seed in range(8):
        assert GAME.view(_tidied(GAME.scramble(pos2.state, "assyria", seed), "babylon"), "assyria") == view


def test_9_5_6_6_1_a_fogged_force_crossing_a_desert_is_checked_in_public_even_if_exempt() -> None:
    from ashur.games.assyrian_wars.rules.base.terrain import crossing_attrition

    pos = landkit.start()  # special abilities on: light cavalry suffers no desert attrition (9.7)
    pieces = army(pos, BAB_LEADER, "suhu", ["babylonia-lc2-1"])
    n = pos.state["rng"]["n"]
    run(pos, lambda ctx: crossing_attrition(ctx, pieces, "ashur", "suhu"))
    assert pos.state["rng"]["n"] == n  # no die for light cavalry
    seen = [e for _, e in GAME.visible_log(pos.state, "assyria") if e["key"] == "aw.attrition"]
    assert [e["params"] for e in seen] == [{"country": "babylonia", "area": "suhu", "why": "aw.why.desert"}]


# --- 5.1: disbanded mercenaries go to the open game pool ----------------------------------------------------
def test_9_5_5_1_a_fogged_mercenary_disbanded_from_the_map_counts_a_reveal() -> None:
    from ashur.games.assyrian_wars.rules.course.mercenaries import disband

    pos = landkit.start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    landkit.put(pos, "merc-li2-1", "kalhu", army="assyria-turtanu", hired="assyria")
    n = pos.state.get("reveals", 0)
    run(pos, lambda ctx: disband(ctx, "merc-li2-1"))
    assert pos.state["pieces"]["merc-li2-1"]["loc"] == "gamepool" and pos.state["reveals"] == n + 1
    run(pos, lambda ctx: disband(ctx, "merc-li2-1"))  # already in the pool: nothing hidden shows
    assert pos.state["reveals"] == n + 1
