"""Rendering structured messages (log entries, prompts, action labels) from message catalogs.

A catalog maps a message key to a template using ``{name}`` placeholders. A missing key renders as the
key and its parameters, so nothing is ever lost, and the catalog test lists what is missing.

How a parameter value is shown (the web client's JavaScript port follows the same rules, in this order):

* ``None`` -> ``<key>.<param>.none`` when the catalog has it, else ``word.none``;
* ``True``/``False`` -> ``<key>.<param>.yes``/``.no`` when the catalog has it, else ``word.yes``/``word.no``;
* an int under a parameter named ``card`` (or ``cancelled``, a card another cancels), or the items of a list
  named ``cards``, with a catalog entry ``card.<n>.name`` -> ``#<n> <name>``;
* a string that is a catalog key -> that template, itself rendered with the same parameters (a reason
  such as ``aw.why.tribute_check``); else a string ``v`` with a key ``name.<v>`` -> that name (places,
  countries, boxes, pieces: games generate ``name.<id>`` entries for every id a log may name); else a
  numbered id ``<letters><digits>`` (``ag19``) with a template ``name.<letters>#`` -> that template with
  ``{n}`` the number (``army group 19``: ids a game makes while it is played);
* a list -> its items shown as above, joined with ``word.comma`` and, before the last, ``word.and`` (each
  word with its own spaces: ``A, B and C``, ``AとB``; empty: ``word.none``);
  a dict -> ``<key shown> <value shown>`` pairs joined with ``word.comma``;
* a whole float -> an int.

The ``word.*`` entries default to English when a catalog lacks them.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import yaml

WORDS = {"word.none": "none", "word.yes": "yes", "word.no": "no", "word.and": " and ", "word.comma": ", "}
"""English defaults of the few words the renderer itself needs."""

CARD_PARAMS = ("card", "cancelled")
CARD_LIST_PARAMS = ("cards",)
NUMBERED = re.compile(r"([a-z]+)(\d+)")
"""A numbered id a game makes during play (``ag19``): shown by the template ``name.<letters>#``."""


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _word(catalog: dict[str, str], key: str) -> str:
    return catalog.get(key) or WORDS[key]


def _fmt(value: Any) -> str:
    """A value as plain text, without a catalog (the fallback of a missing key)."""
    if isinstance(value, list):
        return ", ".join(_fmt(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def show(value: Any, catalog: dict[str, str], *, key: str = "", name: str = "",
         params: dict[str, Any] | None = None, _depth: int = 0) -> str:
    """One parameter value as words of `catalog` (the rules of the module docstring)."""
    if value is None:
        return catalog.get(f"{key}.{name}.none") or _word(catalog, "word.none")
    if isinstance(value, bool):
        yes_no = "yes" if value else "no"
        return catalog.get(f"{key}.{name}.{yes_no}") or _word(catalog, f"word.{yes_no}")
    if isinstance(value, int) and name in CARD_PARAMS and f"card.{value}.name" in catalog:
        return f"#{value} {catalog[f'card.{value}.name']}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        if value in catalog:
            if _depth < 2 and params is not None:
                return _format(catalog[value], value, params, catalog, _depth + 1)
            return catalog[value]
        named = catalog.get(f"name.{value}")
        if named is not None:
            return named
        numbered = NUMBERED.fullmatch(value)
        if numbered and f"name.{numbered.group(1)}#" in catalog:
            return catalog[f"name.{numbered.group(1)}#"].replace("{n}", numbered.group(2))
        return value
    if isinstance(value, list | tuple):
        item_name = "card" if name in CARD_LIST_PARAMS else name
        items = [show(v, catalog, key=key, name=item_name, _depth=_depth) for v in value]
        if not items:
            return _word(catalog, "word.none")
        if len(items) == 1:
            return items[0]
        comma = _word(catalog, "word.comma")
        return f"{comma.join(items[:-1])}{_word(catalog, 'word.and')}{items[-1]}"
    if isinstance(value, dict):
        return _word(catalog, "word.comma").join(
            f"{show(k, catalog, _depth=_depth)} {show(v, catalog, key=key, name=name, _depth=_depth)}"
            for k, v in value.items())
    return str(value)


def _format(template: str, key: str, params: dict[str, Any], catalog: dict[str, str], depth: int) -> str:
    shown = _Params({k: show(v, catalog, key=key, name=k, params=params, _depth=depth) for k, v in params.items()})
    return string.Formatter().vformat(template, (), shown)


def render(key: str, params: dict[str, Any], catalog: dict[str, str]) -> str:
    """The text of message `key` with `params`, from `catalog`.

    A dice entry uses the template ``dice.<why>`` when the catalog has one.
    """
    template = None
    if key == "dice" and isinstance(params.get("why"), str):
        template = catalog.get(f"dice.{params['why']}")
    if template is None:
        template = catalog.get(key)
    if template is None:
        args = ", ".join(f"{k}={_fmt(v)}" for k, v in params.items())
        return f"{key}({args})" if args else key
    return _format(template, key, params, catalog, 0)


def render_entry(entry: dict[str, Any], catalog: dict[str, str]) -> str:
    """A log entry as text, with its rule number."""
    text = render(entry["key"], entry.get("params", {}), catalog)
    return f"[{entry['rule']}] {text}" if entry.get("rule") else text


def render_reason(reason: Any, catalog: dict[str, str]) -> str:
    """A bot's reason (:data:`ashur.core.contract.Reason`: message parts) as one line of `catalog`'s words: the
    parts rendered one after the other. A plain string (a reason kept before reasons were messages) is itself."""
    if isinstance(reason, str):
        return reason
    return "".join(render(str(part.get("key") or ""), dict(part.get("params") or {}), catalog)
                   for part in reason or [] if isinstance(part, dict))


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def read_catalog(folder: Path) -> dict[str, str]:
    """Every message file of one language's folder (``messages/<lang>/*.yaml``) merged into one catalog; a
    missing folder gives an empty one, and a key defined twice is an error naming its file."""
    out: dict[str, str] = {}
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for k, v in data.items():
            if str(k) in out:
                raise ValueError(f"{path.name}: message key {k!r} defined twice")
            out[str(k)] = str(v)
    return out
