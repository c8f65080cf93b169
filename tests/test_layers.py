"""The house's walls: imports point one way (pyproject's import-linter contracts) and none hides.

Tests share helpers through factories and fixtures, never by importing another test module.

Import-linter only sees module-level imports as edges it can judge fairly; an import inside a
function is how a cycle hides, so the second test forbids them outside `AppConfig.ready()`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("delight", "goals", "world", "narrative", "nudges", "companion")


def test_every_import_contract_is_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run(
        [str(lint), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def _hidden_imports(path: Path) -> list[str]:
    """Project imports nested in a function, other than in an `AppConfig.ready()`."""
    found = []
    tree = ast.parse(path.read_text(), filename=str(path))
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if path.name == "apps.py" and func.name == "ready":
            continue
        for node in ast.walk(func):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} {name}"
                for name in names
                if name.split(".")[0] in APPS
            ]
    return found


def test_no_project_import_hides_inside_a_function():
    sources = [
        path
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    ]
    hidden = [line for path in sorted(sources) for line in _hidden_imports(path)]
    assert hidden == []


def _test_module_imports(path: Path) -> list[str]:
    """Imports of another test module or a conftest (shared helpers live in factories)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests."):
            leaf = node.module.rsplit(".", 1)[-1]
            if leaf == "conftest" or leaf.startswith("test_"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module}")
    return found


def test_tests_share_helpers_through_factories_not_other_test_modules():
    imports = [
        line
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for line in _test_module_imports(path)
    ]
    assert imports == []
