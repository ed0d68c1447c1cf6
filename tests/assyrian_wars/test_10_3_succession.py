"""10.3 succession: the Crown Prince, two candidates, no king for an eliminated power."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.course import timetable
from tests.assyrian_wars.politicskit import put, run, setup, top


def succession(pos, power: str) -> None:  # type: ignore[no-untyped-def]
    pos.state["countries"][power]["hand"] = [n for n in pos.state["countries"][power]["hand"]
                                             if pos.state["countries"][power]["hand"] and n < 19]
    pos.state["stack"].append({"step": "succession", "order": [power], "i": 0, "turn": 2, "sacrifice": None})
    run(pos, lambda ctx: None)


def test_10_3_the_crown_prince_succeeds_without_a_roll() -> None:
    pos = setup()
    run(pos, lambda ctx: timetable.grant_crown_prince(ctx, "egypt"))
    n = pos.state["rng"]["n"]
    succession(pos, "egypt")
    pos.assert_logged(rule="10.3", key="aw.crown_prince_succession", country="egypt")
    assert pos.state["rng"]["n"] == n  # no die rolled
    assert top(pos)["step"] != "succession"


def test_10_3_a_modified_6_fails_and_riots_follow() -> None:
    pos = setup()
    pos.fix_dice(6)
    succession(pos, "egypt")
    pos.assert_logged(rule="10.3", key="aw.no_king", country="egypt")
    pos.assert_logged(rule="10.3", key="aw.riots", country="egypt")


def test_6_3_10_3_a_crowned_leader_makes_two_candidates_and_riots() -> None:
    pos = setup()
    put(pos, "egypt-reu", "memphis")
    assert run(pos, lambda ctx: timetable.crown_leader(ctx, "egypt-reu"))
    assert pos.state["pieces"]["egypt-reu"]["crowned"]
    pos.fix_dice(1)
    succession(pos, "egypt")
    pos.assert_logged(rule="10.3", key="aw.two_candidates", country="egypt", rival="egypt-reu")
    pos.assert_logged(rule="10.3", key="aw.riots", country="egypt")


def test_10_3_an_eliminated_power_crowns_no_king() -> None:
    pos = setup()
    pos.state["eliminated"] = {"egypt": True}
    run(pos, lambda ctx: timetable.grant_crown_prince(ctx, "egypt"))
    assert "egypt" not in pos.state.get("crown_prince", {})
    n = pos.state["rng"]["n"]
    succession(pos, "egypt")
    assert pos.state["rng"]["n"] == n and not pos.logged(key="aw.king_crowned")


def test_10_3_9_5_riots_under_fog_tell_the_others_neither_how_many_units_nor_where() -> None:
    """Riots check every regular unit of the power, wherever it stands. Under fog the others read that riots
    break out, not the number of units nor an area (the first unit's area named a hidden unit: fuzz,
    rise_and_fall seed 37689215244888); the power reads both."""
    pos = setup(fog_of_war=True)
    pos.fix_dice(6)
    succession(pos, "egypt")
    egypt = {e["key"]: e["params"] for _, e in pos.game.visible_log(pos.state, "egypt")}
    assert egypt["aw.riots"]["n"] > 0 and "aw.attrition" not in egypt
    other = [e for _, e in pos.game.visible_log(pos.state, "assyria")]
    keys = [e["key"] for e in other]
    assert "aw.riots" not in keys and "aw.attrition" not in keys
    assert next(e for e in other if e["key"] == "aw.riots_public")["params"] == {"country": "egypt"}
