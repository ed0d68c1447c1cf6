"""The heuristic player (``Game.rank_actions``): it reads the view only and plays like a sensible player:
it places huts where its cards can feed them, digs the wells it can, builds ziggurats, and makes offerings
only when it owns ziggurats."""

from __future__ import annotations

from ashur.games.assyria.game import GAME

from .helpers import at_actions, at_expansion, cards, clear, give, hut, position, ziggurat


def best(pos: object, role: str) -> str:
    view = GAME.view(pos.state, role)  # type: ignore[attr-defined]
    acts = view["actions"]
    ranked = GAME.rank_actions(view, acts)
    return str(max(zip(ranked, acts), key=lambda x: x[0][0])[1]["id"])


def test_places_a_hut_where_a_card_can_feed_it() -> None:
    pos = position()
    clear(pos)
    ziggurat(pos, "red", "B5")
    pos.state["p"]["red"]["plow"] = False
    give(pos, "red", *cards(("barley", 1)))
    at_expansion(pos, "red", value=2)
    assert best(pos, "red") in ("hut:C6", "hut:A5")  # the barley hexes next to B5 (A5 on a river: camels)


def test_digs_a_well() -> None:
    pos = position()
    clear(pos)
    hut(pos, "blue", "B5", "C5", "C6", fed=True)
    at_expansion(pos, "blue", part="wells")
    assert best(pos, "blue") == "well:B5-C5-C6"


def test_builds_a_ziggurat_with_6_camels_and_offers_only_with_ziggurats() -> None:
    pos = position()
    clear(pos)
    hut(pos, "yellow", "A6", fed=True)
    pos.state["p"]["yellow"]["camels"] = 6
    at_actions(pos, "yellow")
    assert best(pos, "yellow") == "build:A6"
    pos.act("yellow", "build:A6")
    assert pos.state["p"]["yellow"]["camels"] == 0


def test_no_offering_without_a_ziggurat() -> None:
    pos = position()
    clear(pos)
    pos.state["p"]["green"]["camels"] = 3
    at_actions(pos, "green")
    view = GAME.view(pos.state, "green")
    ranked = dict(zip([a["id"] for a in view["actions"]], GAME.rank_actions(view, view["actions"])))
    assert ranked["offer:3"][0] < ranked["done"][0]


def test_evaluate_is_between_minus_one_and_one() -> None:
    pos = position()
    pos.state["p"]["red"]["score"] = 30
    v = GAME.view(pos.state, "red")
    assert 0 < GAME.evaluate(v, "red") <= 1
    assert -1 <= GAME.evaluate(GAME.view(pos.state, "blue"), "blue") < 0
