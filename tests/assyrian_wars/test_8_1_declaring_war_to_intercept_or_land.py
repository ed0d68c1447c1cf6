"""8.1, 7.4.2: an interception or a landing into the area of a country at peace below march status is offered
as a declaration of war on it; choosing it declares the war (paid, with its consequences), then moves
(issue 14: they were never offered)."""

from __future__ import annotations

from tests.assyrian_wars.landkit import army, ctx, give_card, loc, put, set_ap, start, top, war
from tests.assyrian_wars.navalkit import aboard, clear_ships, ship


def _assyria_enters_lachish(pos, egypt_saved: int) -> None:
    war(pos, "assyria", "egypt")
    pos.state["countries"]["egypt"]["saved"] = egypt_saved
    army(pos, "egypt-reu", "gaza", ["egypt-hi3-1", "egypt-hi3-2"])
    army(pos, "assyria-turtanu", "philistia", ["assyria-hi4-1"])
    set_ap(pos, 5)
    pos.act("assyria", "move:assyria-turtanu", "to:lachish")  # Judah pays Assyria tribute: open to Assyria


def _mede_enters_musasir(pos) -> None:
    """The Mede (at war with Assyria and Urartu) enters Musasir, next to an Assyrian army; Urartu, a tribute
    (check) refuser at peace with Assyria, may be attacked by Assyria for free (5.2.3)."""
    war(pos, "assyria", "mede")
    war(pos, "mede", "urartu")
    army(pos, "assyria-turtanu", "dur_sharrukin", ["assyria-hi4-1", "assyria-hi4-2"])
    army(pos, "mede-daiukku", "mannea", ["mede-li2-1"])
    pos.state["stack"][-1]["c"] = "mede"
    set_ap(pos, 5)
    pos.act("mede", "move:mede-daiukku", "to:musasir")


def test_8_1_an_interception_into_a_peaceful_country_is_offered_as_a_declaration_of_war() -> None:
    pos = start("campaign", special_abilities=False)
    assert not ctx(pos).at_war("assyria", "urartu")
    _mede_enters_musasir(pos)
    acts = pos.ids("assyria")
    assert acts[0] == "no_intercept:assyria-turtanu"  # the default: no new war
    assert "intercept_dow:assyria-turtanu" in acts and "intercept:assyria-turtanu" not in acts
    offer = next(a for a in pos.actions("assyria") if a["id"] == "intercept_dow:assyria-turtanu")
    assert offer["label"] == "aw.act.intercept_dow"
    assert offer["params"]["war"] == "urartu" and offer["params"]["ap"] == 0  # a refuser: free (5.2.3)
    pos.fix_dice(6, 6)
    pos.act("assyria", "intercept_dow:assyria-turtanu")
    assert ctx(pos).at_war("assyria", "urartu")
    pos.assert_logged(rule="8.1", key="aw.interception_declares_war", country="assyria", target="urartu")
    pos.assert_logged(rule="6.6.9", key="aw.interception_result", country="assyria", success=True)


def test_8_1_declining_the_interception_declares_nothing() -> None:
    pos = start("campaign", special_abilities=False)
    _mede_enters_musasir(pos)
    pos.act("assyria", "no_intercept:assyria-turtanu")
    assert not ctx(pos).at_war("assyria", "urartu")


def test_8_1_an_interception_declaring_war_is_paid_from_the_saved_aps() -> None:
    pos = start("campaign", special_abilities=False)
    # Egypt outside its impulse would pay 5 AP to declare war on Judah (7.4.2); 4 saved APs (the most one can
    # save, 3.1) are not enough, so the interception is not offered
    _assyria_enters_lachish(pos, 4)
    assert not [a for a in pos.ids("egypt") if a.startswith("intercept")]


def test_8_1_a_landing_in_a_peaceful_minor_is_offered_as_a_declaration_of_war() -> None:
    pos = start("campaign", special_abilities=False)
    clear_ships(pos)
    pos.state["stack"][-1]["c"] = "egypt"
    set_ap(pos, 8)
    pos.state["stack"][-1]["cards"] = [99]
    ship(pos, "egypt-ship-1", "sz_philistia")
    army(pos, "egypt-reu", "gaza", ["egypt-hi3-1"])
    pos.act("egypt", "fleet:sz_philistia", "board:egypt-reu", "to:sz_phoenicia")
    assert aboard(pos, "egypt-hi3-1") == "egypt-ship-1"
    acts = pos.ids("egypt")
    assert "land:tyre" not in acts and "land_dow:tyre" in acts
    offer = next(a for a in pos.actions("egypt") if a["id"] == "land_dow:tyre")
    assert offer["params"]["war"] == "phoenicia" and offer["params"]["ap"] == 5
    pos.act("egypt", "land_dow:tyre")
    assert ctx(pos).at_war("egypt", "phoenicia")
    pos.assert_logged(rule="8.1", key="aw.landing_declares_war", country="egypt", target="phoenicia", area="tyre")
    pos.assert_logged(rule="7.4.2", key="aw.spend", country="egypt", what="declaration")
    assert loc(pos, "egypt-hi3-1") == "tyre"


