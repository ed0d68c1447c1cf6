"""9.3 / 9.5: combining two reduced units of a fogged stack sends one to its open pool, which shows what fog
hid: a reveal, so other roles' views may change and undo stops there. The save is the fuzz game that found
it (`ashur fuzz assyrian-wars --games 4 --seed 5`, campaign, Assyria combining at action 471)."""

from __future__ import annotations

from pathlib import Path

from ashur.core.savefile import load
from ashur.core.statedata import clone
from ashur.games.assyrian_wars.game import GAME
from ashur.tools.fuzz import Checker
from tests.assyrian_wars.helpers import replay_through_windows

SAVE = Path(__file__).parent / "saves" / "9_3_combine_under_fog.ashur.json"


def test_9_3_combining_in_a_fogged_stack_counts_a_reveal_and_leaks_nothing() -> None:
    save = load(SAVE)
    match = replay_through_windows(save, upto=471)
    match.keep_undo = False
    role, action_id = save.actions[471]
    assert action_id.startswith("combine:")
    before = clone(match.state)
    match.act(role, action_id)
    assert match.state["reveals"] == before["reveals"] + 1
    checker = Checker(GAME, save.seed)
    checker.check_log_leaks(match, 471, before, role, action_id)


def test_9_3_6_16_c_combining_two_reduced_ships_keeps_the_cargo_aboard_the_ship_that_stays() -> None:
    """Two reduced ships carry one reduced unit each at most; combined, the full ship takes both loads
    (fuzz, campaign seed 227339313123160: Elam's unit was left at sea without a ship)."""
    from tests.assyrian_wars.navalkit import naval_start, ship

    pos = naval_start("babylonia", 3, special_abilities=False)
    ship(pos, "babylonia-ship-1", "sz_gulf_east", red=True)
    ship(pos, "babylonia-ship-2", "sz_gulf_east", red=True)
    unit = "babylonia-li2-1"
    pos.state["pieces"][unit].update(loc="sea:sz_gulf_east", red=True, army=None, city=False,
                                     aboard="babylonia-ship-2")
    pos.state["options"]["combine_reduced"] = True
    assert "combine:babylonia-ship-1:babylonia-ship-2" in pos.ids("babylonia")
    pos.act("babylonia", "combine:babylonia-ship-1:babylonia-ship-2")
    assert pos.state["pieces"]["babylonia-ship-2"]["loc"] == "pool"
    assert pos.state["pieces"][unit]["aboard"] == "babylonia-ship-1"
    assert GAME.invariants(pos.state) == []
