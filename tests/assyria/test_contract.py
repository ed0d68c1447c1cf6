"""Assyria speaks the game-module contract: registry, catalogs in en/de/ja, content validation, replay,
hidden information, the fuzzer and the generic bots."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from ashur import bots as botlib
from ashur.core.contract import resolve_options
from ashur.core.i18n import render
from ashur.core.log import entries
from ashur.core.registry import game_ids, get_game
from ashur.core.session import Match
from ashur.core.statedata import roundtrip_equal
from ashur.games.assyria.content.loader import DIRECTORY, load, parse
from ashur.games.assyria.game import GAME, _catalog
from ashur.games.assyria.rules import refs
from ashur.tools.fuzz import fuzz_one
from ashur.tools.simulate import play_game, play_out, seat_bots

LANGS = ("en", "de", "ja")


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_registered_with_its_three_setups() -> None:
    assert "assyria" in game_ids()
    assert get_game("assyria") is GAME
    assert list(GAME.scenarios()) == ["four_players", "three_players", "two_players"]


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    en = _catalog("en")
    for lang in LANGS[1:]:
        other = _catalog(lang)
        assert set(other) == set(en), f"{lang}: {sorted(set(other) ^ set(en))[:5]}"
        for k, v in en.items():
            assert fields(other[k]) == fields(v), f"{lang} {k}"


def test_every_rule_reference_has_a_paraphrase() -> None:
    for lang in LANGS:
        for ref in refs.ALL:
            assert GAME.rule_text(ref, lang), f"{lang}: rule.{ref}"


def random_game(scenario: str, seed: int) -> Match:
    m = Match.new(GAME, scenario, seed, {}, {r: "bot:random" for r in GAME.roles(scenario, {})}, keep_undo=False)
    play_out(m, seat_bots(m, "random"))
    return m


@pytest.mark.parametrize("scenario", ["four_players", "two_players"])
def test_every_log_entry_and_label_renders_in_every_language(scenario: str) -> None:
    m = random_game(scenario, 11)
    keys = {e["key"] for e in entries(m.state)}
    for lang in LANGS:
        cat = _catalog(lang)
        for e in entries(m.state):
            text = render(e["key"], e["params"], cat)
            assert "{" not in text and e["key"] in cat, (lang, e["key"], text)
    assert {"as.flood", "as.game_over", "as.prestige"} <= keys


def test_state_is_json_and_replays() -> None:
    from ashur.core.replay import replay
    from ashur.core.statedata import digest

    m = Match.new(GAME, "three_players", 8, {}, {r: "bot:random" for r in GAME.roles("three_players", {})})
    play_out(m, seat_bots(m, "random"))
    assert roundtrip_equal(m.state)
    again = replay(m.to_save())
    assert digest(again.state) == digest(m.state)


def test_observer_sees_no_actions_and_no_secrets() -> None:
    st = GAME.setup("four_players", 2, resolve_options(GAME, {}), {})
    v = GAME.view(st, "observer")
    assert v["actions"] == [] and v["prompt"] is None
    assert "rng" not in v and isinstance(v["deck"], int)


@pytest.mark.parametrize("scenario", ["four_players", "three_players", "two_players"])
def test_fuzz_a_game(scenario: str) -> None:
    r = fuzz_one(("assyria", scenario, 7, 0, {}, 5000, 3))
    assert r.failure is None, r.trace


def test_content_check_passes() -> None:
    assert GAME.content_check() == []
    dump = GAME.content_dump()
    assert len(dump["food_cards"]) == 40 and len(dump["expansion_cards"]) == 9


def test_a_bad_content_file_names_file_line_and_field(tmp_path: Path) -> None:
    for f in DIRECTORY.glob("*.yaml"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "cards.yaml").read_text(encoding="utf-8")
    text = text.replace("bonus: {value: 4}", "bonus: {value: four}")
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    _, problems = parse(tmp_path)
    assert problems
    p = problems[0]
    line = next(i for i, ln in enumerate(text.splitlines(), start=1) if ln.startswith("bonus:"))
    assert (p.file, p.field, p.line) == ("cards.yaml", "bonus.value", line)
    assert str(p).startswith(f"cards.yaml:{line}: field 'bonus.value':")


def test_a_reconstruction_that_breaks_a_rule_is_reported(tmp_path: Path) -> None:
    for f in DIRECTORY.glob("*.yaml"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "setups.yaml").read_text(encoding="utf-8").replace("starts: [B1, B5, I2, I6]",
                                                                         "starts: [B1, B5, I2, I3]")
    (tmp_path / "setups.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(Exception) as info:
        load(tmp_path)
    assert "I3 is a river hex" in str(info.value)


def test_heuristic_beats_random() -> None:
    wins = 0
    roles = GAME.roles("four_players", {})
    for i in range(4):
        me = roles[i]
        seats = {r: "bot:heuristic" if r == me else "bot:random" for r in roles}
        o = play_game("assyria", "four_players", 300 + i, i, {}, seats)
        assert o.error is None
        wins += me in o.winners
    assert wins == 4


def test_ismcts_plays_a_decision() -> None:
    st = GAME.setup("two_players", 4, resolve_options(GAME, {}), {})
    role = GAME.active(st)[0]
    bot = botlib.make("ismcts?iterations=4&horizon=10", 1)
    acts = GAME.legal_actions(st, role)
    assert bot.choose(GAME, st, role, acts) in {a["id"] for a in acts}


def test_terminal_rendering() -> None:
    from rich.console import Console

    st = GAME.setup("four_players", 2, resolve_options(GAME, {}), {})
    console = Console(width=140, record=True)
    for lang in LANGS:
        console.print(GAME.render_terminal(GAME.view(st, "red"), lang))
        console.print(GAME.render_terminal_board(GAME.view(st, "red"), lang))
    text = console.export_text()
    assert "B5" in text and "Assur" in text
    assert GAME.board()["setups"]["4"]["well_sites"]
