"""The web client's catalogs (issue 16 item 7): every key of every English catalog exists in German and
Japanese with the same ``{placeholders}`` (and no language has keys English lacks), and every key the
client's scripts ask for exists in English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "ashur" / "server" / "web"
I18N = WEB / "i18n"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
T_CALL = re.compile(r"""\bt\(\s*["']([^"'`]+)["']""")
#: Catalog keys handed to errorText() by status ({401: "lobby.quick.login"}): looked up by t() there.
STATUS_KEY = re.compile(r"""\b\d{3}:\s*["']([a-z_]+\.[a-z_.-]+)["']""")
PARTS = sorted(p.name.split(".")[0] for p in I18N.glob("*.en.json"))


def catalog(part: str, lang: str) -> dict[str, str]:
    data = json.loads((I18N / f"{part}.{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict) and all(isinstance(v, str) for v in data.values()), f"{part}.{lang}"
    return data


def test_the_catalog_parts_are_found() -> None:
    assert "ui" in PARTS and "table" in PARTS


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("lang", ["de", "ja"])
def test_every_english_key_is_translated_with_the_same_placeholders(part: str, lang: str) -> None:
    en, other = catalog(part, "en"), catalog(part, lang)
    missing = sorted(set(en) - set(other))
    assert not missing, f"{part}.{lang}.json lacks {missing[:20]}"
    extra = sorted(set(other) - set(en))
    assert not extra, f"{part}.{lang}.json has keys English lacks: {extra[:20]}"
    wrong = [k for k in en if set(PLACEHOLDER.findall(en[k])) != set(PLACEHOLDER.findall(other[k]))]
    assert not wrong, f"{part}.{lang}.json: placeholders differ in {wrong[:20]}"
    empty = [k for k, v in other.items() if not v.strip()]
    assert not empty, f"{part}.{lang}.json: empty texts {empty[:20]}"


def used_keys() -> dict[str, str]:
    """Every literal key of a t("...") call (and of the errorText status maps) in web/js, with its file."""
    keys: dict[str, str] = {}
    for path in sorted((WEB / "js").rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for key in T_CALL.findall(text) + STATUS_KEY.findall(text):
            keys.setdefault(key, path.relative_to(WEB).as_posix())
    return keys


def test_every_key_the_scripts_use_exists_in_english() -> None:
    english: dict[str, str] = {}
    for part in PARTS:
        english.update(catalog(part, "en"))
    keys = used_keys()
    assert len(keys) > 100, "the grep of t(...) calls finds the lobby's keys"
    missing = {k: f for k, f in keys.items() if k not in english}
    assert not missing, f"keys used but not in any *.en.json: {missing}"


def test_the_lobby_names_every_role_and_scenario_of_assyrian_wars() -> None:
    """Role and scenario names come from ui.<lang>.json (the German rule book's terms: Assyrien, Meder...)."""
    from ashur.core.registry import get_game

    game = get_game("assyrian-wars")
    ui = {lang: catalog("ui", lang) for lang in ("en", "de", "ja")}
    for sc in game.scenarios().values():
        for lang in ui:
            assert f"scenario.{sc.id}" in ui[lang] and f"scenario.{sc.id}.summary" in ui[lang]
    roles = {r for sc in game.scenarios() for r in game.roles(sc, {})}
    assert all(f"role.{r}" in ui["en"] for r in roles)
    assert ui["de"]["role.mede"] == "Meder" and ui["de"]["role.egypt"] == "Ägypten"
    assert ui["ja"]["role.assyria"] == "アッシリア"
    assert all(f"option.{name}" in ui["en"] and f"option.{name}.help" in ui["en"] for name in game.options())
