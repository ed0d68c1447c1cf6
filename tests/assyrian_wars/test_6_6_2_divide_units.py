"""6.6.2: leaders attacked without an army group each get a unit; the owner chooses which."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import army_units, divide_units
from tests.assyrian_wars.landkit import army, ctx, put, set_ap, start, top


def _attack_nippur(pos):
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-li2-2", "babylonia-li2-3"])
    put(pos, "babylonia-shuzubu", "nippur")
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "to:nippur")
    pos.act("babylonia", "stay")


def test_6_6_2_the_owner_chooses_the_unit_of_a_leader_without_one() -> None:
    pos = start(special_abilities=False)
    _attack_nippur(pos)
    assert top(pos)["step"] == "entry"
    ids = pos.ids("babylonia")
    # the default first: the last unit of the largest army; every unit that army can spare is offered
    assert ids == ["divide:babylonia-li2-3", "divide:babylonia-li2-2", "divide:babylonia-li2-1"]
    assert pos.game.view(pos.state, "babylonia")["prompt"]["key"] == "aw.prompt.entry_divide"
    pos.act("babylonia", "divide:babylonia-li2-1")
    c = ctx(pos)
    assert army_units(c, "babylonia-shuzubu") == ["babylonia-li2-1"]
    assert sorted(army_units(c, "babylonia-nabu_zer_kitti_lishir")) == ["babylonia-li2-2", "babylonia-li2-3"]
    pos.assert_logged(rule="6.6.2", key="aw.divided_unit", leader="babylonia-shuzubu", piece="babylonia-li2-1")
    assert any(f["step"] == "battle" for f in pos.state["stack"])


def test_6_6_2_a_single_unit_is_offered_before_units_of_an_army() -> None:
    pos = start(special_abilities=False)
    put(pos, "babylonia-li2-4", "nippur")
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-li2-2"])
    put(pos, "babylonia-shuzubu", "nippur")
    # the glossary rule made the single unit join the first leader with room when it was placed: undo that
    pos.state["pieces"]["babylonia-li2-4"]["army"] = None
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "to:nippur")
    pos.act("babylonia", "stay")
    ids = pos.ids("babylonia")
    assert ids[0] == "divide:babylonia-li2-4"
    assert "divide:babylonia-li2-2" in ids


def test_6_6_2_without_a_player_the_default_unit_is_taken() -> None:
    pos = start()
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-hi4-2", "assyria-hi4-3"])
    put(pos, "assyria-rab_shaqe", "kalhu")
    divide_units(ctx(pos), "kalhu", "assyria")
    c = ctx(pos)
    assert army_units(c, "assyria-rab_shaqe") == ["assyria-hi4-3"]
    assert len(army_units(c, "assyria-turtanu")) == 2
