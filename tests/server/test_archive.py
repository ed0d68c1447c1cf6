"""Archive and replays on Assyrian Wars games played by random bots: export/import of save files,
replay frames from checkpoints, a seat's own history during a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from ashur.core import log as corelog
from ashur.core.registry import get_game
from ashur.core.savefile import SaveFile
from ashur.core.session import Match
from ashur.core.statedata import digest
from ashur.server import archive as ar
from ashur.tools.simulate import play_out, seat_bots

GAME = "assyrian-wars"
SCENARIO = "two_rivers"


def play(seed: int, stop_after: int | None = None) -> Match:
    game = get_game(GAME)
    match = Match.new(game, SCENARIO, seed, {}, None, keep_undo=False)
    bots = seat_bots(match, "random")
    if stop_after is None:
        play_out(match, bots)
        return match
    for _ in range(stop_after):
        role = match.active()[0]
        match.act(role, bots[role].choose(game, match.state, role, game.legal_actions(match.state, role)))
    return match


@pytest.fixture(scope="module")
def finished() -> Match:
    return play(7)


@pytest.fixture(scope="module")
def replay(finished: Match) -> ar.Replay:
    return ar.Replay(finished.to_save(), every=50)


def state_after(save: SaveFile, k: int) -> dict[str, object]:
    game = get_game(save.game)
    m = Match.new(game, save.scenario, save.seed, save.options, save.seats, keep_undo=False)
    for role, action_id in save.actions[:k]:
        m.act(role, action_id)
    return m.state


def test_export_then_import_continues_the_same_game(finished: Match, tmp_path: Path) -> None:
    assert get_game(GAME).result(finished.state)["over"]
    text = ar.export_text(GAME, SCENARIO, {}, finished.seed, finished.actions,
                          dict.fromkeys(finished.seats, "open"), verify=True)
    path = tmp_path / "game.ashur.json"
    path.write_text(text, encoding="utf-8")
    for source in (text, path):
        cont = ar.load_save(source)
        assert cont.game == GAME and cont.scenario == SCENARIO and cont.seed == finished.seed
        assert cont.actions == finished.actions
        assert set(cont.seats.values()) == {"human"}
        assert cont.over and cont.active == [] and cont.result["over"]
        assert digest(cont.state) == digest(finished.state)


def test_an_unfinished_game_continues_but_is_not_exported() -> None:
    mid = play(11, stop_after=120)
    with pytest.raises(ar.ArchiveError, match="only a finished game"):
        ar.export_save(GAME, SCENARIO, {}, mid.seed, mid.actions, mid.seats, finished=False)
    cont = ar.load_save(mid.to_save().dumps())
    assert not cont.over and cont.active == mid.active()
    assert digest(cont.state) == digest(mid.state)
    # the new game goes on from there
    game = get_game(GAME)
    role = cont.active[0]
    game.act(cont.state, role, game.legal_actions(cont.state, role)[0]["id"])


def test_frames_equal_a_fresh_replay_in_any_order(replay: ar.Replay, finished: Match) -> None:
    save = finished.to_save()
    n = replay.steps
    assert n == len(finished.actions) > 200
    assert len(replay._checkpoints) == n // 50 + 1
    game = get_game(GAME)
    for k in (n, 0, 1, 49, 50, 51, 151, 150, 152, 153, n - 1, 99):
        state = replay.state_at(k)
        assert digest(state) == digest(state_after(save, k)), k
    frame = replay.frame(153, "assyria")
    assert frame["view"] == game.view(state_after(save, 153), "assyria")
    assert frame["action"] == finished.actions[152] and frame["steps"] == n
    assert replay.frame(n)["result"]["over"]
    assert replay.frame(0)["action"] is None


def test_frame_logs_add_up_to_the_visible_log(replay: ar.Replay) -> None:
    game = get_game(GAME)
    for role in ("assyria", "observer"):
        got = []
        for k in range(0, 120):
            got += [e["index"] for e in replay.frame(k, role)["log"]]
        want = [i for i, _ in game.visible_log(replay.state_at(119), role, 0)]
        assert got == want


def test_frame_text_and_bad_requests(replay: ar.Replay) -> None:
    entries = replay.frame(1, "assyria", lang="de")["log"]
    assert all(isinstance(e["text"], str) for e in entries)
    with pytest.raises(ar.ArchiveError, match="unknown role"):
        replay.frame(1, "rome")
    with pytest.raises(ar.ArchiveError, match="not between"):
        replay.state_at(replay.steps + 1)


def test_replay_needs_a_finished_game() -> None:
    mid = play(11, stop_after=60)
    with pytest.raises(ar.ArchiveError, match="not over"):
        ar.Replay(mid.to_save())
    r = ar.Replay.from_record(GAME, SCENARIO, {}, mid.seed, mid.actions, mid.seats, require_over=False)
    assert r.steps == 60


def test_seat_history_hides_the_others_secrets() -> None:
    mid = play(3, stop_after=300)
    game = get_game(GAME)
    secret = [(i, e) for i, e in enumerate(corelog.entries(mid.state)) if e.get("to")]
    assert secret, "a game of 300 steps draws cards in secret"
    for role in [*game.roles(SCENARIO, {}), "observer"]:
        mine = ar.seat_history(game, mid.state, role)
        idx = {e["index"] for e in mine}
        assert all("to" not in e for e in mine)
        actors = game.actors(mid.state, role) if role != "observer" else set()
        for i, e in secret:
            assert (i in idx) == any(a in actors for a in e["to"])
    later = ar.seat_history(game, mid.state, "assyria", since=100)
    assert all(e["index"] >= 100 for e in later)


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"),
    ("{", "not valid JSON"),
    ("[]", "one JSON object"),
    ('{"game": "assyrian-wars"}', "field"),
])
def test_bad_files_give_one_clear_line(text: str, words: str) -> None:
    with pytest.raises(ar.ArchiveError, match=words) as exc:
        ar.load_save(text, name="upload.ashur.json")
    assert "\n" not in str(exc.value) and "upload.ashur.json" in str(exc.value)


def test_a_tampered_action_is_named(finished: Match) -> None:
    save = finished.to_save()
    bad = save.model_copy(update={"actions": [*save.actions[:10], [save.actions[10][0], "pass:forever"]]})
    with pytest.raises(ar.ArchiveError, match="action #11"):
        ar.load_save(bad.dumps())
    other = save.model_copy(update={"game": "chess"})
    with pytest.raises(ar.ArchiveError, match="unknown game"):
        ar.load_save(other.dumps())
    with pytest.raises(ar.ArchiveError, match="at most 5"):
        ar.load_save(save.dumps(), max_actions=5)
    with pytest.raises(ar.ArchiveError, match="no such file"):
        ar.load_save(Path("/nonexistent/x.ashur.json"))


def test_export_refuses_bad_parameters(finished: Match) -> None:
    with pytest.raises(ar.ArchiveError, match="unknown scenario"):
        ar.export_save(GAME, "atlantis", {}, 1, [])
    with pytest.raises(ar.ArchiveError, match="unknown option"):
        ar.export_save(GAME, SCENARIO, {"dragons": True}, 1, [])
    with pytest.raises(ar.ArchiveError, match="does not fit"):
        ar.export_save(GAME, SCENARIO, {}, finished.seed + 1, finished.actions, verify=True)
