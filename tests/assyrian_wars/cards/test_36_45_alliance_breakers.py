"""Cards 36-39, 42-45 alliance breakers (6.11.c, 6.9): in an impulse for the printed cost and the rolled
spaces; as a response to a VP battle for half the cost and twice the spaces, in the cases 6.11.c allows
— the rule book's examples played through the real cards, with real battles and scripted dice."""

from __future__ import annotations

import pytest

from ashur.core.statedata import clone
from ashur.games.assyrian_wars.game import content
from ashur.games.assyrian_wars.rules.course.card_effects import play_frame, refusal
from ashur.testing import Position
from tests.assyrian_wars import landkit
from tests.assyrian_wars.cards.diplomacy_kit import (
    ctx_of,
    deal,
    deciding,
    marker,
    play,
    ready,
    role,
    setup,
    top,
    windows,
)

BABYLONIANS = ["babylonia-nabu_zer_kitti_lishir", *(f"babylonia-li2-{i}" for i in range(1, 6))]
ELAMITES = ["elam-ituni", "elam-hi3-1", "elam-hi3-2", "elam-hi3-3", "elam-b3-1", "elam-b3-2"]
URARTIANS = ["urartu-argishti", "urartu-hi3-1", "urartu-hi3-2", "urartu-li2-1", "urartu-li2-2", "urartu-li2-3"]
ASSYRIANS = [f"assyria-li3-{i}" for i in range(1, 6)]
MEDES = ["mede-hb3-1", "mede-hb3-2", "mede-hb3-3", "mede-b2-1", "mede-b2-2"]
PHOENICIANS = ["phoenicia-hi2-1", "phoenicia-hi2-2", "phoenicia-li2-1", "phoenicia-li2-2"]


def example_position() -> Position:
    """6.11.c example 1: Phoenicia at 9 on Assyria's row; Urartu allied with Elam, holding the Phoenician
    Alliance and 2 saved APs; an empty map."""
    pos = landkit.start("campaign", special_abilities=False)
    marker(pos, "phoenicia", "assyria", 9)
    marker(pos, "urartu", "elam", 13)
    pos.state["countries"]["urartu"]["active"] = True
    pos.state["countries"]["urartu"]["saved"] = 2
    deal(pos, "urartu", 36)
    return pos


def vp_battle(pos: Position, winners: list[str], losers: list[str], loser_dice: int) -> None:
    """A real field battle in Kalhu: the attackers (a leader and 5 units: 7 dice) hit with every die, the
    5 reduced defenders miss; the winner earns 1 VP (8.3) and the vp_battle response window opens."""
    for pid in losers:
        landkit.put(pos, pid, "kalhu", red=True, hired="phoenicia" if pid.startswith("merc") else None)
    landkit.army(pos, winners[0], "kalhu", winners[1:])
    pos.fix_dice(*[1] * 7, *[6] * loser_dice)
    landkit.push_battle(pos, "field", "kalhu", winners, losers)
    landkit.settle(pos, windows=False)
    assert pos.dice_left() == []
    assert top(pos)["step"] == "window" and top(pos)["trigger"] == "vp_battle"


def answer_until(pos: Position, country: str) -> None:
    """Everybody asked before `country` in the open window passes."""
    frame = top(pos)
    while frame["order"][frame["i"]] != country:
        pos.act(deciding(pos), "pass")
        frame = top(pos)


def test_6_11_c_example_1_urartu_answers_assyrias_lost_vp_battle_with_the_phoenician_alliance() -> None:
    """Assyria loses a VP battle (to Babylonia: whom does not matter); Urartu plays the Phoenician Alliance
    in response for 2 AP instead of 4, rolls 3 + 4 = 7, doubled to 14: Phoenicia goes 9 down Assyria's
    row and 5 up Elam's (Urartu acts for Elam)."""
    pos = example_position()
    vp_battle(pos, BABYLONIANS, ASSYRIANS, loser_dice=6)
    pos.assert_logged(rule="6.11.c", key="aw.vp_battle", winners=["babylonia"], losers=["assyria"])
    answer_until(pos, "urartu")
    assert "choose:36" in pos.ids(role(pos, "urartu"))
    pos.fix_dice(3, 4)
    met = windows(pos, {"urartu": [36]})
    assert met == [("response", "vp_battle"), ("counter_measures", None)]
    pos.assert_logged(rule="6.11", key="aw.spend", country="urartu", ap=2, what="event", card=36)
    assert pos.state["countries"]["urartu"]["saved"] == 0 and not pos.state["countries"]["urartu"].get("borrowed")
    pos.assert_logged(rule="6.11.c", key="aw.alliance_breaker", player="urartu", power="elam", subject="phoenicia",
                      total=14, response=True)
    assert top(pos)["step"] == "breaker_spaces" and deciding(pos) == role(pos, "elam")
    assert pos.ids(deciding(pos))[0] == "move:14"
    pos.act(deciding(pos), "move:14")
    d = pos.state["diplo"]["phoenicia"]
    assert (d["power"], d["value"]) == ("elam", 5)  # 9 down Assyria's row, 5 up Elam's
    assert 36 in pos.state["discard"]


