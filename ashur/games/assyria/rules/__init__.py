"""The rules of Assyria, one module per part of the rule book: preparation (:mod:`.prep`), farming
(:mod:`.farming`), expansion (:mod:`.expansion`), actions (:mod:`.actions`), the flood and the end of the
game (:mod:`.flood`), and the course of a turn that ties them together (:mod:`.course`); shared queries of
the board in :mod:`.board`, rule references in :mod:`.refs`.

Importing this package registers every step kind in :data:`FLOW`.
"""

from __future__ import annotations

from ashur.games.assyria.rules import actions, course, expansion, farming, prep
from ashur.games.assyria.rules.registry import FLOW

__all__ = ["FLOW", "actions", "course", "expansion", "farming", "prep"]
