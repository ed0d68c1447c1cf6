"""The message catalogs (issue 16): every language has every key, and the English log reads as sentences."""

from __future__ import annotations

import re

import pytest

from ashur.bots import make
from ashur.core.contract import resolve_options
from ashur.core.i18n import placeholders, render, render_entry
from ashur.core.log import entries
from ashur.games.assyrian_wars.game import GAME, content

EN = GAME.messages("en")


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_every_english_key_is_translated_with_the_same_placeholders(lang: str) -> None:
    """Fails until the German and Japanese catalogs cover every English key (issue 16 item 7)."""
    other = GAME.messages(lang)
    missing = sorted(k for k in EN if k not in other)
    assert not missing, f"{len(missing)} keys missing in {lang}, e.g. {missing[:10]}"
    wrong = sorted(k for k in EN if placeholders(EN[k]) != placeholders(other[k]))
    assert not wrong, f"placeholders differ in {lang}: {wrong[:10]}"


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


@pytest.mark.parametrize(("scenario", "seed"), [("two_rivers", 7), ("rise_and_fall", 7), ("campaign", 7),
                                                ("two_rivers", 11)])
def test_the_english_log_reads_as_sentences(scenario: str, seed: int) -> None:
    log = _played(scenario, seed, 1200)
    assert len(log) > 300
    bad = {}
    for entry in log:
        text = render_entry(entry, EN)
        found = RAW.search(text)
        if found:
            bad.setdefault(entry["key"], f"{found.group(0)!r} in {text}")
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())
