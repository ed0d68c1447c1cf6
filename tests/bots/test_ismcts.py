"""The search bot ``ismcts`` (issue 17): seat syntax and its refusals, decisions and a whole game at small
budgets, and the proof that it reads nothing its role may not know (a scrambled state gives the same search).
Two Rivers, few iterations: seconds per test; the arena figures are in docs/bots.md."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ashur import bots
from ashur.bots.ismcts import DEFAULT_MS, IsmctsBot, parse_params
from ashur.core.contract import Game, resolve_options, resolve_seats
from ashur.core.errors import SetupError
from ashur.core.statedata import clone, digest
from ashur.games.assyrian_wars.game import GAME

SCENARIO = "two_rivers"
SHARE = re.compile(r"^\d\.\d\d$")
MEAN = re.compile(r"^[+-]\d\.\d\d$")


def search_params(reason: list[dict[str, Any]]) -> dict[str, Any]:
    """The parameters of a search's reason (``bot.why.ismcts``: iterations, visit share, mean value)."""
    assert len(reason) == 1 and reason[0]["key"] == "bot.why.ismcts", reason
    params = reason[0]["params"]
    assert SHARE.match(params["share"]) and MEAN.match(params["mean"]), params
    return params


def options() -> dict[str, Any]:
    return resolve_options(GAME, {})


def roles() -> list[str]:
    return GAME.roles(SCENARIO, options())


def heuristic_states(seed: int, count: int, *, every: int = 7) -> list[tuple[Any, str]]:
    """(state, role) at `count` decisions with a choice, a heuristic game of seed `seed`, every `every`th."""
    state = GAME.setup(SCENARIO, seed, options(), {})
    seated = {r: bots.make("heuristic", i) for i, r in enumerate(roles())}
    out: list[tuple[Any, str]] = []
    n = 0
    while len(out) < count and not GAME.result(state)["over"]:
        role = GAME.active(state)[0]
        actions = GAME.legal_actions(state, role)
        if len(actions) > 1:
            n += 1
            if n % every == 0:
                out.append((clone(state), role))
        GAME.apply(state, role, seated[role].choose(GAME, state, role, actions))
    assert len(out) == count
    return out


def bot(seed: int, params: dict[str, str]) -> IsmctsBot:
    made = bots.make("ismcts?" + "&".join(f"{k}={v}" for k, v in params.items()), seed)
    assert isinstance(made, IsmctsBot)
    return made


def test_seat_syntax() -> None:
    bot = bots.make("ismcts?iterations=5&c=0.3&horizon=10&pw=0&playout=random", 1)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.ms, bot.c, bot.horizon, bot.pw, bot.playout) == (5, None, 0.3, 10, 0.0, "random")
    timed = bots.make("ismcts?ms=250", 1)
    assert isinstance(timed, IsmctsBot) and (timed.ms, timed.iterations) == (250, None)
    plain = bots.make("ismcts", 1)
    assert isinstance(plain, IsmctsBot) and plain.ms == DEFAULT_MS and plain.iterations is None
    assert "ismcts" in bots.kinds()
    for kind in bots.kinds():  # bot:KIND keeps working for every kind
        assert hasattr(bots.make(kind, 3), "choose")
    seats = resolve_seats(GAME, SCENARIO, options(), {"assyria": "bot:ismcts?ms=1000&iterations=20"})
    assert seats["assyria"] == "bot:ismcts?ms=1000&iterations=20"
    assert bots.parse_kind("ismcts?ms=1000&iterations=20") == ("ismcts", {"ms": "1000", "iterations": "20"})


