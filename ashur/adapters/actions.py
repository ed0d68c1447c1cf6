"""The fixed integer encoding of a game's action ids (issue 19), shared by the OpenSpiel and PettingZoo adapters.

OpenSpiel and every learning library want an action to be a small integer, the same integer for the same
action in every state, run and version. The engine's actions are ids: short ASCII words joined by colons
(``card:12:ap``, ``move:nineveh``, ``fw_unit:assyria-hi4-6``), one id per distinct kind *and* argument. Their
set is not enumerable from the contract (the arguments are areas, pieces, cards, numbers that the game's code
composes), and a hash of the id into a small range could give two actions one number. So the encoding is a
**table**, the data file ``tables/<game id>.txt``, read top to bottom, with these kinds of lines:

* an **id** (``pass``, ``loose:elam-b3-2:elam-ituni``) takes the next number;
* a **numbered family** (``card:{n}:ap 512``: one colon-separated token is ``{n}``, then a block size) takes the
  next `size` numbers, one per whole number ``n`` in ``0..size-1``: ``card:7:ap`` is the family's first number
  plus 7, whether or not exploration ever met it. Families cover the ids whose argument is a number (cards,
  amounts, serial numbers of standing orders), which exploration alone could never complete;
* a **class** (``= content_areas abydos adana aiapir ...``) names a list of tokens and takes no number;
* a **class family** (``to:{content_areas}``: one token is ``{CLASS}``) takes the next ``len(class)`` numbers,
  one per token of the class in its order: ``to:adana`` is the family's first number plus 1. The classes
  are the keys of the game's own tables, taken generically (:func:`token_classes`: every top-level table of the
  setup state of each scenario, of the last states of the exploration games and of ``content_dump()``), so a
  family covers every area, piece or country of its kind, met in exploration or not. A class is a frozen
  snapshot: content that grows later gets a new class (``state_pieces_2``), never a changed one;
* a **pair family** (``loose:{loose_1}:{loose_2}``: two tokens are classes, here the units and the leaders met
  at those places) takes ``len(A) * len(B)`` numbers, ``first + index_A * len(B) + index_B``: every pair of the
  tokens met, whether that pair was met or not (the long tail of two-argument ids is pairs, not new tokens).

An id listed on a line of its own keeps that number even if a family would also cover it (lines win over
families; numbered families over class families over pair families; among families of a kind, the one whose
placeholder comes first in the id, then the first declared). Decoding is the inverse.

* **Stable across versions.** The table is append-only: :func:`grow` adds what it has not seen at the end
  (new families first, then new ids, each group sorted, so a growth is a pure function of the old table and
  the ids found) and never removes or reorders a line; an id that a later version no longer offers keeps its
  number, unused.
* **Complete as far as exploration and families reach.** :func:`grow` plays random and heuristic games of
  every scenario under every option preset (:func:`presets`) with fixed seeds and collects every legal id it is
  offered (not only the chosen ones); an id pattern met with at least :data:`FAMILY_MIN` different numbers
  becomes a numbered family with a block of at least four times the largest number met, and one met with at
  least :data:`FAMILY_MIN` different tokens, most of which belong to a class, becomes a family over that
  class; two places met with at least :data:`FAMILY_MIN` different pairs become a pair family over the tokens
  met at each (:func:`plan`). What no family takes is listed id by id. The tests check that fresh games meet no
  id outside the table.
* **Never a wrong number.** An id the table does not cover (a rare action exploration never met, a number past
  its family's block, a game without a table yet) is not refused: it gets the next number of a *headroom*
  block of :data:`HEADROOM` numbers after the table, in the order this process first meets such ids, and a
  warning names it and the command that adds it to the table. Within a process the numbering stays distinct
  and consistent; across processes only the table's numbers are fixed, which is why the table should be grown.

``num_distinct_actions`` of a game is the table's numbers plus :data:`HEADROOM`.
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

State = dict[str, Any]

TABLES = Path(__file__).parent / "tables"
HEADROOM = 4096
"""Numbers kept after a game's table for ids the table lacks (see the module)."""
FAMILY_MIN = 8
"""How many different numbers an id pattern needs among the ids found to become a numbered family."""
PAIR_MAX = 16384
"""The largest pair family (the product of its two classes' sizes)."""
CLASS_SHARE = 0.8
"""The share of the tokens met at a place that a class must hold to become that place's family (the class
holding most of them, then the smallest; the tokens it lacks stay ids of their own)."""
N = "{n}"


