"""6.6.3–6.6.6 army groups, disorganization, selling the card; 10.2 the Mede before turn 4."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import form_group, groups
from ashur.games.assyrian_wars.rules.land import combat
from ashur.games.assyrian_wars.rules.land.armies import mede_may_operate
from tests.assyrian_wars.landkit import army, ctx, impulse, loc, phasing, push_battle, put, set_ap, start


def test_6_6_3_forming_an_army_group_the_king_commands() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-king-2", "kalhu", ["assyria-hi4-2"])
    set_ap(pos, 1)
    pos.act("assyria", "group:assyria-turtanu", "add:assyria-king-2", "card:19")
    g = groups(ctx(pos))["ag19"]
    assert g["commander"] == "assyria-king-2" and sorted(g["armies"]) == ["assyria-king-2", "assyria-turtanu"]
    pos.assert_logged(rule="6.6.3", key="aw.group_formed", group="ag19")
    assert "move:ag19" in pos.ids("assyria")


def test_6_6_3_a_group_moves_as_one_force_for_1_ap_per_area() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-hi4-2"])
    form_group(ctx(pos), 19, "assyria", ["assyria-turtanu", "assyria-rab_shaqe"])
    set_ap(pos, 3)
    pos.act("assyria", "move:ag19", "to:nineveh", "stop")
    assert loc(pos, "assyria-hi4-2") == "nineveh" and loc(pos, "assyria-rab_shaqe") == "nineveh"
    assert impulse(pos)["spent2"] == 2


def test_6_6_3_two_kings_cannot_be_in_one_group() -> None:
    pos = start()
    army(pos, "assyria-king-2", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-king-1", "kalhu", ["assyria-hi4-2"])
    set_ap(pos, 1)
    assert "group:assyria-king-2" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "group:assyria-king-2", rule="6.6.3")


def test_6_6_4_another_player_must_consent() -> None:
    pos = start()
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1"])
    army(pos, "elam-humban_undasha", "nippur", ["elam-li2-1"])
    phasing(pos, "babylonia")
    set_ap(pos, 1)
    pos.act("babylonia", "group:babylonia-nabu_zer_kitti_lishir", "add:elam-humban_undasha")
    assert pos.ids("elam") == ["consent:elam-humban_undasha", "refuse:elam-humban_undasha"]
    pos.act("elam", "consent:elam-humban_undasha")
    pos.act("babylonia", "card:23")
    assert groups(ctx(pos))["ag23"]["owner"] == "babylonia"


def test_6_6_5_several_armies_without_a_group_are_disorganized_no_leader_dice() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-li3-1"])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-li3-2"])
    put(pos, "babylonia-li2-1", "kalhu")
    pos.fix_dice(1, 6, 6, 6, 6, 6, 6)  # one hit on the defenders: the battle waits for their casualty choice
    push_battle(pos, "field", "kalhu", ["babylonia-li2-1"],
                ["assyria-turtanu", "assyria-li3-1", "assyria-rab_shaqe", "assyria-li3-2"])
    bf = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert combat.disorganized(ctx(pos), bf, "def")
    assert combat.commanding_leaders(ctx(pos), bf, "def") == []


def test_6_6_5_an_army_group_is_organized() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-li3-1"])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-li3-2"])
    form_group(ctx(pos), 19, "assyria", ["assyria-turtanu", "assyria-rab_shaqe"])
    put(pos, "babylonia-li2-1", "kalhu")
    pos.fix_dice(1, 6, 6, 6, 6, 6, 6)  # one hit on the defenders: the battle waits for their casualty choice
    push_battle(pos, "field", "kalhu", ["babylonia-li2-1"],
                ["assyria-turtanu", "assyria-li3-1", "assyria-rab_shaqe", "assyria-li3-2"])
    bf = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert combat.commanding_leaders(ctx(pos), bf, "def") == ["assyria-rab_shaqe", "assyria-turtanu"]


def test_6_6_6_selling_the_army_group_card_gives_4_ap_assyria_never() -> None:
    pos = start()
    impulse(pos)["flags"]["first_of_turn"] = True
    set_ap(pos, 0)
    assert "sell_ag" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "sell_ag", rule="6.6.6")
    phasing(pos, "babylonia")
    pos.act("babylonia", "sell_ag")
    assert pos.state["countries"]["babylonia"]["ag_sold"]
    assert impulse(pos)["ap2"] == 8
    assert "group:babylonia-nabu_zer_kitti_lishir" not in pos.ids("babylonia")


def test_6_6_6_the_mede_must_sell_its_card_in_turns_1_to_3() -> None:
    pos = start("campaign")
    co = pos.state["countries"]["mede"]
    assert not co["ag_sold"]
    from tests.assyrian_wars.landkit import advance

    imp = impulse(pos)
    imp.update(c="mede", phase="hooks", hook=0, flags={}, ap2=0, spent2=0)
    co.pop("impulse_turn", None)
    advance(pos)
    assert co["ag_sold"]
    pos.assert_logged(rule="10.2", key="aw.ag_card_sold", country="mede", ap=4)


def test_10_2_only_one_mede_army_outside_the_home_areas_before_turn_4() -> None:
    pos = start("campaign")
    army(pos, "mede-daiukku", "parsumash", ["mede-li2-1", "mede-li2-2"])
    army(pos, "mede-uppis", "harhar", ["mede-li2-3"])
    c = ctx(pos)
    assert not mede_may_operate(c, ["mede-uppis", "mede-li2-3"], "namri")
    assert mede_may_operate(c, ["mede-uppis", "mede-li2-3"], "ecbatana")
    pos.state["mede_united"] = True
    assert mede_may_operate(ctx(pos), ["mede-uppis", "mede-li2-3"], "namri")


def test_10_2_mede_regulars_outside_within_the_leaders_command_rating() -> None:
    pos = start("campaign")
    units = [f"mede-li2-{i}" for i in range(1, 6)]
    army(pos, "mede-uppis", "harhar", units[:3])  # Uppis commands 4 on his front side
    put(pos, units[3], "namri")
    put(pos, units[4], "namri")
    c = ctx(pos)
    assert not mede_may_operate(c, ["mede-uppis", *units[:3]], "parsua")
    assert mede_may_operate(c, ["mede-uppis", *units[:2]], "parsua")


def test_6_6_2_attacked_leaders_without_units_get_one_each() -> None:
    from ashur.games.assyrian_wars.rules.base.forces import army_units, divide_units

    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-hi4-2", "assyria-hi4-3"])
    put(pos, "assyria-rab_shaqe", "kalhu")
    divide_units(ctx(pos), "kalhu", "assyria")
    c = ctx(pos)
    assert len(army_units(c, "assyria-rab_shaqe")) == 1 and len(army_units(c, "assyria-turtanu")) == 2
