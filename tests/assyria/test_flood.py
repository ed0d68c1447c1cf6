"""The flood (rule book, Flood I-V), the end of turn and the end of the game; with the worked examples."""

from __future__ import annotations

from typing import Any

from ashur.games.assyria.content import content
from ashur.games.assyria.rules import refs

from .helpers import clear, expansion, hut, position, ziggurat


def display(pos: Any, *values: int) -> None:
    """The expansion cards of the reign on display, in order."""
    s = pos.state
    ids: list[str] = []
    for v in values:
        ids.append(expansion(v, avoid=tuple(ids)))
    everything = s["exp_deck"] + s["exp_display"] + s["exp_discard"]
    s["exp_display"] = ids
    s["exp_deck"] = [e for e in everything if e not in ids]
    s["exp_discard"] = []


def flood_now(pos: Any, reign: int = 2) -> None:
    """End the last turn of `reign` now: the flood comes."""
    s = pos.state
    s["reign"] = reign
    s["turn_in_reign"] = refs.REIGN_TURNS[reign - 1]
    s["turn"] = sum(refs.REIGN_TURNS[:reign])
    s["stack"] = [{"step": "game", "phase": "end"}]
    pos.resume()


def assur_example() -> Any:
    """The Assur and dignitaries examples: Red 2 huts on the higher dignitary and 1 on the lower, Green 2 on
    the lower, Yellow 1 on the middle, Blue none; the reign's cards 4, 4 and 2 (the example shows no bonus
    card, so none is on display here)."""
    pos = position()
    s = clear(pos)
    s["dignitaries"] = {"higher": ["red", "red"], "middle": ["yellow"], "lower": ["green", "red", "green"]}
    for r, n in (("red", 3), ("green", 2), ("yellow", 1)):
        s["p"][r]["huts"] -= n
    s["p"]["yellow"]["plow"] = False
    s["plows_board"] = 1
    display(pos, 4, 4, 2)
    s["bonus"] = False
    return pos


def test_flood_ii_assur_example_10_6_2() -> None:
    """The Assur example: Red comes first with 7 influence (3 + 3 + 1); Green (1 + 1) and Yellow (2) tie
    with 2, and Green, with 2 huts, comes first. Red scores 10 and the highest card (a 4) goes; Green scores
    the remaining 6 and the next 4 goes; Yellow scores the last 2. Blue, with no hut there, scores nothing."""
    pos = assur_example()
    flood_now(pos)
    pos.assert_logged(rule="Flood II", key="as.assur_ranking", ranking=["red", "green", "yellow"])
    pos.assert_logged(rule="Flood II", key="as.score", role="red", points=10)
    pos.assert_logged(rule="Flood II", key="as.score", role="green", points=6)
    pos.assert_logged(rule="Flood II", key="as.score", role="yellow", points=2)
    assert not [e for e in pos.logged(rule="Flood II", key="as.score") if e["params"]["role"] == "blue"]


def test_flood_iii_dignitaries_example() -> None:
    """The dignitaries example: Green's 2 huts on the lower dignitary earn 2 camels; Yellow's hut on the middle
    one a plow card; Red's 2 huts on the higher one 4 points and its hut on the lower one a camel. Then every
    hut goes back to its owner."""
    pos = assur_example()
    flood_now(pos)
    s = pos.state
    assert s["p"]["green"]["camels"] == 2
    assert s["p"]["yellow"]["plow"] is True and s["plows_board"] == 0
    pos.assert_logged(rule="Flood III", key="as.score", role="red", points=4)
    assert s["p"]["red"]["camels"] == 1
    assert s["p"]["red"]["score"] == 10 + 4
    assert all(s["p"][r]["huts"] == 10 for r in s["roles"])
    assert s["dignitaries"] == {"higher": [], "middle": [], "lower": []}


