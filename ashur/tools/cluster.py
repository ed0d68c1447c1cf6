"""Running the games of a run in order: in this process, in a process pool (``--jobs``) or on Ray (``--ray``).

Every task is a picklable argument of a top-level function; the results come back in the order of the tasks
whatever ran them, so a run's summary and digest do not depend on where it ran. Ray is imported only when asked
for (the optional extra ``cluster``: ``pip install 'ashur[cluster]'``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from ashur.core.errors import SetupError

T = TypeVar("T")
R = TypeVar("R")

#: the value of ``--ray`` without an address: a local Ray started with ``num_cpus`` = ``--jobs``
LOCAL = "local"
INSTALL_HINT = "--ray needs Ray: pip install 'ashur[cluster]' (or pip install 'ray>=2.9')"


def import_ray() -> Any:
    """The ``ray`` module; SetupError saying how to install it when it is missing."""
    try:
        import ray
    except ImportError as exc:
        raise SetupError(INSTALL_HINT) from exc
    return ray


def map_ordered(fn: Callable[[T], R], tasks: list[T], jobs: int = 1, ray: str | None = None) -> Iterator[R]:
    """``fn(task)`` for every task, yielded in task order.

    `ray` None runs locally (`jobs` processes); ``"local"`` starts a local Ray with `jobs` CPUs; any other
    value is the address of a running cluster (``auto``, ``ray://host:10001``). A Ray already initialized by
    the caller is used as it is and left running; one started here is shut down at the end.
    """
    if ray is not None:
        yield from _map_ray(fn, tasks, jobs, ray)
        return
    if jobs <= 1:
        for t in tasks:
            yield fn(t)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(fn, tasks, chunksize=1)


def _map_ray(fn: Callable[[T], R], tasks: list[T], jobs: int, address: str) -> Iterator[R]:
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        if address == LOCAL:
            ray.init(num_cpus=max(jobs, 1), include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING)
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        started = True
    try:
        remote = ray.remote(fn)
        refs = [remote.remote(t) for t in tasks]
        for ref in refs:  # in task order: a later game may finish first, it waits its turn
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
