"""4.1–4.2: setup from the scenario data, force pools, random mercenaries, hands and the draw pile."""

from __future__ import annotations

import pytest

from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position


@pytest.mark.parametrize("scenario", ["campaign", "rise_and_fall", "two_rivers"])
def test_4_1_hands_and_home_cards(scenario: str) -> None:
    s = Position.setup(GAME, scenario, 2).state
    sc = content().scenarios[scenario]
    for cid, co in s["countries"].items():
        if not co["active"] or content().nations[cid].kind == "nomad":
            continue
        home = [n for n in co["hand"] if content().cards[n].kind == "home"]
        assert sorted(home) == sorted(content().home_cards(cid)), cid
        assert len(co["hand"]) - len(home) >= 0
        if cid in sc.hands:
            dealt = len(co["hand"]) - len(home)
            # the first impulse may already have been played (Assyria) — count what left the hand
            assert dealt <= sc.hands[cid]
    army_groups = {n for n, c in content().cards.items() if c.kind == "army_group"}
    assert not army_groups & set(s["deck"])


def test_4_2_random_mercenaries() -> None:
    s = Position.setup(GAME, "campaign", 5).state
    counts: dict[str, int] = {}
    for p in s["pieces"].values():
        if p["loc"].startswith("merc:"):
            counts[p["loc"][5:]] = counts.get(p["loc"][5:], 0) + 1
    assert counts["assyria"] == 8
    for power in ("mede", "egypt", "babylonia", "elam"):
        assert counts[power] == 4
    for minor in ("israel", "persia"):  # the active minors of the Campaign
        assert counts[minor] == 1
    assert "phoenicia" not in counts, "inactive minors get a mercenary only when activated (6.17)"


def test_4_1_inactive_minors_are_not_set_up() -> None:
    s = Position.setup(GAME, "campaign", 5).state
    on_map = {p["nation"] for p in s["pieces"].values() if p["loc"] in content().areas}
    assert "israel" in on_map and "persia" in on_map
    assert not {"phoenicia", "judah", "syria", "urartu", "phrygia"} & on_map


def test_4_1_samaria_siege_and_markers() -> None:
    s = Position.setup(GAME, "campaign", 5).state
    assert s["sieges"]["samaria"]["besieger"] == "assyria"
    assert s["sieges"]["samaria"]["kind"] == "hunger"
    assert ["mede", "persia"] in s["wars"]


def test_4_1_setup_is_deterministic_and_seed_dependent() -> None:
    a = Position.setup(GAME, "campaign", 11).state
    b = Position.setup(GAME, "campaign", 11).state
    c = Position.setup(GAME, "campaign", 12).state
    assert a == b
    assert a["deck"] != c["deck"]


def test_testing_hook_fixes_the_next_draws() -> None:
    """ashur.testing: fix the next draws (here the card bought in 6.18 is scripted)."""
    from ashur.games.assyrian_wars.ctx import Ctx

    pos = Position.setup(GAME, "two_rivers", 2)
    wanted = [pos.state["deck"][0], pos.state["deck"][3]]
    pos.fix_draws(*wanted)
    got = Ctx(pos.state, content()).draw("babylonia", 2, "6.18")
    assert got == wanted
