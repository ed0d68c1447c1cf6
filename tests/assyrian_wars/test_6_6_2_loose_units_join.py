"""Glossary "Army", 6.6.2: a single unit may not stay beside a leader of its country who has room for it;
when several leaders have room, the owner chooses which army it joins (in his own impulse)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.base.forces import army_units, tidy_or_ask
from tests.assyrian_wars.landkit import advance, army, ctx, put, set_ap, start, top


def _two_armies(pos):  # type: ignore[no-untyped-def]
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-hi4-2"])
    set_ap(pos, 20)


def test_6_6_2_a_unit_built_beside_two_armies_joins_the_one_its_owner_chooses() -> None:
    pos = start(special_abilities=False)
    _two_armies(pos)
    pos.act("assyria", "build:assyria-li3-1")
    if "at:kalhu" in pos.ids("assyria"):
        pos.act("assyria", "at:kalhu")
    assert top(pos)["step"] == "loose_join"
    # the default first: the first leader in id order, as the glossary rule placed it before
    assert pos.ids("assyria") == ["loose:assyria-li3-1:assyria-rab_shaqe", "loose:assyria-li3-1:assyria-turtanu"]
    assert pos.game.view(pos.state, "assyria")["prompt"]["key"] == "aw.prompt.loose_join"
    pos.act("assyria", "loose:assyria-li3-1:assyria-turtanu")
    c = ctx(pos)
    assert sorted(army_units(c, "assyria-turtanu")) == ["assyria-hi4-1", "assyria-li3-1"]
    pos.assert_logged(rule="6.6.2", key="aw.loose_joined", piece="assyria-li3-1", leader="assyria-turtanu")


def test_6_6_2_one_leader_with_room_takes_the_unit_without_a_question() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    put(pos, "assyria-li3-1", "kalhu")
    c = ctx(pos)
    tidy_or_ask(c, "kalhu", "assyria")
    advance(pos)
    assert top(pos)["step"] != "loose_join"
    assert pos.state["pieces"]["assyria-li3-1"]["army"] == "assyria-turtanu"


def test_6_6_2_outside_the_owners_impulse_the_first_leader_takes_the_unit() -> None:
    pos = start(special_abilities=False)
    army(pos, "babylonia-nabu_zer_kitti_lishir", "nippur", ["babylonia-li2-1"])
    army(pos, "babylonia-nabu_bel_shumati", "nippur", ["babylonia-li2-2"])
    put(pos, "babylonia-li2-3", "nippur")
    tidy_or_ask(ctx(pos), "nippur", "babylonia")  # Assyria's impulse
    assert top(pos)["step"] != "loose_join"
    assert pos.state["pieces"]["babylonia-li2-3"]["army"] == "babylonia-nabu_bel_shumati"


def test_6_6_2_without_player_choices_the_first_leader_takes_the_unit() -> None:
    pos = start(special_abilities=False, player_choices=False)
    _two_armies(pos)
    pos.act("assyria", "build:assyria-li3-1")
    if "at:kalhu" in pos.ids("assyria"):
        pos.act("assyria", "at:kalhu")
    assert top(pos)["step"] != "loose_join"
    assert pos.state["pieces"]["assyria-li3-1"]["army"] == "assyria-rab_shaqe"


def test_9_5_6_6_2_asking_or_not_shows_a_fogged_armys_room_so_it_counts_a_reveal() -> None:
    """Whether two leaders have room for a single unit (and so whether its owner is asked) can hang on the
    hidden make-up of a full-looking fogged army (regulars and mercenaries count apart, 6.6.2). Acting on
    that answer shows it on the map, so it counts as a reveal (9.5; found by fuzz, campaign seed
    166119039705772, where the unit's joining differed with the army's scrambled make-up)."""
    pos = start(special_abilities=False)
    # Turtanu (command 6) leads six regulars: no room; with a mercenary among them he would have room
    army(pos, "assyria-turtanu", "kalhu", [f"assyria-hi4-{i}" for i in range(1, 7)])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-li3-2"])
    put(pos, "assyria-li3-1", "kalhu")
    before = pos.state.get("reveals", 0)
    tidy_or_ask(ctx(pos), "kalhu", "assyria")
    assert pos.state.get("reveals", 0) > before
    assert top(pos)["step"] != "loose_join"
    assert pos.state["pieces"]["assyria-li3-1"]["army"] == "assyria-rab_shaqe"


def test_9_5_6_6_2_armies_whose_room_their_size_settles_show_nothing() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1"])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-li3-2"])
    put(pos, "assyria-li3-1", "kalhu")
    before = pos.state.get("reveals", 0)
    tidy_or_ask(ctx(pos), "kalhu", "assyria")
    assert pos.state.get("reveals", 0) == before


def test_9_5_6_6_2_after_a_choice_whether_the_owner_is_asked_again_counts_a_reveal() -> None:
    """After a single unit joins the army its owner chose, whether the owner is asked again for the next
    single unit (or it joins the one leader with room) can hang on the hidden make-up of the chosen army,
    now one unit fuller (regulars and mercenaries count apart, 6.6.2): acting on it shows that on the map,
    so it counts as a reveal (9.5; found by fuzz, Rise and Fall seed 76097168075854)."""
    pos = start(special_abilities=False)
    # Turtanu (command 6) leads five regulars: room for one more regular, then full
    army(pos, "assyria-turtanu", "kalhu", [f"assyria-hi4-{i}" for i in range(1, 6)])
    army(pos, "assyria-rab_shaqe", "kalhu", ["assyria-li3-2"])
    put(pos, "assyria-li3-1", "kalhu")
    put(pos, "assyria-li3-3", "kalhu")
    set_ap(pos, 20)
    tidy_or_ask(ctx(pos), "kalhu", "assyria")
    advance(pos)
    assert top(pos)["step"] == "loose_join"
    before = pos.state.get("reveals", 0)
    pos.act("assyria", "loose:assyria-li3-1:assyria-turtanu")
    assert pos.state.get("reveals", 0) > before
    # Turtanu is full now: the last single unit joins Rab-shaqe without a question
    assert top(pos)["step"] != "loose_join"
    assert pos.state["pieces"]["assyria-li3-3"]["army"] == "assyria-rab_shaqe"
