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
