"""Assyria with 3 and with 2 players (rule book): the cropped boards, their starting places, fewer wells and
plow cards, a smaller draft and smaller sowing rows."""

from __future__ import annotations

from ashur.games.assyria.content import content
from ashur.games.assyria.game import GAME

from .helpers import position


def test_three_players_setup() -> None:
    pos = position("three_players")
    s = pos.state
    assert s["roles"] == ["red", "blue", "green"]
    assert s["wells_stock"] == 12 and sum(1 for r in s["roles"] if s["p"][r]["plow"]) == 3
    assert len(s["columns"]) == 4  # two rows of 4 cards
    first = s["order"][0]
    assert pos.ids(first) == ["start:B5", "start:E2", "start:G6"]
    for r in s["order"]:
        pos.act(r, pos.ids(r)[0])
    assert pos.state["stack"][-1]["packet"].__len__() == 3


def test_two_players_setup_each_chooses_one_of_four_places() -> None:
    pos = position("two_players")
    s = pos.state
    assert s["roles"] == ["red", "blue"]
    assert s["wells_stock"] == 8 and len(s["columns"]) == 3
    first, second = s["order"]
    assert len(pos.ids(first)) == 4
    pos.act(first, "start:E6")
    assert pos.ids(second) == ["start:B1", "start:B5", "start:E2"]
    pos.act(second, "start:B1")
    assert len(pos.state["stack"][-1]["packet"]) == 2


def test_cropped_boards_leave_out_the_eastern_columns() -> None:
    c = content()
    assert len(c.geo(4).hexes) == 64
    assert {h[0] for h in c.geo(3).hexes} == set("ABCDEFGH")
    assert {h[0] for h in c.geo(2).hexes} == set("ABCDEF")


def test_games_list_the_three_setups() -> None:
    infos = GAME.scenarios()
    assert {k: v.player_counts for k, v in infos.items()} == {"four_players": (4,), "three_players": (3,),
                                                             "two_players": (2,)}


def test_no_hut_beyond_the_cropped_board() -> None:
    """2 players: the columns G to J are not part of the board, so no hut goes there (Expansion A)."""
    from .helpers import at_expansion, clear, hut

    pos = position("two_players")
    clear(pos)
    hut(pos, "red", "F3")
    pos.state["p"]["red"]["plow"] = True
    at_expansion(pos, "red", value=2)
    assert all(not i.startswith(("hut:G", "hut:H")) for i in pos.ids("red"))
    pos.assert_illegal("red", "hut:G3", rule="Expansion A")
