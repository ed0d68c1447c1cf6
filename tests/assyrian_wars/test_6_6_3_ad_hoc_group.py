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
    assert pos.ids("assyria") == ["adhoc:form", "adhoc:form:assyria-turtanu", "adhoc:none"]
    assert pos.game.view(pos.state, "assyria")["prompt"]["key"] == "aw.prompt.entry_adhoc"
    pos.act("assyria", "adhoc:form")
    pos.assert_logged(rule="6.6.3", key="aw.group_formed", owner="assyria", area="kalhu",
                      commander="assyria-rab_shaqe")
    c = ctx(pos)
    assert group_of(c, "assyria-turtanu") is not None
    assert group_of(c, "assyria-turtanu") == group_of(c, "assyria-rab_shaqe")


def test_6_6_3_the_forming_player_selects_the_commander_of_the_ad_hoc_group() -> None:
    pos = start(special_abilities=False)
    _double_interception(pos)
    acts = {a["id"]: a for a in pos.actions("assyria")}
    assert acts["adhoc:form"]["params"]["commander"] == "assyria-rab_shaqe"
    pos.act("assyria", "adhoc:form:assyria-turtanu")
    pos.assert_logged(rule="6.6.3", key="aw.group_formed", owner="assyria", commander="assyria-turtanu")
    c = ctx(pos)
    gid = group_of(c, "assyria-turtanu")
    assert gid is not None and pos.state["groups"][gid]["commander"] == "assyria-turtanu"


def test_6_6_3_a_king_in_the_ad_hoc_group_is_its_only_commander() -> None:
    pos = start(special_abilities=False)
    king = next(pid for pid, p in sorted(pos.state["pieces"].items())
                if p["nation"] == "assyria" and p["kind"] == "king" and p["loc"] == "setup")
    army(pos, king, "nineveh", ["assyria-hi4-3"])
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu")
    pos.fix_dice(6, 6, 6, 6)
    while (pick := next((i for i in pos.ids("assyria") if i.startswith("intercept:")), None)) is not None:
        pos.act("assyria", pick)
    assert pos.ids("assyria") == ["adhoc:form", "adhoc:none"]
    pos.act("assyria", "adhoc:form")
    pos.assert_logged(rule="6.6.3", key="aw.group_formed", commander=king)


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


def _allied_interception(pos):  # type: ignore[no-untyped-def]
    army(pos, "babylonia-nabu_zer_kitti_lishir", "uruk", ["babylonia-li2-1", "babylonia-li2-2"])
    army(pos, "elam-humban_undasha", "uruk", ["elam-li2-1"])
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "to:nippur")
    for _ in range(6):
        role = pos.game.active(pos.state)[0]
        ids = pos.ids(role)
        pick = next((i for i in ids if i.startswith("intercept:")), None)
        if pick is None:
            break
        pos.fix_dice(6, 6)
        pos.act(role, pick)


def test_6_6_4_an_allied_army_of_another_player_joins_the_ad_hoc_group_with_its_consent() -> None:
    pos = start(special_abilities=False)
    _allied_interception(pos)
    assert pos.ids("babylonia") == ["adhoc:form", "adhoc:none"]
    pos.act("babylonia", "adhoc:form")
    assert pos.ids("elam") == ["adhoc:allow", "adhoc:forbid"]
    assert pos.game.view(pos.state, "elam")["prompt"]["key"] == "aw.prompt.entry_adhoc_consent"
    pos.act("elam", "adhoc:allow")
    c = ctx(pos)
    gid = group_of(c, "babylonia-nabu_zer_kitti_lishir")
    assert gid is not None and gid == group_of(c, "elam-humban_undasha")
    assert pos.state["groups"][gid]["owner"] == "babylonia"


def test_6_6_4_without_consent_the_allied_army_stays_out() -> None:
    pos = start(special_abilities=False)
    _allied_interception(pos)
    pos.act("babylonia", "adhoc:form")
    pos.act("elam", "adhoc:forbid")
    pos.assert_logged(rule="6.6.4", key="aw.consent", country="elam", given=False)
    c = ctx(pos)
    assert group_of(c, "babylonia-nabu_zer_kitti_lishir") is None and group_of(c, "elam-humban_undasha") is None
