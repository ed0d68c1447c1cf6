"""5.2: tribute — checks with the capital's dice, refusal markers, payments and their consequences."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.course.tribute import tribute_balance, tribute_dice
from ashur.testing import Position


def _tribute_phase(pos: Position, turn: int = 2) -> Ctx:
    """Run the tribute phase of `turn` on the present position (the scenario's first turn is skipped)."""
    s = pos.state
    s["turn"] = turn
    s["stack"] = [{"step": "tribute_phase", "stage": "start"}]
    ctx = Ctx(s, content())
    FLOW.advance(ctx, s)
    return ctx


def _answer_all(pos: Position, answer: str = "tribute:refuse") -> None:
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "tribute_decision":
        role = GAME.active(pos.state)[0]
        pos.act(role, answer)


def test_5_2_2_syria_example_pays_assyria_and_babylonia() -> None:
    """5.2.2 example: Syria passes its check and is 'pro' with Babylonia: Syria −2, Assyria +1,
    Babylonia +1."""
    pos = Position.setup(GAME, "campaign", 1)
    s = pos.state
    s["diplo"]["syria"].update(power="babylonia", value=8)
    s["refused"].clear()
    base = {c: tribute_balance(Ctx(s, content()), c) for c in ("syria", "assyria", "babylonia")}
    assert base["syria"] == 0
    dice = tribute_dice(Ctx(s, content()), "syria")
    # every unaligned minor rolls in impulse-track order; no six anywhere
    pos.fix_dice(*([1] * 40))
    _tribute_phase(pos)
    _answer_all(pos)
    ctx = Ctx(pos.state, content())
    assert dice == content().areas[content().nations["syria"].capital].city.defence
    assert tribute_balance(ctx, "syria") == -2
    payers_to_assyria = [t for t in pos.state["tribute"] if t["to"] == "assyria"]
    assert {"payer": "syria", "to": "assyria", "amount": 1, "why": "check"} in payers_to_assyria
    assert {"payer": "syria", "to": "babylonia", "amount": 1, "why": "pro"} in pos.state["tribute"]
    assert tribute_balance(ctx, "babylonia") == 1


def test_5_2_1_a_six_refuses_and_the_white_marker_adds_a_die() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    s = pos.state
    s["refused"].clear()
    s["refused"]["syria"] = "white"
    ctx = Ctx(s, content())
    capital_dice = content().tribute_dice("syria")
    assert tribute_dice(ctx, "syria") == capital_dice + 1
    order = [m for m in ctx.track() if ctx.is_minor(m)]
    dice: list[int] = []
    for m in order:
        skip = ctx.ally_power(m) or s["conquered"].get(m) or ctx.status(m, "assyria") >= 7
        if skip or not content().nations[m].capital:
            continue
        n = tribute_dice(ctx, m)
        dice += [6] + [1] * (n - 1) if m == "syria" else [1] * n
    pos.fix_dice(*dice)
    _tribute_phase(pos)
    _answer_all(pos)
    assert pos.state["refused"]["syria"] == "black"
    pos.assert_logged(rule="5.2.1", key="aw.tribute_refused", country="syria")


def test_5_2_1_persia_always_pays_unless_allied_elsewhere() -> None:
    pos = Position.setup(GAME, "two_rivers", 1)
    s = pos.state
    s["diplo"]["persia"].update(power="elam", value=5)
    pos.fix_dice(*([1] * 40))
    _tribute_phase(pos, 3)
    _answer_all(pos)
    assert any(t["payer"] == "persia" and t["to"] == "assyria" for t in pos.state["tribute"])
    s = pos.state
    s["diplo"]["persia"].update(power="elam", value=13)
    pos.fix_dice(*([1] * 40))
    _tribute_phase(pos, 3)
    _answer_all(pos)
    assert not any(t["payer"] == "persia" and t["to"] == "assyria" for t in pos.state["tribute"])


def test_5_2_pro_assyrian_minor_pays_without_a_check() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    pos.state["diplo"]["judah"].update(power="assyria", value=8)
    pos.fix_dice(*([1] * 40))
    _tribute_phase(pos)
    _answer_all(pos)
    assert {"payer": "judah", "to": "assyria", "amount": 1, "why": "pro"} in pos.state["tribute"]


def test_5_2_a_power_decides_and_pays_two_levels() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    pos.fix_dice(*([1] * 40))
    _tribute_phase(pos)
    asked = []
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "tribute_decision":
        who = pos.state["stack"][-1]["c"]
        asked.append(who)
        pos.act(GAME.active(pos.state)[0], "tribute:pay" if who == "egypt" else "tribute:refuse")
    assert "egypt" in asked and "babylonia" not in asked, "a rebel at war with Assyria is not asked"
    ctx = Ctx(pos.state, content())
    assert tribute_balance(ctx, "egypt") == -2
    assert {"payer": "egypt", "to": "assyria", "amount": 2, "why": "decision"} in pos.state["tribute"]


def test_5_2_3_a_tribute_payer_is_at_peace_with_assyria() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    assert ctx.at_war("assyria", "israel")
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute

    add_tribute(ctx, "israel", "assyria", "check", "5.2.1")
    assert not ctx.at_war("assyria", "israel")
    pos.assert_logged(rule="5.2.3", key="aw.tribute_peace", country="israel")


def test_first_turn_keeps_the_scenario_tribute() -> None:
    pos = Position.setup(GAME, "campaign", 1)
    pos.assert_logged(rule="5.2", key="aw.tribute_from_scenario")
    assert pos.state["refused"]["syria"] == "black"


def test_5_2_1_a_country_without_cities_passes_any_tribute_check() -> None:
    """5.2.1/7.4.4: Persia has no cities, so a tribute check (e.g. after punishment) always succeeds."""
    from ashur.games.assyrian_wars.rules.course.tribute import tribute_check

    pos = Position.setup(GAME, "campaign", 1)
    ctx = Ctx(pos.state, content())
    pos.state["refused"]["persia"] = "white"
    assert tribute_dice(ctx, "persia") == 0
    assert tribute_check(ctx, "persia", rule="7.4.4")


def test_5_2_3_3_4_a_minor_whose_only_war_ends_by_tribute_peace_becomes_inactive() -> None:
    """5.2.3: tribute to Assyria ends the payer's wars with Assyria; an unallied minor left without a war
    is inactive (3.4): its forces leave the map for its home card."""
    from ashur.games.assyrian_wars.rules.course.tribute import add_tribute
    from tests.assyrian_wars.politicskit import put, run, setup, war

    pos = setup()
    minor = "judah"
    unit = next(pid for pid, p in sorted(pos.state["pieces"].items())
                if p["nation"] == minor and p["kind"] == "unit")
    capital = content().nations[minor].capital
    assert capital is not None
    pos.state["countries"][minor]["active"] = True
    pos.state["diplo"][minor].update(power=None, value=0)
    pos.state["tribute"] = [t for t in pos.state["tribute"] if t["payer"] != minor]
    war(pos, "assyria", minor)
    put(pos, unit, capital)
    run(pos, lambda ctx: add_tribute(ctx, minor, "assyria", "punished", "7.4.4"))
    assert ["assyria", minor] not in pos.state["wars"]
    pos.assert_logged(rule="5.2.3", key="aw.tribute_peace", country=minor, other="assyria")
    pos.assert_logged(rule="3.4", key="aw.minor_deactivated", country=minor)
    assert not pos.state["countries"][minor]["active"]
    assert pos.state["pieces"][unit]["loc"] == "homecard"
