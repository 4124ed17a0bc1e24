"""The wheel is complete (docs/development.md): built (sdist, then the wheel from it), installed in
a fresh virtual environment, and compared with the source tree — every package of ``goldnet/``,
``protocol/`` and ``ui/`` and every file of ``resources/`` is installed, every module imports and
every data file loads from the installed copy, with no path into the source tree.

The comparison is a plain function of two file lists, so it is also run on a made-up tree with a
new game package and new data (which must be reported when left out), and the packaging
configuration itself is built on such a tree — the explicit package list it replaced dropped a
new subpackage without any test noticing.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
import zipfile
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CODE = ("goldnet", "protocol", "ui")
"""The import packages, each the folder of the same name."""

DATA = ("resources", "goldnet/resources")
"""The data folder of the source tree and where it is installed."""


def _kept(relative: str) -> bool:
    """Whether a file belongs to the tree: not byte-code, not hidden."""
    parts = relative.split("/")
    return not (
        "__pycache__" in parts or any(p.startswith(".") for p in parts) or relative.endswith(".pyc")
    )


def _files_under(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def source_files(root: Path) -> set[str]:
    """Where each file of the source tree at ``root`` must be once installed (POSIX paths
    relative to site-packages): every file of the code folders and of ``resources/``."""
    wanted = {f"{top}/{name}" for top in CODE for name in _files_under(root / top) if _kept(name)}
    source, installed = DATA
    wanted |= {f"{installed}/{name}" for name in _files_under(root / source) if _kept(name)}
    return wanted


def installed_files(names: Iterable[str]) -> set[str]:
    """The installed files among ``names`` (paths relative to site-packages, or a wheel's
    member names): those under the code folders (which hold the data too)."""
    return {n for n in names if n.split("/")[0] in CODE and not n.endswith("/") and _kept(n)}


def packages(files: Iterable[str]) -> set[str]:
    """Dotted names of the folders that hold ``.py`` files."""
    return {n.rpartition("/")[0].replace("/", ".") for n in files if n.endswith(".py")}


def left_out(source: set[str], installed: set[str]) -> list[str]:
    """What of ``source`` (see :func:`source_files`) is not in ``installed``: whole packages
    first ("package goldnet.games.x"), then single files ("file goldnet/resources/x.json")."""
    missing_packages = sorted(packages(source) - packages(installed))
    lost = {p.replace(".", "/") + "/" for p in missing_packages}
    return [f"package {p}" for p in missing_packages] + [
        f"file {n}"
        for n in sorted(source - installed)
        if not (n.endswith(".py") and n.rpartition("/")[0] + "/" in lost)
    ]


def build(tree: Path, out: Path) -> Path:
    """Build ``tree``'s sdist, then the wheel from it, into ``out``; the wheel's path."""
    command = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(tree)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (found,) = out.glob("*.whl")
    return found


CHECK = r"""
import importlib, json, sys
from pathlib import Path
root, wanted = Path(sys.argv[1]).resolve(), json.loads(sys.argv[2])
for name in wanted["modules"]:
    module = importlib.import_module(name)
    where = Path(module.__file__ or next(iter(module.__path__))).resolve()
    assert root not in where.parents, f"{name} comes from the source tree: {where}"
from goldnet.games.mountains_rivers.boards import BOARD_NUMBERS, load_board
boards = [load_board(k) for k in BOARD_NUMBERS]
from goldnet.data import resource
data = {name: len(resource(*name.split("/")).read_bytes()) for name in wanted["data"]}
where = str(resource("mountains_rivers", "boards.json"))
print(json.dumps({"boards": len(boards), "data": data, "where": where}))
"""
"""Run by the installed interpreter: imports ``modules``, reads ``data`` through goldnet.data."""


def modules(files: Iterable[str]) -> list[str]:
    """Dotted names of the modules among ``files`` (packages by their ``__init__.py``)."""
    return sorted(
        n.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for n in files
        if n.endswith(".py")
    )


BUILD_STATE = ("build", "dist", "venv", "artifacts")
"""Top-level folders of a working tree that are not source (besides hidden ones, *.egg-info)."""


def clean_copy(root: Path, dest: Path) -> Path:
    """Copy the source tree at ``root`` to ``dest`` without build state: setuptools re-reads an
    existing ``*.egg-info/SOURCES.txt`` and ships every file it lists as package data, so a
    tree built before would hide a package the configuration no longer finds."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        top = Path(folder) == root
        return {
            n
            for n in names
            if n == "__pycache__"
            or (top and (n.startswith(".") or n.endswith(".egg-info") or n in BUILD_STATE))
        }

    shutil.copytree(root, dest, ignore=ignore)
    return dest


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = clean_copy(ROOT, tmp_path_factory.mktemp("tree") / "goldnet")
    return build(tree, tmp_path_factory.mktemp("dist"))


