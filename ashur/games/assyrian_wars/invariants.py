"""The game's own consistency checks, run by the fuzzer after every step."""

from __future__ import annotations

from collections import Counter

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.base.players import role_of

BOX_PREFIXES = ("pool", "gamepool", "merc:", "regroup", "homecard", "setup", "dead", "raid:", "trade:", "fw:",
                "sea:")


def check(ctx: Ctx) -> list[str]:
    s = ctx.s
    problems: list[str] = []
    seen: Counter[int] = Counter()
    for n in s["deck"] + s["discard"] + [f["card"] for f in s["faceup"]] + s.get("removed_cards", []):
        seen[n] += 1
    for frame in s["stack"]:
        # 6.11: a card played as an event has left the hand; it waits in its event frame (for Counter
        # Measures, 6.11.e) or in the queue of revealed window cards until it is put away
        if frame["step"] == "event":
            seen[frame["card"]] += 1
        elif frame["step"] == "window_resolve":
            for _cid, n in frame["queue"]:
                seen[n] += 1
    for cid, co in s["countries"].items():
        for n in co["hand"] + co["home_discard"]:
            seen[n] += 1
        if not 0 <= co["saved"] <= 4:
            problems.append(f"{cid} saved {co['saved']} AP (3.1: at most 4)")
    expected = [n for n, c in ctx.c.cards.items() if c.kind != "army_group"
                and (c.owner is None or c.owner in s["countries"])]
    for n in expected:
        if seen[n] != 1 and not (ctx.card(n).owner and not ctx.active(ctx.card(n).owner) and seen[n] == 0):
            problems.append(f"card {n} is in {seen[n]} places")
    for n, k in seen.items():
        if n not in expected:
            problems.append(f"card {n} should not be in play ({k} places)")
    for cid, d in s["diplo"].items():
        if not 0 <= d["value"] <= 15:
            problems.append(f"{cid} at {d['value']} on a diplomatic track (6.9: 0–15)")
    for pid, p in s["pieces"].items():
        loc = p["loc"]
        if not (loc in ctx.c.areas or loc in ctx.c.sea_zones or loc.startswith(BOX_PREFIXES)):
            problems.append(f"piece {pid} at unknown location {loc!r}")
    if s["stack"]:
        from ashur.games.assyrian_wars.rules import FLOW

        for actor in FLOW.deciders(ctx, s):
            if role_of(ctx, actor) is None:
                problems.append(f"{actor} must decide but no player controls it")
    elif not s.get("final"):
        problems.append("the stack is empty but the game has no final result")
    return problems
