"""III - Actions (rule book, Game turn): A build and extend ziggurats, B intrigue in Assur, C offerings, D buying
cards; with the worked examples."""

from __future__ import annotations

from .helpers import at_actions, card, cards, clear, give, hut, position, ziggurat


def yellow_builder(camels: int = 9) -> object:
    pos = position()
    clear(pos)
    ziggurat(pos, "yellow", "B5", turn=0)  # the base in the south
    hut(pos, "yellow", "A6", "C6", "C5", fed=True)
    pos.state["p"]["yellow"]["camels"] = camels
    pos.state["turn"] = 2
    at_actions(pos, "yellow")
    return pos


def test_actions_a_build_and_extend_example_yellow_spends_9_camels() -> None:
    """The build/extend example: Yellow builds a new ziggurat (6 camels; the hut goes back to stock) and puts
    a centre on its base in the south (3 camels): 9 camels."""
    pos = yellow_builder()
    assert {"build:A6", "build:C6", "extend:B5"} <= set(pos.ids("yellow"))
    assert "build:C5" not in pos.ids("yellow")  # a river hex
    pos.act("yellow", "build:A6", "extend:B5")
    s = pos.state
    assert s["p"]["yellow"]["camels"] == 0
    assert s["zigs"]["A6"]["level"] == 1 and s["zigs"]["B5"]["level"] == 2
    assert "A6" not in s["huts"] and s["p"]["yellow"]["huts"] == 10 - 2
    assert (s["p"]["yellow"]["bases"], s["p"]["yellow"]["centers"]) == (2, 3)
    pos.assert_logged(rule="Actions A1", key="as.build", hex="A6", camels=6)
    pos.assert_logged(rule="Actions A2", key="as.extend", hex="B5", tile="center", camels=3)


def test_actions_a1_no_ziggurat_on_a_river_or_next_to_a_well() -> None:
    pos = yellow_builder(camels=12)
    pos.assert_illegal("yellow", "build:C5", rule="Actions A1")
    pos = position()
    clear(pos)
    hut(pos, "yellow", "B5", "C5", "C6", "B6", fed=True)
    pos.state["wells"]["B5-C5-C6"] = "yellow"
    pos.state["wells_stock"] -= 1
    pos.state["p"]["yellow"]["camels"] = 12
    at_actions(pos, "yellow")
    pos.assert_illegal("yellow", "build:C6", rule="Actions A1")  # a hex of the well
    pos.assert_illegal("yellow", "build:B6", rule="Actions A1")  # across an edge of the well
    pos.assert_illegal("yellow", "build:D1", rule="Actions A1")  # not a hex of Yellow's


def test_actions_a2_one_level_a_turn_and_roofs_on_centres_only() -> None:
    """Actions A2: a ziggurat grows by one level a turn (a new base waits for the next turn), a roof goes on a
    centre (2 camels), and several ziggurats may grow in the same turn."""
    pos = yellow_builder(camels=20)
    pos.act("yellow", "build:A6")
    pos.assert_illegal("yellow", "extend:A6", rule="Actions A2")
    pos.act("yellow", "extend:B5")
    pos.assert_illegal("yellow", "extend:B5", rule="Actions A2")
    pos.act("yellow", "done")
    s = pos.state
    s["turn"] += 1
    at_actions(pos, "yellow")
    assert pos.prompt("yellow")["key"] == "as.prompt.actions"
    labels = {a["id"]: a["params"] for a in pos.actions("yellow")}
    assert labels["extend:B5"]["tile"] == "roof" and labels["extend:B5"]["camels"] == 2
    assert labels["extend:A6"]["tile"] == "center" and labels["extend:A6"]["camels"] == 3
    pos.act("yellow", "extend:B5", "extend:A6")
    assert pos.state["zigs"]["B5"]["level"] == 3
    assert "extend:B5" not in pos.ids("yellow")