def test_flood_ii_tie_broken_by_the_highest_hut() -> None:
    """Flood II: equal influence and equal huts: the player with the highest hut in Assur ranks first."""
    pos = position()
    s = clear(pos)
    s["dignitaries"] = {"higher": [], "middle": ["blue", "red"], "lower": []}
    s["p"]["blue"]["huts"] -= 1
    s["p"]["red"]["huts"] -= 1
    display(pos, 4, 3, 2)
    flood_now(pos)
    pos.assert_logged(rule="Flood II", key="as.assur_ranking", ranking=["blue", "red"])


def test_flood_ii_more_players_than_cards_and_the_bonus_card() -> None:
    """Flood II and V: from the second reign of a 4-player game the bonus card (4) joins the cards, so four
    ranked players all score: here 4+4+3+3 = 14, then 10, 6 and 3."""
    pos = position()
    s = clear(pos)
    s["dignitaries"] = {"higher": ["red", "blue", "green"], "middle": ["yellow"], "lower": []}
    for r in s["roles"]:
        s["p"][r]["huts"] -= 1
    display(pos, 4, 3, 3)
    s["bonus"] = True
    flood_now(pos, reign=2)
    got = {e["params"]["role"]: e["params"]["points"] for e in pos.logged(rule="Flood II", key="as.score")}
    assert got == {"red": 14, "blue": 10, "green": 6, "yellow": 3}


def test_flood_v_the_bonus_card_comes_with_the_second_reign_in_4_player_games_only() -> None:
    for scenario, bonus in (("four_players", True), ("three_players", False), ("two_players", False)):
        pos = position(scenario)
        clear(pos)
        display(pos, 4, 3)
        flood_now(pos, reign=1)
        assert pos.state["bonus"] is bonus
        assert pos.state["reign"] == 2 and len(pos.state["exp_display"]) == 1


def test_two_players_assur_first_takes_all_second_nothing_then_the_lowest_card() -> None:
    """2 players: the first in Assur wins every point; the second nothing in the first reign and the value
    of the lowest card in the two others."""
    for reign, second in ((1, 0), (2, 2)):
        pos = position("two_players")
        s = clear(pos)
        s["dignitaries"] = {"higher": ["red"], "middle": ["blue"], "lower": []}
        s["p"]["red"]["huts"] -= 1
        s["p"]["blue"]["huts"] -= 1
        display(pos, *((4, 3) if reign == 1 else (4, 3, 2)))
        flood_now(pos, reign=reign)
        got = {e["params"]["role"]: e["params"]["points"] for e in pos.logged(key="as.score")
               if e["params"]["why"] == "as.why.assur"}
        assert got.get("red") == (7 if reign == 1 else 9)
        assert got.get("blue", 0) == second


def test_flood_i_flooding_removes_the_river_huts() -> None:
    pos = position()
    clear(pos)
    hut(pos, "red", "C5", "D2", "B6")
    display(pos, 4, 3)
    flood_now(pos, reign=1)
    assert set(pos.state["huts"]) == {"B6"}
    assert pos.state["p"]["red"]["huts"] == 9
    pos.assert_logged(rule="Flood I", key="as.flooding", hexes=["C5", "D2"])


def test_flood_iv_offerings_example_yellow_scores_9() -> None:
    """The offerings example: Yellow has 3 ziggurats (finished or not) and its disc on x3: 9 points; the disc
    then goes back to the start of the track."""
    pos = position()
    s = clear(pos)
    ziggurat(pos, "yellow", "A1", level=1)
    ziggurat(pos, "yellow", "B6", level=2)
    ziggurat(pos, "yellow", "I6", level=3)
    s["p"]["yellow"]["offering"] = 3
    display(pos, 4, 3)
    flood_now(pos, reign=1)
    pos.assert_logged(rule="Flood IV", key="as.score", role="yellow", points=9)
    assert pos.state["p"]["yellow"]["offering"] == 0


def test_end_of_turn_places_a_new_expansion_card_under_the_previous() -> None:
    pos = position()
    s = clear(pos)
    display(pos, 4)
    s["turn_in_reign"] = 1
    s["stack"] = [{"step": "game", "phase": "end"}]
    pos.resume()
    assert len(pos.state["exp_display"]) == 2
    pos.assert_logged(rule="End of turn", key="as.expansion", space=2)
    assert pos.state["turn"] == 2


