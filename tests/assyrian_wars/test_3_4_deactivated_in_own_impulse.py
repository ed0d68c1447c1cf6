"""3.4: "non-allied minors not at war are inactive and do nothing". A minor whose last war ends in its own impulse
(here 7.4.4: the tribute refuser attacks Assyria, loses, passes the immediate tribute check and is punished, which
ends its war) is deactivated, and its impulse ends at once: nobody is left to play it (fuzz failure of
assyrian-wars campaign seed 196080995203013, step 530: "urartu must decide but no player controls it")."""

from __future__ import annotations

from ashur.games.assyrian_wars.invariants import check
from tests.assyrian_wars.landkit import army, ctx, impulse, phasing, push_battle, put, settle, start, war


def test_3_4_a_minor_deactivated_in_its_own_impulse_ends_it() -> None:
    pos = start("campaign", special_abilities=False)
    s = pos.state
    assert s["refused"]["urartu"] == "black"
    war(pos, "assyria", "urartu")
    s["countries"]["urartu"]["active"] = True
    s["control"]["urartu"] = "elam"  # 7.4.5: an unallied minor at war is played by a power
    phasing(pos, "urartu")
    imp = impulse(pos)
    imp.update(phase="main", ap2=12, spent2=2, cards=[69], passing=False)
    lis = ["assyria-hi4-1", "assyria-hi4-2", "assyria-li3-1"]
    army(pos, "assyria-turtanu", "kalhu", lis)
    put(pos, "urartu-li2-1", "kalhu")
    pos.fix_roll("tribute_check", 1, 1, 1, 1)  # no six: Urartu pays, is punished, its war ends
    pos.fix_dice(6, *[1] * 8)  # Urartu misses, the Assyrians hit
    push_battle(pos, "field", "kalhu", ["urartu-li2-1"], ["assyria-turtanu", *lis])
    settle(pos)
    pos.assert_logged(rule="7.4.4", key="aw.punished", minor="urartu")
    pos.assert_logged(rule="3.4", key="aw.minor_deactivated", country="urartu")
    pos.assert_logged(rule="3.4", key="aw.impulse_inactive", country="urartu")
    pos.assert_logged(rule="3.1", key="aw.impulse_end", country="urartu", saved=0)
    assert not any(f["step"] == "impulse" and f["c"] == "urartu" for f in pos.state["stack"])
    assert check(ctx(pos)) == []
