"""8.3: the country destroying the last units of a nomad tribe on the map earns VPs (Cimmerians 2, Scythians 4,
Arabs or Aramaeans 1), shared between the powers of the winning side."""

from __future__ import annotations

from typing import Any

from tests.assyrian_wars.landkit import push_battle, put, settle, start


def _vp(pos: Any, c: str) -> int:
    return int(pos.state["countries"][c]["vp"])


def _last_cimmerian_destroyed(others: list[str]) -> Any:
    pos = start(special_abilities=False)
    put(pos, "assyria-li3-1", "kalhu")
    put(pos, "cimmerians-hb3-1", "kalhu", red=True)
    for pid in others:
        put(pos, pid, "tushpa")
    pos.fix_dice(1, 1, 6, 6, 6)  # Assyria's unit and elite die both hit; the Cimmerian misses
    push_battle(pos, "field", "kalhu", ["assyria-li3-1"], ["cimmerians-hb3-1"])
    settle(pos)
    return pos


def test_8_3_destroying_the_last_cimmerian_unit_on_the_map_earns_2_vp() -> None:
    before = _vp(start(special_abilities=False), "assyria")
    pos = _last_cimmerian_destroyed([])
    assert pos.state["pieces"]["cimmerians-hb3-1"]["loc"] not in ("kalhu",)
    pos.assert_logged(rule="8.3", key="aw.tribe_defeated", nation="cimmerians", vp=2)
    pos.assert_logged(rule="8.3", key="aw.vp", country="assyria", n=2, why="aw.why.tribe")
    assert _vp(pos, "assyria") == before + 2


def test_8_3_no_tribe_vp_while_other_units_of_the_tribe_stay_on_the_map() -> None:
    pos = _last_cimmerian_destroyed(["cimmerians-hb3-2"])
    assert not pos.logged(rule="8.3", key="aw.tribe_defeated")
