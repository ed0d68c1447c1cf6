"""The rules of Assyrian Wars: sub-packages by the rule book's parts (``base`` the shared queries, ``course``
the course of play, ``politics``, ``land`` warfare, ``naval`` affairs), one module per chapter or topic inside.

Importing this package registers every step kind in :data:`FLOW` and every plug-in in :data:`HOOKS`.
"""

from __future__ import annotations

from ashur.games.assyrian_wars.rules.registry import FLOW, HOOKS

__all__ = ["FLOW", "HOOKS", "load_all"]

_LOADED = False


def load_all() -> None:
    """Import every rules module once (they register their steps and hooks on import), in the order of
    their module names whatever their part."""
    global _LOADED
    if _LOADED:
        return
    import importlib
    import pkgutil

    from ashur.games.assyrian_wars import rules as pkg

    found = [i for i in pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}.") if not i.ispkg]
    for info in sorted(found, key=lambda i: i.name.rsplit(".", 1)[-1]):
        if info.name != f"{pkg.__name__}.registry":
            importlib.import_module(info.name)
    _LOADED = True
