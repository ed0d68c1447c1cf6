"""6.8.4 ECO deportation, the Deportation home card, the Mede Far East box, nomads' plunder (10.1)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import deportation
from ashur.games.assyrian_wars.rules.registry import HOOKS
from tests.assyrian_wars.politicskit import ctx_of, hold, put, run, setup, top


def take(pos, area: str, country: str) -> None:  # type: ignore[no-untyped-def]
    old = pos.state["areas"][area]["ctrl"]
    hold(pos, area, country)
    run(pos, lambda ctx: HOOKS.notify_control_changed(ctx, area, old, country))


def test_6_8_4_assyria_deports_where_it_likes_at_most_two() -> None:
    pos = setup()
    pos.state["areas"]["damascus"]["eco_plus"] = 3
    take(pos, "damascus", "assyria")
    assert top(pos)["step"] == "deportation"
    assert "deport:kalhu" in pos.ids("assyria") and "deport:tarsus" in pos.ids("assyria")
    pos.act("assyria", "deport:kalhu", "deport:kalhu")
    assert pos.state["areas"]["kalhu"]["eco_plus"] == 2 and pos.state["areas"]["damascus"]["eco_plus"] == 1
    assert top(pos)["step"] != "deportation"  # no more than 2 at one time


def test_6_8_4_no_destination_above_two_eco_plus_markers() -> None:
    pos = setup()
    pos.state["areas"]["kalhu"]["eco_plus"] = 2
    assert "kalhu" not in deportation.destinations(ctx_of(pos), "assyria", "damascus")


def test_6_8_4_others_to_the_nearest_eco_minus_marker() -> None:
    pos = setup()
    pos.state["areas"]["hamath"]["eco_plus"] = 1
    pos.state["areas"]["arpad"]["eco_minus"] = 1
    pos.state["areas"]["memphis"]["eco_minus"] = 1
    assert deportation.destinations(ctx_of(pos), "egypt", "hamath") == ["arpad"]
    pos.state["areas"]["arpad"]["eco_minus"] = 0
    pos.state["areas"]["memphis"]["eco_minus"] = 0
    dest = deportation.destinations(ctx_of(pos), "egypt", "hamath")
    assert "memphis" in dest and all(a in ctx_of(pos).c.home_areas("egypt") for a in dest)


def test_6_8_4_the_owner_retaking_its_area_deports_nothing() -> None:
    pos = setup()
    pos.state["areas"]["hamath"]["eco_plus"] = 1
    take(pos, "hamath", "syria")
    assert top(pos)["step"] != "deportation"


def test_6_8_4_10_1_nomads_plunder_7_ap_per_marker() -> None:
    pos = setup()
    pos.state["control"]["cimmerians"] = "assyria"
    # Urartu already active: taking its area is no attack that sets up its forces there (6.17), whose
    # battle with the tribe (10.4.f) is another test's business
    pos.state["countries"]["urartu"]["active"] = True
    pos.state["areas"]["tushpa"]["eco_plus"] = 1
    put(pos, "cimmerians-hb3-1", "tushpa")
    pos.state["pieces"]["cimmerians-hb3-1"]["red"] = True
    put(pos, "cimmerians-hb3-2", "regroup")
    take(pos, "tushpa", "cimmerians")
    assert pos.state["areas"]["tushpa"]["eco_plus"] == 0
    assert top(pos)["step"] == "nomad_build" and top(pos)["ap"] == 7
    pos.act("assyria", "rebuild:cimmerians-hb3-1", "regroup:cimmerians-hb3-2")
    assert top(pos)["step"] != "nomad_build"  # 2 AP left buy nothing more
    assert not pos.state["pieces"]["cimmerians-hb3-1"]["red"]
    assert pos.state["pieces"]["cimmerians-hb3-2"]["loc"] == "tushpa"


def test_6_8_4_the_deportation_home_card() -> None:
    pos = setup()
    hold(pos, "damascus", "assyria")
    ok, _ = run(pos, lambda ctx: deportation.deportation_card(ctx, "damascus", "nineveh"))
    assert ok and pos.state["areas"]["damascus"]["eco_minus"] == 1 and pos.state["areas"]["nineveh"]["eco_plus"] == 1
    ok, reason = run(pos, lambda ctx: deportation.deportation_card(ctx, "damascus", "kalhu"))
    assert not ok and "one ECO -1" in reason
    ok, reason = run(pos, lambda ctx: deportation.deportation_card(ctx, "hamath", "kalhu"))
    assert not ok and "control" in reason


def test_6_8_4_gathering_the_tribes_fills_the_far_east_box() -> None:
    pos = setup()
    assert run(pos, deportation.gathering_the_tribes)
    assert run(pos, deportation.gathering_the_tribes)
    assert pos.state["far_east_eco"] == 2
    pos.state["mede_resurrected"] = True
    assert not run(pos, deportation.gathering_the_tribes)


def test_2_2_the_marker_stock_is_finite() -> None:
    pos = setup()
    for aid in list(pos.state["areas"])[:16]:
        pos.state["areas"][aid]["eco_plus"] = 1
    assert deportation.stock_left(ctx_of(pos), "eco_plus") == 0
    hold(pos, "damascus", "assyria")
    ok, reason = run(pos, lambda ctx: deportation.deportation_card(ctx, "damascus", "arrapha"))
    assert not ok and "stock" in reason
