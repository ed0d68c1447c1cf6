"""Cards 1 Deportation, 4 Gathering the Tribes and 103 Rich Harvest (6.11.i, 6.8.4, 7.1), the 9.4 conversion
of a unit into an ECO +1 marker, and the finite stock of ECO markers (2.2, 10.4.a)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import deportation
from ashur.games.assyrian_wars.rules.politics.stock import eco_stock_left
from tests.assyrian_wars.cards.economykit import deal, impulse_of, pass_windows, play, role, setup, top
from tests.assyrian_wars.politicskit import ctx_of, hold, put, run


def use_up_eco_plus(pos) -> None:  # type: ignore[no-untyped-def]
    """Every ECO +1 marker of the stock is in play (in the Mede Far East box)."""
    pos.state["far_east_eco"] = eco_stock_left(ctx_of(pos), "eco_plus") + int(pos.state.get("far_east_eco", 0))
    assert eco_stock_left(ctx_of(pos), "eco_plus") == 0


# --- 1 Deportation --------------------------------------------------------------------------------------
def test_6_8_4_card_1_deportation_moves_the_people_of_two_cities() -> None:
    pos = setup()
    hold(pos, "damascus", "assyria")
    hold(pos, "hamath", "assyria")
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 1)
    before = eco_stock_left(ctx_of(pos), "eco_plus")
    play(pos, "assyria", 1)
    pos.assert_logged(rule="6.11", key="aw.card_event", card=1, card_rule="6.11.i")
    pos.assert_logged(rule="6.11", key="aw.spend", what="event", ap=2)
    assert top(pos)["step"] == "card_deport"
    assert pos.ids("assyria") == ["deport_from:damascus", "deport_from:hamath"]
    pos.act("assyria", "deport_from:damascus")
    assert "deport_to:nineveh" in pos.ids("assyria") and "deport_to:damascus" not in pos.ids("assyria")
    pos.act("assyria", "deport_to:nineveh")
    assert pos.ids("assyria") == ["deport_from:hamath", "deport_stop"]  # damascus holds its ECO -1 already
    pos.act("assyria", "deport_from:hamath", "deport_to:nineveh")
    areas = pos.state["areas"]
    assert areas["damascus"]["eco_minus"] == 1 and areas["hamath"]["eco_minus"] == 1
    assert areas["nineveh"]["eco_plus"] == 2
    assert top(pos)["step"] == "impulse"  # at most two at a time
    assert eco_stock_left(ctx_of(pos), "eco_plus") == before - 2
    pos.assert_logged(rule="6.8.4", key="aw.deportation_card", area="hamath", dest="nineveh")


def test_6_8_4_card_1_one_deportation_is_enough() -> None:
    pos = setup()
    hold(pos, "damascus", "assyria")
    hold(pos, "hamath", "assyria")
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 1)
    play(pos, "assyria", 1)
    pos.act("assyria", "deport_from:damascus", "deport_to:kalhu", "deport_stop")
    assert top(pos)["step"] == "impulse" and pos.state["areas"]["hamath"]["eco_minus"] == 0


def test_6_11_card_1_needs_a_foreign_city_of_assyria() -> None:
    pos = setup()
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 1)
    assert "card:1:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:1:event", rule="6.11")
    hold(pos, "damascus", "assyria")
    pos.state["areas"]["damascus"]["eco_minus"] = 1  # 6.8.4: one ECO -1 marker per area at most
    pos.assert_illegal("assyria", "card:1:event", rule="6.11")


def test_10_4_a_card_1_needs_an_eco_plus_marker_in_the_stock() -> None:
    pos = setup()
    hold(pos, "damascus", "assyria")
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 1)
    assert "card:1:event" in pos.ids("assyria")
    use_up_eco_plus(pos)
    pos.assert_illegal("assyria", "card:1:event", rule="6.11")
    ctx = ctx_of(pos)
    from ashur.games.assyrian_wars.cards.economy import check_deport

    assert "stock" in (check_deport(ctx, {"c": "assyria"}, None) or "")


def test_6_11_e_counter_measures_cancel_the_deportation() -> None:
    pos = setup()
    hold(pos, "damascus", "assyria")
    impulse_of(pos, "assyria")
    deal(pos, "assyria", 1)
    deal(pos, "babylonia", 58)
    pos.act("assyria", "card:1:event")
    frame = top(pos)
    while top(pos)["step"] == "window" and frame["order"][frame["i"]] != "babylonia":
        pos.act(role(pos, frame["order"][frame["i"]]), "pass")
        frame = top(pos)
    pos.act("babylonia", "choose:58")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", cancelled=1)
    assert pos.state["areas"]["damascus"]["eco_minus"] == 0 and top(pos)["step"] == "impulse"
    assert top(pos)["spent2"] == 0


# --- 4 Gathering the Tribes ---------------------------------------------------------------------------------
def test_6_8_4_card_4_puts_eco_plus_markers_into_the_far_east() -> None:
    pos = setup()
    impulse_of(pos, "mede")
    play(pos, "mede", 4)
    assert top(pos)["step"] == "choose_option"
    assert pos.ids("mede") == ["option:0"]  # the resurrection needs an eliminated Mede (7.1)
    pos.act("mede", "option:0")
    assert pos.state["far_east_eco"] == 1
    pos.assert_logged(rule="6.8.4", key="aw.far_east_eco", n=1)
    from ashur.games.assyrian_wars.rules.course.economy import map_income

    with_box = map_income(ctx_of(pos), "mede")[1]
    pos.state["far_east_eco"] = 0
    assert map_income(ctx_of(pos), "mede")[1] == with_box - 1  # 7.3.1: the box counts for the Mede


def test_10_4_a_card_4_finds_no_marker_when_the_stock_is_used_up() -> None:
    pos = setup()
    impulse_of(pos, "mede")
    use_up_eco_plus(pos)
    pos.assert_illegal("mede", "card:4:event", rule="6.11")


def eliminated_mede(pos) -> None:  # type: ignore[no-untyped-def]
    """7.1: the Mede is eliminated; its player plays the Scythians, who hold the Mede's home cards."""
    s = pos.state
    s["eliminated"] = {"mede": True}
    s["substitutes"] = {"scythians": "mede"}
    s["countries"]["mede"]["active"] = False
    s["countries"]["scythians"]["active"] = True
    for p in s["pieces"].values():
        if p["nation"] == "mede" and p["loc"] != "setup":
            p.update(loc="dead" if p["kind"] == "unit" else "pool", army=None, city=False)
    for n in (4, 5):
        s["countries"]["mede"]["hand"].remove(n)
        s["countries"]["scythians"]["hand"].append(n)


