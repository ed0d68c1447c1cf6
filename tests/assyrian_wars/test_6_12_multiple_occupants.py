"""6.12 Multiple Occupants: the power with the strongest force among the occupants decides who controls
the area (itself offered first)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.control_areas import check_occupation
from tests.assyrian_wars.landkit import advance, ctx, put, start, top


def _occupied_by_two(pos):  # type: ignore[no-untyped-def]
    for u in ("babylonia-li2-1", "babylonia-li2-2"):
        put(pos, u, "katmuhu")
    for u in ("elam-li2-1", "elam-li2-2", "elam-li2-3"):
        put(pos, u, "katmuhu")
    check_occupation(ctx(pos), "katmuhu", entering="babylonia")
    advance(pos)


def test_6_12_the_strongest_occupant_decides_default_itself() -> None:
    pos = start()
    _occupied_by_two(pos)
    assert top(pos)["step"] == "occupation_choice"
    assert pos.ids("elam") == ["occupy:elam", "occupy:babylonia"]
    assert pos.game.view(pos.state, "elam")["prompt"]["key"] == "aw.prompt.occupation_choice"
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "assyria"
    pos.act("elam", "occupy:elam")
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "elam"


def test_6_12_the_deciding_power_may_give_the_area_to_another_occupant() -> None:
    pos = start()
    _occupied_by_two(pos)
    pos.act("elam", "occupy:babylonia")
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "babylonia"
    pos.assert_logged(rule="6.12", key="aw.control_changed", area="katmuhu", new="babylonia")


def test_6_12_without_player_choices_the_strongest_takes_it() -> None:
    pos = start(player_choices=False)
    _occupied_by_two(pos)
    assert pos.state["areas"]["katmuhu"]["ctrl"] == "elam"
