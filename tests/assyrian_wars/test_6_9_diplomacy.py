"""6.9 Conduct politics: APs on the diplomatic track, statuses, alliances, activation (6.17), free passage."""

from __future__ import annotations

from pathlib import Path

from ashur.games.assyrian_wars.rules.base import territory
from ashur.games.assyrian_wars.rules.land import entering
from ashur.games.assyrian_wars.rules.politics.markers import set_marker, status
from tests.assyrian_wars.politicskit import ctx_of, impulse, marker, put, role, run, setup, top, units_of, war

SAVE_DEACTIVATED = Path(__file__).parent / "saves" / "6_9_deactivated_minor_forces_to_the_home_card.ashur.json"


def test_6_9_statuses() -> None:
    assert [status(v) for v in (0, 3, 4, 6, 7, 9, 10, 12, 13, 15)] == [
        "neutral", "neutral", "trade", "trade", "pro", "pro", "march", "march", "alliance", "alliance"]


def test_6_9_one_ap_per_space_up_own_track() -> None:
    pos = setup()
    impulse(pos, "assyria", ap=10)
    pos.act("assyria", "diplo:phrygia")
    assert "spaces:6" in pos.ids("assyria") and "spaces:7" not in pos.ids("assyria")
    pos.act("assyria", "spaces:3")
    assert pos.state["diplo"]["phrygia"] == {**pos.state["diplo"]["phrygia"], "power": "assyria", "value": 3}
    assert top(pos)["spent2"] == 6
    pos.assert_logged(rule="6.9", key="aw.spend", what="diplomacy", spaces=3)


def test_6_9_israel_and_judah_cost_half_an_ap() -> None:
    pos = setup()
    impulse(pos, "egypt", ap=10)
    pos.act("egypt", "diplo:judah", "spaces:4")
    assert pos.state["diplo"]["judah"]["power"] == "assyria" and pos.state["diplo"]["judah"]["value"] == 4
    assert top(pos)["spent2"] == 4  # 4 spaces at ½ AP


def test_6_9_down_another_track_through_neutral_then_up_own() -> None:
    pos = setup()
    impulse(pos, "assyria", ap=10)
    pos.act("assyria", "diplo:phoenicia", "spaces:6")  # Phoenicia stood at 5 on Egypt's track
    d = pos.state["diplo"]["phoenicia"]
    assert (d["power"], d["value"]) == ("assyria", 1)


def test_6_9_a_seventh_ap_of_diplomacy_is_refused() -> None:
    pos = setup()
    impulse(pos, "assyria", ap=12)
    pos.act("assyria", "diplo:phrygia", "spaces:6")
    assert not any(i.startswith("diplo:") for i in pos.ids("assyria"))
    pos.assert_illegal("assyria", "diplo:urartu", rule="6.9")
    pos.assert_illegal("assyria", "diplo:judah", rule="6.9")


def test_6_9_seventh_space_is_not_offered_in_the_quantity_choice() -> None:
    pos = setup()
    impulse(pos, "assyria", ap=12)
    pos.act("assyria", "diplo:urartu")
    pos.assert_illegal("assyria", "spaces:7", rule="6.9")


def test_6_9_no_influence_on_a_country_at_war_with_you() -> None:
    pos = setup()
    impulse(pos, "assyria")
    exc = pos.assert_illegal("assyria", "diplo:israel", rule="6.9")
    assert "at war" in str(exc)


def test_6_9_nomads_only_with_forces_on_the_map_even_at_war() -> None:
    pos = setup()
    impulse(pos, "assyria")
    pos.assert_illegal("assyria", "diplo:cimmerians", rule="6.9")
    put(pos, "cimmerians-hb3-1", "gamir")
    assert ctx_of(pos).at_war("assyria", "cimmerians")
    assert "diplo:cimmerians" in pos.ids("assyria")
    put(pos, "cimmerians-hb3-1", "regroup")
    pos.assert_illegal("assyria", "diplo:cimmerians", rule="6.9")


def test_6_9_an_alliance_is_not_reduced_with_aps() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 13)
    impulse(pos, "assyria")
    exc = pos.assert_illegal("assyria", "diplo:syria", rule="6.9")
    assert "alliance breaker" in str(exc)


def test_6_9_only_powers_spend_aps_on_diplomacy() -> None:
    pos = setup()
    impulse(pos, "israel")
    pos.assert_illegal(role(pos, "israel"), "diplo:judah", rule="6.9")