def test_7_1_card_4_raises_the_eliminated_mede_again() -> None:
    pos = setup(elimination=True)
    eliminated_mede(pos)
    impulse_of(pos, "scythians")
    play(pos, "scythians", 4)
    assert pos.ids("mede") == ["option:1"]  # played by the substitute: only the resurrection fits
    pos.act("mede", "option:1")
    pos.assert_logged(rule="7.1", key="aw.mede_revived")
    assert not pos.state["eliminated"].get("mede") and pos.state["countries"]["mede"]["active"]
    assert top(pos)["step"] == "card_resurrect"
    for _ in range(4):
        unit = pos.ids("mede")[0]
        pos.act("mede", unit, "area:ecbatana")
    assert top(pos)["step"] == "impulse"
    back = [p for p, q in pos.state["pieces"].items() if q["nation"] == "mede" and q["loc"] == "ecbatana"]
    assert len(back) == 4 and all(not pos.state["pieces"][p]["red"] for p in back)
    pos.assert_logged(rule="7.1", key="aw.mede_resurrected", n=4)
    assert pos.state["mede_resurrected"]
    assert 5 in pos.state["countries"]["mede"]["hand"]  # its home cards go back to the Mede
    # 6.8.4 / 7.1: after a resurrection no more ECO +1 markers go to the Far East
    assert deportation.far_east_refusal(ctx_of(pos))
    deal(pos, "mede", 4)
    impulse_of(pos, "mede")
    pos.assert_illegal("mede", "card:4:event", rule="6.11")


def test_7_1_card_4_brings_no_resurrection_without_the_elimination() -> None:
    pos = setup()
    impulse_of(pos, "mede")
    pos.state["far_east_eco"] = 0
    from ashur.games.assyrian_wars.cards.economy import check_resurrect
    from ashur.games.assyrian_wars.content.effects import ResurrectPower

    o = ResurrectPower(op="resurrect_power", nation="mede", place_units=4)
    assert "not been eliminated" in (check_resurrect(ctx_of(pos), {"c": "mede"}, o) or "")


