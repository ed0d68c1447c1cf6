"""35 Pharaoh Takes Action (6.11: a card of two types, move or draw pile; 6.11.g, 6.11.h): either one
Egyptian army marches four areas without AP cost and cannot be intercepted on them, or Egypt draws two
cards and discards one."""

from __future__ import annotations

from ashur.testing import Position
from tests.assyrian_wars.landkit import ap_left, army, give_card, loc, phasing, set_ap, start, top, war

PHARAOH = 35


def pass_windows(pos: Position) -> None:
    """Every country asked in a card window plays no card (minors answer through their players' roles)."""
    while pos.state["stack"][-1]["step"] == "window":
        pos.act(pos.game.active(pos.state)[0], "pass")


def _egypt(ap: float = 1) -> Position:
    pos = start("campaign", special_abilities=False)
    phasing(pos, "egypt")
    army(pos, "egypt-reu", "memphis", ["egypt-hi3-1", "egypt-li2-1"])
    give_card(pos, "egypt", PHARAOH)
    set_ap(pos, ap)
    return pos


def _play(pos: Position) -> None:
    pos.act("egypt", f"card:{PHARAOH}:event")
    pass_windows(pos)


def test_6_11_35_two_types_offer_move_or_draw() -> None:
    pos = _egypt()
    _play(pos)
    assert top(pos)["step"] == "choose_option"
    assert pos.ids("egypt") == ["option:0", "option:1"]
    pos.assert_logged(rule="6.11", key="aw.card_event", card=PHARAOH, card_rule="6.11.h")


def test_6_11_h_35_march_four_areas_free_and_not_intercepted() -> None:
    pos = _egypt()
    army(pos, "assyria-turtanu", "sinai", ["assyria-hi4-1"])  # next to Bubastis and Pelusium
    war(pos, "assyria", "egypt")
    _play(pos)
    pos.act("egypt", "option:0", "force:egypt-reu")
    pos.assert_logged(rule="6.11.h", key="aw.card_option", option="Move")
    assert ap_left(pos) == 0  # the event cost 1 AP (6.11)
    pos.act("egypt", "move:egypt-reu")
    for area in ("heliopolis", "bubastis", "tanis", "pelusium"):
        offered = {a["id"]: a["params"]["ap"] for a in pos.actions("egypt") if a["id"].startswith("to:")}
        assert offered[f"to:{area}"] == 0
        pos.act("egypt", f"to:{area}")
        pass_windows(pos)
        assert pos.game.active(pos.state) == ["egypt"], "nobody is asked to intercept (6.6.9)"
    pos.assert_logged(rule="6.6.9", key="aw.moves.no_interception", card=PHARAOH, area="bubastis")
    pos.assert_logged(rule="6.11.h", key="aw.moves.free_step", area="pelusium", left=0)
    assert loc(pos, "egypt-hi3-1") == "pelusium"
    assert not [a for a in pos.ids("egypt") if a.startswith("to:")], "the fifth area costs APs again"


def test_6_11_h_35_the_march_needs_an_egyptian_army() -> None:
    pos = start("campaign", special_abilities=False)
    phasing(pos, "egypt")
    give_card(pos, "egypt", PHARAOH)
    set_ap(pos, 1)
    _play(pos)
    assert top(pos)["step"] == "choose_option" and pos.ids("egypt") == ["option:1"]


def test_6_11_g_35_draw_two_and_discard_one_never_a_home_card() -> None:
    pos = _egypt()
    a, b = pos.state["deck"][:2]
    pos.fix_draws(a, b)
    _play(pos)
    pos.act("egypt", "option:1")
    pos.assert_logged(rule="6.11.g", key="aw.card_option", option="Draw")  # played as a draw pile card
    pos.assert_logged(rule="6.11.g", key="aw.draw", country="egypt", n=2)
    hand = pos.state["countries"]["egypt"]["hand"]
    assert a in hand and b in hand
    ids = pos.ids("egypt")
    assert f"discard:{a}" in ids and f"discard:{b}" in ids
    assert not [i for i in ids if int(i.split(":")[1]) <= 18], "home cards are never discarded (2.3)"
    pos.act("egypt", f"discard:{b}")
    pos.assert_logged(rule="6.11.g", key="aw.moves.discarded", country="egypt", card=b)
    assert b in pos.state["discard"] and a in pos.state["countries"]["egypt"]["hand"]
    assert top(pos)["step"] == "impulse"


