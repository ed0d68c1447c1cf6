"""Save files and replay: round trip, corrupt files named by line and field, divergence named by action."""

from __future__ import annotations

from pathlib import Path

import pytest

from ashur.core import savefile
from ashur.core.errors import ReplayDivergence, SaveFileError
from ashur.core.replay import replay
from ashur.core.session import Match
from ashur.core.statedata import digest
from ashur.tools.simulate import play_out, seat_bots
from tests.core.tinygame import GAME


def _played(seed: int = 8) -> Match:
    m = Match.new(GAME, "basic", seed)
    play_out(m, seat_bots(m, "random"))
    return m


def test_save_and_replay_rebuild_the_same_state(tmp_path: Path) -> None:
    m = _played()
    path = tmp_path / "g.ashur.json"
    m.to_save().save(path)
    again = replay(savefile.load(path))
    assert digest(again.state) == digest(m.state)
    assert again.actions == m.actions


def test_one_action_per_line(tmp_path: Path) -> None:
    m = _played()
    text = m.to_save().dumps()
    lines = text.splitlines()
    start = lines.index('  "actions": [')
    assert lines[start + 1].strip().rstrip(",") == f'["{m.actions[0][0]}", "{m.actions[0][1]}"]'


def test_truncated_file_names_the_line(tmp_path: Path) -> None:
    text = _played().to_save().dumps()
    cut = text[: len(text) // 2]
    with pytest.raises(SaveFileError, match=r"g\.ashur\.json:\d+:\d+: not valid JSON.*truncated"):
        savefile.parse(cut, "g.ashur.json")


def test_empty_file() -> None:
    with pytest.raises(SaveFileError, match="empty"):
        savefile.parse("  \n", "e.ashur.json")


def test_bad_field_names_field_and_line() -> None:
    import re

    text = re.sub(r'"seed": \d+', '"seed": "eight"', _played().to_save().dumps(), count=1)
    with pytest.raises(SaveFileError) as info:
        savefile.parse(text, "s.ashur.json")
    assert info.value.field == "seed" and info.value.line == 5


def test_bad_action_entry_names_its_line() -> None:
    m = _played()
    lines = m.to_save().dumps().splitlines()
    start = lines.index('  "actions": [')
    lines[start + 3] = '    ["red"],'
    with pytest.raises(SaveFileError) as info:
        savefile.parse("\n".join(lines), "a.ashur.json")
    assert info.value.line == start + 4 and info.value.field == "actions[2]"


def test_missing_file() -> None:
    with pytest.raises(SaveFileError, match="no such file"):
        savefile.load("/nonexistent/x.ashur.json")


def test_replay_names_first_diverging_action() -> None:
    m = _played()
    save = m.to_save()
    actions = [list(a) for a in save.actions]
    # make the first turn action an impossible 'end' before acting
    idx = next(i for i, (_, a) in enumerate(actions) if a in ("roll", "mark") or a.startswith("play:"))
    actions[idx][1] = "end"
    bad = save.model_copy(update={"actions": actions})
    with pytest.raises(ReplayDivergence) as info:
        replay(bad)
    assert info.value.index == idx and "T.5" in str(info.value)


def test_replay_wrong_role() -> None:
    save = _played().to_save()
    actions = [list(a) for a in save.actions]
    actions[2][0] = "blue" if actions[2][0] == "red" else "red"
    with pytest.raises(ReplayDivergence, match="does not decide now"):
        replay(save.model_copy(update={"actions": actions}))
