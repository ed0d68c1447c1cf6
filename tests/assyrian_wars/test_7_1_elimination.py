"""7.1 elimination (an option), substitute countries, the Mede's resurrection."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.players import role_of
from ashur.games.assyrian_wars.rules.politics import elimination
from tests.assyrian_wars.politicskit import ctx_of, hold, impulse, run, setup, top

EGYPT_CITIES = ["memphis", "heliopolis", "athribis", "bubastis", "tanis", "pelusium", "sais", "herakleopolis",
                "hermopolis", "abydos", "thebes", "elephantine", "gaza"]


def reduce_egypt(pos, keep: tuple[str, ...] = ("abydos", "thebes")) -> None:  # type: ignore[no-untyped-def]
    for aid in EGYPT_CITIES:
        if aid in pos.state["areas"] and aid not in keep:
            hold(pos, aid, "assyria")


def test_7_1_only_a_power_conquered_before_is_eliminated() -> None:
    pos = setup(elimination=True)
    reduce_egypt(pos)
    run(pos, elimination.check_elimination)
    assert not pos.state.get("eliminated")
    pos.state["countries"]["egypt"]["conquered_by_conquest"] = True
    run(pos, elimination.check_elimination)
    assert pos.state["eliminated"] == {"egypt": True}


def test_7_1_in_the_last_turn_any_power_can_be_eliminated() -> None:
    pos = setup(elimination=True)
    pos.state["turn"] = 5
    reduce_egypt(pos)
    run(pos, elimination.check_elimination)
    assert pos.state["eliminated"]["egypt"]


def test_7_1_elimination_is_optional() -> None:
    pos = setup()
    pos.state["turn"] = 5
    reduce_egypt(pos)
    run(pos, elimination.check_elimination)
    assert not pos.state.get("eliminated")


def test_7_1_effects_of_elimination_and_the_scythians_as_substitute() -> None:
    pos = setup(elimination=True)
    pos.state["turn"] = 5
    reduce_egypt(pos)
    pos.state["areas"]["thebes"]["pillage"] = 2
    vp = pos.state["countries"]["assyria"]["vp"]
    run(pos, elimination.check_elimination)
    s = pos.state
    assert s["countries"]["assyria"]["vp"] == vp + 6  # twice the 3 VP of a conquest
    assert all(p["loc"] == "dead" for p in s["pieces"].values() if p["nation"] == "egypt")
    assert s["trade"]["egypt"] == {"box": 0, "out": 0} and s["areas"]["thebes"]["pillage"] == 0
    assert not s["countries"]["egypt"]["active"]
    assert s["substitutes"] == {"scythians": "egypt"}
    assert s["countries"]["scythians"]["active"]
    assert s["pieces"]["scythians-ishpakai"]["loc"] == "ishkuza"
    assert role_of(ctx_of(pos), "scythians") == "egypt"
    assert 6 in s["countries"]["scythians"]["hand"]  # Egypt's home cards stay in play with the substitute


def test_7_1_substitute_vps_count_for_the_player_and_they_act_as_powers() -> None:
    pos = setup(elimination=True)
    pos.state["turn"] = 5
    reduce_egypt(pos)
    run(pos, elimination.check_elimination)
    vp = pos.state["countries"]["egypt"]["vp"]
    ctx = ctx_of(pos)
    ctx.award_vp("scythians", 2, "8.3", "aw.why.alliance_or_conquest", subject="x")
    assert pos.state["countries"]["egypt"]["vp"] == vp + 2
    assert not ctx.at_war("scythians", "mede")  # treated as a power: no war with everyone


def test_7_1_the_second_eliminated_power_plays_the_cimmerians_and_a_minor() -> None:
    pos = setup(elimination=True)
    pos.state["turn"] = 5
    pos.state["eliminated"] = {"elam": True}
    pos.state["substitutes"] = {"scythians": "elam"}
    reduce_egypt(pos)
    run(pos, elimination.check_elimination)
    assert pos.state["substitutes"]["cimmerians"] == "egypt"
    assert top(pos)["step"] == "substitute"
    assert "substitute:phrygia" in pos.ids("egypt")
    pos.act("egypt", "substitute:phrygia")
    assert pos.state["substitutes"]["phrygia"] == "egypt" and pos.state["countries"]["phrygia"]["active"]


def test_7_1_urartu_can_be_eliminated_by_nomads_without_a_conquest() -> None:
    pos = setup(elimination=True)
    for aid in ("tushpa", "argishtihinili"):
        hold(pos, aid, "cimmerians")
    run(pos, elimination.check_elimination)
    assert pos.state["eliminated"] == {"urartu": True}


def test_7_1_an_eliminated_power_crowns_no_king_and_declares_no_war() -> None:
    pos = setup(elimination=True)
    pos.state["eliminated"] = {"egypt": True}
    impulse(pos, "mede")
    pos.assert_illegal("mede", "dow:egypt", rule="7.1")
    from ashur.games.assyrian_wars.rules.course.timetable import crown

    run(pos, lambda ctx: crown(ctx, "egypt", "shabaka"))
    pos.assert_logged(rule="10.3", key="aw.no_king_eliminated", country="egypt")


def test_7_1_the_mede_returns_with_gathering_the_tribes() -> None:
    pos = setup(elimination=True)
    pos.state["eliminated"] = {"mede": True}
    assert run(pos, lambda ctx: elimination.resurrect_mede(ctx, ["ecbatana"]))
    assert not pos.state["eliminated"].get("mede") and pos.state["mede_resurrected"]
    assert sum(1 for p in pos.state["pieces"].values() if p["nation"] == "mede" and p["loc"] == "ecbatana") >= 4
