"""7.4 politics in the Interphase: minor wars, free declarations, camp changes, peace; 7.1 in the Interphase."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import conquest, politics_phase
from tests.assyrian_wars.politicskit import ctx_of, hold, run, setup, top


def interphase(pos, fn) -> None:  # type: ignore[no-untyped-def]
    pos.state["stack"].append({"step": "interphase", "slot": 999})
    run(pos, fn)


def test_7_4_3_the_power_consents_to_end_a_war_with_an_unallied_minor() -> None:
    pos = setup()
    interphase(pos, politics_phase.interphase)
    assert top(pos)["kind"] == "minor_war_end" and top(pos)["who"] == "assyria"
    pos.act("assyria", "minor_war_end:continue")
    assert top(pos)["kind"] == "minor_war_end" and top(pos)["who"] == "mede"
    pos.act("mede", "minor_war_end:end")
    assert not ctx_of(pos).at_war("mede", "persia")
    assert ctx_of(pos).at_war("assyria", "israel")


def test_7_4_free_declarations_and_camp_changes_in_impulse_track_order() -> None:
    pos = setup()
    interphase(pos, politics_phase.interphase)
    pos.act("assyria", "minor_war_end:continue")
    pos.act("mede", "minor_war_end:continue")
    assert top(pos)["step"] == "politics_phase"
    ids = pos.ids("assyria")
    assert "ip_dow:egypt" in ids and "ip_camp:rebel" not in ids and ids[-1] == "done"
    pos.act("assyria", "done")
    ids = pos.ids("mede")
    assert "ip_camp:assyrian" in ids and "ip_camp:rebel" in ids
    pos.act("mede", "ip_camp:rebel")  # by a declaration of war on Assyria, free in the Interphase
    assert pos.state["countries"]["mede"]["camp"] == "rebel"
    assert not any(e["key"] == "aw.spend" for e in pos.log[-10:])
    assert "ip_camp:assyrian" not in pos.ids("mede")  # one attempt per turn


def test_7_4_1_changing_camp_in_the_interphase_needs_assyrias_consent() -> None:
    pos = setup()
    interphase(pos, politics_phase.interphase)
    pos.act("assyria", "minor_war_end:continue")
    pos.act("mede", "minor_war_end:continue")
    pos.act("assyria", "done")
    pos.act("mede", "done")
    pos.act("egypt", "done")
    assert "ip_camp:assyrian" in pos.ids("babylonia")
    pos.act("babylonia", "ip_camp:assyrian")
    pos.act("assyria", "camp_assyria:accept")
    assert pos.state["countries"]["babylonia"]["camp"] == "assyrian"
    assert ctx_of(pos).at_war("babylonia", "elam")


def test_7_4_2_a_free_declaration_in_the_interphase_costs_nothing() -> None:
    pos = setup()
    interphase(pos, politics_phase.interphase)
    pos.act("assyria", "minor_war_end:continue")
    pos.act("mede", "minor_war_end:continue")
    pos.act("assyria", "ip_dow:phrygia")
    assert ctx_of(pos).at_war("assyria", "phrygia")
    assert pos.state["countries"]["phrygia"]["active"]


def test_7_1_the_interphase_offers_the_conquest_checks_and_surrender() -> None:
    pos = setup()
    for aid in ("susa", "madaktu", "bit_imbi", "huhnur"):
        hold(pos, aid, "assyria")
    interphase(pos, conquest.interphase)
    assert top(pos)["kind"] == "conquest_check" and top(pos)["who"] == "assyria"
    pos.fix_dice(6)
    pos.act("assyria", "conquest_check:roll")
    assert top(pos)["kind"] == "surrender_offer" and top(pos)["who"] == "elam"
    pos.act("elam", "surrender_offer:offer")
    pos.act("assyria", "surrender:accept")
    assert pos.state["conquered"]["elam"][0]["surrender"] is True
