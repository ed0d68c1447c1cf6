"""Move cards (6.11.h): 63 Coordinated Attack (6.7), 64 Sargon's Eighth Campaign, 71 Desert Guides,
72 Mountain Passes, 73 Inflated Skins, 75 Night March."""

from __future__ import annotations

from ashur.testing import Position
from tests.assyrian_wars.helpers import pass_windows
from tests.assyrian_wars.landkit import ap_left, army, give_card, loc, phasing, put, set_ap, start, top


def _play(pos: Position, country: str, number: int, *then: str) -> None:
    """Play card `number` as an event; nobody answers with Counter Measures (6.11.e)."""
    pos.act(country, f"card:{number}:event")
    pass_windows(pos)
    for a in then:
        pos.act(country, a)


def _fight(pos: Position) -> dict[str, list[int]]:
    """Answer every question (no evasion, no interception, no cards, the first choice of hits) until the
    battle is over; the number of dice each side rolled in the first melee (6.7.2)."""
    start_len = len(pos.log)
    for _ in range(100):
        if any(e["key"] == "aw.battle_result" for e in pos.log[start_len:]) and \
                not any(f["step"] == "battle" for f in pos.state["stack"]):
            break
        if top(pos)["step"] == "window":
            pass_windows(pos)
            continue
        role = pos.game.active(pos.state)[0]
        ids = pos.ids(role)
        pos.act(role, next((i for i in ids if i == "stay" or i.startswith(("no_intercept", "done", "pass"))), ids[0]))
    else:
        raise AssertionError("no battle")
    melee = [e["params"] for e in pos.log[start_len:] if e["key"] == "dice" and e["rule"] == "6.7.2"]
    return {side: next(len(m["values"]) for m in melee if m["side"] == side) for side in ("att", "def")}


# --- 72 Mountain Passes, 73 Inflated Skins, 64 Sargon's Eighth Campaign ---------------------------------
def _mountain_attack(card: int | None) -> Position:
    """An Assyrian army in Dur-Sharrukin attacks a Babylonian unit in Musasir, over a mountain connection."""
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "dur_sharrukin", ["assyria-hi4-1", "assyria-li3-1"])
    put(pos, "babylonia-li2-1", "musasir")
    pos.state["areas"]["musasir"]["ctrl"] = "babylonia"
    set_ap(pos, 8)
    if card is not None:
        give_card(pos, "assyria", card)
        _play(pos, "assyria", card, "force:assyria-turtanu")
    pos.act("assyria", "move:assyria-turtanu", "to:musasir")
    return pos


def test_6_7_3_without_a_card_the_defenders_get_two_mountain_dice() -> None:
    assert _fight(_mountain_attack(None))["def"] == 1 + 2  # the unit and two mountain dice


def test_6_11_h_72_mountain_passes_take_the_mountain_dice_away() -> None:
    pos = _mountain_attack(72)
    pos.assert_logged(rule="6.11.h", key="aw.moves.ignore_terrain", country="assyria", card=72)
    assert _fight(pos)["def"] == 1
    pos.assert_logged(rule="6.11.h", key="aw.moves.terrain_waived", card=72, area="musasir", conn="mountain")


def test_6_11_h_73_inflated_skins_do_not_help_over_a_mountain() -> None:
    assert _fight(_mountain_attack(73))["def"] == 3


def test_6_11_h_73_inflated_skins_take_the_river_die_away() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    put(pos, "babylonia-li2-1", "arbela")
    pos.state["areas"]["arbela"]["ctrl"] = "babylonia"
    set_ap(pos, 5)
    give_card(pos, "assyria", 73)
    _play(pos, "assyria", 73, "force:assyria-turtanu")
    pos.act("assyria", "move:assyria-turtanu", "to:arbela")
    assert _fight(pos)["def"] == 1
    pos.assert_logged(rule="6.11.h", key="aw.moves.terrain_waived", card=73, conn="river")


def test_6_11_h_the_card_helps_only_the_force_it_was_played_on() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "dur_sharrukin", ["assyria-hi4-1"])
    army(pos, "assyria-nagir_ekalli", "dur_sharrukin", ["assyria-li3-1"])
    put(pos, "babylonia-li2-1", "musasir")
    pos.state["areas"]["musasir"]["ctrl"] = "babylonia"
    set_ap(pos, 8)
    give_card(pos, "assyria", 72)
    _play(pos, "assyria", 72)
    assert sorted(pos.ids("assyria")) == ["force:assyria-nagir_ekalli", "force:assyria-turtanu"]
    pos.act("assyria", "force:assyria-turtanu")
    pos.act("assyria", "move:assyria-nagir_ekalli", "to:musasir")
    assert _fight(pos)["def"] == 3


