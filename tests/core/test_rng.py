"""The seeded generator lives in the state: same seed, same dice; fixed dice for tests."""

from __future__ import annotations

from collections import Counter

import pytest

from ashur.core import rng
from ashur.core.statedata import roundtrip_equal


def _state(seed: int) -> dict:
    return {"rng": rng.seed_state(seed)}


def test_same_seed_same_dice() -> None:
    a, b = _state(7), _state(7)
    assert [rng.roll(a) for _ in range(50)] == [rng.roll(b) for _ in range(50)]


def test_different_seeds_differ() -> None:
    a, b = _state(1), _state(2)
    assert [rng.roll(a) for _ in range(30)] != [rng.roll(b) for _ in range(30)]


def test_state_is_plain_json_and_counts_draws() -> None:
    s = _state(3)
    for _ in range(5):
        rng.roll(s)
    assert roundtrip_equal(s)
    assert rng.draws(s) == 5


def test_dice_are_roughly_uniform() -> None:
    s = _state(11)
    counts = Counter(rng.roll(s) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in counts.values())


def test_fixed_dice_come_first_and_count_as_draws() -> None:
    s = _state(5)
    s["rng"]["fixed"] = [6, 1]
    assert rng.roll(s) == 6
    assert rng.roll(s) == 1
    assert rng.draws(s) == 2
    assert 1 <= rng.roll(s) <= 6


def test_fixed_die_out_of_range_is_refused() -> None:
    s = _state(5)
    s["rng"]["fixed"] = [7]
    with pytest.raises(ValueError):
        rng.roll(s)


def test_shuffle_is_deterministic_and_a_permutation() -> None:
    a, b = _state(9), _state(9)
    x, y = list(range(20)), list(range(20))
    rng.shuffle(a, x)
    rng.shuffle(b, y)
    assert x == y and sorted(x) == list(range(20)) and x != list(range(20))
