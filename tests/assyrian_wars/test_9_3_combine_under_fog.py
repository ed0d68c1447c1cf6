"""9.3 / 9.5: combining two reduced units of a fogged stack sends one to its open pool, which shows what fog
hid: a reveal, so other roles' views may change and undo stops there. The save is the fuzz game that found
it (`ashur fuzz assyrian-wars --games 4 --seed 5`, campaign, Assyria combining at action 471)."""

from __future__ import annotations

from pathlib import Path

from ashur.core.savefile import load
from ashur.core.session import Match
from ashur.core.statedata import clone
from ashur.games.assyrian_wars.game import GAME
from ashur.tools.fuzz import Checker

SAVE = Path(__file__).parent / "saves" / "9_3_combine_under_fog.ashur.json"


def test_9_3_combining_in_a_fogged_stack_counts_a_reveal_and_leaks_nothing() -> None:
    save = load(SAVE)
    match = Match.new(GAME, save.scenario, save.seed, save.options, save.seats, keep_undo=False)
    for role, action_id in save.actions[:471]:
        match.act(role, action_id)
    role, action_id = save.actions[471]
    assert action_id.startswith("combine:")
    before = clone(match.state)
    match.act(role, action_id)
    assert match.state["reveals"] == before["reveals"] + 1
    checker = Checker(GAME, save.seed)
    checker.check_log_leaks(match, 471, before, role, action_id)