def test_wheel_installs_and_loads_everything(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    scripts = "Scripts" if os.name == "nt" else "bin"
    python = env_dir / scripts / ("python.exe" if os.name == "nt" else "python")
    purelib = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # The dependencies come from this interpreter's site-packages (no network); goldnet itself
    # only from the wheel: a .pth line adds a folder without running the editable finder.
    deps = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    (purelib / "deps.pth").write_text("\n".join(dict.fromkeys(deps)) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-index",
            "--target",
            str(purelib),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    source = source_files(ROOT)
    installed = installed_files(
        p.relative_to(purelib).as_posix() for top in CODE for p in (purelib / top).rglob("*")
    )
    missing = left_out(source, installed)
    assert not missing, "the installed wheel lacks: " + ", ".join(missing)

    prefix = DATA[1] + "/"
    wanted = {
        "modules": modules(source),
        "data": sorted(n.removeprefix(prefix) for n in source if n.startswith(prefix)),
    }
    result = subprocess.run(
        [str(python), "-c", CHECK, str(ROOT), json.dumps(wanted)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        | {"QT_QPA_PLATFORM": "offscreen"},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["boards"] == 11
    assert "goldnet.games.mountains_rivers.rules" in wanted["modules"]
    assert "protocol.sampling" in wanted["modules"]
    assert report["data"] == {n: (ROOT / DATA[0] / n).stat().st_size for n in wanted["data"]}
    assert str(purelib) in report["where"]


def test_wheel_ships_the_tree_and_nothing_else(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    missing = left_out(source_files(ROOT), installed_files(names))
    assert not missing, "the wheel lacks: " + ", ".join(missing)
    assert "goldnet/resources/mountains_rivers/boards.json" in names
    assert "goldnet/resources/translations/goldnet_fr.ts" in names
    tops = {n.split("/")[0] for n in names if "/" in n}
    assert tops == {*CODE, "goldnet-0.1.0.dist-info"}, tops
    assert not any(n.endswith(".pyc") or "/__pycache__/" in n for n in names)


# -- the comparison and the configuration on a made-up tree -----------------------------------

SKELETON = {
    "goldnet/__init__.py": "",
    "goldnet/data.py": "",
    "goldnet/games/__init__.py": "",
    "goldnet/games/golden_city/__init__.py": "",
    "goldnet/games/golden_city/rules.py": "",
    "goldnet/games/golden_city/kit/tokens.py": "",  # a namespace package (no __init__.py)
    "protocol/__init__.py": "",
    "ui/__init__.py": "",
    "ui/golden_city/__init__.py": "",
    "resources/__init__.py": "",
    "resources/golden_city/map.json": "{}",
    "resources/golden_city/art/token.svg": "<svg/>",
    "resources/sounds/roll.wav": "RIFF",
    "resources/__pycache__/__init__.cpython-311.pyc": "",  # never shipped, never wanted
    "goldnet/games/__pycache__/__init__.cpython-311.pyc": "",
}

NEW = [
    "package goldnet.games.golden_city",
    "package goldnet.games.golden_city.kit",
    "package ui.golden_city",
    "file goldnet/resources/golden_city/art/token.svg",
    "file goldnet/resources/golden_city/map.json",
    "file goldnet/resources/sounds/roll.wav",
]
"""What :func:`left_out` reports when the skeleton's new game is not shipped."""

EXPLICIT_LIST = """
[tool.setuptools]
packages = ["goldnet", "goldnet.games", "goldnet.resources", "protocol", "ui"]

[tool.setuptools.package-dir]
"goldnet.resources" = "resources"

[tool.setuptools.package-data]
"goldnet.resources" = ["**/*.json", "**/*.qm", "**/*.ts", "**/*.png"]
"""
"""The configuration before discovery (as it was, with the packages of that skeleton)."""


def _skeleton(tree: Path) -> Path:
    for name, text in SKELETON.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text)
    return tree


def test_the_comparison_names_every_package_and_file_left_out(tmp_path: Path) -> None:
    source = source_files(_skeleton(tmp_path))
    assert not any("__pycache__" in n for n in source)
    old_game = {n for n in source if "golden_city" not in n and "sounds" not in n}
    assert left_out(source, old_game) == NEW
    assert left_out(source, source) == []
    assert left_out(source, source - {"goldnet/data.py"}) == ["file goldnet/data.py"]


def test_the_configuration_ships_a_new_game_package_and_its_data(tmp_path: Path) -> None:
    tree = _skeleton(tmp_path / "tree")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    source = source_files(tree)
    names = zipfile.ZipFile(build(tree, tmp_path / "dist")).namelist()
    assert left_out(source, installed_files(names)) == []
    assert not any(n.endswith(".pyc") for n in names)

    # The explicit list this configuration replaced: the comparison fails it.
    old = _skeleton(tmp_path / "old")
    shutil.copy(ROOT / "README.md", old / "README.md")
    (old / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text() + EXPLICIT_LIST)
    names = zipfile.ZipFile(build(old, tmp_path / "old-dist")).namelist()
    assert left_out(source, installed_files(names)) == [  # its globs did take *.json
        n for n in NEW if n != "file goldnet/resources/golden_city/map.json"
    ]
