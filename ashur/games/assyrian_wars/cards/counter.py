"""Counter Measures (6.11, 6.11.a, 6.11.e): cancel an event just played.

A Counter Measures card is played in the window that opens after every event is announced, before any of
its effects are determined (6.11.a); the cancelled event costs no APs, and both cards go to the discard
pile (6.11). Counter Measures supersede Battle Counter Measures (6.11.e): a Battle Counter Measures card is
announced as an event like any other, so a Counter Measures card can cancel it, and the battle card it
aimed at takes effect. Battle Counter Measures themselves (cancelling a battle card) are in
:mod:`cards.battle`.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.rules.course.card_effects import op
from ashur.games.assyrian_wars.rules.course.events import cancel, pending_event
from ashur.games.assyrian_wars.rules.registry import HOOKS

Frame = dict[str, Any]


def _fits(ctx: Ctx, target: int, card_types: Any) -> bool:
    return card_types == "any" or any(t in card_types for t in ctx.card(target).types)


def check_cancel(ctx: Ctx, frame: Frame, o: Any) -> str | None:
    if frame["how"] == "battle_counter_measures":
        return HOOKS.call("cards.battle_cancel_check", ctx, frame, o) if "cards.battle_cancel_check" in \
            HOOKS.provided else "no battle card to cancel"
    if frame["how"] != "counter_measures":
        return "Counter Measures are played when an event has just been played (6.11.e)"
    target = pending_event(ctx)
    if target is None or target["cancelled"]:
        return "no event to cancel"
    if not _fits(ctx, target["card"], o.card_types):
        return "this card does not cancel that kind of event"
    return None


@op("cancel_card", check_cancel)
def cancel_card(ctx: Ctx, frame: Frame, o: Any) -> None:
    if frame["how"] == "battle_counter_measures":
        HOOKS.call("cards.battle_cancel", ctx, frame, o)
        return
    target = pending_event(ctx)
    if target is not None and not target["cancelled"] and _fits(ctx, target["card"], o.card_types):
        cancel(ctx, target, frame["c"], frame["card"])
