"""5.2.3: a power that pays Assyria may refuse in a later impulse round; Rise and Fall starts after 5.2 with
the Mede paying 2 ECO (its player's decision, 5.2), so the Mede may stop paying (docs/rules-decisions.md,
"Tribute refusers")."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.course.tribute import tribute_balance
from ashur.games.assyrian_wars.rules.course.victory import eco_total
from ashur.games.assyrian_wars.rules.politics.punishment import stoppable
from ashur.games.assyrian_wars.rules.politics.war import dow_cost
from tests.assyrian_wars.politicskit import ctx_of, impulse, setup


def test_5_2_3_the_medes_scenario_tribute_is_stopped_in_an_impulse() -> None:
    pos = setup("rise_and_fall")
    assert {"payer": "mede", "to": "assyria", "amount": 2, "why": "scenario"} in pos.state["tribute"]
    eco = {c: eco_total(ctx_of(pos), c) for c in ("mede", "assyria")}
    assert tribute_balance(ctx_of(pos), "mede") == -2
    assert dow_cost(ctx_of(pos), "assyria", "mede") == 15  # 5.2.3: a tribute payer costs 15 AP
    impulse(pos, "mede")
    assert "stop_tribute:mede" in pos.ids("mede")
    pos.act("mede", "stop_tribute:mede")
    assert not any(t["payer"] == "mede" for t in pos.state["tribute"])
    # 5.2.2: the tribute markers move at once: the Mede's total ECO (8.3) gains the 2 levels, Assyria's loses them
    assert eco_total(ctx_of(pos), "mede") == eco["mede"] + 2
    assert eco_total(ctx_of(pos), "assyria") == eco["assyria"] - 2
    assert tribute_balance(ctx_of(pos), "mede") == 0
    pos.assert_logged(rule="5.2.3", key="aw.tribute_stopped", payer="mede")
    # 5.2.3: a refusal by decision invites a free attack, and is no refusal Assyria must punish
    assert dow_cost(ctx_of(pos), "assyria", "mede") == 0
    assert "mede" not in pos.state["refused"]


def test_5_2_3_a_minors_scenario_tribute_stands_for_a_check_passed() -> None:
    """The scenario's payment of a minor (Rise and Fall: Phoenicia, Judah, ...) is a tribute check passed, not
    a decision: nobody stops it, not even Assyria's own menu."""
    pos = setup("rise_and_fall")
    ctx = ctx_of(pos)
    minors = {t["payer"] for t in pos.state["tribute"] if t["why"] == "scenario" and ctx.is_minor(t["payer"])}
    assert {"phoenicia", "judah"} <= minors
    for power in ("assyria", "mede", "babylonia", "elam"):
        assert not set(stoppable(ctx, power)) & minors
    assert stoppable(ctx, "mede") == ["mede"]
    assert stoppable(ctx, "assyria") == []
