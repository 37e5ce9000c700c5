"""A module's private names (``_name``) are its own: no module of the app imports another module's.

Import-linter checks which packages may import which; this checks the finer rule inside them, so a helper two
modules share is made public (and documented) instead of reached into.
"""

from __future__ import annotations

import ast
from pathlib import Path

import masis_desktop

PACKAGE = Path(masis_desktop.__file__).parent


def private_imports(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("masis_desktop"):
                for alias in node.names:
                    name = alias.name
                    if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                        found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {node.module}.{name}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    assert private_imports(PACKAGE) == []


def test_the_scan_finds_a_private_import(tmp_path: Path) -> None:
    pkg = tmp_path / "masis_desktop"
    pkg.mkdir()
    (pkg / "a.py").write_text("from masis_desktop.b import _helper, public\nfrom masis_desktop import __version__\n")
    assert private_imports(pkg) == ["masis_desktop/a.py:1: masis_desktop.b._helper"]
