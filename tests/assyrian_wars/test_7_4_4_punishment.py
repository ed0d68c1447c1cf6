"""7.4.4 tribute refuser punishment (and 5.2.3, 8.3.1)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.course.victory import penalties
from ashur.games.assyrian_wars.rules.registry import HOOKS
from tests.assyrian_wars.politicskit import ctx_of, hold, impulse, marker, run, setup, top, war


def take_city(pos, area: str, country: str) -> None:  # type: ignore[no-untyped-def]
    old = pos.state["areas"][area]["ctrl"]
    hold(pos, area, country)
    run(pos, lambda ctx: HOOKS.notify_control_changed(ctx, area, old, country))


def test_7_4_4_taking_a_city_causes_an_immediate_tribute_check_paid() -> None:
    pos = setup()
    war(pos, "assyria", "syria")
    impulse(pos, "assyria")
    pos.fix_dice(1, 2, 3)  # Damascus has a defence of 3: three dice, no 6
    take_city(pos, "hamath", "assyria")
    pos.assert_logged(rule="7.4.4", key="aw.punishment_due", minor="syria", how="city")
    # "immediate": rolled as soon as the action is over, before the impulse goes on (issue 14)
    assert top(pos)["step"] == "impulse" and "end" in pos.ids("assyria")
    pos.assert_logged(rule="7.4.4", key="aw.punished", minor="syria")
    assert "syria" not in pos.state["refused"]
    assert not ctx_of(pos).at_war("assyria", "syria")
    assert {"payer": "syria", "to": "assyria", "amount": 1, "why": "punished"} in pos.state["tribute"]


def test_7_4_4_defeat_in_battle_check_refused_again() -> None:
    pos = setup()
    war(pos, "assyria", "urartu")
    impulse(pos, "assyria")
    pos.state["battles"] = [{"winners": ["assyria"], "losers": ["urartu"], "vp": 0, "turn": 1}]
    pos.fix_dice(1, 2, 6, 3)  # Tushpa: four dice, a 6
    pos.act("assyria", "end")
    pos.assert_logged(rule="7.4.4", key="aw.punishment_failed", minor="urartu")
    assert pos.state["refused"]["urartu"] == "black"


def test_7_4_4_allied_forces_punish_too() -> None:
    pos = setup()
    pos.state["countries"]["egypt"]["camp"] = "assyrian"
    war(pos, "egypt", "syria")
    impulse(pos, "egypt")
    pos.state["vp_battles"] = [{"winner": "egypt", "loser": "syria", "vp": 1, "turn": 1}]
    pos.fix_dice(2, 2, 2)
    pos.act("egypt", "end")
    pos.assert_logged(rule="7.4.4", key="aw.punished", minor="syria")


def test_7_4_4_a_refuser_allied_to_a_power_its_power_decides_on_tribute() -> None:
    pos2 = setup()
    marker(pos2, "syria", "mede", 14)
    war(pos2, "assyria", "syria")
    impulse(pos2, "assyria")
    pos2.fix_dice(1, 1, 1)
    take_city(pos2, "arpad", "assyria")
    assert top(pos2)["kind"] == "punished_tribute"
    pos2.act("mede", "punished_tribute:pay")
    assert "syria" not in pos2.state["refused"]
    assert any(t["payer"] == "syria" and t["to"] == "assyria" for t in pos2.state["tribute"])


def test_7_4_4_a_refuser_allied_to_a_power_at_war_with_assyria_is_punished_without_tribute() -> None:
    pos = setup()
    marker(pos, "syria", "babylonia", 14)
    impulse(pos, "assyria")
    pos.fix_dice(1, 1, 1)
    take_city(pos, "arpad", "assyria")
    assert "syria" not in pos.state["refused"]
    assert ctx_of(pos).at_war("assyria", "syria")
    assert not any(t["payer"] == "syria" and t["to"] == "assyria" for t in pos.state["tribute"])


def test_7_4_4_turning_punishment_into_a_campaign_of_conquest() -> None:
    pos = setup()
    war(pos, "assyria", "syria")
    impulse(pos, "assyria")
    assert "campaign:syria" in pos.ids("assyria") and "campaign:israel" in pos.ids("assyria")
    pos.act("assyria", "campaign:syria")
    take_city(pos, "hamath", "assyria")
    pos.act("assyria", "end")
    assert not pos.logged(key="aw.punishment_due")
    assert pos.state["refused"]["syria"] == "black"


def test_7_4_4_conquest_punishes() -> None:
    pos = setup()
    from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer

    run(pos, lambda ctx: conquer(ctx, "israel", ["assyria"], "7.1"))
    assert "israel" not in pos.state["refused"]
    pos.assert_logged(rule="7.4.4", key="aw.punished_by_conquest", minor="israel")


def test_8_3_1_unpunished_refusers_cost_assyria_2_vp() -> None:
    pos = setup()
    vp = pos.state["countries"]["assyria"]["vp"]
    run(pos, penalties)
    black = 4  # Israel, Phoenicia, Syria, Urartu refused in the Campaign
    assert pos.state["countries"]["assyria"]["vp"] == vp - 2 * black
    assert pos.state["refused"]["syria"] == "white"
