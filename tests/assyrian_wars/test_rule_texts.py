"""Issue 16 items 4 and 7: every rule number the engine cites opens a short paraphrase of that rule in English,
German and Japanese (``messages/<lang>/rules.yaml``, read by ``Game.rule_text``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import yaml

from ashur.bots.random_bot import RandomBot
from ashur.core import log as corelog
from ashur.core.session import Match
from ashur.games.assyrian_wars.game import GAME

PACKAGE = Path(__file__).resolve().parents[2] / "ashur" / "games" / "assyrian_wars"
LANGS = ("en", "de", "ja")
SEEDS = (1, 2)
STEP_LIMIT = 2500
# A rule number as the engine writes it in a string literal: "6.6.9", "6.7.4.a", "6.11.c2", "10.4.a".
RULE_LITERAL = re.compile(r"""["']((?:[1-9]|10)(?:\.\d{1,2})+(?:\.[a-z]\d?)?)["']""")


def _rules_file(lang: str) -> dict[str, str]:
    data = yaml.safe_load((PACKAGE / "messages" / lang / "rules.yaml").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def _cited_in(scenario: str, seed: int) -> Iterator[str]:
    """The rules of the legal actions, prompts and log entries of one random game (cut at STEP_LIMIT)."""
    match = Match.new(GAME, scenario, seed, {}, keep_undo=False)
    bot = RandomBot(seed)
    for _ in range(STEP_LIMIT):
        if GAME.result(match.state)["over"]:
            break
        role = GAME.active(match.state)[0]
        legal = GAME.legal_actions(match.state, role)
        yield from (a["rule"] for a in legal)
        prompt = GAME.pending(match.state, role)
        if prompt:
            yield prompt["rule"]
        match.act(role, bot.choose(GAME, match.state, role, legal))
    yield from (e.get("rule") for e in corelog.entries(match.state))


@cache
def _cited() -> frozenset[str]:
    return frozenset(str(r) for scenario in GAME.scenarios() for seed in SEEDS
                     for r in _cited_in(scenario, seed) if r)


def test_the_three_rule_files_have_the_same_keys_and_only_rule_keys() -> None:
    files = {lang: _rules_file(lang) for lang in LANGS}
    assert all(k.startswith("rule.") for k in files["en"])
    for lang in ("de", "ja"):
        assert set(files[lang]) == set(files["en"]), lang


def test_texts_are_short_paraphrases_without_template_braces() -> None:
    for lang in LANGS:
        for key, text in _rules_file(lang).items():
            assert text.strip() and len(text) <= 320, (lang, key)
            assert "{" not in text and "}" not in text, (lang, key)


def test_every_rule_cited_in_random_games_has_a_text_in_every_language() -> None:
    cited = _cited()
    assert {"6.6.9", "6.7.2", "7.3.1"} <= cited  # the games reached battles and an Interphase
    for rule in sorted(cited):
        english = GAME.rule_text(rule, "en")
        assert english, rule
        for lang in ("de", "ja"):
            text = GAME.rule_text(rule, lang)
            assert text and text != english, (lang, rule)


def test_every_rule_number_written_in_the_rules_code_has_a_text() -> None:
    written = {m.group(1) for folder in ("rules", "cards") for path in (PACKAGE / folder).rglob("*.py")
               for m in RULE_LITERAL.finditer(path.read_text(encoding="utf-8"))}
    assert len(written) > 50
    missing = sorted(r for r in written if GAME.rule_text(r, "en") is None)
    assert not missing


@pytest.mark.parametrize("lang", LANGS)
def test_rule_text_reads_the_catalog_of_the_language(lang: str) -> None:
    assert GAME.rule_text("6.6.9", lang) == _rules_file(lang)["rule.6.6.9"]
    assert GAME.rule_text("99.9", lang) is None
