"""6.17 / 10.1 / 6.12: a minor attacked by a tribe sets up its forces, possibly where the tribe stands; the
two fight at once (10.4.f) instead of sharing the area outside its city. The save is the fuzz game that
found it (rise_and_fall: the Scythians take Musasir and Urartu sets up there)."""

from __future__ import annotations

from pathlib import Path

from ashur.core import log as corelog
from ashur.core.savefile import load
from ashur.games.assyrian_wars.game import GAME
from tests.assyrian_wars.helpers import replay_through_windows

SAVE = Path(__file__).parent / "saves" / "6_17_nomad_attacks_a_minor.ashur.json"


def test_6_17_a_minor_setting_up_beside_the_tribe_that_attacked_it_fights_it() -> None:
    problems: list[str] = []

    def check(match, index: int) -> None:  # type: ignore[no-untyped-def]
        problems.extend(f"after action {index}: {p}" for p in GAME.invariants(match.state))

    match = replay_through_windows(load(SAVE), check)
    assert problems == []
    keys = [e["key"] for e in corelog.entries(match.state)]
    attack = keys.index("aw.nomad_attacks")
    assert "aw.minor_set_up" in keys[attack:]
    assert "aw.coexistence_battle" in keys[attack:]


LEFT_BEHIND = Path(__file__).parent / "saves" / "6_17_tribe_units_left_behind.ashur.json"


def test_6_17_10_4_f_units_the_tribe_left_behind_fight_the_minor_setting_up_there() -> None:
    """The Cimmerians leave two units in Gordion and enter Dorylaion: Phrygia is attacked (6.17) and sets
    up in Gordion; the two units and the Phrygians fight at once (10.4.f). The battle step pushed while the
    entry into Dorylaion finished used to be popped in the entry's place (fuzz game, rise_and_fall)."""
    problems: list[str] = []

    def check(match, index: int) -> None:  # type: ignore[no-untyped-def]
        problems.extend(f"after action {index}: {p}" for p in GAME.invariants(match.state))

    match = replay_through_windows(load(LEFT_BEHIND), check)
    assert problems == []
    entries = corelog.entries(match.state)
    battles = [e for e in entries if e["key"] == "aw.coexistence_battle"]
    assert battles and battles[-1]["params"]["area"] == "gordion"


def test_6_17_6_12_a_minor_activated_by_a_power_fights_the_tribe_already_in_its_home_area() -> None:
    """The Cimmerians stand in Gordion (a city area they entered without attacking Phrygia, 6.17), then
    Assyria declares war on Phrygia, which sets up in Gordion beside them. The tribe was already at war with
    Phrygia (10.1), so no new war brings the 10.4.f battle: the set-up does, the tribe attacking (a fuzz
    finding, rise_and_fall: the two shared Gordion)."""
    from tests.assyrian_wars.politicskit import impulse, role
    from tests.assyrian_wars.test_10_1_nomads import with_cimmerians

    pos = with_cimmerians("gordion")
    assert not pos.state["countries"]["phrygia"]["active"]
    impulse(pos, "assyria")
    pos.act(role(pos, "assyria"), "dow:phrygia")
    battles = [e["params"] for e in pos.log if e["key"] == "aw.coexistence_battle"]
    assert battles == [{"area": "gordion", "aggressor": "cimmerians", "target": "phrygia"}]
    assert pos.state["stack"][-1]["step"] in ("window", "losses")  # the battle is being fought
