"""The state as plain data with its log beside it (DESIGN: state; issue: the log outside the hot state)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from ashur.core import log as corelog
from ashur.core import statedata
from ashur.core.statedata import GameState, Log, as_state, clone, dumps


def _state() -> GameState:
    st = GameState({"board": {"x": [1, 2]}})
    corelog.log(st, "a", "1")
    return st


def test_the_log_is_not_part_of_the_json_state_only_its_length() -> None:
    st = _state()
    data = orjson.loads(dumps(st))
    assert data == {"board": {"x": [1, 2]}, "log_n": 1}
    assert corelog.length(st) == 1 and corelog.entries(st)[0]["key"] == "a"


def test_a_clone_shares_entries_but_appends_never_cross() -> None:
    st = _state()
    new = clone(st)
    assert new == st and new is not st
    corelog.log(new, "b", "2")
    new["board"]["x"].append(3)
    assert corelog.length(st) == 1 and st["board"]["x"] == [1, 2] and st["log_n"] == 1
    assert [e["key"] for e in corelog.entries(new)] == ["a", "b"]
    assert corelog.entries(new)[0] is corelog.entries(st)[0]
    # the original appends after the fork: each sees only its own branch
    corelog.log(st, "c", "3")
    assert [e["key"] for e in corelog.entries(st)] == ["a", "c"]
    assert [e["key"] for e in corelog.entries(new)] == ["a", "b"]


def test_reading_what_is_new() -> None:
    st = _state()
    for k in "bcd":
        corelog.log(st, k, "1")
    assert [(i, e["key"]) for i, e in corelog.since(st, 2)] == [(2, "c"), (3, "d")]
    assert [i for i, _ in st.log.last(2)] == [2, 3]
    assert [i for i, _ in st.log.reverse()] == [3, 2, 1, 0]


def test_a_state_loaded_from_json_keeps_counting_where_the_log_stood() -> None:
    st = _state()
    corelog.log(st, "b", "1")
    loaded = as_state(orjson.loads(dumps(st)))
    assert corelog.length(loaded) == 2 and corelog.entries(loaded) == []
    corelog.log(loaded, "c", "1")
    assert corelog.length(loaded) == 3 and loaded["log_n"] == 3
    assert [i for i, _ in corelog.since(loaded, 0)] == [2]


def test_a_plain_dict_with_a_log_list_becomes_a_game_state() -> None:
    st = as_state({"log": [{"key": "a", "rule": "1", "params": {}}], "x": 1})
    assert st == {"x": 1, "log_n": 1} and corelog.entries(st)[0]["key"] == "a"


def test_rewrite_gives_a_private_copy_of_the_log() -> None:
    st = _state()
    other = clone(st)

    def hide(e: dict) -> dict:
        e["params"] = {"hidden": True}
        return e

    corelog.rewrite(other, hide)
    assert corelog.entries(other)[0]["params"] == {"hidden": True}
    assert corelog.entries(st)[0]["params"] == {}


def test_log_fork_is_constant_time_and_independent() -> None:
    lg = Log([{"key": "a"}])
    f1, f2 = lg.fork(), lg.fork()
    f1.append({"key": "b"})
    f2.append({"key": "c"})
    assert [e["key"] for e in f1.entries()] == ["a", "b"]
    assert [e["key"] for e in f2.entries()] == ["a", "c"]
    assert [e["key"] for e in lg.entries()] == ["a"]


def _forked_pair(strict: bool, monkeypatch: Any) -> tuple[GameState, GameState]:
    monkeypatch.setattr(statedata, "STRICT", strict)
    src = GameState({"pieces": {"a": {"loc": "x"}, "b": {"loc": "y"}}, "turn": 1})
    return src, statedata.fork(src, ("pieces",))


def test_fork_shares_the_records_of_its_tables_and_deep_copies_the_rest(monkeypatch: Any) -> None:
    src, new = _forked_pair(False, monkeypatch)
    assert new["pieces"]["a"] is src["pieces"]["a"] and new["pieces"] is not src["pieces"]
    assert new == src and type(new["pieces"]["a"]) is dict
    # neither state owns a shared record: whoever changes one first must copy it
    assert new.owned == {"pieces": set()} and src.owned == {"pieces": set()}


def test_strict_fork_makes_shared_records_read_only(monkeypatch: Any) -> None:
    src, new = _forked_pair(True, monkeypatch)
    for state in (src, new):
        with pytest.raises(TypeError, match="read-only"):
            state["pieces"]["a"]["loc"] = "z"
    assert orjson.loads(orjson.dumps(new)) == {"pieces": {"a": {"loc": "x"}, "b": {"loc": "y"}}, "turn": 1,
                                               "log_n": 0}


def test_thaw_gives_a_state_private_copies_of_what_it_shares(monkeypatch: Any) -> None:
    src, new = _forked_pair(True, monkeypatch)
    statedata.thaw(new)
    new["pieces"]["a"]["loc"] = "z"
    assert src["pieces"]["a"]["loc"] == "x" and new.owned is None


def test_fork_shares_whole_tables_until_one_state_owns_its_copy(monkeypatch: Any) -> None:
    monkeypatch.setattr(statedata, "STRICT", False)
    src = GameState({"pieces": {"a": {"loc": "x"}}, "wars": [["a", "b"]], "turn": 1})
    new = statedata.fork(src, ("pieces",), ("wars", "absent"))
    assert new["wars"] is src["wars"] and new.lent == {"wars"} and src.lent == {"wars"}
    statedata.own(new, "wars").append(["c", "d"])
    assert src["wars"] == [["a", "b"]] and new["wars"] == [["a", "b"], ["c", "d"]] and not new.lent
    assert statedata.own(src, "wars") is not new["wars"] and not src.lent


def test_strict_fork_makes_shared_tables_and_nested_lists_read_only(monkeypatch: Any) -> None:
    monkeypatch.setattr(statedata, "STRICT", True)
    src = GameState({"countries": {"x": {"hand": [1, 2], "vp": 0}}, "wars": [["a", "b"]], "turn": 1})
    new = statedata.fork(src, ("countries",), ("wars",))
    for state in (src, new):
        with pytest.raises(TypeError, match="read-only"):
            state["wars"].append(["c", "d"])
        with pytest.raises(TypeError, match="read-only"):
            state["wars"][0].append("c")
        with pytest.raises(TypeError, match="read-only"):
            state["countries"]["x"]["hand"].append(3)
    own = statedata.copy_record(new["countries"]["x"])
    own["hand"].append(3)
    assert type(own["hand"]) is list and src["countries"]["x"]["hand"] == [1, 2]
    assert orjson.loads(orjson.dumps(new)) == {"countries": {"x": {"hand": [1, 2], "vp": 0}},
                                               "wars": [["a", "b"]], "turn": 1, "log_n": 0}
    statedata.thaw(new)
    new["wars"].append(["c", "d"])
    new["countries"]["x"]["hand"].append(3)
    assert src["wars"] == [["a", "b"]] and src["countries"]["x"]["hand"] == [1, 2]
