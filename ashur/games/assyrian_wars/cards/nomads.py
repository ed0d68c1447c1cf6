"""Nomad mercenaries (10.1, 6.11.j): the Aramaean (card 40) and Arabian (card 41) Nomads cards.

Arabs and Aramaeans enter the game only by these cards (10.1). The card puts the tribe's units into the
player's mercenary pool (``merc:<country>``), where the player hires them like other mercenaries (6.2: ½ AP
per strength point, placed with a force or in an empty home or associated area). What makes them special is
the card's terms, kept as the lasting effect ``nomad_mercenaries`` that the rules consult
(:func:`rules.course.mercenaries.nomad_terms`):

* ``exclusive`` (card 40): while the player can still hire them from its pool, it hires no other mercenary
  from that pool (recruit rules, 6.2);
* ``disband`` (card 41): disbanded at the start of a turn like other mercenaries (5.1); Aramaeans are not
  (card 40);
* ``desert`` (card 41): no attrition for deserts (6.6.1);
* ``immune``: the cards that do not touch them (card 40: Turncoats and Give Them What They Want, 10.4.e).

Like other mercenaries, eliminated ones go to the game pool, and reduced ones cannot be rebuilt (10.1); they
may raid (6.15) and are never sold (9.6). When the card is played again, the tribe's units still in play
(not eliminated) leave the game first (card 40, German rules); then every unit of the tribe in the game pool
(or never brought in) joins the new player's pool.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.forces import normalize
from ashur.games.assyrian_wars.rules.base.secrecy import leaving_map
from ashur.games.assyrian_wars.rules.course.card_effects import op
from ashur.games.assyrian_wars.rules.course.events import add_effect, effects_of, end_effect
from ashur.games.assyrian_wars.rules.course.mercenaries import NOMAD_TERMS
from ashur.games.assyrian_wars.rules.land.recruit import hires_mercenaries
from ashur.games.assyrian_wars.rules.land.siege import check_lifted

Frame = dict[str, Any]
RULE = "6.11.j"
#: where a tribe's unit waits out of play: the game pool after elimination (10.1), the box before it came in
OUT_OF_PLAY = ("gamepool", "setup")


def tribe_units(ctx: Ctx, nation: str) -> list[str]:
    return sorted(pid for pid, p in ctx.s["pieces"].items() if p["nation"] == nation and p["kind"] == "unit")


def in_play(ctx: Ctx, nation: str) -> list[str]:
    """The tribe's units not eliminated: on the map, in a pool, the Regroup Box, a Raid Box or a war card."""
    return [p for p in tribe_units(ctx, nation) if ctx.piece(p)["loc"] not in (*OUT_OF_PLAY, "dead")]


def arriving(ctx: Ctx, nation: str) -> list[str]:
    """The units the card puts into the player's pool: those in the game pool or not yet in the game."""
    return [p for p in tribe_units(ctx, nation) if ctx.piece(p)["loc"] in OUT_OF_PLAY]


def check_nomad_mercenaries(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if not hires_mercenaries(ctx, frame["c"]):
        return "nomads hire no mercenaries (10.1)"
    if not arriving(ctx, o.nation):
        return f"no {o.nation} unit is left to join the mercenary pool: all are in play or out of the game (10.1)"
    return None


@op("nomad_mercenaries", check_nomad_mercenaries)
def nomad_mercenaries(ctx: Ctx, frame: Frame, o: Any) -> None:
    """10.1, 6.11.j: the tribe's units still in play leave the game (if the card says so), the others join
    the player's mercenary pool, and the card's terms replace those of the tribe's last card."""
    c, nation = frame["c"], o.nation
    if o.replaces_previous:
        remove_from_game(ctx, nation)
    joined = arriving(ctx, nation)
    for pid in joined:
        p = ctx.piece(pid)
        p.update(hired=None, army=None, city=False, red=False)
        ctx.move_piece(pid, f"merc:{c}")
    for entry in [e for e in effects_of(ctx, NOMAD_TERMS) if e["nation"] == nation]:
        end_effect(ctx, entry)
    add_effect(ctx, NOMAD_TERMS, c, frame["card"], "open", nation=nation, exclusive=o.exclusive,
               immune=list(o.immune_to_cards), disband=o.disband_in_interphase, desert=o.ignore_desert_attrition,
               rebuildable=o.rebuildable)
    ctx.log("aw.nomad_merc.joined", RULE, country=c, nation=nation, card=frame["card"], pieces=joined)


def remove_from_game(ctx: Ctx, nation: str) -> None:
    """Card 40 (German rules): played again before every unit of the tribe is eliminated, the others leave the
    game before the new event applies. 9.5: a fogged unit leaving the map is shown (the box is open)."""
    gone = in_play(ctx, nation)
    if not gone:
        return
    areas = sorted({ctx.piece(p)["loc"] for p in gone if ctx.piece(p)["loc"] in ctx.c.areas})
    leaving_map(ctx, gone, "dead")
    for pid in gone:
        p = ctx.piece(pid)
        p.update(hired=None, army=None, city=False)
        p.pop("aboard", None)
        ctx.move_piece(pid, "dead")
    normalize(ctx)
    for aid in areas:
        check_lifted(ctx, aid)
    ctx.log("aw.nomad_merc.removed", RULE, nation=nation, pieces=gone)
