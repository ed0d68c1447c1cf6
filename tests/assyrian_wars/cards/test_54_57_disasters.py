"""Cards 54-57: disasters (6.11.a). Pirates: a country's ships in one zone check attrition, a hit on 5 or 6;
Famine: pillage markers in two home areas of one country (6.14); Pestilence: every unit in one area checks
attrition twice (6.6.1). Counter Measures cancel a disaster before any of its effects is determined."""

from __future__ import annotations

import pytest

from ashur.core import log as corelog
from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from tests.assyrian_wars import landkit as lk

UNITS = ["assyria-li3-1", "assyria-li3-2", "assyria-hi4-1"]


def pass_windows(pos: Position) -> None:
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "window":
        pos.act(lk.active_role(pos), "pass")


def _pestilence(card: int = 56, **options: bool) -> Position:
    pos = lk.start(**options)
    for u in UNITS:
        lk.put(pos, u, "nineveh")
    lk.give_card(pos, "assyria", card)
    lk.set_ap(pos, 10)
    return pos


@pytest.mark.parametrize("card", [56, 57])
def test_6_11_a_pestilence_every_unit_in_the_area_checks_attrition_twice(card: int) -> None:
    pos = _pestilence(card)
    ap = lk.ap_left(pos)
    pos.act("assyria", f"card:{card}:event")
    pass_windows(pos)
    assert lk.ap_left(pos) == ap - 1  # the event costs 1 AP
    assert "target:area:nineveh" in pos.ids("assyria")
    pos.fix_dice(6, 1, 6, 1, 1)  # the units roll in id order: hi4-1, li3-1, li3-2
    pos.act("assyria", "target:area:nineveh")
    pos.assert_logged(rule="6.11.a", key="aw.wars.attrition", card=card, loc="nineveh", times=2)
    assert lk.top(pos)["step"] == "assign_hits" and lk.top(pos)["hits"] == 2
    pos.act("assyria", "hit:assyria-li3-1", "hit:assyria-li3-1")
    assert lk.loc(pos, "assyria-li3-1") == "pool"
    # the second check waits for the hits of the first: only the two survivors roll
    checks = [e for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.wars_attrition"]
    assert [c["params"]["values"] for c in checks] == [[6, 1, 6], [1, 1]]
    assert checks[1]["params"]["pieces"] == ["assyria-hi4-1", "assyria-li3-2"]
    assert lk.top(pos)["step"] == "impulse"


def test_6_11_a_counter_measures_cancel_pestilence_before_it_strikes() -> None:
    pos = _pestilence()
    lk.give_card(pos, "babylonia", 58)
    ap = lk.ap_left(pos)
    pos.act("assyria", "card:56:event")
    assert lk.top(pos)["step"] == "window" and lk.top(pos)["kind"] == "counter_measures"
    pos.act("babylonia", "choose:58")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="babylonia", cancelled=56)
    assert lk.top(pos)["step"] == "impulse" and lk.ap_left(pos) == ap
    assert not pos.logged(key="aw.wars.attrition")
    assert all(not pos.state["pieces"][u]["red"] for u in UNITS)


def test_9_5_pestilence_on_a_fogged_force_is_logged_for_its_owner_only() -> None:
    pos = _pestilence(fog_of_war=True)
    for u in ("babylonia-li2-1", "babylonia-li2-2"):
        lk.put(pos, u, "babylon")
    pos.act("assyria", "card:56:event")
    pass_windows(pos)
    pos.fix_dice(1, 1, 1, 1)
    pos.act("assyria", "target:area:babylon")
    dice = [e for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.wars_attrition"]
    assert dice and all(e.get("to") == ["babylonia"] for e in dice)
    assert all(not corelog.visible(e, {"assyria"}) for e in dice)
    public = pos.logged(key="aw.wars.attrition_public")
    assert len(public) == 2 and all("to" not in e for e in public)


def test_6_11_a_pirates_strike_one_countrys_ships_in_one_zone_on_5_or_6() -> None:
    pos = lk.start()
    lk.give_card(pos, "assyria", 54)
    pos.act("assyria", "card:54:event")
    pass_windows(pos)
    ids = pos.ids("assyria")
    assert "target:ships:elam:sz_gulf_east" in ids and "target:ships:babylonia:sealand" in ids
    pos.fix_dice(5)
    pos.act("assyria", "target:ships:elam:sz_gulf_east")
    pos.assert_logged(rule="6.11.a", key="aw.wars.attrition", card=54, target="elam", hit_on=[5, 6], times=1)
    assert pos.state["pieces"]["elam-ship-1"]["red"]


def test_6_16_f_pirates_hit_on_a_carrying_ship_chosen_by_its_owner_hits_the_cargo_too() -> None:
    """The fuzz games (campaign, seeds 76856512714226 and 271147819554410): the owner picked which ship takes
    the pirates' hit; the hit passed to the cargo was dropped, leaving a full unit on a reduced ship."""
    pos = lk.start()
    lk.give_card(pos, "assyria", 54)
    lk.put(pos, "babylonia-ship-2", "sealand")
    lk.put(pos, "babylonia-hi3-1", "sea:sealand")
    pos.state["pieces"]["babylonia-hi3-1"]["aboard"] = "babylonia-ship-2"
    pos.act("assyria", "card:54:event")
    pass_windows(pos)
    pos.fix_dice(1, 6)  # the ships roll in id order: ship-1 misses, ship-2 is hit
    pos.act("assyria", "target:ships:babylonia:sealand")
    assert lk.top(pos)["step"] == "assign_hits" and lk.top(pos)["owner"] == "babylonia"
    pos.act("babylonia", "hit:babylonia-ship-2")
    pos.assert_logged(rule="6.16.f", key="aw.cargo_hit", ship="babylonia-ship-2", n=1)
    assert pos.state["pieces"]["babylonia-ship-2"]["red"] and pos.state["pieces"]["babylonia-hi3-1"]["red"]
    assert GAME.invariants(pos.state) == []


def test_6_11_a_pirates_are_refused_without_ships_at_sea() -> None:
    pos = lk.start()
    for p in pos.state["pieces"].values():
        if p["kind"] == "ship":
            p["loc"] = "pool"
    lk.give_card(pos, "assyria", 54)
    assert "card:54:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:54:event", rule="6.11")


def test_6_11_a_6_14_famine_pillages_two_home_areas_of_one_country() -> None:
    pos = lk.start()
    pos.state["areas"]["babylon"]["pillage"] = 1
    pos.state["areas"]["kutha"]["pillage"] = 2
    lk.give_card(pos, "assyria", 55)
    pos.act("assyria", "card:55:event")
    pass_windows(pos)
    assert "country:babylonia" in pos.ids("assyria")
    pos.act("assyria", "country:babylonia")
    ids = pos.ids("assyria")
    assert "area:babylon" in ids and "area:kutha" not in ids, "never beyond pillage 2 (6.14)"
    pos.act("assyria", "area:babylon")
    assert "area:babylon" not in pos.ids("assyria"), "two different areas"
    pos.act("assyria", "area:sippar")
    assert pos.state["areas"]["babylon"]["pillage"] == 2 and pos.state["areas"]["sippar"]["pillage"] == 1
    pos.assert_logged(rule="6.14", key="aw.wars.pillage", card=55, area="sippar", level=1, card_rule="6.11.a")
    assert lk.top(pos)["step"] == "impulse"
    assert GAME.invariants(pos.state) == []
