"""7.4.2 declarations of war, 7.4.1 camps, 6.17 activation of an attacked minor, 8.1 relocations."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics.war import dow_cost
from tests.assyrian_wars.politicskit import ctx_of, impulse, marker, put, role, setup, top, units_of, war


def test_7_4_2_costs_during_a_turn() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    assert dow_cost(ctx, "egypt", "phrygia") == 5
    assert dow_cost(ctx, "egypt", "mede") == 10
    assert dow_cost(ctx, "israel", "egypt") == 5
    assert dow_cost(ctx, "egypt", "malatia") == 0
    # 5.2.3: Assyria against a tribute payer, a refuser
    assert dow_cost(ctx, "assyria", "judah") == 10
    assert dow_cost(ctx, "assyria", "syria") == 0
    pos.state["tribute"].append({"payer": "egypt", "to": "assyria", "amount": 2, "why": "decision"})
    assert dow_cost(ctx, "assyria", "egypt") == 15


def test_7_4_2_free_in_the_interphase() -> None:
    pos = setup()
    pos.state["stack"].append({"step": "interphase", "slot": 99})
    assert dow_cost(ctx_of(pos), "egypt", "mede") == 0


def test_7_4_2_6_17_war_on_an_inactive_minor_activates_it() -> None:
    pos = setup()
    impulse(pos, "egypt")
    pos.act("egypt", "dow:phrygia")
    pos.assert_logged(rule="7.4.2", key="aw.spend", what="declaration_of_war", ap=5)
    co = pos.state["countries"]["phrygia"]
    assert co["active"] and pos.state["pieces"]["phrygia-midas"]["loc"] == "gordion"
    assert len(co["hand"]) == 2 and 17 in co["hand"]
    assert pos.state["control"].get("phrygia") is not None  # 7.4.5: someone plays it
    assert ctx_of(pos).at_war("egypt", "phrygia")


def test_7_4_2_own_points_lost_marker_to_the_war_box() -> None:
    pos = setup()
    impulse(pos, "egypt")
    pos.act("egypt", "dow:phoenicia")
    d = pos.state["diplo"]["phoenicia"]
    assert (d["power"], d["value"], d["war"]) == (None, 0, ["egypt"])
    pos.assert_logged(rule="7.4.2", key="aw.points_lost", power="egypt", minor="phoenicia")


def test_7_4_2_another_powers_points_stay_a_unit_goes_to_the_war_box() -> None:
    pos = setup()
    impulse(pos, "mede")
    pos.act("mede", "dow:phoenicia")
    d = pos.state["diplo"]["phoenicia"]
    assert (d["power"], d["value"], d["war"]) == ("egypt", 5, ["mede"])


def test_7_4_2_war_on_a_power_is_war_on_its_camp_and_allied_minors() -> None:
    pos = setup()
    marker(pos, "syria", "elam", 14)
    impulse(pos, "egypt")
    pos.act("egypt", "dow:babylonia")
    ctx = ctx_of(pos)
    assert ctx.at_war("egypt", "babylonia") and ctx.at_war("egypt", "elam") and ctx.at_war("egypt", "syria")
    assert not ctx.at_war("egypt", "assyria")
    # 7.4.1: a neutral power attacking a rebel asks to join the Assyrian camp: Assyria must consent
    assert top(pos)["step"] == "ask" and top(pos)["kind"] == "camp_assyria"
    vp = pos.state["countries"]["egypt"]["vp"]
    pos.act("assyria", "camp_assyria:reject")
    assert pos.state["countries"]["egypt"]["camp"] is None
    assert pos.state["countries"]["egypt"]["vp"] == vp + 1  # 8.3: entry refused
    assert ctx_of(pos).at_war("egypt", "elam")


def test_7_4_1_joining_the_assyrian_camp_with_consent() -> None:
    pos = setup()
    impulse(pos, "egypt")
    vp = pos.state["countries"]["assyria"]["vp"]
    pos.act("egypt", "camp:assyrian")
    pos.assert_logged(rule="7.4.1", key="aw.spend", what="join_camp", ap=10)
    pos.act("assyria", "camp_assyria:accept")
    assert pos.state["countries"]["egypt"]["camp"] == "assyrian"
    assert ctx_of(pos).allied("egypt", "assyria") and ctx_of(pos).at_war("egypt", "babylonia")
    assert pos.state["countries"]["assyria"]["vp"] == vp + 3  # 8.3: alliance with a power


def test_7_4_1_without_assyrias_consent_refused_and_only_once_a_turn() -> None:
    pos = setup()
    impulse(pos, "egypt", ap=30)
    pos.act("egypt", "camp:assyrian")
    pos.act("assyria", "camp_assyria:reject")
    assert pos.state["countries"]["egypt"]["camp"] is None
    pos.assert_logged(rule="7.4.1", key="aw.camp_refused", country="egypt", camp="assyrian")
    exc = pos.assert_illegal("egypt", "camp:rebel", rule="7.4.1")
    assert "one attempt" in str(exc)


def test_7_4_1_a_power_cannot_change_camp_during_a_game_turn() -> None:
    pos = setup()
    impulse(pos, "babylonia", ap=30)
    pos.assert_illegal(role(pos, "babylonia"), "camp:assyrian", rule="7.4.1")
    pos.assert_illegal(role(pos, "babylonia"), "dow:elam", rule="7.4.1")


def test_7_4_1_a_neutral_power_attacked_by_a_camp_enters_the_other_camp() -> None:
    pos = setup()
    impulse(pos, "babylonia")
    pos.act("babylonia", "dow:egypt")
    assert top(pos)["kind"] == "camp_assyria"
    pos.act("assyria", "camp_assyria:accept")
    assert pos.state["countries"]["egypt"]["camp"] == "assyrian"


def test_7_4_1_rebels_at_war_with_a_newcomer_may_reject_it() -> None:
    pos = setup()
    war(pos, "elam", "mede")
    impulse(pos, "mede")
    pos.act("mede", "camp:rebel")
    assert top(pos)["kind"] == "camp_rebel"
    assert role(pos, top(pos)["who"]) == "elam"
    pos.act("elam", "camp_rebel:reject")
    assert pos.state["countries"]["mede"]["camp"] is None


def test_7_4_2_the_allied_power_may_declare_war_for_free() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 14)
    impulse(pos, "assyria")
    pos.act("assyria", "dow:syria")
    assert top(pos)["kind"] == "free_dow"
    pos.act("egypt", "free_dow:declare")
    ctx = ctx_of(pos)
    assert ctx.at_war("egypt", "assyria")
    pos.assert_logged(rule="7.4.2", key="aw.free_declaration", country="egypt", target="assyria")
    # 7.4.1: the neutral Egypt now joins the rebels, nobody at war with it there
    assert pos.state["countries"]["egypt"]["camp"] == "rebel"


def test_7_4_2_new_enemies_leave_each_others_territory() -> None:
    pos = setup()
    eg = units_of(pos, "egypt", 1)[0]
    me = units_of(pos, "mede", 1)[0]
    put(pos, eg, "kishesim")
    put(pos, me, "heliopolis")
    impulse(pos, "egypt")
    pos.act("egypt", "dow:mede")
    assert pos.state["pieces"][eg]["loc"] not in ("kishesim",)
    assert pos.state["pieces"][me]["loc"] != "heliopolis"
    pos.assert_logged(rule="7.4.2", key="aw.relocated", area="heliopolis")


def test_8_1_no_friendly_land_path_means_the_regroup_box() -> None:
    pos = setup()
    eg = units_of(pos, "egypt", 1)[0]
    put(pos, eg, "cyprus")  # an island: no land connection at all
    impulse(pos, "mede")
    pos.act("mede", "diplo:phrygia", "spaces:1")  # any political change settles the territory
    assert pos.state["pieces"][eg]["loc"] == "regroup"


def test_8_1_forces_of_a_country_at_peace_below_march_relocate() -> None:
    pos = setup()
    unit = units_of(pos, "egypt", 1)[0]
    put(pos, unit, "tushpa")
    impulse(pos, "mede")
    pos.act("mede", "diplo:phrygia", "spaces:1")
    assert pos.state["pieces"][unit]["loc"] != "tushpa"
    pos.assert_logged(rule="8.1", key="aw.relocated", country="egypt", area="tushpa")


def test_7_4_1_a_power_made_neutral_by_tribute_cannot_attack_its_old_camp() -> None:
    pos = setup()
    for p in pos.state["countries"].values():
        p["camp_start"] = p.get("camp")
    impulse(pos, "babylonia")
    pos.act("babylonia", "peace:assyria:tribute")
    pos.act("assyria", "peace:accept")
    assert pos.state["countries"]["babylonia"]["camp"] is None
    assert {"payer": "babylonia", "to": "assyria", "amount": 2, "why": "peace"} in pos.state["tribute"]
    exc = pos.assert_illegal("babylonia", "dow:elam", rule="7.4.1")
    assert "start of the turn" in str(exc)
