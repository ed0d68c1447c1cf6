"""7.4.3 peace, 7.4.6 a minor at war becomes allied, 10.4.f coexistence, 5.2.3 consequences of tribute."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.asking import ask
from ashur.games.assyrian_wars.rules.course.sequence import turn_end
from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.politics.markers import set_marker
from ashur.games.assyrian_wars.rules.politics.war import dow_cost
from tests.assyrian_wars.politicskit import ctx_of, impulse, marker, put, run, setup, top, units_of, war


def test_7_4_3_peace_for_a_home_card_returned_at_the_turn_end() -> None:
    pos = setup()
    war(pos, "egypt", "mede")
    impulse(pos, "mede")
    pos.act("mede", "peace:egypt:card4")
    pos.act("egypt", "peace:accept")
    assert not ctx_of(pos).at_war("egypt", "mede")
    assert 4 in pos.state["countries"]["egypt"]["hand"] and 4 not in pos.state["countries"]["mede"]["hand"]
    run(pos, turn_end)
    assert 4 in pos.state["countries"]["mede"]["hand"] and 4 not in pos.state["countries"]["egypt"]["hand"]


def test_7_4_3_peace_rejected_and_asked_once_per_impulse() -> None:
    pos = setup()
    war(pos, "egypt", "mede")
    impulse(pos, "mede")
    pos.act("mede", "peace:egypt:none")
    pos.act("egypt", "peace:reject")
    assert ctx_of(pos).at_war("egypt", "mede")
    assert not any(i.startswith("peace:egypt") for i in pos.ids("mede"))
    pos.assert_illegal("mede", "peace:egypt:none", rule="7.4.3")


def test_7_4_3_peace_between_the_camps_only_with_assyria() -> None:
    pos = setup()
    pos.state["countries"]["egypt"]["camp"] = "assyrian"
    impulse(pos, "egypt")
    pos.assert_illegal("egypt", "peace:babylonia:none", rule="7.4.1")


def test_7_4_3_peace_ends_the_wars_caused_by_the_declaration() -> None:
    pos = setup()
    marker(pos, "syria", "mede", 14)
    run(pos, lambda ctx: __import__("ashur.games.assyrian_wars.rules.politics.war", fromlist=["x"]).declare_war(
        ctx, "egypt", "mede"))
    assert ctx_of(pos).at_war("egypt", "syria")
    impulse(pos, "mede")
    pos.act("mede", "peace:egypt:none", )
    pos.act("egypt", "peace:accept")
    ctx = ctx_of(pos)
    assert not ctx.at_war("egypt", "mede") and not ctx.at_war("egypt", "syria")


def test_7_4_3_a_war_with_an_unallied_minor_ends_with_the_powers_consent() -> None:
    pos = setup()
    run(pos, lambda ctx: ask(ctx, "minor_war_end", "assyria", rule="7.4.3", minor="israel"))
    pos.act("assyria", "minor_war_end:end")
    assert not ctx_of(pos).at_war("assyria", "israel")
    # 3.4: an unallied minor no longer at war is inactive
    assert not pos.state["countries"]["israel"]["active"]
    assert pos.state["pieces"]["israel-ch3-1"]["loc"] == "homecard"


def test_7_4_3_alliance_ending_ends_the_wars_of_the_alliance() -> None:
    pos = setup()
    marker(pos, "syria", "mede", 13)
    run(pos, lambda ctx: relations.alliance_joins_wars(ctx, "syria", "mede"))
    war(pos, "mede", "egypt")
    run(pos, lambda ctx: relations.alliance_joins_wars(ctx, "syria", "mede"))
    assert relations.explicit(ctx_of(pos), "syria", "egypt")
    run(pos, lambda ctx: set_marker(ctx, "syria", "mede", 12, "6.11.c"))
    assert not ctx_of(pos).at_war("syria", "egypt")


def test_7_4_6_a_minor_at_war_becomes_allied_free_declaration() -> None:
    pos = setup()
    marker(pos, "israel", "egypt", 12)
    impulse(pos, "egypt")
    pos.act("egypt", "diplo:israel", "spaces:1")
    assert top(pos)["step"] == "ally_war_choice"
    assert pos.ids("egypt") == ["free_dow", "propose_peace", "no"]
    pos.act("egypt", "free_dow")
    assert ctx_of(pos).at_war("egypt", "assyria")
    pos.assert_logged(rule="7.4.6", key="aw.free_declaration", country="egypt", target="assyria")


def test_7_4_6_or_peace_with_the_consent_of_all_players() -> None:
    pos = setup()
    marker(pos, "israel", "egypt", 12)
    impulse(pos, "egypt")
    pos.act("egypt", "diplo:israel", "spaces:1", "propose_peace")
    pos.act("assyria", "minor_peace:accept")
    assert not ctx_of(pos).at_war("assyria", "israel")


def test_5_2_3_alliance_with_assyria_ends_wars_with_tribute_payers() -> None:
    pos = setup()
    war(pos, "syria", "judah")
    marker(pos, "syria", "assyria", 12)
    impulse(pos, "assyria")
    pos.act("assyria", "diplo:syria", "spaces:1")
    assert not ctx_of(pos).at_war("syria", "judah")
    pos.assert_logged(rule="5.2.3", key="aw.tribute_payer_peace", country="syria", other="judah")


def test_5_2_3_stopping_a_tribute_paid_by_decision_invites_a_free_attack() -> None:
    pos = setup()
    pos.state["tribute"].append({"payer": "egypt", "to": "assyria", "amount": 2, "why": "decision"})
    assert dow_cost(ctx_of(pos), "assyria", "egypt") == 15
    impulse(pos, "egypt")
    pos.act("egypt", "stop_tribute:egypt")
    assert not any(t["payer"] == "egypt" for t in pos.state["tribute"])
    assert dow_cost(ctx_of(pos), "assyria", "egypt") == 0


def test_10_4_f_coexistence_example() -> None:
    """Syria pays tribute to Assyria and stands at march on Babylonia's row: Assyrian and Babylonian forces
    may both be in Syria. Egypt declares war on Syria: its forces set up and coexist with the others. Egypt
    declares war on Babylonia with forces of both in one Syrian area: nobody relocates, a battle is due.
    Babylonia allies with Syria: Syria is now at war with Assyria, whose forces leave; Egypt's stay."""
    pos = setup()
    marker(pos, "syria", "babylonia", 10)
    pos.state["refused"].pop("syria")
    pos.state["tribute"].append({"payer": "syria", "to": "assyria", "amount": 1, "why": "check"})
    asy = units_of(pos, "assyria", 1)[0]
    bab = units_of(pos, "babylonia", 1)[0]
    egy = units_of(pos, "egypt", 1)[0]  # placed in Hauran after the declaration on Syria
    put(pos, asy, "zobah")
    put(pos, bab, "hauran")
    impulse(pos, "egypt", ap=40)
    pos.act("egypt", "dow:syria")
    assert pos.state["countries"]["syria"]["active"]
    assert pos.state["pieces"][asy]["loc"] == "zobah" and pos.state["pieces"][bab]["loc"] == "hauran"
    put(pos, egy, "hauran")
    pos.act("egypt", "dow:babylonia")
    pos.act("assyria", "camp_assyria:reject")
    # nobody relocates: the battle is fought by the battle rules' war_declared hook (after the relocations)
    assert not any(e["key"] == "aw.relocated" and e["params"]["area"] == "hauran" for e in pos.log)
    syr = next(pid for pid, p in pos.state["pieces"].items() if p["nation"] == "syria" and p["kind"] == "unit"
               and p["loc"] in pos.state["areas"])
    asy2 = units_of(pos, "assyria", 1)[0]
    put(pos, syr, "tadmor")
    put(pos, asy2, "tadmor")
    impulse(pos, "babylonia")
    pos.act("babylonia", "diplo:syria", "spaces:3")
    assert ctx_of(pos).at_war("syria", "assyria")
    assert top(pos)["step"] == "relocation_choice" and top(pos)["area"] == "zobah"  # 8.1: several nearest areas
    pos.act("assyria", pos.ids("assyria")[0])
    assert pos.state["pieces"][asy]["loc"] != "zobah"
    assert not any(e["key"] == "aw.relocated" and e["params"]["country"] == "egypt" for e in pos.log)
    assert not any(t["payer"] == "syria" and t["to"] == "assyria" for t in pos.state["tribute"])
    # new enemies through an alliance, together in no-man's land: they fight at once (10.4.f)
    pos.assert_logged(rule="10.4.f", key="aw.coexistence_battle", area="tadmor")
    assert any(f["step"] == "battle" and f["area"] == "tadmor" for f in pos.state["stack"]) or any(
        e["key"] == "aw.battle_result" and e["params"].get("area") == "tadmor" for e in pos.log)


