"""The worker's collector policy (ashur/server/gctune.py) and the action timing lines (timing.py)."""

from __future__ import annotations

import gc

import pytest

from ashur.server import gctune, timing


def test_interval_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASHUR_GC_SECONDS", raising=False)
    assert gctune.interval() == gctune.DEFAULT_SECONDS
    monkeypatch.setenv("ASHUR_GC_SECONDS", "0")
    assert gctune.interval() == 0.0
    assert gctune.install() is None  # 0: Python's own policy is left alone
    monkeypatch.setenv("ASHUR_GC_SECONDS", "many")
    assert gctune.interval() == gctune.DEFAULT_SECONDS


def test_install_freezes_and_times_full_collections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASHUR_GC_SECONDS", "3600")
    before = gc.get_threshold()
    collector = gctune.install()
    try:
        assert collector is not None and collector.thread.is_alive()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[2] == gctune._NEVER  # no automatic full collection
        assert gctune.install() is None  # one per process
    finally:
        assert collector is not None
        collector.stop()
        gc.unfreeze()
    assert gc.get_threshold() == before
    collector.thread.join(timeout=5)
    assert not collector.thread.is_alive()


def test_timing_is_a_no_op_without_a_record() -> None:
    with timing.phase("engine"):
        pass
    timing.note("miss", 1)  # no request record: nothing kept, nothing raised
    assert timing._record.get() is None


def test_switch_interval_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    saved = sys.getswitchinterval()
    try:
        monkeypatch.delenv("ASHUR_SWITCH_MS", raising=False)
        assert gctune.switch_interval() == gctune.DEFAULT_SWITCH_MS
        assert sys.getswitchinterval() == gctune.DEFAULT_SWITCH_MS / 1000
        monkeypatch.setenv("ASHUR_SWITCH_MS", "5")  # Python's own
        assert gctune.switch_interval() == 5.0 and sys.getswitchinterval() == 0.005
        monkeypatch.setenv("ASHUR_SWITCH_MS", "often")
        assert gctune.switch_interval() == gctune.DEFAULT_SWITCH_MS
    finally:
        sys.setswitchinterval(saved)