def test_6_11_h_64_sargons_campaign_long_march_without_attrition_and_no_mountain_dice() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    put(pos, "babylonia-li2-1", "musasir")
    pos.state["areas"]["musasir"]["ctrl"] = "babylonia"
    set_ap(pos, 10)
    give_card(pos, "assyria", 64)
    _play(pos, "assyria", 64, "force:assyria-turtanu")
    assert ap_left(pos) == 8  # event cost 2 (6.11)
    pos.act("assyria", "move:assyria-turtanu", "to:nineveh", "to:katmuhu", "to:nineveh", "to:kalhu", "to:nineveh")
    assert not [e for e in pos.logged(rule="6.6.1") if e["key"] == "dice"]
    pos.assert_logged(rule="6.6", key="aw.moves.no_long_march_attrition", card=64, area="nineveh")
    pos.act("assyria", "to:dur_sharrukin")
    pos.act("babylonia", "no_intercept:babylonia-li2-1")
    pos.act("assyria", "to:musasir")
    assert _fight(pos)["def"] == 1


def test_6_11_64_is_assyrian_and_needs_a_force_on_the_map() -> None:
    pos = start(special_abilities=False)
    give_card(pos, "assyria", 64)
    assert "card:64:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:64:event", rule="6.11")
    army(pos, "babylonia-nabu_zer_kitti_lishir", "babylon", ["babylonia-li2-1"])
    phasing(pos, "babylonia")
    give_card(pos, "babylonia", 64)
    set_ap(pos, 5)
    pos.assert_illegal("babylonia", "card:64:event", rule="6.11")


# --- 71 Desert Guides ------------------------------------------------------------------------------------
def test_6_11_h_71_desert_guides_no_attrition_crossing_a_desert() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "rasappa", ["assyria-hi4-1", "assyria-li3-1"])
    set_ap(pos, 5)
    give_card(pos, "assyria", 71)
    _play(pos, "assyria", 71, "force:assyria-turtanu")
    pos.act("assyria", "move:assyria-turtanu", "to:suhu")
    assert not pos.logged(rule="6.6.1", key="dice")
    pos.assert_logged(rule="6.6.1", key="aw.moves.no_crossing_attrition", card=71, conn="desert", area="suhu")
    assert loc(pos, "assyria-hi4-1") == "suhu"


def test_6_6_1_without_desert_guides_the_desert_causes_attrition() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "rasappa", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.fix_dice(1)
    pos.act("assyria", "move:assyria-turtanu", "to:suhu")
    pos.assert_logged(rule="6.6.1", key="dice", why="aw.why.desert")


def test_6_11_h_a_card_on_one_force_is_refused_without_a_force() -> None:
    pos = start(special_abilities=False)
    for card in (71, 72, 73, 75):
        give_card(pos, "assyria", card)
        assert f"card:{card}:event" not in pos.ids("assyria")
        exc = pos.assert_illegal("assyria", f"card:{card}:event", rule="6.11")
        assert "event" in exc.reason


# --- 75 Night March ---------------------------------------------------------------------------------------
def _march_past_babylonians(card: int | None) -> Position:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1", "babylonia-li2-2"])
    set_ap(pos, 5)
    if card is not None:
        give_card(pos, "assyria", card)
        _play(pos, "assyria", card, "force:assyria-turtanu")
    pos.act("assyria", "move:assyria-turtanu", "to:kalhu")
    pass_windows(pos)
    return pos


def test_6_6_9_without_night_march_the_babylonians_may_intercept() -> None:
    pos = _march_past_babylonians(None)
    assert "intercept:babylonia-nabu_zer_kitti_lishir" in pos.ids("babylonia")


def test_6_11_h_75_night_march_cannot_be_intercepted() -> None:
    pos = _march_past_babylonians(75)
    pos.assert_logged(rule="6.6.9", key="aw.moves.no_interception", card=75, area="kalhu")
    assert not pos.game.active(pos.state) or pos.game.active(pos.state) == ["assyria"]
    assert loc(pos, "assyria-hi4-1") == "kalhu"
    assert top(pos)["step"] == "move"
    # the whole impulse: a second step is not intercepted either
    pos.act("assyria", "to:ashur")
    pass_windows(pos)
    assert top(pos)["step"] == "move" and loc(pos, "assyria-hi4-1") == "ashur"


def test_6_11_h_75_night_march_is_cancelled_by_counter_measures() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "assyria", 75)
    give_card(pos, "babylonia", 58)
    set_ap(pos, 5)
    pos.act("assyria", "card:75:event")
    frame = top(pos)
    assert frame["step"] == "window" and frame["kind"] == "counter_measures"
    pos.act("babylonia", "choose:58")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", cancelled=75)
    assert top(pos)["step"] == "impulse" and ap_left(pos) == 5  # 6.11: no cost, no force chosen
    assert not pos.state.get("card_effects")


# --- 63 Coordinated Attack ----------------------------------------------------------------------------
def _coordinated(pos: Position) -> None:
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "assyria-nagir_ekalli", "arbela", ["assyria-li3-1"])
    put(pos, "babylonia-li2-1", "kalhu")
    give_card(pos, "assyria", 63)
    set_ap(pos, 5)


