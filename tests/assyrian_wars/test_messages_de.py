"""The German catalogs (issue 16): every English message file has a German twin with the same keys in the same
order and the same placeholders, and ``names.yaml`` names every area, sea zone, box, nation and card of the
content (card name and text paraphrase)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from ashur.core.i18n import placeholders, render
from ashur.games.assyrian_wars.game import GAME

ROOT = Path(__file__).resolve().parents[2] / "ashur" / "games" / "assyrian_wars"
EN, DE, CONTENT = ROOT / "messages" / "en", ROOT / "messages" / "de", ROOT / "content"


def _load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


@pytest.mark.parametrize("name", sorted(p.name for p in EN.glob("*.yaml")))
def test_german_file_has_every_english_key_and_placeholder(name: str) -> None:
    en, de = _load(EN / name), _load(DE / name)
    assert list(de) == list(en), f"{name}: keys differ: {sorted(set(en) ^ set(de))}"
    wrong = [k for k in en if placeholders(str(en[k])) != placeholders(str(de[k])) or not str(de[k]).strip()]
    assert not wrong, f"{name}: placeholders differ or text empty: {wrong}"


def _content_keys() -> set[str]:
    seas = _load(CONTENT / "seas.yaml")
    ids = [a["id"] for a in _load(CONTENT / "areas.yaml")["areas"]]
    ids += [z["id"] for part in ("sea_zones", "trade_boxes", "raid_boxes") for z in seas[part]]
    ids += [n["id"] for n in _load(CONTENT / "nations.yaml")["nations"]]
    keys = {f"name.{i}" for i in ids}
    for card in _load(CONTENT / "cards.yaml")["cards"]:
        keys |= {f"card.{card['number']}.name", f"card.{card['number']}.text"}
    return keys


def test_german_names_cover_the_content_exactly() -> None:
    names = _load(DE / "names.yaml")
    want = _content_keys()
    assert set(names) == want, f"missing {sorted(want - set(names))}, extra {sorted(set(names) - want)}"
    assert all(isinstance(v, str) and v.strip() and "{" not in v for v in names.values())


def test_german_catalog_renders_a_log_entry() -> None:
    de = GAME.messages("de")
    text = render("aw.moved", {"country": "Assyrien", "src": "Ninive", "area": "Kalchu", "n": 3, "ap": 1}, de)
    assert text == "Assyrien zieht von Ninive nach Kalchu (3 Einheiten, 1 AP)"
    assert de["card.36.name"] == "Phönizische Allianz"
