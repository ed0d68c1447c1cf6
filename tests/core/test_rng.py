"""The generator lives in the state: same seed, same dice; fixed dice for tests; and without a seed
nobody can recover the game's cards by trying seeds."""

from __future__ import annotations

from collections import Counter

import pytest

from ashur.core import rng
from ashur.core.session import Match
from ashur.core.statedata import digest, roundtrip_equal
from ashur.games.assyrian_wars.game import GAME as AW
from ashur.tools.simulate import derive


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


def test_state_survives_orjson_and_continues_where_it_stopped() -> None:
    import orjson

    a = _state(2**127 + 3)
    for _ in range(7):
        rng.roll(a)
    b = orjson.loads(orjson.dumps(a))
    assert [rng.roll(a) for _ in range(20)] == [rng.roll(b) for _ in range(20)]
    assert set(a["rng"]) == {"k", "n", "fixed"} and len(a["rng"]["k"]) == 64


def test_below_choice_and_big_or_negative_seeds() -> None:
    s = _state(-4)
    assert all(0 <= rng.below(s, 7) < 7 for _ in range(200))
    assert rng.choice(s, ["x"]) == "x"
    with pytest.raises(ValueError):
        rng.below(s, 0)
    assert rng.seed_state(2**200)["k"] != rng.seed_state(2**200 + 1)["k"]


def test_explicit_seed_reproduces_the_game() -> None:
    a, b = Match.new(AW, "two_rivers", 123), Match.new(AW, "two_rivers", 123)
    assert digest(a.state) == digest(b.state)
    assert digest(Match.new(AW, "two_rivers", 124).state) != digest(a.state)


def test_a_game_without_seed_takes_128_secret_bits() -> None:
    a, b = Match.new(AW, "two_rivers"), Match.new(AW, "two_rivers")
    assert a.seed != b.seed and max(a.seed, b.seed).bit_length() > 100
    assert a.state["countries"]["assyria"]["hand"] != b.state["countries"]["assyria"]["hand"]
    # the seed of such a game still replays it (it is written to the save file)
    assert digest(Match.new(AW, "two_rivers", a.seed).state) == digest(a.state)


def _old_style_candidates() -> list[int]:
    """Seeds an attacker tries first: small ones, the clock (what `ashur play` used before) and the
    48-bit seeds the tools derive from small base seeds."""
    import time

    now = int(time.time())
    cands = list(range(2**16))
    cands += range(now - 3600, now + 60)
    cands += [derive(b, i) for b in range(16) for i in range(64)]
    cands += [derive(b, "fuzz", sc, i) for b in range(16) for sc in AW.scenarios() for i in range(16)]
    return cands


def test_brute_force_over_seeds_does_not_recover_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """The obvious attack: a player knows the rules, the order of the cards before the shuffle (4.1)
    and their own starting hand, and tries seeds until one deals that hand.

    Assyrian Wars shuffles the draw pile with the first draws of the game, then deals hands from the top,
    so the attacker replays only the first Fisher-Yates steps per seed. Here ~73,000 seeds (all 16-bit
    ones, every clock second of the last hour, the tools' derived seeds) do not reproduce Assyria's hand
    in a game set up without a seed. They cannot: the game's key comes from 128 random bits, so the
    search space is 2**128 seeds (2**256 keys) — at 10**9 guesses a second about 10**22 years; keyed
    BLAKE2b is a PRF, so the dealt cards and logged dice give no shortcut to the key.
    """
    recorded: list[tuple[list[int], list[int]]] = []
    real_shuffle = rng.shuffle

    def spy(state: dict, items: list) -> None:
        before = list(items)
        real_shuffle(state, items)
        recorded.append((before, list(items)))

    monkeypatch.setattr(rng, "shuffle", spy)
    match = Match.new(AW, "two_rivers")  # no seed
    monkeypatch.setattr(rng, "shuffle", real_shuffle)
    unshuffled, dealt = recorded[0]
    # what the attacker sees: Assyria's own hand; the deal takes the cards from the top of the pile
    hand = [n for n in match.state["countries"]["assyria"]["hand"] if n in unshuffled]
    assert len(hand) >= 6
    positions = {dealt.index(n): n for n in hand}
    top = len(unshuffled) - 1
    assert set(positions) == set(range(top - len(hand) + 1, top + 1)), "the hand comes from the top"

    def deals_the_hand(seed: int) -> bool:
        state = {"rng": rng.seed_state(seed)}
        items = list(unshuffled)
        for i in range(top, top - len(hand), -1):  # Fisher-Yates fixes position i at step i
            j = rng.below(state, i + 1)
            items[i], items[j] = items[j], items[i]
            if items[i] != positions[i]:
                return False
        return True

    # the search itself works: it finds the seed of a game whose seed is small
    recorded.clear()
    monkeypatch.setattr(rng, "shuffle", spy)
    weak = Match.new(AW, "two_rivers", 4321)
    monkeypatch.setattr(rng, "shuffle", real_shuffle)
    weak_hand = [n for n in weak.state["countries"]["assyria"]["hand"] if n in unshuffled]
    weak_positions = {recorded[0][1].index(n): n for n in weak_hand}
    saved = dict(positions)
    positions.clear()
    positions.update(weak_positions)
    assert deals_the_hand(4321) and not deals_the_hand(4322)
    positions.clear()
    positions.update(saved)

    found = [s for s in _old_style_candidates() if deals_the_hand(s)]
    assert found == []


def test_a_draw_source_takes_the_generators_place_in_its_context_only() -> None:
    """Issue 19: `drawing_from` hands every draw of range(n) to the source (the adapters' chance nodes);
    the counter still counts the draws, and outside the block the generator draws as before."""
    asked: list[int] = []

    def source(n: int) -> int:
        asked.append(n)
        return n - 1

    s, t = _state(7), _state(7)
    with rng.drawing_from(source):
        assert rng.roll(s) == 6
        assert rng.below(s, 10) == 9
        deck = [1, 2, 3]
        rng.shuffle(s, deck)
    assert asked == [6, 10, 3, 2]
    assert deck == [1, 2, 3]  # j = i at every step of Fisher-Yates
    assert rng.draws(s) == 4
    # outside the block, the generator: the same values as a state that never had a source
    rng.below(t, 6), rng.below(t, 10), rng.below(t, 3), rng.below(t, 2)
    assert [rng.roll(s) for _ in range(20)] == [rng.roll(t) for _ in range(20)]


def test_a_draw_source_giving_a_value_out_of_range_is_refused() -> None:
    with rng.drawing_from(lambda n: n), pytest.raises(ValueError, match="range"):
        rng.below(_state(1), 4)
