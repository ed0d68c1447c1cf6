"""Readings of the rules that issue 14 brought in line with the rule book, and the option that keeps the
earlier readings for games recorded before it (docs/rules-decisions.md, each bullet marked "issue 14").

``pre14_readings`` is off by default (the rules as written). The regression saves recorded before issue 14 set
it, so that they replay the decision sequences they were recorded with: the Mede paying 1 AP over Mede
connections, no-man's land counting as friendly, mercenaries joining a force in an allied area, no interception
that needs a declaration of war, 7.4.4 checks rolled at the end of the impulse, the last Interphase without
7.3.2 and 7.4–7.7, 10.4.a repairs without income.
"""

from __future__ import annotations

from ashur.games.assyrian_wars.ctx import Ctx

OPTION = "pre14_readings"


def pre14(ctx: Ctx) -> bool:
    """Whether the game keeps the readings of the rules from before issue 14 (old saves only)."""
    return bool(ctx.s["options"].get(OPTION))
