"""6.10 supply in enemy territory, 6.14 pillage, 6.6.1 attrition at the start in a desert."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import HOOKS
from tests.assyrian_wars.landkit import advance, ap_left, army, impulse, put, set_ap, start, top


def _run_start_hooks(pos) -> None:
    """Run the impulse-start plug-ins again as at the beginning of an impulse."""
    imp = impulse(pos)
    imp["phase"] = "hooks"
    imp["hook"] = 0
    advance(pos)


def test_6_10_a_force_in_enemy_territory_pays_pillages_or_starves() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1", "assyria-li3-1"])
    set_ap(pos, 3)
    _run_start_hooks(pos)
    assert top(pos)["step"] == "maintenance"
    assert pos.ids("assyria") == ["supply:assyria-turtanu", "forage:assyria-turtanu", "starve:assyria-turtanu"]
    pos.act("assyria", "supply:assyria-turtanu")
    assert ap_left(pos) == 2
    pos.assert_logged(rule="6.10", key="aw.spend", what="maintenance")


def test_6_10_pillage_feeds_the_force() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 0)
    _run_start_hooks(pos)
    assert pos.ids("assyria") == ["forage:assyria-turtanu", "starve:assyria-turtanu"]
    pos.act("assyria", "forage:assyria-turtanu")
    assert pos.state["areas"]["der"]["pillage"] == 1
    pos.assert_logged(rule="6.14", key="aw.pillaged", area="der", level=1)


def test_6_10_without_ap_or_pillage_every_unit_checks_attrition() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1", "assyria-li3-1"])
    pos.state["areas"]["der"]["pillage"] = 2
    set_ap(pos, 0)
    pos.fix_dice(6, 1)
    _run_start_hooks(pos)
    pos.assert_logged(rule="6.10", key="aw.unsupplied", area="der", n=2)
    roll = pos.assert_logged(rule="6.10", key="dice")
    assert roll["params"]["pieces"] == ["assyria-hi4-1", "assyria-li3-1"]


def test_6_10_no_maintenance_at_home_or_in_no_mans_land() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "lahiru", ["assyria-li3-1"])
    set_ap(pos, 3)
    _run_start_hooks(pos)
    assert top(pos)["step"] == "impulse"


def test_6_6_1_attrition_when_starting_an_impulse_in_a_desert_area() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "tadmor")
    put(pos, "assyria-lc3-1", "tadmor")
    pos.fix_dice(1)
    _run_start_hooks(pos)
    roll = pos.assert_logged(rule="6.6.1", key="dice", why="aw.why.desert_start")
    assert roll["params"]["pieces"] == ["assyria-hi4-1"]  # light cavalry exempt with 9.7


def test_6_14_pillage_once_per_area_and_impulse_never_beyond_two() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "der")
    set_ap(pos, 3)
    pos.act("assyria", "pillage:der")
    assert "pillage:der" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "pillage:der", rule="6.14")
    pos.state["land"]["pillaged"] = []
    pos.act("assyria", "pillage:der")
    assert pos.state["areas"]["der"]["pillage"] == 2
    pos.state["land"]["pillaged"] = []
    pos.assert_illegal("assyria", "pillage:der", rule="6.14")


def test_6_14_pillaging_a_country_at_peace_declares_war() -> None:
    pos = start("campaign")
    put(pos, "assyria-hi4-1", "musasir")
    set_ap(pos, 12)
    acts = {a["id"]: a for a in pos.actions("assyria") if a["id"].startswith("pillage:")}
    assert acts["pillage:musasir"]["params"]["war"] == "urartu"
    pos.act("assyria", "pillage:musasir")
    pos.assert_logged(rule="6.14", key="aw.war_declared", target="urartu")


def test_6_14_own_areas_are_not_pillaged() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "kalhu")
    set_ap(pos, 3)
    assert "pillage:kalhu" not in pos.ids("assyria")


def test_6_10_hooks_are_registered_in_order() -> None:
    names = [name for _o, name, _f in HOOKS.impulse_start]
    assert names.index("land record") < names.index("6.10 maintenance")
