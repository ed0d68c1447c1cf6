"""The board data of the browser table (issue 16): complete, inside its size, JSON, in step with the SVG map."""

from __future__ import annotations

import json

import pytest

from ashur.core.contract import resolve_options
from ashur.games.assyrian_wars.content.svg import map_xy
from ashur.games.assyrian_wars.game import GAME, content


@pytest.fixture(scope="module")
def board() -> dict:
    return GAME.board()


def test_board_is_json(board: dict) -> None:
    assert json.loads(json.dumps(board)) == board


def test_every_area_connection_and_sea_appears(board: dict) -> None:
    c = content()
    assert {a["id"] for a in board["areas"]} == set(c.areas)
    assert {frozenset((k["a"], k["b"])) for k in board["connections"]} == {frozenset((k.a, k.b)) for k in
                                                                             c.connections}
    assert {s["id"] for s in board["seas"]} == set(c.sea_zones)
    assert {b["id"] for b in board["boxes"]} == set(c.trade_boxes) | set(c.raid_boxes)
    assert {n["id"] for n in board["nations"]} == set(c.nations)


def test_coordinates_inside_the_size(board: dict) -> None:
    w, h = board["size"]["w"], board["size"]["h"]
    for group in ("areas", "seas", "boxes"):
        for item in board[group]:
            assert 0 <= item["x"] <= w and 0 <= item["y"] <= h, (group, item["id"])


def test_the_picture_and_the_data_agree(board: dict) -> None:
    """The SVG map draws each area at the board data's coordinates (one layout, 1.2)."""
    svg = GAME.content_map_svg()
    for area in board["areas"]:
        x, y = map_xy(content().areas[area["id"]].pos)
        assert (round(x, 1), round(y, 1)) == (area["x"], area["y"])
        assert f'x="{x:.1f}"' in svg or f'cx="{x:.1f}"' in svg or f'x="{x - area["geometry"].get("w", 0) / 2:.1f}"' \
            in svg


def test_cities_and_special_areas(board: dict) -> None:
    areas = {a["id"]: a for a in board["areas"]}
    assert areas["nineveh"]["city"]["capital"] is True
    assert areas["bit_yakin"]["city"]["fortress"] is True
    assert areas["mede_far_east"]["far_east"] is True
    assert areas["sealand"]["sealand"] is True
    assert areas["parsa"]["fixed_eco"] is not None
    raids = [b for b in board["boxes"] if b["kind"] == "raid"]
    assert sorted(b["number"] for b in raids) == [1, 2, 3, 4, 5]  # 6.15


def test_tracks(board: dict) -> None:
    tracks = board["tracks"]
    assert tracks["impulse"]["order"][0] == "assyria"  # 6.0
    assert tracks["impulse"]["order"][-1] == "scythians"
    assert tracks["diplomatic"]["values"] == [1, 15]
    assert [s["status"] for s in tracks["diplomatic"]["statuses"]] == ["neutral", "trade", "pro", "march",
                                                                       "alliance"]
    assert [t["turn"] for t in tracks["turns"]] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("scenario", sorted(GAME.scenarios()))
def test_every_setup_piece_resolves_to_a_counter_type(board: dict, scenario: str) -> None:
    state = GAME.setup(scenario, 3, resolve_options(GAME, {}), {})
    counters, types = board["pieces"]["counters"], board["pieces"]["types"]
    for pid, piece in state["pieces"].items():
        assert pid in counters, pid
        counter = counters[pid]
        assert counter["type"] in types
        assert counter["kind"] == piece["kind"]
        assert counter["nation"] == piece["nation"]
    view = GAME.view(state, "observer")
    assert set(view["pieces"]) <= set(counters)


def test_unit_types_match_the_counters(board: dict) -> None:
    c = content()
    types, counters = board["pieces"]["types"], board["pieces"]["counters"]
    for uid, unit in c.units.items():
        t = types[counters[uid]["type"]]
        assert (t["unit_type"], t["strength"], t["reduced"]) == (unit.type, unit.front, unit.reduced)


def test_board_is_a_copy(board: dict) -> None:
    first = GAME.board()
    first["areas"].clear()
    assert GAME.board()["areas"]
