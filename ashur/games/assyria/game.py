"""Assyria (Ystari 2009) as an Ashur game module: the contract glue.

The rules live in :mod:`ashur.games.assyria.rules` (one module per part of the rule book), the content
(board, set-ups, cards, tracks) in :mod:`ashur.games.assyria.content`. The state is plain JSON data with
the control flow as a stack of steps (:mod:`ashur.core.flow`).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ashur.core import flow
from ashur.core.contract import Action, Game, OptionSpec, Reason, Result, ScenarioInfo
from ashur.core.errors import IllegalAction
from ashur.core.i18n import read_catalog
from ashur.core.statedata import GameState, as_state, clone, copy_actions
from ashur.core.validate import check_action_id
from ashur.games.assyria.content import content
from ashur.games.assyria.ctx import Ctx
from ashur.games.assyria.rules import FLOW, refs
from ashur.games.assyria.setup import COLOURS, SCENARIOS, new_state

State = dict[str, Any]
HERE = Path(__file__).parent
MESSAGES = HERE / "messages"


class Assyria(Game):
    id = "assyria"
    name = "Assyria"
    version = "0.1"

    # --- setup ----------------------------------------------------------------------------------
    def scenarios(self) -> dict[str, ScenarioInfo]:
        """One set-up per number of players: the full board for 4, the cropped boards for 3 and 2."""
        names = {4: "Four players (full board)", 3: "Three players (cropped board)",
                 2: "Two players (cropped board, 2-player Assur)"}
        return {sid: ScenarioInfo(sid, names[n], f"Assyria for {n} players", (n,), {"players": n})
                for sid, n in SCENARIOS.items()}

    def options(self) -> dict[str, OptionSpec]:
        return {"auto_forced": OptionSpec("auto_forced", True, "answer a prompt with a single legal action "
                                          "without asking (off: every atom is asked, as in scripted rule tests)",
                                          kind=bool)}

    def roles(self, scenario: str, options: dict[str, Any]) -> list[str]:
        return list(COLOURS[: SCENARIOS[scenario]])

    def setup(self, scenario: str, seed: int, options: dict[str, Any], seats: dict[str, str]) -> State:
        state = GameState(new_state(content(), scenario, seed, options))
        flow.push(state, "game", phase="prep")
        ctx = Ctx(state, content())
        FLOW.advance(ctx, state)
        self._settle(ctx, state)
        return state

    # --- the contract ---------------------------------------------------------------------------
    def _ctx(self, state: State) -> Ctx:
        return Ctx(state, content())

    def _deciders(self, state: GameState) -> list[str]:
        found = state.memo.get("deciders")
        if found is None:
            found = state.memo["deciders"] = FLOW.deciders(self._ctx(state), state)
        return found  # type: ignore[no-any-return]

    def _legal(self, state: GameState, role: str) -> list[Action]:
        key = ("legal", role)
        acts = state.memo.get(key)
        if acts is None:
            acts = FLOW.actions(self._ctx(state), state, role) if role in self._deciders(state) else []
            state.memo[key] = acts
        return acts  # type: ignore[no-any-return]

    def active(self, state: State) -> list[str]:
        return list(self._deciders(as_state(state)))

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return copy_actions(self._legal(as_state(state), role))

    def view(self, state: State, role: str) -> dict[str, Any]:
        from ashur.games.assyria.view import build_view

        state = as_state(state)
        ctx = self._ctx(state)
        deciding = self._deciders(state)
        acts = copy_actions(self._legal(state, role)) if role in deciding else []
        prompt = FLOW.prompt(ctx, state, role, acts) if role in deciding else None
        return build_view(ctx, role, prompt, acts, list(deciding))

    def apply(self, state: State, role: str, action_id: str) -> None:
        """Apply one legal action in place (simulations and search); a refused one changes nothing."""
        check_action_id(action_id, role)
        state = as_state(state)
        if role not in self._deciders(state):
            self._refuse_not_deciding(state, role, action_id)
        legal = self._legal(state, role)
        act = next((a for a in legal if a["id"] == action_id), None)
        ctx = self._ctx(state)
        if act is None:
            act = FLOW.find(ctx, state, role, action_id, role)  # raises with the step's reason and rule
        state.memo.clear()
        try:
            FLOW.apply_found(ctx, state, role, act)
            self._settle(ctx, state)
        finally:
            state.memo.clear()

    def act(self, state: State, role: str, action_id: str) -> State:
        check_action_id(action_id, role)
        state = as_state(state)
        if role not in self._deciders(state):
            self._refuse_not_deciding(state, role, action_id)
        if not any(a["id"] == action_id for a in self._legal(state, role)):
            FLOW.find(self._ctx(state), state, role, action_id, role)  # raises IllegalAction naming the rule
        new = clone(state)
        self.apply(new, role, action_id)
        return new  # type: ignore[no-any-return]

    def _settle(self, ctx: Ctx, state: State) -> None:
        """DESIGN: a prompt with a single legal action answers itself (option ``auto_forced``), unless the
        others could not tell from what they see that it is the only choice."""
        if not state["options"].get("auto_forced", True):
            return

        def choose(c: Ctx, st: State) -> tuple[str, Action] | None:
            frame = st["stack"][-1]
            step = FLOW.step(frame)
            who = step.deciders(c, frame)
            if len(who) != 1:
                return None
            lone = flow.forced(step.actions(c, frame, who[0]))
            if lone is None or not step.lone_is_public(c, frame, who[0]):
                return None
            return who[0], lone

        FLOW.settle(ctx, state, choose)

    def _refuse_not_deciding(self, state: State, role: str, action_id: str) -> None:
        if not state["stack"]:
            raise IllegalAction(action_id, "the game is over", refs.END_OF_GAME, role)
        top = state["stack"][-1]
        raise IllegalAction(action_id, f"{role} does not decide now", FLOW.step(top).rule, role)

    def result(self, state: State) -> Result:
        scores = {r: float(state["p"][r]["score"]) for r in state["roles"]}
        over = bool(state["over"])
        return {"over": over, "scores": scores, "winners": list(state["winners"]) if over else [],
                "reason": "as.reason.end" if over else ""}

    # --- tooling --------------------------------------------------------------------------------
    def invariants(self, state: State) -> list[str]:
        from ashur.games.assyria.invariants import check

        return check(self._ctx(state))

    def scramble(self, state: State, role: str, seed: int, *, keep_rng: bool = False) -> State:
        from ashur.games.assyria.view import scramble_state

        s = clone(as_state(state))
        return scramble_state(self._ctx(s), role, seed, keep_rng=keep_rng)

    def messages(self, lang: str) -> dict[str, str]:
        return _catalog(lang)

    def bot_profile(self, name: str) -> dict[str, float]:
        """The weighted bots' profiles (``bot/weights.yaml``, section ``profiles``)."""
        from ashur.games.assyria.bot.weights import profiles

        return dict(profiles().get(name, {}))

    def rank_actions(self, view: dict[str, Any], actions: list[Action]) -> list[tuple[float, Reason]]:
        from ashur.games.assyria.bot.rank import rank

        return rank(view, list(actions), content())

    def evaluate(self, view: dict[str, Any], role: str) -> float:
        from ashur.games.assyria.bot.rank import evaluate

        return evaluate(view, role)

    def fix_draws(self, state: State, items: list[Any]) -> None:
        """Test hook: the next cards drawn are these, first drawn first. Food cards (``f07``) go on top of
        the food deck, expansion cards (``e3``) on top of the expansion deck; each is taken from wherever it
        lies in a deck or the discard pile."""
        food = [i for i in items if str(i).startswith("f")]
        exp = [i for i in items if str(i).startswith("e")]
        for card in food:
            for pile in ("deck", "discard"):
                if card in state[pile]:
                    state[pile].remove(card)
                    break
            else:
                raise ValueError(f"food card {card} is neither in the deck nor in the discard pile")
        state["deck"].extend(reversed(food))
        for card in exp:
            if card not in state["exp_deck"]:
                raise ValueError(f"expansion card {card} is not in the expansion deck")
            state["exp_deck"].remove(card)
        state["exp_deck"].extend(reversed(exp))

    def resume(self, state: State) -> None:
        """Test hook: run the automatic steps of a state edited by hand up to the next decision."""
        state = as_state(state)
        state.memo.clear()
        ctx = self._ctx(state)
        FLOW.advance(ctx, state)
        self._settle(ctx, state)
        state.memo.clear()

    def decision_kind(self, state: State) -> str:
        return str(state["stack"][-1]["step"]) if state["stack"] else ""

    def tallies(self, state: State) -> dict[str, dict[str, int]]:
        """The final scores, summed by ``ashur simulate --json`` over its games: ``final_scores`` per colour, and
        ``final_score_totals`` (games finished, player results, the sum of all scores, the sum of the winning
        scores) from which the mean score and the mean winning score follow."""
        if not state["over"]:
            return {}
        scores = {r: int(state["p"][r]["score"]) for r in state["roles"]}
        return {"final_scores": scores,
                "final_score_totals": {"games": 1, "results": len(scores), "score_sum": sum(scores.values()),
                                       "winner_score_sum": max(scores.values())}}

    def lone_kept_secret(self, state: State, role: str) -> bool:
        """For a prompt of `role` with a single legal action: whether it is asked because the others cannot
        tell it is the only choice (a draft packet of identical cards), for ``simulate``'s prompt tally."""
        state = as_state(state)
        if not state["stack"] or role not in self._deciders(state):
            return False
        frame = state["stack"][-1]
        return not FLOW.step(frame).lone_is_public(self._ctx(state), frame, role)

    def summary(self, state: State) -> dict[str, Any]:
        return {"turn": state["turn"], "reign": state["reign"]}

    def report(self, state: State) -> dict[str, Any]:
        """Points by source, wells, ziggurats and huts lost to famine and floods, from the public log."""
        from ashur.games.assyria.report import report

        return report(state)

    def render_terminal(self, view: dict[str, Any], lang: str = "en") -> Any:
        from ashur.games.assyria.tui import render

        return render(view, content(), {**_catalog("en"), **_catalog(lang)})

    def render_terminal_board(self, view: dict[str, Any], lang: str = "en") -> Any:
        from ashur.games.assyria.tui import render_board

        return render_board(view, content(), {**_catalog("en"), **_catalog(lang)})

    def board(self) -> dict[str, Any]:
        from ashur.games.assyria.board import board

        return board(content())

    def content_check(self) -> list[str]:
        from ashur.games.assyria.content import check_content

        return check_content()

    def content_dump(self) -> dict[str, Any]:
        from ashur.games.assyria.content import dump_content

        return dump_content()

    def content_map_svg(self) -> str:
        from ashur.games.assyria.board import svg

        return svg(content())


@lru_cache(maxsize=4)
def _catalog(lang: str) -> dict[str, str]:
    """Every message file of a language (``messages/<lang>/*.yaml``) merged; a key defined twice is an error."""
    return read_catalog(MESSAGES / lang)


GAME = Assyria()