def _number(token: str) -> int | None:
    """The whole number a token spells in canonical decimal (``7``, not ``07`` or ``+7``), else None."""
    if token.isdigit() and (token == "0" or not token.startswith("0")):
        return int(token)
    return None


def patterns(action_id: str) -> Iterator[tuple[str, int]]:
    """(family pattern, number) for each token of `action_id` that is a whole number, left to right."""
    tokens = action_id.split(":")
    for i, tok in enumerate(tokens):
        n = _number(tok)
        if n is not None:
            yield ":".join([*tokens[:i], N, *tokens[i + 1:]]), n


class ActionTable:
    """One game's id <-> integer table (ids, numbered families, class families), with its headroom."""

    def __init__(self, game_id: str, lines: list[str]) -> None:
        self.game_id = game_id
        self.codes: dict[str, int] = {}
        self.families: dict[str, tuple[int, int]] = {}
        """numbered family pattern -> (first number, block size)"""
        self.classes: dict[str, list[str]] = {}
        self.class_families: dict[str, tuple[int, str]] = {}
        """class family pattern (``to:{content_areas}``) -> (first number, class name)"""
        self.pair_families: dict[str, tuple[int, str, str]] = {}
        """pair family pattern (``loose:{loose_1}:{loose_2}``) -> (first number, class of the first place, of the
        second)"""
        self._memo: dict[str, int | None] = {}
        self._where: dict[str, dict[str, int]] = {}
        """class name -> token -> its index in the class"""
        self._token_classes: dict[str, list[str]] = {}
        """token -> the classes holding it, in declaration order"""
        decode: list[tuple[int, str, int, tuple[str, ...]]] = []
        n = 0
        for line in lines:
            parts = line.split()
            if parts[0] == "=":
                if len(parts) < 3 or parts[1] in self.classes or not parts[1].replace("_", "").isalnum():
                    raise ValueError(f"action table of {game_id}: bad or repeated class line {line[:60]!r}")
                name, members = parts[1], parts[2:]
                if len(set(members)) != len(members):
                    raise ValueError(f"action table of {game_id}: class {name} lists a token twice")
                self.classes[name] = members
                self._where[name] = {t: i for i, t in enumerate(members)}
                for t in members:
                    self._token_classes.setdefault(t, []).append(name)
            elif len(parts) == 2 and N in parts[0]:
                pattern, size = parts[0], int(parts[1])
                if pattern in self.families or size < 1 or pattern.count("{") != 1:
                    raise ValueError(f"action table of {game_id}: bad or repeated family line {line!r}")
                self.families[pattern] = (n, size)
                decode.append((n, pattern, size, ()))
                n += size
            elif len(parts) == 1 and "{" in line:
                names = tuple(tok[1:-1] for tok in line.split(":") if tok.startswith("{") and tok.endswith("}"))
                if not 1 <= len(names) <= 2 or line.count("{") != len(names) or \
                        any(x not in self.classes for x in names) or line in self.class_families or \
                        line in self.pair_families:
                    raise ValueError(f"action table of {game_id}: bad or repeated class family {line!r}")
                size = 1
                for x in names:
                    size *= len(self.classes[x])
                if len(names) == 1:
                    self.class_families[line] = (n, names[0])
                else:
                    self.pair_families[line] = (n, names[0], names[1])
                decode.append((n, line, size, names))
                n += size
            elif len(parts) == 1:
                if line in self.codes:
                    raise ValueError(f"action table of {game_id}: {line!r} is listed twice")
                self.codes[line] = n
                decode.append((n, line, 0, ()))
                n += 1
            else:
                raise ValueError(f"action table of {game_id}: malformed line {line!r}")
        self.fixed = n
        """How many numbers the table file fixes (the headroom follows)."""
        self._entry: list[tuple[int, str, int, tuple[str, ...]]] = [e for e in decode for _ in range(e[2] or 1)]
        """Per number of the table, its (first number, id or pattern, block size, classes) entry: O(1) decoding."""
        self.extra: list[str] = []
        """Ids outside the table met in this process, in order: numbers ``fixed``, ``fixed + 1``, ..."""
        self._extra_codes: dict[str, int] = {}

    @property
    def size(self) -> int:
        """The number of distinct actions: the table and its headroom."""
        return self.fixed + HEADROOM

    def covered(self, action_id: str) -> int | None:
        """The table's number for `action_id` (by its line or a family), or None (memoised)."""
        found = self.codes.get(action_id)
        if found is not None:
            return found
        if action_id in self._memo:
            return self._memo[action_id]
        found = self._by_family(action_id)
        if len(self._memo) > 200_000:
            self._memo.clear()
        self._memo[action_id] = found
        return found

    def _by_family(self, action_id: str) -> int | None:
        """The number a family gives `action_id`: numbered families, then class families, then pair families."""
        for pattern, n in patterns(action_id):
            fam = self.families.get(pattern)
            if fam is not None and n < fam[1]:
                return fam[0] + n
        tokens = action_id.split(":")
        classes = [self._token_classes.get(tok, ()) for tok in tokens]
        if self.class_families:
            for i, tok in enumerate(tokens):
                for name in classes[i]:
                    cf = self.class_families.get(":".join([*tokens[:i], "{" + name + "}", *tokens[i + 1:]]))
                    if cf is not None:
                        return cf[0] + self._where[name][tok]
        if self.pair_families:
            for i in range(len(tokens)):
                for j in range(i + 1, len(tokens)):
                    for a in classes[i]:
                        for b in classes[j]:
                            key = ":".join([*tokens[:i], "{" + a + "}", *tokens[i + 1:j], "{" + b + "}",
                                            *tokens[j + 1:]])
                            pf = self.pair_families.get(key)
                            if pf is not None:
                                return pf[0] + self._where[a][tokens[i]] * len(self.classes[b]) + \
                                    self._where[b][tokens[j]]
        return None

    def code(self, action_id: str) -> int:
        """The integer of `action_id` (an id outside the table takes the next headroom number, with a warning)."""
        found = self.covered(action_id)
        if found is None:
            found = self._extra_codes.get(action_id)
        if found is not None:
            return found
        if len(self.extra) >= HEADROOM:
            raise OverflowError(f"{self.game_id}: more than {HEADROOM} action ids outside the table; grow it: "
                                f"python -m ashur.adapters.actions {self.game_id}")
        code = self.fixed + len(self.extra)
        warnings.warn(f"{self.game_id}: action id {action_id!r} is not in the action table; it gets number "
                      f"{code} in this process only (python -m ashur.adapters.actions {self.game_id} adds the "
                      f"ids exploration finds)", stacklevel=2)
        self.extra.append(action_id)
        self._extra_codes[action_id] = code
        return code

    def action_id(self, code: int) -> str:
        """The action id of integer `code` (KeyError for a number no id has)."""
        if code >= self.fixed:
            k = code - self.fixed
            if k < len(self.extra):
                return self.extra[k]
            raise KeyError(f"{self.game_id}: no action has number {code}")
        if code < 0:
            raise KeyError(f"{self.game_id}: no action has number {code}")
        first, text, size, names = self._entry[code]
        if len(names) == 1:
            return text.replace("{" + names[0] + "}", self.classes[names[0]][code - first])
        if len(names) == 2:
            ia, ib = divmod(code - first, len(self.classes[names[1]]))
            return text.replace("{" + names[0] + "}", self.classes[names[0]][ia], 1).replace(
                "{" + names[1] + "}", self.classes[names[1]][ib], 1)
        return text.replace(N, str(code - first)) if size else text