def test_6_9_pro_status_pays_tribute_at_once() -> None:
    pos = setup()
    marker(pos, "phrygia", "egypt", 1)
    impulse(pos, "egypt", ap=10)
    pos.act("egypt", "diplo:phrygia", "spaces:5")
    assert not any(t["payer"] == "phrygia" for t in pos.state["tribute"])
    pos.act("egypt", "diplo:phrygia", "spaces:1")
    assert {"payer": "phrygia", "to": "egypt", "amount": 1, "why": "pro"} in pos.state["tribute"]


def test_6_9_pro_towards_assyria_counts_as_a_paid_tribute_check() -> None:
    pos = setup()
    assert pos.state["refused"]["urartu"] == "black"
    marker(pos, "urartu", "assyria", 6)
    impulse(pos, "assyria", ap=10)
    pos.act("assyria", "diplo:urartu", "spaces:1")
    assert "urartu" not in pos.state["refused"]
    assert {"payer": "urartu", "to": "assyria", "amount": 1, "why": "pro"} in pos.state["tribute"]


def test_6_9_march_status_makes_territory_friendly_both_ways_but_no_city() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 10)
    ctx = ctx_of(pos)
    assert territory.friendly_country(ctx, "syria", "egypt") and territory.friendly_country(ctx, "egypt", "syria")
    assert entering.entry_requirement(ctx, "egypt", "damascus")[0] == "ok"
    assert entering.entry_requirement(ctx, "mede", "damascus")[0] == "dow"


def test_6_9_7_4_1_losing_march_status_relocates_forces() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 10)
    unit = units_of(pos, "egypt", 1)[0]
    put(pos, unit, "hamath")
    impulse(pos, "assyria", ap=10)
    pos.act("assyria", "diplo:syria", "spaces:1")
    assert pos.state["pieces"][unit]["loc"] != "hamath"
    pos.assert_logged(rule="8.1", key="aw.relocated", area="hamath")


def test_6_9_6_17_alliance_activates_the_minor() -> None:
    pos = setup()
    marker(pos, "phrygia", "assyria", 12)
    impulse(pos, "assyria")
    vp = pos.state["countries"]["assyria"]["vp"]
    pos.act("assyria", "diplo:phrygia", "spaces:1")
    co = pos.state["countries"]["phrygia"]
    assert co["active"] and co["set_up"]
    assert pos.state["pieces"]["phrygia-midas"]["loc"] == "gordion"
    assert 17 in co["hand"] and len(co["hand"]) == 2  # home card + the set-up hand of 1 card
    assert len([p for p, x in pos.state["pieces"].items() if x["loc"] == "merc:phrygia"]) == 1
    assert pos.state["countries"]["assyria"]["vp"] == vp + 1  # 8.3: alliance with a minor
    pos.assert_logged(rule="6.9", key="aw.alliance", subject="phrygia", power="assyria")
    assert role(pos, "phrygia") == role(pos, "assyria")


def test_6_9_allied_minor_becoming_unaligned_is_deactivated_and_reactivated_from_its_home_card() -> None:
    pos = setup()
    marker(pos, "phrygia", "assyria", 12)
    impulse(pos, "assyria")
    pos.act("assyria", "diplo:phrygia", "spaces:1")
    pos.state["pieces"]["phrygia-hi3-1"]["red"] = True
    run(pos, lambda ctx: set_marker(ctx, "phrygia", "assyria", 9, "6.11.c"))
    co = pos.state["countries"]["phrygia"]
    assert not co["active"] and co["hand"] == [17]
    assert pos.state["pieces"]["phrygia-midas"]["loc"] == "homecard"
    assert pos.state["pieces"]["phrygia-hi3-1"]["red"] is True
    pos.assert_logged(rule="6.9", key="aw.minor_deactivated", country="phrygia")
    # activated again: the set-up is ignored; its player places the units of the home card
    run(pos, lambda ctx: set_marker(ctx, "phrygia", "assyria", 13, "6.9"))
    assert top(pos)["step"] == "reactivation"
    assert pos.ids("assyria")[:1] and all(a.startswith("place") for a in pos.ids("assyria"))
    pos.act("assyria", "place_all:ancyra")
    assert pos.state["pieces"]["phrygia-midas"]["loc"] == "ancyra"
    assert pos.state["pieces"]["phrygia-hi3-1"]["red"] is True


