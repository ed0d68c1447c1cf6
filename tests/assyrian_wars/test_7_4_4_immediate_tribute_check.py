"""7.4.4: defeating a tribute refuser in a battle causes an immediate tribute check: it is rolled as soon as
the battle (with its retreats) is over, before the phasing country acts again (issue 14: it waited for the end
of the impulse)."""

from __future__ import annotations

from tests.assyrian_wars.landkit import army, push_battle, put, set_ap, settle, start, top, war


def test_7_4_4_the_tribute_check_follows_the_battle_won_at_once() -> None:
    pos = start("campaign", special_abilities=False)
    assert pos.state["refused"]["urartu"] == "black"
    war(pos, "assyria", "urartu")
    lis = ["assyria-hi4-1", "assyria-hi4-2", "assyria-li3-1"]
    army(pos, "assyria-turtanu", "musasir", lis)
    put(pos, "urartu-li2-1", "musasir")
    pos.fix_dice(1, 1, 1, 1, 6, *[6] * 6)
    push_battle(pos, "field", "musasir", ["assyria-turtanu", *lis], ["urartu-li2-1"])
    settle(pos)
    pos.assert_logged(rule="7.4.4", key="aw.punishment_due", minor="urartu", how="battle")
    checked = [e for e in pos.log if e["rule"] == "7.4.4" and e["key"] in ("aw.punished", "aw.punishment_failed")]
    assert checked, "the check is rolled before the impulse goes on"
    assert top(pos)["step"] == "impulse" and top(pos)["phase"] == "main"
    assert not any(e["key"] == "aw.impulse_end" for e in pos.log)


def test_7_4_4_after_an_overrun_the_check_comes_before_the_force_moves_on() -> None:
    pos = start("campaign", special_abilities=False)
    war(pos, "assyria", "urartu")
    army(pos, "assyria-turtanu", "dur_sharrukin", ["assyria-hi4-1", "assyria-hi4-2"])
    put(pos, "urartu-li2-1", "musasir")
    set_ap(pos, 10)
    pos.fix_dice(1, 1, 1, 1, 1, *[6] * 12)  # the Assyrians hit five times: the lone unit is overrun
    pos.act("assyria", "move:assyria-turtanu", "to:musasir")
    settle(pos)
    pos.assert_logged(rule="7.4.4", key="aw.punishment_due", minor="urartu", how="battle")
    checked = [e for e in pos.log if e["rule"] == "7.4.4" and e["key"] in ("aw.punished", "aw.punishment_failed")]
    assert checked and top(pos)["step"] == "move"  # rolled while the force may still move on (6.7.7)
