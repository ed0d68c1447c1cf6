"""6.6.5 (and 6.7): four or more armies of several players defending one area agree which three defend
first; the strongest defender proposes, the others agree or not; without agreement the three are drawn."""

from __future__ import annotations

from tests.assyrian_wars.landkit import army, set_ap, start, top


def _four_armies_of_two_players(pos):
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-li2-2"])
    army(pos, "babylonia-nabu_bel_shumati", "nippur", ["babylonia-li2-3"])
    army(pos, "elam-humban_undasha", "nippur", ["elam-li2-1"])
    army(pos, "elam-ituni", "nippur", ["elam-li2-2"])
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "to:nippur")
    for c in ("babylonia", "elam"):
        if "stay" in pos.ids(c):
            pos.act(c, "stay")


def test_6_6_5_the_strongest_defender_proposes_and_the_other_agrees() -> None:
    pos = start(special_abilities=False)
    _four_armies_of_two_players(pos)
    acts = pos.ids("babylonia")
    assert all(a.startswith("defend:") for a in acts) and len(acts) == 4
    pos.act("babylonia", "defend:babylonia-nabu_zer_kitti_lishir", "defend:elam-humban_undasha",
            "defend:elam-ituni")
    pos.assert_logged(rule="6.6.5", key="aw.defence_proposed", country="babylonia")
    assert pos.ids("elam") == ["split:agree", "split:disagree"]
    assert pos.game.view(pos.state, "elam")["prompt"]["key"] == "aw.prompt.entry_split_agree"
    pos.act("elam", "split:agree")
    entry = pos.state["stack"][next(i for i, f in enumerate(pos.state["stack"]) if f["step"] == "entry")]
    assert entry["waves"] == [["babylonia-nabu_bel_shumati"]]  # the second wave waits
    bf = next(f for f in pos.state["stack"] if f["step"] == "battle")
    assert "babylonia-nabu_bel_shumati" not in bf["sides"]["def"]["pieces"]
    assert "elam-ituni" in bf["sides"]["def"]["pieces"]
    pos.assert_logged(rule="6.6.5", key="aw.defence_split", area="nippur",
                      first=["babylonia-nabu_zer_kitti_lishir", "elam-humban_undasha", "elam-ituni"])


def test_6_6_5_without_agreement_the_first_three_are_drawn() -> None:
    pos = start(special_abilities=False)
    _four_armies_of_two_players(pos)
    pos.act("babylonia", "defend:babylonia-nabu_zer_kitti_lishir", "defend:elam-humban_undasha",
            "defend:elam-ituni")
    pos.act("elam", "split:disagree")
    pos.assert_logged(rule="6.6.5", key="aw.defence_consent", country="elam", given=False)
    pos.assert_logged(rule="6.6.5", key="aw.defence_split", area="nippur")
    assert any(f["step"] == "battle" for f in pos.state["stack"]) or top(pos)["step"] == "window"


def test_6_6_5_without_player_choices_the_armies_are_drawn() -> None:
    pos = start(special_abilities=False, player_choices=False)
    _four_armies_of_two_players(pos)
    assert not any(a.startswith("defend:") for a in pos.ids("babylonia"))
    pos.assert_logged(rule="6.6.5", key="aw.defence_split", area="nippur")
