"""6.6.3: armies of one player intercepting together may form an ad hoc army group; the player decides."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import group_of
from tests.assyrian_wars.landkit import army, ctx, phasing, set_ap, start, top


def _double_interception(pos):
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "nineveh", ["assyria-hi4-2"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu")
    pos.fix_dice(6, 6, 6, 6)
    pos.act("assyria", "intercept:assyria-rab_shaqe", "intercept:assyria-turtanu")


def test_6_6_3_the_intercepting_player_is_asked_to_form_the_group_default_first() -> None:
    pos = start(special_abilities=False)
    _double_interception(pos)
    assert top(pos)["step"] == "entry"
    assert pos.ids("assyria") == ["adhoc:form", "adhoc:none"]
    assert pos.game.view(pos.state, "assyria")["prompt"]["key"] == "aw.prompt.entry_adhoc"
    pos.act("assyria", "adhoc:form")
    pos.assert_logged(rule="6.6.3", key="aw.group_formed", owner="assyria", area="kalhu")
    c = ctx(pos)
    assert group_of(c, "assyria-turtanu") is not None
    assert group_of(c, "assyria-turtanu") == group_of(c, "assyria-rab_shaqe")


def test_6_6_3_the_player_may_decline_the_ad_hoc_group() -> None:
    pos = start(special_abilities=False)
    _double_interception(pos)
    pos.act("assyria", "adhoc:none")
    pos.assert_logged(rule="6.6.3", key="aw.no_adhoc_group", country="assyria", area="kalhu")
    c = ctx(pos)
    assert group_of(c, "assyria-turtanu") is None and group_of(c, "assyria-rab_shaqe") is None
    assert any(f["step"] == "battle" for f in pos.state["stack"])


def test_6_6_3_no_question_without_a_free_card() -> None:
    pos = start(special_abilities=False)
    pos.state["countries"]["assyria"]["ag_sold"] = True
    _double_interception(pos)
    assert "adhoc:form" not in pos.ids("assyria")
    assert group_of(ctx(pos), "assyria-turtanu") is None
