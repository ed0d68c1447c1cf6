"""The save file (``*.ashur.json``): the setup parameters and the actions, nothing else.

``{game, version, scenario, seed, options, seats, actions: [[role, action], ...]}`` — replaying the
actions from the setup rebuilds the game byte for byte. One action per line keeps files diffable and
lets an error name the exact line of a bad action.

A save file is untrusted input (it may come from anyone, or be cut short by a crash): it is refused,
in one line naming the file, the line (and column) and the field, when it is too big, not UTF-8, not
JSON, nested deeper than a save ever is, of the wrong shape or types (a strict model, unknown fields
refused), or made by another game or another version of the game.

The seed is written as a JSON number when it fits into 53 bits (any JSON reader reads it exactly) and
as a decimal string otherwise (a game set up without a seed has a 128-bit one); both are read back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, ValidationError

from ashur.core.errors import AshurError, SaveFileError
from ashur.core.validate import action_id_problem

SUFFIX = ".ashur.json"
MAX_BYTES = 64 * 1024 * 1024
"""The largest save file read (a long game is a few megabytes)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects accepted (a save file nests four levels)."""
SAFE_INT = 2**53 - 1

_Name = Annotated[str, Field(min_length=1, max_length=100)]


def parse_seed(value: Any) -> Any:
    """A seed as written in a file: an int, or a decimal (or ``0x`` hex) string of one."""
    if isinstance(value, str):
        text = value.strip()
        if not re.fullmatch(r"-?(0x[0-9a-fA-F]{1,64}|[0-9]{1,80})", text):
            raise ValueError("a seed is an integer or a string of decimal digits")
        return int(text, 0) if "0x" in text else int(text)
    return value


def dump_seed(value: int) -> int | str:
    """The seed as written: a number when every JSON reader holds it exactly, else a decimal string."""
    return value if -SAFE_INT <= value <= SAFE_INT else str(value)


Seed = Annotated[int, BeforeValidator(parse_seed), PlainSerializer(dump_seed)]


def _pair(pair: list[str]) -> list[str]:
    problem = action_id_problem(pair[1])
    if problem is not None:
        raise ValueError(problem)
    return pair


Pair = Annotated[list[_Name], Field(min_length=2, max_length=2), AfterValidator(_pair)]


class SaveFile(BaseModel):
    """A saved game."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: _Name
    version: Annotated[str, Field(min_length=1, max_length=40)]
    scenario: _Name
    seed: Seed
    options: dict[_Name, Any]
    seats: dict[_Name, _Name]
    actions: list[Pair]

    def dumps(self) -> str:
        """The file text: header fields one per line, then one action per line."""
        data = self.model_dump()
        head = {k: data[k] for k in ("game", "version", "scenario", "seed", "options", "seats")}
        lines = ["{"]
        for key, value in head.items():
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)},")
        if self.actions:
            lines.append('  "actions": [')
            body = [f"    {json.dumps(pair, ensure_ascii=False)}" for pair in self.actions]
            lines.append(",\n".join(body))
            lines.append("  ]")
        else:
            lines.append('  "actions": []')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash while saving never leaves a truncated file behind."""
        p = Path(path)
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(p)


def _line_of_field(text: str, loc: tuple[Any, ...]) -> int | None:
    """Best-effort line number of a field path such as ('actions', 12, 1) in a saved text."""
    if not loc:
        return None
    key = str(loc[0])
    m = re.search(rf'^\s*"{re.escape(key)}"\s*:', text, re.MULTILINE)
    if not m:
        return None
    line = text.count("\n", 0, m.start()) + 1
    if key == "actions" and len(loc) > 1 and isinstance(loc[1], int):
        # one action per line, starting on the line after '"actions": ['
        start = text.find("[", m.end())
        if text.count("\n", m.end(), start) == 0 and text.find("\n", start) != -1:
            return line + 1 + loc[1]
    return line


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _check_depth(text: str, path: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before the JSON parser recurses into it."""
    depth = 0
    for m in _TOKENS.finditer(text):
        tok = m.group()
        if tok in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line, col = _position(text, m.start())
                raise SaveFileError(path, f"nested deeper than {MAX_DEPTH} levels; a save file never is",
                                    line=line, column=col)
        elif tok in "]}":
            depth -= 1


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _field_name(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")


def parse(text: str, path: str = "<save>", *, check_game: bool = True) -> SaveFile:
    """Parse the text of a save file; errors name the file, the line (and column) and the field.

    With `check_game` the game must be registered and of the version that wrote the file.
    """
    if not text.strip():
        raise SaveFileError(path, "the file is empty")
    if text.startswith("\ufeff"):
        text = text[1:]
    _check_depth(text, path)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveFileError(path, f"not valid JSON ({exc.msg}); the file may be truncated or corrupt",
                            line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError) as exc:
        raise SaveFileError(path, f"not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveFileError(path, "a save file holds one JSON object", line=1)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown field (a save file holds game, version, scenario, seed, options, seats, actions)"
        raise SaveFileError(path, msg, line=_line_of_field(text, loc), field=_field_name(loc) or None) from None
    if check_game:
        _check_game(save, text, path)
    return save


def _check_game(save: SaveFile, text: str, path: str) -> None:
    from ashur.core.registry import game_ids, get_game

    try:
        game = get_game(save.game)
    except AshurError:
        raise SaveFileError(path, f"unknown game {save.game!r} (games: {', '.join(game_ids())})",
                            line=_line_of_field(text, ("game",)), field="game") from None
    if save.version != game.version:
        raise SaveFileError(path, f"written by version {save.version!r} of {game.id}; this is version "
                            f"{game.version!r}", line=_line_of_field(text, ("version",)), field="version")


def load(path: str | Path, *, check_game: bool = True) -> SaveFile:
    """Read and parse a save file (see :func:`parse`)."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise SaveFileError(str(p), f"the file is {size} bytes long; a save file is at most {MAX_BYTES}")
        raw = p.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(str(p), "no such file") from None
    except OSError as exc:
        raise SaveFileError(str(p), f"cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode("utf-8", "replace")
        line, col = _position(before, len(before))
        raise SaveFileError(str(p), f"not UTF-8 text (byte 0x{raw[exc.start]:02x}: {exc.reason})",
                            line=line, column=col) from None
    return parse(text, str(p), check_game=check_game)
