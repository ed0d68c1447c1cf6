"""II - Expansion (rule book, Game turn): A new huts, B resupplying, C famine, D wells, E revenue and
prestige; with the worked examples of each (the example letters are hexes of our board, named in each test)."""

from __future__ import annotations

from .helpers import at_expansion, card, cards, clear, give, hut, position, ziggurat


def red_in_the_south_west() -> object:
    """Red's ziggurat base on B5 (a starting space), blue's hut on D6 (the Y of the example)."""
    pos = position()
    clear(pos)
    ziggurat(pos, "red", "B5")
    hut(pos, "blue", "D6")
    return pos


def test_expansion_a_new_huts_example_x_and_y() -> None:
    """The new huts example: with an expansion card of 4, Red places huts on A, B, C, D (here B6, C6, C7, A6),
    one next to another just placed; from C, Red may not go to X (E7, next to nothing of Red's) nor to Y
    (D6, Blue's hut)."""
    pos = red_in_the_south_west()
    give(pos, "red", card("wild"))
    at_expansion(pos, "red", value=4)
    assert pos.prompt("red")["params"] == {"left": 4}
    assert "hut:C7" not in pos.ids("red")  # not yet next to a red piece
    pos.act("red", "hut:B6", "hut:C6")
    assert "hut:C7" in pos.ids("red")  # next to huts just placed
    pos.act("red", "hut:C7")
    pos.assert_illegal("red", "hut:E7", rule="Expansion A")  # X: not adjacent
    pos.assert_illegal("red", "hut:D6", rule="Expansion A")  # Y: occupied by Blue
    assert "hut:C5" in pos.ids("red")  # a river hex is allowed
    pos.act("red", "hut:A6")
    assert pos.state["p"]["red"]["huts"] == 6
    assert [pos.state["huts"][h] for h in ("B6", "C6", "C7", "A6")] == ["red"] * 4
    assert pos.prompt("red")["key"].startswith("as.prompt.resupply")


def test_expansion_a_with_too_few_huts_all_the_rest_are_placed() -> None:
    """Expansion A: a player short of huts takes all that remain in stock."""
    pos = red_in_the_south_west()
    pos.state["p"]["red"]["huts"] = 2
    at_expansion(pos, "red", value=4)
    assert pos.prompt("red")["params"] == {"left": 2}
    pos.assert_logged(key="as.new_huts", role="red", huts=2)


def resupply_example() -> object:
    """The resupplying example: Red's huts A (C7, dates), B (C6, barley), C (C5, dates, on a river) and
    D (A6, grapes); cards 2 barley, 3 grapes, 1 palm and the plow card."""
    pos = red_in_the_south_west()
    hut(pos, "red", "C7", "C6", "C5", "A6")
    give(pos, "red", *cards(("barley", 2), ("grapes", 3), ("palm", 1)))
    at_expansion(pos, "red", part="resupply")
    return pos


def test_expansion_b_resupplying_example() -> None:
    """The resupplying example: 2 barley feeds B (the second symbol is lost), the plow feeds A, 3 grapes feed
    D; the 1 palm card matches no hut and is kept for a later turn; the plow goes to its space on the board."""
    pos = resupply_example()
    barley, grapes, palm = cards(("barley", 2), ("grapes", 3), ("palm", 1))
    assert sorted(pos.ids("red")) == sorted([f"discard:{barley}", f"discard:{grapes}", "discard:plow"])
    pos.act("red", f"discard:{barley}")
    assert pos.ids("red") == ["feed:C6"]
    pos.act("red", "feed:C6")
    assert pos.ids("red") == ["drop"]  # no other barley hut: the extra symbol is lost
    pos.act("red", "drop", "discard:plow")
    assert sorted(pos.ids("red")) == ["feed:C5", "feed:C7"]  # the plow feeds any one hut (not D: grapes can)
    pos.act("red", "feed:C7", f"discard:{grapes}", "feed:A6", "drop")
    s = pos.state
    assert s["p"]["red"]["cards"] == [palm]
    assert s["p"]["red"]["plow"] is False and s["plows_board"] == 1
    assert barley in s["discard"] and grapes in s["discard"]


def test_expansion_c_famine_example() -> None:
    """The famine example: hut C (C5) was not resupplied; it leaves the board for Red's stock."""
    pos = resupply_example()
    barley, grapes = cards(("barley", 2), ("grapes", 3))
    pos.act("red", f"discard:{barley}", "feed:C6", "drop", "discard:plow", "feed:C7", f"discard:{grapes}",
            "feed:A6", "drop")
    s = pos.state
    assert "C5" not in s["huts"]
    assert s["p"]["red"]["huts"] == 10 - 3
    pos.assert_logged(rule="Expansion C", key="as.famine", role="red", hexes=["C5"])


def test_expansion_b_resupplying_is_mandatory() -> None:
    """Expansion B note: no hut may be sacrificed that the cards could feed: the plow may not go to the grapes
    hut while the grapes card can feed it (a dates hut would then starve), and a card cannot be left
    unfinished while its symbols still feed a hungry hut."""
    pos = resupply_example()
    pos.act("red", "discard:plow")
    pos.assert_illegal("red", "feed:A6", rule="Expansion B")
    pos = resupply_example()
    grapes = card("grapes", 3)
    pos.act("red", f"discard:{grapes}")
    pos.assert_illegal("red", "drop", rule="Expansion B")


