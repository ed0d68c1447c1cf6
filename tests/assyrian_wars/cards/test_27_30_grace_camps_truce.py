"""Cards 27-30 (6.11.f): Opposing Party Takes Command and Priests of Marduk end grace periods and let a power
change camp at once with a free declaration of war (7.1, 7.4.1); Incite Hostilities sets Elam and Persia
against each other (7.1, 7.4.2); Marduk's Assyrian Followers keep the peace between Assyria and Babylonia
while the card lies face up."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.course import events
from ashur.games.assyrian_wars.rules.course.card_effects import play_frame, refusal
from ashur.games.assyrian_wars.rules.politics.conquest_effects import conquer
from ashur.games.assyrian_wars.rules.politics.war import can_declare
from tests.assyrian_wars.cards.diplomacy_kit import act, ctx_of, deciding, play, ready, role, setup, top
from tests.assyrian_wars.politicskit import run


def _why(pos, number: int, country: str) -> str | None:  # type: ignore[no-untyped-def]
    ctx = ctx_of(pos)
    return refusal(ctx, play_frame(ctx, number, country, top(pos)), ctx.card(number).effect)


def test_27_opposing_party_ends_the_grace_period_and_the_power_changes_camp_at_once() -> None:
    """Elam, conquered by Assyria, is protected by its grace period; Egypt plays the card on Elam: the
    grace period ends and Elam declares war on Assyria without AP cost, joining the rebels (7.4.1)."""
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "elam", ["assyria"], "7.1"))
    assert pos.state["conquered"]["elam"] and pos.state["countries"]["elam"]["camp"] is None
    assert not can_declare(ctx_of(pos), "elam", "assyria")[0]
    ready(pos, "egypt", 10, 27)
    play(pos, "egypt", 27)
    pos.assert_logged(rule="6.11", key="aw.spend", country="egypt", ap=3, what="event", card=27)
    assert top(pos)["step"] == "card_pick" and "pick:elam" in pos.ids("egypt")
    pos.act("egypt", "pick:elam")
    pos.assert_logged(rule="7.1", key="aw.grace_cancelled", country="elam", conqueror="assyria")
    assert not pos.state["conquered"].get("elam")
    assert deciding(pos) == role(pos, "elam")
    assert pos.ids("elam") == ["pick:assyria", "pick:babylonia", "pick:none"]
    pos.act("elam", "pick:assyria")
    pos.assert_logged(rule="7.4.1", key="aw.card_free_war", country="elam", target="assyria", card=27)
    assert ctx_of(pos).at_war("elam", "assyria")
    assert pos.state["countries"]["elam"]["camp"] == "rebel"
    assert "elam" not in pos.state["camp_change_allowed"]


def test_28_priests_of_marduk_babylonia_leaves_the_rebels_for_assyria() -> None:
    pos = setup()
    assert pos.state["countries"]["babylonia"]["camp"] == "rebel"
    ready(pos, "assyria", 10, 28)
    play(pos, "assyria", 28)
    pos.assert_logged(rule="7.4.1", key="aw.camp_change_allowed", country="babylonia")
    assert deciding(pos) == "babylonia" and pos.ids("babylonia") == ["pick:elam", "pick:none"]
    pos.act("babylonia", "pick:elam")
    assert top(pos)["step"] == "ask" and top(pos)["kind"] == "camp_assyria"
    pos.act("assyria", "camp_assyria:accept")
    assert pos.state["countries"]["babylonia"]["camp"] == "assyrian"
    assert ctx_of(pos).at_war("babylonia", "elam") and not ctx_of(pos).at_war("babylonia", "assyria")


def test_28_babylonia_may_keep_its_camp() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 28)
    play(pos, "assyria", 28)
    pos.act("babylonia", "pick:none")
    pos.assert_logged(rule="7.4.1", key="aw.card_camp_kept", country="babylonia")
    assert pos.state["countries"]["babylonia"]["camp"] == "rebel"
    assert not can_declare(ctx_of(pos), "babylonia", "elam")[0]  # the change was allowed at once only


def test_29_incite_hostilities_ends_the_grace_period_and_elam_declares_war_for_free() -> None:
    pos = setup()
    run(pos, lambda ctx: conquer(ctx, "persia", ["elam"], "7.1"))
    assert not can_declare(ctx_of(pos), "elam", "persia")[0]
    ready(pos, "babylonia", 10, 29)
    play(pos, "babylonia", 29)
    pos.assert_logged(rule="7.1", key="aw.grace_cancelled", country="persia", conqueror="elam")
    assert top(pos)["step"] == "ask" and top(pos)["kind"] == "card_war" and top(pos)["who"] == "elam"
    pos.act("elam", "card_war:declare")
    pos.assert_logged(rule="7.4.2", key="aw.card_free_war", country="elam", target="persia", card=29)
    assert ctx_of(pos).at_war("elam", "persia")
    assert not any(e["params"].get("what") == "declaration_of_war" for e in pos.logged(key="aw.spend"))


def test_29_not_when_elam_and_persia_are_at_war() -> None:
    pos = setup()
    pos.state["wars"].append(["elam", "persia"])
    ready(pos, "babylonia", 10, 29)
    assert "card:29:event" not in pos.ids("babylonia")
    pos.assert_illegal("babylonia", "card:29:event", rule="6.11")
    assert _why(pos, 29, "babylonia") == "elam and persia are already at war (7.4.2)"


def _neutral_babylonia(pos) -> None:  # type: ignore[no-untyped-def]
    pos.state["countries"]["babylonia"]["camp"] = None
    pos.state["wars"] = [w for w in pos.state["wars"] if "babylonia" not in w]


def test_30_marduks_followers_keep_the_peace_while_face_up() -> None:
    pos = setup()
    _neutral_babylonia(pos)
    assert can_declare(ctx_of(pos), "assyria", "babylonia")[0]
    ready(pos, "assyria", 20, 30)
    play(pos, "assyria", 30)
    pos.assert_logged(rule="6.11.f", key="aw.card_truce", a="assyria", b="babylonia")
    assert {"card": 30, "by": "assyria"} in pos.state["faceup"]
    assert "dow:babylonia" not in pos.ids("assyria")
    pos.assert_illegal("assyria", "dow:babylonia", rule="6.11.f")
    assert can_declare(ctx_of(pos), "babylonia", "assyria")[1:] == ("a card in effect forbids this war for the turn",
                                                                    "6.11.f")
    act(pos, "assyria", "end")
    assert pos.state["truces"] == [["assyria", "babylonia"]]  # this turn, not this impulse

    def next_turn(ctx) -> None:  # type: ignore[no-untyped-def]
        events._turn_start(ctx)
        from ashur.games.assyrian_wars.cards.political import sync_truces

        sync_truces(ctx)

    run(pos, next_turn)
    assert pos.state["truces"] == [] and 30 in pos.state["discard"] and not pos.state["faceup"]
    pos.assert_logged(rule="6.11.f", key="aw.card_expired", card=30)


def test_30_not_between_countries_at_war_nor_by_others() -> None:
    pos = setup()
    ready(pos, "babylonia", 10, 30)
    assert "card:30:event" not in pos.ids("babylonia")
    assert _why(pos, 30, "babylonia") == "the card keeps a peace: assyria and babylonia are at war (6.11.f)"
    _neutral_babylonia(pos)
    ready(pos, "egypt", 10, 30)
    assert "card:30:event" not in pos.ids("egypt")  # Assyria or Babylonia only
    ready(pos, "babylonia", 10, 30)
    assert "card:30:event" in pos.ids("babylonia")
