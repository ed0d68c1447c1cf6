"""3.1–3.3, 6.0, 6.18: impulses, card play, APs, saving, buying, passing, preemption."""

from __future__ import annotations

import pytest

from ashur.core.errors import IllegalAction
from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.course.impulse import can_pay, pay
from ashur.testing import Position
from tests.assyrian_wars.helpers import at_impulse_of, run_until, to_main, top


@pytest.fixture
def campaign() -> Position:
    return to_main(Position.setup(GAME, "campaign", seed=7))


def _plus_card(pos: Position, c: str) -> int:
    return next(n for n in pos.state["countries"][c]["hand"] if content().cards[n].plus)


def _plain_cards(pos: Position, c: str) -> list[int]:
    return [n for n in pos.state["countries"][c]["hand"] if not content().cards[n].plus]


def test_3_1_assyria_starts_and_must_play_a_card(campaign: Position) -> None:
    f = top(campaign)
    assert f["step"] == "impulse" and f["c"] == "assyria"
    assert "end" not in campaign.ids("assyria")
    campaign.assert_illegal("assyria", "end", rule="3.1")


def test_3_1_card_for_its_ap_and_income(campaign: Position) -> None:
    card = _plain_cards(campaign, "assyria")[0]
    ap = content().cards[card].ap
    before = top(campaign)["ap2"] // 2
    campaign.act("assyria", f"card:{card}:ap")
    assert top(campaign)["ap2"] // 2 == before + ap
    campaign.assert_logged(rule="3.1", key="aw.card_ap", card=card)
    assert card in campaign.state["discard"]


def test_3_2_second_card_needs_a_plus_card(campaign: Position) -> None:
    a, b = _plain_cards(campaign, "assyria")[:2]
    campaign.act("assyria", f"card:{a}:ap")
    exc = campaign.assert_illegal("assyria", f"card:{b}:ap", rule="3.2")
    assert "'+'" in exc.reason
    plus = _plus_card(campaign, "assyria")
    campaign.act("assyria", f"card:{plus}:ap")
    assert plus in campaign.state["countries"]["assyria"]["home_discard"]


def test_3_2_no_third_card(campaign: Position) -> None:
    plus = _plus_card(campaign, "assyria")
    a, b = _plain_cards(campaign, "assyria")[:2]
    campaign.act("assyria", f"card:{plus}:ap", f"card:{a}:ap")
    exc = campaign.assert_illegal("assyria", f"card:{b}:ap", rule="3.2")
    assert "two cards" in exc.reason


def test_6_18_three_ap_make_a_plus_card(campaign: Position) -> None:
    a, b = _plain_cards(campaign, "assyria")[:2]
    campaign.act("assyria", f"card:{a}:ap", "plus", f"card:{b}:ap")
    campaign.assert_logged(rule="6.18", key="aw.spend", what="plus")
    assert top(campaign)["cards"] == [a, b]


def test_3_1_at_most_four_ap_saved(campaign: Position) -> None:
    a = _plain_cards(campaign, "assyria")[0]
    campaign.act("assyria", f"card:{a}:ap")
    campaign.assert_illegal("assyria", "save:5", rule="3.1")
    campaign.act("assyria", "end")
    entry = campaign.assert_logged(rule="3.1", key="aw.impulse_end", country="assyria")
    assert entry["params"]["saved"] == 4 and entry["params"]["lost"] > 0
    assert campaign.state["countries"]["assyria"]["saved"] == 4


def test_6_0_fractions_summed_then_rounded_up_once(campaign: Position) -> None:
    """6.0/6.5 example: ½ AP to rebuild a mercenary point and ½ AP for a regroup mercenary cost 1 AP."""
    ctx = Ctx(campaign.state, content())
    frame = top(campaign)
    frame["ap2"], frame["spent2"] = 2, 0
    pay(ctx, frame, 1, "6.4", "rebuild")
    assert can_pay(frame, 1)
    pay(ctx, frame, 1, "6.5", "regroup")
    assert frame["spent2"] == 2 and not can_pay(frame, 1)
    frame["ap2"], frame["spent2"] = 2, 1
    assert not can_pay(frame, 2), "½ + 1 rounds up to 2 AP"


def test_6_18_plus_refused_without_three_ap(campaign: Position) -> None:
    frame = top(campaign)
    frame["ap2"] = 4
    with pytest.raises(IllegalAction) as info:
        GAME.act(campaign.state, "assyria", "plus")
    assert info.value.rule == "6.18"


