"""The flow registry of Assyria: every rules module registers its step kinds in :data:`FLOW`."""

from __future__ import annotations

from ashur.core.flow import Flow
from ashur.games.assyria.ctx import Ctx

FLOW: Flow[Ctx] = Flow()
