"""Test hooks (DESIGN: tests): load a position from JSON, fix the next dice and draws, act, assert.

    pos = Position.setup(game, "campaign", seed=1)
    pos.fix_dice(6, 6)                       # the next two dice, whatever rolls them
    pos.fix_roll("interception", 3, 4)       # the next interception roll (by `why` or rule number)
    pos.give_impulse("elam", 6, cards=[12])  # Elam's impulse now, 6 AP, card 12 in hand
    pos.prompt("elam")["actions"]            # the pending decision: rule, key, text, action ids
    pos.act("assyria", "card:12:ap")
    pos.assert_logged(rule="6.6.9")
    pos.assert_illegal("assyria", "card:13:ap", rule="3.2")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from ashur.core import log as corelog
from ashur.core.contract import Action, Game
from ashur.core.errors import IllegalAction
from ashur.core.statedata import as_state, clone, thaw

State = dict[str, Any]


class Position:
    """A game state under test with helpers to script randomness and check results."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.state = state

    @property
    def state(self) -> State:
        """The state under test. Tests may edit it in place, so the engine's memo of it is dropped on
        every access (the memo is only valid for a state nobody but the engine changes), and the records
        it shares with earlier states (copy on write) become its own."""
        st = self._state
        thaw(st)
        memo = getattr(st, "memo", None)
        if memo:
            memo.clear()
        return st

    @state.setter
    def state(self, value: State) -> None:
        self._state = as_state(value)

    # --- building positions -------------------------------------------------------------------
    @classmethod
    def setup(cls, game: Game, scenario: str, seed: int = 1, options: dict[str, Any] | None = None,
              seats: dict[str, str] | None = None) -> Position:
        from ashur.core.contract import resolve_options, resolve_seats

        # Scripted rule tests see every atom: a game's `auto_forced` (answering one-action prompts and
        # standing orders, DESIGN) is off here unless the test turns it on.
        base = {"auto_forced": False} if "auto_forced" in game.options() else {}
        opts = resolve_options(game, {**base, **(options or {})})
        return cls(game, game.setup(scenario, seed, opts, resolve_seats(game, scenario, opts, seats or {})))

    @classmethod
    def load(cls, game: Game, source: str | Path | dict[str, Any]) -> Position:
        """A position from a JSON file (a saved state) or a dict."""
        if isinstance(source, dict):
            return cls(game, clone(source))
        return cls(game, orjson.loads(Path(source).read_bytes()))

    def dump(self, path: str | Path) -> None:
        Path(path).write_bytes(orjson.dumps(self.state, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS))

    # --- scripting randomness -----------------------------------------------------------------
    def fix_dice(self, *values: int) -> Position:
        """The next die rolls give these values, in order."""
        self.state["rng"]["fixed"].extend(values)
        return self

    def fix_draws(self, *items: Any) -> Position:
        """The next cards drawn from the draw pile are these, in order (the game puts them on top)."""
        self.game.fix_draws(self.state, list(items))
        return self

    def fix_roll(self, name_or_rule: str, *values: int) -> Position:
        """The next roll logged with this `why` (``"aw.why.interception"`` or just ``"interception"``) or this
        rule number (``"6.6.9"``) gives these values, whatever other rolls come before it; other rolls are
        untouched (they take :meth:`fix_dice` values or random ones). Several fixes queue in order."""
        if not values:
            raise ValueError("fix_roll needs at least one die value")
        self.state["rng"].setdefault("named", []).append([str(name_or_rule), list(values)])
        return self

    def dice_left(self) -> list[int]:
        return list(self.state["rng"]["fixed"])

    def rolls_left(self) -> list[list[Any]]:
        """The named fixes (:meth:`fix_roll`) no roll has used yet, as ``[name, values]``."""
        return [list(x) for x in self.state["rng"].get("named", [])]

    # --- editing positions --------------------------------------------------------------------
    def resume(self) -> Position:
        """Continue the flow after the position was edited by hand (pieces moved, markers set): indexes and
        memos are rebuilt and the automatic steps run up to the next decision."""
        self.game.resume(self.state)
        return self

    def give_impulse(self, country: str, aps: int, cards: list[Any] | None = None) -> Position:
        """Make it `country`'s impulse now with `aps` action points and, when `cards` is given, exactly those
        cards in hand (taken from wherever they are; its other cards leave the hand)."""
        self.game.give_impulse(self.state, country, aps, cards)
        return self

    # --- acting -------------------------------------------------------------------------------
    def actions(self, role: str) -> list[Action]:
        return self.game.legal_actions(self.state, role)

    def ids(self, role: str) -> list[str]:
        return [a["id"] for a in self.actions(role)]

    def prompt(self, role: str) -> dict[str, Any] | None:
        """The pending prompt of `role`: ``rule``, ``key``, ``params``, ``text`` (English), ``actions`` (ids
        of the legal actions); None when `role` does not decide now."""
        return self.game.pending(self.state, role)

    def act(self, role: str, *action_ids: str) -> Position:
        """Apply one or more actions of `role` in order; the previous state is never modified."""
        for action_id in action_ids:
            before = clone(self.state)
            self.state = self.game.act(self.state, role, action_id)
            assert before is not self.state
        return self

    # --- assertions ---------------------------------------------------------------------------
    @property
    def log(self) -> list[dict[str, Any]]:
        """The log entries of the game so far, oldest first."""
        return corelog.entries(self.state)

    def logged(self, *, rule: str | None = None, key: str | None = None) -> list[dict[str, Any]]:
        return [e for e in corelog.entries(self.state)
                if (rule is None or e.get("rule") == rule) and (key is None or e["key"] == key)]

    def assert_logged(self, *, rule: str | None = None, key: str | None = None, **params: Any) -> dict[str, Any]:
        """The last log entry with this rule/key (and these parameters); fails if there is none."""
        for entry in reversed(self.logged(rule=rule, key=key)):
            if all(entry["params"].get(k) == v for k, v in params.items()):
                return entry
        raise AssertionError(f"no log entry with rule={rule} key={key} params={params}; last entries: "
                             f"{corelog.entries(self.state)[-5:]}")

    def assert_illegal(self, role: str, action_id: str, rule: str | None = None) -> IllegalAction:
        """`action_id` is refused, naming `rule`; the state stays as it was."""
        before = clone(self.state)
        try:
            self.game.act(self.state, role, action_id)
        except IllegalAction as exc:
            assert self.state == before, "a refused action changed the state"
            if rule is not None:
                assert exc.rule == rule, f"refused under rule {exc.rule}, expected {rule}: {exc}"
            return exc
        raise AssertionError(f"{action_id!r} was accepted for {role}")
