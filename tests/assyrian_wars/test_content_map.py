"""Map content: areas, cities, connections, seas, trade and raid boxes (rules 1.2, 1.3, 6.15, 6.16, 7.1)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import deque

import pytest

from ashur.games.assyrian_wars.content import Content, load_content, render_map_svg


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_1_2_map_has_100_to_140_land_areas(content: Content) -> None:
    assert 100 <= len(content.areas) <= 140


def test_1_2_places_of_the_period_are_on_the_map(content: Content) -> None:
    for place in (
        "nineveh",
        "ashur",
        "kalhu",
        "dur_sharrukin",
        "arbela",
        "harran",
        "guzana",
        "arrapha",
        "babylon",
        "borsippa",
        "nippur",
        "uruk",
        "ur",
        "sippar",
        "der",
        "susa",
        "madaktu",
        "hidalu",
        "anshan",
        "memphis",
        "sais",
        "thebes",
        "tanis",
        "pelusium",
        "ecbatana",
        "tyre",
        "sidon",
        "byblos",
        "arwad",
        "jerusalem",
        "lachish",
        "samaria",
        "megiddo",
        "damascus",
        "hamath",
        "arpad",
        "tushpa",
        "musasir",
        "gordion",
        "parsumash",
        "tarsus",
        "zamua",
        "sealand",
        "mede_far_east",
    ):
        assert place in content.areas, place


def test_7_1_nineveh_is_assyrian_capital_level_5(content: Content) -> None:
    nineveh = content.areas["nineveh"]
    assert nineveh.nation == "assyria" and nineveh.kind == "home"
    assert nineveh.city is not None and nineveh.city.capital and nineveh.city.defence == 5
    assert content.capital("assyria") == "nineveh"


def test_8_3_a_level_4_fortress_exists(content: Content) -> None:
    assert any(a.city and a.city.fortress and a.city.defence == 4 for a in content.areas.values())


def test_1_2_persia_has_three_square_home_areas_no_cities_fixed_eco_2(content: Content) -> None:
    homes = [content.areas[a] for a in content.home_areas("persia")]
    assert len(homes) == 3
    assert all(a.is_square and a.shape == "fixed_eco" and a.city is None for a in homes)
    assert content.home_cities("persia") == ()
    assert content.nations["persia"].fixed_eco == 2
    assert content.capital("persia") is None


def test_7_1_mede_has_at_least_7_home_cities_including_capital(content: Content) -> None:
    cities = content.home_cities("mede")
    assert len(cities) >= 7 and content.capital("mede") in cities


def test_7_1_assyria_has_nineveh_and_at_least_5_other_home_cities(content: Content) -> None:
    cities = content.home_cities("assyria")
    assert "nineveh" in cities and len([c for c in cities if c != "nineveh"]) >= 5


def test_7_1_every_power_can_be_conquered(content: Content) -> None:
    for power in content.powers():
        cities, capital = content.home_cities(power), content.capital(power)
        assert capital in cities
        if power == "mede":
            assert len(cities) >= 7
        elif power == "assyria":
            assert len(cities) - 1 >= 5
        else:
            assert len(cities) >= 5 or len(cities) - 1 >= 3


def test_1_3_zamua_and_tarsus_are_associated_areas(content: Content) -> None:
    for aid in ("zamua", "tarsus"):
        area = content.areas[aid]
        assert area.kind == "associated" and area.nation == "assyria" and area.city is not None
        assert aid in content.associated_areas("assyria")


def test_1_2_damascus_and_jerusalem_are_capitals(content: Content) -> None:
    for aid, nation in (("damascus", "syria"), ("jerusalem", "judah")):
        city = content.areas[aid].city
        assert city is not None and city.capital and content.capital(nation) == aid


def test_1_3_sealand_is_a_land_area_and_a_sea_zone(content: Content) -> None:
    land, sea = content.areas["sealand"], content.sea_zones["sealand"]
    assert land.sea_zone and sea.land_area and land.nation == "babylonia"
    assert land.move_cost == 2 and land.entry_attrition_exempt == ("babylonia",)
    assert content.neighbors("sealand") and content.sea_neighbors("sealand")
    assert set(content.port_cities("sealand")) >= {"ur", "bit_yakin"}


def test_1_3_mede_far_east_reached_only_over_mede_only_connections(content: Content) -> None:
    far_east = content.areas["mede_far_east"]
    assert far_east.kind == "far_east" and far_east.nation == "mede"
    links = content.neighbors("mede_far_east")
    assert links and all(kind == "mede_only" for _, kind in links)
    for conn in content.connections:
        if conn.type == "mede_only":
            assert "mede_far_east" in (conn.a, conn.b)
    for other, _ in links:
        assert content.areas[other].nation == "mede"


def test_1_3_land_graph_is_connected_apart_from_far_east_and_islands(content: Content) -> None:
    land = [a for a, area in content.areas.items() if not area.island and area.kind != "far_east"]
    seen, todo = {land[0]}, deque([land[0]])
    while todo:
        for other, kind in content.neighbors(todo.popleft()):
            if kind != "mede_only" and other not in seen:
                seen.add(other)
                todo.append(other)
    assert set(land) == seen


def test_1_3_islands_are_reached_by_sea(content: Content) -> None:
    islands = [a for a in content.areas.values() if a.island]
    assert {a.id for a in islands} == {"cyprus", "dilmun"}
    for island in islands:
        assert content.neighbors(island.id) == ()
        assert island.city is not None and island.city.port in content.sea_zones


def test_1_3_connections_are_symmetric_and_typed(content: Content) -> None:
    kinds = set()
    for area in content.areas:
        for other, kind in content.neighbors(area):
            assert (area, kind) in content.neighbors(other)
            assert content.connection_type(area, other) == kind
            kinds.add(kind)
    assert kinds == {"standard", "desert", "river", "mountain", "mede", "mede_only"}


def test_1_3_rivers_mountains_and_deserts_where_history_puts_them(content: Content) -> None:
    assert content.connection_type("nineveh", "nasibina") == "river"  # the Tigris
    assert content.connection_type("til_barsip", "carchemish") == "river"  # the Euphrates
    assert content.connection_type("namri", "harhar") == "mountain"  # the Zagros Gates
    assert content.connection_type("tarsus", "tabal") == "mountain"  # the Cilician Gates
    assert content.connection_type("sinai", "pelusium") == "desert"
    assert content.connection_type("damascus", "tadmor") == "desert"
    assert content.connection_type("harhar", "ecbatana") == "mede"


def test_6_6_1_desert_only_areas_follow_from_the_data(content: Content) -> None:
    for aid in content.areas:
        links = content.neighbors(aid)
        expected = bool(links) and all(kind == "desert" for _, kind in links)
        assert content.is_desert_only(aid) == expected
    assert content.is_desert_only("tadmor") and content.is_desert_only("syrian_desert")
    assert not content.is_desert_only("brook_of_egypt")


def test_6_16_every_port_touches_its_sea_zone(content: Content) -> None:
    ports = [a for a in content.areas.values() if a.city is not None and a.city.port is not None]
    assert len(ports) >= 10
    for area in ports:
        zone = content.sea_zones[area.city.port]  # type: ignore[union-attr]
        assert area.id in zone.coastal
        assert area.id in content.port_cities(zone.id)


def test_1_3_sea_zones_are_coastal_and_adjacency_is_symmetric(content: Content) -> None:
    for zone in content.sea_zones.values():
        assert zone.coastal
        for other in zone.adjacent:
            assert zone.id in content.sea_neighbors(other)
            assert content.sea_zones[other].body == zone.body
    assert {z.body for z in content.sea_zones.values()} == {"mediterranean", "persian_gulf"}


def test_6_16_g_sea_trade_boxes_hold_4_ships_on_one_body_of_water(content: Content) -> None:
    sea_boxes = [t for t in content.trade_boxes.values() if t.kind == "sea"]
    assert len(sea_boxes) >= 2
    for box in sea_boxes:
        assert box.capacity == 4 and box.entered_from
        assert all(content.sea_zones[z].body == box.body for z in box.entered_from)


def test_6_15_overland_trade_box_with_five_raid_boxes(content: Content) -> None:
    overland = [t for t in content.trade_boxes.values() if t.kind == "overland"]
    assert len(overland) == 1
    for number in range(1, 6):
        box = content.raid_box(number)
        assert content.impulse_order()[number - 1] == box.power


def test_7_3_1_associated_areas_count_as_cities(content: Content) -> None:
    home = sum(2 if content.areas[a].city.capital else 1 for a in content.home_cities("assyria"))  # type: ignore[union-attr]
    assert content.city_count("assyria") == home + len(content.associated_areas("assyria"))


def test_1_2_every_area_has_a_position_on_the_map(content: Content) -> None:
    for area in content.areas.values():
        lon, lat = area.pos
        assert 25 <= lon <= 60 and 20 <= lat <= 45
    for zone in content.sea_zones.values():
        assert 25 <= zone.pos[0] <= 60


def test_1_2_render_map_svg_draws_every_area_and_a_legend(content: Content) -> None:
    svg = render_map_svg(content)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = {el.text for el in root.iter() if el.tag.endswith("text")}
    for area in content.areas.values():
        assert area.name in texts
    assert "Legend" in texts and "Raid 5" in texts
    assert svg.count("<circle") >= sum(1 for a in content.areas.values() if a.shape == "round")
