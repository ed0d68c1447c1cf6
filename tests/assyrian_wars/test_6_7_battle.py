"""6.7 battle: dice (6.7.2, 6.7.3), hits (6.7.4), routs (6.7.4.a), multinational forces (6.7.5), winning
(6.7.6), overrun (6.7.7), VPs (8.3) and the 9.7 abilities (bow fire, kills, absorption, chariots)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import form_group, land_view
from tests.assyrian_wars.landkit import army, ctx, loc, pass_windows, push_battle, put, settle, start, top

BABYLON_9 = [*(f"babylonia-li2-{i}" for i in range(1, 7)), *(f"babylonia-hi3-{i}" for i in range(1, 4))]


def _dice_entries(pos, rule="6.7.2"):
    return [e for e in pos.log if e["key"] == "dice" and e["rule"] == rule]


def test_6_7_4_a_rout_example_nine_hits_five_routs_three_rallied() -> None:
    """6.7.4.a example: the winner suffers 9 hits, i.e. 5 routs; leaders with action 2 and 1 rally 3, so only
    2 units go to the Regroup Box."""
    pos = start(special_abilities=False)
    his = [f"assyria-hi4-{i}" for i in range(1, 6)]
    lis = [f"assyria-li3-{i}" for i in range(1, 4)]
    army(pos, "assyria-nagir_ekalli", "kalhu", his)
    army(pos, "assyria-masennu", "kalhu", lis)
    for u in lis:
        pos.state["pieces"][u]["red"] = True
    pos.state["pieces"]["assyria-masennu"]["red"] = True
    form_group(ctx(pos), 19, "assyria", ["assyria-nagir_ekalli", "assyria-masennu"])
    army(pos, "babylonia-nabu_zer_kitti_lishir", "kalhu", BABYLON_9)
    att = ["assyria-nagir_ekalli", "assyria-masennu", *his, *lis]
    defn = ["babylonia-nabu_zer_kitti_lishir", *BABYLON_9]
    pos.fix_dice(*[1] * 12, *[1] * 9, 6, 6)
    push_battle(pos, "field", "kalhu", att, defn)
    settle(pos)
    pos.assert_logged(rule="6.7.4.a", key="aw.rallied", side="att", n=3)
    pos.assert_logged(rule="6.7.4.a", key="aw.routs", side="att", n=2, hits=9)
    routed = [e["params"]["piece"] for e in pos.logged(rule="6.7.4.a", key="aw.routed")
              if e["params"]["nation"] == "assyria"]
    assert len(routed) == 2
    assert all(loc(pos, p) == "regroup" for p in routed)


def test_6_7_2_one_die_per_unit_hits_at_or_below_strength() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-li3-1", "kalhu")
    put(pos, "babylonia-li2-1", "kalhu")
    pos.fix_dice(3, 4, 2)
    push_battle(pos, "field", "kalhu", ["assyria-li3-1"], ["babylonia-li2-1"])
    rolls = _dice_entries(pos)
    assert rolls[0]["params"]["strengths"] == [3, 3]  # the unit and the Assyrian elite die (6.7.3)
    assert rolls[1]["params"]["strengths"] == [2]
    pos.assert_logged(rule="6.7.2", key="aw.melee", att=1, defn=1, round=1)


def test_6_7_3_leader_dice_only_with_units() -> None:
    pos = start(special_abilities=False)
    put(pos, "assyria-turtanu", "kalhu")
    put(pos, "babylonia-li2-1", "kalhu")
    pos.fix_dice(6, 6, 6)
    push_battle(pos, "field", "kalhu", ["assyria-turtanu"], ["babylonia-li2-1"])
    assert _dice_entries(pos) and all(e["params"]["side"] == "def" for e in _dice_entries(pos))


def test_6_7_3_terrain_dice_for_the_defender_in_the_first_round_only() -> None:
    pos = start(special_abilities=False)
    put(pos, "babylonia-li2-1", "kalhu")
    put(pos, "elam-li2-1", "kalhu")
    pos.fix_dice(6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    push_battle(pos, "field", "kalhu", ["babylonia-li2-1"], ["elam-li2-1"], terrain={"dice": 2, "mede": False},
                crossing="mountain")
    rolls = _dice_entries(pos)
    assert len(rolls[1]["params"]["values"]) == 3  # unit + 2 mountain dice
    assert len(rolls[3]["params"]["values"]) == 1  # round 2: no terrain dice
    pos.assert_logged(rule="6.7.6", key="aw.second_round")


def test_6_7_2_units_modified_to_zero_cannot_fight() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "kalhu", red=True)  # strength 2, -1 over a river with 9.7
    pos.state["pieces"]["assyria-li3-1"].update(loc="kalhu", red=True)  # strength 1
    put(pos, "babylonia-li2-1", "kalhu")
    pos.fix_dice(6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    push_battle(pos, "field", "kalhu", ["assyria-hi4-1", "assyria-li3-1"], ["babylonia-li2-1"],
                crossing="river", mods={"att": [{"type": "combat", "amount": -1, "units": "all"}], "def": []})
    first = _dice_entries(pos)[0]
    assert first["params"]["strengths"] == [2]  # HI 2-1-1=0 cannot fight, LI 1-1=0 neither; the Assyrian die 3-1


def test_6_7_6_defender_wins_a_tie_after_two_rounds() -> None:
    pos = start(special_abilities=False)
    put(pos, "babylonia-li2-1", "kalhu")
    put(pos, "elam-li2-1", "kalhu")
    pos.fix_dice(6, 6, 6, 6)
    push_battle(pos, "field", "kalhu", ["babylonia-li2-1"], ["elam-li2-1"])
    settle(pos)
    pos.assert_logged(rule="6.7.6", key="aw.battle_result", winner="def")


def test_6_7_6_tied_interception_battle_has_no_winner_and_both_retreat() -> None:
    pos = start(special_abilities=False)
    put(pos, "babylonia-li2-1", "kalhu")
    put(pos, "elam-li2-1", "kalhu")
    pos.state["wars"].append(["babylonia", "elam"])
    pos.fix_dice(6, 6, 6, 6)
    push_battle(pos, "field", "kalhu", ["babylonia-li2-1"], ["elam-li2-1"], interception=True,
                origins={"babylonia-li2-1": "nineveh", "elam-li2-1": "arbela"})
    settle(pos)
    pos.assert_logged(rule="6.7.6", key="aw.battle_result", winner=None)
    pos.assert_logged(rule="6.7.6", key="aw.battle_tied")
    assert loc(pos, "babylonia-li2-1") != "kalhu" and loc(pos, "elam-li2-1") != "kalhu"


def test_6_7_7_overrun_and_8_3_vp_battle_recorded() -> None:
    pos = start(special_abilities=False)
    lis = [f"assyria-li3-{i}" for i in range(1, 6)]
    army(pos, "assyria-turtanu", "kalhu", lis)
    bab = [f"babylonia-li2-{i}" for i in range(1, 6)]
    for u in bab:
        put(pos, u, "kalhu", red=True)
    pos.fix_dice(*[1] * 9, *[6] * 5)
    push_battle(pos, "field", "kalhu", ["assyria-turtanu", *lis], bab)
    settle(pos)
    pos.assert_logged(rule="6.7.7", key="aw.overrun", area="kalhu")
    pos.assert_logged(rule="8.3", key="aw.vp", country="assyria", n=1)
    assert pos.state["vp_battles"][-1]["winners"] == ["assyria"]
    assert "assyria-turtanu" not in land_view(ctx(pos))["used"]


def test_6_7_4_half_the_hits_on_mercenaries_half_on_regulars() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-hi4-2", "merc-li2-1", "merc-li2-2"])
    for m in ("merc-li2-1", "merc-li2-2"):
        pos.state["pieces"][m]["hired"] = "assyria"
    put(pos, "babylonia-hi3-1", "kalhu")
    put(pos, "babylonia-hi3-2", "kalhu")
    pos.fix_dice(6, 6, 6, 6, 6, 6, 6, 6, 1, 1)
    push_battle(pos, "field", "kalhu", ["assyria-turtanu", "assyria-hi4-1", "assyria-hi4-2", "merc-li2-1",
                                        "merc-li2-2"], ["babylonia-hi3-1", "babylonia-hi3-2"])
    frame = top(pos)
    assert frame["step"] == "losses" and frame["mercs"] == 1 and frame["regs"] == 1
    acts = pos.ids("assyria")
    assert any(a.startswith("hit:merc") for a in acts) and any(a.startswith("hit:assyria-hi4") for a in acts)


def test_6_7_5_hits_are_shared_between_countries_the_decider_places_the_excess() -> None:
    pos = start(special_abilities=False)
    put(pos, "babylonia-li2-1", "kalhu")
    put(pos, "elam-li2-1", "kalhu")
    put(pos, "assyria-hi4-1", "kalhu")
    put(pos, "assyria-hi4-2", "kalhu")
    pos.fix_dice(1, 1, 1, 6, 6)
    push_battle(pos, "field", "kalhu", ["assyria-hi4-1", "assyria-hi4-2"], ["babylonia-li2-1", "elam-li2-1"])
    frame = top(pos)
    assert frame["step"] == "loss_split" and frame["choose"] == 1
    assert sorted(pos.ids("babylonia")) == ["extra:babylonia", "extra:elam"]


def test_9_7_bow_fire_before_melee_and_heavy_absorption() -> None:
    pos = start()
    bows = ["elam-b3-1", "elam-b3-2", "elam-b3-3"]
    for b in bows:
        put(pos, b, "kalhu")
    heavy = ["assyria-hi4-1", "assyria-hi4-2"]
    for h in heavy:
        put(pos, h, "kalhu")
    pos.fix_dice(1, 1, 1, 6, 6, 6)
    push_battle(pos, "field", "kalhu", heavy, bows)
    pos.assert_logged(rule="9.7", key="aw.bow_absorbed", side="att", n=1)
    pos.assert_logged(rule="9.7", key="aw.bow_fire", att=0, defn=2)


def test_9_7_heavy_troops_kill_on_an_unmodified_two() -> None:
    pos = start()
    put(pos, "assyria-hi4-1", "kalhu")
    put(pos, "babylonia-hi3-1", "kalhu")
    put(pos, "babylonia-hi3-2", "kalhu")
    pos.fix_dice(2, 6, 6, 6)
    push_battle(pos, "field", "kalhu", ["assyria-hi4-1"], ["babylonia-hi3-1", "babylonia-hi3-2"])
    pos.assert_logged(rule="6.7.2", key="aw.melee", att=2)


def test_9_7_chariots_declare_their_mode() -> None:
    pos = start()
    put(pos, "assyria-ch4-1", "kalhu")
    put(pos, "babylonia-li2-1", "kalhu")
    push_battle(pos, "field", "kalhu", ["assyria-ch4-1"], ["babylonia-li2-1"])
    assert sorted(pos.ids("assyria")) == ["chariots:bow", "chariots:heavy"]
    pos.fix_dice(6, 6, 6, 6, 6, 6, 6, 6)
    pos.act("assyria", "chariots:bow")
    pass_windows(pos)
    pos.assert_logged(rule="9.7", key="aw.chariot_mode", country="assyria", mode="bow")
    bow = [e for e in pos.log if e["key"] == "dice" and e["rule"] == "9.7"]
    assert bow and bow[0]["params"]["strengths"] == [4]
