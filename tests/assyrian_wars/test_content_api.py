"""The public content API: caching, immutability, indexes and the JSON dump."""

from __future__ import annotations

import dataclasses
import json

import orjson
import pytest

from ashur.games.assyrian_wars.content import Content, check_content, dump_content, load_content


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_default_content_is_loaded_once_per_process(content: Content) -> None:
    assert load_content() is content
    assert check_content() == []


def test_content_is_immutable(content: Content) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        content.nations = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        content.areas["atlantis"] = content.areas["nineveh"]  # type: ignore[index]
    with pytest.raises(Exception):  # noqa: B017 - pydantic raises ValidationError for frozen models
        content.areas["nineveh"].name = "Ninua"  # type: ignore[misc]


def test_indexes_answer_the_engines_questions(content: Content) -> None:
    assert ("kalhu", "standard") in content.neighbors("nineveh")
    assert "sz_phoenicia" in content.sea_neighbors("sz_cyprus")
    assert set(content.port_cities("sz_phoenicia")) == {"tyre", "sidon", "byblos"}
    assert "nineveh" in content.home_cities("assyria") and "katmuhu" in content.home_areas("assyria")
    assert "mede_far_east" in content.home_areas("mede")
    assert content.coastal_zones("tyre") == ("sz_phoenicia",)
    assert content.deck()[0] == 25 and content.home_cards("assyria") == (1, 2, 3)


def test_dump_content_is_json_serialisable_and_complete(content: Content) -> None:
    data = dump_content(content)
    encoded = orjson.dumps(data)
    assert json.loads(encoded) == json.loads(json.dumps(data))
    for key in (
        "nations",
        "areas",
        "connections",
        "sea_zones",
        "trade_boxes",
        "raid_boxes",
        "cards",
        "units",
        "leaders",
        "kings",
        "ships",
        "mercenary_units",
        "marker_stock",
        "timetable",
        "scenarios",
        "secret_diplomacy",
        "scenario_setups",
        "impulse_order",
    ):
        assert key in data
    assert data["nations"]["urartu"]["tribute_dice"] == 4
    assert data["units"]["egypt-b3-4"]["initially_available"] is False
    assert len(data["cards"]) == 110
    assert data["scenario_setups"]["campaign"]["forces"][0]["units"]
