"""Cards 84 Revolt in the Provinces (7.5.2.d), 86 Gifts to the Nomads (10.1.1) and 98 Tribute Withheld (5.2),
political cards (6.11.f)."""

from __future__ import annotations

from ashur.games.assyrian_wars.cards.political import nomad_cards_expire
from ashur.games.assyrian_wars.rules.base.players import controller
from ashur.games.assyrian_wars.rules.course.card_effects import play_frame, refusal
from tests.assyrian_wars.cards.diplomacy_kit import act, ctx_of, play, ready, setup, top
from tests.assyrian_wars.politicskit import run

CIMMERIANS = ["cimmerians-hb3-1", "cimmerians-hb3-2", "cimmerians-lc3-1", "cimmerians-teushpa"]


def _why(pos, number: int, country: str) -> str | None:  # type: ignore[no-untyped-def]
    ctx = ctx_of(pos)
    return refusal(ctx, play_frame(ctx, number, country, top(pos)), ctx.card(number).effect)


def test_84_revolt_in_a_city_of_a_country_at_war_with_you() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 84)
    play(pos, "assyria", 84)
    ids = pos.ids("assyria")
    assert "pick:megiddo" in ids and "pick:nippur" in ids and "pick:anshan" in ids
    assert "pick:babylon" not in ids  # a capital
    assert not any(i in ids for i in ("pick:thebes", "pick:ellipi"))  # Egypt and the Mede are at peace with it
    pos.act("assyria", "pick:nippur")
    pos.assert_logged(rule="6.11.f", key="aw.card_revolt", country="assyria", area="nippur")
    pos.assert_logged(rule="7.5.2.d", key="aw.revolt", area="nippur", owner="babylonia")
    st = pos.state["areas"]["nippur"]
    assert st["revolt"] and st["ctrl"] is None


def test_84_not_for_a_power_at_war_with_nobody() -> None:
    pos = setup()
    ready(pos, "egypt", 10, 84)
    assert "card:84:event" not in pos.ids("egypt")
    pos.assert_illegal("egypt", "card:84:event", rule="6.11")
    assert _why(pos, 84, "egypt") == "no unoccupied city, not a capital, of a country at war with the player (7.5.2.d)"


def _cimmerians_in(pos) -> None:  # type: ignore[no-untyped-def]
    for pid in CIMMERIANS:
        p = pos.state["pieces"][pid]
        p["loc"], p["army"] = "gamir", ("cimmerians-teushpa" if pid != "cimmerians-teushpa" else None)
    pos.state["countries"]["cimmerians"]["active"] = True
    pos.state["control"]["cimmerians"] = "assyria"


def test_86_gifts_to_the_nomads_control_for_the_rest_of_the_impulse_round() -> None:
    pos = setup()
    _cimmerians_in(pos)
    ready(pos, "babylonia", 10, 86)
    play(pos, "babylonia", 86)
    pos.assert_logged(rule="10.1.1", key="aw.card_nomad_control", country="babylonia", nation="cimmerians")
    assert controller(ctx_of(pos), "cimmerians") == "babylonia"
    assert {"card": 86, "by": "babylonia"} in pos.state["faceup"]
    run(pos, nomad_cards_expire)  # the impulse round ends (then 10.1.1 rolls again)
    assert 86 in pos.state["discard"] and not pos.state["faceup"]


def test_86_not_without_a_free_tribe_on_the_map() -> None:
    pos = setup()
    ready(pos, "babylonia", 10, 86)
    assert "card:86:event" not in pos.ids("babylonia")
    assert _why(pos, 86, "babylonia") == "no tribe allied to nobody is on the map (10.1.1)"
    _cimmerians_in(pos)
    pos.state["diplo"]["cimmerians"].update(power="assyria", value=13)
    assert "card:86:event" not in pos.ids("babylonia")


def test_98_tribute_withheld_the_minor_stops_paying_and_refuses() -> None:
    """Persia pays Assyria tribute at the Campaign start, Judah too but at pro status with Assyria (5.2)."""
    pos = setup()
    ready(pos, "egypt", 10, 98)
    play(pos, "egypt", 98)
    pos.assert_logged(rule="6.11.f", key="aw.card_tribute_withheld", minor="persia", country="egypt")
    assert not any(t["payer"] == "persia" for t in pos.state["tribute"])
    assert pos.state["refused"]["persia"] == "black"
    assert any(t["payer"] == "judah" and t["to"] == "assyria" for t in pos.state["tribute"])
    pos.assert_logged(rule="5.2.2", key="aw.tribute_ended", payer="persia", receiver="assyria")


def test_98_not_by_assyria_nor_without_such_a_minor() -> None:
    pos = setup()
    ready(pos, "assyria", 10, 98)
    assert "card:98:event" not in pos.ids("assyria")
    pos.state["tribute"] = [t for t in pos.state["tribute"] if t["payer"] != "persia"]
    ready(pos, "egypt", 10, 98)
    assert "card:98:event" not in pos.ids("egypt")
    assert _why(pos, 98, "egypt") == "no minor pays Assyria tribute by a tribute check below pro status (5.2)"
    act(pos, "egypt", "card:98:ap")
