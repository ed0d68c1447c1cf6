"""I - Farming (rule book, Game turn): A sowing, B harvest, C new turn order; with the worked examples."""

from __future__ import annotations

from ashur.games.assyria.content import content
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules.farming import arrange

from .helpers import at_actions, cards, clear, position


def kinds(ids: list[str]) -> list[tuple[str, int]]:
    foods = content().food_cards
    return [(foods[c].kind, foods[c].symbols) for c in ids]


def test_farming_a_sowing_example_arrangement() -> None:
    """The sowing example: drawn wild, 1 date, 2 barley, 1 grape, 3 grapes; the one-symbol cards keep their
    drawing order, then 2 barley, then 3 grapes, and the wild card goes to the right."""
    drawn = cards(("wild", 1), ("dates", 1), ("barley", 2), ("grapes", 1), ("grapes", 3))
    pos = position()
    row = arrange(Ctx(pos.state, content()), drawn)
    assert kinds(row) == [("dates", 1), ("grapes", 1), ("barley", 2), ("grapes", 3), ("wild", 1)]


def test_farming_a_sowing_draws_two_rows_into_columns_at_the_end_of_turn() -> None:
    """Farming A through the flow: at the next turn the first player draws 5 cards, then 5 more, and the two
    arranged rows make 5 columns of 2 cards."""
    pos = position()
    clear(pos)
    drawn = cards(("wild", 1), ("dates", 1), ("barley", 2), ("grapes", 1), ("grapes", 3),
                  ("salt", 3), ("salt", 1), ("wild", 1), ("palm", 2), ("palm", 1))
    pos.fix_draws(*drawn)
    pos.state["stack"] = [{"step": "game", "phase": "sow"}]
    pos.resume()
    cols = pos.state["columns"]
    assert [kinds(c)[0] for c in cols] == [("dates", 1), ("grapes", 1), ("barley", 2), ("grapes", 3), ("wild", 1)]
    assert [kinds(c)[1] for c in cols] == [("salt", 1), ("palm", 1), ("palm", 2), ("salt", 3), ("wild", 1)]
    assert pos.prompt(pos.state["order"][0])["key"] == "as.prompt.harvest"


def test_farming_b_harvest_example_red_takes_the_third_column() -> None:
    """The harvest example: Red, first player, takes the third column (2 barley, 3 grapes); the others
    follow in turn order; the column nobody takes stays where it is."""
    pos = position()
    s = clear(pos)
    s["order"] = ["red", "blue", "green", "yellow"]
    drawn = cards(("wild", 1), ("dates", 1), ("barley", 2), ("grapes", 1), ("grapes", 3),
                  ("salt", 1), ("grapes", 3), ("palm", 1), ("dates", 3), ("wild", 1))
    pos.fix_draws(*drawn)
    pos.state["stack"] = [{"step": "game", "phase": "sow"}]
    pos.resume()
    assert pos.ids("red") == ["column:1", "column:2", "column:3", "column:4", "column:5"]
    pos.act("red", "column:3")
    assert kinds(pos.state["p"]["red"]["cards"]) == [("barley", 2), ("grapes", 3)]
    pos.assert_logged(rule="Farming B", key="as.harvest", role="red", column=3)
    assert "column:3" not in pos.ids("blue")
    pos.assert_illegal("blue", "column:3", rule="Farming B")
    pos.act("blue", "column:5").act("green", "column:1").act("yellow", "column:4")
    # Farming C: the disc farthest left plays first
    assert pos.state["order"] == ["green", "red", "yellow", "blue"]
    pos.assert_logged(rule="Farming C", key="as.order")
    # the untaken column 2 stays on offer for the turn (Actions D)
    assert len(pos.state["columns"][1]) == 2


def test_end_of_turn_discards_the_unselected_column() -> None:
    """End of turn (our reading, docs/rules-decisions-assyria.md): the cards nobody took are discarded."""
    pos = position()
    s = clear(pos)
    left = cards(("salt", 1), ("dates", 2))
    for c in left:
        (s["deck"] if c in s["deck"] else s["discard"]).remove(c)
    s["columns"] = [left]
    s["order"] = ["red", "blue", "green", "yellow"]
    at_actions(pos, "red")
    pos.act("red", "done")
    assert all(c in pos.state["discard"] for c in left)
