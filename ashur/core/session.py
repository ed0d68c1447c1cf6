"""A game in progress: the state, the record of actions, and undo (DESIGN: determinism, replay, undo).

Undo returns to the last snapshot. Snapshots are kept only within one role's own run of decisions: the
stack is cleared when dice are rolled or a card is drawn or revealed (the game's *barrier* changes), when
the acting role is no longer among the deciders, or when another role acts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ashur.core import rng
from ashur.core.contract import Game, check_scenario, resolve_options, resolve_seats
from ashur.core.errors import IllegalAction
from ashur.core.savefile import SaveFile
from ashur.core.validate import check_action_id

State = dict[str, Any]


def barrier(state: State) -> tuple[int, int]:
    """What undo may not cross: random draws made, and secrets revealed (``state["reveals"]``)."""
    return (rng.draws(state), int(state.get("reveals", 0)))


@dataclass
class Snapshot:
    role: str
    state: State
    record_len: int


@dataclass
class Match:
    """One game: its setup parameters, its current state, the actions so far, and the undo stack."""

    game: Game
    scenario: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, str]
    state: State
    actions: list[list[str]] = field(default_factory=list)
    undo_stack: list[Snapshot] = field(default_factory=list)
    #: keep undo snapshots (people at a table); bots and simulations play in place without them
    keep_undo: bool = True

    @classmethod
    def new(
        cls,
        game: Game,
        scenario: str,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        seats: dict[str, str] | None = None,
        *,
        keep_undo: bool = True,
    ) -> Match:
        """Validate the parameters (unknown scenario, option or role raise SetupError) and set up.

        Without a seed the game takes a fresh 128-bit one (:func:`ashur.core.rng.new_seed`): nobody can
        predict its cards and dice. With a seed it is exactly reproducible.
        """
        if seed is None:
            seed = rng.new_seed()
        check_scenario(game, scenario)
        opts = resolve_options(game, options or {})
        seat_map = resolve_seats(game, scenario, opts, seats or {})
        state = game.setup(scenario, seed, opts, seat_map)
        return cls(game, scenario, seed, opts, seat_map, state, keep_undo=keep_undo)

    # --- playing -----------------------------------------------------------------------------
    def active(self) -> list[str]:
        return self.game.active(self.state)

    def act(self, role: str, action_id: str) -> None:
        """Apply an action; on IllegalAction nothing changes (the game never mutates its input)."""
        check_action_id(action_id, role)
        if role not in self.game.active(self.state):
            raise IllegalAction(action_id, f"{role} does not decide now", None, role)
        if not self.keep_undo:
            self.game.apply(self.state, role, action_id)
            self.actions.append([role, action_id])
            self.undo_stack.clear()
            return
        before = self.state
        after = self.game.act(before, role, action_id)
        self.actions.append([role, action_id])
        if self.undo_stack and self.undo_stack[-1].role != role:
            self.undo_stack.clear()
        if barrier(after) == barrier(before) and role in self.game.active(after):
            self.undo_stack.append(Snapshot(role, before, len(self.actions) - 1))
        else:
            self.undo_stack.clear()
        self.state = after

    def can_undo(self, role: str) -> bool:
        return bool(self.undo_stack) and self.undo_stack[-1].role == role

    def undo(self, role: str) -> None:
        """Return to the last snapshot of `role`'s own run of decisions."""
        if not self.can_undo(role):
            raise IllegalAction("undo", "nothing to undo: dice were rolled, a card was drawn or revealed, "
                                "or another role decided since", None, role)
        snap = self.undo_stack.pop()
        self.state = snap.state
        del self.actions[snap.record_len:]

    # --- saving ------------------------------------------------------------------------------
    def to_save(self) -> SaveFile:
        return SaveFile(
            game=self.game.id,
            version=self.game.version,
            scenario=self.scenario,
            seed=self.seed,
            options=self.options,
            seats=self.seats,
            actions=[list(a) for a in self.actions],
        )
