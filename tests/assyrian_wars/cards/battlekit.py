"""Helpers of the battle card tests (6.7.1, 6.11.d): start a battle, answer its card windows, read its dice."""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.rules.course.card_effects import play_frame, refusal
from ashur.testing import Position
from tests.assyrian_wars.landkit import advance, clear_map, ctx, give_card, top


def start(scenario: str = "two_rivers", **options: Any) -> Position:
    """A position in the first impulse with an empty land map, the cards where the deal put them: the card
    windows open as in a game (landkit's start quiets them for the tests of the rules)."""
    pos = Position.setup(GAME, scenario, 1, options)
    clear_map(pos)
    return pos


def fight(pos: Position, kind: str, area: str, att: list[str], defn: list[str], **params: Any) -> None:
    """Start a battle and run to its first decision (the battle card window, 6.7.1)."""
    from ashur.games.assyrian_wars.rules.land.battle import start_battle

    start_battle(ctx(pos), kind, area, att, defn, **params)
    advance(pos)


def deal(pos: Position, country: str, *numbers: int) -> None:
    for n in numbers:
        give_card(pos, country, n)


def answer(pos: Position, plays: dict[str, list[int]] | None = None, kind: str | None = None) -> None:
    """Answer the card window on top: every country asked chooses its cards of `plays`, then is done."""
    frame = top(pos)
    assert frame["step"] == "window", frame["step"]
    if kind is not None:
        assert frame["kind"] == kind, frame["kind"]
    for actor in list(frame["order"]):
        role = GAME.active(pos.state)[0]
        for n in (plays or {}).get(actor, []):
            pos.act(role, f"choose:{n}")
        pos.act(role, "pass")


def pass_all(pos: Position) -> None:
    """Nobody plays a card in the windows now open, up to the next battle card window (a new round)."""
    while pos.state["stack"] and top(pos)["step"] == "window" and top(pos)["kind"] != "battle":
        pos.act(GAME.active(pos.state)[0], "pass")


def battle(pos: Position) -> dict[str, Any]:
    return next(f for f in reversed(pos.state["stack"]) if f["step"] == "battle")


def rolls(pos: Position, side: str, rule: str = "6.7.2") -> list[list[int]]:
    """The strengths of the dice a side rolled, roll by roll."""
    return [e["params"]["strengths"] for e in pos.log
            if e["key"] == "dice" and e["rule"] == rule and e["params"].get("side") == side]


def why_not(pos: Position, country: str, number: int) -> str | None:
    """Why card `number` cannot be played by `country` in the window on top (None: it can)."""
    where = top(pos)
    return refusal(ctx(pos), play_frame(ctx(pos), number, country, where), content().cards[number].effect)
