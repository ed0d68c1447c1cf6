"""YAML reading that keeps line numbers, so that a data error names its file and line.

Mappings load as :class:`LineDict` and sequences as :class:`LineList` (plain dict and list subclasses that
remember where they start and where each key or item stands); pydantic reads them as ordinary input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

try:  # pragma: no cover - depends on how PyYAML was built
    _Base: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Base = yaml.SafeLoader


class LineDict(dict):  # type: ignore[type-arg]
    """A dict that knows the line where it starts and the line of each key."""

    def __init__(self) -> None:
        super().__init__()
        self.line = 0
        self.key_lines: dict[Any, int] = {}


class LineList(list):  # type: ignore[type-arg]
    """A list that knows the line where it starts and the line of each item."""

    def __init__(self, items: Any = ()) -> None:
        super().__init__(items)
        self.line = 0
        self.item_lines: list[int] = []


class _Loader(_Base):  # type: ignore[misc, valid-type]
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise yaml.constructor.ConstructorError("while reading a mapping", node.start_mark,
                                                    f"found duplicate key {key!r}", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


class YamlSyntaxError(Exception):
    """A file that is not well-formed YAML, with the 1-based line of the fault."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        super().__init__(message)
        self.file, self.line, self.message = file, line, message


def read_yaml(path: Path) -> Any:
    """Parse one YAML file keeping line numbers; :class:`YamlSyntaxError` on bad syntax."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlSyntaxError(path.name, None, f"cannot read file: {exc.strerror or exc}") from exc
    try:
        return yaml.load(text, Loader=_Loader)  # a safe loader that keeps line numbers
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise YamlSyntaxError(path.name, mark.line + 1 if mark else None,
                              f"YAML syntax error: {exc.problem or exc.context or 'invalid YAML'}") from exc
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(path.name, None, f"YAML error: {exc}") from exc


def line_of(data: Any, path: tuple[Any, ...]) -> int | None:
    """The line of the deepest node reached along `path` (keys and list indexes) in raw YAML data."""
    line: int | None = getattr(data, "line", None)
    node = data
    for step in path:
        if isinstance(node, LineDict) and step in node:
            line = node.key_lines.get(step, line)
            node = node[step]
        elif isinstance(node, LineList) and isinstance(step, int) and 0 <= step < len(node):
            line = node.item_lines[step] if step < len(node.item_lines) else line
            node = node[step]
        else:
            break
        inner = getattr(node, "line", None)
        if inner and isinstance(node, LineList | LineDict) and isinstance(step, int):
            line = inner
    return line
