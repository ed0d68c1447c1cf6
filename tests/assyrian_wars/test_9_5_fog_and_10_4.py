"""9.5 fog of war in the views; 10.4.f coexistence (10.4.e turncoats in a city: the tests of cards 31-32)."""

from __future__ import annotations

from ashur.games.assyrian_wars.fog import stacks
from ashur.games.assyrian_wars.game import GAME
from ashur.games.assyrian_wars.rules.politics.war import declare_war
from tests.assyrian_wars.landkit import army, ctx, put, start


def test_9_5_enemy_stacks_show_only_their_top_piece_and_size() -> None:
    pos = start()
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-hi3-1"])
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    view = GAME.view(pos.state, "assyria")
    assert "babylonia-nabu_zer_kitti_lishir" in view["pieces"]
    assert "babylonia-li2-1" not in view["pieces"] and "babylonia-hi3-1" not in view["pieces"]
    assert {"loc": "nippur", "city": False, "owner": "babylonia", "top": "babylonia-nabu_zer_kitti_lishir",
            "count": 3} in view["stacks"]
    assert "assyria-hi4-1" in view["pieces"]
    assert "assyria-hi4-1" in GAME.view(pos.state, "assyria")["pieces"]


def test_9_5_the_top_of_a_leaderless_stack_is_its_strongest_unit_and_stacks_hold_ten() -> None:
    pos = start()
    units = [*(f"babylonia-li2-{i}" for i in range(1, 7)), *(f"babylonia-hi3-{i}" for i in range(1, 4)),
             *(f"babylonia-b3-{i}" for i in range(1, 3))]
    for u in units:
        put(pos, u, "nippur")
    mine = [s for s in stacks(ctx(pos)) if s["loc"] == "nippur"]
    assert [len(s["pieces"]) for s in mine] == [10, 1]
    assert mine[0]["top"] in ("babylonia-b3-1", "babylonia-hi3-1")


def test_9_5_scrambling_hidden_stacks_leaves_the_view_unchanged() -> None:
    pos = start()
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1", "babylonia-hi3-1"])
    army(pos, "babylonia-nabu_bel_shumati", "uruk", ["babylonia-li2-2", "babylonia-b3-1"])
    view = GAME.view(pos.state, "assyria")
    changed = 0
    for seed in range(8):
        scrambled = GAME.scramble(pos.state, "assyria", seed)
        assert GAME.view(scrambled, "assyria") == view
        changed += scrambled["pieces"] != pos.state["pieces"]
    assert changed


def test_9_5_without_fog_of_war_everything_is_shown() -> None:
    pos = start(fog_of_war=False)
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1"])
    assert "babylonia-li2-1" in GAME.view(pos.state, "assyria")["pieces"]


def test_10_4_f_new_enemies_sharing_an_area_fight_at_once() -> None:
    pos = start("campaign")
    put(pos, "assyria-hi4-1", "tadmor")
    put(pos, "egypt-li2-1", "tadmor")
    c = ctx(pos)
    declare_war(c, "assyria", "egypt")
    assert any(f["step"] == "coexistence_battles" for f in pos.state["stack"]), "the battle waits for relocations"
    from ashur.games.assyrian_wars.rules import FLOW

    FLOW.advance(c, pos.state)
    pos.assert_logged(rule="10.4.f", key="aw.coexistence_battle", area="tadmor")
    battle = pos.assert_logged(rule="6.7", key="aw.battle", area="tadmor")
    assert battle["params"]["att"] == ["assyria-hi4-1"], "the country that declared the war attacks"


def test_10_4_f_a_camp_partner_of_the_aggressor_fights_the_new_enemy_beside_it() -> None:
    """Found by the fuzzer (Campaign, step 1001): an Assyrian and a Babylonian unit stood together in Namri, a
    no man's land, at peace. In the Interphase the Mede, in Assyria's camp, declared war on Babylonia, which
    joined the rebels: Assyria and Babylonia were at war too (7.4.2), yet only the Mede's pair was checked
    for a battle and the two units stayed side by side, at war. Every pair the declaration made enemies
    fights now (10.4.f), the aggressor's side attacking."""
    from pathlib import Path

    from ashur.core.replay import replay
    from ashur.core.savefile import load

    match = replay(load(Path(__file__).parent / "saves" / "10_4_f_camp_partner_meets_new_enemy.ashur.json"))
    s = match.state
    entries = [e for _, e in GAME.visible_log(s, "elam")]
    assert {"key": "aw.coexistence_battle", "rule": "10.4.f",
            "params": {"area": "namri", "aggressor": "assyria", "target": "babylonia"}} in entries
    battle = next(e for e in entries if e["key"] == "aw.battle" and e["params"]["area"] == "namri")
    assert battle["params"]["att"] == ["assyria-li3-5"] and battle["params"]["defn"] == ["babylonia-lc2-3"]
    assert any(f["step"] == "battle" and f["area"] == "namri" for f in s["stack"])
    assert all(GAME.legal_actions(s, role) for role in match.active())


def test_10_4_f_forces_at_peace_coexist_and_stay_out_of_battles() -> None:
    pos = start("campaign", special_abilities=False)
    put(pos, "assyria-hi4-1", "tadmor")
    put(pos, "egypt-li2-1", "tadmor")
    put(pos, "babylonia-li2-1", "tadmor")
    from ashur.games.assyrian_wars.rules.land.entry import enemies_in_field

    assert enemies_in_field(ctx(pos), "tadmor", "assyria") == ["babylonia-li2-1"]


def test_views_and_legal_actions_never_change_the_state() -> None:
    from ashur.core.statedata import clone
    from tests.assyrian_wars.landkit import advance, impulse, set_ap

    pos = start()
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "nippur", ["assyria-hi4-2"])
    set_ap(pos, 0)
    imp = impulse(pos)
    imp.update(phase="hooks", hook=0)
    advance(pos)
    assert pos.state["stack"][-1]["step"] == "maintenance"
    pos.state["land"]["maintained"] = ["der"]  # the first force is fed already: reading must not drop it
    before = clone(pos.state)
    for role in [*GAME.roles("two_rivers", {"players": 3}), "observer"]:
        GAME.view(pos.state, role)
        GAME.legal_actions(pos.state, role)
    assert pos.state == before
