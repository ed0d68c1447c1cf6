"""8.4 campaign games for two players: Assyria allied with a power it has conquered."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import grace, two_player
from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer
from tests.assyrian_wars.politicskit import ctx_of, role, run, setup


def test_8_4_assyria_controls_a_conquered_power_until_the_grace_period_ends() -> None:
    pos = setup(players=2)
    run(pos, lambda ctx: conquer(ctx, "elam", ["assyria"], "7.1"))
    assert role(pos, "elam") == "mede+egypt+babylonia+elam"
    assert run(pos, lambda ctx: two_player.ally_conquered_power(ctx, "elam"))
    assert role(pos, "elam") == "assyria"
    assert pos.state["countries"]["elam"]["camp"] == "assyrian"
    assert ctx_of(pos).at_war("elam", "babylonia")
    pos.state["turn"] = 2
    run(pos, grace.end_expired)
    assert role(pos, "elam") == "mede+egypt+babylonia+elam"
    assert pos.state["countries"]["elam"]["camp"] is None


def test_8_4_only_in_the_two_player_campaign_never_the_mede() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "elam", ["assyria"], "7.1"))
    assert two_player.refusal(ctx_of(pos), "elam") == ("only in the two-player Campaign", "8.4")
    pos2 = setup(players=2)
    run(pos2, lambda ctx: conquer(ctx, "mede", ["assyria"], "7.1"))
    assert two_player.refusal(ctx_of(pos2), "mede")[1] == "8.4"
    assert two_player.refusal(ctx_of(pos2), "babylonia") == ("babylonia is not conquered by Assyria", "8.4")
