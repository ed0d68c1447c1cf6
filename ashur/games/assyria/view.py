"""What a role may see (DESIGN: hidden information), and the fuzzer's scrambler of what it may not.

Everything on the table is public in Assyria: the board, the tracks, Assur, the columns and the cards in
front of the players (they are laid face up: Farming B). Secret are the order of the food deck and of the
expansion deck, and, during the initial draft, the cards of the packet to those who have not held it.
"""

from __future__ import annotations

from typing import Any

from ashur.core import flow
from ashur.core import rng as corerng
from ashur.core.log import length as log_length
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules.cards import card_info, expansion_value, type_of


def build_view(ctx: Ctx, role: str, prompt: dict[str, Any] | None, actions: list[dict[str, Any]],
               deciding: list[str]) -> dict[str, Any]:
    """The view of `role` (``observer``: public only): the whole public table, its prompt and actions."""
    s = ctx.s
    c = ctx.c
    players = {}
    for r in s["roles"]:
        p = s["p"][r]
        players[r] = {k: p[k] for k in ("score", "camels", "offering", "huts", "bases", "centers", "roofs", "plow")}
        players[r]["cards"] = [card_info(ctx, x) for x in p["cards"]]
    draft = flow.find(s, "draft")
    draft_view = None
    if draft is not None:
        draft_view = {"holder": draft["queue"][0], "count": len(draft["packet"]),
                      "cards": [card_info(ctx, x) for x in draft["packet"]] if role in draft["seen"]
                      else None}
    return {
        "game": "assyria", "role": role, "scenario": s["scenario"], "players_count": s["players"],
        "roles": list(s["roles"]), "order": list(s["order"]), "deciding": deciding,
        "turn": s["turn"], "reign": s["reign"], "turn_in_reign": s["turn_in_reign"],
        "players": players,
        "huts": dict(s["huts"]), "fed": sorted(s["fed"]), "zigs": {h: dict(z) for h, z in s["zigs"].items()},
        "wells": dict(s["wells"]), "wells_stock": s["wells_stock"], "plows_board": s["plows_board"],
        "columns": [[card_info(ctx, x) for x in col] for col in s["columns"]],
        "taken": dict(s["taken"]),
        "expansion": [c.expansion_cards[e] for e in s["exp_display"]],
        "expansion_now": expansion_value(ctx) if s["exp_display"] else None,
        "bonus": c.cards.bonus.value if s["bonus"] else None,
        "expansion_deck": len(s["exp_deck"]), "deck": len(s["deck"]),
        "discard": [type_of(ctx, x) for x in s["discard"]],
        "dignitaries": {k: list(v) for k, v in s["dignitaries"].items()},
        "draft": draft_view,
        "over": s["over"], "winners": list(s["winners"]),
        "log_n": log_length(s),
        "prompt": prompt, "actions": actions,
    }


def scramble_state(ctx: Ctx, role: str, seed: int, *, keep_rng: bool = False) -> dict[str, Any]:
    """`ctx.s` (a copy) with what `role` may not know redrawn at random: the deck orders, the draft cards it
    has not seen (exchanged with deck cards), and the generator's key unless `keep_rng`.(The secret log entries of the
    draft are addressed to those who saw the cards: `role` does not read them.)"""
    s = ctx.s
    side = {"rng": corerng.seed_state(seed)}
    draft = flow.find(s, "draft")
    if draft is not None and role not in draft["seen"]:
        pool = draft["packet"] + s["deck"]
        corerng.shuffle(side, pool)
        k = len(draft["packet"])
        draft["packet"] = pool[:k]
        s["deck"] = pool[k:]
    else:
        corerng.shuffle(side, s["deck"])
    corerng.shuffle(side, s["exp_deck"])
    if not keep_rng:
        corerng.rekey(s, seed)
    return s

