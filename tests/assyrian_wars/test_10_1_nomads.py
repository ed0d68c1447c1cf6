"""10.1 nomads: at war with everyone, pillage, leaving pillage 2, no events, reinforcement, defeat."""

from __future__ import annotations

from ashur.games.assyrian_wars.cards import may_play_by
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import content
from ashur.games.assyrian_wars.rules.base.control_areas import enemies_together
from ashur.games.assyrian_wars.rules.politics import nomads
from ashur.games.assyrian_wars.rules.registry import HOOKS
from tests.assyrian_wars.politicskit import ctx_of, marker, put, run, setup, top, units_of

CIMMERIANS = ["cimmerians-hb3-1", "cimmerians-hb3-2", "cimmerians-hb3-3", "cimmerians-hb3-4",
              "cimmerians-lc3-1", "cimmerians-lc3-2", "cimmerians-teushpa"]


def with_cimmerians(area: str = "tushpa"):  # type: ignore[no-untyped-def]
    pos = setup()
    for pid in CIMMERIANS:
        put(pos, pid, area)
    pos.state["countries"]["cimmerians"]["active"] = True
    pos.state["control"]["cimmerians"] = "assyria"
    return pos


def fake_impulse(pos, nomad: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    frame = {"step": "impulse", "c": nomad, "kind": "scheduled", "phase": "hooks", "ap2": 0, "spent2": 0,
             "cards": [], "flags": {}, "passing": False, "bought_plus": False, "hook": 0}
    pos.state["stack"].append(frame)
    return frame


def test_10_1_at_war_with_everyone_unless_allied() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    assert ctx.at_war("cimmerians", "assyria") and ctx.at_war("cimmerians", "scythians")
    assert ctx.at_war("cimmerians", "judah")
    marker(pos, "cimmerians", "assyria", 13)
    ctx = ctx_of(pos)
    assert not ctx.at_war("cimmerians", "assyria") and ctx.at_war("cimmerians", "babylonia")
    assert not ctx.at_war("cimmerians", "egypt")


def test_10_1_pillage_at_the_start_of_the_impulse_then_leave_pillage_2() -> None:
    pos = with_cimmerians("tushpa")
    pos.state["areas"]["tushpa"]["pillage"] = 1
    frame = fake_impulse(pos, "cimmerians")
    run(pos, lambda ctx: nomads.impulse_start(ctx, frame))
    assert pos.state["areas"]["tushpa"]["pillage"] == 2
    pos.assert_logged(rule="10.1", key="aw.nomad_pillage", area="tushpa", level=2)
    assert top(pos)["step"] == "nomad_leave"
    choice = pos.ids("assyria")[0]
    dest = choice.split(":")[1]
    pos.act("assyria", choice)
    assert all(pos.state["pieces"][p]["loc"] == dest for p in CIMMERIANS)
    assert pos.state["areas"][dest]["pillage"] == 1 or pos.state["areas"][dest]["ctrl"] is None


def test_10_1_no_pillage_where_the_tribe_is_at_march_status() -> None:
    pos = with_cimmerians("tushpa")
    marker(pos, "cimmerians", "urartu", 0)
    marker(pos, "cimmerians", "assyria", 11)
    ctx = ctx_of(pos)
    assert not nomads.exempt(ctx, "cimmerians", "tushpa")
    assert nomads.exempt(ctx, "cimmerians", "nineveh")
    assert nomads.exempt(ctx, "cimmerians", "gamir")  # no-man's land


def test_10_1_allied_tribe_may_pay_to_stay() -> None:
    pos = with_cimmerians("tushpa")
    marker(pos, "cimmerians", "assyria", 13)
    pos.state["areas"]["tushpa"]["pillage"] = 2
    frame = fake_impulse(pos, "cimmerians")
    frame["ap2"] = 4
    run(pos, lambda ctx: nomads.impulse_start(ctx, frame))
    assert "stay" in pos.ids("assyria")
    pos.act("assyria", "stay")
    assert pos.state["pieces"]["cimmerians-teushpa"]["loc"] == "tushpa"


def test_10_1_entering_an_inactive_minor_attacks_and_activates_it() -> None:
    pos = with_cimmerians("gamir")
    put(pos, "cimmerians-hb3-1", "arzashkun")
    run(pos, lambda ctx: HOOKS.notify_control_changed(ctx, "arzashkun", "urartu", "cimmerians"))
    assert pos.state["countries"]["urartu"]["active"]
    assert ["cimmerians", "urartu"] in pos.state["wars"]
    assert pos.state["areas"]["arzashkun"]["pillage"] == 1


def test_10_1_nomads_play_no_events() -> None:
    pos = setup()
    assert not may_play_by(ctx_of(pos), 36, "cimmerians")


def test_10_1_nomads_conduct_no_diplomacy_and_declare_no_war() -> None:
    pos = with_cimmerians()
    from ashur.games.assyrian_wars.rules.politics.war import can_declare

    assert can_declare(ctx_of(pos), "cimmerians", "judah")[2] in ("7.4.2", "10.1")
    from ashur.games.assyrian_wars.rules.politics.diplomacy import is_diplomat

    assert not is_diplomat(ctx_of(pos), "cimmerians")


def test_7_1_a_tribe_without_forces_on_the_map_is_defeated() -> None:
    pos = with_cimmerians()
    marker(pos, "cimmerians", "assyria", 13)
    for pid in CIMMERIANS:
        put(pos, pid, "regroup")
    run(pos, nomads.check_defeat)
    assert not pos.state["countries"]["cimmerians"]["active"]
    assert pos.state["diplo"]["cimmerians"]["value"] == 0
    pos.assert_logged(rule="7.1", key="aw.nomads_defeated", nation="cimmerians")


def test_10_1_interphase_back_to_full_strength_where_the_tribe_is() -> None:
    pos = with_cimmerians("tushpa")
    pos.state["pieces"]["cimmerians-hb3-1"]["red"] = True
    put(pos, "cimmerians-hb3-2", "regroup")
    put(pos, "cimmerians-hb3-3", "pool")
    run(pos, nomads.reinforcement)
    for pid in CIMMERIANS:
        assert pos.state["pieces"][pid]["loc"] == "tushpa" and not pos.state["pieces"][pid]["red"]


def test_10_1_returning_units_join_a_besieged_tribe_inside_its_city() -> None:
    """10.1 'where the remaining nomads are' + 6.12: the tribe's leader holds the city of Samal while an
    Assyrian force besieges it; the returning units join the leader inside the city, not the besiegers
    outside (the fuzzer's finding, Rise and Fall)."""
    pos = with_cimmerians("samal")
    for pid in CIMMERIANS[:-1]:
        put(pos, pid, "pool")
    put(pos, "cimmerians-teushpa", "samal", city=True)
    besieger = units_of(pos, "assyria", 1)[0]
    put(pos, besieger, "samal")
    run(pos, nomads.reinforcement)
    for pid in CIMMERIANS:
        p = pos.state["pieces"][pid]
        assert (p["loc"], p["city"]) == ("samal", True)
    assert enemies_together(ctx_of(pos)) == []


def test_10_1_a_completely_eliminated_tribe_returns_at_its_starting_area() -> None:
    pos = with_cimmerians("tushpa")
    for pid in CIMMERIANS:
        put(pos, pid, "pool")
    pos.state["countries"]["cimmerians"]["entered"] = True
    run(pos, nomads.reinforcement)
    assert all(pos.state["pieces"][p]["loc"] == "gamir" for p in CIMMERIANS)


def test_10_1_1_the_player_chooses_where_returning_units_join() -> None:
    pos = with_cimmerians("tushpa")
    put(pos, "cimmerians-hb3-1", "musasir")
    put(pos, "cimmerians-hb3-2", "regroup")
    run(pos, nomads.reinforcement)
    assert pos.ids("assyria") == ["reinforce:musasir", "reinforce:tushpa"]
    pos.act("assyria", "reinforce:musasir")
    assert pos.state["pieces"]["cimmerians-hb3-2"]["loc"] == "musasir"


def test_10_1_returning_units_do_not_join_a_lone_leader_among_enemy_units() -> None:
    """10.1 + 6.12: the tribe's leader stands alone beside Scythian units (enemies, 10.1); its other units
    are in Musasir. The returning units join those (no choice is offered), not the lone leader."""
    pos = with_cimmerians("musasir")
    put(pos, "cimmerians-teushpa", "tushpa")
    put(pos, "cimmerians-hb3-2", "regroup")
    for pid in units_of(pos, "scythians", 2, "setup"):
        put(pos, pid, "tushpa")
    run(pos, nomads.reinforcement)
    assert top(pos)["step"] != "nomad_reinforce"
    assert pos.state["pieces"]["cimmerians-hb3-2"]["loc"] == "musasir"
    assert enemies_together(ctx_of(pos)) == []


def test_10_1_returning_units_appear_next_to_enemies_that_stand_with_their_only_leader() -> None:
    """10.1 + 6.12: when the tribe's only pieces are a lone leader beside enemy units, the returning units
    appear in the nearest area without enemy forces (as a tribe brought back at its starting area does)."""
    pos = with_cimmerians("tushpa")
    for pid in CIMMERIANS[:-1]:
        put(pos, pid, "pool")
    for pid in units_of(pos, "scythians", 2, "setup"):
        put(pos, pid, "tushpa")
    run(pos, nomads.reinforcement)
    dest = pos.state["pieces"]["cimmerians-hb3-1"]["loc"]
    assert dest != "tushpa" and dest in content().areas
    assert all(pos.state["pieces"][p]["loc"] == dest and not pos.state["pieces"][p]["city"] for p in CIMMERIANS[:-1])
    assert pos.state["pieces"]["cimmerians-teushpa"]["loc"] == "tushpa"
    assert enemies_together(ctx_of(pos)) == []


def test_10_1_returning_units_of_a_tribe_do_not_join_the_other_tribe_in_a_campaign_game() -> None:
    """10.1 + 6.12, a fuzz game (campaign seed 180539089925102, before card events): the Cimmerians, wiped
    out, come back at Gamir, where only the Scythian leader Ishpakai stands; the Scythians' returning units
    used to be offered Gamir too and stood there among the Cimmerians (at war, 10.1). They now join the
    Scythians in Diauehi, the only area where they may."""
    from pathlib import Path

    from ashur.core.replay import replay
    from ashur.core.savefile import load
    from ashur.games.assyrian_wars.game import GAME

    match = replay(load(Path(__file__).parent / "saves" / "10_1_returning_units_beside_the_other_tribe.ashur.json"))
    assert not any(a["id"].startswith("reinforce:") for r in match.active() for a in GAME.legal_actions(match.state, r))
    pieces = match.state["pieces"]
    assert {p["loc"] for p in pieces.values() if p["nation"] == "scythians" and p["kind"] == "unit"} == {"diauehi"}
    assert enemies_together(Ctx(match.state, content())) == []


def test_10_1_2_timetable_orders_until_allied() -> None:
    pos = with_cimmerians()
    pos.state["nomad_orders"] = {"cimmerians": {"kind": "harass_exclusively", "target": "urartu"}}
    ctx = ctx_of(pos)
    assert nomads.may_attack(ctx, "cimmerians", "urartu")[0]
    assert nomads.may_attack(ctx, "cimmerians", "phrygia") == (False, "the cimmerians harass urartu exclusively "
                                                                      "(timetable)", "10.1.2")
    marker(pos, "cimmerians", "assyria", 12)
    from ashur.games.assyrian_wars.rules.politics.markers import set_marker

    run(pos, lambda c: set_marker(c, "cimmerians", "assyria", 13, "6.9"))
    assert "cimmerians" not in pos.state["nomad_orders"]


def test_10_1_1_no_senseless_one_unit_attacks_a_full_army_when_available() -> None:
    pos = with_cimmerians()
    ctx = ctx_of(pos)
    assert nomads.attack_allowed(ctx, "cimmerians", ["cimmerians-hb3-1"])[0] is False
    assert nomads.attack_allowed(ctx, "cimmerians", CIMMERIANS)[0] is True


def test_10_1_arab_and_aramaean_units_are_not_rebuilt() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    arab = next(pid for pid, p in pos.state["pieces"].items() if p["nation"] == "arabs")
    assert not nomads.may_rebuild(ctx, arab)
    assert nomads.may_rebuild(ctx, "assyria-hi4-1")


def _nomad_move(pos, first: str):  # type: ignore[no-untyped-def]
    from tests.assyrian_wars.politicskit import impulse, role

    impulse(pos, "cimmerians")
    r = role(pos, "cimmerians")
    pos.act(r, f"move:{first}")
    return r


def test_10_1_1_a_lone_unit_or_less_than_a_full_army_may_not_attack() -> None:
    """10.1.1: the player of a tribe no power is allied to attacks only with a full army when one is there."""
    pos = with_cimmerians("gamir")
    put(pos, "urartu-b2-1", "etiuni")
    r = _nomad_move(pos, "cimmerians-hb3-1")
    assert "to:etiuni" not in pos.ids(r) and "to:diauehi" in pos.ids(r)
    exc = pos.assert_illegal(r, "to:etiuni", rule="10.1.1")
    assert "one-unit" in exc.reason
    pos = with_cimmerians("gamir")
    put(pos, "urartu-b2-1", "etiuni")
    r = _nomad_move(pos, "cimmerians-teushpa")
    pos.act(r, "pickup:cimmerians-hb3-1")
    pos.assert_illegal(r, "to:etiuni", rule="10.1.1")
    for pid in CIMMERIANS[1:6]:
        pos.act(r, f"pickup:{pid}")
    assert "to:etiuni" in pos.ids(r)  # the full army attacks


def test_10_1_2_a_tribe_harassing_one_minor_attacks_nobody_else() -> None:
    pos = with_cimmerians("gamir")
    pos.state["nomad_orders"] = {"cimmerians": {"kind": "harass_exclusively", "target": "urartu"}}
    put(pos, "urartu-b2-1", "etiuni")
    put(pos, "assyria-hi4-1", "diauehi")
    r = _nomad_move(pos, "cimmerians-teushpa")
    for pid in CIMMERIANS[:6]:
        pos.act(r, f"pickup:{pid}")
    assert "to:etiuni" in pos.ids(r)
    exc = pos.assert_illegal(r, "to:diauehi", rule="10.1.2")
    assert "exclusively" in exc.reason
