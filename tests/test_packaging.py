"""The wheel is complete (DESIGN §1): built, installed in a fresh virtual environment, every
module imports from it and every board loads from it — no path into the source tree."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECK = r"""
import importlib, json, pkgutil, sys
from pathlib import Path
root = Path(sys.argv[1]).resolve()
seen = []
for top in ("goldnet", "protocol", "ui"):
    pkg = importlib.import_module(top)
    assert root not in Path(pkg.__file__).resolve().parents, f"{top} comes from the source tree"
    seen.append(top)
    for info in pkgutil.walk_packages(pkg.__path__, top + "."):
        mod = importlib.import_module(info.name)
        assert root not in Path(mod.__file__).resolve().parents, info.name
        seen.append(info.name)
from goldnet.games.mountains_rivers.boards import BOARD_NUMBERS, load_board
boards = [load_board(k) for k in BOARD_NUMBERS]
from goldnet.data import resource
data = str(resource("mountains_rivers", "boards.json"))
print(json.dumps({"modules": seen, "boards": len(boards), "data": data}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (found,) = out.glob("goldnet-*.whl")
    return found


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
    result = subprocess.run(
        [str(python), "-c", CHECK, str(ROOT)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        | {"QT_QPA_PLATFORM": "offscreen"},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    import json

    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["boards"] == 11
    assert "goldnet.games.mountains_rivers.rules" in report["modules"]
    assert "protocol.sampling" in report["modules"]
    assert str(purelib) in report["data"]


def test_wheel_ships_the_data(wheel: Path) -> None:
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    assert "goldnet/resources/mountains_rivers/boards.json" in names
    assert "goldnet/resources/mountains_rivers/layout.json" in names
    assert not any(n.startswith(("tests/", "tools/", "resources/")) for n in names)