def test_6_11_c_example_1_it_also_answers_phoenicias_lost_battle() -> None:
    pos = example_position()
    vp_battle(pos, BABYLONIANS, [*PHOENICIANS, "merc-li2-1"], loser_dice=5)
    pos.assert_logged(rule="6.11.c", key="aw.vp_battle", winners=["babylonia"])
    assert "phoenicia" in pos.state["vp_battles"][-1]["losers"]
    answer_until(pos, "urartu")
    assert "choose:36" in pos.ids(role(pos, "urartu"))


def test_6_11_c_example_1_it_also_answers_urartus_won_battle() -> None:
    pos = example_position()
    vp_battle(pos, URARTIANS, MEDES, loser_dice=5)
    pos.assert_logged(rule="6.11.c", key="aw.vp_battle", winners=["urartu"], losers=["mede"])
    answer_until(pos, "urartu")
    assert "choose:36" in pos.ids(role(pos, "urartu"))
    pos.fix_dice(2, 2)
    windows(pos, {"urartu": [36]})
    pos.assert_logged(rule="6.11.c", key="aw.alliance_breaker", player="urartu", subject="phoenicia", total=8)


def test_6_11_c_example_1_not_in_response_to_elams_won_battle() -> None:
    """Elam is not the card playing country: its victory allows no response by Urartu."""
    pos = example_position()
    vp_battle(pos, ELAMITES, MEDES, loser_dice=5)
    pos.assert_logged(rule="6.11.c", key="aw.vp_battle", winners=["elam"], losers=["mede"])
    answer_until(pos, "urartu")
    assert "choose:36" not in pos.ids(role(pos, "urartu"))
    pos.assert_illegal(role(pos, "urartu"), "choose:36", rule="6.11.c")


def test_6_11_c_example_1_without_a_suitable_vp_battle_in_urartus_own_impulse() -> None:
    """Normal cost (4 AP) and normal effect (7 spaces) in Urartu's impulse; more than 6 spaces end its
    diplomacy with APs for the impulse (6.9)."""
    pos = example_position()
    frame = ready(pos, "urartu", 4)
    pos.fix_dice(3, 4)
    play(pos, "urartu", 36)
    pos.assert_logged(rule="6.11", key="aw.spend", country="urartu", ap=4, what="event", card=36)
    assert pos.ids(deciding(pos)) == ["pick:elam", "pick:assyria"]  # or up Assyria's row (6.9)
    pos.act(deciding(pos), "pick:elam")
    pos.assert_logged(rule="6.11.c", key="aw.alliance_breaker", subject="phoenicia", total=7, response=False)
    assert pos.ids(deciding(pos))[0] == "move:7"
    pos.act(deciding(pos), "move:7")
    d = pos.state["diplo"]["phoenicia"]
    assert (d["power"], d["value"]) == ("assyria", 2)
    assert frame is not top(pos) and top(pos)["flags"]["diplo_closed"]
    pos.assert_logged(rule="6.9", key="aw.diplomacy_closed", country="urartu")


def test_6_11_c_example_2_the_mede_cannot_play_it_against_persia() -> None:
    """The Mede is at war with Persia from the set-up, not because Persia is allied to a power at war with
    the Mede: no Persian Alliance against Persia."""
    pos = setup()
    ready(pos, "mede", 10, 43)
    assert ctx_of(pos).at_war("mede", "persia")
    assert "card:43:event" not in pos.ids("mede")
    pos.assert_illegal("mede", "card:43:event", rule="6.11")
    why = refusal(ctx_of(pos), play_frame(ctx_of(pos), 43, "mede", top(pos)), ctx_of(pos).card(43).effect)
    assert why is not None and "6.11.c" in why and "persia" in why


