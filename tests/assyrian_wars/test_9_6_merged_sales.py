"""9.6 with issue 14: the series of a buyer's requests for mercenaries answered by the seller in one decision
(``sell:all``, ``refuse:all``), beside the one-by-one answers."""

from __future__ import annotations

from ashur.testing import Position
from tests.assyrian_wars.landkit import set_ap, start


def _elam_mercs(pos: Position) -> list[str]:
    return [p for p, x in sorted(pos.state["pieces"].items()) if x["loc"] == "merc:elam" and x["kind"] == "merc"]


def _buy_offers(pos: Position) -> list[str]:
    return [i for i in pos.ids("assyria") if i.startswith("buy_merc:elam:")]


def test_9_6_the_seller_answers_one_by_one_or_for_the_whole_series() -> None:
    pos = start()
    assert len(_elam_mercs(pos)) > 1
    set_ap(pos, 5)
    pos.act("assyria", _buy_offers(pos)[0])
    assert pos.ids("elam") == ["sell", "refuse", "sell:all", "refuse:all"]


def test_9_6_refuse_all_refuses_every_sale_to_this_buyer_for_the_impulse() -> None:
    pos = start()
    set_ap(pos, 5)
    pos.act("assyria", _buy_offers(pos)[0])
    pos.act("elam", "refuse:all")
    assert _buy_offers(pos) == []
    pos.assert_logged(rule="9.6", key="aw.sales_refused_all")


def test_9_6_sell_all_consents_to_the_further_sales_the_buyer_asks_for() -> None:
    pos = start()
    set_ap(pos, 5)
    pos.state["countries"]["elam"]["saved"] = 0
    first = _buy_offers(pos)[0]
    pos.act("assyria", first)
    pos.act("elam", "sell:all")
    pos.assert_logged(rule="9.6", key="aw.sales_consented")
    pos.act("assyria", pos.ids("assyria")[0])  # the first mercenary is placed
    saved = pos.state["countries"]["elam"]["saved"]
    assert saved > 0
    more = _buy_offers(pos)
    assert more, "the buyer may ask for another mercenary"
    pos.act("assyria", more[0])
    assert pos.state["stack"][-1]["step"] == "place"  # sold unasked: the buyer places it
    assert len(pos.logged(key="aw.merc_sold")) == 2
