"""Data files with mistakes are refused, naming file, line, entry and field (content schema and checks)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ashur.games.assyrian_wars.content import ContentError, check_content, load_content
from ashur.games.assyrian_wars.content.loader import DEFAULT_DIRECTORY


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A writable copy of the packaged content."""
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_DIRECTORY, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (once) and return the 1-based line where it stood."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return line


def refused(directory: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(directory)
    return info.value


def test_copy_of_the_packaged_content_loads(data: Path) -> None:
    assert check_content(data) == []
    assert len(load_content(data).cards) == 110


def test_unknown_area_in_a_connection(data: Path) -> None:
    line = edit(data / "connections.yaml", "{a: nineveh, b: dur_sharrukin,", "{a: nineveh, b: atlantis,")
    err = refused(data)
    assert (err.file, err.line, err.entry, err.field) == ("connections.yaml", line, "connection nineveh-atlantis", "b")
    assert "atlantis" in err.message
    assert str(err).startswith(f"connections.yaml:{line}: connection nineveh-atlantis: field 'b': ")


def test_card_without_ap_value(data: Path) -> None:
    path = data / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - number: 56\n")
    line = text[:start].count("\n") + 1
    block_end = text.index("  - number: 57\n")
    block = text[start:block_end].replace("    ap: 3\n", "", 1)
    path.write_text(text[:start] + block + text[block_end:], encoding="utf-8")
    err = refused(data)
    assert str(err) == f"cards.yaml:{line}: card 56 'Pestilence': field 'ap': Field required"
    assert (err.file, err.entry, err.field, err.line) == ("cards.yaml", "card 56 'Pestilence'", "ap", line)


def test_unit_placed_in_a_sea_zone(data: Path) -> None:
    line = edit(data / "scenarios" / "campaign.yaml", "area: zamua, units", "area: sz_phoenicia, units")
    err = refused(data)
    assert err.file == "scenarios/campaign.yaml" and err.entry == "scenario 'campaign'"
    assert err.field is not None and re.fullmatch(r"forces\[\d+\]\.area", err.field)
    assert err.line == line and "sea zone" in err.message


def test_malformed_yaml_line(data: Path) -> None:
    line = edit(data / "areas.yaml", "  - {id: hilakku, name: Hilakku,", "  - {id: hilakku, name: [Hilakku,")
    err = refused(data)
    assert err.file == "areas.yaml" and err.line is not None and abs(err.line - line) <= 1
    assert err.entry is None and err.field is None and "YAML syntax error" in err.message


def test_duplicate_key_is_refused(data: Path) -> None:
    edit(data / "nations.yaml", "    name: Assyria\n", "    name: Assyria\n    name: Ashur\n")
    err = refused(data)
    assert err.file == "nations.yaml" and "duplicate key" in err.message


def test_misspelt_field_is_refused(data: Path) -> None:
    line = edit(
        data / "cards.yaml",
        "    name: Crown Prince\n    ap: 3\n",
        "    name: Crown Prince\n    ap: 3\n    colour: red\n",
    )
    err = refused(data)
    assert (err.file, err.entry, err.field, err.line) == ("cards.yaml", "card 25 'Crown Prince'", "colour", line + 2)


def test_unknown_effect_operation_is_refused(data: Path) -> None:
    edit(data / "cards.yaml", "{op: crown_king, target: either}", "{op: summon_dragon}")
    err = refused(data)
    assert err.entry == "card 25 'Crown Prince'" and err.field == "effect[0]"


def test_force_exceeding_command_rating(data: Path) -> None:
    edit(
        data / "scenarios" / "two_rivers.yaml",
        "units: [{type: HI, strength: 4}, {type: B, strength: 3}, {type: LI, strength: 3}]",
        "units: [{type: HI, strength: 4}, {type: B, strength: 3, count: 3},"
        " {type: LC, strength: 3, count: 2}, {type: LI, strength: 3}]",
    )
    problems = check_content(data)
    assert any("exceed the command rating 6 (6.6.2)" in p for p in problems)


def test_counters_over_stock(data: Path) -> None:
    edit(
        data / "scenarios" / "campaign.yaml",
        "area: zamua, units: [{type: LI, strength: 3}]",
        "area: zamua, units: [{type: LI, strength: 3, count: 4}]",
    )
    problems = check_content(data)
    assert any("scenarios/campaign.yaml" in p and "not enough assyria counters" in p for p in problems)


def test_printed_city_count_mismatch(data: Path) -> None:
    line = edit(data / "nations.yaml", "    printed_city_count: 18\n", "    printed_city_count: 17\n")
    err = refused(data)
    assert (err.file, err.entry, err.field, err.line) == (
        "nations.yaml",
        "nation 'assyria'",
        "printed_city_count",
        line,
    )


def test_port_must_touch_its_sea_zone(data: Path) -> None:
    edit(data / "areas.yaml", "city: {defence: 2, port: sz_gulf_east}", "city: {defence: 2, port: sz_cilicia}")
    problems = check_content(data)
    assert any(p.startswith("areas.yaml:") and "area 'liyan'" in p and "city.port" in p for p in problems)


def test_check_content_reports_every_problem_without_raising(data: Path) -> None:
    edit(data / "connections.yaml", "{a: nineveh, b: dur_sharrukin,", "{a: nineveh, b: atlantis,")
    edit(data / "connections.yaml", "{a: nineveh, b: kalhu,", "{a: nineveh, b: lemuria,")
    problems = check_content(data)
    assert len([p for p in problems if "atlantis" in p or "lemuria" in p]) == 2
    assert all(isinstance(p, str) and "\n" not in p for p in problems)


def test_missing_file_is_reported(data: Path) -> None:
    (data / "timetable.yaml").unlink()
    assert check_content(data) == ["timetable.yaml: file is missing"]


def test_empty_file_is_reported(data: Path) -> None:
    (data / "areas.yaml").write_text("", encoding="utf-8")
    assert check_content(data) == ["areas.yaml: file is empty"]
    err = refused(data)
    assert (err.file, err.line, err.entry, err.field, err.message) == ("areas.yaml", None, None, None, "file is empty")


def test_an_area_id_that_begins_like_an_off_map_box_is_refused(data: Path) -> None:
    """Pieces off the map stand in boxes whose ids begin ``pool``, ``regroup``, ``raid:``, ... (the engine tells
    the map from the boxes by those prefixes): an area named like one would be taken for a box."""
    for name in ("areas.yaml", "connections.yaml", "seas.yaml"):
        path = data / name
        path.write_text(path.read_text(encoding="utf-8").replace("hilakku", "poolside"), encoding="utf-8")
    text = (data / "areas.yaml").read_text(encoding="utf-8")
    line = text[: text.index("id: poolside")].count("\n") + 1
    assert check_content(data) == [f"areas.yaml:{line}: area 'poolside': field 'id': begins like an off-map box "
                                   "(pool, regroup, raid:, ...): the engine would take the area for that box"]
