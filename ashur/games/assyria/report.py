"""What session reports of Assyria talk about, counted from the public log: points by source, wells dug,
ziggurats built and extended, huts lost to famine and to the floods, intrigue and offerings."""

from __future__ import annotations

from typing import Any

from ashur.core.log import entries

SOURCES = {"as.why.assur": "assur", "as.why.higher": "higher_dignitary", "as.why.offerings": "offerings",
           "as.why.final": "end_of_game"}


def report(state: dict[str, Any]) -> dict[str, Any]:
    """Nested counts and sums (never means): they add up over games (``Game.report``)."""
    points: dict[str, int] = {"prestige": 0, "wells": 0, "assur": 0, "higher_dignitary": 0, "offerings": 0,
                              "end_of_game": 0}
    counts: dict[str, int] = {"wells": 0, "ziggurats_built": 0, "tiles_added": 0, "huts_famine": 0,
                              "huts_flooded": 0, "intrigue_huts": 0, "offerings": 0, "food_bought": 0,
                              "plows_bought": 0}
    for e in entries(state):
        k, p = e["key"], e["params"]
        if k == "as.prestige":
            points["prestige"] += p["points"] - p["wells"]
            points["wells"] += p["wells"]
        elif k == "as.score" and p.get("why") in SOURCES:
            points[SOURCES[p["why"]]] += p["points"]
        elif k == "as.well":
            counts["wells"] += 1
        elif k == "as.build":
            counts["ziggurats_built"] += 1
        elif k == "as.extend":
            counts["tiles_added"] += 1
        elif k == "as.famine":
            counts["huts_famine"] += len(p["hexes"])
        elif k == "as.flooding":
            counts["huts_flooded"] += len(p["hexes"])
        elif k == "as.intrigue":
            counts["intrigue_huts"] += 1
        elif k == "as.offer":
            counts["offerings"] += 1
        elif k == "as.buy":
            counts["food_bought"] += 1
        elif k == "as.buy_plow":
            counts["plows_bought"] += 1
    scores = [state["p"][r]["score"] for r in state["roles"]]
    return {"points": points, "counts": counts,
            "final": {"games": 1 if state["over"] else 0, "score_sum": sum(scores),
                      "winner_score_sum": max(scores) if state["over"] else 0}}
