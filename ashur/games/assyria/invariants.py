"""The game's own consistency checks (the fuzzer calls them after every step)."""

from __future__ import annotations

from collections import Counter

from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import refs


def check(ctx: Ctx) -> list[str]:
    """Every broken invariant as one line (empty when all hold)."""
    s, c = ctx.s, ctx.c
    out: list[str] = []
    geo = ctx.geo
    cards = list(s["deck"]) + list(s["discard"]) + [x for col in s["columns"] for x in col]
    for r in s["roles"]:
        cards += s["p"][r]["cards"]
    for frame in s["stack"]:
        if frame["step"] == "draft":
            cards += frame["packet"]
    counts = Counter(cards)
    if set(counts) != set(c.food_cards) or any(v != 1 for v in counts.values()):
        out.append("every food card is in exactly one place (deck, discard, columns, hands, draft)")
    exp = list(s["exp_deck"]) + list(s["exp_display"]) + list(s["exp_discard"])
    if sorted(exp) != sorted(c.expansion_cards):
        out.append("every expansion card is in exactly one place")
    plows = s["plows_board"] + sum(1 for r in s["roles"] if s["p"][r]["plow"])
    if plows != ctx.setup.plows:
        out.append(f"{plows} plow cards in play, not {ctx.setup.plows} (Preparation)")
    if len(s["wells"]) + s["wells_stock"] != ctx.setup.wells:
        out.append("wells on the board and in stock do not add up (Expansion D)")
    for h in list(s["huts"]) + list(s["zigs"]):
        if h not in geo.neighbours:
            out.append(f"a piece on {h}, outside the board of this set-up")
    if set(s["huts"]) & set(s["zigs"]):
        out.append("a hut and a ziggurat share a hex")
    for h in s["fed"]:
        if h not in s["huts"]:
            out.append(f"{h} is marked resupplied without a hut")
    for r in s["roles"]:
        p = s["p"][r]
        on_board = sum(1 for x in s["huts"].values() if x == r)
        in_assur = sum(v.count(r) for v in s["dignitaries"].values())
        if on_board + in_assur + p["huts"] != refs.HUTS:
            out.append(f"{r}: huts on the board, in Assur and in stock do not make {refs.HUTS}")
        levels = [z["level"] for z in s["zigs"].values() if z["owner"] == r]
        if len(levels) + p["bases"] != refs.ZIGGURAT_TILES or \
                sum(1 for x in levels if x >= 2) + p["centers"] != refs.ZIGGURAT_TILES or \
                sum(1 for x in levels if x >= 3) + p["roofs"] != refs.ZIGGURAT_TILES:
            out.append(f"{r}: ziggurat tiles on the board and in stock do not add up")
        if p["camels"] < 0 or p["score"] < 0 or p["offering"] < 0:
            out.append(f"{r}: a negative track value")
        if p["offering"] > c.tracks.offerings.length:
            out.append(f"{r}: beyond the offerings track")
    for v in s["wells"]:
        if v not in geo.vertices:
            out.append(f"a well at {v}, not a corner of three hexes of this board")
        elif any(c.hexes[h].between for h in geo.vertices[v]):
            out.append(f"a well between the rivers at {v} (Expansion D)")
    for name, spaces in s["dignitaries"].items():
        d = next(x for x in c.tracks.dignitaries if x.id == name)
        if len(spaces) > d.spaces:
            out.append(f"more huts than spaces on the {name} dignitary")
    for h, z in s["zigs"].items():
        if c.hexes[h].river:
            out.append(f"a ziggurat on the river hex {h} (Actions A1)")
        if not 1 <= z["level"] <= 3:
            out.append(f"a ziggurat of level {z['level']} on {h}")
    if s["over"] and s["stack"]:
        out.append("the game is over but steps are pending")
    return out
