"""The fixed integer encoding of a game's action ids (issue 19), shared by the OpenSpiel and PettingZoo adapters.

OpenSpiel and every learning library want an action to be a small integer, the same integer for the same
action in every state, run and version. The engine's actions are ids: short ASCII words joined by colons
(``card:12:ap``, ``move:nineveh``, ``fw_unit:assyria-hi4-6``), one id per distinct kind *and* argument. Their
set is not enumerable from the contract (the arguments are areas, pieces, cards, numbers that the game's code
composes), and a hash of the id into a small range could give two actions one number. So the encoding is a
**table**: the data file ``tables/<game id>.txt`` lists action ids, one a line; the integer of an id is its
line number among the non-comment lines (0-based).

* **Stable across versions.** The table is append-only: :func:`grow` adds the ids it has not seen at the end
  (sorted within one growth, so a growth is a pure function of the old table and the ids found) and never
  removes or reorders a line; an id that a later version no longer offers keeps its number, unused.
* **Complete as far as exploration reaches.** :func:`grow` plays random and heuristic games of every scenario
  under every option preset (:func:`presets`) with fixed seeds and collects every legal id it is offered
  (not only the chosen ones). The tests check that fresh games meet no id outside the table.
* **Never a wrong number.** An id missing from the table (a rare action exploration never met, or a game
  without a table yet) is not refused: it gets the next number of a *headroom* block of :data:`HEADROOM`
  numbers after the table, in the order this process first meets such ids, and a warning names it and the
  command that adds it to the table. Within a process the numbering stays distinct and consistent; across
  processes only the table's numbers are guaranteed, which is why the table should be grown.

``num_distinct_actions`` of a game is ``len(table) + HEADROOM``.
"""

from __future__ import annotations

import argparse
import itertools
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ashur.core.contract import Game, resolve_options, resolve_seats
from ashur.core.registry import get_game

TABLES = Path(__file__).parent / "tables"
HEADROOM = 4096
"""Numbers kept after a game's table for ids the table lacks (see the module)."""


class ActionTable:
    """One game's id <-> integer table, with its headroom block for ids met outside the table."""

    def __init__(self, game_id: str, ids: list[str]) -> None:
        self.game_id = game_id
        self.ids: list[str] = list(ids)
        self.fixed = len(self.ids)
        """How many numbers the table file fixes (the rest were given in this process)."""
        self.codes: dict[str, int] = {a: i for i, a in enumerate(self.ids)}
        if len(self.codes) != len(self.ids):
            dup = next(a for a in self.ids if self.ids.count(a) > 1)
            raise ValueError(f"action table of {game_id}: {dup!r} is listed twice")

    @property
    def size(self) -> int:
        """The number of distinct actions: the table and its headroom."""
        return self.fixed + HEADROOM

    def code(self, action_id: str) -> int:
        """The integer of `action_id` (an id outside the table takes the next headroom number, with a warning)."""
        found = self.codes.get(action_id)
        if found is not None:
            return found
        if len(self.ids) >= self.size:
            raise OverflowError(f"{self.game_id}: more than {HEADROOM} action ids outside the table; grow it: "
                                f"python -m ashur.adapters.actions {self.game_id}")
        warnings.warn(f"{self.game_id}: action id {action_id!r} is not in the action table; it gets number "
                      f"{len(self.ids)} in this process only (python -m ashur.adapters.actions {self.game_id} "
                      f"adds the ids exploration finds)", stacklevel=2)
        n = self.codes[action_id] = len(self.ids)
        self.ids.append(action_id)
        return n

    def action_id(self, code: int) -> str:
        """The action id of integer `code` (KeyError for a number no id has)."""
        if 0 <= code < len(self.ids):
            return self.ids[code]
        raise KeyError(f"{self.game_id}: no action has number {code}")


_LOADED: dict[str, ActionTable] = {}


def path_of(game_id: str) -> Path:
    return TABLES / f"{game_id}.txt"


