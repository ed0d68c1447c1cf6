"""7.1 grace period: friendly one way, only the conqueror influences, no attacks either way, its end."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base import territory
from ashur.games.assyrian_wars.rules.politics import grace
from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer
from ashur.games.assyrian_wars.rules.politics.war import can_declare
from tests.assyrian_wars.politicskit import ctx_of, impulse, marker, run, setup


def conquered_syria():  # type: ignore[no-untyped-def]
    pos = setup()
    pos.state["refused"].pop("syria")
    run(pos, lambda ctx: conquer(ctx, "syria", ["assyria"], "7.1"))
    return pos


def test_7_1_grace_friendly_to_the_conqueror_not_vice_versa() -> None:
    pos = conquered_syria()
    ctx = ctx_of(pos)
    assert territory.friendly_country(ctx, "syria", "assyria")
    assert not territory.friendly_country(ctx, "assyria", "syria")


def test_7_1_grace_no_attack_either_way_allies_included() -> None:
    pos = conquered_syria()
    impulse(pos, "assyria")
    exc = pos.assert_illegal("assyria", "dow:syria", rule="7.1")
    assert "grace period" in str(exc)
    marker(pos, "judah", "assyria", 14)
    ctx = ctx_of(pos)
    assert can_declare(ctx, "judah", "syria")[2] == "7.1"
    assert grace.grace_blocks(ctx, "syria", "judah")
    assert not grace.grace_blocks(ctx, "syria", "egypt")


def test_7_1_grace_only_the_conqueror_influences() -> None:
    pos = conquered_syria()
    impulse(pos, "egypt")
    exc = pos.assert_illegal("egypt", "diplo:syria", rule="7.1")
    assert "only the conqueror" in str(exc)
    impulse(pos, "assyria")
    pos.act("assyria", "diplo:syria", "spaces:2")
    assert pos.state["diplo"]["syria"]["power"] == "assyria"
    assert pos.state["conquered"]["syria"]  # still conquered


def test_7_1_grace_lasts_the_rest_of_the_turn_and_one_more() -> None:
    pos = conquered_syria()
    assert pos.state["conquered"]["syria"][0]["grace_until"] == 2
    run(pos, grace.end_expired)  # the Interphase after turn 1
    assert pos.state["conquered"]["syria"]
    pos.state["turn"] = 2
    run(pos, grace.end_expired)  # the Interphase after turn 2
    assert "syria" not in pos.state["conquered"]
    d = pos.state["diplo"]["syria"]
    assert (d["power"], d["value"], d["conquest"]) == (None, 0, [])
    pos.assert_logged(rule="7.1", key="aw.grace_ended", country="syria", conqueror="assyria")


def test_7_1_grace_influenced_status_is_kept_at_its_end() -> None:
    pos = conquered_syria()
    impulse(pos, "assyria")
    pos.act("assyria", "diplo:syria", "spaces:5")
    pos.state["turn"] = 2
    run(pos, grace.end_expired)
    assert pos.state["diplo"]["syria"]["power"] == "assyria" and pos.state["diplo"]["syria"]["value"] == 5


def test_7_1_influenced_to_alliance_the_conquest_ends() -> None:
    pos = conquered_syria()
    marker(pos, "syria", "assyria", 12)
    impulse(pos, "assyria")
    pos.act("assyria", "diplo:syria", "spaces:1")
    assert "syria" not in pos.state["conquered"]
    assert ctx_of(pos).ally_power("syria") == "assyria"
    assert [t["why"] for t in pos.state["tribute"] if t["payer"] == "syria"] == ["pro"]


def test_7_1_grace_cancelled_by_cards() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "babylonia", ["assyria"], "7.1"))
    run(pos, lambda ctx: conquer(ctx, "persia", ["elam"], "7.1"))
    assert run(pos, lambda ctx: grace.cancel_grace(ctx, "elam", "persia")) == 1  # Incite Hostilities
    assert "persia" not in pos.state["conquered"]
    assert run(pos, lambda ctx: grace.cancel_grace(ctx, "babylonia")) == 1  # Priests of Marduk
    assert "babylonia" not in pos.state["conquered"]


def test_7_1_7_4_1_a_conquered_power_joins_its_conquerors_camp_only_with_consent() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "babylonia", ["assyria"], "7.1"))
    assert pos.state["countries"]["babylonia"]["camp"] is None
    from ashur.games.assyrian_wars.rules.politics.camps import attempt_join

    run(pos, lambda ctx: attempt_join(ctx, "babylonia", "assyrian"))
    assert pos.state["stack"][-1]["kind"] == "camp_conqueror"
    pos.act("assyria", "camp_conqueror:accept")
    assert pos.state["countries"]["babylonia"]["camp"] == "assyrian"


def test_7_1_8_3_the_last_turn_of_a_grace_period_counts_as_conquered() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "babylonia", ["assyria"], "7.1"))
    pos.state["turn"] = 2
    run(pos, grace.end_expired)
    assert pos.state["countries"]["babylonia"]["conquered_turns"] == [2]
    assert pos.state["countries"]["babylonia"]["ever_conquered"]
