"""Issue 19: the action encoding — a distinct, stable integer per action id, from an append-only table of ids and
numbered families, complete for the games that exploration and the families reach."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from ashur.adapters import actions
from ashur.adapters.actions import HEADROOM, ActionTable, patterns, plan, read_lines
from ashur.core.contract import resolve_options
from ashur.core.registry import get_game


def test_the_assyrian_wars_table_is_well_formed_and_decodes_what_it_encodes() -> None:
    t = actions.table("assyrian-wars")
    assert t.fixed > 1000 and t.families
    assert t.size == t.fixed + HEADROOM
    seen: set[int] = set()
    for aid, code in t.codes.items():
        assert t.action_id(code) == aid
        seen.add(code)
    for pattern, (first, size) in t.families.items():
        for n in (0, size // 2, size - 1):
            aid = pattern.replace("{n}", str(n))
            code = t.code(aid) if aid not in t.codes else t.codes[aid]
            assert t.action_id(code) == aid
            if aid not in t.codes:
                assert code == first + n
                assert code not in seen
    assert len(seen) == len(t.codes)
    assert t.class_families and t.pair_families
    ids: dict[str, int] = {}
    for c in range(0, t.fixed, 7):  # every number decodes to an id that encodes to a number of that id
        aid = t.action_id(c)
        assert t.action_id(t.code(aid)) == aid
        ids.setdefault(aid, t.code(aid))
    assert len(set(ids.values())) == len(ids)  # distinct ids, distinct numbers


def test_numbered_families_cover_numbers_exploration_never_met() -> None:
    t = ActionTable("x", ["move:a", "card:{n}:ap 16", "card:3:ap", "order:cancel:{n} 64"])
    assert t.fixed == 1 + 16 + 1 + 64
    assert t.code("move:a") == 0
    assert t.code("card:0:ap") == 1 and t.code("card:15:ap") == 16
    assert t.code("card:3:ap") == 17  # a line of its own keeps its number
    assert t.code("order:cancel:63") == 18 + 63
    assert t.action_id(1 + 7) == "card:7:ap"
    assert t.action_id(18) == "order:cancel:0"
    assert t.covered("card:07:ap") is None  # not a canonical number: a different id
    assert t.covered("card:16:ap") is None  # past the block
    assert list(patterns("fwar:2:battle:3:x")) == [("fwar:{n}:battle:3:x", 2), ("fwar:2:battle:{n}:x", 3)]


def test_an_id_outside_the_table_gets_a_headroom_number_with_a_warning() -> None:
    t = ActionTable("x", ["a", "b"])
    with pytest.warns(UserWarning, match="not in the action table"):
        code = t.code("c:new")
    assert code == 2 and t.code("c:new") == 2 and t.action_id(2) == "c:new"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert t.code("d") == 3
    with pytest.raises(KeyError):
        t.action_id(4)


@pytest.mark.parametrize("bad", [["a", "a"], ["x:{n}:y 0"], ["x:{n}:{n} 8"], ["a b c"]])
def test_a_malformed_table_is_refused(bad: list[str]) -> None:
    with pytest.raises(ValueError):
        ActionTable("x", bad)


def test_growing_is_append_only_and_keeps_every_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(actions, "TABLES", tmp_path)
    first = ["move:b", "move:a"] + [f"card:{n}:ap" for n in range(1, 9)]
    actions.grow("g", first, classes={})
    lines1 = read_lines(tmp_path / "g.txt")
    assert lines1 == ["card:{n}:ap 64", "move:a", "move:b"]  # 8 numbers make a family
    before = actions.table("g")
    codes = {a: before.code(a) for a in first}
    actions.grow("g", ["move:c", "card:50:ap", "pick:1", "move:a"], classes={})
    lines2 = read_lines(tmp_path / "g.txt")
    assert lines2[: len(lines1)] == lines1
    assert lines2[len(lines1):] == ["move:c", "pick:1"]  # card:50:ap: the family covers it
    after = actions.table("g")
    assert {a: after.code(a) for a in first} == codes
    assert plan(lines2, ["move:a", "card:63:ap"]) == []


def test_class_families_cover_every_token_of_their_class() -> None:
    """Eight areas met with ``march:`` make a family over the smallest class holding them all: every area of
    the class gets a number, met or not; the class line takes no number."""
    classes = {"areas": [f"a{i}" for i in range(20)], "all": [f"a{i}" for i in range(20)] + ["x", "y"]}
    lines = plan([], [f"march:a{i}" for i in range(8)] + ["march:x", "stop"], classes)
    assert lines == ["= all " + " ".join(classes["all"]), "march:{all}", "stop"]
    lines = plan([], [f"march:a{i}" for i in range(8)] + ["stop"], classes)
    assert lines == ["= areas " + " ".join(classes["areas"]), "march:{areas}", "stop"]
    t = ActionTable("x", lines)
    assert t.fixed == 21 and t.code("march:a19") == 19 and t.action_id(7) == "march:a7" and t.code("stop") == 20
    assert plan(lines, ["march:a12", "march:zz"], classes) == ["march:zz"]


def test_fresh_games_meet_no_id_outside_the_table() -> None:
    """Games with seeds exploration did not play (random and heuristic bots): every legal id offered is
    covered by the table. A rules change that adds actions fails here: grow the table (the message says how)."""
    from ashur import bots

    game = get_game("assyrian-wars")
    t = ActionTable("assyrian-wars", read_lines(actions.path_of("assyrian-wars")))
    missing: set[str] = set()
    for seed, kind in ((9001, "random"), (9002, "heuristic")):
        opts = resolve_options(game, {})
        state = game.setup("two_rivers", seed, opts, {})
        players = {r: bots.make(kind, seed + i) for i, r in enumerate(game.roles("two_rivers", opts))}
        r = random.Random(seed)
        for _ in range(3000):
            if game.result(state)["over"]:
                break
            role = game.active(state)[0]
            legal = game.legal_actions(state, role)
            missing |= {a["id"] for a in legal if t.covered(a["id"]) is None}
            pick = players[role].choose(game, state, role, legal) if r.random() < 0.9 else r.choice(legal)["id"]
            game.apply(state, role, pick)
    assert not missing, f"ids outside the table: {sorted(missing)[:20]} (grow it: python -m ashur.adapters.actions " \
        "assyrian-wars)"


def test_the_adapters_know_no_game() -> None:
    """DESIGN: ``adapters/`` is a layer over the game-module contract only: no module of it imports a game."""
    import ast

    root = Path(actions.__file__).parent
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.startswith("ashur.games") for n in names), f"{path.name} imports {names}"


def test_pair_families_cover_the_pairs_of_the_tokens_met() -> None:
    """Ids with two places varying together (a unit and a leader) make a pair family over the tokens met at each
    place: every pair of them gets a number, met or not; ids already listed one by one keep theirs."""
    units, leaders = [f"u{i}" for i in range(6)], ["l0", "l1", "l2"]
    met = [f"loose:{u}:{ld}" for u in units for ld in leaders if (units.index(u) + leaders.index(ld)) % 2 == 0]
    family = ["= loose_1 " + " ".join(units), "= loose_2 " + " ".join(leaders), "loose:{loose_1}:{loose_2}"]
    assert plan([], met, {}) == family
    listed = sorted(met)  # an older table that lists them
    lines = listed + plan(listed, met, {})
    assert lines[len(listed):] == family
    t = ActionTable("x", lines)
    assert t.fixed == len(met) + 18
    for aid in met:
        assert t.code(aid) == listed.index(aid)
    code = t.code("loose:u1:l0")  # never met
    assert code == len(met) + 1 * 3 + 0 and t.action_id(code) == "loose:u1:l0"
    assert t.action_id(t.fixed - 1) == "loose:u5:l2"
    assert plan(lines, [*met, "loose:u1:l0"], {}) == []
