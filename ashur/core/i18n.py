"""Rendering structured messages (log entries, prompts, action labels) from message catalogs.

A catalog maps a message key to a template using ``{name}`` placeholders. A missing key renders as the
key and its parameters, so nothing is ever lost, and the catalog test lists what is missing.
"""

from __future__ import annotations

import string
from typing import Any


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fmt(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_fmt(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def render(key: str, params: dict[str, Any], catalog: dict[str, str]) -> str:
    """The text of message `key` with `params`, from `catalog`.

    A string parameter that is itself a catalog key (a reason such as ``aw.why.tribute_check``) is
    translated too; a dice entry uses the template ``dice.<why>`` when the catalog has one.
    """
    template = None
    if key == "dice" and isinstance(params.get("why"), str):
        template = catalog.get(f"dice.{params['why']}")
    if template is None:
        template = catalog.get(key)
    shown = _Params({k: (catalog[v] if isinstance(v, str) and v in catalog else _fmt(v)) for k, v in params.items()})
    if template is None:
        args = ", ".join(f"{k}={_fmt(v)}" for k, v in params.items())
        return f"{key}({args})" if args else key
    return string.Formatter().vformat(template, (), shown)


def render_entry(entry: dict[str, Any], catalog: dict[str, str]) -> str:
    """A log entry as text, with its rule number."""
    text = render(entry["key"], entry.get("params", {}), catalog)
    return f"[{entry['rule']}] {text}" if entry.get("rule") else text


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
