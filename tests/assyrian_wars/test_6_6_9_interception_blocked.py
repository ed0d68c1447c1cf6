"""6.6.9: no interception into an area that already holds units, unless they are friendly to the
interceptor. Units of a country at war with the interceptor never are, even in territory that is friendly
to it (found by the fuzzer: Scythians at March status with Assyria, 10.1, intercepted into an area holding
Assyrian units and left both at war in one area, against 6.12)."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME
from ashur.games.assyrian_wars.rules.land.interception import blocked
from ashur.testing import Position


def _position() -> Position:
    pos = Position.setup(GAME, "rise_and_fall", seed=1)
    st = pos.state
    unit = next(pid for pid, p in st["pieces"].items() if p["nation"] == "assyria" and p["kind"] == "unit")
    st["pieces"][unit].update(loc="zamua", city=False, army=None)
    st["diplo"]["scythians"].update(power="assyria", value=11)  # March status: friendly territory, still at war
    return pos


def test_6_6_9_units_at_war_with_the_interceptor_block_it_even_at_march_status() -> None:
    pos = _position()
    ctx = GAME._ctx(pos.state)
    assert ctx.at_war("assyria", "scythians") and ctx.march("scythians", "assyria")
    assert blocked(ctx, "zamua", "scythians", [])


def test_6_6_9_own_units_do_not_block() -> None:
    pos = _position()
    ctx = GAME._ctx(pos.state)
    assert not blocked(ctx, "zamua", "assyria", [])
