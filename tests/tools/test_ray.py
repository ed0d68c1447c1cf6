"""``--ray``: the games of ``simulate`` and ``arena`` spread over a local Ray cluster (``ray.init(num_cpus=2)``)
come back in game order with the same digest as ``--jobs 2``. Skipped only when Ray cannot be imported."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ashur.tools import arena as ar
from ashur.tools import simulate as sim

ray = pytest.importorskip("ray")

GAME, SCEN, GAMES = "assyrian-wars", "two_rivers", 4


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_simulate_on_ray_same_digest_as_two_jobs(local_cluster: None) -> None:
    local = list(sim.run_games(GAME, SCEN, GAMES, 5, {}, "eager", jobs=2))
    on_ray = list(sim.run_games(GAME, SCEN, GAMES, 5, {}, "eager", jobs=2, ray="local"))
    assert [o.index for o in on_ray] == list(range(GAMES))
    a, b = sim.summarize(local, 0.0), sim.summarize(on_ray, 0.0)
    assert a["digest"] == b["digest"] and a == b
    assert ray.is_initialized()  # a cluster the caller started stays up


def test_arena_on_ray_same_digest_as_two_jobs(local_cluster: None) -> None:
    kinds = ["random", "eager"]
    roles = ar.roles_of(GAME, SCEN, {})
    local = ar.summarize(list(ar.run_arena(GAME, SCEN, GAMES, 3, {}, kinds, jobs=2)), GAME, SCEN, roles, kinds, 0.0)
    on_ray = ar.summarize(list(ar.run_arena(GAME, SCEN, GAMES, 3, {}, kinds, jobs=2, ray="local")), GAME, SCEN,
                          roles, kinds, 0.0)
    assert local["digest"] == on_ray["digest"]
    assert local == on_ray
