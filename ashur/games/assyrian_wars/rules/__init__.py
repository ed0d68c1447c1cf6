"""The rules of Assyrian Wars, one module per chapter or topic of the rule book.

Importing this package registers every step kind in :data:`FLOW` and every plug-in in :data:`HOOKS`.
"""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

__all__ = ["FLOW", "HOOKS", "load_all"]

_LOADED = False


def load_all() -> None:
    """Import every rules module once (they register their steps and hooks on import)."""
    global _LOADED
    if _LOADED:
        return
    import importlib
    import pkgutil

    from ashur.games.assyrian_wars import rules as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if info.name not in ("registry",):
            importlib.import_module(f"{pkg.__name__}.{info.name}")
    _LOADED = True
