"""Cards 46-53: foreign wars (6.11.b) and End Any Foreign War (6.11.b, 6.11.f).

Both sides commit 2 + D3 units (one may be a leader); an off-map side mirrors the other; the duration (D6)
drops each impulse round at the first named country's impulse; at the end every piece on the card rolls,
a hit on an even number, survivors to the Regroup Box. A short country buys units, gives VPs or waits.
"""

from __future__ import annotations

from typing import Any

import pytest

from ashur.games.assyrian_wars.cards import wars as fw
from ashur.games.assyrian_wars.content.effects import ForeignWar
from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars import landkit as lk
from tests.assyrian_wars.helpers import run_until

ASSYRIAN_UNITS = ["assyria-li3-1", "assyria-li3-2", "assyria-hi4-1", "assyria-hi4-2", "assyria-b3-1"]
LEADER = "assyria-turtanu"


def _war_position(units: list[str] | None = None, leader: str | None = LEADER) -> Position:
    """Two Rivers, Assyria's impulse, an Assyrian army in Nineveh's area and card 51 in hand."""
    pos = lk.start()
    lk.army(pos, leader, "nineveh", units if units is not None else ASSYRIAN_UNITS) if leader else None
    if leader is None:
        for u in units or []:
            lk.put(pos, u, "nineveh")
    lk.give_card(pos, "assyria", 51)
    lk.set_ap(pos, 10)
    return pos


def pass_windows(pos: Position) -> None:
    """Every country asked in an open card window plays no card (answered by the role deciding for it)."""
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "window":
        pos.act(lk.active_role(pos), "pass")


def _war(pos: Position, card: int) -> dict[str, Any]:
    found = next((w for w in pos.state.get("foreign_wars", []) if w["card"] == card), None)
    assert found is not None
    return found


def _commit(pos: Position, role: str, pieces: list[str]) -> None:
    for p in pieces:
        pos.act(role, f"fw_unit:{p}")


def test_6_11_b_card_51_assyria_commits_2_plus_d3_units_and_the_duration_is_rolled() -> None:
    pos = _war_position()
    pos.fix_dice(3)  # D3 = 2: four units
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.b", key="aw.fw.started", card=51, first="assyria", second="nomads", units=4)
    assert lk.top(pos)["step"] == "fw_commit"
    assert f"fw_unit:{LEADER}" in pos.ids("assyria")
    _commit(pos, "assyria", [LEADER, "assyria-li3-1", "assyria-li3-2"])
    assert not any(i.startswith(("fw_unit:assyria-king", "fw_unit:assyria-rab")) for i in pos.ids("assyria")), \
        "one leader per side (6.11.b)"
    pos.fix_dice(5)
    pos.act("assyria", "fw_unit:assyria-hi4-1")
    war = _war(pos, 51)
    assert war["duration"] == 5 and war["units"] == 4
    pos.assert_logged(rule="6.11.b", key="aw.fw.duration", card=51, n=5)
    on_card = sorted(p for p, q in pos.state["pieces"].items() if q["loc"] == "fw:51")
    assert on_card == sorted([LEADER, "assyria-li3-1", "assyria-li3-2", "assyria-hi4-1"])
    assert all(pos.state["pieces"][p]["army"] is None for p in on_card)
    assert pos.state["pieces"]["assyria-hi4-2"]["army"] is None  # the army broke up when its leader left
    assert any(f["card"] == 51 for f in pos.state["faceup"])
    assert GAME.invariants(pos.state) == []
    assert GAME.view(pos.state, "babylonia")["foreign_wars"][0]["card"] == 51
    assert lk.top(pos)["step"] == "impulse"


def test_6_11_b_the_duration_runs_at_the_first_named_country_and_the_war_ends_with_hits() -> None:
    pos = _war_position()
    pos.fix_dice(1, 1)  # D3 = 1: three units; duration 1
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    _commit(pos, "assyria", ["assyria-li3-1", "assyria-hi4-1", LEADER])
    assert _war(pos, 51)["duration"] == 1
    pos.act("assyria", "end")
    run_until(pos, lambda p: not p.state.get("foreign_wars"))
    pos.assert_logged(rule="6.11.b", key="aw.fw.shortened", card=51, n=0)
    pos.assert_logged(rule="6.11.b", key="aw.fw.ended", card=51, how="aw.fw.how_time")
    roll = next(e for e in reversed(pos.log) if e["key"] == "dice" and e["params"]["why"] == "aw.why.fw_end")
    for pid, v in zip(roll["params"]["pieces"], roll["params"]["values"], strict=True):
        p = pos.state["pieces"][pid]
        if v % 2:
            assert p["loc"] == "regroup" and not p["red"]
        elif p["kind"] == "leader":
            assert p["loc"] == "pool"
        else:
            assert p["loc"] == "regroup" and p["red"]
    assert 51 in pos.state["discard"] and not any(f["card"] == 51 for f in pos.state["faceup"])


