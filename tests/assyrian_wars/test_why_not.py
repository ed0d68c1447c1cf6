""""Why not?" (issue 16 item 4): a click that is not legal now is refused with the rule that forbids it, and
the refusal tells nothing the role may not know (it reads the same on a scrambled state)."""

from __future__ import annotations

import pytest

from ashur.games.assyrian_wars.game import GAME
from ashur.games.assyrian_wars.whynot import click_id
from ashur.testing import Position
from tests.assyrian_wars.landkit import army, put, set_ap, start


def _why(pos: Position, role: str, action_id: str) -> dict[str, str] | None:
    return GAME.why_not(pos.state, role, action_id)


def _moving(ap: int = 5, **options: object) -> Position:
    pos = start(special_abilities=False, **options)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    set_ap(pos, ap)
    pos.act("assyria", "move:assyria-turtanu")
    return pos


def test_a_legal_action_has_no_refusal() -> None:
    pos = _moving()
    assert _why(pos, "assyria", "to:nineveh") is None


def test_6_6_an_area_not_adjacent_names_both_areas() -> None:
    pos = _moving()
    why = _why(pos, "assyria", "to:babylon")
    assert why is not None and why["rule"] == "6.6"
    assert "not adjacent" in why["error"] and "Babylon" in why["error"] and "Kalhu" in why["error"]


def test_6_6_the_area_the_force_stands_in() -> None:
    why = _why(_moving(), "assyria", "to:kalhu")
    assert why == {"error": "the force already stands in this area", "rule": "6.6"}


def test_6_16_c_land_units_do_not_enter_a_sea_zone() -> None:
    why = _why(_moving(), "assyria", "to:sz_syria")
    assert why is not None and why["rule"] == "6.16.c"


def test_6_6_1_not_enough_aps_gives_the_cost_and_what_is_left() -> None:
    pos = _moving(ap=1)
    pos.act("assyria", "to:nineveh")  # the last AP
    while pos.state["stack"][-1]["step"] != "move":
        role = GAME.active(pos.state)[0]
        pos.act(role, pos.ids(role)[0])
    why = _why(pos, "assyria", "to:dur_sharrukin")
    assert why is not None and why["rule"] == "6.6.1"
    assert "costs 1 AP" in why["error"] and "0 AP are left" in why["error"]


def test_6_6_4_a_force_that_is_not_yours() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    put(pos, "babylonia-li2-1", "babylon")
    set_ap(pos, 5)
    why = _why(pos, "assyria", "move:babylonia-li2-1")
    assert why == {"error": "a country moves only its own forces and the army groups it belongs to", "rule": "6.6.4"}
    # an id of no force at all reads the same: the refusal does not tell which ids exist
    assert _why(pos, "assyria", "move:babylonia-li2-9") == why


def test_6_6_a_force_that_stopped_where_it_started() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "drop:assyria-li3-1", "stop")
    why = _why(pos, "assyria", "move:assyria-turtanu")
    assert why is not None and why["rule"] == "6.6" and "finished moving" in why["error"]


def test_6_6_mercenaries_without_a_leader() -> None:
    pos = start()
    put(pos, "merc-li2-1", "kalhu", hired="assyria")
    set_ap(pos, 5)
    why = _why(pos, "assyria", "move:merc-li2-1")
    assert why is not None and why["rule"] == "6.6" and "mercenaries" in why["error"]


def test_2_3_a_card_not_in_hand() -> None:
    pos = start()
    hand = pos.state["countries"]["assyria"]["hand"]
    missing = next(n for n in range(1, 111) if n not in hand)
    why = _why(pos, "assyria", f"card:{missing}:ap")
    assert why == {"error": f"card {missing} is not in your hand", "rule": "2.3"}


def test_3_1_a_role_that_does_not_decide_now() -> None:
    pos = _moving()
    why = _why(pos, "babylonia", "to:nineveh")
    assert why is not None and why["rule"] and "does not decide" in why["error"]


