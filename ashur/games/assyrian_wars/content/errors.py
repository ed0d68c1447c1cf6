"""Errors and problems found in the content data files, each naming file, line, entry and field."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in the data: where it is (file, line, entry, field) and what is wrong."""

    file: str
    entry: str | None
    field: str | None
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        parts = [where]
        if self.entry:
            parts.append(self.entry)
        if self.field:
            parts.append(f"field '{self.field}'")
        parts.append(self.message)
        return ": ".join(parts)


class ContentError(Exception):
    """The content cannot be loaded. ``str()`` is one line such as
    ``cards.yaml:412: card 57 'Pestilence': field 'ap': Field required``; ``problems`` lists every
    problem found (the first one is the one described by the attributes)."""

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("a ContentError needs at least one problem")
        first = problems[0]
        self.file: str = first.file
        self.entry: str | None = first.entry
        self.field: str | None = first.field
        self.line: int | None = first.line
        self.message: str = first.message
        self.problems: list[Problem] = list(problems)
        super().__init__(str(first))

    def __str__(self) -> str:
        return str(self.problems[0])