@pytest.mark.parametrize(("kind", "message"), [
    ("ismcts?depth=3", "unknown parameter 'depth'"),
    ("ismcts?iterations=many", "iterations='many' is not an integer"),
    ("ismcts?ms=1.5", "ms='1.5' is not an integer"),
    ("ismcts?c=wide", "c='wide' is not a number"),
    ("ismcts?c=nan", "not a finite number"),
    ("ismcts?iterations=0", "iterations must be at least 1"),
    ("ismcts?horizon=-2", "horizon must be at least 1"),
    ("ismcts?c=-1", "c must not be negative"),
    ("ismcts?pw=-0.5", "pw must not be negative"),
    ("ismcts?playout=ismcts", "cannot be ismcts itself"),
    ("ismcts?playout=oracle", "unknown bot kind 'oracle'"),
    ("ismcts?ms", "must read KEY=VALUE"),
    ("ismcts?ms=10&ms=20", "'ms' is given twice"),
    ("random?iterations=5", "'random' takes no parameters"),
    ("alphabeta?ms=5", "unknown bot kind 'alphabeta'"),
])
def test_refuses_bad_parameters(kind: str, message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
        bots.make(kind, 1)


def test_parse_defaults() -> None:
    p = parse_params({"iterations": "7"})
    assert p == {"iterations": 7, "ms": None, "c": 0.5, "horizon": 40, "pw": 1.0, "playout": "heuristic"}


def test_decisions_are_legal_deterministic_and_explained() -> None:
    """A few decisions at 6 iterations: legal, one-line reason with the iteration count, the same for the same
    seed; a timed search (ms) runs at least one iteration and stays legal."""
    for state, role in heuristic_states(4, 4):
        actions = GAME.legal_actions(state, role)
        first, second = bot(5, {"iterations": "6", "horizon": "12"}), bot(5, {"iterations": "6",
                                                                                           "horizon": "12"})
        a = first.choose(GAME, state, role, actions)
        b = second.choose(GAME, state, role, actions)
        assert a in {x["id"] for x in actions}
        assert (a, first.last_reason) == (b, second.last_reason)
        found = search_params(first.last_reason)
        assert found["iterations"] == 6 and 0 < float(found["share"]) <= 1
        assert first.last_stats["iterations"] == 6 and first.last_stats["per_second"] > 0
    timed = bot(5, {"ms": "30", "horizon": "5"})
    state, role = heuristic_states(4, 1)[0]
    assert timed.choose(GAME, state, role, GAME.legal_actions(state, role)) in \
        {x["id"] for x in GAME.legal_actions(state, role)}
    assert timed.last_stats["iterations"] >= 1


def test_whole_game_at_small_budget() -> None:
    """ismcts (2 iterations, horizon 4) in the Assyrian seat, heuristic bots in the others: the game ends."""
    kinds = {r: ("ismcts?iterations=2&horizon=4" if r == "assyria" else "heuristic") for r in roles()}
    state = GAME.setup(SCENARIO, 21, options(), {r: f"bot:{k}" for r, k in kinds.items()})
    seated = {r: bots.make(k, 30 + i) for i, (r, k) in enumerate(kinds.items())}
    searched = 0
    for _ in range(5000):
        if GAME.result(state)["over"]:
            break
        role = GAME.active(state)[0]
        actions = GAME.legal_actions(state, role)
        choice = seated[role].choose(GAME, state, role, actions)
        if role == "assyria" and len(actions) > 1:
            searched += 1
            search_params(seated[role].last_reason)  # type: ignore[attr-defined]
        GAME.apply(state, role, choice)
    result = GAME.result(state)
    assert result["over"] and result["winners"]
    assert searched >= 50


def test_determinizations_depend_on_what_the_role_knows_only() -> None:
    """The game's scramble, which samples the determinizations, gives the same state from the true state and
    from any state the role cannot tell from it (another scramble): the search sees nothing else."""
    rng = random.Random(3)
    for state, role in heuristic_states(8, 12, every=11):
        other = GAME.scramble(state, role, rng.randrange(1 << 30))
        seed = rng.randrange(1 << 30)
        assert digest(dict(GAME.scramble(state, role, seed))) == digest(dict(GAME.scramble(other, role, seed)))
        assert GAME.view(other, role) == GAME.view(state, role)


def test_scrambled_hidden_information_same_decision() -> None:
    """The bot given a state whose secrets (other hands, deck, fogged stacks 9.5, dice) are scrambled decides
    exactly as on the true state, with the same seed: same action, same reason (same visits and values)."""
    rng = random.Random(7)
    for state, role in heuristic_states(12, 5, every=9):
        twin = GAME.scramble(state, role, rng.randrange(1 << 30))
        assert digest(dict(twin)) != digest(dict(state))  # the secrets differ
        first, second = bot(11, {"iterations": "8", "horizon": "15"}), bot(11, {"iterations": "8",
                                                                                             "horizon": "15"})
        a = first.choose(GAME, state, role, GAME.legal_actions(state, role))
        b = second.choose(GAME, twin, role, GAME.legal_actions(twin, role))
        assert (a, first.last_reason) == (b, second.last_reason)


def test_evaluate_hook() -> None:
    """Default 0.0; Assyrian Wars: the role's projected standing (8.3) in (-1, 1), from its view only."""
    assert Game.evaluate(GAME, {}, "x") == 0.0
    for state, role in heuristic_states(5, 3, every=40):
        value = GAME.evaluate(GAME.view(state, role), role)
        assert -1.0 < value < 1.0
        twin = GAME.scramble(state, role, 99)
        assert GAME.evaluate(GAME.view(twin, role), role) == value
    start = GAME.setup(SCENARIO, 1, options(), {})
    values = {r: GAME.evaluate(GAME.view(start, r), r) for r in roles()}
    assert len(set(values.values())) > 1  # the powers do not stand alike at the start