def test_6_11_c_example_3_assyria_cannot_play_it_against_a_refuser_it_punishes() -> None:
    """Israel refused its tribute and Assyria is at war with it: the Judaean Alliance of Assyria can move
    Judah only."""
    pos = setup()
    assert pos.state["refused"]["israel"] == "black" and ctx_of(pos).at_war("assyria", "israel")
    ready(pos, "assyria", 10, 37)
    pos.fix_dice(1, 1)
    play(pos, "assyria", 37)
    assert top(pos)["step"] == "breaker_spaces" and top(pos)["subject"] == "judah"
    pos.act("assyria", "move:2")
    assert pos.state["diplo"]["judah"]["value"] == 10


def test_6_11_c_a_power_breaks_an_alliance_and_chooses_between_two_subjects() -> None:
    """Judaean Alliance: Judah or Israel; the roll comes first, then the player picks the minor and how far
    its marker goes (down Egypt's row, breaking the alliance, then up its own)."""
    pos = setup()
    marker(pos, "israel", "egypt", 14)
    pos.state["wars"] = [w for w in pos.state["wars"] if "israel" not in w]
    pos.state["refused"].pop("israel")
    ready(pos, "babylonia", 10, 37)
    pos.fix_dice(5, 6)
    play(pos, "babylonia", 37)
    assert top(pos)["step"] == "card_pick"
    assert pos.ids("babylonia") == ["pick:judah", "pick:israel"]
    pos.act("babylonia", "pick:israel", "pick:babylonia", "move:11")
    pos.assert_logged(rule="6.11.c", key="aw.alliance_ended", subject="israel", power="egypt")
    d = pos.state["diplo"]["israel"]
    assert (d["power"], d["value"]) == ("egypt", 3)


def test_6_9_an_alliance_breaker_may_move_a_marker_up_another_powers_row() -> None:
    """Elam pushes Persia from march to alliance status with its camp partner Babylonia."""
    pos = setup()
    marker(pos, "persia", "babylonia", 11)
    ready(pos, "elam", 10, 43)
    pos.fix_dice(1, 2)
    play(pos, "elam", 43)
    assert pos.ids("elam") == ["pick:elam", "pick:babylonia"]
    pos.act("elam", "pick:babylonia")
    assert pos.ids("elam") == ["move:3", "move:2", "move:1", "move:0"]
    pos.act("elam", "move:2")
    pos.assert_logged(rule="6.11.c", key="aw.alliance", subject="persia", power="babylonia")
    assert ctx_of(pos).ally_power("persia") == "babylonia"


def test_6_11_c_not_in_response_after_a_battle_without_vps() -> None:
    """A battle that earns no VP is no VP battle: no response window opens."""
    pos = example_position()
    landkit.army(pos, BABYLONIANS[0], "kalhu", BABYLONIANS[1:])
    for pid in ASSYRIANS[:2]:
        landkit.put(pos, pid, "kalhu", red=True)
    pos.fix_dice(*[1] * 7, 6, 6, 6)
    landkit.push_battle(pos, "field", "kalhu", BABYLONIANS, ASSYRIANS[:2])
    landkit.settle(pos, windows=False)
    assert top(pos)["step"] != "window"
    assert not pos.logged(key="aw.vp_battle")


def test_6_9_nomad_alliance_needs_the_tribe_on_the_map() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 44)
    assert "card:44:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:44:event", rule="6.11")
    why = refusal(ctx_of(pos), play_frame(ctx_of(pos), 44, "assyria", top(pos)), ctx_of(pos).card(44).effect)
    assert why is not None and "6.9" in why


def _conquered_elam(pos: Position) -> None:
    pos.state["conquered"]["elam"] = [{"by": "assyria", "turn": 1, "grace_until": 2, "surrender": False}]