def test_6_11_b_a_short_country_gives_up_1_vp_per_missing_unit() -> None:
    pos = _war_position(units=["assyria-li3-1"], leader=None)
    for p in pos.state["pieces"].values():
        if p["nation"] == "assyria" and p["loc"] == "regroup":
            p["loc"] = "pool"
    vp = pos.state["countries"]["assyria"]["vp"]
    pos.fix_dice(6)  # D3 = 3: five units
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    pos.act("assyria", "fw_unit:assyria-li3-1")
    ids = pos.ids("assyria")
    assert "fw_vp" in ids and any(i.startswith("fw_buy:") for i in ids)
    assert "fw_wait" not in ids, "the war waits only when nothing can be brought"
    pos.fix_dice(2)
    pos.act("assyria", "fw_vp")
    assert pos.state["countries"]["assyria"]["vp"] == vp - 4
    pos.assert_logged(rule="6.11.b", key="aw.fw.vp_given", country="assyria", n=4)
    assert _war(pos, 51)["duration"] == 2


def test_6_11_b_a_short_phasing_country_builds_units_onto_the_card() -> None:
    pos = _war_position(units=[], leader=None)
    pos.fix_dice(1)  # three units
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    buys = [i for i in pos.ids("assyria") if i.startswith("fw_buy:")]
    assert buys
    ap = lk.ap_left(pos)
    act = next(a for a in GAME.legal_actions(pos.state, "assyria") if a["id"] == buys[0])
    pos.act("assyria", buys[0])
    assert lk.ap_left(pos) == ap - act["params"]["ap"]
    assert pos.state["pieces"][act["params"]["piece"]]["loc"] == "fw:51"


def test_6_11_b_a_country_with_nothing_to_send_waits_and_places_units_later() -> None:
    pos = _war_position(units=[], leader=None)
    for p in pos.state["pieces"].values():
        if p["nation"] == "assyria" and p["kind"] == "unit" and p["loc"] in ("pool", "regroup"):
            p["loc"] = "dead"
    pos.fix_dice(1)
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    assert sorted(pos.ids("assyria")) == ["fw_vp", "fw_wait"]
    pos.act("assyria", "fw_wait")
    war = _war(pos, 51)
    assert war["duration"] is None
    pos.assert_logged(rule="6.11.b", key="aw.fw.waits", country="assyria", n=3)
    for u in ("assyria-li3-1", "assyria-li3-2", "assyria-li3-3"):
        lk.put(pos, u, "nineveh")
    assert "fwar:51:place:0:assyria-li3-1" in pos.ids("assyria")
    pos.act("assyria", "fwar:51:place:0:assyria-li3-1", "fwar:51:place:0:assyria-li3-2")
    pos.fix_dice(4)
    pos.act("assyria", "fwar:51:place:0:assyria-li3-3")
    assert _war(pos, 51)["duration"] == 4


def test_6_11_b_a_non_phasing_country_pays_with_a_card_played_for_its_aps() -> None:
    pos = lk.start()
    lk.give_card(pos, "assyria", 53)
    hand = [n for n in pos.state["countries"]["elam"]["hand"]]
    pos.state["countries"]["elam"]["saved"] = 0
    pos.fix_dice(1)  # three units, Elam has none on the map
    pos.act("assyria", "card:53:event")
    pass_windows(pos)
    ids = pos.ids("elam")
    cards = [i for i in ids if i.startswith("fw_card:")]
    assert cards and len(cards) == len(set(hand))
    n = int(cards[0].split(":")[1])
    pos.act("elam", cards[0])
    assert n not in pos.state["countries"]["elam"]["hand"]
    pos.assert_logged(rule="6.11.b", key="aw.fw.card_for_ap", country="elam", card=n)
    assert pos.state["countries"]["elam"].get("borrowed", 0) == 0
    buy = next(i for i in pos.ids("elam") if i.startswith("fw_buy:"))
    pos.act("elam", buy)
    assert pos.state["pieces"][buy.split(":", 1)[1]]["loc"] == "fw:53"


