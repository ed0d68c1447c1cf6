"""Bad action ids never crash: every kind is refused as IllegalAction naming the reason, with a short
message, and the state stays as it was (a refused action changes nothing)."""

from __future__ import annotations

from typing import Any

import pytest

from ashur.core.errors import IllegalAction, shown
from ashur.core.session import Match
from ashur.core.statedata import clone, digest
from ashur.core.validate import MAX_ACTION_ID, action_id_problem, check_action_id
from ashur.games.assyrian_wars.game import GAME as AW
from tests.core.tinygame import GAME as TINY

BAD: list[tuple[Any, str]] = [
    (None, "not NoneType"),
    (5, "not int"),
    (b"x", "not bytes"),
    (["end"], "not list"),
    ("", "empty"),
    ("x" * 10_000_000, "characters long"),
    ("a" * (MAX_ACTION_ID + 1), "characters long"),
    ("save:²", "outside ASCII: U+00B2"),
    ("\x00", "control character U+0000"),
    ("end\n", "control character U+000A"),
    ("card:\x7f", "control character U+007F"),
    ("\U0001f600", "outside ASCII: U+1F600"),
    ("end\u200f", "outside ASCII: U+200F (RIGHT-TO-LEFT MARK)"),
    ("\u202eend", "outside ASCII: U+202E"),
    ("end\ufeff", "outside ASCII: U+FEFF"),
    ("end turn", "malformed action id: ' '"),
    ("card:'1'", "malformed action id"),
    ("<script>", "malformed action id"),
]


def _check_refused(game: Any, state: dict[str, Any], role: str, bad: Any, reason: str) -> None:
    before = digest(state)
    with pytest.raises(IllegalAction) as info:
        game.act(state, role, bad)
    exc = info.value
    assert reason in exc.reason
    assert exc.role == role
    assert len(str(exc)) <= 200
    assert str(exc).isascii() and "\n" not in str(exc)
    assert digest(state) == before


@pytest.mark.parametrize(("bad", "reason"), BAD, ids=[f"{i}" for i in range(len(BAD))])
def test_bad_ids_against_the_tiny_game(bad: Any, reason: str) -> None:
    m = Match.new(TINY, "basic", 3)
    role = m.active()[0]
    _check_refused(TINY, m.state, role, bad, reason)
    kept = clone(m.state)
    with pytest.raises(IllegalAction, match="illegal action"):
        m.act(role, bad)
    assert m.state == kept and m.actions == []


@pytest.mark.parametrize(("bad", "reason"), BAD, ids=[f"{i}" for i in range(len(BAD))])
def test_bad_ids_against_assyrian_wars(bad: Any, reason: str, aw_match: Match) -> None:
    role = aw_match.active()[0]
    _check_refused(AW, aw_match.state, role, bad, reason)
    # a role that does not decide now gets the same refusal (the id is checked first)
    idle = next((r for r in aw_match.seats if r not in aw_match.active()), role)
    _check_refused(AW, aw_match.state, idle, bad, reason)


@pytest.fixture(scope="module")
def aw_match() -> Match:
    return Match.new(AW, "two_rivers", 7)


def test_plausible_but_unknown_id_still_reaches_the_rules() -> None:
    m = Match.new(TINY, "basic", 3)
    assert action_id_problem("bid:9") is None
    with pytest.raises(IllegalAction) as info:
        m.act(m.active()[0], "bid:9")
    assert "not" in info.value.reason


def test_every_real_id_passes() -> None:
    m = Match.new(AW, "two_rivers", 7)
    for role in m.active():
        for a in AW.legal_actions(m.state, role):
            check_action_id(a["id"], role)


def test_message_echoes_at_most_80_characters() -> None:
    exc = IllegalAction("z" * 5000, "no such action", "3.1", "assyria")
    assert "z" * 81 not in str(exc) and "..." in str(exc)
    assert len(shown("é" * 1000)) <= 80 and shown("end") == "'end'"
    assert shown(b"\x00" * 500).startswith("b'\\x00")