def test_45_any_alliance_moves_any_minor_or_tribe() -> None:
    pos = setup()
    ready(pos, "egypt", 10, 45)
    pos.fix_dice(2, 3)
    play(pos, "egypt", 45)
    assert pos.ids("egypt") == ["option:0"]  # 8.4 only in the two-player Campaign
    pos.act("egypt", "option:0")
    assert top(pos)["step"] == "card_pick" and "pick:urartu" in pos.ids("egypt") and "pick:judah" in pos.ids("egypt")
    assert "pick:israel" in pos.ids("egypt") and "pick:cyprus" not in pos.ids("egypt")
    pos.act("egypt", "pick:urartu", "move:5")
    assert pos.state["diplo"]["urartu"]["power"] == "egypt" and pos.state["diplo"]["urartu"]["value"] == 5


def test_45_8_4_any_alliance_allies_assyria_with_a_conquered_power_for_10_ap_more() -> None:
    pos = setup(players=2)
    _conquered_elam(pos)
    frame = ready(pos, "assyria", 15, 45)
    play(pos, "assyria", 45)
    assert pos.ids("assyria") == ["option:0", "option:1"]
    pos.act("assyria", "option:1")
    pos.assert_logged(rule="8.4", key="aw.power_controlled", country="elam", by="assyria")
    assert pos.state["power_control"] == {"elam": "assyria"}
    assert top(pos) is not frame and top(pos)["spent2"] == 30  # 5 for the event, 10 more (8.4)


def test_45_8_4_the_extra_aps_may_be_borrowed() -> None:
    pos = setup(players=2)
    _conquered_elam(pos)
    ready(pos, "assyria", 5, 45)
    pos.state["countries"]["assyria"]["borrowed"] = 0
    play(pos, "assyria", 45)
    assert pos.ids("assyria") == ["option:0", "option:1"]  # borrowing against the next impulse (6.11)
    pos.act("assyria", "option:1")
    assert pos.state["countries"]["assyria"]["borrowed"] == 10


def test_45_as_a_response_only_its_alliance_breaker() -> None:
    pos = example_position()
    pos.state["countries"]["elam"]["saved"] = 3
    deal(pos, "elam", 45)
    vp_battle(pos, BABYLONIANS, ASSYRIANS, loser_dice=6)
    answer_until(pos, "elam")
    assert "choose:45" in pos.ids("elam")
    pos.fix_dice(1, 2)
    windows(pos, {"elam": [45]})
    pos.assert_logged(rule="6.11", key="aw.spend", country="elam", ap=2.5, what="event", card=45)
    assert pos.ids("elam") == ["option:0"]


@pytest.mark.parametrize("number", [36, 37, 38, 39, 42, 43, 44])
def test_6_11_c_each_alliance_breaker_in_an_impulse_moves_its_subject_by_the_dice(number: int) -> None:
    """Every alliance breaker card of the deck, played by a power in its impulse (normal cost, normal
    effect): the marker of one of the card's subjects moves by the rolled total (6.11.c)."""
    o = content().cards[number].effect[0]
    pos = setup()
    if "cimmerians" in o.subjects or "scythians" in o.subjects:
        for _pid, p in sorted(pos.state["pieces"].items()):
            if p["nation"] in o.subjects and p["kind"] in ("unit", "leader") and p["loc"] in ("setup", "pool"):
                p["loc"] = "gamir"  # a tribe on the map may be influenced (6.9)
                break
    player = next(c for c in ("babylonia", "elam", "egypt", "mede", "assyria")
                  if f"card:{number}:event" in pos.ids(role(pos, c)) or _offered(pos, c, number))
    ready(pos, player, 10, number)
    dice = [2] * o.dice.n
    pos.fix_dice(*dice)
    play(pos, player, number)
    pos.assert_logged(rule="6.11", key="aw.card_event", card=number)
    for _ in range(10):
        if pos.logged(key="aw.alliance_breaker"):
            break
        pos.act(deciding(pos), pos.ids(deciding(pos))[0])
    entry = pos.assert_logged(rule="6.11.c", key="aw.alliance_breaker", total=sum(dice), response=False)
    assert entry["params"]["subject"] in o.subjects


def _offered(pos: Position, country: str, number: int) -> bool:
    """Whether `country` could play card `number` as an event in its own impulse now (a copy is probed)."""
    probe = Position(pos.game, clone(pos.state))
    ready(probe, country, 10, number)
    return f"card:{number}:event" in probe.ids(role(probe, country))
