"""The bots' reasons in every language ("why did the bot do that?", issue 17): a reason is message parts of the
games' catalogs (``aw.bot.*``, ``as.bot.*``) and of the table's (``bot.why.*``), rendered as log entries are.
Real reasons from short heuristic games (and a search bot's) read in English, German and Japanese with no
missing key, no raw key, no raw id and no English left in German or Japanese; every key the rankers name is in
the catalogs; and the heuristic bots still decide, and score, as they did before their reasons became messages."""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path

import pytest

from ashur.bots.heuristic import HeuristicBot
from ashur.bots.ismcts import IsmctsBot
from ashur.core.contract import Reason, message, resolve_options
from ashur.core.i18n import render, render_reason, show
from ashur.core.registry import get_game
from ashur.server.routes_bots import reason_catalog
from tests.assyrian_wars.test_catalogs import _english_only
from tests.core.tinygame import TinyGame

ROOT = Path(__file__).resolve().parents[2] / "ashur"
LANGS = ("en", "de", "ja")
GAMES = [("assyrian-wars", "two_rivers", 3), ("assyrian-wars", "rise_and_fall", 4), ("assyria", "four_players", 7)]
IDENT = re.compile(r"[a-z][a-z0-9_.:-]*")
"""A parameter value that is an id (a place, a country, a counter...): the catalog must name it."""
RAW = re.compile(r"\{[a-z_]+\}|\b(?:aw|as)\.bot\.|\bbot\.why\.|\w+\(\w+=|\bNone\b|\bTrue\b|\bFalse\b")
"""A placeholder left, a message key shown raw, a missing key's ``key(a=b)``, Python words."""
WEIGHT = re.compile(r"(?:weight|Gewicht|重み) [a-z_][a-z0-9_.]*")
"""The weight of ``weights.yaml`` a reason names: an id of that file, written as it is in every language."""


@cache
def real_reasons(game_id: str, scenario: str, seed: int, steps: int = 250) -> tuple[Reason, ...]:
    """The reasons of a seeded heuristic game's first `steps` decisions: the ranking's reason of every action at
    every third decision and each choice's ``last_reason`` (ties: ``bot.why.no_preference``)."""
    game = get_game(game_id)
    state = game.setup(scenario, seed, resolve_options(game, {}), {})
    seated: dict[str, HeuristicBot] = {}
    out: list[Reason] = []
    for i in range(steps):
        if game.result(state)["over"]:
            break
        role = game.active(state)[0]
        actions = game.legal_actions(state, role)
        if i % 3 == 0:
            out.extend(reason for _, reason in game.rank_actions(game.view(state, role), actions))
        bot = seated.setdefault(role, HeuristicBot(seed * 31 + len(seated)))
        choice = bot.choose(game, state, role, actions)
        out.append(bot.last_reason)
        game.apply(state, role, choice)
    return tuple(out)


@cache
def generic_reasons() -> tuple[Reason, ...]:
    """The reasons every game shares: an ``ismcts`` search's (two iterations), that of its decision with a single
    legal action, and the heuristic bot's tie in a game without a ranking of its own (the core's tiny game)."""
    game = get_game("assyrian-wars")
    state = game.setup("two_rivers", 5, resolve_options(game, {}), {})
    role = game.active(state)[0]
    actions = game.legal_actions(state, role)
    bot = IsmctsBot(1, {"iterations": "2", "horizon": "3"}, lambda kind, seed: HeuristicBot(seed))
    bot.choose(game, state, role, actions)
    searched = bot.last_reason
    bot.choose(game, state, role, actions[:1])
    tiny = TinyGame()
    small = tiny.setup("standard", 1, resolve_options(tiny, {}), {})
    heuristic = HeuristicBot(1)
    heuristic.choose(tiny, small, "red", tiny.legal_actions(small, "red"))
    return searched, bot.last_reason, heuristic.last_reason


def faults(reason: Reason, catalog: dict[str, str], english: re.Pattern[str] | None) -> str:
    """Why `reason` does not read as words of `catalog` ("" when it does)."""
    text = render_reason(reason, catalog)
    if not text.strip() or "\n" in text:
        return f"not one line: {text!r}"
    for part in reason:
        if part["key"] not in catalog:
            return f"missing key {part['key']}"
        for name, value in part["params"].items():
            if name != "weight" and isinstance(value, str) and IDENT.fullmatch(value) and value not in catalog \
                    and f"name.{value}" not in catalog and show(value, catalog, key=part["key"], name=name) == value:
                return f"raw {{{name}}}={value!r} in {text!r}"
    if found := RAW.search(text):
        return f"raw {found.group(0)!r} in {text!r}"
    if english is not None and (found := english.search(WEIGHT.sub("", text))):
        return f"English {found.group(0)!r} in {text!r}"
    return ""


