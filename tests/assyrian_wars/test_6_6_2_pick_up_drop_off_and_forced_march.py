"""6.6.2: armies pick up and drop off units freely (only undoing one at the same stop is not offered);
6.6.8: a forced march costs 10 AP per army, with no limit of one per impulse (issue 14)."""

from __future__ import annotations

from tests.assyrian_wars.landkit import ap_left, army, give_card, loc, put, set_ap, start


def test_6_6_2_a_unit_dropped_by_one_army_is_picked_up_by_another_in_the_same_impulse() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1", "assyria-li3-1"])
    army(pos, "assyria-nagir_ekalli", "kalhu", ["assyria-hi4-2"])
    set_ap(pos, 6)
    pos.act("assyria", "move:assyria-turtanu", "to:kalhu", "drop:assyria-li3-1", "to:nineveh", "stop")
    assert loc(pos, "assyria-li3-1") == "kalhu"
    pos.act("assyria", "move:assyria-nagir_ekalli", "pickup:assyria-li3-1", "to:nineveh", "stop")
    assert loc(pos, "assyria-li3-1") == "nineveh"


def test_6_6_2_a_unit_picked_up_may_be_dropped_where_it_was_after_the_army_moved_on_and_back() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    put(pos, "assyria-li3-1", "kalhu")
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "pickup:assyria-li3-1")
    assert "drop:assyria-li3-1" not in pos.ids("assyria")  # the same stop: nothing would change
    pos.act("assyria", "to:nineveh", "to:kalhu", "drop:assyria-li3-1", "stop")
    assert loc(pos, "assyria-li3-1") == "kalhu"  # the drop was legal (the glossary then tidies the stack)
    assert ap_left(pos) == 3


def test_6_6_8_two_armies_force_march_in_one_impulse_for_10_ap_each() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-nagir_ekalli", "ashur", ["assyria-hi4-2"])
    set_ap(pos, 20)
    give_card(pos, "assyria", 110)
    pos.act("assyria", "card:110:ap")
    pos.act("assyria", "march:assyria-turtanu", "to:nineveh", "stop")
    assert "march:assyria-nagir_ekalli" in pos.ids("assyria")
    assert "march:assyria-turtanu" not in pos.ids("assyria")  # finished for the impulse
    pos.act("assyria", "march:assyria-nagir_ekalli", "to:arrapha", "stop")
    assert loc(pos, "assyria-hi4-1") == "nineveh" and loc(pos, "assyria-hi4-2") == "arrapha"
    pos.assert_logged(rule="6.6.8", key="aw.march_done", leader="assyria-nagir_ekalli")


def test_6_6_8_a_forced_march_never_enters_an_area_where_it_could_be_intercepted_as_7_7() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "katmuhu", ["babylonia-li2-1"])
    set_ap(pos, 12)
    give_card(pos, "assyria", 110)
    pos.act("assyria", "card:110:ap", "march:assyria-turtanu")
    acts = pos.ids("assyria")
    assert "to:ashur" in acts
    assert "to:nineveh" not in acts  # next to the Babylonians in Katmuhu (defended decision, 6.6.8 "similar" to 7.7)
