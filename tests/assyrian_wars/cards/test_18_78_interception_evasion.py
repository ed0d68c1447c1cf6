"""Response cards on interceptions and evasions (6.11.e, 6.6.9, 6.6.10): 77 Ambush (automatic interception),
78 Feigned Flight and 18 Mountain Refuge (automatic evasion), 76 Cut Off the Retreat (an evasion fails),
74 Scouts (+3 to one interception or evasion roll); their windows, refusals and Counter Measures."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from tests.assyrian_wars.helpers import pass_windows
from tests.assyrian_wars.landkit import army, give_card, loc, phasing, put, set_ap, start, top


def _pass(pos: Position) -> None:
    """Every window on top is passed by the role deciding for the country asked (any scenario)."""
    while pos.state["stack"] and top(pos)["step"] == "window":
        pos.act(GAME.active(pos.state)[0], "pass")


def _window(pos: Position, trigger: str) -> dict[str, Any]:
    """Pass the windows on top until the response window of `trigger` asks; return it."""
    for _ in range(50):
        frame = top(pos)
        if frame["step"] != "window":
            break
        if frame.get("trigger") == trigger:
            return frame
        pos.act(frame["order"][frame["i"]], "pass")
    raise AssertionError(f"no {trigger} window")


def _play(pos: Position, trigger: str, country: str, card: int) -> None:
    """`country` chooses `card` in the `trigger` window; everybody passes the rest (Counter Measures too)."""
    _turn_of(pos, trigger, country)
    pos.act(country, f"choose:{card}")
    pass_windows(pos)


def _turn_of(pos: Position, trigger: str, country: str) -> None:
    """Pass the `trigger` window until `country` is asked."""
    _window(pos, trigger)
    while (frame := top(pos))["order"][frame["i"]] != country:
        pos.act(frame["order"][frame["i"]], "pass")


def _babylon_moves(pos: Position, to: str = "kalhu") -> None:
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", f"to:{to}")


def _rolls(pos: Position, rule: str) -> list[dict[str, Any]]:
    return [e for e in pos.log if e["key"] == "dice" and e["rule"] == rule]


# --- 77 Ambush ---------------------------------------------------------------------------------------
def test_77_ambush_the_army_intercepts_without_a_roll_6_6_9() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1", "assyria-li3-1"])
    give_card(pos, "assyria", 77)
    _babylon_moves(pos)
    _play(pos, "enemy_enters_adjacent_area", "assyria", 77)
    pos.assert_logged(rule="6.11.e", key="aw.resp.ambush", country="assyria", force="assyria-turtanu",
                      area="kalhu", src="nineveh", applies="6.6.9")
    pos.assert_logged(rule="6.6.9", key="aw.interception_automatic", country="assyria", area="kalhu")
    assert not _rolls(pos, "6.6.9")
    assert loc(pos, "assyria-hi4-1") == "kalhu"
    battle = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert battle["interception"]
    assert 77 in pos.state["discard"]


def test_77_ambush_the_player_picks_one_of_two_armies() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "ashur", ["assyria-li3-1"])
    give_card(pos, "assyria", 77)
    _babylon_moves(pos)
    _play(pos, "enemy_enters_adjacent_area", "assyria", 77)
    assert top(pos)["step"] == "response_choice"
    assert set(pos.ids("assyria")) == {"pick:assyria-turtanu", "pick:assyria-rab_shaqe"}
    pos.act("assyria", "pick:assyria-rab_shaqe")
    # the other army is still asked whether it tries to intercept (6.6.9)
    assert "intercept:assyria-turtanu" in pos.ids("assyria")
    pos.act("assyria", "no_intercept:assyria-turtanu")
    pass_windows(pos)
    assert loc(pos, "assyria-li3-1") == "kalhu" and loc(pos, "assyria-hi4-1") == "nineveh"


def test_77_ambush_is_refused_without_an_army_that_could_intercept_6_11_e() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-hi4-1", "nineveh")  # units without a leader are no army
    give_card(pos, "assyria", 77)
    _babylon_moves(pos)
    frame = _window(pos, "enemy_enters_adjacent_area")
    assert frame["order"] == ["assyria"]
    assert pos.ids("assyria") == ["pass"]
    pos.assert_illegal("assyria", "choose:77", rule="6.11.e")


def test_77_ambush_is_no_impulse_event_6_11() -> None:
    pos = start(special_abilities=False)
    give_card(pos, "assyria", 77)
    assert "card:77:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:77:event", rule="6.11")


def test_77_ambush_cancelled_by_counter_measures_leaves_the_ordinary_interception() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "assyria", 77)
    give_card(pos, "babylonia", 58)
    _babylon_moves(pos)
    frame = _window(pos, "enemy_enters_adjacent_area")
    pos.act("assyria", "choose:77", "pass")
    assert top(pos)["kind"] == "counter_measures"
    assert GAME.invariants(pos.state) == []  # the announced card waits in its event frame (6.11)
    while (cm := top(pos))["order"][cm["i"]] != "babylonia":
        pos.act(cm["order"][cm["i"]], "pass")
    pos.act("babylonia", "choose:58")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="babylonia", cancelled=77)
    assert not pos.logged(key="aw.resp.ambush")
    assert "intercept:assyria-turtanu" in pos.ids("assyria")  # the ordinary declaration (6.6.9)
    assert frame["order"] == ["assyria"]


def test_77_ambush_intercepts_a_retreating_force_6_6_9() -> None:
    """A retreat may be intercepted (6.6.9): the window opens for a retreat's entry too, though not for the
    forces in the area the retreat comes from."""
    from ashur.games.assyrian_wars.rules import FLOW
    from ashur.games.assyrian_wars.rules.land.entering import push_entry
    from tests.assyrian_wars.landkit import ctx

    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1", "assyria-li3-1"])
    give_card(pos, "assyria", 77)
    retreating = army(pos, "babylonia-nabu_zer_kitti_lishir", "kalhu", ["babylonia-li2-1"])
    phasing(pos, "babylonia")
    c = ctx(pos)
    push_entry(c, "kalhu", "babylonia", retreating, src="ashur", kind="retreat", exclude=["ashur"])
    FLOW.advance(c, pos.state)
    frame = _window(pos, "enemy_enters_adjacent_area")
    assert frame["context"]["kind"] == "retreat" and frame["order"] == ["assyria"]
    _play(pos, "enemy_enters_adjacent_area", "assyria", 77)
    pos.assert_logged(rule="6.6.9", key="aw.interception_automatic", country="assyria", area="kalhu")
    assert loc(pos, "assyria-hi4-1") == "kalhu"


# --- 78 Feigned Flight, 18 Mountain Refuge ---------------------------------------------------------------
def _defend_kalhu(pos: Position) -> None:
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])


def test_78_feigned_flight_the_forces_evade_to_a_friendly_area_without_a_roll_6_6_10() -> None:
    pos = start(special_abilities=False)
    _defend_kalhu(pos)
    give_card(pos, "assyria", 78)
    _babylon_moves(pos)
    _play(pos, "enemy_enters_your_area", "assyria", 78)
    assert top(pos)["step"] == "response_choice"
    assert set(pos.ids("assyria")) == {"pick:nineveh", "pick:ashur", "pick:arbela"}  # friendly areas, not the city
    pos.act("assyria", "pick:nineveh")
    pos.assert_logged(rule="6.11.e", key="aw.resp.auto_evasion", country="assyria", area="kalhu", dest="nineveh",
                      applies="6.6.10")
    pass_windows(pos)
    assert not any(a.startswith("evade") for a in pos.ids("assyria"))  # declared by the card
    pos.assert_logged(rule="6.6.10", key="aw.evasion_automatic", area="kalhu", dest="nineveh")
    assert not _rolls(pos, "6.6.10")
    assert loc(pos, "assyria-hi4-1") == "nineveh" and loc(pos, "assyria-turtanu") == "nineveh"
    assert not any(f["step"] == "battle" for f in pos.state["stack"])


def test_78_feigned_flight_is_refused_without_a_friendly_area_to_evade_to() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "babylon", ["assyria-hi4-1"])  # only enemy areas around Babylon
    give_card(pos, "assyria", 78)
    army(pos, "babylonia-nabu_zer_kitti_lishir", "sippar", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:babylon")
    _window(pos, "enemy_enters_your_area")
    assert pos.ids("assyria") == ["pass"]
    pos.assert_illegal("assyria", "choose:78", rule="6.11.e")


def test_18_mountain_refuge_is_persia_s_own_6_11() -> None:
    from ashur.games.assyrian_wars.rules.course.events import may_play_by
    from tests.assyrian_wars.landkit import ctx

    pos = start(special_abilities=False)
    _defend_kalhu(pos)
    give_card(pos, "assyria", 18)
    assert not may_play_by(ctx(pos), 18, "assyria")
    _babylon_moves(pos)
    frame = top(pos)
    assert not (frame["step"] == "window" and frame.get("trigger") == "enemy_enters_your_area")


def _mede_enters_parsumash(pos: Position) -> None:
    army(pos, "mede-daiukku", "zakruti", ["mede-li2-1", "mede-li2-2"])
    phasing(pos, "mede")
    set_ap(pos, 6)
    pos.act("mede", "move:mede-daiukku", "to:parsumash")


def test_18_mountain_refuge_persian_forces_evade_without_a_roll_6_6_10() -> None:
    pos = start("campaign", special_abilities=False)
    put(pos, "persia-li2-1", "parsumash")
    put(pos, "persia-lc2-1", "parsumash")
    give_card(pos, "persia", 18)
    _mede_enters_parsumash(pos)
    frame = _window(pos, "enemy_enters_your_area")
    assert frame["order"] == ["persia"]
    assert GAME.active(pos.state) == ["assyria"]  # Assyria's player plays Persia (campaign)
    pos.act("assyria", "choose:18", "pass")
    _pass(pos)  # Pasargadae is the only friendly area next to Parsumash: no choice to make
    pos.assert_logged(rule="6.11.e", key="aw.resp.auto_evasion", country="persia", dest="pasargadae")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_automatic", area="parsumash", dest="pasargadae")
    assert loc(pos, "persia-li2-1") == "pasargadae" and loc(pos, "persia-lc2-1") == "pasargadae"
    assert not _rolls(pos, "6.6.10")


def test_76_cut_off_the_retreat_the_evasion_fails_without_a_roll_and_one_hit_routs() -> None:
    pos = start(special_abilities=False)
    _defend_kalhu(pos)
    give_card(pos, "babylonia", 76)
    _babylon_moves(pos)
    pos.act("assyria", "evade:nineveh")
    _play(pos, "evasion_declared", "babylonia", 76)
    pos.assert_logged(rule="6.11.e", key="aw.resp.cut_off", country="babylonia", target="assyria", area="kalhu",
                      applies="6.6.10")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_cut_off", country="assyria", area="kalhu")
    assert not _rolls(pos, "6.6.10")
    battle = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert set(battle["single_rout"]) == {"assyria-turtanu", "assyria-hi4-1", "assyria-li3-1"}


def test_76_cut_off_prevails_over_an_earlier_feigned_flight_6_11() -> None:
    pos = start(special_abilities=False)
    _defend_kalhu(pos)
    give_card(pos, "assyria", 78)
    give_card(pos, "babylonia", 76)
    _babylon_moves(pos)
    _play(pos, "enemy_enters_your_area", "assyria", 78)
    pos.act("assyria", "pick:nineveh")
    _play(pos, "evasion_declared", "babylonia", 76)
    assert loc(pos, "assyria-hi4-1") == "kalhu"
    assert not pos.logged(key="aw.evasion_automatic")
    assert any(f["step"] == "battle" for f in pos.state["stack"])


def test_76_cut_off_is_only_for_the_attacker_6_6_10() -> None:
    pos = start(special_abilities=False)
    _defend_kalhu(pos)
    give_card(pos, "elam", 76)
    _babylon_moves(pos)
    pos.act("assyria", "evade:nineveh")
    _turn_of(pos, "evasion_declared", "elam")
    assert pos.ids("elam") == ["pass"]
    pos.assert_illegal("elam", "choose:76", rule="6.11.e")


# --- 74 Scouts ---------------------------------------------------------------------------------------------
def test_74_scouts_add_three_to_an_interception_roll_6_6_9() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "assyria", 74)
    _babylon_moves(pos)
    pos.act("assyria", "intercept:assyria-turtanu")
    _play(pos, "interception_declared", "assyria", 74)
    assert pos.ids("assyria") == ["option:0"]  # the evasion option has no roll to modify
    pos.fix_dice(1, 1)  # 2 + 3 (leader) + 3 (Scouts) = 8: success; 5 without the card
    pos.act("assyria", "option:0")
    pos.assert_logged(rule="6.11.e", key="aw.resp.interception_mod", force="assyria-turtanu", amount=3)
    pos.assert_logged(rule="6.6.9", key="aw.interception_roll", total=8, success=True)


def test_74_scouts_add_three_to_an_evasion_roll_6_6_10() -> None:
    pos = start(special_abilities=False)
    _defend_kalhu(pos)
    give_card(pos, "assyria", 74)
    _babylon_moves(pos)
    pos.act("assyria", "evade:nineveh")
    _play(pos, "evasion_declared", "assyria", 74)
    pos.fix_dice(3, 2)  # 5 + 1 (friendly) + 3 (leader) - 2 (attacker) + 3 (Scouts) = 10: success
    pos.act("assyria", "option:1")
    pos.assert_logged(rule="6.6.10", key="aw.evasion_roll", total=10, success=True)
    assert loc(pos, "assyria-hi4-1") == "nineveh"


def test_74_scouts_are_refused_without_an_own_roll() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "elam", 74)
    _babylon_moves(pos)
    pos.act("assyria", "intercept:assyria-turtanu")
    _turn_of(pos, "interception_declared", "elam")
    assert pos.ids("elam") == ["pass"]
    pos.assert_illegal("elam", "choose:74", rule="6.11.e")