def test_10_4_f_without_the_egyptian_war_babylonia_may_declare_for_free() -> None:
    pos = setup()
    marker(pos, "syria", "babylonia", 10)
    impulse(pos, "egypt", ap=40)
    pos.act("egypt", "dow:syria")
    impulse(pos, "babylonia")
    pos.act("babylonia", "diplo:syria", "spaces:3")
    assert top(pos)["step"] == "ally_war_choice"
    assert "free_dow" in pos.ids("babylonia")
    pos.act("babylonia", "no")
    assert not ctx_of(pos).at_war("babylonia", "egypt")


def test_7_4_3_tribute_agreed_in_the_interphase_is_paid_next_turn() -> None:
    pos = setup()
    war(pos, "egypt", "mede")
    pos.state["stack"].append({"step": "interphase", "slot": 999})
    run(pos, lambda ctx: __import__("ashur.games.assyrian_wars.rules.politics.peace", fromlist=["x"]).propose(
        ctx, "mede", "egypt", "tribute", "7.4.3"))
    pos.act("egypt", "peace:accept")
    assert pos.state["tribute_next"] == [{"payer": "mede", "to": "egypt", "why": "peace"}]
    from ashur.games.assyrian_wars.rules.politics.peace import pay_agreed_tribute

    pos.state["tribute"] = []
    run(pos, pay_agreed_tribute)
    assert pos.state["tribute"] == [{"payer": "mede", "to": "egypt", "amount": 2, "why": "peace"}]