def test_end_of_game_bonus_points_and_shared_victory() -> None:
    """End of game: a point per ziggurat tile, per plow card and per two camels left; tied leaders share."""
    pos = position()
    s = clear(pos)
    ziggurat(pos, "red", "A1", level=3)  # 3 tiles
    s["p"]["red"].update(score=40, camels=5, plow=False)  # + 3 + 0 + 2 = 45
    s["p"]["blue"].update(score=40, camels=1, plow=True)
    ziggurat(pos, "blue", "I6", level=3)  # + 3 + 1 + 0 = 44
    s["p"]["blue"]["score"] = 41  # 45
    s["plows_board"] = 1
    display(pos, 4, 3, 3)
    flood_now(pos, reign=3)
    res = pos.game.result(pos.state)
    assert res["over"] and sorted(res["winners"]) == ["blue", "red"]
    assert res["scores"]["red"] == res["scores"]["blue"] == 45.0
    assert pos.state["stack"] == []
    pos.assert_logged(rule="End of game", key="as.game_over")


def test_reign_lengths_2_3_3() -> None:
    """Order of play: 8 turns in all, floods after turns 2, 5 and 8."""
    from ashur.core.session import Match
    from ashur.games.assyria.game import GAME
    from ashur.tools.simulate import play_out, seat_bots

    m = Match.new(GAME, "four_players", 5, {}, {r: "bot:random" for r in GAME.roles("four_players", {})},
                  keep_undo=False)
    play_out(m, seat_bots(m, "random"))
    floods = [e["params"]["reign"] for e in pos_log(m.state) if e["key"] == "as.flood"]
    turns = [e["params"]["turn"] for e in pos_log(m.state) if e["key"] == "as.end_of_turn"]
    assert floods == [1, 2, 3] and turns == list(range(1, 9))
    assert content().setups[4].wells == 16


def pos_log(state: Any) -> list[dict[str, Any]]:
    from ashur.core.log import entries

    return entries(state)


def test_expansion_a_the_new_card_of_the_turn_sets_the_huts_scripted() -> None:
    """End of turn, then Expansion A with a scripted expansion card: the 2 drawn for turn 2 gives 2 huts."""
    from .helpers import at_expansion

    pos = position()
    s = clear(pos)
    display(pos, 4)
    two = next(e for e in s["exp_deck"] if content().expansion_cards[e] == 2)
    pos.fix_draws(two)
    s["turn_in_reign"] = 1
    s["stack"] = [{"step": "game", "phase": "end"}]
    pos.resume()
    assert pos.state["exp_display"][-1] == two
    ziggurat(pos, "red", "B5")
    at_expansion(pos, "red")
    pos.assert_logged(rule="Expansion A", key="as.new_huts", role="red", huts=2)


def test_flood_iii_middle_dignitary_plows_go_from_the_highest_space_while_they_last() -> None:
    """Flood III, our reading: one plow card on its space and two supporters without one: the supporter on the
    higher middle space gets it; a supporter who owns a plow card gets none."""
    pos = position()
    s = clear(pos)
    s["dignitaries"] = {"higher": [], "middle": ["blue", "green", "red"], "lower": []}
    for r in ("blue", "green", "red"):
        s["p"][r]["huts"] -= 1
    s["p"]["blue"]["plow"] = s["p"]["green"]["plow"] = False  # red and yellow keep theirs
    s["plows_board"] = 1  # a single plow card on its space for this test
    display(pos, 4, 3)
    flood_now(pos, reign=1)
    assert pos.state["p"]["blue"]["plow"] is True
    assert pos.state["p"]["green"]["plow"] is False
    pos.assert_logged(rule="Flood III", key="as.no_plow", role="green", why="as.why.no_plow_left")
    pos.assert_logged(rule="Flood III", key="as.no_plow", role="red", why="as.why.has_plow")