def test_6_18_income_once_per_round_and_not_in_preemptive_impulses(campaign: Position) -> None:
    run_until(campaign, lambda p: p.state["round"] >= 2 and top(p)["step"] == "preempt")
    holder = top(campaign)["holder"]
    campaign.act(holder, "preempt")
    to_main(campaign)
    f = top(campaign)
    assert f["kind"] == "preemptive" and f["c"] == holder
    entry = campaign.assert_logged(rule="3.1", key="aw.impulse", country=holder, kind="preemptive")
    assert entry["params"]["ap"] == entry["params"]["saved"], "a preemptive impulse brings no income"


def test_3_3_no_preemption_in_the_first_round(campaign: Position) -> None:
    run_until(campaign, at_impulse_of("mede"))
    assert campaign.state["round"] == 1
    assert all(f["step"] != "preempt" for f in campaign.state["stack"])
    exc = campaign.assert_illegal("mede", "preempt", rule="3.3")
    assert "first impulse round" in exc.reason


def test_3_3_preemption_holder_and_no_two_consecutive_impulses(campaign: Position) -> None:
    run_until(campaign, lambda p: top(p)["step"] == "preempt")
    f = top(campaign)
    holder, target = f["holder"], f["target"]
    counts = {c: len(co["hand"]) for c, co in campaign.state["countries"].items() if co["active"]}
    assert counts[holder] == max(counts.values())
    assert sum(1 for n in counts.values() if n == counts[holder]) == 1, "a tie gives nobody the ability"
    campaign.act(holder, "preempt")
    run_until(campaign, lambda p: top(p)["step"] == "impulse" and top(p)["c"] == target and top(p)["phase"] == "main")
    assert top(campaign)["kind"] == "scheduled"
    exc = campaign.assert_illegal(target, "preempt", rule="3.3")
    assert "preemptive impulse" in exc.reason or "two consecutive" in exc.reason or "between" in exc.reason


def test_6_18_a_country_without_cards_must_buy_one(campaign: Position) -> None:
    run_until(campaign, at_impulse_of("mede"))
    pos = campaign
    pos.act("mede", f"card:{_plain_cards(pos, 'mede')[0]}:ap", "end")
    # empty the Mede's hand and give it APs: at its next scheduled impulse it must buy a card
    pos.state["countries"]["mede"]["discarded_for_test"] = list(pos.state["countries"]["mede"]["hand"])
    for n in list(pos.state["countries"]["mede"]["hand"]):
        pos.state["countries"]["mede"]["hand"].remove(n)
        pos.state["discard"].append(n)
    pos.state["countries"]["mede"].pop("discarded_for_test")
    pos.state["countries"]["mede"]["saved"] = 4
    run_until(pos, at_impulse_of("mede"))
    pos.assert_logged(rule="6.18", key="aw.buy_card", country="mede")
    assert len(pos.state["countries"]["mede"]["hand"]) == 1


def test_6_0_a_country_without_cards_and_under_five_ap_passes(campaign: Position) -> None:
    pos = campaign
    run_until(pos, at_impulse_of("egypt"))
    pos.act("egypt", f"card:{_plain_cards(pos, 'egypt')[0]}:ap", "end")
    for n in list(pos.state["countries"]["persia"]["hand"]):
        pos.state["countries"]["persia"]["hand"].remove(n)
        pos.state["discard"].append(n)
    pos.state["countries"]["persia"]["saved"] = 0
    pos.state["countries"]["persia"]["eco"] = 2
    run_until(pos, lambda p: top(p)["step"] == "impulse" and top(p)["c"] == "persia" and top(p)["phase"] == "main")
    assert top(pos)["passing"]
    pos.assert_logged(rule="6.0", key="aw.pass", country="persia")
    assert "end" in pos.ids(GAME.active(pos.state)[0])
    assert not any(i.startswith("card:") for i in pos.ids(GAME.active(pos.state)[0]))


def test_3_1_6_0_an_impulse_whose_last_card_went_as_a_battle_card_may_end_without_one(campaign: Position) -> None:
    """The phasing country played its only card as a battle card (6.11.d) in its own impulse: no card is
    left to play for the impulse, so it may end it (as a country without cards passes, 6.0). Found by the
    eager simulations (the impulse had no legal action)."""
    hand = campaign.state["countries"]["assyria"]["hand"]
    assert "end" not in campaign.ids("assyria")
    campaign.state["discard"].extend(n for n in hand if not content().cards[n].owner)
    campaign.state["countries"]["assyria"]["home_discard"].extend(n for n in hand if content().cards[n].owner)
    hand.clear()
    assert campaign.ids("assyria") and "end" in campaign.ids("assyria")
    campaign.act("assyria", "end")
    assert top(campaign)["step"] != "impulse" or top(campaign)["c"] != "assyria"
