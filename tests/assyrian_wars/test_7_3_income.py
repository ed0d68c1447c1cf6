"""7.3: map income, trade, the ECO level, the deal, hand size, mulligan; 8.3 trade ranking VPs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ashur.core.statedata import clone
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.course.economy import (
    deal_order,
    interphase_cards,
    map_income,
    new_eco_level,
    trade_points,
    trade_ranking,
)
from ashur.testing import Position


@pytest.fixture
def ctx() -> Ctx:
    return Ctx(Position.setup(GAME, "campaign", 3).state, content())


def test_7_3_1_city_count_matches_the_printed_number(ctx: Ctx) -> None:
    """7.3.1 players' note: the printed city count (capital as 2, associated areas included)."""
    for power in ctx.powers():
        cities, _eco, _detail = map_income(ctx, power)
        assert cities == content().nations[power].printed_city_count, power


def test_7_3_1_income_example_cities_divided_by_three_plus_eco(ctx: Ctx) -> None:
    """7.3.1: cities ÷ 3 plus ECO points; trade points count as cities and fractions combine."""
    cities, eco, _ = map_income(ctx, "assyria")
    printed_eco = sum(content().areas[a].city.eco for a in content().home_cities("assyria"))
    printed_eco += sum(content().areas[a].city.eco for a in content().associated_areas("assyria")
                       if content().areas[a].city)
    assert eco == printed_eco
    assert new_eco_level(ctx, "assyria", Fraction(0)) == int(cities) // 3 + eco
    assert new_eco_level(ctx, "assyria", Fraction(1)) == (int(cities) + 1) // 3 + eco


def test_7_3_1_capital_counts_two_and_lost_cities_do_not_count(ctx: Ctx) -> None:
    before, eco_before, _ = map_income(ctx, "elam")
    capital = content().nations["elam"].capital
    ctx.area(capital)["ctrl"] = "assyria"
    after, eco_after, _ = map_income(ctx, "elam")
    assert before - after == 2
    assert eco_before - eco_after == content().areas[capital].city.eco


def test_7_3_1_contested_city_counts_half_eco_for_the_owner(ctx: Ctx) -> None:
    city = next(a for a in content().home_cities("assyria") if content().areas[a].city.eco >= 2)
    _c, eco_before, _ = map_income(ctx, "assyria")
    ctx.area(city)["city_ctrl"] = "assyria"
    ctx.area(city)["ctrl"] = "babylonia"
    _cities, eco, detail = map_income(ctx, "assyria")
    assert city in detail["contested"]
    full = content().areas[city].city.eco
    assert eco == eco_before - full + full // 2 or eco == eco_before - full + int(Fraction(full, 2))


def test_7_3_1_seven_pillage_points_cost_one_level(ctx: Ctx) -> None:
    _, eco, _ = map_income(ctx, "babylonia")
    homes = list(content().home_areas("babylonia"))
    for a in homes[:3]:
        ctx.area(a)["pillage"] = 2
    ctx.area(homes[3])["pillage"] = 1
    assert map_income(ctx, "babylonia")[1] == eco - 1
    ctx.area(homes[3])["pillage"] = 0
    assert map_income(ctx, "babylonia")[1] == eco


def test_7_3_1_persia_fixed_and_a_minor_down_to_its_capital(ctx: Ctx) -> None:
    assert new_eco_level(ctx, "persia", Fraction(0)) == 2
    judah_cities = [a for a in content().home_cities("judah") if a != content().nations["judah"].capital]
    for a in judah_cities:
        ctx.area(a)["ctrl"] = "assyria"
        ctx.area(a)["city_ctrl"] = "assyria"
    capital = content().nations["judah"].capital
    if content().areas[capital].city.eco == 0:
        assert new_eco_level(ctx, "judah", Fraction(0)) == 1


def test_7_3_3_trade_points_markers_and_status(ctx: Ctx) -> None:
    ctx.s["diplo"]["phoenicia"].update(power="egypt", value=4)
    points = trade_points(ctx)
    assert points["egypt"] == ctx.s["trade"]["egypt"]["box"] + sum(
        1 for m, d in ctx.s["diplo"].items() if ctx.is_minor(m) and d.get("power") == "egypt" and d["value"] >= 4)


def test_8_3_trade_ranking_tycoon_second_and_ties(ctx: Ctx) -> None:
    vp = {p: ctx.country(p)["vp"] for p in ctx.powers()}
    trade_ranking(ctx, {"assyria": Fraction(5), "egypt": Fraction(3), "mede": Fraction(3), "elam": Fraction(1)})
    assert ctx.country("assyria")["vp"] == vp["assyria"] + 3
    assert ctx.country("egypt")["vp"] == vp["egypt"] + 1 and ctx.country("mede")["vp"] == vp["mede"] + 1
    assert ctx.country("elam")["vp"] == vp["elam"]
    trade_ranking(ctx, {"assyria": Fraction(5), "egypt": Fraction(5), "mede": Fraction(2)})
    assert ctx.country("assyria")["vp"] == vp["assyria"] + 5 and ctx.country("egypt")["vp"] == vp["egypt"] + 3
    assert ctx.country("mede")["vp"] == vp["mede"] + 1, "after a tie for first nobody is second"


def _interphase_cards(pos: Position) -> Ctx:
    ctx = Ctx(pos.state, content())
    pos.state["stack"] = []
    interphase_cards(ctx)
    return ctx


