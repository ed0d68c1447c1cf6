"""The message catalogs (issue 16 item 7): German and Japanese have every English message file with the same keys
in the same order and the same placeholders, no empty text, and names for the whole content; the logs read as
sentences in every language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from ashur.bots import make
from ashur.core.contract import resolve_options
from ashur.core.i18n import placeholders, render, render_entry
from ashur.core.log import entries
from ashur.games.assyrian_wars.game import GAME, content
from ashur.games.assyrian_wars.names import content_names

EN = GAME.messages("en")
LANGS = ["de", "ja"]
MESSAGES = Path(__file__).resolve().parents[2] / "ashur" / "games" / "assyrian_wars" / "messages"
FILES = sorted(p.name for p in (MESSAGES / "en").glob("*.yaml"))
CONTENT_KEYS = set(content_names(content()))
"""What English generates from the content and every other language brings in its ``names.yaml``."""


def _load(lang: str, name: str) -> dict[str, Any]:
    return yaml.safe_load((MESSAGES / lang / name).read_text(encoding="utf-8")) or {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_key_is_translated_with_the_same_placeholders(lang: str) -> None:
    """The merged catalog of `lang` has every English key, with its placeholders and some text."""
    other = GAME.messages(lang)
    missing = sorted(k for k in EN if k not in other)
    assert not missing, f"{len(missing)} keys missing in {lang}, e.g. {missing[:10]}"
    wrong = sorted(k for k in EN if placeholders(EN[k]) != placeholders(other[k]) or not str(other[k]).strip())
    assert not wrong, f"placeholders differ or text empty in {lang}: {wrong[:10]}"


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_file_has_the_english_keys_in_order(lang: str, name: str) -> None:
    """messages/<lang>/<file> holds the keys of messages/en/<file> in the same order; ``names.yaml`` also names
    exactly the content English generates (areas, seas, boxes, nations, kings, scenarios, card names and texts)."""
    en, other = _load("en", name), _load(lang, name)
    extra = [k for k in other if k not in en]
    assert [k for k in other if k in en] == list(en), f"{lang}/{name}: missing {[k for k in en if k not in other]}"
    if name == "names.yaml":
        missing, unknown = sorted(CONTENT_KEYS - set(extra)), sorted(set(extra) - CONTENT_KEYS)
        assert not missing and not unknown, f"{lang}/names.yaml: content names missing {missing}, unknown {unknown}"
        assert all("{" not in str(other[k]) for k in extra)
    else:
        assert not extra, f"{lang}/{name}: keys English lacks: {extra}"


@pytest.mark.parametrize(("lang", "reduced", "card"), [
    ("de", "Schwere Infanterie 4 (Assyrien) erhält einen Treffer und wird reduziert", "Phönizische Allianz"),
    ("ja", "アッシリアの重歩兵4はヒットを受けて減少する", "フェニキア同盟"),
])
def test_a_translated_catalog_renders_names_and_cards(lang: str, reduced: str, card: str) -> None:
    other = GAME.messages(lang)
    assert render("aw.reduced", {"piece": "assyria-hi4-1"}, other) == reduced
    assert render("aw.card_revealed", {"country": "phoenicia", "card": 36}, other).count(f"#36 {card}") == 1
    assert render("aw.evasion_result", {"area": "kalhu", "dest": "ashur", "success": True}, other).endswith(
        other["aw.evasion_result.success.yes"])


def test_names_are_generated_from_the_content() -> None:
    c = content()
    for aid, area in c.areas.items():
        assert EN[f"name.{aid}"] in (area.name, c.nations[aid].name if aid in c.nations else None)
    for zid in c.sea_zones:
        assert f"name.{zid}" in EN
    for nid, nation in c.nations.items():
        assert EN[f"name.{nid}"] == nation.name
    for number, card in c.cards.items():
        assert EN[f"card.{number}.name"] == card.name and EN[f"card.{number}.text"] == card.text
    for pid in [*c.units, *c.leaders, *c.king_counters, *c.ships, *c.mercenary_units]:
        assert f"name.{pid}" in EN, pid


def test_values_render_as_words() -> None:
    catalog = {**EN, "t": "{a}|{b}|{c}|{card}|{places}|{none}|{cards}"}
    text = render("t", {"a": True, "b": False, "c": "nineveh", "card": 5, "places": ["babylon", "ur", "susa"],
                        "none": None, "cards": [5, 6]}, catalog)
    assert text == (f"yes|no|Nineveh|#5 {EN['card.5.name']}|Babylon, Ur and Susa|none|"
                    f"#5 {EN['card.5.name']} and #6 {EN['card.6.name']}")
    assert render("aw.interception_result", {"country": "assyria", "area": "kalhu", "src": "ashur",
                                             "success": False}, EN).endswith("it fails")
    assert render("t2", {"x": None}, {"t2": "{x}", "t2.x.none": "nobody"}) == "nobody"
    assert render("aw.reduced", {"piece": "assyria-hi4-1"}, EN) == "Assyria heavy infantry 4 takes a hit and is reduced"


def test_a_reason_key_renders_with_the_entry_parameters() -> None:
    text = render("aw.vp", {"country": "babylonia", "n": 1, "why": "aw.why.camp_refused", "camp": "assyrian"}, EN)
    assert "{" not in text and "Assyrian" in text


NATIONS = "|".join(content().nations)
RAW = re.compile(r"\{[a-z_]*\}|\bNone\b|\bTrue\b|\bFalse\b|\b[a-z0-9]+_[a-z0-9_]+\b|\b[a-z]+-[a-z0-9_]+-\d+\b"
                 rf"|\b(?:{NATIONS})-[a-z]|\w+\(\w+=")
"""Raw values: placeholders, Python words, snake_case ids, counter ids, an unknown key's ``key(a=b)``."""


def _played(scenario: str, seed: int, steps: int) -> list[dict]:
    state = GAME.setup(scenario, seed, resolve_options(GAME, {}), {})
    bot = make("random", seed)
    for _ in range(steps):
        active = GAME.active(state)
        if not active:
            break
        role = active[0]
        GAME.apply(state, role, bot.choose(GAME, state, role, GAME.legal_actions(state, role)))
    return list(entries(state))


@pytest.mark.parametrize(("scenario", "seed", "lang"), [("two_rivers", 7, "en"), ("rise_and_fall", 7, "en"),
                                                        ("campaign", 7, "en"), ("two_rivers", 11, "en"),
                                                        ("two_rivers", 7, "de"), ("two_rivers", 11, "ja")])
def test_the_log_reads_as_sentences(scenario: str, seed: int, lang: str) -> None:
    log = _played(scenario, seed, 1200)
    assert len(log) > 300
    catalog = GAME.messages(lang)
    bad = {}
    for entry in log:
        text = render_entry(entry, catalog)
        found = RAW.search(text)
        if found:
            bad.setdefault(entry["key"], f"{found.group(0)!r} in {text}")
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())
