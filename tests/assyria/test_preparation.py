"""Preparation (rule book): the random turn order, the first sowing, the starting spaces and the initial
draft; and what the draft keeps secret."""

from __future__ import annotations

from ashur.games.assyria.game import GAME

from .helpers import position


def test_preparation_pieces_tracks_and_first_expansion_card() -> None:
    pos = position()
    s = pos.state
    assert sorted(s["order"]) == ["blue", "green", "red", "yellow"]
    for r in s["roles"]:
        p = s["p"][r]
        assert (p["score"], p["camels"], p["offering"], p["huts"], p["plow"]) == (0, 0, 0, 10, True)
    assert [GAME.view(s, "observer")["expansion"]] == [[4]]
    assert s["wells_stock"] == 16
    assert len(s["columns"]) == 5 and all(len(c) == 2 for c in s["columns"])  # sown before the starts


def test_preparation_starting_spaces_in_turn_order() -> None:
    pos = position()
    first, second = pos.state["order"][:2]
    assert pos.ids(first) == ["start:B1", "start:B5", "start:I2", "start:I6"]
    pos.act(first, "start:I2")
    pos.assert_illegal(second, "start:I2", rule="Preparation")
    assert pos.state["zigs"]["I2"] == {"owner": first, "level": 1, "turn": 0}
    assert pos.state["p"][first]["bases"] == 3


def test_preparation_initial_draft_last_player_first_and_secret() -> None:
    """The initial draft: the last player draws 4 cards and keeps one face up; the rest goes to the third,
    then the second player; the first gets the last card. Only those who held the cards see them."""
    pos = position()
    order = pos.state["order"]
    for r in order:
        pos.act(r, pos.ids(r)[0])
    last = order[-1]
    assert pos.state["stack"][-1]["step"] == "draft"
    assert GAME.view(pos.state, last)["draft"]["cards"] is not None
    assert GAME.view(pos.state, order[0])["draft"]["cards"] is None
    assert GAME.view(pos.state, "observer")["draft"] == {"holder": last, "count": 4, "cards": None}
    before = {r: len(pos.state["p"][r]["cards"]) for r in order}
    for r in reversed(order):
        pos.act(r, pos.ids(r)[0])
    assert {r: len(pos.state["p"][r]["cards"]) - before[r] for r in order} == {r: 1 for r in order}
    assert pos.state["stack"][-1]["step"] == "harvest"
    seen = [e for e in pos.logged(key="as.draft_seen")]
    assert [e["to"] for e in seen] == [[order[3]], [order[2]], [order[1]], [order[0]]]


def test_preparation_scramble_keeps_the_draft_secret() -> None:
    """Hidden information: redrawing what a role may not know (the deck, the draft cards it has not held)
    leaves its view as it was."""
    pos = position()
    order = pos.state["order"]
    for r in order:
        pos.act(r, pos.ids(r)[0])
    for role in [*order, "observer"]:
        scrambled = GAME.scramble(pos.state, role, 99)
        assert GAME.view(scrambled, role) == GAME.view(pos.state, role)
    other = GAME.scramble(pos.state, order[0], 99)
    assert other["deck"] != pos.state["deck"]


def test_preparation_initial_draft_with_scripted_cards() -> None:
    """The draft with scripted draws: the last player sees the four cards drawn, keeps the wild card; the
    third player sees the three others, and so on."""
    from .helpers import in_deck

    pos = position()
    order = pos.state["order"]
    drawn = in_deck(pos, ("wild", 1), ("salt", 3), ("dates", 1), ("palm", 2))
    pos.fix_draws(*drawn)
    for r in order:
        pos.act(r, pos.ids(r)[0])
    last, third = order[3], order[2]
    assert sorted(a["params"]["card"] for a in pos.actions(last)) == ["dates1", "palm2", "salt3", "wild1"]
    pos.act(last, f"draft:{drawn[0]}")
    assert pos.state["p"][last]["cards"][-1] == drawn[0]
    assert sorted(a["params"]["card"] for a in pos.actions(third)) == ["dates1", "palm2", "salt3"]
    pos.assert_logged(rule="Preparation (initial draft)", key="as.draft_pick", role=last, card="wild1")


def test_food_deck_reshuffles_the_discard_pile_when_empty() -> None:
    """Our reading (docs/rules-decisions-assyria.md): an empty food deck takes the shuffled discard pile."""
    from .helpers import clear

    pos = position()
    s = clear(pos)
    s["discard"].extend(s["deck"])
    s["deck"] = []
    s["stack"] = [{"step": "game", "phase": "sow"}]
    pos.resume()
    pos.assert_logged(rule="Farming A", key="as.reshuffle", cards=40)
    assert len(pos.state["deck"]) == 30 and pos.state["discard"] == []
