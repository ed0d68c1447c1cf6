"""Bad save files are refused in one line naming the file, the line (and column) and the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ashur.core import savefile
from ashur.core.errors import SaveFileError
from ashur.core.session import Match
from ashur.tools.simulate import play_out, seat_bots
from tests.core.tinygame import GAME


@pytest.fixture(scope="module")
def good_text() -> str:
    m = Match.new(GAME, "basic", 8)
    play_out(m, seat_bots(m, "random"))
    return m.to_save().dumps()


def _refused(tmp_path: Path, content: str | bytes, *, field: str | None = None,
             line: int | None = None) -> SaveFileError:
    path = tmp_path / "bad.ashur.json"
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    with pytest.raises(SaveFileError) as info:
        savefile.load(path)
    exc = info.value
    text = str(exc)
    assert text.startswith(str(path)) and "\n" not in text and len(text) < 300
    if field is not None:
        assert exc.field == field and repr(field) in text
    if line is not None:
        assert exc.line == line and f"{path}:{line}" in text
    return exc


def test_good_file_loads(tmp_path: Path, good_text: str) -> None:
    path = tmp_path / "good.ashur.json"
    path.write_text(good_text, encoding="utf-8")
    assert savefile.load(path).game == "tiny"


def test_wrong_version(tmp_path: Path, good_text: str) -> None:
    exc = _refused(tmp_path, good_text.replace('"version": "1"', '"version": "0.9"'), field="version", line=3)
    assert "version '0.9'" in str(exc)


def test_wrong_game(tmp_path: Path, good_text: str) -> None:
    exc = _refused(tmp_path, good_text.replace('"game": "tiny"', '"game": "chess"'), field="game", line=2)
    assert "unknown game 'chess'" in str(exc)


def test_unknown_field(tmp_path: Path, good_text: str) -> None:
    text = good_text.replace('  "scenario"', '  "cheat": true,\n  "scenario"', 1)
    exc = _refused(tmp_path, text, field="cheat", line=4)
    assert "unknown field" in str(exc)


def test_deep_nesting_does_not_recurse(tmp_path: Path, good_text: str) -> None:
    deep = "[" * 10_000 + "]" * 10_000
    text = good_text.replace('"options": {', f'"options": {{"x": {deep}, ', 1)
    exc = _refused(tmp_path, text, line=6)
    assert exc.column is not None and "nested deeper" in str(exc)
    _refused(tmp_path, "[" * 100_000)


@pytest.mark.parametrize(("old", "new", "field"), [
    (r'"seed": \d+', '"seed": true', "seed"),
    (r'"seed": \d+', '"seed": 1.5', "seed"),
    (r'"seed": \d+', '"seed": "eight"', "seed"),
    (r'"scenario": "basic"', '"scenario": 7', "scenario"),
    (r'"seats": \{[^\n]*\}', '"seats": []', "seats"),
    (r'"options": \{[^\n]*\}', '"options": {"target": NaN}', None),
])
def test_wrong_types(tmp_path: Path, good_text: str, old: str, new: str, field: str | None) -> None:
    text = re.sub(old, new, good_text, count=1)
    assert text != good_text
    exc = _refused(tmp_path, text, field=field)
    assert exc.line is not None or "NaN" in str(exc)


def test_bad_action_id_in_file(tmp_path: Path, good_text: str) -> None:
    lines = good_text.splitlines()
    start = lines.index('  "actions": [')
    lines[start + 2] = '    ["red", "save:\u00b2"],'
    exc = _refused(tmp_path, "\n".join(lines), field="actions[1]", line=start + 3)
    assert "U+00B2" in str(exc)


def test_truncated_json_names_line_and_column(tmp_path: Path, good_text: str) -> None:
    exc = _refused(tmp_path, good_text[: len(good_text) // 2])
    assert exc.line is not None and exc.column is not None and "truncated" in str(exc)
    assert re.search(rf":{exc.line}:{exc.column}: not valid JSON", str(exc))


def test_invalid_json(tmp_path: Path) -> None:
    exc = _refused(tmp_path, '{\n  "game": "tiny",\n  "version": \'1\'\n}', line=3)
    assert exc.column == 14


def test_not_utf8(tmp_path: Path, good_text: str) -> None:
    raw = good_text.encode().replace(b'"basic"', b'"b\xe4sic"', 1)
    exc = _refused(tmp_path, raw, line=4)
    assert "not UTF-8" in str(exc) and exc.column == 17


def test_huge_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, good_text: str) -> None:
    monkeypatch.setattr(savefile, "MAX_BYTES", 1000)
    exc = _refused(tmp_path, good_text + " " * 2000)
    assert "bytes long" in str(exc)


def test_not_an_object_and_empty(tmp_path: Path) -> None:
    assert "one JSON object" in str(_refused(tmp_path, "[1, 2]"))
    assert "empty" in str(_refused(tmp_path, ""))


def test_big_seed_is_a_string_and_ints_still_load(tmp_path: Path, good_text: str) -> None:
    save = savefile.parse(good_text, "g")
    big = save.model_copy(update={"seed": 2**127 + 5})
    text = big.dumps()
    assert f'"seed": "{2**127 + 5}"' in text
    assert savefile.parse(text, "g").seed == 2**127 + 5
    assert savefile.parse(good_text, "g").seed == 8
    import orjson

    assert orjson.loads(orjson.dumps(big.model_dump()))["seed"] == str(2**127 + 5)


def test_cli_replay_prints_one_line(tmp_path: Path, good_text: str) -> None:
    from typer.testing import CliRunner

    from ashur.cli import app

    path = tmp_path / "deep.ashur.json"
    path.write_text(good_text.replace('"options": {', '"options": {"x": ' + "[" * 5000 + "]" * 5000 + ", ", 1),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "deep.ashur.json:6:" in result.output