def test_7_3_2_deal_order_starts_after_the_last_card_player(ctx: Ctx) -> None:
    ctx.s["last_card_player"] = "egypt"
    assert deal_order(ctx)[:3] == ["babylonia", "elam", "phoenicia"]
    assert deal_order(ctx)[-1] == "egypt"


def test_7_3_2_deal_eco_minus_one_and_minimum_hand() -> None:
    pos = Position.setup(GAME, "two_rivers", 4)
    s = pos.state
    for c in ("assyria", "babylonia", "elam"):
        s["discard"] += [n for n in s["countries"][c]["hand"] if content().cards[n].kind != "home"]
        s["countries"][c]["hand"] = [n for n in s["countries"][c]["hand"] if content().cards[n].kind == "home"]
    s["countries"]["elam"]["eco"] = 2
    s["countries"]["babylonia"]["eco"] = 4
    ctx = _interphase_cards(pos)
    assert len(s["countries"]["babylonia"]["new_cards"]) == 3
    assert len(s["countries"]["elam"]["new_cards"]) == 1
    while s["stack"]:
        role = GAME.active(s)[0] if GAME.active(s) else None
        if role is None:
            FLOW.advance(ctx, s)
            continue
        pos.act(role, "keep" if "keep" in pos.ids(role) else pos.ids(role)[0])
        s = pos.state
    elam_random = [n for n in s["countries"]["elam"]["hand"] if content().cards[n].kind != "home"]
    assert len(elam_random) == 2, "7.3.2: topped up to the minimum hand of a power"
    pos.assert_logged(rule="7.3.2", key="aw.hand_minimum", country="elam", n=1)


def test_7_3_2_excess_cards_give_vps_and_secret_diplomacy_actions() -> None:
    pos = Position.setup(GAME, "two_rivers", 4)
    s = pos.state
    s["countries"]["babylonia"]["eco"] = 13
    _interphase_cards(pos)
    vp_before = s["countries"]["babylonia"]["vp"]
    discarded_ap = 0
    while s["stack"]:
        frame = s["stack"][-1]
        role = GAME.active(s)[0]
        ids = pos.ids(role)
        if "keep" in ids:
            pos.act(role, "keep")
        else:
            first = next(i for i in ids if i != "discard:suggested")  # card by card
            card = int(first.split(":")[1])
            if frame["order"][frame["i"]] == "babylonia":
                discarded_ap += content().cards[card].ap
            pos.act(role, first)
        s = pos.state
    hand = [n for n in s["countries"]["babylonia"]["hand"] if content().cards[n].kind != "home"]
    assert len(hand) == 6, "7.3.2: a power keeps at most 6 cards besides its home cards"
    assert s["countries"]["babylonia"]["vp"] == vp_before + discarded_ap // 10
    assert s["countries"]["babylonia"].get("sd_extra", 0) == (discarded_ap % 10) // 5


def test_7_3_2_the_suggested_discard_is_the_excess_card_by_card_fewest_aps_first() -> None:
    """7.3.2 with issue 14: the whole excess in one decision, listed first, beside the card-by-card way;
    it discards what discarding the same cards one by one discards."""
    pos = Position.setup(GAME, "two_rivers", 4)
    pos.state["countries"]["babylonia"]["eco"] = 13
    _interphase_cards(pos)
    while GAME.active(pos.state) and "keep" in pos.ids(GAME.active(pos.state)[0]):
        pos.act(GAME.active(pos.state)[0], "keep")
    s = pos.state
    while s["stack"][-1]["step"] == "hand_size" and s["stack"][-1]["order"][s["stack"][-1]["i"]] != "babylonia":
        role = GAME.active(s)[0]
        pos.act(role, next(i for i in pos.ids(role) if i != "discard:suggested"))
        s = pos.state
    role = GAME.active(s)[0]
    ids = pos.ids(role)
    assert ids[0] == "discard:suggested" and all(i.startswith("discard:") for i in ids)
    suggested = GAME.legal_actions(s, role)[0]["params"]["cards"]
    randoms = [n for n in s["countries"]["babylonia"]["hand"] if content().cards[n].kind != "home"]
    assert len(suggested) == len(randoms) - 6 > 1
    assert sorted(content().cards[n].ap for n in suggested) == \
        sorted(content().cards[n].ap for n in randoms)[:len(suggested)]
    by_hand = Position(GAME, clone(s))
    pos.act(role, "discard:suggested")
    for n in suggested:
        by_hand.act(role, f"discard:{n}")
    assert pos.state == by_hand.state


def test_7_3_2_mulligan_draws_one_fewer_once_per_turn() -> None:
    pos = Position.setup(GAME, "two_rivers", 4)
    s = pos.state
    s["countries"]["assyria"]["eco"] = 5
    _interphase_cards(pos)
    while s["stack"] and s["stack"][-1]["step"] == "hand_size" and s["stack"][-1]["stage"] == "mulligan":
        role = GAME.active(s)[0]
        frame = s["stack"][-1]
        who = frame["order"][frame["i"]]
        if who == "assyria":
            old = list(s["countries"]["assyria"]["new_cards"])
            pos.act(role, "mulligan")
            s = pos.state
            new = s["countries"]["assyria"]["new_cards"]
            assert len(new) == len(old) - 1 and not set(old) & set(new)
            assert s["countries"]["assyria"]["mulligan"]
        else:
            pos.act(role, "keep")
            s = pos.state
    pos.assert_logged(rule="7.3.2", key="aw.mulligan", country="assyria")
