"""``act`` shares the records of pieces and areas with the state before it (issue 12: no full copy per
action): however a game goes on, no earlier state ever changes, so undo and replay stay exact."""

from __future__ import annotations

import random

from ashur.core.contract import resolve_options
from ashur.core.registry import get_game
from ashur.core.statedata import digest


def _setup(seed: int):
    game = get_game("assyrian-wars")
    opts = resolve_options(game, {})
    roles = game.roles("campaign", opts)
    return game, game.setup("campaign", seed, opts, {r: "bot:random" for r in roles})


def test_act_never_changes_an_earlier_state_over_a_random_game() -> None:
    game, state = _setup(7)
    rng = random.Random(7)
    history: list[tuple[object, str]] = []
    for _ in range(400):
        if game.result(state)["over"]:
            break
        role = game.active(state)[0]
        history.append((state, digest(state)))
        actions = game.legal_actions(state, role)
        state = game.act(state, role, rng.choice(actions)["id"])
    assert len(history) > 100
    assert all(digest(old) == before for old, before in history)


def test_an_earlier_state_played_again_in_place_leaves_the_later_one_alone() -> None:
    game, state = _setup(3)
    rng = random.Random(3)
    for _ in range(30):
        role = game.active(state)[0]
        state = game.act(state, role, rng.choice(game.legal_actions(state, role))["id"])
    role = game.active(state)[0]
    first = game.legal_actions(state, role)[0]["id"]
    later = game.act(state, role, first)
    kept = digest(later)
    for _ in range(60):  # the earlier state goes on by apply (in place), as a simulation would
        r = game.active(state)[0]
        game.apply(state, r, rng.choice(game.legal_actions(state, r))["id"])
    assert digest(later) == kept


def test_countries_diplo_and_shared_tables_are_read_only_after_act_in_strict_mode() -> None:
    """A rules change that writes a country, a diplomatic record or a shared table past the accessors
    (``Ctx.country``, ``Ctx.diplo``, ``Ctx.table``) fails loudly in the tests (statedata.STRICT)."""
    import pytest

    from ashur.core import statedata
    from ashur.games.assyrian_wars.ctx import Ctx
    from ashur.games.assyrian_wars.game import content

    assert statedata.STRICT
    game, state = _setup(5)
    role = game.active(state)[0]
    new = game.act(state, role, game.legal_actions(state, role)[0]["id"])
    cid = next(iter(new["countries"]))
    minor = next(iter(new["diplo"]))
    for s in (state, new):
        with pytest.raises(TypeError, match="read-only"):
            s["countries"][cid]["hand"].append(1)
        with pytest.raises(TypeError, match="read-only"):
            s["diplo"][minor]["value"] = 3
        with pytest.raises(TypeError, match="read-only"):
            s["options"]["fog_of_war"] = False
    before = digest(state)
    ctx = Ctx(new, content())
    ctx.hand(cid).append(999)
    ctx.diplo(minor)["value"] = 7
    ctx.table("wars").append(["x", "y"])
    assert digest(state) == before
    assert new["countries"][cid]["hand"][-1] == 999 and new["diplo"][minor]["value"] == 7
