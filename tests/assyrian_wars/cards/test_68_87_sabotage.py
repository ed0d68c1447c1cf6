"""Cards 68, 85, 87: sabotage (6.11.k). Treachery at the Gates: a city you besiege falls on a 1 or 2 as if
taken by assault (6.8.2, 6.7.7); Plague in the Camp: the besiegers check attrition twice (6.6.1, 6.8);
Assassins: an enemy leader dies on a 1 or 2, a king only on a 1 (6.7.3, 8.3.1, 10.3)."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position
from tests.assyrian_wars import landkit as lk
from tests.assyrian_wars import politicskit as pk

BESIEGERS = ["assyria-b3-1", "assyria-hi4-1", "assyria-hi4-2", "assyria-li3-1"]


def pass_windows(pos: Position) -> None:
    while pos.state["stack"] and pos.state["stack"][-1]["step"] == "window":
        pos.act(lk.active_role(pos), "pass")


def _samaria(card: int) -> Position:
    """The Campaign: Assyria's army besieges Samaria (Israel) at the start; Assyria's impulse."""
    pos = pk.setup("campaign", 1)
    pk.impulse(pos, "assyria", ap=10)
    pos.state["stack"][-1]["cards"] = []
    lk.give_card(pos, "assyria", card)
    assert pos.state["sieges"]["samaria"]["besieger"] == "assyria"
    return pos


def test_6_11_k_treachery_at_the_gates_takes_the_city_on_a_1_or_2() -> None:
    pos = _samaria(68)
    vp = pos.state["countries"]["assyria"]["vp"]
    pos.fix_dice(2)
    pos.act("assyria", "card:68:event")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.k", key="aw.wars.betrayal", country="assyria", area="samaria")
    pos.assert_logged(rule="6.7.7", key="aw.overrun", area="samaria")
    s = pos.state
    assert "samaria" not in s["sieges"]
    assert (s["areas"]["samaria"].get("city_ctrl") or s["areas"]["samaria"]["ctrl"]) == "assyria"
    assert s["pieces"]["israel-li2-1"]["loc"] == "regroup" and s["pieces"]["israel-li2-2"]["loc"] == "regroup"
    assert s["countries"]["assyria"]["vp"] > vp


def test_6_11_k_treachery_at_the_gates_fails_on_3_to_6() -> None:
    pos = _samaria(68)
    pos.fix_dice(3)
    pos.act("assyria", "card:68:event")
    pass_windows(pos)
    pos.assert_logged(rule="6.11.k", key="aw.wars.betrayal_failed", area="samaria")
    assert pos.state["sieges"]["samaria"]["besieger"] == "assyria"
    assert pos.state["pieces"]["israel-li2-1"]["loc"] == "samaria"


def test_6_11_k_treachery_at_the_gates_needs_a_siege_of_yours() -> None:
    pos = lk.start()
    lk.give_card(pos, "assyria", 68)
    assert "card:68:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "card:68:event", rule="6.11")


def test_6_11_k_plague_in_the_camp_the_besiegers_check_attrition_twice() -> None:
    pos = _samaria(85)
    pos.act("assyria", "card:85:event")
    pass_windows(pos)
    assert pos.ids("assyria") == ["target:siege:samaria"]
    pos.fix_dice(1, 1, 1, 1, 1, 1, 1, 6)
    pos.act("assyria", "target:siege:samaria")
    pos.assert_logged(rule="6.11.k", key="aw.wars.attrition", card=85, target="assyria", loc="samaria", times=2)
    checks = [e for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.wars_attrition"]
    assert [c["params"]["pieces"] for c in checks] == [BESIEGERS, BESIEGERS]
    assert lk.top(pos)["step"] == "assign_hits" and lk.top(pos)["owner"] == "assyria"
    assert all(pos.state["pieces"][p]["loc"] == "samaria" for p in ["israel-li2-1", "israel-li2-2"])


def test_6_11_k_plague_in_the_camp_needs_a_siege() -> None:
    pos = lk.start()
    lk.give_card(pos, "assyria", 85)
    pos.assert_illegal("assyria", "card:85:event", rule="6.11")


def _assassins(**options: bool) -> Position:
    pos = lk.start(**options)
    lk.army(pos, "babylonia-nabu_bel_shumati", "babylon", ["babylonia-li2-1", "babylonia-li2-2"])
    lk.put(pos, "babylonia-king-2", "kish")
    lk.give_card(pos, "assyria", 87)
    lk.set_ap(pos, 10)
    return pos


def test_6_11_k_assassins_kill_an_enemy_leader_on_a_1_or_2() -> None:
    pos = _assassins()
    pos.act("assyria", "card:87:event")
    pass_windows(pos)
    assert sorted(pos.ids("assyria")) == ["leader:babylonia-king-2", "leader:babylonia-nabu_bel_shumati"]
    pos.fix_dice(2)
    pos.act("assyria", "leader:babylonia-nabu_bel_shumati")
    pos.assert_logged(rule="6.11.k", key="aw.wars.assassins", piece="babylonia-nabu_bel_shumati")
    assert lk.loc(pos, "babylonia-nabu_bel_shumati") == "pool"
    assert pos.state["pieces"]["babylonia-li2-1"]["army"] is None


def test_6_11_k_assassins_strike_a_king_only_on_a_1() -> None:
    pos = _assassins()
    vp = pos.state["countries"]["babylonia"]["vp"]
    pos.act("assyria", "card:87:event")
    pass_windows(pos)
    pos.fix_dice(2)
    pos.act("assyria", "leader:babylonia-king-2")
    pos.assert_logged(rule="6.11.k", key="aw.wars.assassins_failed", piece="babylonia-king-2", king=True)
    assert lk.loc(pos, "babylonia-king-2") == "kish"
    lk.give_card(pos, "assyria", 87)
    lk.impulse(pos)["cards"] = []
    pos.act("assyria", "card:87:event")
    pass_windows(pos)
    pos.fix_dice(1)
    pos.act("assyria", "leader:babylonia-king-2")
    assert lk.loc(pos, "babylonia-king-2") == "dead"
    assert pos.state["countries"]["babylonia"]["vp"] == vp - 1  # 8.3.1: a king lost


def test_9_5_assassins_under_fog_see_only_the_top_of_a_stack() -> None:
    pos = _assassins(fog_of_war=True)
    leaders = sorted(p for p, q in pos.state["pieces"].items() if q["nation"] == "babylonia" and q["kind"] == "leader")
    for lid in leaders:
        lk.put(pos, lid, "babylon")
    from ashur.games.assyrian_wars.fog import stacks

    tops = {st["top"] for st in stacks(Ctx(pos.state, content())) if st["loc"] == "babylon"}
    pos.act("assyria", "card:87:event")
    pass_windows(pos)
    offered = {i.split(":", 1)[1] for i in pos.ids("assyria")} - {"babylonia-king-2"}
    assert offered == tops and len(leaders) > len(tops)


def test_6_11_k_assassins_need_an_enemy_leader_on_the_map() -> None:
    pos = lk.start()
    lk.give_card(pos, "assyria", 87)
    pos.assert_illegal("assyria", "card:87:event", rule="6.11")
    assert GAME.invariants(pos.state) == []
