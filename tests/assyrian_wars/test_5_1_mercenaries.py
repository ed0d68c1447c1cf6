"""5.1 and 9.4: mercenaries disbanded at the start of a turn; Assyria keeps and re-hires its own."""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.course.mercenaries import initiate_turn
from ashur.testing import Position
from tests.assyrian_wars.helpers import run_until, top


def _hire(pos: Position, country: str, area: str, n: int) -> list[str]:
    ctx = Ctx(pos.state, content())
    mercs = ctx.pieces_at(f"merc:{country}")[:n]
    for pid in mercs:
        ctx.move_piece(pid, area)
        pos.state["pieces"][pid]["hired"] = country
    return mercs


def test_5_1_mercenaries_disbanded_but_assyria_keeps_its_own() -> None:
    pos = Position.setup(GAME, "two_rivers", 3)
    kept = _hire(pos, "assyria", "nineveh", 3)
    babylonian = _hire(pos, "babylonia", "babylon", 2)
    ctx = Ctx(pos.state, content())
    initiate_turn(ctx)
    assert all(pos.state["pieces"][p]["loc"] == "nineveh" and pos.state["pieces"][p].get("kept") for p in kept)
    assert all(pos.state["pieces"][p]["loc"] in ("gamepool", "merc:babylonia", "merc:elam") for p in babylonian)
    assert all(pos.state["pieces"][p]["hired"] is None for p in babylonian)
    assert len(ctx.pieces_at("merc:babylonia")) == 4 and len(ctx.pieces_at("merc:elam")) == 4
    assert not ctx.pieces_at("merc:assyria"), "Assyria gets its new mercenaries in its first impulse"


def test_5_1_without_standing_army_assyria_disbands_too() -> None:
    pos = Position.setup(GAME, "two_rivers", 3, {"standing_army": False})
    kept = _hire(pos, "assyria", "nineveh", 2)
    initiate_turn(Ctx(pos.state, content()))
    assert all(pos.state["pieces"][p]["loc"] == "gamepool" for p in kept)


def test_9_4_assyria_rehires_in_its_first_impulse_and_gets_eight_minus_kept() -> None:
    pos = Position.setup(GAME, "two_rivers", 3, {"sudden_end": False})
    kept = _hire(pos, "assyria", "nineveh", 3)
    for p in Ctx(pos.state, content()).pieces_at("merc:assyria"):
        pos.state["pieces"][p]["loc"] = "gamepool"
    run_until(pos, lambda p: p.state["turn"] == 3 and top(p)["step"] == "impulse" and top(p)["c"] == "assyria"
              and top(p)["phase"] == "main")
    ctx = Ctx(pos.state, content())
    assert len(ctx.pieces_at("merc:assyria")) == 8 - 3
    rehire = [i for i in pos.ids("assyria") if i.startswith("rehire:")]
    assert rehire, "kept mercenaries can be re-hired"
    pid = rehire[0].split(":", 1)[1]
    pos.act("assyria", rehire[0])
    pos.assert_logged(rule="9.4", key="aw.spend", what="rehire")
    card = next(i for i in pos.ids("assyria") if i.startswith("card:") and i.endswith(":ap"))
    pos.act("assyria", card, "end")
    assert pos.state["pieces"][pid]["loc"] == "nineveh"
    for other in kept:
        if other != pid:
            assert pos.state["pieces"][other]["loc"] != "nineveh"
    pos.assert_logged(rule="5.1", key="aw.merc_not_rehired")
