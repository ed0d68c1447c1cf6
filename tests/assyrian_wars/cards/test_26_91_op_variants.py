"""The variants of the group's effect operations that no printed card uses yet (content/effects.py): a
marker moved down another power's row only (6.9), a free declaration on a country of the player's choice
(7.4.2), a revolt in a city of any other power (7.5.2.d), a card taken by choice after looking (6.11.g)."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.content.effects import DeclareWar, MoveDiplomaticMarker, Revolt, TakeCard
from ashur.games.assyrian_wars.rules import FLOW
from ashur.games.assyrian_wars.rules.course.card_effects import OPS, play_frame
from ashur.testing import Position
from tests.assyrian_wars.cards.diplomacy_kit import ctx_of, ready, setup, top


def _run(pos: Position, number: int, country: str, o: Any, **vars_: Any) -> None:
    """Carry out operation `o` as card `number` of `country` would, in an effects frame of its own."""
    ctx = ctx_of(pos)
    frame = play_frame(ctx, number, country, top(pos))
    frame.update(step="effects", path=[], i=len(ctx.card(number).effect), vars=dict(vars_))
    pos.state["stack"].append(frame)
    assert OPS[o.op].check is None or OPS[o.op].check(ctx, frame, o) is None
    OPS[o.op].run(ctx, frame, o)
    FLOW.advance(ctx, pos.state)


def test_6_9_down_another_powers_row_only() -> None:
    pos = setup()
    ready(pos, "babylonia", 10)
    pos.fix_dice(6)
    o = MoveDiplomaticMarker(op="move_diplomatic_marker", subjects=("judah",), dice={"n": 1, "d": 6},
                             direction="down_other")
    _run(pos, 90, "babylonia", o)
    assert (pos.state["diplo"]["judah"]["power"], pos.state["diplo"]["judah"]["value"]) == ("assyria", 2)


def test_7_4_2_a_free_declaration_on_a_country_of_the_players_choice() -> None:
    pos = setup()
    ready(pos, "egypt", 10)
    _run(pos, 29, "egypt", DeclareWar(op="declare_war", between="self_and_target", free=True))
    assert top(pos)["step"] == "card_pick" and "pick:assyria" in pos.ids("egypt")
    pos.act("egypt", "pick:assyria")
    assert ctx_of(pos).at_war("egypt", "assyria")
    assert top(pos)["spent2"] == 0


def test_7_5_2_d_a_revolt_in_a_city_of_any_other_power() -> None:
    pos = setup()
    ready(pos, "egypt", 10)
    _run(pos, 84, "egypt", Revolt(op="revolt", target="city_of_target_power"))
    assert "pick:nippur" in pos.ids("egypt") and "pick:thebes" not in pos.ids("egypt")
    pos.act("egypt", "pick:nippur")
    assert pos.state["areas"]["nippur"]["revolt"]


def test_6_11_g_a_card_taken_by_choice() -> None:
    pos = setup()
    ready(pos, "assyria", 10)
    _run(pos, 26, "assyria", TakeCard(op="take_card", count=1, random=False, give_back=0), target="egypt")
    assert top(pos)["step"] == "card_pick" and top(pos)["options"] == []
    offered = pos.ids("assyria")
    assert "pick:108" in offered and "pick:6" not in offered  # never a home card
    pos.act("assyria", "pick:108")
    assert 108 in pos.state["countries"]["assyria"]["hand"] and 108 not in pos.state["countries"]["egypt"]["hand"]