def test_expansion_b_extra_symbols_feed_several_huts() -> None:
    """Expansion B: a card with several symbols resupplies as many huts of that symbol."""
    pos = position()
    clear(pos)
    ziggurat(pos, "red", "B5")
    hut(pos, "red", "A6", "D5", "I6")  # grapes hexes
    three = card("grapes", 3)
    give(pos, "red", three)
    pos.state["p"]["red"]["plow"] = False
    at_expansion(pos, "red", part="resupply")
    pos.act("red", f"discard:{three}", "feed:A6", "feed:D5", "feed:I6")
    assert sorted(pos.state["fed"]) == ["A6", "D5", "I6"]


def asked_wells(pos: object) -> bool:
    """Whether the step now is the choice of wells (Expansion D)."""
    return pos.state["stack"][-1]["step"] == "wells"  # type: ignore[attr-defined, no-any-return]


def well_position(role: str = "blue") -> object:
    """Huts of `role` on B5, C5 (river) and C6, which meet at one corner, all resupplied."""
    pos = position()
    clear(pos)
    hut(pos, role, "B5", "C5", "C6", fed=True)
    return pos


def test_expansion_d_wells_example() -> None:
    """The wells example: Blue may dig a well where its huts A, B and C meet; a grey disc goes there."""
    pos = well_position()
    at_expansion(pos, "blue", part="wells")
    assert pos.ids("blue") == ["well:B5-C5-C6", "done"]
    pos.act("blue", "well:B5-C5-C6")
    assert pos.state["wells"] == {"B5-C5-C6": "blue"}
    assert pos.state["wells_stock"] == 15


def test_expansion_d_wells_are_not_mandatory() -> None:
    pos = well_position()
    at_expansion(pos, "blue", part="wells")
    pos.act("blue", "done")
    assert pos.state["wells"] == {}


def test_expansion_d_several_wells_in_a_turn() -> None:
    """Expansion D: several wells in one turn, as long as huts meet at free corners."""
    pos = well_position()
    hut(pos, "blue", "B6", fed=True)
    at_expansion(pos, "blue", part="wells")
    assert pos.ids("blue") == ["well:B5-B6-C6", "well:B5-C5-C6", "done"]
    pos.act("blue", "well:B5-C5-C6", "well:B5-B6-C6")
    assert len(pos.state["wells"]) == 2


def test_expansion_d_no_well_between_the_rivers() -> None:
    """Expansion D: a corner touching the land between the rivers takes no well (B4, C5 river; C4 between)."""
    pos = position()
    clear(pos)
    hut(pos, "blue", "B4", "C4", "C5", fed=True)
    at_expansion(pos, "blue", part="wells")
    assert not asked_wells(pos)


def test_expansion_d_no_well_next_to_a_ziggurat() -> None:
    """Expansion D (our reading, docs/rules-decisions-assyria.md): a well is next to the three hexes across
    its edges too; a ziggurat on B6 forbids the corner B5-C5-C6."""
    pos = well_position()
    ziggurat(pos, "red", "B6")
    hut(pos, "blue", "A6", fed=True)
    at_expansion(pos, "blue", part="wells")
    assert not asked_wells(pos)


def test_expansion_d_no_well_on_a_well_and_the_stock_is_limited() -> None:
    """Expansion D: not on another well; and no well at all when the stock is empty."""
    pos = well_position()
    pos.state["wells"]["B5-C5-C6"] = "red"
    pos.state["wells_stock"] -= 1
    at_expansion(pos, "blue", part="wells")
    assert not asked_wells(pos)
    pos = well_position()
    pos.state["wells_stock"] = 0
    at_expansion(pos, "blue", part="wells")
    assert not asked_wells(pos)


def test_expansion_e1_revenue_example_green_earns_8_camels() -> None:
    """The revenue example: Green has 2 huts on the upper river and 1 on the lower: 3 + 2 + 3 = 8 camels."""
    pos = position()
    clear(pos)
    hut(pos, "green", "D2", "E3", fed=True)  # river1
    hut(pos, "green", "E5", fed=True)  # river2
    at_expansion(pos, "green", part="income")
    assert pos.state["p"]["green"]["camels"] == 8
    pos.assert_logged(rule="Expansion E1", key="as.revenue", role="green", camels=8)


def test_expansion_e1_revenue_is_capped_at_10_camels() -> None:
    pos = position()
    clear(pos)
    hut(pos, "green", "C2", "D2", "E3", "F2", fed=True)  # 3 + 2 + 2 + 2 = 9 on river1
    hut(pos, "green", "E5", fed=True)  # 3 on river2
    at_expansion(pos, "green", part="income")
    assert pos.state["p"]["green"]["camels"] == 10
    pos.assert_logged(rule="Expansion E1", key="as.revenue", capped=True)


def test_expansion_e2_prestige_example_blue_scores_11_points() -> None:
    """The prestige example: hut A between the rivers 2, huts B and C outside 1 each, Blue's ziggurat base 1,
    the well dug this turn (first reign) 6: 11 points. Blue's hut on the river (the well's third hut) scores
    nothing; it earns camels instead."""
    pos = well_position()
    hut(pos, "blue", "C4", fed=True)  # A: between the rivers
    ziggurat(pos, "blue", "A1")
    at_expansion(pos, "blue", part="wells")
    pos.act("blue", "well:B5-C5-C6")
    s = pos.state
    assert s["p"]["blue"]["score"] == 11
    pos.assert_logged(rule="Expansion E2", key="as.prestige", role="blue", points=11, huts=4, tiles=1, wells=6)
    assert s["p"]["blue"]["camels"] == 3


def test_expansion_e2_wells_score_5_and_4_in_later_reigns() -> None:
    for reign, points in ((2, 5), (3, 4)):
        pos = well_position()
        pos.state["reign"] = reign
        at_expansion(pos, "blue", part="wells")
        pos.act("blue", "well:B5-C5-C6")
        pos.assert_logged(rule="Expansion E2", key="as.prestige", wells=points)
