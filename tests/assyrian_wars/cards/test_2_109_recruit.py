"""Recruit cards (6.11.j): 2 The King's Host, 6 Gold of Kush, 9 Chaldean Tribes, 10 Silver of Susa, 17 Gold
of Midas, 105 Greek Mercenaries, 106 Levy of the Land, 107 Sennacherib's Fleet, 108 Kushite Archers, 109
Cyaxares Reforms the Army. Units are placed by the recruit rules (6.1, 6.2, 6.16.a) at the card's price."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import content
from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.testing import Position
from tests.assyrian_wars.helpers import active_role, top
from tests.assyrian_wars.landkit import ap_left, army, ctx, give_card, loc, phasing, put, set_ap, start


def pass_windows(pos: Position) -> None:
    """Every country asked in an open card window plays no card (answered by the role deciding for it)."""
    while pos.state["stack"][-1]["step"] == "window":
        pos.act(active_role(pos), "pass")


def _event(pos: Position, country: str, card: int) -> str:
    """Play `card` as the event of `country`'s impulse; nobody answers with Counter Measures. Returns the role
    that decides for `country`."""
    role = role_of(ctx(pos), country)
    assert role is not None
    pos.act(role, f"card:{card}:event")
    pass_windows(pos)
    return role


def _units(pos: Position, country: str) -> list[str]:
    return [i for i in pos.ids(country) if i.startswith("unit:")]


# --- 2 The King's Host, 106 Levy of the Land: place_units at 1 AP per strength point (6.1) -----------------------
def test_6_11_j_card_2_builds_up_to_two_units_at_one_ap_per_strength_point() -> None:
    pos = start()  # 9.7 on: the ability cost is still paid
    give_card(pos, "assyria", 2)
    set_ap(pos, 10)
    _event(pos, "assyria", 2)
    assert top(pos)["step"] == "recruit_units" and pos.ids("assyria")[-1] == "done"
    costs = {a["id"]: a["params"]["ap"] for a in pos.actions("assyria") if a["id"].startswith("unit:")}
    assert costs["unit:assyria-hi4-1"] == 5 and costs["unit:assyria-li3-1"] == 3  # 4 + 1 (9.7); 3 + 0
    pos.act("assyria", "unit:assyria-hi4-1")
    assert "at:nineveh" in pos.ids("assyria") and "at:rasappa" not in pos.ids("assyria")  # home cities (6.1)
    pos.act("assyria", "at:nineveh")
    pos.assert_logged(rule="6.11.j", key="aw.recruit.unit_placed", piece="assyria-hi4-1", area="nineveh", card=2)
    assert ap_left(pos) == 5 and not pos.state["pieces"]["assyria-hi4-1"]["red"]
    pos.act("assyria", "unit:assyria-li3-1", "at:kalhu")
    assert loc(pos, "assyria-li3-1") == "kalhu" and ap_left(pos) == 2
    assert top(pos)["step"] == "impulse"  # two units: the card is used up
    assert 2 in pos.state["countries"]["assyria"]["home_discard"]


def test_6_11_j_card_106_places_only_in_home_cities_free_of_enemy_units_and_may_stop() -> None:
    pos = start(special_abilities=False)
    give_card(pos, "assyria", 106)
    put(pos, "babylonia-li2-1", "til_barsip")  # far from Nineveh: no interception of the new unit (6.6.9)
    set_ap(pos, 10)
    _event(pos, "assyria", 106)
    pos.act("assyria", "unit:assyria-li3-1")
    assert "at:til_barsip" not in pos.ids("assyria") and "at:nineveh" in pos.ids("assyria")
    pos.act("assyria", "at:nineveh")
    assert ap_left(pos) == 7
    pos.act("assyria", "done")
    assert top(pos)["step"] == "impulse" and ap_left(pos) == 7


def test_6_11_j_card_2_is_refused_when_no_unit_can_be_paid() -> None:
    pos = start()
    give_card(pos, "assyria", 2)
    set_ap(pos, 1)
    assert "card:2:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:2:event", rule="6.11")


def test_6_11_j_card_2_is_refused_without_a_home_city_free_of_enemy_units() -> None:
    pos = start()
    give_card(pos, "assyria", 2)
    set_ap(pos, 10)
    for aid in content().home_cities("assyria"):
        pos.state["areas"][aid]["ctrl"] = "babylonia"
    pos.assert_illegal("assyria", "card:2:event", rule="6.11")


def test_6_11_e_counter_measures_cancel_a_recruit_event() -> None:
    pos = start()
    give_card(pos, "assyria", 2)
    give_card(pos, "babylonia", 58)
    set_ap(pos, 10)
    pos.act("assyria", "card:2:event")
    frame = top(pos)
    assert frame["step"] == "window" and frame["kind"] == "counter_measures"
    assert frame["order"][frame["i"]] == "babylonia"
    pos.act("babylonia", "choose:58")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", cancelled=2)
    assert top(pos)["step"] == "impulse" and ap_left(pos) == 10
    assert not pos.logged(key="aw.recruit.unit_placed")


# --- 9 Chaldean Tribes: free light troops in the Chaldean areas ----------------------------------------------
def test_6_11_j_card_9_places_light_troops_free_in_the_chaldean_areas() -> None:
    pos = start()
    phasing(pos, "babylonia")
    give_card(pos, "babylonia", 9)
    set_ap(pos, 0)
    put(pos, "assyria-li3-1", "bit_dakkuri")
    _event(pos, "babylonia", 9)
    units = _units(pos, "babylonia")
    assert units and all(u.startswith(("unit:babylonia-li", "unit:babylonia-lc")) for u in units)
    pos.act("babylonia", "unit:babylonia-lc2-1")
    assert sorted(pos.ids("babylonia")) == ["at:bit_amukani", "at:bit_yakin", "at:sealand"]  # not under an enemy
    pos.act("babylonia", "at:sealand")
    pos.act("babylonia", "unit:babylonia-li2-1", "at:bit_yakin")
    assert loc(pos, "babylonia-lc2-1") == "sealand" and loc(pos, "babylonia-li2-1") == "bit_yakin"
    assert not pos.logged(key="aw.spend") and ap_left(pos) == 0  # free of cost


def test_6_11_j_card_9_is_refused_when_every_chaldean_area_is_lost() -> None:
    pos = start()
    phasing(pos, "babylonia")
    give_card(pos, "babylonia", 9)
    for aid in ("sealand", "bit_yakin", "bit_dakkuri", "bit_amukani"):
        pos.state["areas"][aid]["ctrl"] = "assyria"
    pos.assert_illegal("babylonia", "card:9:event", rule="6.11")


# --- 10 Silver of Susa: mercenaries into regulars -------------------------------------------------------------
def _elam(fog: bool = False) -> Position:
    pos = start(fog_of_war=fog)
    phasing(pos, "elam")
    give_card(pos, "elam", 10)
    set_ap(pos, 4)
    return pos


def test_6_11_j_card_10_replaces_hired_mercenaries_by_regulars_of_the_same_type_and_strength() -> None:
    pos = _elam()
    army(pos, "elam-ituni", "susa", ["elam-hi3-1"])
    put(pos, "merc-li2-1", "susa", hired="elam", army="elam-ituni")
    put(pos, "merc-b2-1", "madaktu", hired="elam")
    put(pos, "merc-hi3-1", "anshan", hired="elam", red=True)
    put(pos, "merc-hb3-1", "liyan", hired="elam")  # Elam has no horse bowmen: stays a mercenary
    _event(pos, "elam", 10)
    pos.assert_logged(rule="6.11", key="aw.spend", what="event")
    assert ap_left(pos) == 2
    ids = pos.ids("elam")
    assert ids == ["convert:merc-b2-1", "convert:merc-hi3-1", "convert:merc-li2-1", "done"]
    by = {a["id"]: a["params"] for a in pos.actions("elam")}
    assert by["convert:merc-b2-1"]["reduced"] and by["convert:merc-b2-1"]["unit"].startswith("elam-b3")  # B 3/2
    pos.act("elam", "convert:merc-li2-1")
    unit = pos.assert_logged(rule="6.11.j", key="aw.recruit.merc_converted", merc="merc-li2-1")["params"]["unit"]
    assert unit.startswith("elam-li2") and loc(pos, unit) == "susa" and not pos.state["pieces"][unit]["red"]
    assert pos.state["pieces"][unit]["army"] == "elam-ituni"  # in the mercenary's place in the army
    assert loc(pos, "merc-li2-1") == "gamepool" and pos.state["pieces"]["merc-li2-1"]["hired"] is None
    pos.act("elam", "convert:merc-hi3-1")
    hi = pos.assert_logged(key="aw.recruit.merc_converted", merc="merc-hi3-1")["params"]["unit"]
    assert loc(pos, hi) == "anshan" and pos.state["pieces"][hi]["red"]  # a reduced mercenary: a reduced regular
    pos.act("elam", "convert:merc-b2-1")
    assert top(pos)["step"] == "impulse"  # three at most
    assert loc(pos, "merc-hb3-1") == "liyan"


def test_6_11_j_card_10_is_refused_without_a_matching_mercenary() -> None:
    pos = _elam()
    put(pos, "merc-hb3-1", "liyan", hired="elam")
    put(pos, "merc-li2-1", "babylon", hired="babylonia")
    pos.assert_illegal("elam", "card:10:event", rule="6.11")


def test_9_5_card_10_tells_only_elam_where_the_mercenary_stood() -> None:
    pos = _elam(fog=True)
    put(pos, "merc-li2-1", "susa", hired="elam")
    _event(pos, "elam", 10)
    pos.act("elam", "convert:merc-li2-1")
    secret = pos.assert_logged(key="aw.recruit.merc_converted", area="susa")
    assert secret.get("to") == ["elam"]
    public = pos.assert_logged(key="aw.recruit.merc_converted_public", merc="merc-li2-1")
    assert "area" not in public["params"] and not public.get("to")


# --- 6 Gold of Kush, 105 Greek Mercenaries, 17 Gold of Midas: mercenaries (6.2) ----------------------------------
def test_6_11_j_card_6_draws_three_extra_mercenaries_into_the_pool() -> None:
    pos = start("campaign")
    phasing(pos, "egypt")
    give_card(pos, "egypt", 6)
    set_ap(pos, 6)
    before = set(ctx(pos).pieces_at("merc:egypt"))
    _event(pos, "egypt", 6)
    got = pos.assert_logged(rule="6.11.j", key="aw.recruit.mercs_to_pool", country="egypt")["params"]["pieces"]
    assert len(got) == 3 and set(ctx(pos).pieces_at("merc:egypt")) == before | set(got)
    assert top(pos)["step"] == "impulse" and ap_left(pos) == 6
    hires = {a["params"]["piece"] for a in pos.actions("egypt") if a["id"].startswith("hire:")}
    assert hires and hires <= set(ctx(pos).pieces_at("merc:egypt"))  # hired as usual (6.2)


def test_6_11_j_card_105_takes_mercenaries_of_the_players_choice() -> None:
    pos = start()
    give_card(pos, "assyria", 105)
    set_ap(pos, 5)
    _event(pos, "assyria", 105)
    assert top(pos)["step"] == "recruit_merc_pick"
    assert "pick:merc-hc3-1" in pos.ids("assyria") and pos.ids("assyria")[-1] == "done"
    pos.act("assyria", "pick:merc-hc3-1", "pick:merc-ch3-1")
    assert {"merc-ch3-1", "merc-hc3-1"} <= set(ctx(pos).pieces_at("merc:assyria"))
    pos.assert_logged(rule="6.11.j", key="aw.recruit.merc_picked", piece="merc-ch3-1")
    assert top(pos)["step"] == "impulse" and ap_left(pos) == 5
    army(pos, "assyria-turtanu", "der", ["assyria-hi4-1"])
    pos.act("assyria", "hire:merc-hc3-1", "at:der")
    assert ap_left(pos) == 3.5 and pos.state["pieces"]["merc-hc3-1"]["hired"] == "assyria"


def test_6_11_j_card_17_hires_drawn_mercenaries_free_and_returns_the_others() -> None:
    pos = start()
    phasing(pos, "phrygia")  # an active minor allied to Assyria, played by Assyria's player
    pos.state["countries"]["phrygia"]["active"] = True
    pos.state["diplo"]["phrygia"].update(power="assyria", value=14)
    give_card(pos, "phrygia", 17)
    set_ap(pos, 0)
    assert _event(pos, "phrygia", 17) == "assyria"
    assert top(pos)["step"] == "recruit_hire"
    hires = [a for a in pos.actions("assyria") if a["id"].startswith("hire:")]
    assert hires and all(a["params"]["ap"] == 0 for a in hires)
    drawn = pos.assert_logged(rule="6.11.j", key="aw.mercs_drawn", country="phrygia")["params"]["pieces"]
    first = hires[0]["params"]["piece"]
    pos.act("assyria", hires[0]["id"])
    pos.act("assyria", "at:gordion")
    pos.assert_logged(rule="6.11.j", key="aw.recruit.merc_hired", piece=first, area="gordion")
    assert pos.state["pieces"][first]["hired"] == "phrygia"
    pos.act("assyria", "done")
    other = next(p for p in drawn if p != first)
    assert loc(pos, other) == "gamepool"
    pos.assert_logged(rule="6.11.j", key="aw.recruit.mercs_returned", pieces=[other])


# --- 107 Sennacherib's Fleet, 108 Kushite Archers, 109 Cyaxares: new counters ------------------------------------
def test_6_11_j_card_107_adds_the_assyrian_ships_and_places_them_free() -> None:
    pos = start()
    give_card(pos, "assyria", 107)
    set_ap(pos, 2)
    _event(pos, "assyria", 107)
    pos.assert_logged(rule="6.11.j", key="aw.recruit.units_to_pool", nation="assyria")
    # Babylonian ships hold Sealand: the open zone first (6.16.a)
    assert pos.ids("assyria") == ["zone:sz_gulf_north", "done"]
    pos.act("assyria", "zone:sz_gulf_north", "zone:sz_gulf_north")
    assert loc(pos, "assyria-ship-1") == "sz_gulf_north" and loc(pos, "assyria-ship-2") == "sz_gulf_north"
    pos.assert_logged(rule="6.11.j", key="aw.recruit.ship_placed", zone="sz_gulf_north")
    assert ap_left(pos) == 0 and top(pos)["step"] == "impulse"


def test_6_11_j_card_107_with_sealand_open_and_refused_when_the_ships_are_at_sea() -> None:
    pos = start()
    for ship in ("babylonia-ship-1", "babylonia-ship-2"):
        pos.state["pieces"][ship]["loc"] = "pool"
    give_card(pos, "assyria", 107)
    set_ap(pos, 2)
    _event(pos, "assyria", 107)
    assert pos.ids("assyria") == ["zone:sealand", "zone:sz_gulf_north", "done"]
    pos.act("assyria", "zone:sealand", "zone:sealand")
    give_card(pos, "assyria", 107)
    pos.state["stack"][-1]["cards"] = []
    pos.assert_illegal("assyria", "card:107:event", rule="6.11")


def test_6_11_j_card_108_adds_the_kushite_archers_and_places_them_in_thebes_or_elephantine() -> None:
    pos = start("campaign")
    phasing(pos, "egypt")
    give_card(pos, "egypt", 108)
    pos.state["areas"]["thebes"]["ctrl"] = "assyria"  # Thebes lost: no longer held by Egypt
    set_ap(pos, 2)
    assert loc(pos, "egypt-b3-4") == "setup"
    _event(pos, "egypt", 108)
    assert loc(pos, "egypt-b3-4") == "pool" and loc(pos, "egypt-b3-5") == "pool"
    assert _units(pos, "egypt") == ["unit:egypt-b3-1"]
    pos.act("egypt", "unit:egypt-b3-1")
    assert pos.ids("egypt") == ["at:elephantine"]  # only a held area takes new units (6.1)
    pos.act("egypt", "at:elephantine")
    assert loc(pos, "egypt-b3-1") == "elephantine" and ap_left(pos) == 0  # free; the event cost was 2 AP
    assert _units(pos, "egypt") == ["unit:egypt-b3-2"]


def test_6_11_j_card_109_adds_the_new_mede_cavalry_once() -> None:
    pos = start("campaign")
    phasing(pos, "mede")
    give_card(pos, "mede", 109)
    set_ap(pos, 3)
    _event(pos, "mede", 109)
    for pid in ("mede-hb4-1", "mede-hb4-2", "mede-hb4-3", "mede-hc3-1", "mede-hc3-2"):
        assert loc(pos, pid) == "pool"
    pos.assert_logged(rule="6.11.j", key="aw.recruit.units_to_pool", nation="mede", card=109)
    set_ap(pos, 9)
    assert "build:mede-hb4-1" in pos.ids("mede")  # now built as any regular unit (6.1): 8 + 1 (9.7)
    give_card(pos, "mede", 109)
    pos.state["stack"][-1]["cards"] = []
    pos.assert_illegal("mede", "card:109:event", rule="6.11")


def test_6_11_card_109_is_the_medes_only() -> None:
    pos = start("campaign")
    give_card(pos, "assyria", 109)
    set_ap(pos, 5)
    assert "card:109:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:109:event", rule="6.11")
