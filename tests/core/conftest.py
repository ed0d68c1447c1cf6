"""Register the tiny test game for the core tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ashur.core import registry
from tests.core.tinygame import GAME


@pytest.fixture(autouse=True, scope="session")
def tiny_registered() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)
