"""7.5 secret diplomacy: hidden simultaneous placement, reveal, cancellation, every objective (7.5.2)."""

from __future__ import annotations

from ashur.games.assyrian_wars.game import GAME
from ashur.games.assyrian_wars.rules.course.tribute import TributePhase
from ashur.games.assyrian_wars.rules.politics import secret_diplomacy as sd
from ashur.games.assyrian_wars.rules.registry import HOOKS
from tests.assyrian_wars.politicskit import ctx_of, current_impulse, hold, put, run, setup, top, units_of


def place_all(pos, choices: dict[str, list[str]]) -> None:  # type: ignore[no-untyped-def]
    for power, ids in choices.items():
        for aid in ids:
            pos.act(power, aid)


def resolve_queue(ctx, power: str, objective: str) -> None:  # type: ignore[no-untyped-def]
    ctx.s["stack"].append({"step": "sd_resolve", "queue": [[power, objective]], "rule": "7.5.2"})


def test_7_5_the_setup_phase_asks_every_power_at_once() -> None:
    pos = setup(secret_diplomacy=True)
    assert top(pos)["step"] == "secret_diplomacy_phase" and top(pos)["origin"] == "4.2"
    assert GAME.active(pos.state) == ["assyria", "mede", "egypt", "babylonia", "elam"]
    assert pos.ids("assyria")[0].startswith("sd:assyria_a:")
    pos.act("assyria", "sd:assyria_a:judah")
    assert all(i.startswith("sd:assyria_b:") for i in pos.ids("assyria"))  # the second marker, table B


def test_7_5_placements_are_hidden_until_the_reveal() -> None:
    pos = setup(secret_diplomacy=True)
    pos.act("egypt", "sd:egypt:judah")
    for role in ("assyria", "mede", "babylonia", "elam", "observer"):
        view = GAME.view(pos.state, role)
        assert "judah" not in str(view.get("log", [])[-3:])
        scrambled = GAME.scramble(pos.state, role, 7)
        assert GAME.view(scrambled, role) == view
    assert pos.state["rng"]["n"] == pos.state["rng"]["n"]
    assert "egypt" not in GAME.active(pos.state)


def test_7_5_1_reveal_cancellation_and_the_trade_exception() -> None:
    pos = setup(secret_diplomacy=True)
    reveals = pos.state["reveals"]
    place_all(pos, {"assyria": ["sd:assyria_a:judah", "sd:assyria_b:trade"],
                    "mede": ["sd:mede:trade"], "egypt": ["sd:egypt:judah"],
                    "babylonia": ["sd:babylonia:syria"], "elam": ["sd:elam:elam"]})
    assert pos.state["reveals"] > reveals
    pos.assert_logged(rule="7.5.1", key="aw.sd_cancelled", power="assyria", objective="judah")
    pos.assert_logged(rule="7.5.1", key="aw.sd_cancelled", power="egypt", objective="judah")
    assert top(pos)["step"] == "sd_resolve"
    assert top(pos)["queue"] == [["assyria", "trade"], ["mede", "trade"], ["babylonia", "syria"], ["elam", "elam"]]


def test_7_5_1_assyrias_two_markers_on_one_objective_cancel() -> None:
    pos = setup(secret_diplomacy=True)
    place_all(pos, {"assyria": ["sd:assyria_a:assyria", "sd:assyria_b:assyria"],
                    "mede": ["sd:mede:mede"], "egypt": ["sd:egypt:egypt"],
                    "babylonia": ["sd:babylonia:babylonia"], "elam": ["sd:elam:elam"]})
    assert ["assyria", "assyria"] not in top(pos)["queue"]


def test_7_5_2_a_kick_a_trade_marker() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "mede", "trade"))
    assert "kick:egypt" in pos.ids("mede") and "raid" not in pos.ids("mede")
    box = pos.state["trade"]["egypt"]["box"]
    pos.act("mede", "kick:egypt")
    assert pos.state["trade"]["egypt"]["box"] == box - 1


