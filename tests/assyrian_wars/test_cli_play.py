"""`ashur play`: a person plays a whole game of Assyrian Wars against bots at the terminal."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ashur.cli import app
from ashur.core import savefile
from ashur.core.replay import replay


def test_play_a_whole_game_against_bots(tmp_path: Path) -> None:
    save = tmp_path / "tr.ashur.json"
    answers = "\n".join(["1"] * 3000) + "\n"
    result = CliRunner().invoke(app, ["play", "assyrian-wars", "--scenario", "two_rivers", "--seed", "4",
                                      "--seat", "assyria=human", "--save", str(save)], input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output
    assert "Turn 2, impulse round 1" in result.output or "impulse round 1" in result.output
    game = replay(savefile.load(save))
    assert game.game.result(game.state)["over"]


def test_play_refuses_an_illegal_typed_action_with_its_rule() -> None:
    result = CliRunner().invoke(app, ["play", "assyrian-wars", "--scenario", "campaign", "--seed", "4",
                                      "--seat", "assyria=human"], input="1\nend\nquit\n")
    assert result.exit_code == 0
    assert "rule 3.1" in result.output


def _play(*args: str, input: str) -> str:
    result = CliRunner().invoke(app, ["play", "assyrian-wars", *args], input=input)
    assert result.exit_code == 0, result.output[-2000:]
    return result.output


def test_the_board_command_lists_every_area_and_all_tracks() -> None:
    from ashur.games.assyrian_wars.game import content

    output = _play("--scenario", "two_rivers", "--seed", "4", "--seat", "assyria=human", input="board\nquit\ny\n")
    for track in ("Impulse track (6.0)", "VP (8.3)", "ECO (7.3)", "Diplomatic track (6.9)", "impulse round 1"):
        assert track in output
    names = [a.name for a in content().areas.values()]
    missing = [n for n in names if n not in output]
    assert not missing


def test_quit_asks_before_losing_an_unsaved_game() -> None:
    output = _play("--scenario", "two_rivers", "--seed", "4", "--seat", "assyria=human",
                   input="1\nquit\nn\nview\nquit\ny\n")
    assert output.count("[y/N]") == 2
    assert output.count("[assyria]>") >= 3  # after 'n' the table goes on


def test_quit_does_not_ask_when_the_game_is_saved(tmp_path: Path) -> None:
    output = _play("--scenario", "two_rivers", "--seed", "4", "--seat", "assyria=human", "--save",
                   str(tmp_path / "g.json"), input="1\nquit\n")
    assert "[y/N]" not in output


def test_the_log_reads_as_sentences() -> None:
    import re

    output = _play("--scenario", "campaign", "--seed", "3", "--seat", "assyria=human",
                   input="\n".join(["1"] * 60 + ["log 200", "quit", "y"]) + "\n")
    log = [line for line in output.splitlines() if re.match(r"\s*\[\d+(\.\w+)*\] ", line)]
    assert len(log) > 20
    for line in log:
        for raw in ("{", "None", "True", "False", "(rule=", "assyria-", "_"):
            assert raw not in line, line


def test_the_choices_are_sorted_and_keep_their_numbers() -> None:
    from rich.console import Console

    from ashur.tui import Table

    table = Table.open("assyrian-wars", "campaign", {"assyria": "human"}, 4, {}, None, None, "en",
                       Console(width=200, record=True), read=lambda prompt: "quit")
    view = table.game.view(table.match.state, "assyria")
    first = table._numbered("assyria", view)
    assert [n for n, _ in first] == list(range(1, len(first) + 1))
    assert first[0][1]["id"] == view["prompt"]["default"]  # the default is 1
    heads = [a["id"].split(":", 1)[0] for _, a in first[1:]]
    assert heads == sorted(heads)  # then by kind
    assert table._numbered("assyria", table.game.view(table.match.state, "assyria")) == first
    table.match.act("assyria", first[0][1]["id"])
    view = table.game.view(table.match.state, "assyria")
    if view.get("prompt"):
        again = table._numbered("assyria", view)
        assert [n for n, _ in again] == list(range(1, len(again) + 1))
