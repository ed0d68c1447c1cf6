"""Every message key the rules use has an English text; every template's parameters exist (DESIGN: the log)."""

from __future__ import annotations

import re
from pathlib import Path

from ashur.games.assyrian_wars.game import GAME

ROOT = Path(__file__).resolve().parents[2] / "ashur" / "games" / "assyrian_wars"
KEY = re.compile(r'"(aw\.[a-z0-9_.]+)"')


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for path in ROOT.rglob("*.py"):
        if "content" in path.parts:
            continue
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_used_key_has_an_english_text() -> None:
    catalog = GAME.messages("en")
    missing = sorted(k for k in _used_keys() if k not in catalog and not k.endswith("."))
    assert not missing, f"message keys without an English text: {missing}"


def test_catalog_loads_without_duplicates() -> None:
    assert len(GAME.messages("en")) > 100
