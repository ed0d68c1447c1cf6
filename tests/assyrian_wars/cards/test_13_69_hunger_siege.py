"""Cards on the hunger siege number (6.8.1): 69 Hunger in the City (sabotage, 6.11.k) raises it by 2 in the
besieger's impulse; 13 Hezekiah's Tunnel (Judah's response, 6.11.e) cancels an increase of its city's
number before the city can surrender."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from tests.assyrian_wars.landkit import army, give_card, loc, put, set_ap, start, top, war


def _pass(pos: Position) -> None:
    """Every window on top is passed by the role deciding for the country asked."""
    while pos.state["stack"] and top(pos)["step"] == "window":
        pos.act(GAME.active(pos.state)[0], "pass")


def _samaria(pos: Position, level: int, leader: str = "assyria-turtanu",
             units: tuple[str, ...] = ("assyria-hi4-1", "assyria-li3-1")) -> None:
    """Assyria hunger-sieges Samaria (Israel's capital, defence 3: it surrenders at 6), as in the campaign."""
    army(pos, leader, "samaria", list(units))
    put(pos, "israel-li2-1", "samaria", city=True)
    pos.state["sieges"]["samaria"] = {"besieger": "assyria", "kind": "hunger", "level": level, "start_defence": 3,
                                      "impulses": 0}
    set_ap(pos, 5)


def _jerusalem(pos: Position, level: int) -> None:
    """Judah at war with Assyria (played by Egypt's player), Jerusalem (capital, defence 3: it surrenders at
    6) hunger-sieged by Assyria; Judah holds Hezekiah's Tunnel."""
    s = pos.state
    s["countries"]["judah"]["active"] = True
    s["diplo"]["judah"].update(power=None, value=0, war=["assyria"])
    s["control"]["judah"] = "egypt"
    war(pos, "assyria", "judah")
    army(pos, "assyria-turtanu", "jerusalem", ["assyria-hi4-1", "assyria-li3-1"])
    put(pos, "judah-li2-1", "jerusalem", city=True)
    s["sieges"]["jerusalem"] = {"besieger": "assyria", "kind": "hunger", "level": level, "start_defence": 3,
                                "impulses": 0}
    give_card(pos, "judah", 13)
    set_ap(pos, 5)


def _no_sortie(pos: Position) -> None:
    role = GAME.active(pos.state)[0]
    assert "no_sortie" in pos.ids(role)
    pos.act(role, "no_sortie")


def _window_of(pos: Position, country: str) -> None:
    """Pass the hunger_siege_advanced window until `country` is asked."""
    frame = top(pos)
    assert frame["step"] == "window" and frame["trigger"] == "hunger_siege_advanced"
    assert frame["context"]["area"] in ("samaria", "jerusalem")
    while (frame := top(pos))["order"][frame["i"]] != country:
        pos.act(GAME.active(pos.state)[0], "pass")


# --- 69 Hunger in the City ------------------------------------------------------------------------------
def test_69_hunger_in_the_city_raises_the_number_by_two_and_the_city_surrenders_6_8_1() -> None:
    pos = start("campaign", special_abilities=False)
    _samaria(pos, 4)
    give_card(pos, "assyria", 69)
    assert "card:69:event" in pos.ids("assyria")
    pos.act("assyria", "card:69:event")
    _pass(pos)  # Counter Measures
    _no_sortie(pos)  # the garrison may sortie in response (6.8)
    _pass(pos)
    pos.assert_logged(rule="6.11.k", key="aw.resp.hunger_raised", country="assyria", area="samaria", amount=2,
                      applies="6.8.1")
    pos.assert_logged(rule="6.8.1", key="aw.hunger_advanced", area="samaria", level=6, surrender_at=6)
    pos.assert_logged(rule="6.8.1", key="aw.city_surrenders", area="samaria", country="assyria")
    assert loc(pos, "israel-li2-1") == "pool"
    assert pos.state["areas"]["samaria"]["ctrl"] == "assyria"
    assert pos.state["countries"]["assyria"]["saved"] >= 0
    assert top(pos)["step"] == "impulse"


def test_69_hunger_in_the_city_does_not_count_as_the_impulse_s_own_advance() -> None:
    pos = start("campaign", special_abilities=False)
    _samaria(pos, 1)
    give_card(pos, "assyria", 69)
    pos.act("assyria", "card:69:event")
    _pass(pos)
    _no_sortie(pos)
    _pass(pos)
    assert pos.state["sieges"]["samaria"]["level"] == 3
    assert pos.state["sieges"]["samaria"]["impulses"] == 0
    assert "siege:assyria-turtanu:hunger" in pos.ids("assyria")  # the 1 AP advance of 6.8 is still open


def test_69_hunger_in_the_city_is_refused_without_a_hunger_siege_6_11() -> None:
    pos = start("campaign", special_abilities=False)
    give_card(pos, "assyria", 69)
    army(pos, "assyria-turtanu", "samaria", ["assyria-hi4-1"])
    assert "card:69:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:69:event", rule="6.11")


