"""10.4.a markers out of stock (and 8.3.1)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import stock
from tests.assyrian_wars.politicskit import ctx_of, impulse, run, setup, top


def exhaust_pillage(pos) -> None:  # type: ignore[no-untyped-def]
    areas = [a for a in sorted(pos.state["areas"]) if pos.state["areas"][a]["ctrl"] == "assyria"][:10]
    areas += [a for a in sorted(pos.state["areas"]) if pos.state["areas"][a]["ctrl"] == "elam"][:8]
    areas += [a for a in sorted(pos.state["areas"]) if pos.state["areas"][a]["ctrl"] == "egypt"][:12]
    for aid in areas:
        pos.state["areas"][aid]["pillage"] = 1
    assert len(areas) == 30


def test_10_4_a_when_pillage_markers_run_out_everyone_repairs_one() -> None:
    pos = setup()
    exhaust_pillage(pos)
    assert stock.exhausted(ctx_of(pos)) == ["pillage"]
    impulse(pos, "assyria", ap=3)  # the phasing country pays with the APs of its impulse (income)
    pos.act("assyria", "end")
    assert top(pos)["step"] == "stock_repair"
    ids = pos.ids("assyria")
    assert any(i.endswith(":saved") for i in ids) and any(":card" in i for i in ids)
    assert not any(i.endswith(":income") for i in ids)  # its income is in the impulse already
    pos.act("assyria", next(i for i in ids if i.endswith(":saved")))
    assert _impulse(pos)["spent2"] == 2
    assert top(pos)["step"] == "stock_repair"


def test_10_4_a_a_card_played_for_its_aps_the_rest_saved() -> None:
    pos = setup()
    exhaust_pillage(pos)
    pos.state["countries"]["assyria"]["saved"] = 0
    impulse(pos, "assyria", ap=0)
    pos.act("assyria", "end")
    card_id = next(i for i in pos.ids("assyria") if ":card" in i)
    number = int(card_id.rsplit("card", 1)[1])
    ap = GAME_AP(pos, number)
    pos.act("assyria", card_id)
    assert number in pos.state["discard"]
    frame = _impulse(pos)
    assert frame["ap2"] - frame["spent2"] == 2 * (ap - 1)  # saved at the end of the impulse, at most 4


def _impulse(pos):  # type: ignore[no-untyped-def]
    return next(f for f in reversed(pos.state["stack"]) if f["step"] == "impulse")


def GAME_AP(pos, number: int) -> int:  # type: ignore[no-untyped-def]
    return int(ctx_of(pos).card(number).ap)


def test_10_4_a_8_3_1_without_aps_or_cards_a_power_loses_1_vp() -> None:
    pos = setup()
    exhaust_pillage(pos)
    for c in ("elam",):
        pos.state["countries"][c]["saved"] = 0
        pos.state["countries"][c]["eco"] = 0  # no income to draw on either
        pos.state["countries"][c]["hand"] = [n for n in pos.state["countries"][c]["hand"] if n in (10, 11)]
    vp = pos.state["countries"]["elam"]["vp"]
    pos.state["stack"].append({"step": "stock_repair", "kind": "pillage", "order": ["elam"], "i": 0})
    run(pos, lambda ctx: None)
    assert pos.state["countries"]["elam"]["vp"] == vp - 1
    pos.assert_logged(rule="10.4.a", key="aw.stock_no_repair", country="elam")


def test_10_4_a_city_damage_counters() -> None:
    assert stock.counters_for_damage(2) == (1, 0)
    assert stock.counters_for_damage(3) == (0, 1)
    assert stock.counters_for_damage(5) == (1, 1)


def test_10_4_a_a_country_outside_its_impulse_repairs_with_its_next_income() -> None:
    """10.4.a "with APs from income": the saved APs and, as far as they fall short, an advance on the income
    of the next scheduled impulse, repaid from it first (issue 14: income was not counted)."""
    pos = setup()
    exhaust_pillage(pos)
    elam = pos.state["countries"]["elam"]
    elam["saved"], elam["borrowed"], elam["hand"] = 0, 0, []
    assert elam["eco"] >= 1
    vp = elam["vp"]
    pos.state["stack"].append({"step": "stock_repair", "kind": "pillage", "order": ["elam"], "i": 0})
    run(pos, lambda ctx: None)
    ids = pos.ids("elam")
    assert ids and all(i.endswith(":income") for i in ids)
    pos.act("elam", ids[0])
    elam = pos.state["countries"]["elam"]
    assert elam["borrowed"] == 1 and elam["vp"] == vp
    pos.assert_logged(rule="10.4.a", key="aw.stock_income_advance", country="elam", ap=1)
