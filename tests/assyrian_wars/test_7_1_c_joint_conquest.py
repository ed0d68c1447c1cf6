"""7.1 C: when several powers invade a country, the power holding the most square home areas decides who
of them is the conqueror (the outright conqueror, or the one who makes the conquest check)."""

from __future__ import annotations

from tests.assyrian_wars.politicskit import hold, impulse, put, setup, top, units_of, war


def occupy(pos, areas: list[str], by: str) -> None:  # type: ignore[no-untyped-def]
    for aid, pid in zip(areas, units_of(pos, by, len(areas)), strict=True):
        hold(pos, aid, by)
        put(pos, pid, aid)


def _joint_syria(pos):  # type: ignore[no-untyped-def]
    pos.state["countries"]["egypt"]["camp"] = "assyrian"
    war(pos, "assyria", "syria")
    war(pos, "egypt", "syria")
    occupy(pos, ["hamath", "unqi"], "assyria")
    occupy(pos, ["arpad"], "egypt")


def test_7_1_c_the_deciding_power_names_another_invader_to_make_the_check() -> None:
    pos = setup()
    _joint_syria(pos)
    impulse(pos, "assyria")
    pos.act("assyria", "conquest:syria")
    assert top(pos)["step"] == "conqueror_choice"
    assert pos.ids("assyria") == ["conqueror:assyria", "conqueror:egypt"]
    assert pos.game.view(pos.state, "assyria")["prompt"]["key"] == "aw.prompt.conqueror_check"
    pos.fix_dice(2)
    pos.act("assyria", "conqueror:egypt")
    pos.assert_logged(rule="7.1", key="aw.conqueror_named", country="assyria", power="egypt", target="syria")
    # one roll, all invaders' areas count: 3 cities
    pos.assert_logged(rule="6.13", key="aw.conquest_check", country="egypt", target="syria", cities=3, success=True)
    assert [e["by"] for e in pos.state["conquered"]["syria"]] == ["egypt"]


def test_7_1_c_the_default_is_the_deciding_power_itself() -> None:
    pos = setup()
    _joint_syria(pos)
    impulse(pos, "assyria")
    pos.act("assyria", "conquest:syria")
    pos.fix_dice(1)
    pos.act("assyria", pos.ids("assyria")[0])
    assert [e["by"] for e in pos.state["conquered"]["syria"]] == ["assyria"]


def test_7_1_c_outright_conquest_names_the_conqueror() -> None:
    pos = setup()
    pos.state["countries"]["egypt"]["camp"] = "assyrian"
    war(pos, "assyria", "persia")
    war(pos, "egypt", "persia")
    from ashur.games.assyrian_wars.ctx import Ctx
    from ashur.games.assyrian_wars.game import content
    from ashur.games.assyrian_wars.rules.politics.conquest import _squares

    squares = _squares(Ctx(pos.state, content()), "persia")
    occupy(pos, squares[:2], "assyria")
    occupy(pos, squares[2:], "egypt")
    impulse(pos, "assyria")
    pos.act("assyria", "end")
    assert pos.ids("assyria") == ["conqueror:assyria", "conqueror:egypt"]
    assert pos.game.view(pos.state, "assyria")["prompt"]["key"] == "aw.prompt.conqueror_outright"
    pos.act("assyria", "conqueror:egypt")
    pos.assert_logged(rule="7.1", key="aw.conquered_outright", target="persia", conqueror="egypt")
    assert [e["by"] for e in pos.state["conquered"]["persia"]] == ["egypt"]


def test_7_1_c_without_player_choices_the_deciding_power_conquers() -> None:
    pos = setup(player_choices=False)
    _joint_syria(pos)
    impulse(pos, "assyria")
    pos.fix_dice(1)
    pos.act("assyria", "conquest:syria")
    assert [e["by"] for e in pos.state["conquered"]["syria"]] == ["assyria"]


def test_7_1_c_in_the_interphase_the_decider_may_also_make_no_check() -> None:
    from ashur.core import flow
    from tests.assyrian_wars.politicskit import run

    pos = setup()
    _joint_syria(pos)
    run(pos, lambda ctx: flow.push(ctx.s, "conquest_phase", stage="checks", asked=[]))
    assert top(pos)["step"] == "conqueror_choice" and top(pos)["mode"] == "optional"
    assert pos.ids("assyria") == ["conqueror:assyria", "conqueror:egypt", "conqueror:none"]
    pos.act("assyria", "conqueror:none")
    assert "syria" not in pos.state["conquered"]
    assert not any(f["step"] == "conqueror_choice" for f in pos.state["stack"])