def test_7_5_2_a_free_raid_when_the_raid_rules_provide_it() -> None:
    pos = setup()
    called = []
    sd.FREE_RAID.append(lambda ctx, power: called.append(power))
    try:
        run(pos, lambda ctx: resolve_queue(ctx, "mede", "trade"))
        pos.act("mede", "raid")
    finally:
        sd.FREE_RAID.clear()
    assert called == ["mede"]


def test_7_5_2_b_yourself_extra_card_or_a_special_impulse() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "egypt", "egypt"))
    assert pos.ids("egypt") == ["preempt:egypt"]  # 6 cards: the maximum hand size still applies
    run(pos, lambda ctx: resolve_queue(ctx, "elam", "elam"))
    assert pos.ids("elam") == ["card:elam", "preempt:elam"]
    n = len(pos.state["countries"]["elam"]["hand"])
    pos.act("elam", "card:elam")
    assert len(pos.state["countries"]["elam"]["hand"]) == n + 1
    run(pos, lambda ctx: resolve_queue(ctx, "elam", "elam"))
    pos.act("elam", "preempt:elam")
    assert pos.state["special_impulses"] == ["elam"]


def test_7_5_2_b_the_special_impulse_comes_before_the_first_impulse_of_the_turn() -> None:
    pos = setup(secret_diplomacy=True)
    place_all(pos, {"assyria": ["sd:assyria_a:trade", "sd:assyria_b:trade"],
                    "mede": ["sd:mede:mede"], "egypt": ["sd:egypt:trade"],
                    "babylonia": ["sd:babylonia:trade"], "elam": ["sd:elam:elam"]})
    while top(pos)["step"] == "sd_resolve":
        who = top(pos)["queue"][0][0]
        ids = pos.ids(who)
        pos.act(who, next((i for i in ids if i.startswith("preempt:")), ids[0]))
    assert current_impulse(pos)["c"] == "mede" and current_impulse(pos)["kind"] == "preemptive"
    pos.assert_logged(rule="7.5.2.b", key="aw.special_impulse", country="mede")
    impulses = [e["params"]["country"] for e in pos.log if e["key"] == "aw.impulse"]
    assert impulses == ["mede"]  # before the first scheduled impulse (Assyria's)


def test_7_5_2_c_move_a_nonallied_minor_a_die_roll() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "egypt", "phrygia"))
    assert "move:phrygia" in pos.ids("egypt") and "tribute:phrygia" in pos.ids("egypt")
    pos.fix_dice(4)
    pos.act("egypt", "move:phrygia")
    d = pos.state["diplo"]["phrygia"]
    assert (d["power"], d["value"]) == ("egypt", 4)


def test_7_5_2_c_the_tribute_option() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "egypt", "judah"))
    pos.act("egypt", "tribute:judah")
    assert pos.state["sd_tribute"] == {"judah": "egypt"}
    pos.state["tribute"] = []
    pos.fix_dice(6, 1, 1)  # the check comes out "refused": Judah pays Egypt
    ctx = ctx_of(pos)
    TributePhase()._check_minor(ctx, "judah")
    assert pos.state["refused"]["judah"] == "black"
    assert {"payer": "judah", "to": "egypt", "amount": 1, "why": "secret_diplomacy"} in pos.state["tribute"]
    assert not any(t["to"] == "assyria" and t["payer"] == "judah" for t in pos.state["tribute"])


def test_7_5_2_c_assyria_secures_the_tribute() -> None:
    pos = setup()
    pos.state["sd_tribute"] = {"syria": "assyria"}
    pos.state["tribute"] = []
    TributePhase()._check_minor(ctx_of(pos), "syria")
    assert "syria" not in pos.state["refused"]
    assert {"payer": "syria", "to": "assyria", "amount": 1, "why": "secret_diplomacy"} in pos.state["tribute"]