def read_ids(path: Path) -> list[str]:
    """The ids of a table file in order (comment lines start with ``#``; blank lines are skipped)."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="ascii").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def table(game_id: str) -> ActionTable:
    """The action table of `game_id`, loaded once per process (an empty table when the game has no file)."""
    found = _LOADED.get(game_id)
    if found is None:
        found = _LOADED[game_id] = ActionTable(game_id, read_ids(path_of(game_id)))
    return found


# --- growing a table ----------------------------------------------------------------------------
def presets(game: Game) -> list[dict[str, Any]]:
    """The option sets exploration plays, from the game's option specs only: the defaults; each boolean
    option flipped alone; each other choice of an option that lists its choices."""
    out: list[dict[str, Any]] = [{}]
    for name, spec in game.options().items():
        if spec.kind is bool:
            out.append({name: not spec.default})
        elif spec.choices:
            out += [{name: c} for c in spec.choices if c != spec.default]
    return out


def explore(game: Game, games: int, max_decisions: int, seed: int = 19) -> Iterator[str]:
    """Every legal action id offered in `games` games per scenario, player count and option preset (half of
    them with random bots, half heuristic), each cut at `max_decisions` decisions; deterministic."""
    from ashur import bots as botlib
    from ashur.core.errors import SetupError
    from ashur.tools.simulate import derive

    for scenario, info in game.scenarios().items():
        variants = list(presets(game))
        if "players" in game.options():
            variants += [{"players": n} for n in info.player_counts]
        for k, (given, i) in enumerate(itertools.product(variants, range(games))):
            try:
                opts = resolve_options(game, given)
                roles = game.roles(scenario, opts)
                state = game.setup(scenario, derive(seed, scenario, k), opts, resolve_seats(game, scenario, opts, {}))
            except SetupError:
                continue
            kind = "random" if i % 2 == 0 else "heuristic"
            bots = {r: botlib.make(kind, derive(seed, scenario, k, r)) for r in roles}
            for _ in range(max_decisions):
                if game.result(state)["over"]:
                    break
                role = game.active(state)[0]
                legal = game.legal_actions(state, role)
                yield from (a["id"] for a in legal)
                game.apply(state, role, bots[role].choose(game, state, role, legal))


def grow(game_id: str, found: Iterable[str]) -> list[str]:
    """Append the ids of `found` the table file lacks (sorted) to it; the ids added."""
    path = path_of(game_id)
    old = read_ids(path)
    known = set(old)
    new = sorted({a for a in found if a not in known})
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# Action table of {game_id} (issue 19): the integer of an action id is its line number\n"
                        "# among the lines that are not comments, from 0. Append-only: never reorder or remove a\n"
                        "# line. Grown by: python -m ashur.adapters.actions " + game_id + "\n", encoding="ascii")
    if new:
        with path.open("a", encoding="ascii") as fh:
            fh.write("".join(a + "\n" for a in new))
    _LOADED.pop(game_id, None)
    return new


def main(argv: list[str] | None = None) -> None:
    """``python -m ashur.adapters.actions GAME [--games N] [--max-decisions N] [--check]``."""
    p = argparse.ArgumentParser(description="Grow (or check) the append-only action table of a game.")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=2, help="games per scenario, player count and option preset")
    p.add_argument("--max-decisions", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=19)
    p.add_argument("--check", action="store_true", help="report the ids missing from the table, change nothing")
    args = p.parse_args(argv)
    game = get_game(args.game)
    found = set(explore(game, args.games, args.max_decisions, args.seed))
    known = set(read_ids(path_of(args.game)))
    missing = sorted(found - known)
    if args.check:
        print(f"{args.game}: {len(found)} ids met, {len(missing)} missing from the table")
        for a in missing:
            print("  " + a)
        raise SystemExit(1 if missing else 0)
    added = grow(args.game, found)
    print(f"{args.game}: {len(found)} ids met, {len(added)} added; the table has {len(read_ids(path_of(args.game)))}")


if __name__ == "__main__":
    main()
