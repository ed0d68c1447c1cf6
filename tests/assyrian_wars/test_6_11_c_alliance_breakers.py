"""6.11.c alliance breakers (track mechanics) and 6.11.c2 minor city pacts."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import breakers
from ashur.games.assyrian_wars.rules.politics.markers import minor_city_pact, pact_refusal
from tests.assyrian_wars.politicskit import ctx_of, impulse, marker, run, setup, top, war


def test_6_11_c_example_1_phoenician_alliance_as_a_response() -> None:
    """Phoenicia at 9 on Assyria; Assyria lost a VP battle; Urartu (allied with Elam) answers with the
    Phoenician Alliance for 2 AP instead of 4, rolls 3 + 4 = 7, doubled to 14: 9 down the Assyrian row,
    5 up the Elamite one."""
    pos = setup()
    marker(pos, "phoenicia", "assyria", 9)
    marker(pos, "urartu", "elam", 13)
    record = {"winners": ["babylonia"], "losers": ["assyria"], "vp": 1}
    ctx = ctx_of(pos)
    assert breakers.response_allowed(ctx, "urartu", "phoenicia", record)
    assert breakers.cost2(4, as_response=True) == 4  # half points: 2 AP instead of 4
    assert breakers.effect(3 + 4, as_response=True) == 14
    moved = run(pos, lambda c: breakers.alliance_breaker(c, "urartu", "phoenicia", 7, True, spaces=14))
    assert moved == 14
    d = pos.state["diplo"]["phoenicia"]
    assert (d["power"], d["value"]) == ("elam", 5)


def test_6_11_c_example_1_who_may_respond() -> None:
    """The card could also answer Phoenicia losing a battle, or Urartu winning one — not Elam winning."""
    pos = setup()
    marker(pos, "phoenicia", "assyria", 9)
    marker(pos, "urartu", "elam", 13)
    ctx = ctx_of(pos)
    assert breakers.response_allowed(ctx, "urartu", "phoenicia", {"winner": "assyria", "loser": "phoenicia", "vp": 1})
    assert breakers.response_allowed(ctx, "urartu", "phoenicia", {"winner": "urartu", "loser": "syria", "vp": 1})
    assert not breakers.response_allowed(ctx, "urartu", "phoenicia", {"winner": "elam", "loser": "mede", "vp": 2})
    # multinational sides: every participant counts
    assert breakers.response_allowed(ctx, "urartu", "phoenicia", {"winners": ["elam", "urartu"], "losers": ["mede"]})


def test_6_11_c_without_a_response_normal_cost_and_effect() -> None:
    assert breakers.cost2(4, as_response=False) == 8
    assert breakers.effect(7, as_response=False) == 7


def test_6_11_c_example_2_no_breaker_against_a_minor_at_war_for_another_reason() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    found = breakers.refusal(ctx, "mede", "persia")
    assert found is not None and found[1] == "6.11.c"


def test_6_11_c_example_3_assyria_cannot_play_it_on_a_refuser_it_punishes() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    assert pos.state["refused"]["israel"] == "black"
    assert breakers.refusal(ctx, "assyria", "israel") is not None


def test_6_11_c_allowed_on_a_minor_at_war_only_through_its_ally() -> None:
    pos = setup()
    marker(pos, "syria", "babylonia", 14)
    ctx = ctx_of(pos)
    assert ctx.at_war("assyria", "syria")  # Babylonia is a rebel
    assert breakers.refusal(ctx, "assyria", "syria") is None


def test_6_11_c_breaks_an_alliance_and_makes_one() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 14)
    run(pos, lambda c: breakers.alliance_breaker(c, "assyria", "syria", 5, False, spaces=5))
    assert pos.state["diplo"]["syria"]["value"] == 9
    pos.assert_logged(rule="6.11.c", key="aw.alliance_ended", subject="syria", power="egypt")
    marker(pos, "phrygia", "assyria", 10)
    run(pos, lambda c: breakers.alliance_breaker(c, "assyria", "phrygia", 3, False, spaces=3))
    assert pos.state["diplo"]["phrygia"]["value"] == 13 and pos.state["countries"]["phrygia"]["active"]


def test_6_11_c_the_player_chooses_how_many_spaces() -> None:
    pos = setup()
    marker(pos, "phoenicia", "egypt", 5)
    run(pos, lambda c: breakers.alliance_breaker(c, "assyria", "phoenicia", 8, False))
    assert top(pos)["step"] == "breaker_spaces"
    assert pos.ids("assyria") == [f"move:{n}" for n in range(8, -1, -1)]
    pos.act("assyria", "move:3")
    assert pos.state["diplo"]["phoenicia"]["power"] == "egypt" and pos.state["diplo"]["phoenicia"]["value"] == 2


def test_6_11_c_6_9_more_than_6_spaces_ends_diplomacy_with_aps_for_the_impulse() -> None:
    pos = setup()
    impulse(pos, "assyria")
    run(pos, lambda c: breakers.alliance_breaker(c, "assyria", "urartu", 7, False, spaces=7))
    assert top(pos)["flags"]["diplo_closed"]
    pos.assert_illegal("assyria", "diplo:phrygia", rule="6.9")


def test_6_11_c_grace_period_protects_a_conquered_minor() -> None:
    pos = setup()
    pos.state["conquered"]["syria"] = [{"by": "assyria", "turn": 1, "grace_until": 2}]
    ctx = ctx_of(pos)
    assert breakers.refusal(ctx, "egypt", "syria") == (
        "during the grace period only the conqueror of syria influences it", "7.1")
    assert breakers.refusal(ctx, "assyria", "syria") is None


def test_6_11_c_a_minor_plays_it_for_its_power_an_unallied_one_cannot() -> None:
    pos = setup()
    marker(pos, "urartu", "elam", 13)
    ctx = ctx_of(pos)
    assert breakers.breaker_power(ctx, "urartu") == "elam"
    assert breakers.refusal(ctx, "phrygia", "judah") is not None


def test_6_11_c2_minor_cities_only_by_pacts() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    assert breakers.refusal(ctx, "egypt", "malatia") == ("minor cities are not subject to alliance breakers",
                                                        "6.11.c2")
    assert pact_refusal(ctx, "egypt", "adana") is not None  # already in an Assyrian pact
    assert run(pos, lambda c: minor_city_pact(c, "egypt", "malatia"))
    d = pos.state["diplo"]["malatia"]
    assert d["pact"] and d["power"] == "egypt" and d["value"] == 0
    assert {"payer": "malatia", "to": "egypt", "amount": 1, "why": "pact"} in pos.state["tribute"]
    assert ctx_of(pos).ally_power("malatia") == "egypt"


def test_6_11_c2_7_4_2_war_on_a_pact_city_is_war_on_its_power() -> None:
    pos = setup()
    impulse(pos, "egypt")
    exc = pos.assert_illegal("egypt", "dow:adana", rule="7.4.2")
    assert "assyria" in str(exc)
    war(pos, "egypt", "assyria")
    assert ctx_of(pos).at_war("egypt", "assyria")
