"""Card handling shared by the phases: drawing food cards (with the discard pile reshuffled when the
deck runs out), describing cards, and telling alike cards apart only once in a list of choices."""

from __future__ import annotations

from typing import Any

from ashur.core import rng
from ashur.games.assyria.ctx import Ctx


def draw_food(ctx: Ctx, rule: str) -> str:
    """The top food card of the deck. An empty deck takes the shuffled discard pile first (the rule book
    does not say; docs/rules-decisions-assyria.md)."""
    s = ctx.s
    if not s["deck"]:
        if not s["discard"]:
            raise RuntimeError("no food card left to draw")  # 40 cards: cannot happen within the rules
        s["deck"] = list(s["discard"])
        s["discard"] = []
        rng.shuffle(s, s["deck"])
        ctx.log("as.reshuffle", rule, cards=len(s["deck"]))
    return s["deck"].pop()  # type: ignore[no-any-return]


def card_type(ctx: Ctx, card: str) -> tuple[str, int]:
    """What tells a food card from another for a player: its kind and its number of symbols."""
    fc = ctx.c.food_cards[card]
    return fc.kind, fc.symbols


def distinct(ctx: Ctx, cards: list[str]) -> list[str]:
    """The first card of each type among `cards` (alike cards are one choice: DESIGN, short lists)."""
    seen: set[tuple[str, int]] = set()
    out = []
    for c in cards:
        t = card_type(ctx, c)
        if t not in seen:
            seen.add(t)
            out.append(c)
    return out


def describe(ctx: Ctx, card: str) -> dict[str, Any]:
    """Label parameters of a food card: ``card``, its type as the catalogs name it (``barley2``: the
    template ``name.barley#`` with n = 2), and its kind and symbols."""
    fc = ctx.c.food_cards[card]
    return {"card": f"{fc.kind}{fc.symbols}", "kind": fc.kind, "symbols": fc.symbols}


def card_info(ctx: Ctx, card: str) -> dict[str, Any]:
    """A food card as views show it: id, type, kind, symbols and price."""
    fc = ctx.c.food_cards[card]
    return {"id": card, "type": f"{fc.kind}{fc.symbols}", "kind": fc.kind, "symbols": fc.symbols,
            "price": fc.price}


def type_of(ctx: Ctx, card: str) -> str:
    """The catalog name of a card's type (``grapes3``)."""
    fc = ctx.c.food_cards[card]
    return f"{fc.kind}{fc.symbols}"


def expansion_value(ctx: Ctx) -> int:
    """Expansion A: the value of the expansion card of the current turn (the last one placed)."""
    return ctx.c.expansion_cards[ctx.s["exp_display"][-1]]


def draw_expansion(ctx: Ctx, rule: str) -> None:
    """End of turn / Flood V: the first player turns the next expansion card into the next space."""
    s = ctx.s
    card = s["exp_deck"].pop()
    s["exp_display"].append(card)
    ctx.reveal()
    ctx.log("as.expansion", rule, value=ctx.c.expansion_cards[card], space=len(s["exp_display"]))