@pytest.mark.parametrize(("game_id", "scenario", "seed"), GAMES)
def test_real_reasons_read_in_every_language(game_id: str, scenario: str, seed: int) -> None:
    """Every reason met in the game renders in en, de and ja: each key present, no raw key or id, no
    placeholder left, no English name in de/ja, and the German and Japanese texts differ from the English."""
    reasons = list(real_reasons(game_id, scenario, seed))
    if game_id == "assyrian-wars" and scenario == "two_rivers":
        reasons += generic_reasons()
    keys = {p["key"] for r in reasons for p in r}
    assert len(reasons) > 500 and len(keys) > (15 if game_id == "assyria" else 30), sorted(keys)
    english_texts = [render_reason(r, reason_catalog(game_id, "en")) for r in reasons]
    for lang in LANGS:
        catalog = reason_catalog(game_id, lang)
        english = _english_only(lang) if game_id == "assyrian-wars" and lang != "en" else None
        bad = {}
        for reason, english_text in zip(reasons, english_texts, strict=True):
            fault = faults(reason, catalog, english)
            if not fault and lang != "en" and render_reason(reason, catalog) == english_text:
                fault = f"English text {english_text!r}"
            if fault:
                bad.setdefault(reason[0]["key"], fault)
        assert not bad, f"{lang}: " + "\n".join(f"{k}: {v}" for k, v in bad.items())


def test_the_generic_reasons_are_met_and_read() -> None:
    """The reasons every game shares (the table's ``bot.why.*``): a tie of the heuristic bot, a search and a
    single legal action of ``ismcts``, each in every language."""
    searched, single, tie = generic_reasons()
    assert [[p["key"] for p in r] for r in (searched, single, tie)] == [
        ["bot.why.ismcts"], ["bot.why.ismcts_only"], ["bot.why.no_preference"]]
    de = reason_catalog("assyrian-wars", "de")
    assert render_reason(single, de) == "ismcts: die einzige erlaubte Aktion"
    assert render_reason(searched, de).startswith("ismcts: 2 Durchläufe, Besuchsanteil ")
    n = tie[0]["params"]["n"]
    assert n > 1 and render_reason(tie, reason_catalog("assyria", "ja")) == f"同等の選択肢{n}個の中に優劣なし"
    assert render_reason([message("bot.why.no_preference", n=3)], reason_catalog("assyria", "en")) == \
        "no preference among 3 equal choices"


def test_composite_reasons_and_numbers() -> None:
    """A reason of several parts reads as one line in each language; numbers come as the bot formatted them;
    an id with no target reads by the template's ``.none`` word; a plain string is itself."""
    reason = [message("aw.bot.move_to", area="kalhu", target=None, s="4.5"),
              message("aw.bot.battle", s="4.5", enemy="3", chance="62%"),
              message("aw.bot.declaring", war="urartu")]
    assert render_reason(reason, reason_catalog("assyrian-wars", "en")) == (
        "move to Kalhu, towards no target (4.5 strength), battle 4.5 vs 3, chance 62% (weight battle), "
        "declaring war on Urartu")
    de = render_reason(reason, reason_catalog("assyrian-wars", "de"))
    assert de == ("nach Kalchu ziehen, in Richtung kein Ziel (4.5 Stärke), Schlacht 4.5 gegen 3, Chance 62% "
                  "(Gewicht battle), erklärt Urartu den Krieg")
    ja = render_reason(reason, reason_catalog("assyrian-wars", "ja"))
    assert ja.startswith("カルフへ移動し、目標なしを目指す") and "62%" in ja and ja.endswith("宣戦布告する")
    assert render_reason("an old reason", {}) == "an old reason"
    assert render_reason([], {}) == ""


def _keys_named(path: Path, prefix: str) -> set[str]:
    """The message keys a ranker names literally (``why("x")``, ``part("x")``, and both sides of ``"a" if c
    else "b"`` inside them)."""
    text = path.read_text(encoding="utf-8")
    found = set()
    for m in re.finditer(r'\b(?:why|part)\(\s*"([a-z_.]+)"(?:\s+if\s+[^"]+?\s+else\s+"([a-z_.]+)")?', text):
        found.update(f"{prefix}{k}" for k in m.groups() if k)
    return found


