"""7.1 and 6.13 conquest: conditions, the check, effects, provinces, surrender, joint control, 10.4.c/d."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import conquest
from ashur.games.assyrian_wars.rules.politics.conquest_effects import check_provinces, conquer
from tests.assyrian_wars.politicskit import (
    ctx_of,
    hold,
    impulse,
    marker,
    put,
    resolve_relocations,
    run,
    setup,
    top,
    units_of,
    war,
)


def occupy(pos, nation: str, areas: list[str], by: str) -> list[str]:  # type: ignore[no-untyped-def]
    """`by` holds the areas with one land unit each."""
    units = units_of(pos, by, len(areas))
    for aid, pid in zip(areas, units, strict=True):
        hold(pos, aid, by)
        put(pos, pid, aid)
    return units


def test_7_1_example_1_three_cities_of_a_minor_without_its_capital() -> None:
    pos = setup()
    war(pos, "assyria", "syria")
    occupy(pos, "syria", ["hamath", "unqi", "arpad"], "assyria")
    impulse(pos, "assyria")
    assert "conquest:syria" in pos.ids("assyria")
    pos.fix_dice(4)
    pos.act("assyria", "conquest:syria")
    pos.assert_logged(rule="6.13", key="aw.conquest_check", target="syria", roll=4, modifier=0, cities=3,
                      success=False)
    pos2 = setup()
    war(pos2, "assyria", "syria")
    occupy(pos2, "syria", ["hamath", "unqi", "arpad"], "assyria")
    impulse(pos2, "assyria")
    pos2.fix_dice(3)
    pos2.act("assyria", "conquest:syria")
    assert pos2.state["conquered"]["syria"][0]["by"] == "assyria"


def test_7_1_example_2_four_cities_of_a_power_with_its_capital() -> None:
    """Assyria holds 4 Elamite cities, the capital one of them: 5 city points; it rolls 4, +2 against a
    power, 6: Elam is not conquered."""
    pos = setup()
    occupy(pos, "elam", ["susa", "madaktu", "bit_imbi", "huhnur"], "assyria")
    impulse(pos, "assyria")
    pos.fix_dice(4)
    pos.act("assyria", "conquest:elam")
    pos.assert_logged(rule="6.13", key="aw.conquest_check", target="elam", roll=4, modifier=2, cities=5,
                      success=False)
    assert "elam" not in pos.state["conquered"]


def test_7_1_example_3_all_square_home_areas_conquer_without_a_roll() -> None:
    pos = setup()
    war(pos, "assyria", "persia")
    occupy(pos, "persia", ["parsumash", "pasargadae", "parsa"], "assyria")
    impulse(pos, "assyria")
    pos.act("assyria", "end")
    pos.assert_logged(rule="7.1", key="aw.conquered_outright", target="persia", conqueror="assyria")
    assert pos.state["conquered"]["persia"][0]["by"] == "assyria"


def test_6_13_one_conquest_attempt_per_country_and_turn() -> None:
    pos = setup()
    occupy(pos, "elam", ["susa", "madaktu", "bit_imbi", "huhnur"], "assyria")
    impulse(pos, "assyria")
    pos.fix_dice(6)
    pos.act("assyria", "conquest:elam")
    pos.assert_illegal("assyria", "conquest:elam", rule="6.13")


def test_7_1_conditions_of_the_check() -> None:
    pos = setup()
    occupy(pos, "elam", ["madaktu", "bit_imbi", "huhnur", "aiapir"], "assyria")
    impulse(pos, "assyria")
    exc = pos.assert_illegal("assyria", "conquest:elam", rule="7.1")
    assert "5 home cities" in str(exc)
    ctx = ctx_of(pos)
    assert conquest.check_conditions(ctx, "mede", {"assyria": ["ecbatana"] * 9})[0] is False
    inv = {"babylonia": ["nineveh", "kalhu", "ashur", "arbela", "arrapha"]}
    assert not conquest.check_conditions(ctx, "assyria", inv)[0]
    inv["babylonia"].append("amedi")
    assert conquest.check_conditions(ctx, "assyria", inv)[0]
    assert conquest.modifier(ctx, "assyria") == 6


def test_7_1_the_mede_only_with_seven_cities_and_the_capital() -> None:
    pos = setup()
    war(pos, "assyria", "mede")
    cities = ["harhar", "kishesim", "ellipi", "zakruti", "partakka", "urakazabarna", "rhagae"]
    for aid in cities:
        hold(pos, aid, "assyria")
    assert not conquest.fully_occupied(ctx_of(pos), "mede")
    hold(pos, "ecbatana", "assyria")
    assert conquest.fully_occupied(ctx_of(pos), "mede")


def test_7_1_effects_of_the_conquest_of_a_minor() -> None:
    pos = setup()
    vp = pos.state["countries"]["assyria"]["vp"]
    run(pos, lambda ctx: conquer(ctx, "israel", ["assyria"], "7.1"))
    s = pos.state
    assert s["conquered"]["israel"] == [{"by": "assyria", "turn": 1, "grace_until": 2, "surrender": False}]
    assert s["diplo"]["israel"]["conquest"] == ["assyria"] and s["diplo"]["israel"]["war"] == []
    assert {"payer": "israel", "to": "assyria", "amount": 1, "why": "conquest"} in s["tribute"]
    assert not s["countries"]["israel"]["active"]
    assert s["pieces"]["israel-ch3-1"]["loc"] == "homecard"
    assert not ctx_of(pos).at_war("assyria", "israel")
    assert s["countries"]["assyria"]["vp"] == vp + 1


def test_7_1_effects_conquest_of_a_power_ends_its_alliances_with_2d6() -> None:
    pos = setup()
    marker(pos, "urartu", "elam", 14)
    marker(pos, "phrygia", "elam", 5)
    run(pos, lambda ctx: __import__("ashur.games.assyrian_wars.rules.politics.markers", fromlist=["x"]).minor_city_pact(
        ctx, "elam", "dilmun"))
    pos.fix_dice(1, 1, 2, 3)  # Urartu: 2 counts as 3 -> 11; Phrygia: 5 -> 0
    run(pos, lambda ctx: conquer(ctx, "elam", ["assyria"], "7.1"))
    s = pos.state
    assert s["diplo"]["urartu"]["value"] == 11 and s["diplo"]["urartu"]["power"] == "elam"
    assert s["diplo"]["phrygia"]["value"] == 0 and s["diplo"]["phrygia"]["power"] is None
    assert not s["diplo"]["dilmun"]["pact"]
    assert s["countries"]["elam"]["camp"] is None
    assert not ctx_of(pos).at_war("elam", "assyria")
    assert {"payer": "elam", "to": "assyria", "amount": 2, "why": "conquest"} in s["tribute"]


def test_7_1_areas_outside_the_home_country_return_and_forces_go_home() -> None:
    pos = setup()
    hold(pos, "der", "elam")
    unit = units_of(pos, "elam", 1)[0]
    put(pos, unit, "der")
    run(pos, lambda ctx: conquer(ctx, "elam", ["assyria"], "7.1"))
    resolve_relocations(pos)
    assert pos.state["areas"]["der"]["ctrl"] == "babylonia"
    assert pos.state["pieces"][unit]["loc"] in pos.state["areas"] and pos.state["pieces"][unit]["loc"] != "der"
    assert pos.state["pieces"][unit]["loc"] in ctx_of(pos).c.home_areas("elam")


def test_7_1_province_relocation_and_the_rest_back_to_the_conquered() -> None:
    pos = setup()
    war(pos, "assyria", "syria")
    units = occupy(pos, "syria", ["damascus", "hamath", "unqi", "arpad"], "assyria")
    impulse(pos, "assyria")
    pos.act("assyria", "end")
    assert top(pos)["step"] == "province"
    ids = pos.ids("assyria")
    assert "province:damascus" not in ids  # 7.1: never the capital
    assert ids == ["province:arpad", "province:hamath", "province:unqi", "no_province"]
    pos.act("assyria", "province:hamath")
    resolve_relocations(pos)
    s = pos.state
    assert s["areas"]["hamath"]["province"] == "assyria" and s["areas"]["hamath"]["ctrl"] == "assyria"
    assert s["pieces"][units[1]]["loc"] == "hamath"
    for pid in (units[0], units[2], units[3]):
        assert s["pieces"][pid]["loc"] not in ("damascus", "unqi", "arpad")
    assert s["areas"]["arpad"]["ctrl"] == "syria" and s["areas"]["damascus"]["ctrl"] == "syria"


def test_7_1_a_province_stays_only_while_garrisoned() -> None:
    pos = setup()
    s = pos.state
    s["areas"]["hamath"].update(province="assyria", ctrl="assyria")
    run(pos, check_provinces)
    assert s["areas"]["hamath"]["province"] is None and s["areas"]["hamath"]["ctrl"] == "syria"
    pos.assert_logged(rule="7.1", key="aw.province_ended", area="hamath")


def test_7_1_joint_control_the_most_areas_decide_all_count() -> None:
    pos = setup()
    pos.state["countries"]["egypt"]["camp"] = "assyrian"
    war(pos, "assyria", "syria")
    war(pos, "egypt", "syria")
    occupy(pos, "syria", ["hamath", "unqi"], "assyria")
    occupy(pos, "syria", ["arpad"], "egypt")
    ctx = ctx_of(pos)
    inv = conquest.invaders(ctx, "syria")
    assert conquest.designated(ctx, "syria", inv) == "assyria"
    assert conquest.city_points(ctx, conquest.all_areas(inv)) == 3
    impulse(pos, "egypt")
    exc = pos.assert_illegal("egypt", "conquest:syria", rule="7.1")
    assert "decides" in str(exc)


def test_7_1_surrender_offered_to_every_enemy_accepted() -> None:
    pos = setup()
    occupy(pos, "elam", ["madaktu", "bit_imbi", "huhnur"], "assyria")
    impulse(pos, "elam")
    pos.act("elam", "surrender")
    assert top(pos)["kind"] == "surrender"
    pos.act("assyria", "surrender:accept")
    assert pos.state["conquered"]["elam"][0] == {"by": "assyria", "turn": 1, "grace_until": 2, "surrender": True}


def test_7_1_surrender_rejected_earns_1_vp_and_once_a_turn() -> None:
    pos = setup()
    pos.state["vp_battles"] = [{"winners": ["assyria"], "losers": ["elam"], "vp": 3, "turn": 1}]
    impulse(pos, "elam")
    vp = pos.state["countries"]["elam"]["vp"]
    pos.act("elam", "surrender")
    pos.act("assyria", "surrender:reject")
    assert pos.state["countries"]["elam"]["vp"] == vp + 1
    pos.assert_illegal("elam", "surrender", rule="7.1")


def test_7_1_assyria_cannot_surrender() -> None:
    pos = setup()
    occupy(pos, "assyria", ["kalhu", "ashur", "arbela"], "babylonia")
    impulse(pos, "assyria")
    exc = pos.assert_illegal("assyria", "surrender", rule="7.1")
    assert "Assyria cannot surrender" in str(exc)


def test_7_1_conquest_of_assyria_by_allied_powers() -> None:
    pos = setup()
    occupy(pos, "assyria", ["nineveh", "kalhu", "ashur", "arbela", "arrapha", "nasibina"], "babylonia")
    occupy(pos, "assyria", ["dur_sharrukin", "amedi", "guzana", "harran", "til_barsip"], "elam")
    vp_b, vp_e = (pos.state["countries"][p]["vp"] for p in ("babylonia", "elam"))
    impulse(pos, "babylonia")
    pos.act("babylonia", "end")
    # 7.1 C: Babylonia, holding the most square home areas, names the conqueror (itself offered first)
    assert pos.ids("babylonia") == ["conqueror:babylonia", "conqueror:elam"]
    pos.act("babylonia", "conqueror:babylonia")
    s = pos.state
    assert [e["by"] for e in s["conquered"]["assyria"]] == ["babylonia", "elam"]
    assert s["assyria_conquered"]
    assert s["countries"]["babylonia"]["vp"] >= vp_b + 6 and s["countries"]["elam"]["vp"] >= vp_e + 6
    assert {"payer": "assyria", "to": "elam", "amount": 2, "why": "conquest"} in s["tribute"]


def test_10_4_c_multiple_conquest() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "israel", ["assyria"], "7.1"))
    run(pos, lambda ctx: conquer(ctx, "israel", ["egypt"], "7.1"))
    s = pos.state
    assert [e["by"] for e in s["conquered"]["israel"]] == ["assyria", "egypt"]
    assert s["diplo"]["israel"]["conquest"] == ["assyria", "egypt"]
    payees = [t["to"] for t in s["tribute"] if t["payer"] == "israel"]
    assert payees == ["assyria", "egypt"]


def test_10_4_c_provinces_of_others_need_not_be_taken() -> None:
    pos = setup()
    war(pos, "egypt", "syria")
    pos.state["areas"]["hamath"].update(province="assyria", ctrl="assyria")
    occupy(pos, "syria", ["damascus", "unqi", "arpad"], "egypt")
    assert conquest.fully_occupied(ctx_of(pos), "syria")


def test_10_4_d_simultaneous_conquest_the_next_in_track_order_rolls_first() -> None:
    pos = setup()
    pos.state["last_card_player"] = "mede"
    war(pos, "egypt", "elam")
    for aid in ["susa", "madaktu", "bit_imbi", "huhnur"]:
        hold(pos, aid, "egypt")
    for aid in ["memphis", "sais", "tanis", "bubastis"]:
        hold(pos, aid, "elam")
    ctx = ctx_of(pos)
    assert conquest.check_order(ctx)[:3] == ["egypt", "babylonia", "elam"]
    pos.state["stack"].append({"step": "conquest_phase", "stage": "checks", "asked": []})
    run(pos, lambda ctx: None)
    assert top(pos)["kind"] == "conquest_check" and top(pos)["who"] == "egypt"
    pos.fix_dice(1)
    pos.act("egypt", "conquest_check:roll")
    assert pos.state["conquered"]["elam"][0]["by"] == "egypt"
    assert "egypt" not in pos.state["conquered"]  # Elam, conquered first, cannot conquer in return


def test_10_4_d_if_the_first_fails_the_other_gets_its_chance() -> None:
    pos = setup()
    pos.state["last_card_player"] = "mede"
    war(pos, "egypt", "elam")
    for aid in ["susa", "madaktu", "bit_imbi", "huhnur"]:
        hold(pos, aid, "egypt")
    for aid in ["memphis", "sais", "tanis", "bubastis"]:
        hold(pos, aid, "elam")
    pos.state["stack"].append({"step": "conquest_phase", "stage": "checks", "asked": []})
    run(pos, lambda ctx: None)
    pos.fix_dice(6)
    pos.act("egypt", "conquest_check:roll")
    assert top(pos)["kind"] == "conquest_check" and top(pos)["who"] == "elam"


def test_7_1_a_minor_city_is_conquered_when_its_city_is_taken_and_freed_by_an_enemy() -> None:
    pos = setup()
    war(pos, "egypt", "petra")
    occupy(pos, "petra", ["petra"], "egypt")
    impulse(pos, "egypt")
    pos.act("egypt", "end")
    assert pos.state["conquered"]["petra"][0]["by"] == "egypt"
    assert pos.state["conquered"]["petra"][0]["grace_until"] is None
    assert {"payer": "petra", "to": "egypt", "amount": 1, "why": "conquest"} in pos.state["tribute"]
    hold(pos, "petra", "mede")
    run(pos, lambda ctx: conquest.evaluate_automatic(ctx, "7.1"))
    assert "petra" not in pos.state["conquered"]
    pos.assert_logged(rule="7.1", key="aw.minor_city_freed", city="petra")


def test_7_1_9_1_a_defeated_camp_gives_4_vp_and_a_sudden_end_roll() -> None:
    pos = setup()
    for p in pos.state["countries"].values():
        p["camp_start"] = p.get("camp")
    run(pos, lambda ctx: conquer(ctx, "elam", ["assyria"], "7.1"))
    vp = pos.state["countries"]["assyria"]["vp"]
    pos.fix_dice(6, 6)
    run(pos, lambda ctx: conquer(ctx, "babylonia", ["assyria"], "7.1"))
    assert pos.state["countries"]["assyria"]["vp"] >= vp + 3 + 4
    pos.assert_logged(rule="9.1", key="aw.camp_defeated", camp="rebel")
    pos.assert_logged(rule="9.1", key="aw.sudden_end", camp="rebel")
    assert pos.state["final"] is not None


def test_7_4_3_a_conquered_power_ends_its_wars_with_unallied_minors() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "mede", ["babylonia"], "7.1"))
    assert not ctx_of(pos).at_war("mede", "persia")
