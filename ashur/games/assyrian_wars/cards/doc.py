"""docs/cards-assyrian-wars.md, rendered from the card data and the registered events (one line per card).

Regenerate with ``python -m ashur.games.assyrian_wars.cards.doc > docs/cards-assyrian-wars.md``; a test
fails when the committed file differs from what the data and the code give.
"""

from __future__ import annotations

from typing import Any

HEADER = """# Assyrian Wars: the 110 cards

One line per card: number, name, AP value, '+' (a second card may be played with it, 3.2), when its
event is played, who may play it (6.11: "you" is the card's player), what the event does in our words,
whether the event is implemented, and where the card comes from. The rule book names about 25 cards and
gives the full text of one (the German rules, #40); every other card is a documented reconstruction that
fits the rules that mention it and the history of its name. The data is
`ashur/games/assyrian_wars/content/cards.yaml`; this page is generated from it
(`python -m ashur.games.assyrian_wars.cards.doc > docs/cards-assyrian-wars.md`).

Timing: *impulse* in the player's own impulse; *battle* before the first roll of a battle its forces
fight (6.7.1, 6.11.d); *response* right after the named condition (6.11.e); *counter measures* right after
an event is announced (6.11.a, 6.11.e); *battle counter measures* after battle cards are revealed;
*Interphase* at the step the card names. Army group cards (19-24) hold an army group and are never played.

| # | name | AP | + | timing | who | event | implemented | source |
|---|---|---|---|---|---|---|---|---|
"""

WHEN = {"own_impulse": "impulse", "interphase": "Interphase", "battle": "battle",
        "counter_measures": "counter measures", "battle_counter_measures": "battle counter measures"}


def _timing(card: Any) -> str:
    parts = []
    for t in card.timing:
        parts.append(f"response ({t.trigger.replace('_', ' ')})" if t.when == "response" else WHEN[t.when])
    return ", ".join(dict.fromkeys(parts)) or "-"


def _who(card: Any) -> str:
    who = card.playable_by
    if card.kind == "army_group":
        return card.owner
    if who == "owner":
        return f"{card.owner} (owner)"
    if isinstance(who, tuple):
        return ", ".join(who)
    return str(who).replace("_", " ")


def _cell(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ").strip()


def render(cards: dict[int, Any], events: dict[int, Any]) -> str:
    lines = [HEADER.rstrip("\n")]
    for number, card in sorted(cards.items()):
        implemented = "-" if card.kind == "army_group" else ("yes" if number in events else "no")
        lines.append("| " + " | ".join([
            str(number), _cell(card.name), str(card.ap), "+" if card.plus else "", _timing(card), _who(card),
            _cell(card.text), implemented, _cell(card.source or "reconstructed"),
        ]) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    from ashur.games.assyrian_wars.game import GAME, content
    from ashur.games.assyrian_wars.rules.course.events import EVENTS

    assert GAME is not None
    print(render(content().cards, EVENTS), end="")


if __name__ == "__main__":
    main()