def test_8_1_a_move_that_declares_war_says_so_in_its_label() -> None:
    pos = start("campaign")
    army(pos, "assyria-turtanu", "dur_sharrukin", ["assyria-hi4-1"])
    set_ap(pos, 12)
    pos.act("assyria", "move:assyria-turtanu")
    moves = {a["id"]: a for a in pos.actions("assyria") if a["id"].startswith("to:")}
    assert moves["to:musasir"]["label"] == "aw.act.move_to_dow" and moves["to:musasir"]["params"]["war"] == "urartu"
    assert moves["to:nineveh"]["label"] == "aw.act.move_to"


def test_8_1_older_saves_keep_interceptions_without_a_declaration_of_war() -> None:
    # pre14_readings (the regression saves recorded before issue 14): the interception is not offered at all
    pos = start("campaign", special_abilities=False, pre14_readings=True)
    _mede_enters_musasir(pos)
    assert not [a for a in pos.ids("assyria") if "intercept" in a]
    assert not ctx(pos).at_war("assyria", "urartu")


def test_8_1_a_failed_interception_leaves_the_war_declared() -> None:
    pos = start("campaign", special_abilities=False)
    _mede_enters_musasir(pos)
    pos.fix_dice(1, 1)
    pos.act("assyria", "intercept_dow:assyria-turtanu")
    pos.assert_logged(rule="6.6.9", key="aw.interception_result", country="assyria", success=False)
    assert ctx(pos).at_war("assyria", "urartu")
    assert loc(pos, "assyria-hi4-1") == "dur_sharrukin"


def test_8_1_a_landing_declaring_war_on_a_defended_minor_is_an_amphibious_assault() -> None:
    # 7.4.2 consequences first (the minor activated and handed to a player, 6.17, 7.4.5), then the landing
    # meets the minor's units outside the city: an amphibious assault (6.16.e) whose defender may evade
    pos = start("campaign", special_abilities=False)
    clear_ships(pos)
    pos.state["stack"][-1]["c"] = "egypt"
    set_ap(pos, 8)
    pos.state["stack"][-1]["cards"] = [99]
    ship(pos, "egypt-ship-1", "sz_philistia")
    army(pos, "egypt-reu", "gaza", ["egypt-hi3-1"])
    put(pos, "phoenicia-li2-1", "tyre")
    pos.act("egypt", "fleet:sz_philistia", "board:egypt-reu", "to:sz_phoenicia")
    pos.act("egypt", "land_dow:tyre")
    keys = [e["key"] for e in pos.log]
    assert keys.index("aw.war_declared") < keys.index("aw.minor_activated") < keys.index("aw.amphibious_assault")
    pos.assert_logged(rule="7.4.5", key="aw.control")
    pos.assert_logged(rule="6.16.e", key="aw.amphibious_assault", area="tyre")
    controller = next(r for r in ("assyria", "babylonia", "mede") if pos.ids(r))
    assert "stay" in pos.ids(controller)


def test_8_1_an_ambush_card_declares_no_war_the_ordinary_interception_still_may() -> None:
    # 77 Ambush (automatic interception) cannot send an army that enters only by declaring war (decision, as
    # for automatic evasions); the interception with the declaration is offered as usual
    pos = start("campaign", special_abilities=False)
    give_card(pos, "assyria", 77)
    _mede_enters_musasir(pos)
    for _ in range(20):
        frame = top(pos)
        if frame["step"] != "window" or (frame.get("trigger") == "enemy_enters_adjacent_area"
                                          and frame["order"][frame["i"]] == "assyria"):
            break
        pos.act(frame["order"][frame["i"]], "pass")
    assert top(pos).get("trigger") == "enemy_enters_adjacent_area"
    pos.assert_illegal("assyria", "choose:77", rule="6.11.e")
    while top(pos)["step"] == "window":
        frame = top(pos)
        pos.act(frame["order"][frame["i"]], "pass")
    assert "intercept_dow:assyria-turtanu" in pos.ids("assyria")
    assert not ctx(pos).at_war("assyria", "urartu")
