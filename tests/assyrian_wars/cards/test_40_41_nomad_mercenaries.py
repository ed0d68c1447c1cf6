"""Cards 40 Aramaean Nomads and 41 Arabian Nomads (10.1, 6.11.j): the nomad mercenaries enter a player's
mercenary pool and are hired like other mercenaries, with the terms of their card (German rules, card 40)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.losses import eliminate
from ashur.games.assyrian_wars.rules.base.terrain import crossing_attrition
from ashur.games.assyrian_wars.rules.course.events import effects_of
from ashur.games.assyrian_wars.rules.course.mercenaries import draw_mercenaries, initiate_turn
from ashur.testing import Position
from tests.assyrian_wars.helpers import active_role, top
from tests.assyrian_wars.landkit import ap_left, ctx, give_card, loc, phasing, put, set_ap, start

ARAMAEANS = ["aramaeans-lc2-1", "aramaeans-lc2-2", "aramaeans-li2-1", "aramaeans-li2-2", "aramaeans-li2-3"]
ARABS = ["arabs-lc2-1", "arabs-lc2-2", "arabs-lc2-3", "arabs-lc2-4"]


def _play(pos: Position, country: str, card: int) -> None:
    """`country` (played by its own role) plays `card` as an event; nobody answers with Counter Measures."""
    give_card(pos, country, card)
    top_impulse = next(f for f in reversed(pos.state["stack"]) if f["step"] == "impulse")
    top_impulse["cards"] = []  # a fresh impulse for each card of the test
    pos.act(country, f"card:{card}:event")
    while pos.state["stack"][-1]["step"] == "window":
        pos.act(active_role(pos), "pass")


def _pool(pos: Position, country: str) -> list[str]:
    return sorted(ctx(pos).pieces_at(f"merc:{country}"))


def test_10_1_card_40_puts_the_aramaeans_into_the_mercenary_pool() -> None:
    pos = start()
    set_ap(pos, 10)
    _play(pos, "assyria", 40)
    assert ap_left(pos) == 7  # the event costs 3 AP
    assert set(ARAMAEANS) <= set(_pool(pos, "assyria"))
    pos.assert_logged(rule="6.11.j", key="aw.nomad_merc.joined", country="assyria", nation="aramaeans", card=40)
    terms = effects_of(ctx(pos), "nomad_mercenaries")
    assert [(t["nation"], t["by"], t["exclusive"], t["disband"]) for t in terms] == [
        ("aramaeans", "assyria", True, False)]


def test_10_1_card_40_no_other_mercenary_of_the_pool_while_aramaeans_can_be_hired() -> None:
    pos = start()
    set_ap(pos, 20)
    orange = next(p for p in _pool(pos, "assyria") if p.startswith("merc-"))
    _play(pos, "assyria", 40)
    hires = [i for i in pos.ids("assyria") if i.startswith("hire:")]
    assert hires and all(i.startswith("hire:aramaeans-") for i in hires)
    pos.assert_illegal("assyria", f"hire:{orange}", rule="10.1")
    spent = ap_left(pos)
    for pid in ARAMAEANS:
        pos.act("assyria", f"hire:{pid}")
        pos.act("assyria", pos.ids("assyria")[0])
        assert pos.state["pieces"][pid]["hired"] == "assyria"
    assert ap_left(pos) == spent - 5  # ½ AP per strength point (6.2)
    assert f"hire:{orange}" in pos.ids("assyria")  # all hired: the rest of the pool again


def test_5_1_aramaeans_stay_arabs_are_disbanded() -> None:
    pos = start(standing_army=False)
    set_ap(pos, 20)
    _play(pos, "assyria", 40)
    _play(pos, "assyria", 41)
    put(pos, "aramaeans-li2-1", "nineveh", hired="assyria")
    put(pos, "arabs-lc2-1", "nineveh", hired="assyria")
    initiate_turn(ctx(pos))
    assert loc(pos, "aramaeans-li2-1") == "nineveh" and loc(pos, "aramaeans-li2-2") == "merc:assyria"
    assert all(loc(pos, p) == "gamepool" for p in ARABS)
    assert pos.state["pieces"]["arabs-lc2-1"]["hired"] is None


def test_10_1_an_eliminated_aramaean_goes_to_the_game_pool_and_is_never_drawn_at_random() -> None:
    pos = start()
    set_ap(pos, 10)
    _play(pos, "assyria", 40)
    put(pos, "aramaeans-li2-1", "nineveh", hired="assyria")
    c = ctx(pos)
    eliminate(c, "aramaeans-li2-1", "6.7.4")
    assert loc(pos, "aramaeans-li2-1") == "gamepool"
    draw_mercenaries(c, "babylonia", 60, "5.1")  # every orange mercenary of the game pool
    assert loc(pos, "aramaeans-li2-1") == "gamepool"


def test_10_1_card_40_played_again_the_survivors_leave_the_game() -> None:
    pos = start()
    set_ap(pos, 10)
    _play(pos, "assyria", 40)
    put(pos, "aramaeans-li2-1", "nineveh", hired="assyria")
    put(pos, "aramaeans-li2-2", "kalhu", hired="assyria")
    eliminate(ctx(pos), "aramaeans-li2-2", "6.7.4")
    phasing(pos, "babylonia")
    set_ap(pos, 10)
    _play(pos, "babylonia", 40)
    pos.assert_logged(rule="6.11.j", key="aw.nomad_merc.removed", nation="aramaeans")
    assert loc(pos, "aramaeans-li2-1") == "dead" and loc(pos, "aramaeans-lc2-1") == "dead"
    assert loc(pos, "aramaeans-li2-2") == "merc:babylonia"
    terms = effects_of(ctx(pos), "nomad_mercenaries")
    assert [(t["nation"], t["by"]) for t in terms] == [("aramaeans", "babylonia")]


def test_6_11_card_40_is_refused_while_every_aramaean_is_in_play() -> None:
    pos = start()
    set_ap(pos, 10)
    _play(pos, "assyria", 40)
    phasing(pos, "babylonia")
    set_ap(pos, 10)
    give_card(pos, "babylonia", 40)
    top(pos)["cards"] = []
    assert "card:40:event" not in pos.ids("babylonia")
    pos.assert_illegal("babylonia", "card:40:event", rule="6.11")


def test_6_6_1_the_arabs_of_card_41_suffer_no_desert_attrition() -> None:
    pos = start(special_abilities=False)
    set_ap(pos, 10)
    _play(pos, "assyria", 41)
    arab = put(pos, "arabs-lc2-1", "suhu", hired="assyria")
    merc = put(pos, "merc-lc2-1", "suhu", hired="assyria")
    pos.fix_dice(6, 6)
    crossing_attrition(ctx(pos), [arab, merc], "suhu", "arabian_desert")
    assert pos.dice_left() == [6]  # one die: the orange light cavalry's (no 9.7 here)
    rolled = pos.assert_logged(rule="6.6.1", key="dice")
    assert rolled["params"]["pieces"] == [merc]


def test_9_6_nomad_mercenaries_are_never_sold() -> None:
    pos = start()
    set_ap(pos, 10)
    for pid in ARAMAEANS:
        pos.state["pieces"][pid]["loc"] = "merc:babylonia"
    buys = [i for i in pos.ids("assyria") if i.startswith("buy_merc:babylonia:")]
    assert buys and not any("aramaeans" in i for i in buys)


def test_10_1_reduced_nomad_mercenaries_are_not_rebuilt() -> None:
    pos = start()
    set_ap(pos, 10)
    _play(pos, "assyria", 40)
    put(pos, "aramaeans-li2-1", "nineveh", hired="assyria", red=True)
    put(pos, "merc-li2-1", "nineveh", hired="assyria", red=True)
    rebuild = [i for i in pos.ids("assyria") if i.startswith("rebuild:")]
    assert "rebuild:merc-li2-1" in rebuild and "rebuild:aramaeans-li2-1" not in rebuild