def test_actions_b_intrigue_example_red_takes_the_first_higher_space() -> None:
    """The intrigue example: Red spends 4 camels and puts a hut on the first free space of the higher
    dignitary; a player may place several huts in a turn, each on the highest free space."""
    pos = position()
    clear(pos)
    pos.state["dignitaries"]["higher"] = ["blue"]
    pos.state["p"]["blue"]["huts"] -= 1
    pos.state["p"]["red"]["camels"] = 10
    at_actions(pos, "red")
    pos.act("red", "intrigue:higher")
    assert pos.state["dignitaries"]["higher"] == ["blue", "red"]
    assert pos.state["p"]["red"]["camels"] == 6 and pos.state["p"]["red"]["huts"] == 9
    pos.assert_logged(rule="Actions B", key="as.intrigue", space=2, camels=4)
    pos.act("red", "intrigue:higher")
    pos.assert_illegal("red", "intrigue:higher", rule="Actions B")  # the 3 spaces are taken
    pos.act("red", "intrigue:lower")
    assert pos.state["p"]["red"]["camels"] == 0


def test_actions_b_intrigue_needs_a_hut_in_stock() -> None:
    pos = position()
    clear(pos)
    pos.state["p"]["red"].update(camels=10, huts=0)
    pos.state["huts"].update({h: "red" for h in ("A1", "A2", "B1", "C1", "D1", "E1", "E2", "F1", "G1", "G2")})
    at_actions(pos, "red")
    pos.assert_illegal("red", "intrigue:lower", rule="Actions B")


def test_actions_c_offering_example_blue_offers_2_camels() -> None:
    """The offering example: Blue spends 2 camels and moves its disc two spaces up the offerings track; one
    offering a turn, of 1 to 3 camels."""
    pos = position()
    clear(pos)
    pos.state["p"]["blue"]["camels"] = 5
    at_actions(pos, "blue")
    assert {"offer:1", "offer:2", "offer:3"} <= set(pos.ids("blue"))
    pos.act("blue", "offer:2")
    assert pos.state["p"]["blue"]["offering"] == 2 and pos.state["p"]["blue"]["camels"] == 3
    pos.assert_illegal("blue", "offer:1", rule="Actions C")
    pos.assert_illegal("blue", "offer:4", rule="Actions C")


def test_actions_c_offerings_stop_at_the_end_of_the_track() -> None:
    pos = position()
    clear(pos)
    pos.state["p"]["blue"].update(camels=5, offering=6)
    at_actions(pos, "blue")
    assert [i for i in pos.ids("blue") if i.startswith("offer:")] == ["offer:1"]


def test_actions_d_buying_example_green_buys_the_3_dates_card() -> None:
    """The buying example: Green pays 2 camels for the 3 dates card of the column nobody took; one food card a
    turn; a plow card only when one lies on its space and Green has none."""
    pos = position()
    s = clear(pos)
    dates3, salt1 = cards(("dates", 3), ("salt", 1))
    for c in (dates3, salt1):
        (s["deck"] if c in s["deck"] else s["discard"]).remove(c)
    s["columns"] = [[dates3, salt1]]
    s["p"]["green"].update(camels=5, plow=False)
    s["plows_board"] = 1
    s["p"]["red"]["plow"] = False
    at_actions(pos, "green")
    prices = {a["id"]: a["params"]["camels"] for a in pos.actions("green") if a["id"].startswith("buy:")}
    assert prices == {f"buy:{dates3}": 2, f"buy:{salt1}": 1, "buy:plow": 2}
    pos.act("green", f"buy:{dates3}")
    assert dates3 in pos.state["p"]["green"]["cards"] and pos.state["p"]["green"]["camels"] == 3
    pos.assert_illegal("green", f"buy:{salt1}", rule="Actions D")
    pos.act("green", "buy:plow")
    assert pos.state["p"]["green"]["plow"] and pos.state["plows_board"] == 0


def test_actions_d_no_second_plow_card() -> None:
    pos = position()
    s = clear(pos)
    s["plows_board"] = 1
    s["p"]["red"]["plow"] = False
    s["p"]["green"]["camels"] = 5  # Green has its plow card
    at_actions(pos, "green")
    pos.assert_illegal("green", "buy:plow", rule="Actions D")


def test_actions_camels_may_be_kept() -> None:
    """Actions: a player may stop with camels left; they stay for later turns."""
    pos = position()
    clear(pos)
    pos.state["p"]["red"]["camels"] = 7
    at_actions(pos, "red")
    pos.act("red", "done")
    assert pos.state["p"]["red"]["camels"] == 7


def test_actions_cards_in_hand_stay_for_later_turns() -> None:
    pos = position()
    clear(pos)
    keep = card("palm", 1)
    give(pos, "red", keep)
    at_actions(pos, "red")
    pos.act("red", "done")
    assert keep in pos.state["p"]["red"]["cards"]
