"""The course of the game (Order of play): the preparation, then 3 reigns of 2, 3 and 3 turns, each turn
farming, expansion and actions, the end of turn, and the flood that closes each reign."""

from __future__ import annotations

from typing import Any

from ashur.core.flow import Step, pop
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import refs
from ashur.games.assyria.rules.cards import draw_expansion
from ashur.games.assyria.rules.farming import new_order, sow, unselected
from ashur.games.assyria.rules.flood import end_of_game, flood, next_reign
from ashur.games.assyria.rules.prep import start_draft
from ashur.games.assyria.rules.registry import FLOW

Frame = dict[str, Any]


@FLOW.register
class Game(Step[Ctx]):
    """The driver at the bottom of the stack: one phase after the other (``phase``), pushing the steps in
    which players decide."""

    kind = "game"
    rule = refs.ORDER_OF_PLAY

    def run(self, ctx: Ctx, frame: Frame) -> None:
        s = ctx.s
        phase = frame["phase"]
        push = s["stack"].append
        if phase == "prep":
            # Preparation: the first player sows, then each player picks a starting space, then the draft
            sow(ctx)
            frame["phase"] = "draft"
            push({"step": "start", "queue": list(s["order"])})
        elif phase == "draft":
            frame["phase"] = "harvest"
            start_draft(ctx)
        elif phase == "sow":
            frame["phase"] = "harvest"
            sow(ctx)
        elif phase == "harvest":
            frame["phase"] = "expansion"
            ctx.log("as.turn", refs.ORDER_OF_PLAY, turn=s["turn"], reign=s["reign"], turn_in_reign=s["turn_in_reign"])
            push({"step": "harvest", "queue": list(s["order"])})
        elif phase == "expansion":
            new_order(ctx)
            frame["phase"] = "actions"
            push({"step": "expand", "queue": list(s["order"]), "part": "huts"})
        elif phase == "actions":
            frame["phase"] = "end"
            for role in s["roles"]:
                s["p"][role]["bought"] = False
                s["p"][role]["offered"] = False
            push({"step": "act", "queue": list(s["order"])})
        else:
            end_of_turn(ctx, frame)


def end_of_turn(ctx: Ctx, frame: Frame) -> None:
    """End of turn: the unselected cards are discarded (docs/rules-decisions-assyria.md) and every hut goes
    back to the bottom of its hex (to be resupplied again). At the end of a reign the flood comes (and after
    the third, the end of the game); otherwise the next expansion card is turned."""
    s = ctx.s
    s["discard"].extend(unselected(ctx))
    s["columns"] = []
    s["taken"] = {}
    s["fed"] = []
    ctx.log("as.end_of_turn", refs.END_OF_TURN, turn=s["turn"])
    if s["turn_in_reign"] == refs.REIGN_TURNS[s["reign"] - 1]:
        flood(ctx)
        if s["reign"] == len(refs.REIGN_TURNS):
            end_of_game(ctx)
            pop(s)
            return
        next_reign(ctx)
    else:
        s["turn_in_reign"] += 1
        draw_expansion(ctx, refs.END_OF_TURN)
    s["turn"] += 1
    frame["phase"] = "sow"
