"""67 Seize the Moment (6.11.h): an extra impulse once the next country's impulse is over, without income
(6.18), never two impulses of one country in a row (3.3)."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME
from ashur.testing import Position
from tests.assyrian_wars.helpers import at_impulse_of, pass_windows, run_until, to_main
from tests.assyrian_wars.landkit import give_card

SEIZE = 67


def _assyria() -> Position:
    pos = to_main(Position.setup(GAME, "two_rivers", 3))
    give_card(pos, "assyria", SEIZE)
    return pos


def test_6_11_h_67_extra_impulse_after_the_next_countrys_impulse() -> None:
    pos = _assyria()
    pos.act("assyria", f"card:{SEIZE}:event")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.h", key="aw.moves.extra_impulse_gained", country="assyria", card=SEIZE)
    pos.act("assyria", "end")
    run_until(pos, at_impulse_of("assyria", kind="extra"))
    pos.assert_logged(rule="6.11.h", key="aw.moves.extra_impulse", country="assyria", card=SEIZE)
    entry = pos.assert_logged(rule="3.1", key="aw.impulse", country="assyria", kind="extra")
    assert entry["params"]["ap"] == entry["params"]["saved"], "no income in the extra impulse (6.18)"
    assert not pos.state.get("card_effects")
    run_until(pos, at_impulse_of("elam"))
    order = [e["params"]["country"] for e in pos.logged(rule="3.1", key="aw.impulse")]
    assert order == ["assyria", "babylonia", "assyria", "elam"]


def test_6_11_h_67_lost_without_cards() -> None:
    pos = _assyria()
    pos.state["countries"]["assyria"]["hand"][:] = [SEIZE]
    pos.act("assyria", f"card:{SEIZE}:event")
    pass_windows(pos)
    pos.act("assyria", "end")
    run_until(pos, at_impulse_of("elam"))
    pos.assert_logged(rule="6.11.h", key="aw.moves.extra_impulse_lost", country="assyria", card=SEIZE)
    order = [e["params"]["country"] for e in pos.logged(rule="3.1", key="aw.impulse")]
    assert order == ["assyria", "babylonia", "elam"]


def test_3_3_67_refused_when_only_two_countries_take_impulses() -> None:
    pos = _assyria()
    pos.state["countries"]["elam"]["active"] = False
    assert f"card:{SEIZE}:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", f"card:{SEIZE}:event", rule="6.11")


def test_3_3_67_the_extra_impulse_never_joins_an_impulse_of_its_own() -> None:
    from ashur.games.assyrian_wars.rules.course.events import add_effect
    from ashur.games.assyrian_wars.rules.course.sequence import extra_impulse
    from tests.assyrian_wars.landkit import ctx

    pos = _assyria()
    c = ctx(pos)
    add_effect(c, "extra_impulse", "babylonia", SEIZE, "turn", wait=0)
    track = c.track()
    frame = {"pos": track.index("babylonia"), "last": "assyria"}
    assert extra_impulse(c, frame) is None, "Babylonia's own impulse comes next: it waits"
    frame = {"pos": track.index("elam"), "last": "babylonia"}
    assert extra_impulse(c, frame) is None, "Babylonia had the last impulse: it waits"
    frame = {"pos": track.index("elam"), "last": "assyria", "after_preempt": "elam"}
    assert extra_impulse(c, frame) is None, "not between a preemptive impulse and the one it preempted"
    frame = {"pos": track.index("elam"), "last": "assyria"}
    assert extra_impulse(c, frame) == "babylonia"
    assert not pos.state["card_effects"]
