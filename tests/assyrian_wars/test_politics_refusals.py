"""Illegal political moves are refused naming their rule (6.9, 7.1, 7.4.1)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer
from tests.assyrian_wars.politicskit import impulse, role, run, setup


def test_6_9_influencing_a_country_at_war_with_you() -> None:
    pos = setup()
    impulse(pos, "mede")
    pos.assert_illegal("mede", "diplo:persia", rule="6.9")


def test_6_9_a_seventh_ap_of_diplomacy_in_an_impulse() -> None:
    pos = setup()
    impulse(pos, "egypt", ap=20)
    pos.act("egypt", "diplo:phrygia", "spaces:6")
    pos.assert_illegal("egypt", "diplo:urartu", rule="6.9")


def test_7_1_attacking_during_a_grace_period() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "persia", ["mede"], "7.1"))
    impulse(pos, "mede")
    pos.assert_illegal("mede", "dow:persia", rule="7.1")


def test_7_4_1_joining_the_assyrian_camp_without_assyrias_consent() -> None:
    pos = setup()
    impulse(pos, "egypt")
    pos.act("egypt", "camp:assyrian")
    pos.assert_illegal("egypt", "camp_assyria:accept", rule="7.4.1")
    assert pos.state["countries"]["egypt"]["camp"] is None


def test_7_4_1_a_power_changing_camp_during_a_game_turn() -> None:
    pos = setup()
    impulse(pos, "elam")
    pos.assert_illegal(role(pos, "elam"), "camp:assyrian", rule="7.4.1")
    pos.assert_illegal(role(pos, "elam"), "dow:babylonia", rule="7.4.1")
