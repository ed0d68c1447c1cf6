"""8.1 with 9.5: forces relocated to the Regroup Box leave the fog of the map; the Regroup Box is open to
all, so the sides of units fog hid in a stack become known and the move counts a reveal (undo may not
cross it). Found by the fuzzer (seed 5, Two Rivers): ending a minor war (7.4.3) sent a fogged army to the
Regroup Box and Assyria learned which of its units were reduced while undo stayed possible."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.fog import stacks
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.politics.relocation import relocate
from ashur.testing import Position


def _hidden_army(pos: Position, viewer: str) -> tuple[str, str, list[str]]:
    """A stack of another country with pieces the viewer's fogged view does not show."""
    ctx = Ctx(pos.state, content())
    view = GAME.view(pos.state, viewer)
    for st in stacks(ctx):
        hidden = [p for p in st["pieces"] if p not in view["pieces"]]
        if st["owner"] != viewer and hidden and st["owner"] in pos.state["countries"]:
            return st["owner"], st["loc"], st["pieces"]
    raise AssertionError("no fogged stack in this scenario")


def _relocate_to_regroup(pos: Position, owner: str, area: str, pieces: list[str]) -> None:
    ctx = Ctx(pos.state, content())
    relocate(ctx, owner, area, pieces, None, "8.1", target=lambda a: False)  # no friendly area: Regroup Box


def test_8_1_relocation_to_the_regroup_box_reveals_fogged_units() -> None:
    pos = Position.setup(GAME, "two_rivers", 1)
    owner, area, pieces = _hidden_army(pos, "assyria")
    before: dict[str, Any] = GAME.view(pos.state, "assyria")
    reveals = pos.state["reveals"]
    _relocate_to_regroup(pos, owner, area, pieces)
    pos.assert_logged(rule="8.1", key="aw.relocated", dest="regroup")
    after = GAME.view(pos.state, "assyria")
    newly_seen = [p for p in pieces if p in after["pieces"] and p not in before["pieces"]]
    assert newly_seen and all(after["pieces"][p]["loc"] == "regroup" for p in newly_seen)
    assert pos.state["reveals"] == reveals + 1


def test_8_1_without_fog_nothing_was_hidden_so_no_reveal() -> None:
    pos = Position.setup(GAME, "two_rivers", 1, options={"fog_of_war": False})
    ctx = Ctx(pos.state, content())
    st = next(s for s in stacks(ctx) if s["owner"] != "assyria" and len(s["pieces"]) > 1)
    reveals = pos.state["reveals"]
    _relocate_to_regroup(pos, st["owner"], st["loc"], st["pieces"])
    assert pos.state["reveals"] == reveals
