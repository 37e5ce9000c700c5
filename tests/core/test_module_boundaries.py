"""A module's private names (``_name``) are its own: no module of the app imports another module's.

Import-linter checks which packages may import which; this checks the finer rule inside them, so a helper two
modules share is made public (and documented) instead of reached into.
"""

from __future__ import annotations

import ast
from pathlib import Path

import masis_desktop

PACKAGE = Path(masis_desktop.__file__).parent


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(root: Path) -> list[str]:
    """``from masis_desktop.x import _name``, and ``x._name`` where ``x`` is a module imported from the app."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        modules: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("masis_desktop"):
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {node.module}.{alias.name}")
                    elif alias.name.islower() and not alias.name.endswith(("_findings",)):
                        modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                modules |= {a.asname or a.name for a in node.names if a.name.startswith("masis_desktop")}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules \
                    and _private(node.attr) and _is_module(path, node.value.id, tree):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def _is_module(path: Path, name: str, tree: ast.Module) -> bool:
    """Whether ``name`` is bound by an import of a module (``from masis_desktop.core import text as tx``)."""
    import importlib.util

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("masis_desktop"):
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return importlib.util.find_spec(f"{node.module}.{alias.name}") is not None
    return False


def test_no_module_imports_another_modules_private_names() -> None:
    assert private_imports(PACKAGE) == []


def test_the_scan_finds_a_private_import(tmp_path: Path) -> None:
    pkg = tmp_path / "masis_desktop"
    pkg.mkdir()
    (pkg / "a.py").write_text("from masis_desktop.b import _helper, public\nfrom masis_desktop import __version__\n"
                              "from masis_desktop.core import text as tx\nx = tx._WORD\n")
    assert private_imports(pkg) == ["masis_desktop/a.py:1: masis_desktop.b._helper", "masis_desktop/a.py:4: tx._WORD"]
