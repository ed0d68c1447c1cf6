"""6.6.5 disorganization on the attacking side (issue 14). Fixed: a garrison that joins its relief with more than
one leader loses its own leaders' dice only ("so the garrison gets no battle dice for leaders"), the relieving
force keeps its leader. Defended: several armies that intercepted separately into one area and fight there
together, outside an army group, are disorganized (6.6.5: several armies cannot attack together except as an
army group; the penalty of armies fighting together unorganized, which 6.8 applies to a sortie as well)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.land import combat
from tests.assyrian_wars.landkit import army, ctx, push_battle, put, start


def _battle(pos):  # type: ignore[no-untyped-def]
    return next(f for f in pos.state["stack"] if f["step"] == "battle")


def test_6_6_5_a_relieving_force_keeps_its_leader_dice_beside_a_garrison_with_two_leaders() -> None:
    pos = start(special_abilities=False)
    relief = army(pos, "babylonia-nabu_zer_kitti_lishir", "der", ["babylonia-hi3-1"])
    garrison = [*army(pos, "babylonia-shuzubu", "der", ["babylonia-li2-1"], city=True),
                *army(pos, "babylonia-nabu_bel_shumati", "der", ["babylonia-li2-2"], city=True)]
    besiegers = army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    pos.fix_dice(*[6] * 12)
    push_battle(pos, "field", "der", relief + garrison, besiegers, garrison_joined=garrison)
    bf = _battle(pos)
    assert combat.garrison_disorganized(ctx(pos), bf)
    assert not combat.disorganized(ctx(pos), bf, "att")
    assert combat.commanding_leaders(ctx(pos), bf, "att") == ["babylonia-nabu_zer_kitti_lishir"]


def test_6_6_5_a_garrison_with_one_leader_is_not_disorganized() -> None:
    pos = start(special_abilities=False)
    relief = army(pos, "babylonia-nabu_zer_kitti_lishir", "der", ["babylonia-hi3-1"])
    garrison = army(pos, "babylonia-shuzubu", "der", ["babylonia-li2-1"], city=True)
    besiegers = army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    pos.fix_dice(*[6] * 12)
    push_battle(pos, "field", "der", relief + garrison, besiegers, garrison_joined=garrison)
    bf = _battle(pos)
    assert not combat.garrison_disorganized(ctx(pos), bf)
    assert sorted(combat.commanding_leaders(ctx(pos), bf, "att")) == ["babylonia-nabu_zer_kitti_lishir",
                                                                      "babylonia-shuzubu"]


def test_6_6_5_separate_interceptor_armies_attacking_together_are_disorganized() -> None:
    pos = start(special_abilities=False)
    first = army(pos, "assyria-turtanu", "kalhu", ["assyria-li3-1"])
    second = army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-li3-2"])
    put(pos, "babylonia-li2-1", "kalhu")
    # the battle frame of an interception battle the two armies fight side by side (6.6.9, no 9.7)
    bf = {"area": "kalhu", "kind": "field", "interception": True, "interceptor": "att",
          "sides": {"att": {"pieces": first + second}, "def": {"pieces": ["babylonia-li2-1"]}}}
    assert combat.disorganized(ctx(pos), bf, "att")
    assert combat.commanding_leaders(ctx(pos), bf, "att") == []