# --- 103 Rich Harvest -----------------------------------------------------------------------------------
def test_6_8_4_card_103_puts_an_eco_plus_marker_on_a_home_city() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 103)
    pos.state["areas"]["memphis"]["eco_plus"] = 2
    play(pos, "egypt", 103)
    assert top(pos)["step"] == "card_eco_marker"
    assert "eco:memphis" not in pos.ids("egypt")  # 6.8.4: two ECO +1 markers at most
    pos.act("egypt", "eco:thebes")
    assert pos.state["areas"]["thebes"]["eco_plus"] == 1
    pos.assert_logged(rule="6.8.4", key="aw.card_eco_marker", country="egypt", area="thebes", card=103,
                      card_rule="6.11.i")
    pos.assert_logged(rule="6.11", key="aw.spend", what="event", ap=2)


def test_10_4_a_card_103_is_refused_when_the_stock_is_used_up() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    deal(pos, "egypt", 103)
    assert "card:103:event" in pos.ids("egypt")
    use_up_eco_plus(pos)
    pos.assert_illegal("egypt", "card:103:event", rule="6.11")


# --- 9.4 conversion of a unit into ECO ----------------------------------------------------------------------
def test_9_4_a_power_turns_a_strength_2_unit_into_an_eco_plus_marker() -> None:
    pos = setup()
    impulse_of(pos, "egypt", first_of_turn=True)
    unit = "egypt-li2-1"
    where = pos.state["pieces"][unit]["loc"]
    assert f"eco_convert:{unit}" in pos.ids("egypt")
    pos.act("egypt", f"eco_convert:{unit}")
    assert pos.state["pieces"][unit]["loc"] == "pool"
    pos.assert_logged(rule="9.4", key="aw.spend", ap=4)
    pos.assert_logged(rule="9.4", key="aw.eco_convert_disband", piece=unit, area=where)
    pos.act("egypt", "eco_city:sais")
    assert pos.state["areas"]["sais"]["eco_plus"] == 1
    pos.assert_logged(rule="9.4", key="aw.eco_convert", country="egypt", area="sais")
    pos.assert_illegal("egypt", "eco_convert:egypt-li2-3", rule="9.4")  # once a turn


def test_9_4_only_in_the_first_impulse_and_never_for_assyria() -> None:
    pos = setup()
    impulse_of(pos, "egypt")
    pos.assert_illegal("egypt", "eco_convert:egypt-li2-1", rule="9.4")
    impulse_of(pos, "assyria", first_of_turn=True)
    assert not [i for i in pos.ids("assyria") if i.startswith("eco_convert")]
    pos.assert_illegal("assyria", "eco_convert:assyria-li2-1", rule="9.4")


def test_9_4_10_4_a_no_conversion_without_an_eco_plus_marker_in_the_stock() -> None:
    pos = setup()
    impulse_of(pos, "egypt", first_of_turn=True)
    use_up_eco_plus(pos)
    pos.assert_illegal("egypt", "eco_convert:egypt-li2-1", rule="10.4.a")


def test_9_4_needs_the_standing_army_rule() -> None:
    pos = setup(standing_army=False)
    impulse_of(pos, "egypt", first_of_turn=True)
    pos.assert_illegal("egypt", "eco_convert:egypt-li2-1", rule="9.4")


# --- the stock -----------------------------------------------------------------------------------------
def test_10_4_a_plundered_markers_go_back_to_the_stock() -> None:
    pos = setup()
    pos.state["control"]["cimmerians"] = "assyria"
    pos.state["countries"]["urartu"]["active"] = True
    pos.state["areas"]["tushpa"]["eco_plus"] = 1
    before = eco_stock_left(ctx_of(pos), "eco_plus")
    put(pos, "cimmerians-hb3-1", "tushpa")
    hold(pos, "tushpa", "cimmerians")
    from ashur.games.assyrian_wars.rules.registry import HOOKS

    run(pos, lambda ctx: HOOKS.notify_control_changed(ctx, "tushpa", "urartu", "cimmerians"))
    assert eco_stock_left(ctx_of(pos), "eco_plus") == before + 1  # 6.8.4: returned to the marker pool