def test_6_7_63_coordinated_attack_two_armies_fight_as_one_side() -> None:
    pos = start(special_abilities=False)
    _coordinated(pos)
    assert "card:63:event" in pos.ids("assyria")
    _play(pos, "assyria", 63)
    assert pos.ids("assyria") == ["target:kalhu"]
    pos.act("assyria", "target:kalhu")
    assert sorted(pos.ids("assyria")) == ["with:assyria-nagir_ekalli", "with:assyria-turtanu"]
    pos.act("assyria", "with:assyria-turtanu", "with:assyria-nagir_ekalli")
    assert pos.ids("assyria")[0] == "go"
    pos.act("assyria", "go")
    pos.assert_logged(rule="6.7", key="aw.moves.coordinated_attack", area="kalhu", n=2, card=63)
    assert ap_left(pos) == 2  # 1 AP event cost, 1 AP for each army's step (6.6)
    assert loc(pos, "assyria-hi4-1") == "kalhu" and loc(pos, "assyria-li3-1") == "kalhu"
    entry = next(f for f in pos.state["stack"] if f["step"] == "entry")
    assert entry["sources"]["assyria-li3-1"] == "arbela" and entry["sources"]["assyria-hi4-1"] == "nineveh"
    # Nineveh-Kalhu is open ground: the river from Arbela gives the defenders no die (decision)
    assert entry["src"] == "nineveh" and entry["conn"] == "standard"
    dice = _fight(pos)
    # one attacking side (6.6.5 does not apply): two units, both leaders' action ratings (3 + 2), Assyria's die
    assert dice == {"att": 2 + 5 + 1, "def": 1}


def test_6_7_63_three_armies_at_most_and_each_from_another_area() -> None:
    pos = start(special_abilities=False)
    _coordinated(pos)
    army(pos, "assyria-rab_shaqe", "nineveh", ["assyria-li3-2"])
    army(pos, "assyria-rab_sha_reshi", "ashur", ["assyria-li3-3"])
    set_ap(pos, 8)
    _play(pos, "assyria", 63, "target:kalhu", "with:assyria-turtanu")
    ids = pos.ids("assyria")
    assert "with:assyria-rab_shaqe" not in ids  # Nineveh already sends an army
    pos.act("assyria", "with:assyria-nagir_ekalli", "with:assyria-rab_sha_reshi")
    pos.assert_logged(rule="6.7", key="aw.moves.coordinated_attack", n=3)
    assert loc(pos, "assyria-li3-3") == "kalhu" and loc(pos, "assyria-li3-2") == "nineveh"


def test_6_7_63_refused_without_two_armies_next_to_the_enemy() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    put(pos, "babylonia-li2-1", "kalhu")
    give_card(pos, "assyria", 63)
    set_ap(pos, 5)
    assert "card:63:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:63:event", rule="6.11")
    put(pos, "assyria-li3-1", "arbela")  # units without a leader are no army
    pos.assert_illegal("assyria", "card:63:event", rule="6.11")


def test_6_7_63_refused_when_the_steps_cannot_be_paid() -> None:
    pos = start(special_abilities=False)
    _coordinated(pos)
    set_ap(pos, 2)  # 1 AP event cost + 2 AP for the two steps
    pos.assert_illegal("assyria", "card:63:event", rule="6.11")


def _allied_attack(pos: Position) -> None:
    """Babylonia plays 63 with its army in Ashur and the Elamite army (another player's) in Arbela."""
    army(pos, "babylonia-nabu_zer_kitti_lishir", "ashur", ["babylonia-li2-1"])
    army(pos, "elam-humban_undasha", "arbela", ["elam-li2-1"])
    put(pos, "assyria-hi4-1", "kalhu")
    phasing(pos, "babylonia")
    give_card(pos, "babylonia", 63)
    set_ap(pos, 5)
    _play(pos, "babylonia", 63, "target:kalhu", "with:babylonia-nabu_zer_kitti_lishir", "with:elam-humban_undasha",
          "go")


def test_6_6_4_63_an_ally_of_another_player_joins_with_its_consent() -> None:
    pos = start(special_abilities=False)
    _allied_attack(pos)
    assert pos.game.active(pos.state) == ["elam"]
    assert pos.ids("elam") == ["allow:elam-humban_undasha", "refuse:elam-humban_undasha"]
    pos.act("elam", "allow:elam-humban_undasha")
    pos.assert_logged(rule="6.6.4", key="aw.moves.coordinated_consent", country="elam", given=True)
    assert loc(pos, "elam-li2-1") == "kalhu" and loc(pos, "babylonia-li2-1") == "kalhu"
    assert ap_left(pos) == 2  # Babylonia pays the event and both steps


def test_6_6_4_63_a_refused_ally_stays_and_the_attack_goes_on() -> None:
    pos = start(special_abilities=False)
    _allied_attack(pos)
    pos.act("elam", "refuse:elam-humban_undasha")
    assert loc(pos, "elam-li2-1") == "arbela" and loc(pos, "babylonia-li2-1") == "kalhu"
    pos.assert_logged(rule="6.7", key="aw.moves.coordinated_attack", n=1)
    assert ap_left(pos) == 3