def test_every_key_a_ranker_names_is_in_the_catalogs() -> None:
    """The literal keys of both rankers, the ones they build (answers, siege kinds, build verbs, hut feeding)
    and the table's generic ones exist in English; German and Japanese have them all (with the same
    placeholders: the catalog tests) and write them in their own words, not the English template."""
    from ashur.games.assyrian_wars.bot.rank_base import BUILD_VERBS

    aw: set[str] = set()
    for part in sorted((ROOT / "games/assyrian_wars/bot").glob("rank*.py")):  # the ranking and its parts
        aw |= _keys_named(part, "aw.bot.")
    aw |= {f"aw.bot.{k}" for k in ("siege_standard", "siege_hunger", "siege_hunger_weak", "punished_pay",
                                   "punished_refuse", "punished_pay_assyria", "punished_refuse_assyria",
                                   "passage_accept", "passage_reject", "minor_peace_accept", "minor_peace_reject",
                                   "peace_accept", "peace_reject")}
    aw |= {f"aw.bot.verb.{v}" for v in BUILD_VERBS.values()}
    aw |= {"aw.bot.mode.bow", "aw.bot.mode.heavy"}  # the chariots' modes (9.7)
    assy = _keys_named(ROOT / "games/assyria/bot/rank.py", "as.bot.") | {"as.bot.hut_fed", "as.bot.hut_wild",
                                                                        "as.bot.hut_unfed"}
    assert len(aw) > 90 and len(assy) > 15
    generic = {"bot.why.no_preference", "bot.why.ismcts", "bot.why.ismcts_only"}
    for game_id, keys in (("assyrian-wars", aw), ("assyria", assy)):
        catalogs = {lang: get_game(game_id).messages(lang) for lang in LANGS}
        assert not keys - set(catalogs["en"]), sorted(keys - set(catalogs["en"]))
        ours = {k for k in catalogs["en"] if k.startswith(("aw.bot.", "as.bot."))}
        for lang in ("de", "ja"):
            same = sorted(k for k in ours if catalogs[lang][k] == catalogs["en"][k])
            assert not same, f"{game_id} {lang}: English templates {same}"
    tables = {lang: json.loads((ROOT / f"server/web/i18n/table.{lang}.json").read_text(encoding="utf-8"))
              for lang in LANGS}
    for lang in LANGS:
        assert generic <= set(tables[lang])
        if lang != "en":
            assert all(tables[lang][k] != tables["en"][k] for k in generic)
    assert render("bot.why.ismcts", {"iterations": 6, "share": "0.50", "mean": "+0.10"}, tables["ja"]) == \
        "ismcts：反復6回、訪問割合0.50、平均値+0.10"


def _decisions(game_id: str, scenario: str, seed: int, steps: int) -> str:
    """A digest of a seeded heuristic game's first `steps` decisions: each role, choice and every score."""
    game = get_game(game_id)
    state = game.setup(scenario, seed, resolve_options(game, {}), {})
    seated: dict[str, HeuristicBot] = {}
    h = hashlib.sha256()
    for _ in range(steps):
        if game.result(state)["over"]:
            break
        role = game.active(state)[0]
        actions = game.legal_actions(state, role)
        bot = seated.setdefault(role, HeuristicBot(seed * 31 + len(seated)))
        scores = [s for s, _ in game.rank_actions(game.view(state, role), actions)]
        choice = bot.choose(game, state, role, actions)
        h.update(f"{role}:{choice}:{','.join(f'{s:.9f}' for s in scores)};".encode())
        game.apply(state, role, choice)
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "scenario", "seed", "steps", "pinned"), [
    ("assyrian-wars", "two_rivers", 3, 250, "83b5e220f6ea07c7"),  # re-recorded: ...; fleets; orders ranked by answer
    ("assyrian-wars", "rise_and_fall", 4, 250, "f5b51342317c530f"),  # re-recorded: ...; 5.2.3; orders ranked by answer
    ("assyria", "four_players", 7, 400, "d506e13fa9b511d1"),
])
def test_decisions_and_scores_as_before(game_id: str, scenario: str, seed: int, steps: int, pinned: str) -> None:
    """The heuristic bots choose and score exactly as before their reasons became messages: digests of every
    choice and score, recorded on the commit before that change (b5d8440; again after the Mede's own
    weights and the weighing of saved APs, ``saved_ap`` and ``aimless_move``, changed the play). A change
    of the rules, the views or the weights that changes the bots' play changes them too: then check that it
    should, and record the new digest printed here."""
    assert _decisions(game_id, scenario, seed, steps) == pinned
