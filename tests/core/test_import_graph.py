"""The import graph of `ashur/` has no circle (docs/architecture-assyrian-wars.md, "Layout").

Every import statement counts: at module level and inside functions (a lazy import still ties the two
modules together); only imports under ``if TYPE_CHECKING:`` are left out, since they never run. A
``from package import name`` where ``name`` is a submodule is an edge to that submodule.

The rules of Assyrian Wars are also checked against the table of which part may import which.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "ashur"
RULES = "ashur.games.assyrian_wars.rules"

#: the parts of the rules (sub-packages of `rules/`) and the parts each may import; a part always
#: may import itself. Mirrored in docs/architecture-assyrian-wars.md ("Which part may import which").
RULES_LAYERS: dict[str, set[str]] = {
    "base": set(),
    "course": {"base"},
    "politics": {"base", "course"},
    "land": {"base", "course", "politics"},
    "naval": {"base", "course", "politics", "land"},
}

def _modules() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = path
    return mods


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph() -> dict[str, set[str]]:
    """module -> the `ashur` modules it imports (every import statement but TYPE_CHECKING ones)."""
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    if node.module:
                        base = [*base, *node.module.split(".")]
                    source = ".".join(base)
                else:
                    source = node.module or ""
                targets = []
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    targets.append(sub if sub in mods else source)
            for target in targets:
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != mod:
                    graph[mod].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return sorted(found)


def _short(mod: str) -> str:
    return mod.removeprefix("ashur.")


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert not found, "import circles in ashur/:\n" + "\n".join(
        " <-> ".join(_short(m) for m in comp) for comp in found)


def _part(mod: str) -> str | None:
    if not mod.startswith(RULES + "."):
        return None
    rest = mod.removeprefix(RULES + ".").split(".")
    return rest[0] if len(rest) > 1 else None


def test_rules_parts_import_downward() -> None:
    graph = import_graph()
    rules_dir = ROOT / "games" / "assyrian_wars" / "rules"
    parts = sorted(p.name for p in rules_dir.iterdir() if (p / "__init__.py").exists())
    assert parts == sorted(RULES_LAYERS), "a rules part missing from RULES_LAYERS (and the docs)"
    loose = sorted(p.stem for p in rules_dir.glob("*.py") if p.stem not in ("__init__", "registry"))
    assert not loose, f"rules modules outside a part: {loose}"
    bad = []
    for mod, targets in sorted(graph.items()):
        part = _part(mod)
        if part is None:
            continue
        for target in sorted(targets):
            other = _part(target)
            if other is not None and other != part and other not in RULES_LAYERS[part]:
                bad.append(f"{_short(mod)} -> {_short(target)} ({part} may not import {other})")
    assert not bad, "rules imports against the layers:\n" + "\n".join(bad)
