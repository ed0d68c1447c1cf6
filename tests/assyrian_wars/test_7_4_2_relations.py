"""7.4.2 / 7.4.3: why wars exist, and which end with a peace or with an alliance."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.politics import relations
from ashur.games.assyrian_wars.rules.politics.war import declare_war
from tests.assyrian_wars.politicskit import ctx_of, marker, run, setup


def test_7_4_2_wars_remember_the_declaration_they_come_from() -> None:
    pos = setup()
    marker(pos, "syria", "egypt", 14)
    marker(pos, "urartu", "mede", 14)
    run(pos, lambda ctx: declare_war(ctx, "egypt", "mede"))
    ctx = ctx_of(pos)
    for a, b in (("egypt", "mede"), ("egypt", "urartu"), ("syria", "mede"), ("syria", "urartu")):
        assert relations.explicit(ctx, a, b)
        assert pos.state["war_cause"][relations.key(a, b)] == ["egypt|mede"]
    assert pos.state["diplo"]["urartu"]["war"] == ["egypt"]


def test_7_4_3_a_war_with_several_causes_lasts_while_one_remains() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    relations.add_war(ctx, "egypt", "syria", "egypt|mede")
    relations.add_war(ctx, "egypt", "syria")
    relations.end_war(ctx, "egypt", "mede")
    assert relations.explicit(ctx, "egypt", "syria")
    relations.end_war(ctx, "egypt", "syria")
    assert not relations.explicit(ctx, "egypt", "syria")


def test_7_4_3_a_minor_keeps_its_own_wars_when_its_alliance_ends() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    relations.add_war(ctx, "syria", "judah")
    relations.add_war(ctx, "syria", "mede", "egypt|mede")
    relations.alliance_leaves_wars(ctx, "syria", "egypt")
    assert relations.explicit(ctx, "syria", "judah") and not relations.explicit(ctx, "syria", "mede")


def test_8_2_a_country_at_war_is_a_supply_source_for_itself_and_its_allies() -> None:
    pos = setup()
    ctx = ctx_of(pos)
    assert relations.supply_source(ctx, "babylonia", "elam")
    assert not relations.supply_source(ctx, "babylonia", "egypt")
    assert not relations.supply_source(ctx, "egypt", "egypt")  # neutral, at war with nobody
    run(pos, lambda c: declare_war(c, "egypt", "mede"))
    assert relations.supply_source(ctx_of(pos), "egypt", "egypt")


def test_snapshot_is_at_war() -> None:
    """relations.snapshot works at_war out once per country: it must list exactly the pairs at war."""
    pos = setup()
    marker(pos, "syria", "egypt", 14)
    marker(pos, "urartu", "mede", 14)
    run(pos, lambda ctx: declare_war(ctx, "egypt", "mede"))
    ctx = ctx_of(pos)
    relations.add_war(ctx, "judah", "syria")
    for camp_of in ({}, {"egypt": "west", "mede": "east", "assyria": "west"}):
        for power, camp in camp_of.items():
            if power in pos.state["countries"]:
                pos.state["countries"][power]["camp"] = camp
        ctx = ctx_of(pos)
        cids = relations.parties(ctx)
        expected = {(a, b) for i, a in enumerate(cids) for b in cids[i + 1:] if ctx.at_war(a, b)}
        assert relations.snapshot(ctx) == expected
        assert any(ctx.is_nomad(a) or ctx.is_nomad(b) for a, b in expected) or not any(ctx.is_nomad(c) for c in cids)
