"""The project's shape (docs/development.md): import direction, Qt only in ui/, every module imports
cleanly in a fresh interpreter, and the linters are clean."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("goldnet", "protocol", "ui")


def modules(package: str) -> list[str]:
    out = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append(".".join(parts))
    return out


def imported_roots(path: Path, *, top_level_only: bool) -> set[str]:
    """Root package names imported by a file (optionally only at module level)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    roots: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            # Relative imports stay inside their own package.
            pass
    return roots


@pytest.mark.parametrize("package", ["goldnet", "protocol"])
def test_no_qt_outside_ui(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        roots = imported_roots(path, top_level_only=False)
        assert "PySide6" not in roots, f"{path} imports PySide6"


def test_protocol_imports_neither_goldnet_nor_ui() -> None:
    for path in (ROOT / "protocol").rglob("*.py"):
        roots = imported_roots(path, top_level_only=False)
        assert not roots & {"goldnet", "ui"}, f"{path} imports {roots & {'goldnet', 'ui'}}"


def test_goldnet_imports_ui_only_lazily_in_the_cli() -> None:
    for path in (ROOT / "goldnet").rglob("*.py"):
        assert "ui" not in imported_roots(path, top_level_only=True), f"{path} imports ui"
        if path.name != "cli.py":
            assert "ui" not in imported_roots(path, top_level_only=False), f"{path} imports ui"


def test_no_random_module_in_rules_or_protocol() -> None:
    for package in ("protocol", "goldnet/games"):
        for path in (ROOT / package).rglob("*.py"):
            roots = imported_roots(path, top_level_only=False)
            assert "random" not in roots, f"{path} imports random"


def test_every_module_imports_in_a_fresh_interpreter() -> None:
    names = [m for p in PACKAGES for m in modules(p)]
    code = "import importlib, sys\nfor n in sys.argv[1:]:\n    importlib.import_module(n)\n"
    result = subprocess.run(
        [sys.executable, "-c", code, *names],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_is_clean() -> None:
    result = subprocess.run(
        ["ruff", "check", "goldnet", "protocol", "ui", "tests"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("mypy") is None, reason="mypy is not installed")
def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(["mypy"], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_nothing_above_the_game_registry_names_a_game() -> None:
    """The layers above the rules learn of games only from the registries: no module of the
    network, the lockstep binding, the harness, the CLI or the ui shell names a game's package
    (the ui kit registry, ``ui/kits.py``, is the one place that does)."""
    import re

    pattern = re.compile(r"mountains_rivers|golden_city")
    modules = [
        *sorted((ROOT / "goldnet" / "net").rglob("*.py")),
        *(ROOT / "goldnet" / name for name in ("binding.py", "harness.py", "cli.py", "offline.py")),
        *(ROOT / "goldnet" / name for name in ("view.py", "records.py", "selfplay.py")),
        *sorted((ROOT / "ui").glob("*.py")),
    ]
    naming = [
        str(path.relative_to(ROOT))
        for path in modules
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert naming == ["ui/kits.py"]
