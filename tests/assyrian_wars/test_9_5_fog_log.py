"""9.5 fog of war in the log: entries naming facts of a fogged force go to its owner; the other roles read a
public entry with only what the map shows. Also 6.6.10: the evasion dice name their destination."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.game import GAME
from tests.assyrian_wars.landkit import army, phasing, put, set_ap, start


def _seen(pos: Any, role: str, key: str, **params: Any) -> list[dict[str, Any]]:
    return [e for _, e in GAME.visible_log(pos.state, role) if e["key"] == key
            and all(e["params"].get(k) == v for k, v in params.items())]


def _attack_kalhu(pos: Any) -> None:
    army(pos, "babylonia-nabu_zer_kitti_lishir", "arbela", ["babylonia-li2-1", "babylonia-li2-2"])
    phasing(pos, "babylonia")
    set_ap(pos, 5)
    pos.act("babylonia", "move:babylonia-nabu_zer_kitti_lishir", "to:kalhu")


def test_9_5_a_fogged_move_tells_the_number_of_units_to_its_owner_only() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    assert _seen(pos, "babylonia", "aw.moved", area="kalhu", n=2)
    assert not _seen(pos, "assyria", "aw.moved")
    assert _seen(pos, "assyria", "aw.moved_public", area="kalhu", n=3)


def test_9_5_attrition_dice_and_reductions_of_a_fogged_force_are_its_owners() -> None:
    pos = start(special_abilities=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(3, 2, 6, 1)  # the hasty evasion succeeds; one attrition hit
    pos.act("assyria", "evade_hasty:nineveh")
    for c in ("assyria", "babylonia"):
        assert _seen(pos, c, "aw.evasion_roll", dest="nineveh") and _seen(pos, c, "dice", why="aw.why.evasion")
    assert _seen(pos, "assyria", "dice", why="aw.why.hasty")
    assert not _seen(pos, "babylonia", "dice", why="aw.why.hasty")
    assert not _seen(pos, "observer", "dice", why="aw.why.hasty")
    assert _seen(pos, "babylonia", "aw.attrition", country="assyria", why="aw.why.hasty")
    if any(e["key"] == "aw.reduced" for e in pos.log):
        assert _seen(pos, "assyria", "aw.reduced") and not _seen(pos, "babylonia", "aw.reduced")


def test_9_5_without_fog_of_war_the_details_are_public() -> None:
    pos = start(special_abilities=False, fog_of_war=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(3, 2, 6, 1)
    pos.act("assyria", "evade_hasty:nineveh")
    assert _seen(pos, "babylonia", "dice", why="aw.why.hasty")
    assert _seen(pos, "assyria", "aw.moved", area="kalhu", n=2)
    assert not _seen(pos, "assyria", "aw.attrition") and not _seen(pos, "assyria", "aw.moved_public")


def test_6_6_10_the_evasion_dice_name_their_destination() -> None:
    """Issue item 7: the destination was passed as the entry's reader list (letter by letter)."""
    pos = start(special_abilities=False, fog_of_war=False)
    army(pos, "assyria-turtanu", "kalhu", ["assyria-hi4-1", "assyria-li3-1"])
    _attack_kalhu(pos)
    pos.fix_dice(6, 5)
    pos.act("assyria", "evade:nineveh")
    rolls = [e for e in pos.log if e["key"] == "dice" and e["params"]["why"] == "aw.why.evasion"]
    assert rolls and rolls[-1]["params"]["dest"] == "nineveh" and "to" not in rolls[-1]
    assert _seen(pos, "observer", "dice", why="aw.why.evasion", dest="nineveh")


def test_9_5_the_ship_carrying_a_fogged_piece_is_hidden_in_the_view() -> None:
    pos = start()
    put(pos, "babylonia-li2-1", "nippur")
    pos.state["pieces"]["babylonia-li2-1"].update(loc="sea:persian_gulf", aboard="babylonia-ship-1")
    view = GAME.view(pos.state, "assyria")
    assert "aboard" not in view["pieces"].get("babylonia-li2-1", {})
    assert GAME.view(pos.state, "babylonia")["pieces"]["babylonia-li2-1"]["aboard"] == "babylonia-ship-1"


def test_9_5_the_armies_of_a_fogged_army_group_are_hidden_in_the_view() -> None:
    pos = start()
    pos.state["groups"] = {"ag1": {"owner": "babylonia", "commander": "babylonia-nabu_zer_kitti_lishir",
                                   "armies": ["babylonia-nabu_bel_shumati"], "card": 1}}
    assert "armies" not in GAME.view(pos.state, "assyria")["groups"]["ag1"]
    assert GAME.view(pos.state, "babylonia")["groups"]["ag1"]["armies"] == ["babylonia-nabu_bel_shumati"]
