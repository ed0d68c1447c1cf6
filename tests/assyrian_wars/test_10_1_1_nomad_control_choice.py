"""10.1.1: when the Assyrian camp wins the control roll of an unallied tribe, Assyria decides which power of
its camp controls it (Assyria offered first); the question comes at the start of the next impulse."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base import control
from tests.assyrian_wars.politicskit import impulse, put, run, setup, top

CIMMERIANS = ["cimmerians-hb3-1", "cimmerians-teushpa"]


def _camps(pos, **options):  # type: ignore[no-untyped-def]
    for pid in CIMMERIANS:
        put(pos, pid, "tushpa")
    s = pos.state
    s["countries"]["cimmerians"]["active"] = True
    for p, camp in (("assyria", "assyrian"), ("egypt", "assyrian"), ("babylonia", "rebel"), ("elam", "rebel"),
                    ("mede", None)):
        s["countries"][p]["camp"] = camp
        s["conquered"].pop(p, None)
    impulse(pos, "egypt")


def test_10_1_1_assyria_names_the_power_of_its_camp_that_controls_the_tribe() -> None:
    pos = setup()
    _camps(pos)
    pos.fix_dice(6, 1)  # the Assyrian camp rolls higher
    run(pos, lambda ctx: control.nomad_control(ctx, "cimmerians"))
    assert pos.state["control"]["cimmerians"] == "assyria"
    assert pos.state["nomad_choice"] == ["cimmerians"]
    frame = top(pos)
    run(pos, lambda ctx: control._ask_assyria(ctx, frame))
    assert top(pos)["step"] == "nomad_control_choice"
    assert pos.ids("assyria") == ["nomad_control:assyria", "nomad_control:egypt"]
    assert pos.game.view(pos.state, "assyria")["prompt"]["key"] == "aw.prompt.nomad_control_choice"
    pos.act("assyria", "nomad_control:egypt")
    assert pos.state["control"]["cimmerians"] == "egypt"
    pos.assert_logged(rule="10.1.1", key="aw.control", country="cimmerians", power="egypt")
    assert "nomad_choice" not in pos.state


def test_10_1_1_the_default_keeps_the_tribe_with_assyria() -> None:
    pos = setup()
    _camps(pos)
    pos.fix_dice(6, 1)
    run(pos, lambda ctx: control.nomad_control(ctx, "cimmerians"))
    frame = top(pos)
    run(pos, lambda ctx: control._ask_assyria(ctx, frame))
    pos.act("assyria", pos.ids("assyria")[0])
    assert pos.state["control"]["cimmerians"] == "assyria"


def test_10_1_1_the_rebels_take_turns_without_a_question() -> None:
    pos = setup()
    _camps(pos)
    pos.fix_dice(1, 6)
    run(pos, lambda ctx: control.nomad_control(ctx, "cimmerians"))
    assert pos.state["control"]["cimmerians"] in ("babylonia", "elam")
    assert not pos.state.get("nomad_choice")


def test_10_1_1_without_player_choices_assyria_plays_the_tribe() -> None:
    pos = setup(player_choices=False)
    _camps(pos)
    pos.fix_dice(6, 1)
    run(pos, lambda ctx: control.nomad_control(ctx, "cimmerians"))
    assert pos.state["control"]["cimmerians"] == "assyria"
    assert not pos.state.get("nomad_choice")
