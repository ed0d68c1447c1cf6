"""Helpers of the land-warfare tests: build positions on the real map from a cleared board.

The Two Rivers scenario starts in Assyria's impulse (Babylonia and Elam are rebels at war with it); the
helpers clear every land piece and siege from the map, then place the pieces a test needs.
"""

from __future__ import annotations

from typing import Any

from ashur.games.assyrian_wars.ctx import Ctx
from ashur.games.assyrian_wars.game import GAME, content
from ashur.testing import Position

LAND = ("unit", "merc", "leader", "king")


def start(scenario: str = "two_rivers", **options: Any) -> Position:
    """A position in the first impulse of the scenario with an empty land map and no window card in play
    (:func:`quiet_windows`)."""
    pos = Position.setup(GAME, scenario, 1, options)
    clear_map(pos)
    quiet_windows(pos)
    return pos


#: the windows that the rules open by themselves (counter measures open only after an event)
RULE_WINDOWS = ("battle", "battle_counter_measures", "response")


def window_cards() -> list[int]:
    """The cards whose events are played in the windows the rules open (6.7.1, 6.11.d, 6.11.e)."""
    from ashur.games.assyrian_wars.rules.course.events import EVENTS

    return sorted(n for n, ev in EVENTS.items() if any(k in RULE_WINDOWS for k in ev.kinds))


def quiet_windows(pos: Position) -> None:
    """Put every window card in the discard pile, where everybody sees it, so that no battle or response
    window opens (a window opens only when such a card could be in a hand); a hand gives its window cards
    for other cards of the draw pile. A test of a card deals it with :func:`give_card`."""
    s = pos.state
    out = set(window_cards())
    s["discard"].extend(n for n in s["deck"] if n in out)
    s["deck"] = [n for n in s["deck"] if n not in out]
    for co in s["countries"].values():
        hand = co["hand"]
        for i, n in enumerate(hand):
            if n in out and content().cards[n].owner is None and s["deck"]:
                s["discard"].append(n)
                hand[i] = s["deck"].pop()
        co["home_discard"].extend(n for n in hand if n in out and content().cards[n].owner is not None)
        s["discard"].extend(n for n in hand if n in out and content().cards[n].owner is None)
        co["hand"] = [n for n in hand if n not in out]


def give_card(pos: Position, country: str, number: int) -> None:
    """Put card `number` into the hand of `country`, taken from the draw pile, the discard or a hand."""
    s = pos.state
    for pile in (s["deck"], s["discard"], *(c.get("hand", []) for c in s["countries"].values()),
                 *(c.get("home_discard", []) for c in s["countries"].values())):
        if number in pile:
            pile.remove(number)
    s["countries"][country]["hand"].append(number)


def ctx(pos: Position) -> Ctx:
    return Ctx(pos.state, content())


def clear_map(pos: Position) -> None:
    s = pos.state
    for _pid, p in s["pieces"].items():
        if p["kind"] in LAND and p["loc"] in content().areas:
            p["loc"] = "setup" if p["kind"] == "king" else ("gamepool" if p["kind"] == "merc" else "pool")
            p["army"] = None
            p["city"] = False
            p["red"] = False
            p["hired"] = None
    s["sieges"].clear()
    s["groups"].clear()
    s["stack"] = [f for f in s["stack"] if f["step"] in ("game", "turn", "actions", "impulse")]
    imp = impulse(pos)
    imp["phase"] = "main"
    s["land"] = {}


def put(pos: Position, pid: str, area: str, *, city: bool = False, army: str | None = None, red: bool = False,
        hired: str | None = None) -> str:
    p = pos.state["pieces"][pid]
    p.update(loc=area, city=city, army=army, red=red)
    if hired is not None:
        p["hired"] = hired
    return pid


def army(pos: Position, leader: str, area: str, units: list[str], *, city: bool = False) -> list[str]:
    put(pos, leader, area, city=city)
    for u in units:
        put(pos, u, area, city=city, army=leader)
    return [leader, *units]


def impulse(pos: Position) -> dict[str, Any]:
    return next(f for f in reversed(pos.state["stack"]) if f["step"] == "impulse")


def set_ap(pos: Position, ap: float) -> None:
    imp = impulse(pos)
    imp["ap2"] = int(ap * 2)
    imp["spent2"] = 0


def ap_left(pos: Position) -> float:
    imp = impulse(pos)
    return (imp["ap2"] - imp["spent2"]) / 2


def loc(pos: Position, pid: str) -> str:
    return str(pos.state["pieces"][pid]["loc"])


def top(pos: Position) -> dict[str, Any]:
    return pos.state["stack"][-1]


def ids(pos: Position, role: str, prefix: str = "") -> list[str]:
    return [a for a in pos.ids(role) if a.startswith(prefix)]


def dice_logged(pos: Position, rule: str | None = None) -> list[list[int]]:
    return [e["params"]["values"] for e in pos.log
            if e["key"] == "dice" and (rule is None or e["rule"] == rule)]


def war(pos: Position, a: str, b: str) -> None:
    pair = sorted([a, b])
    if pair not in pos.state["wars"]:
        pos.state["wars"].append(pair)


def active_role(pos: Position) -> str:
    return GAME.active(pos.state)[0]


def phasing(pos: Position, country: str) -> None:
    """Make `country` the phasing country of the current impulse."""
    impulse(pos)["c"] = country


def push_battle(pos: Position, kind: str, area: str, att: list[str], defn: list[str], **params: Any) -> None:
    """Start a battle directly (the engine API) and run the flow to the first decision."""
    from ashur.games.assyrian_wars.rules import FLOW
    from ashur.games.assyrian_wars.rules.land.battle import start_battle

    c = ctx(pos)
    start_battle(c, kind, area, att, defn, **params)
    FLOW.advance(c, pos.state)
    pass_windows(pos, battle_cards=True)


def pass_windows(pos: Position, *, battle_cards: bool = False) -> None:
    """Nobody plays a card in the open card windows (6.7.1 battle cards, 6.11.e responses); with
    `battle_cards`, only in those of a battle about to be fought (6.7.1)."""
    while pos.state["stack"] and (top(pos)["step"] == "window" and (
            not battle_cards or top(pos)["kind"] != "response" or top(pos)["trigger"] == "battle_cards_revealed")):
        pos.act(GAME.active(pos.state)[0], "pass")


def advance(pos: Position) -> None:
    from ashur.games.assyrian_wars.rules import FLOW

    FLOW.advance(ctx(pos), pos.state)


def settle(pos: Position, prefixes: tuple[str, ...] = ("hit:", "rout:", "extra:", "retreat:"), *,
           windows: bool = True) -> None:
    """Answer every pending casualty and retreat choice with the first option (and, with `windows`, play no
    card in the card windows on the way)."""
    for _ in range(500):
        if windows:
            pass_windows(pos)
        roles = GAME.active(pos.state)
        if not roles:
            return
        acts = [a for a in pos.ids(roles[0]) if not a.endswith(":suggested")]  # the hit-by-hit way
        if not acts or not all(a.startswith(prefixes) for a in acts):
            return
        pos.act(roles[0], acts[0])
    raise AssertionError("settle did not finish")