_LOADED: dict[str, ActionTable] = {}


def path_of(game_id: str) -> Path:
    return TABLES / f"{game_id}.txt"


def read_lines(path: Path) -> list[str]:
    """The lines of a table file in order (comment lines start with ``#``; blank lines are skipped)."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="ascii").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def table(game_id: str) -> ActionTable:
    """The action table of `game_id`, loaded once per process (an empty table when the game has no file)."""
    found = _LOADED.get(game_id)
    if found is None:
        found = _LOADED[game_id] = ActionTable(game_id, read_lines(path_of(game_id)))
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


def explore(game: Game, games: int, max_decisions: int, seed: int = 19,
            last_states: list[State] | None = None) -> Iterator[str]:
    """Every legal action id offered in `games` games per scenario, player count and option preset (half of
    them with random bots, half heuristic), each cut at `max_decisions` decisions; deterministic. The last
    state of each game is appended to `last_states` when given (for :func:`token_classes`)."""
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
            if last_states is not None:
                last_states.append(state)


def token_classes(game: Game, states: Iterable[State] = ()) -> dict[str, list[str]]:
    """Classes of tokens from the game's own tables, over the contract only: for every scenario's setup state
    (default options), the `states` given (exploration passes the last state of each game it plays: tables
    gain keys during play, e.g. hired mercenaries) and ``content_dump()`` (when the game has content data),
    each top-level dict with two or more keys gives the class ``state_<name>`` or ``content_<name>`` of its keys
    (union over the states, sorted); keys that could not be an id token are left out, and a class equal to an
    earlier one is dropped."""
    from ashur.core.errors import SetupError

    tables: dict[str, set[str]] = {}
    all_states = list(states)
    for scenario in game.scenarios():
        try:
            opts = resolve_options(game, {})
            all_states.append(game.setup(scenario, 1, opts, resolve_seats(game, scenario, opts, {})))
        except SetupError:
            continue
    for state in all_states:
        for name, value in state.items():
            if isinstance(value, dict) and len(value) >= 2:
                tables.setdefault(f"state_{name}", set()).update(str(k) for k in value)
    try:
        content = game.content_dump()
    except (SetupError, NotImplementedError):
        content = {}
    for name, value in content.items():
        if isinstance(value, dict) and len(value) >= 2:
            tables.setdefault(f"content_{name}", set()).update(str(k) for k in value)
    out: dict[str, list[str]] = {}
    seen: set[tuple[str, ...]] = set()
    for name in sorted(tables):
        members = sorted(t for t in tables[name] if t and ":" not in t and " " not in t and "{" not in t and
                         t.isascii() and t.isprintable())
        key = tuple(members)
        if len(members) >= 2 and key not in seen and name.replace("_", "").isalnum():
            seen.add(key)
            out[name] = members
    return out


def plan(lines: list[str], found: Iterable[str], classes: dict[str, list[str]] | None = None) -> list[str]:
    """The lines to append to a table of `lines` for the ids `found` (see the module). Families are inferred
    from the ids no family covers yet (listed on lines of their own, or not covered at all): new numbered
    families (patterns met with at least :data:`FAMILY_MIN` numbers; block: the next power of two of at least
    four times the largest number met, and 16 or more); then, from `classes`, new classes and class families
    (patterns met with at least :data:`FAMILY_MIN` tokens, :data:`CLASS_SHARE` of which belong to one class: the
    class holding most, then the smallest); then pair families (two places varying together, met with at least
    :data:`FAMILY_MIN` pairs: a class per place of the tokens met there in all of `found`, if the product is at
    most :data:`PAIR_MAX`; ids a numbered family covers give no tokens); then the ids no line or family covers.
    Each group sorted."""
    found = set(found)
    old = ActionTable("plan", lines)
    ids = {a for a in found if old._by_family(a) is None}  # listed or not covered: families may take them
    numbers: dict[str, set[int]] = {}
    for a in ids:
        for pattern, n in patterns(a):
            numbers.setdefault(pattern, set()).add(n)
    new: list[str] = []
    for pattern in sorted(numbers):
        if len(numbers[pattern]) >= FAMILY_MIN and pattern not in old.families:
            size = 16
            while size < 4 * (max(numbers[pattern]) + 1):
                size *= 2
            new.append(f"{pattern} {size}")
    after = ActionTable("plan", [*lines, *new])
    ids = {a for a in ids if after._by_family(a) is None}
    if classes:
        known = dict(after.classes)
        tokens: dict[tuple[str, int], set[str]] = {}
        for a in ids:
            parts = a.split(":")
            for i in range(1, len(parts)):
                tokens.setdefault((":".join([*parts[:i], "\0", *parts[i + 1:]]), i), set()).add(parts[i])
        class_lines: list[str] = []
        family_lines: list[str] = []
        for (pattern, _i), seen in sorted(tokens.items()):
            if len(seen) < FAMILY_MIN:
                continue
            fits = []
            for name, m in classes.items():
                hit = len(seen & set(m))
                if hit >= FAMILY_MIN and hit >= CLASS_SHARE * len(seen):
                    fits.append((-hit, len(m), name))
            if not fits:
                continue
            _hit, _size, name = min(fits)
            use = _class(known, class_lines, name, classes[name])
            family_lines.append(pattern.replace("\0", "{" + use + "}"))
        family_lines = [f for f in sorted(set(family_lines)) if f not in after.class_families]
        new += class_lines + family_lines
        after = ActionTable("plan", [*lines, *new])
        ids = {a for a in ids if after._by_family(a) is None}
    new += _pair_families(lines, new, found, ids)
    after = ActionTable("plan", [*lines, *new])
    return new + sorted(a for a in found if after.covered(a) is None)


def _class(known: dict[str, list[str]], class_lines: list[str], name: str, members: list[str]) -> str:
    """The name of a class with exactly `members`: a known one, or a new one (`name`, else `name_2`, ...)."""
    use = next((k for k, m in known.items() if m == members), None)
    if use is None:
        use = name
        k = 2
        while use in known:
            use = f"{name}_{k}"
            k += 1
        known[use] = members
        class_lines.append(f"= {use} " + " ".join(members))
    return use


def _pair_families(lines: list[str], new: list[str], found: set[str], ids: set[str]) -> list[str]:
    """Pair families for the ids `ids` that no family covers (see :func:`plan`)."""
    def places(a: str) -> Iterator[tuple[str, int, int, str, str]]:
        parts = a.split(":")
        for i in range(1, len(parts)):
            for j in range(i + 1, len(parts)):
                yield ":".join([*parts[:i], "\0", *parts[i + 1:j], "\1", *parts[j + 1:]]), i, j, parts[i], parts[j]

    pairs: dict[tuple[str, int, int], set[tuple[str, str]]] = {}
    for a in ids:
        for pattern, i, j, x, y in places(a):
            pairs.setdefault((pattern, i, j), set()).add((x, y))
    wanted = {key for key, seen in pairs.items() if len(seen) >= FAMILY_MIN}
    if not wanted:
        return []
    sides: dict[tuple[str, int, int], tuple[set[str], set[str]]] = {k: (set(), set()) for k in wanted}
    numbered = ActionTable("plan", [line for line in [*lines, *new] if " " in line and not line.startswith("=")])
    for a in found:
        if numbered.covered(a) is not None:
            continue  # a number in a numbered family's place is no token of a pair (order:cancel:17)
        for pattern, i, j, x, y in places(a):
            side = sides.get((pattern, i, j))
            if side is not None:
                side[0].add(x)
                side[1].add(y)
    table_now = ActionTable("plan", [*lines, *new])
    known = dict(table_now.classes)
    class_lines: list[str] = []
    family_lines: list[str] = []
    taken: set[str] = set()
    for (pattern, i, j) in sorted(wanted, key=lambda k: (-len(pairs[k]), k)):
        xs, ys = sorted(sides[(pattern, i, j)][0]), sorted(sides[(pattern, i, j)][1])
        if len(xs) * len(ys) > PAIR_MAX or any(a in taken for a in ids if _matches(a, pattern)):
            continue
        stem = "".join(c if c.isalnum() else "_" for c in pattern.split(":")[0]) or "pair"
        a_name = _class(known, class_lines, f"{stem}_{i}", xs)
        b_name = _class(known, class_lines, f"{stem}_{j}", ys)
        line = pattern.replace("\0", "{" + a_name + "}").replace("\1", "{" + b_name + "}")
        if line not in table_now.pair_families:
            family_lines.append(line)
        taken |= {a for a in ids if _matches(a, pattern)}
    return class_lines + sorted(family_lines)


def _matches(action_id: str, pattern: str) -> bool:
    """Whether `action_id` fits a pattern whose places are ``\\0`` and ``\\1``."""
    parts, pat = action_id.split(":"), pattern.split(":")
    return len(parts) == len(pat) and all(p in ("\0", "\1") or p == t for p, t in zip(pat, parts))


def grow(game_id: str, found: Iterable[str], states: Iterable[State] = (),
         classes: dict[str, list[str]] | None = None) -> list[str]:
    """Append to the table file what it needs for the ids `found` (:func:`plan`, with `classes`, by default the
    game's :func:`token_classes` of its setup states and `states`); the lines added."""
    path = path_of(game_id)
    if classes is None:
        classes = token_classes(get_game(game_id), states)
    new = plan(read_lines(path), found, classes)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# Action table of {game_id} (issue 19; the format: ashur/adapters/actions.py).\n"
                        "# Read top to bottom: an id takes the next number, a family 'PATTERN SIZE' the next\n"
                        "# SIZE numbers, a class '= NAME TOKEN...' none, a class family 'PATTERN' with {NAME}\n"
                        "# one number per token of the class.\n"
                        "# Append-only: never reorder or remove a line. Grown by: python -m ashur.adapters.actions "
                        + game_id + "\n", encoding="ascii")
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
    last: list[State] = []
    found = set(explore(game, args.games, args.max_decisions, args.seed, last))
    if args.check:
        current = ActionTable(args.game, read_lines(path_of(args.game)))
        missing = sorted(a for a in found if current.covered(a) is None)
        print(f"{args.game}: {len(found)} ids met, {len(missing)} not covered by the table")
        for a in missing:
            print("  " + a)
        raise SystemExit(1 if missing else 0)
    added = grow(args.game, found, last)
    t = table(args.game)
    print(f"{args.game}: {len(found)} ids met, {len(added)} lines added; the table fixes {t.fixed} numbers "
          f"({len(t.codes)} ids, {len(t.families)} families)")


if __name__ == "__main__":
    main()