def test_7_5_2_d_revolt_negates_control_until_a_force_enters() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "elam", "babylonia"))
    ids = pos.ids("elam")
    assert "revolt:babylon" not in ids  # a capital
    assert "revolt:der" not in ids  # occupied by a Babylonian unit
    assert "revolt:nippur" in ids and "king:babylonia" in ids
    pos.act("elam", "revolt:nippur")
    st = pos.state["areas"]["nippur"]
    assert st["revolt"] and st["ctrl"] is None
    pos.assert_logged(rule="7.5.2.d", key="aw.revolt", area="nippur", owner="babylonia")
    run(pos, lambda ctx: HOOKS.notify_control_changed(ctx, "nippur", None, "elam"))
    assert not pos.state["areas"]["nippur"]["revolt"] and pos.state["areas"]["nippur"]["city_ctrl"] == "elam"


def test_7_5_2_d_revolt_markers_go_at_the_next_secret_diplomacy_phase() -> None:
    pos = setup()
    run(pos, lambda ctx: sd.place_revolt(ctx, "nippur", "7.5.2.d"))
    run(pos, sd.remove_revolts)
    assert pos.state["areas"]["nippur"]["ctrl"] == "babylonia" and not pos.state["areas"]["nippur"]["revolt"]


def test_7_5_2_d_the_original_owner_revolts_against_an_occupier() -> None:
    pos = setup()
    hold(pos, "kalhu", "babylonia")
    unit = units_of(pos, "babylonia", 1)[0]
    put(pos, unit, "kalhu", city=True)
    for pid in list(pos.state["pieces"]):
        if pos.state["pieces"][pid]["loc"] == "kalhu" and pos.state["pieces"][pid]["nation"] == "assyria":
            put(pos, pid, "nineveh")
    run(pos, lambda ctx: resolve_queue(ctx, "assyria", "babylonia"))
    assert "revolt_own:kalhu" in pos.ids("assyria")
    pos.act("assyria", "revolt_own:kalhu")
    assert pos.state["pieces"][unit]["loc"] == "regroup" and pos.state["areas"]["kalhu"]["revolt"]


def test_7_5_2_d_king_candidate_penalty() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "elam", "babylonia"))
    pos.act("elam", "king:babylonia")
    assert pos.state["king_penalty"] == {"babylonia": 1}
    from ashur.games.assyrian_wars.rules.course.timetable import succession_modifier

    assert succession_modifier(ctx_of(pos), "babylonia") == 1


def test_7_5_2_e_a_free_minor_city_pact() -> None:
    pos = setup()
    run(pos, lambda ctx: resolve_queue(ctx, "elam", "minor_cities"))
    assert "pact:adana" not in pos.ids("elam") and "pact:dilmun" in pos.ids("elam")
    pos.act("elam", "pact:dilmun")
    assert pos.state["diplo"]["dilmun"]["pact"] and pos.state["diplo"]["dilmun"]["power"] == "elam"


def test_7_5_2_impossible_objectives_cannot_be_chosen() -> None:
    pos = setup(secret_diplomacy=True)
    assert not any("cimmerians" in i for i in pos.ids("mede"))  # not yet on the map (timetable)


def test_7_5_2_g_as_a_card_event_fails_on_9_or_more() -> None:
    pos = setup()
    pos.fix_dice(4, 5)
    assert run(pos, lambda ctx: sd.secret_diplomacy_event(ctx, "egypt", "egypt")) is False
    pos.assert_logged(rule="7.5.2.g", key="aw.sd_event_failed", power="egypt")
    pos.fix_dice(4, 4)
    assert run(pos, lambda ctx: sd.secret_diplomacy_event(ctx, "egypt", "egypt")) is True
    assert top(pos)["step"] == "sd_resolve" and top(pos)["rule"] == "7.5.2.g"


def test_7_3_2_7_5_extra_actions_bought_with_excess_cards() -> None:
    pos = setup(secret_diplomacy=True)
    pos.state["countries"]["mede"]["sd_extra"] = 1
    pos.act("mede", "sd:mede:trade")
    assert "mede" in GAME.active(pos.state)
    pos.act("mede", "sd:mede:urartu")
    assert "mede" not in GAME.active(pos.state)
