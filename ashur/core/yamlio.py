"""YAML reading that keeps line numbers, so that every data error can name its file and line (every game's
content loader reads its files through it).

Mappings are read into :class:`LineDict` (a plain ``dict`` subclass that remembers the line of the
mapping and of each key) and sequences into :class:`LineList`. Pydantic accepts both as ordinary
input. The C parser (libyaml) is used when available, for speed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

try:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _BaseLoader = yaml.SafeLoader


class LineDict(dict):
    """A dict that knows the (1-based) line where it starts and where each of its keys stands."""

    __slots__ = ("key_lines", "line")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.line: int = 0
        self.key_lines: dict[Any, int] = {}


class LineList(list):
    """A list that knows the line where it starts and the line of each item."""

    __slots__ = ("item_lines", "line")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.line: int = 0
        self.item_lines: list[int] = []


class LineLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader that builds :class:`LineDict` and :class:`LineList` objects."""


def _construct_mapping(loader: LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping",
                node.start_mark,
                f"found duplicate key {key!r}",
                key_node.start_mark,
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: LineLoader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


class YamlSyntaxError(Exception):
    """A file that is not well-formed YAML; carries the 1-based line of the fault."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.message = message


def read_yaml(path: Path, name: str | None = None) -> Any:
    """Parse one YAML file with line numbers kept; raise :class:`YamlSyntaxError` (naming the file as `name`,
    by default its file name) on bad syntax."""
    name = path.name if name is None else name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlSyntaxError(name, None, f"cannot read file: {exc.strerror or exc}") from exc
    try:
        return yaml.load(text, Loader=LineLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise YamlSyntaxError(name, line, f"YAML syntax error: {problem}") from exc
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(name, None, f"YAML error: {exc}") from exc


def line_of(data: Any, path: tuple[Any, ...]) -> int | None:
    """Line of the deepest node reached along ``path`` (keys and list indices) in raw YAML data.

    For a mapping key the line of the key itself is returned; for a missing key the line where the
    enclosing mapping starts.
    """
    line: int | None = getattr(data, "line", None)
    node = data
    for step in path:
        if isinstance(node, LineDict):
            if step in node:
                line = node.key_lines.get(step, line)
                node = node[step]
                continue
            return node.line or line
        if isinstance(node, LineList) and isinstance(step, int) and 0 <= step < len(node):
            line = node.item_lines[step] if step < len(node.item_lines) else line
            node = node[step]
            child_line = getattr(node, "line", None)
            if child_line:
                line = child_line
            continue
        break
    return line