def test_6_11_a_card_clicked_in_a_move() -> None:
    pos = _moving()
    card = pos.state["countries"]["assyria"]["hand"][0]
    why = _why(pos, "assyria", f"card:{card}:ap")
    assert why is not None and why["rule"] == "6.11"


def test_6_6_10_and_6_7_8_evasion_and_retreat_go_to_an_adjacent_area() -> None:
    from ashur.games.assyrian_wars.whynot import adjacent_refusal
    from tests.assyrian_wars.landkit import ctx

    c = ctx(start())
    why = adjacent_refusal(c, "kalhu", "babylon", "a retreat", "6.7.8")
    assert why is not None and why[1] == "6.7.8" and "Babylon is not adjacent to Kalhu" in why[0]
    assert adjacent_refusal(c, "kalhu", "sz_syria", "an evasion", "6.6.10") is not None
    assert adjacent_refusal(c, "kalhu", "kalhu", "a retreat", "6.7.8") is not None
    assert adjacent_refusal(c, "kalhu", "nineveh", "a retreat", "6.7.8") is None
    assert adjacent_refusal(c, "kalhu", "city", "an evasion", "6.6.10") is None


def test_click_grammar() -> None:
    pos = _moving()
    assert click_id(pos.state, "area", "nineveh") == "to:nineveh"
    assert click_id(pos.state, "area", "nineveh") in pos.ids("assyria")
    impulse = start()
    assert click_id(impulse.state, "force", "assyria-turtanu") == "move:assyria-turtanu"


def test_why_not_never_changes_the_state() -> None:
    pos = _moving()
    before = pos.state.copy()
    _why(pos, "assyria", "to:babylon")
    assert pos.state == before


@pytest.mark.parametrize("action_id", ["move:babylonia-li2-1", "move:babylonia-li2-9", "to:babylon",
                                       "card:1:ap", "card:60:event", "to:kalhu"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_9_5_a_refusal_reads_the_same_on_a_scrambled_state(action_id: str, seed: int) -> None:
    pos = start(special_abilities=False, fog_of_war=True)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    put(pos, "babylonia-li2-1", "babylon")
    set_ap(pos, 5)
    if action_id.startswith("to:"):
        pos.act("assyria", "move:assyria-turtanu")
    scrambled = GAME.scramble(pos.state, "assyria", seed)
    assert GAME.why_not(scrambled, "assyria", action_id) == GAME.why_not(pos.state, "assyria", action_id)


@pytest.mark.parametrize(("scenario", "seed"), [("two_rivers", 5), ("campaign", 6)])
def test_every_refused_click_in_played_games_names_a_rule_and_hides_nothing(scenario: str, seed: int) -> None:
    """Random play; at each area or force prompt, a few clicks that are not legal are refused with a rule,
    alike on a state scrambled for the deciding role (9.5, hidden hands)."""
    from ashur.bots import make
    from ashur.core.contract import resolve_options
    from ashur.games.assyrian_wars.whynot import click_id

    state = GAME.setup(scenario, seed, resolve_options(GAME, {"fog_of_war": True}), {})
    bot = make("random", seed)
    checked = 0
    for step in range(700):
        active = GAME.active(state)
        if not active:
            break
        role = active[0]
        legal = GAME.legal_actions(state, role)
        ids = {a["id"] for a in legal}
        clicks = [click_id(state, "area", a) for a in ("nineveh", "babylon", "susa", "sz_syria", "memphis")]
        clicks += [click_id(state, "force", f) for f in ("babylonia-king-2", "assyria-turtanu")]
        refused = [c for c in clicks if c is not None and c not in ids]
        if refused and step % 3 == 0:
            scrambled = GAME.scramble(state, role, step)
            for c in refused:
                why = GAME.why_not(state, role, c)
                assert why is not None and why["rule"], (c, why)
                assert GAME.why_not(scrambled, role, c) == why, c
                checked += 1
        GAME.apply(state, role, bot.choose(GAME, state, role, legal))
    assert checked > 10