def test_6_9_free_passage_between_two_powers() -> None:
    pos = setup()
    impulse(pos, "egypt")
    pos.act("egypt", "passage:mede")
    assert pos.ids("mede") == ["free_passage:accept", "free_passage:reject"]
    pos.act("mede", "free_passage:accept")
    assert ["egypt", "mede"] in pos.state["free_passage"]
    ctx = ctx_of(pos)
    assert territory.friendly_country(ctx, "mede", "egypt") and territory.friendly_country(ctx, "egypt", "mede")
    assert "passage:mede" not in pos.ids("egypt")


def test_6_9_free_passage_includes_allied_minors_and_ends_with_war() -> None:
    pos = setup()
    pos.state["free_passage"] = [["egypt", "mede"]]
    marker(pos, "syria", "egypt", 13)
    ctx = ctx_of(pos)
    assert territory.friendly_country(ctx, "syria", "mede")
    war(pos, "egypt", "mede")
    impulse(pos, "egypt")
    pos.act("egypt", "diplo:judah", "spaces:1")
    assert pos.state["free_passage"] == []


def test_6_9_an_alliance_with_an_active_minor_shows_its_hand_so_undo_stops_there() -> None:
    """Israel, already active with a hand, allies with Egypt: Egypt's player now reads that hand (1.1.b),
    which is news to it, so the action counts as a reveal and cannot be undone (DESIGN: undo)."""
    pos = setup()
    assert pos.state["countries"]["israel"]["hand"]
    marker(pos, "israel", "egypt", 12)
    impulse(pos, "egypt")
    pos.act("egypt", "diplo:israel")
    reveals = pos.state["reveals"]
    seen_before = pos.game.view(pos.state, role(pos, "egypt"))["hands"].get("israel")
    pos.act("egypt", "spaces:1")
    assert pos.state["diplo"]["israel"]["value"] == 13
    assert pos.state["reveals"] == reveals + 1
    view = pos.game.view(pos.state, role(pos, "egypt"))
    assert [c["n"] for c in view["hands"]["israel"]] == pos.state["countries"]["israel"]["hand"]
    assert seen_before is None  # hidden from Egypt until the alliance


def test_6_9_asking_for_free_passage_partners_does_not_change_the_state() -> None:
    """Listing who may be offered free passage (6.9) is a query: it never writes into the state (it once
    added an empty ``free_passage`` list, so a live game and its replay had different digests)."""
    from ashur.core.statedata import digest
    from ashur.games.assyrian_wars.ctx import Ctx
    from ashur.games.assyrian_wars.game import GAME, content
    from ashur.games.assyrian_wars.rules.politics.diplomacy import passage_partners
    from ashur.testing import Position

    pos = Position.setup(GAME, "rise_and_fall", 0)
    pos.state.pop("free_passage", None)
    before = digest(pos.state)
    passage_partners(Ctx(pos.state, content()), "assyria")
    for deciding in GAME.active(pos.state):
        GAME.legal_actions(pos.state, deciding)
    assert digest(pos.state) == before


def test_6_9_3_4_a_deactivated_minor_shows_its_fogged_forces_on_its_home_card_a_reveal() -> None:
    """6.9 / 3.4 / 9.5: a deactivated minor's forces go from the map to its home card in the state they are in;
    the home card is open to all, so the sides fog hid become known: a reveal, and nothing else leaks. The
    save is the fuzz game that found it (rise and fall, card events on): Mede declares war on Syria at
    action 1483 and Judah, unallied and at war with nobody since its tribute, is deactivated (3.4)."""
    from ashur.core.replay import start
    from ashur.core.savefile import load
    from ashur.core.statedata import clone
    from ashur.tools.fuzz import Checker

    save = load(SAVE_DEACTIVATED)
    match = start(save)
    match.keep_undo = False
    for role_, action_id in save.actions[:1483]:
        match.act(role_, action_id)
    role_, action_id = save.actions[1483]
    assert (role_, action_id) == ("mede", "dow:syria")
    before = clone(match.state)
    assert before["pieces"]["judah-li2-1"]["loc"] == "negev"
    match.act(role_, action_id)
    assert match.state["pieces"]["judah-li2-1"]["loc"] == "homecard"
    assert not match.state["countries"]["judah"]["active"]
    assert match.state["reveals"] > before["reveals"]
    Checker(match.game, save.seed).check_log_leaks(match, 1483, before, role_, action_id)
