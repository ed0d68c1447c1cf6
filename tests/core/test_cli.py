"""The `ashur` command: one clear line for bad input, nothing lost; play, save, load, replay, simulate."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ashur.cli import app
from ashur.core import savefile

runner = CliRunner()


def _run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_unknown_game_is_one_line() -> None:
    code, output = _run("simulate", "chess")
    assert code == 2
    assert "unknown game 'chess'" in output
    assert output.strip().count("\n") == 0


def test_unknown_scenario_option_seat_and_bot() -> None:
    assert "unknown scenario" in _run("simulate", "tiny", "--scenario", "nope")[1]
    assert "unknown option 'fast'" in _run("simulate", "tiny", "-o", "fast=1")[1]
    assert "unknown bot kind 'genius'" in _run("simulate", "tiny", "--bots", "genius")[1]
    code, output = _run("play", "tiny", "--seat", "green=human")
    assert code == 2 and "unknown role 'green'" in output
    code, output = _run("play", "tiny", "--seat", "red")
    assert code == 2 and "NAME=VALUE" in output


def test_simulate_json_is_deterministic(tmp_path: Path) -> None:
    code1, out1 = _run("simulate", "tiny", "--games", "5", "--seed", "3", "--json")
    code2, out2 = _run("simulate", "tiny", "--games", "5", "--seed", "3", "--json", "--jobs", "2",
                       "--save-dir", str(tmp_path))
    assert code1 == code2 == 0
    a, b = json.loads(out1.strip().splitlines()[-1]), json.loads(out2.strip().splitlines()[-1])
    for key in ("games", "decisions", "winners", "errors", "rule_counts", "digest"):
        assert a[key] == b[key]
    files = sorted(tmp_path.glob("*.ashur.json"))
    assert len(files) == 5
    for f in files:
        code, output = _run("replay", str(f), "--quiet")
        assert code == 0 and "replayed" in output


def test_replay_reports_corrupt_file_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ashur.json"
    bad.write_text('{"game": "tiny",\n "version": "1",\n "scenario": ', encoding="utf-8")
    code, output = _run("replay", str(bad))
    assert code == 2 and "bad.ashur.json:3" in output and "not valid JSON" in output


def test_play_hot_seat_illegal_input_undo_save_and_load(tmp_path: Path) -> None:
    save = tmp_path / "g.ashur.json"
    script = "\n".join([
        "1",          # red bids 0
        "",           # pass the table to blue (Enter)
        "3",          # blue bids 2 -> blue starts
        "",           # pass to blue again? no: same human keeps the table
        "end",        # illegal: T.5
        "99",         # no such action
        "frobnicate",  # unknown command: refused with a line
        "help",
        "mark",       # typed id
        "undo",
        "log 3",
        "save",
        "quit",
    ]) + "\n"
    code, output = _run("play", "tiny", "--seat", "red=human", "--seat", "blue=human", "--seed", "5",
                        "--save", str(save), input=script)
    assert code == 0, output
    assert "rule T.5" in output
    assert "there is no action 99" in output
    assert "frobnicate" in output
    assert "undone" in output
    data = savefile.load(save)
    assert data.actions == [["red", "bid:0"], ["blue", "bid:2"]]
    # continue the saved game: blue decides next
    code, output = _run("play", "tiny", "--load", str(save), "--seat", "red=bot:random", "--seat",
                        "blue=human", input="quit\n")
    assert code == 0 and "[blue]>" in output


def test_play_against_bots_to_the_end() -> None:
    moves = "\n".join(["1"] * 400) + "\n"
    code, output = _run("play", "tiny", "--seat", "red=human", "--seed", "2", input=moves)
    assert code == 0 and "Game over" in output