def test_6_11_b_mede_against_mede_the_mede_commits_both_sides() -> None:
    pos = Position.setup(GAME, "rise_and_fall", 3)
    lk.clear_map(pos)
    units = sorted(p for p, q in pos.state["pieces"].items() if q["nation"] == "mede" and q["kind"] == "unit")[:8]
    for u in units:
        lk.put(pos, u, "ecbatana")
    lk.give_card(pos, "assyria", 50)
    lk.set_ap(pos, 10)
    pos.fix_dice(2)  # two + one: three units a side
    pos.act("assyria", "card:50:event")
    pass_windows(pos)
    assert lk.top(pos)["step"] == "fw_commit" and lk.top(pos)["side"] == 0
    _commit(pos, "mede", units[:3])
    assert lk.top(pos)["side"] == 1
    pos.fix_dice(3)
    _commit(pos, "mede", units[3:6])
    war = _war(pos, 50)
    assert [len(s["pieces"]) for s in war["sides"]] == [3, 3] and war["duration"] == 3


def test_6_11_b_refused_when_a_named_country_is_not_in_the_game() -> None:
    pos = _war_position()
    lk.give_card(pos, "assyria", 48)
    assert "card:48:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:48:event", rule="6.11")


def test_6_11_b_one_foreign_war_per_country() -> None:
    pos = _war_position()
    pos.fix_dice(1, 2)
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    _commit(pos, "assyria", ["assyria-li3-1", "assyria-li3-2", "assyria-hi4-1"])
    assert fw.check_foreign_war(lk.ctx(pos), {}, ForeignWar(op="foreign_war", sides=("assyria", "nomads"))) \
        == "assyria already fights a foreign war (6.11.b)"


def test_6_11_b_no_foreign_war_between_allies() -> None:
    pos = _war_position()
    why = fw.check_foreign_war(lk.ctx(pos), {}, ForeignWar(op="foreign_war", sides=("babylonia", "elam")))
    assert why == "a foreign war cannot be played between allies (6.11.b)"


@pytest.mark.parametrize("card", [46, 47])
def test_6_11_b_end_any_foreign_war_ends_it_with_the_usual_hits(card: int) -> None:
    pos = _war_position()
    pos.fix_dice(1, 6)
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    _commit(pos, "assyria", ["assyria-li3-1", "assyria-li3-2", "assyria-hi4-1"])
    lk.give_card(pos, "assyria", card)
    lk.impulse(pos)["cards"] = []
    pos.fix_dice(2, 3, 4)  # the pieces roll in id order: hi4-1, li3-1, li3-2
    pos.act("assyria", f"card:{card}:event")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.b", key="aw.fw.ended", card=51, how="aw.fw.how_card")
    s = pos.state
    assert s["pieces"]["assyria-hi4-1"]["loc"] == "regroup" and s["pieces"]["assyria-hi4-1"]["red"]
    assert s["pieces"]["assyria-li3-1"]["loc"] == "regroup" and not s["pieces"]["assyria-li3-1"]["red"]
    assert s["pieces"]["assyria-li3-2"]["loc"] == "regroup" and s["pieces"]["assyria-li3-2"]["red"]
    assert not s.get("foreign_wars") and 51 in s["discard"] and card in s["discard"]


def test_6_11_b_end_any_foreign_war_is_refused_without_a_war() -> None:
    pos = _war_position()
    lk.give_card(pos, "assyria", 46)
    assert "card:46:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:46:event", rule="6.11")


def _battle_ready(pos: Position) -> None:
    pos.fix_dice(1, 6)  # three units, six rounds
    pos.act("assyria", "card:51:event")
    pass_windows(pos)
    _commit(pos, "assyria", ["assyria-li3-1", "assyria-li3-2", "assyria-hi4-1"])


def test_6_11_b_winning_a_battle_ends_the_war_and_earns_1_vp() -> None:
    pos = _war_position()
    _battle_ready(pos)
    vp = pos.state["countries"]["assyria"]["vp"]
    ap = lk.ap_left(pos)
    act = f"fwar:51:battle:0:{LEADER}"
    assert act in pos.ids("assyria")
    # attackers: 3 units + the Turtanu's battle dice + the Assyrian elite die; the mirror: units + leader dice
    action_rating = lk.ctx(pos).c.leaders[LEADER].front.action
    att, dfn = 3 + action_rating + 1, 3 + action_rating
    pos.fix_dice(*([1] * att), *([6] * dfn))
    pos.act("assyria", act)
    assert lk.ap_left(pos) == ap - 1
    pos.assert_logged(rule="6.7.2", key="aw.fw.melee", card=51, att=att, defn=0)
    pos.assert_logged(rule="6.11.b", key="aw.fw.battle_won", card=51, country="assyria")
    pos.assert_logged(rule="8.3", key="aw.vp", country="assyria", n=1, why="aw.why.fw_won")
    assert not pos.state.get("foreign_wars")
    assert pos.state["countries"]["assyria"]["vp"] == vp + 1
    assert not [i for i in pos.ids("assyria") if i.startswith("fwar:")]


