"""3.7: the game ends after the Interphase that follows the last turn, a complete one (7.3.2, 7.4–7.7 included);
9.1 skips the political and timetable changes after a sudden end only (issue 14)."""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.course.interphase import slots_of
from ashur.games.assyrian_wars.rules.registry import FINAL_SLOTS, INTERPHASE_SLOTS
from tests.assyrian_wars.politicskit import ctx_of, run, setup, top


def test_3_7_the_interphase_after_the_last_turn_is_complete() -> None:
    pos = setup()
    pos.state["turn"] = pos.state["last_turn"]
    assert slots_of(ctx_of(pos)) == list(INTERPHASE_SLOTS)


def test_9_1_after_a_sudden_end_politics_and_timetable_are_skipped() -> None:
    pos = setup()
    pos.state["ended"] = "sudden"
    slots = slots_of(ctx_of(pos))
    assert slots == [s for s in INTERPHASE_SLOTS if s in FINAL_SLOTS]
    assert "7.4 politics" not in slots and "7.6 timetable" not in slots


def test_3_7_the_older_reading_kept_for_old_saves() -> None:
    pos = setup(pre14_readings=True)
    pos.state["turn"] = pos.state["last_turn"]
    assert "7.4 politics" not in slots_of(ctx_of(pos))


def test_3_7_the_last_interphase_holds_its_politics() -> None:
    pos = setup()
    pos.state["turn"] = pos.state["last_turn"]
    pos.state["stack"].append({"step": "interphase", "slot": INTERPHASE_SLOTS.index("7.4 politics")})
    run(pos, lambda ctx: None)
    # 7.4.3: the first question of the politics segment (Assyria at war with Israel, no alliance)
    assert top(pos)["kind"] == "minor_war_end" and top(pos)["who"] == "assyria"
