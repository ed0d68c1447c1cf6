"""The save file (``*.ashur.json``): the setup parameters and the actions, nothing else.

``{game, version, scenario, seed, options, seats, actions: [[role, action], ...]}`` — replaying the
actions from the setup rebuilds the game byte for byte. One action per line keeps files diffable and
lets an error name the exact line of a bad action.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ashur.core.errors import SaveFileError

SUFFIX = ".ashur.json"


class SaveFile(BaseModel):
    """A saved game."""

    model_config = ConfigDict(extra="forbid")

    game: str
    version: str
    scenario: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, str]
    actions: list[Annotated[list[str], Field(min_length=2, max_length=2)]]

    def dumps(self) -> str:
        """The file text: header fields one per line, then one action per line."""
        head = {k: getattr(self, k) for k in ("game", "version", "scenario", "seed", "options", "seats")}
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
        return line + 1 + loc[1]
    return line


def parse(text: str, path: str = "<save>") -> SaveFile:
    """Parse the text of a save file; errors name the file, the line and the field."""
    if not text.strip():
        raise SaveFileError(path, "the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(path, f"not valid JSON ({exc.msg}, column {exc.colno}); the file may be "
                            "truncated or corrupt", line=exc.lineno) from None
    if not isinstance(data, dict):
        raise SaveFileError(path, "a save file holds one JSON object", line=1)
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        field = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")
        raise SaveFileError(path, err["msg"], line=_line_of_field(text, loc), field=field or None) from None


def load(path: str | Path) -> SaveFile:
    """Read and parse a save file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(str(p), "no such file") from None
    except UnicodeDecodeError as exc:
        raise SaveFileError(str(p), f"not a text file ({exc.reason})") from None
    return parse(text, str(p))