def test_6_11_b_losing_the_battle_doubles_the_duration() -> None:
    pos = _war_position()
    _battle_ready(pos)
    action_rating = lk.ctx(pos).c.leaders[LEADER].front.action
    att, dfn = 3 + action_rating + 1, 3 + action_rating
    pos.fix_dice(*([6] * att), *([1] * dfn))
    pos.act("assyria", f"fwar:51:battle:0:{LEADER}")
    lk.settle(pos)
    pos.assert_logged(rule="6.11.b", key="aw.fw.battle_lost", card=51, n=12)
    assert _war(pos, 51)["duration"] == 12
    assert not [i for i in pos.ids("assyria") if i.startswith("fwar:51:battle")], "one battle per impulse"
    assert GAME.invariants(pos.state) == []


def test_6_11_e_counter_measures_cancel_a_foreign_war_card() -> None:
    pos = _war_position()
    lk.give_card(pos, "babylonia", 59)
    pos.act("assyria", "card:51:event")
    pos.act("babylonia", "choose:59")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.e", key="aw.event_cancelled", cancelled=51)
    assert not pos.state.get("foreign_wars") and 51 in pos.state["discard"]
    assert all(pos.state["pieces"][u]["loc"] == "nineveh" for u in ASSYRIAN_UNITS)


def test_6_11_b_an_eliminated_side_ends_its_war() -> None:
    pos = _war_position()
    _battle_ready(pos)
    pos.state["eliminated"] = {"assyria": True}
    fw._impulse_start(lk.ctx(pos), lk.impulse(pos))
    pos.assert_logged(rule="6.11.b", key="aw.fw.ended", card=51, how="aw.fw.how_gone")
    assert not pos.state["foreign_wars"]


@pytest.mark.parametrize("card", [48, 49, 50, 51, 52, 53])
def test_6_11_b_each_foreign_war_card_starts_its_war_and_asks_the_first_side_for_units(card: int) -> None:
    """Every foreign war card of the deck, played in the Campaign by another power: the war between the
    two sides the card names starts, and the first side's owner commits its units (6.11.b)."""
    from tests.assyrian_wars.cards.diplomacy_kit import play, ready, role, setup

    first, second = next(o for o in content().cards[card].effect if o.op == "foreign_war").sides
    player = "assyria" if "babylonia" in (first, second) else "babylonia"
    pos = setup()
    ready(pos, player, 10, card)
    pos.fix_dice(3)  # D3 = 2: four units a side
    play(pos, player, card)
    pos.assert_logged(rule="6.11.b", key="aw.fw.started", card=card, first=first, second=second, units=4)
    assert lk.top(pos)["step"] == "fw_commit"
    assert GAME.active(pos.state) == [role(pos, first)]
    assert any(i.startswith("fw_unit:") for i in pos.ids(role(pos, first)))


def test_6_11_b_the_war_is_shortened_before_desert_attrition_that_fog_may_make_wait() -> None:
    """6.11.b + 9.5, a fuzz game (campaign seed 233972354495551, card events on, action 721): Egypt ends its
    impulse; Babylonia, first named on Arab Raids (card 52), starts its impulse with a force in the Arabian
    Desert (desert attrition, 6.6.1). The war used to be shortened after that attrition, so whether the
    Mede read it in this action or only later hung on whether Babylonia had hits to assign among several
    units, which fog hides. The duration now drops first, when the impulse marker reaches Babylonia."""
    from pathlib import Path

    from ashur.core.replay import start
    from ashur.core.savefile import load
    from ashur.core.statedata import clone
    from ashur.tools.fuzz import Checker

    save = load(Path(__file__).parent.parent / "saves" / "6_11_b_war_shortened_before_desert_attrition.ashur.json")
    match = start(save)
    for actor, action_id in save.actions[:721]:
        match.act(actor, action_id)
    actor, action_id = save.actions[721]
    assert (actor, action_id) == ("egypt", "end")
    before = clone(match.state)
    match.act(actor, action_id)
    assert [w["duration"] for w in match.state["foreign_wars"] if w["card"] == 52] == [3]
    Checker(GAME, save.seed).check_log_leaks(match, 721, before, actor, action_id)
