"""7.4.5: who plays an unallied minor at war, including the case the rule does not foresee (every power in
the Assyrian camp)."""

from __future__ import annotations

from tests.assyrian_wars.politicskit import ctx_of, impulse, marker, role, setup


def test_7_4_5_a_minor_attacked_when_every_power_is_assyrian_is_played_by_a_power_at_peace_with_it() -> None:
    """two_rivers with Babylonia and Elam in the Assyrian camp: nobody is a rebel or neutral. Elam attacks
    Urartu; a power not at war with it plays it (fuzz, two_rivers: Urartu's mulligan waited on nobody)."""
    pos = setup("two_rivers")
    for power in ("babylonia", "elam"):
        pos.state["countries"][power]["camp"] = "assyrian"
    marker(pos, "urartu", None, 0)
    assert not pos.state["countries"]["urartu"]["active"]
    impulse(pos, "elam")
    pos.act(role(pos, "elam"), "dow:urartu")
    ctx = ctx_of(pos)
    assert ctx.active("urartu")
    power = pos.state["control"]["urartu"]
    assert power in ("assyria", "babylonia", "elam")
    peaceful = [p for p in ("assyria", "babylonia", "elam") if not ctx.at_war(p, "urartu")]
    assert not peaceful or power in peaceful
    pos.assert_logged(rule="7.4.5", key="aw.control", country="urartu", power=power)