def test_6_11_35_only_egypt_plays_it() -> None:
    pos = start("campaign", special_abilities=False)
    army(pos, "assyria-turtanu", "nineveh", ["assyria-hi4-1"])
    give_card(pos, "assyria", PHARAOH)
    set_ap(pos, 5)
    assert f"card:{PHARAOH}:event" not in pos.ids("assyria")
    pos.assert_illegal("assyria", f"card:{PHARAOH}:event", rule="6.11")


# --- the draw pile operations beyond card 35 (6.11.g), through their handlers ----------------------------
def _frame(pos: Position, c: str, **vars_: object) -> dict:
    return {"card": PHARAOH, "c": c, "how": "impulse", "trigger": None, "context": {}, "vars": dict(vars_)}


def test_6_11_g_discard_from_every_other_power_at_random_never_home_cards() -> None:
    from ashur.games.assyrian_wars.content.effects import DiscardFrom
    from ashur.games.assyrian_wars.rules.course.card_effects import OPS
    from tests.assyrian_wars.landkit import ctx

    pos = start("campaign", special_abilities=False)
    before = {c: list(pos.state["countries"][c]["hand"]) for c in ("assyria", "mede", "egypt", "babylonia", "elam")}
    c = ctx(pos)
    OPS["discard_from"].run(c, _frame(pos, "assyria"), DiscardFrom(op="discard_from", whose="each_other_power",
                                                                   count=1, chooser="random"))
    assert pos.state["countries"]["assyria"]["hand"] == before.pop("assyria"), "not the card player's own"
    for cid, hand in before.items():
        gone = [n for n in hand if n not in pos.state["countries"][cid]["hand"]]
        assert len(gone) == 1 and not content_home(gone[0]) and gone[0] in pos.state["discard"]
        pos.assert_logged(rule="6.11.g", key="aw.moves.discarded", country=cid, card=gone[0])


def test_6_11_g_the_card_player_discards_from_a_target_hand_and_draws_from_the_discard_pile() -> None:
    from ashur.games.assyrian_wars.content.effects import DiscardFrom, DrawCards
    from ashur.games.assyrian_wars.rules import FLOW
    from ashur.games.assyrian_wars.rules.course.card_effects import OPS
    from tests.assyrian_wars.landkit import ctx

    pos = start("campaign", special_abilities=False)
    c = ctx(pos)
    frame = _frame(pos, "assyria", target="egypt")
    OPS["discard_from"].run(c, frame, DiscardFrom(op="discard_from", whose="target", count=1, chooser="card_player"))
    FLOW.advance(c, pos.state)
    assert pos.game.active(pos.state) == ["assyria"]
    choice = pos.ids("assyria")[0]
    card = int(choice.split(":")[1])
    assert card in pos.state["countries"]["egypt"]["hand"] and not content_home(card)
    pos.act("assyria", choice)
    assert card in pos.state["discard"]
    c = ctx(pos)
    OPS["draw_cards"].run(c, frame, DrawCards(op="draw_cards", count=1, source="discard_pile", who="target"))
    assert card in pos.state["countries"]["egypt"]["hand"]
    pos.assert_logged(rule="6.11.g", key="aw.moves.took_discard", country="egypt", card=card)


def content_home(number: int) -> bool:
    from ashur.games.assyrian_wars.game import content

    return content().cards[number].kind == "home"
