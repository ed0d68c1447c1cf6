"""The flood at the end of each reign (I flooding, II Assur, III dignitaries, IV offerings, V next reign)
and the end of the game. No decisions are taken here: everything follows from the board."""

from __future__ import annotations

from typing import Any

from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import board, refs
from ashur.games.assyria.rules.cards import draw_expansion

SPACES = ("higher", "middle", "lower")


def flooding(ctx: Ctx) -> None:
    """Flood I: every hut on a river hex goes back to its owner's stock."""
    s = ctx.s
    gone = sorted(h for h in s["huts"] if ctx.c.hexes[h].river)
    for h in gone:
        role = s["huts"].pop(h)
        ctx.p(role)["huts"] += 1
        if h in s["fed"]:
            s["fed"].remove(h)
    ctx.log("as.flooding", refs.FLOODING, hexes=gone)


def influence(ctx: Ctx) -> dict[str, dict[str, int]]:
    """Flood II: per player with a hut in Assur, influence (3, 2, 1 a hut on the higher, middle, lower
    dignitary), huts placed, and the rank of their highest space (0 = the highest space of all)."""
    out: dict[str, dict[str, int]] = {}
    rank = 0
    for d in ctx.c.tracks.dignitaries:
        for i in range(d.spaces):
            spaces = ctx.s["dignitaries"][d.id]
            if i < len(spaces):
                role = spaces[i]
                rec = out.setdefault(role, {"influence": 0, "huts": 0, "best": rank})
                rec["influence"] += d.influence
                rec["huts"] += 1
                rec["best"] = min(rec["best"], rank)
            rank += 1
    return out


def ranking(ctx: Ctx) -> list[str]:
    """Flood II: the players with huts in Assur, most influence first; ties go to more huts, then to the
    highest hut in Assur. Players without a hut there are not ranked."""
    inf = influence(ctx)
    return sorted(inf, key=lambda r: (-inf[r]["influence"], -inf[r]["huts"], inf[r]["best"]))


def reign_cards(ctx: Ctx) -> list[int]:
    """Flood II: the values on display this reign: its expansion cards and, when placed, the bonus card."""
    values = [ctx.c.expansion_cards[e] for e in ctx.s["exp_display"]]
    if ctx.s["bonus"]:
        values.append(ctx.c.cards.bonus.value)
    return values


def assur(ctx: Ctx) -> None:
    """Flood II: the first ranked scores the sum of the cards, then the highest card is discarded, and so on
    down the ranking until no card is left. With 2 players (2 players): the first scores the sum; the
    second nothing in the first reign and the lowest card in the others."""
    ranked = ranking(ctx)
    cards = sorted(reign_cards(ctx), reverse=True)
    inf = influence(ctx)
    ctx.log("as.assur_ranking", refs.ASSUR, ranking=ranked, influence={r: inf[r]["influence"] for r in ranked},
            cards=list(cards))
    if ctx.setup.assur == "two_player":
        for i, role in enumerate(ranked[:2]):
            if i == 0:
                pts = sum(cards)
            else:
                pts = 0 if ctx.s["reign"] == 1 else min(cards, default=0)
            ctx.score(role, pts, refs.TWO_PLAYERS, "as.why.assur", place=i + 1)
        return
    for i, role in enumerate(ranked):
        if not cards:
            break
        ctx.score(role, sum(cards), refs.ASSUR, "as.why.assur", place=i + 1)
        cards.pop(0)


def dignitaries(ctx: Ctx) -> None:
    """Flood III: higher: 1, 4 or 8 points for 1, 2 or 3 huts; middle: a plow card to each supporter who has
    none, while the plow space has one (highest space first); lower: a camel a hut. Then every hut in Assur
    goes back to its owner."""
    s = ctx.s
    digs = s["dignitaries"]
    counts: dict[str, int] = {}
    for role in digs["higher"]:
        counts[role] = counts.get(role, 0) + 1
    for role in ctx.s["roles"]:
        if role in counts:
            pts = refs.HIGHER_BONUS.get(counts[role], refs.HIGHER_BONUS[max(refs.HIGHER_BONUS)])
            ctx.score(role, pts, refs.DIGNITARIES, "as.why.higher", huts=counts[role])
    seen: list[str] = []
    for role in digs["middle"]:
        if role in seen:
            continue
        seen.append(role)
        p = ctx.p(role)
        if p["plow"]:
            ctx.log("as.no_plow", refs.DIGNITARIES, role=role, why="as.why.has_plow")
        elif s["plows_board"] <= 0:
            ctx.log("as.no_plow", refs.DIGNITARIES, role=role, why="as.why.no_plow_left")
        else:
            s["plows_board"] -= 1
            p["plow"] = True
            ctx.log("as.gain_plow", refs.DIGNITARIES, role=role)
    lower: dict[str, int] = {}
    for role in digs["lower"]:
        lower[role] = lower.get(role, 0) + 1
    for role in ctx.s["roles"]:
        if role in lower:
            ctx.camels(role, lower[role], refs.DIGNITARIES, "as.why.lower")
    for name in SPACES:
        for role in digs[name]:
            ctx.p(role)["huts"] += 1
        digs[name] = []


def offerings(ctx: Ctx) -> None:
    """Flood IV: each player scores their ziggurat sites (finished or not) times their place on the offerings
    track, then goes back to its start."""
    for role in ctx.s["roles"]:
        p = ctx.p(role)
        sites = len(board.zigs_of(ctx, role))
        if p["offering"]:
            ctx.score(role, sites * p["offering"], refs.OFFERINGS, "as.why.offerings", sites=sites,
                      offering=p["offering"])
        p["offering"] = 0


def flood(ctx: Ctx) -> None:
    """The flood at the end of a reign, parts I to IV; part V (next reign) is :func:`next_reign`."""
    ctx.log("as.flood", refs.FLOODING, reign=ctx.s["reign"])
    flooding(ctx)
    assur(ctx)
    dignitaries(ctx)
    offerings(ctx)
    s = ctx.s
    s["exp_discard"].extend(s["exp_display"])
    s["exp_display"] = []


def next_reign(ctx: Ctx) -> None:
    """Flood V: the bonus card goes to its space (4 players, before the 2nd and 3rd reigns) and the next
    expansion card to the first expansion space."""
    s = ctx.s
    s["reign"] += 1
    s["turn_in_reign"] = 1
    if ctx.setup.bonus_card:
        s["bonus"] = True
        ctx.log("as.bonus_card", refs.NEXT_REIGN, value=ctx.c.cards.bonus.value)
    draw_expansion(ctx, refs.NEXT_REIGN)


def end_of_game(ctx: Ctx) -> None:
    """End of game: a point per ziggurat tile built, per plow card, per two camels left; the most points
    wins, and tied players share the victory."""
    s = ctx.s
    for role in s["roles"]:
        p = ctx.p(role)
        tiles = board.tiles_on_board(ctx, role)
        plow = 1 if p["plow"] else 0
        pairs = p["camels"] // 2
        ctx.score(role, tiles + plow + pairs, refs.END_OF_GAME, "as.why.final", tiles=tiles, plow=plow,
                  camels=pairs)
    best = max(ctx.p(r)["score"] for r in s["roles"])
    s["winners"] = [r for r in s["roles"] if ctx.p(r)["score"] == best]
    s["over"] = True
    ctx.log("as.game_over", refs.END_OF_GAME, winners=list(s["winners"]),
            scores={r: ctx.p(r)["score"] for r in s["roles"]})


def final_scores(state: dict[str, Any]) -> dict[str, int]:
    return {r: state["p"][r]["score"] for r in state["roles"]}