def test_69_hunger_in_the_city_needs_a_blockade_of_a_port_6_8_1() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "ur", ["assyria-hi4-1"])
    pos.state["sieges"]["ur"] = {"besieger": "assyria", "kind": "hunger", "level": 1, "start_defence": 2,
                                 "impulses": 0}
    give_card(pos, "assyria", 69)
    assert "card:69:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:69:event", rule="6.11")


def test_69_hunger_in_the_city_cancelled_by_counter_measures_costs_nothing() -> None:
    pos = start("campaign", special_abilities=False)
    _samaria(pos, 4)
    give_card(pos, "assyria", 69)
    give_card(pos, "israel", 58)
    pos.act("assyria", "card:69:event")
    while (frame := top(pos))["order"][frame["i"]] != "israel":
        pos.act(GAME.active(pos.state)[0], "pass")
    pos.act(GAME.active(pos.state)[0], "choose:58")
    _pass(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="israel", cancelled=69)
    assert pos.state["sieges"]["samaria"]["level"] == 4
    assert top(pos)["step"] == "impulse" and top(pos)["spent2"] == 0


# --- 13 Hezekiah's Tunnel -------------------------------------------------------------------------------
def test_13_hezekiah_s_tunnel_cancels_the_increase_before_the_city_surrenders_6_8_1() -> None:
    pos = start("campaign", special_abilities=False)
    _jerusalem(pos, 5)
    pos.act("assyria", "siege:assyria-turtanu:hunger")
    _no_sortie(pos)
    pos.assert_logged(rule="6.8.1", key="aw.hunger_advanced", area="jerusalem", level=6, surrender_at=6)
    _window_of(pos, "judah")
    pos.act("egypt", "choose:13", "pass")
    _pass(pos)
    pos.assert_logged(rule="6.11.e", key="aw.resp.hunger_cancelled", country="judah", area="jerusalem", level=5,
                      applies="6.8.1")
    assert not pos.logged(key="aw.city_surrenders")
    assert pos.state["sieges"]["jerusalem"]["level"] == 5
    assert pos.state["areas"]["jerusalem"]["ctrl"] == "judah"
    assert 13 in pos.state["countries"]["judah"]["home_discard"]


def test_13_hezekiah_s_tunnel_cancels_both_steps_of_hunger_in_the_city() -> None:
    pos = start("campaign", special_abilities=False)
    _jerusalem(pos, 2)
    give_card(pos, "assyria", 69)
    pos.act("assyria", "card:69:event")
    _pass(pos)
    _no_sortie(pos)
    assert pos.state["sieges"]["jerusalem"]["level"] == 4
    _window_of(pos, "judah")
    pos.act("egypt", "choose:13", "pass")
    _pass(pos)
    assert pos.state["sieges"]["jerusalem"]["level"] == 2


def test_13_hezekiah_s_tunnel_is_refused_for_another_country_s_city_6_8_1() -> None:
    pos = start("campaign", special_abilities=False)
    _jerusalem(pos, 1)
    _samaria(pos, 1, "assyria-rab_shaqe", ("assyria-hi4-2", "assyria-li3-2"))
    pos.act("assyria", "siege:assyria-rab_shaqe:hunger")
    _no_sortie(pos)
    _window_of(pos, "judah")
    assert top(pos)["context"]["area"] == "samaria"
    assert pos.ids("egypt") == ["pass"]
    pos.assert_illegal("egypt", "choose:13", rule="6.8.1")  # the window's rule


def test_13_hezekiah_s_tunnel_cancelled_by_counter_measures_the_city_surrenders() -> None:
    pos = start("campaign", special_abilities=False)
    _jerusalem(pos, 5)
    give_card(pos, "assyria", 58)
    pos.act("assyria", "siege:assyria-turtanu:hunger")
    _no_sortie(pos)
    _window_of(pos, "judah")
    pos.act("egypt", "choose:13", "pass")
    while top(pos)["kind"] != "counter_measures":
        pos.act(GAME.active(pos.state)[0], "pass")
    while (frame := top(pos))["order"][frame["i"]] != "assyria":
        pos.act(GAME.active(pos.state)[0], "pass")
    pos.act("assyria", "choose:58")
    _pass(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", country="assyria", cancelled=13)
    pos.assert_logged(rule="6.8.1", key="aw.city_surrenders", area="jerusalem")
    assert pos.state["areas"]["jerusalem"]["ctrl"] == "assyria"
