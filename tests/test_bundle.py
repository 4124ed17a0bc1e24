"""The desktop bundles (docs/install.md): what can be checked without building one — the CI
workflow's file, the Linux menu entry, the icon set, the spec's app id — and, when the
environment variable ``GOLDNET_BUNDLE`` names a built bundle (its archive or its ``goldnet``
program), the smoke test of tools/smoke_bundle.py on it. The bundle build itself never runs in
the default test run (minutes of PyInstaller): ``tools/build-bundle.sh`` does it."""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from goldnet import APP_ID, __version__

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "bundle.yml"


def tool(name: str) -> ModuleType:
    """A script of tools/ as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bundle_workflow_builds_and_smoke_tests_on_three_systems() -> None:
    yaml = pytest.importorskip("yaml")
    workflow: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "v*" in triggers["push"]["tags"]
    job = workflow["jobs"]["bundle"]
    systems = [entry["os"].split("-")[0] for entry in job["strategy"]["matrix"]["include"]]
    assert sorted(systems) == ["macos", "ubuntu", "windows"]
    steps = " ".join(str(step.get("run", "")) for step in job["steps"])
    assert "tools/build-bundle.sh" in steps and "tools/build-bundle.ps1" in steps
    assert "${{ matrix.smoke }}" in steps
    for entry in job["strategy"]["matrix"]["include"]:
        assert entry["smoke"].startswith("python tools/smoke_bundle.py")
    # the wheel needs Python 3.11: pipx makes goldnet's environment with the job's Python, not
    # with the runner's system Python (3.10 on ubuntu-22.04)
    python = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/setup"))
    assert python["with"]["python-version"] == "3.11"
    assert f"pipx install --python '${{{{ steps.{python['id']}.outputs.python-path }}}}'" in steps
    assert "goldnet --version" in steps
    release = workflow["jobs"]["release"]
    assert release["needs"] == "bundle" and "refs/tags/v" in release["if"]
    published = " ".join(step.get("run", "") for step in release["steps"])
    for asset in (".tar.gz", ".dmg", ".zip", ".whl"):
        assert f"goldnet-*{asset}" in published


def test_every_workflow_file_is_valid_yaml() -> None:
    yaml = pytest.importorskip("yaml")
    for path in sorted((ROOT / ".github" / "workflows").glob("*.y*ml")):
        assert isinstance(yaml.safe_load(path.read_text(encoding="utf-8")), dict), path


def test_the_linux_menu_entry_names_the_app_id_and_the_program() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "packaging" / "goldnet.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"] == "goldnet"
    assert desktop["Icon"] == APP_ID and "Game" in desktop["Categories"].split(";")
    installer = (ROOT / "packaging" / "install-desktop.sh").read_text(encoding="utf-8")
    assert f"app_id={APP_ID}" in installer


@pytest.mark.skipif(sys.platform == "win32", reason="a Linux installer (sh)")
def test_the_menu_entry_runs_the_program_from_a_folder_with_spaces(tmp_path: Path) -> None:
    """install-desktop.sh quotes the program's path in Exec (Desktop Entry spec): unquoted, a
    folder like "My Games" split it in two and GLib refused the entry."""
    unpacked = tmp_path / 'My Games $1 "x"' / f"goldnet-{__version__}"
    (unpacked / "goldnet").mkdir(parents=True)
    (unpacked / "goldnet" / "goldnet").write_text("#!/bin/sh\n", encoding="utf-8")
    (unpacked / "icons").mkdir()
    for name in ("goldnet-16.png", "goldnet.svg"):
        (unpacked / "icons" / name).write_bytes(b"")
    shutil.copy(ROOT / "packaging" / "goldnet.desktop", unpacked / f"{APP_ID}.desktop")
    shutil.copy(ROOT / "packaging" / "install-desktop.sh", unpacked)
    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(home / "data")}
    subprocess.run(["sh", str(unpacked / "install-desktop.sh")], env=env, check=True, timeout=60)
    entry = (home / "data" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    program = str(unpacked / "goldnet" / "goldnet").replace("$", "\\\\$").replace('"', '\\\\"')
    assert f'\nExec="{program}"\n' in entry
    assert (home / "data" / "icons" / "hicolor" / "16x16" / "apps" / f"{APP_ID}.png").exists()
    assert (home / ".local" / "bin" / "goldnet").resolve() == unpacked / "goldnet" / "goldnet"


def test_the_spec_and_the_program_agree_on_the_app_id() -> None:
    spec = (ROOT / "packaging" / "goldnet.spec").read_text(encoding="utf-8")
    assert re.search(rf'^APP_ID = "{re.escape(APP_ID)}"$', spec, re.MULTILINE)
    build = (ROOT / "tools" / "build-bundle.sh").read_text(encoding="utf-8")
    assert f"{APP_ID}.desktop" in build
    # Qt's GTK theme stays out (its GTK libraries from the build machine crash GTK desktops):
    # the spec's hook folder holds the QtGui hook that drops it
    assert 'hookspath=[str(ROOT / "packaging" / "hooks")]' in spec
    hook = (ROOT / "packaging" / "hooks" / "hook-PySide6.QtGui.py").read_text(encoding="utf-8")
    assert "add_qt6_dependencies(__file__)" in hook and '"libqgtk3" not in' in hook


def test_the_icon_set_renders_from_its_svg(qapp: Any, tmp_path: Path) -> None:
    """(``qapp``: the session's QApplication exists first, so the script does not make a
    QGuiApplication, under which no later test could open a window.)"""
    from PySide6.QtGui import QImage, QImageReader

    written = tool("render_icons").render(tmp_path)
    names = {path.name for path in written}
    assert {"goldnet-16.png", "goldnet-256.png", "goldnet.ico", "goldnet.icns"} <= names
    for size in (16, 48, 256):
        image = QImage(str(tmp_path / f"goldnet-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
        centre = image.pixelColor(size // 2, size // 2)
        corner = image.pixelColor(0, 0)
        assert centre.alpha() == 255 and corner.alpha() == 0  # drawn, with round corners
    # the Windows and macOS icons hold every size (one big image scales down to a blur)
    for name, expected in (("goldnet.ico", {16, 24, 32, 48, 256}), ("goldnet.icns", {16, 1024})):
        reader = QImageReader(str(tmp_path / name))
        sizes = set()
        for index in range(reader.imageCount()):
            assert reader.jumpToImage(index)
            image = reader.read()
            assert image.width() == image.height(), name
            sizes.add(image.width())
        assert expected <= sizes, (name, sorted(sizes))


def test_a_broken_svg_is_a_one_line_error(qapp: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg", encoding="utf-8")
    with pytest.raises(RuntimeError, match="not a valid SVG"):
        tool("render_icons").render(tmp_path / "out", broken)


@pytest.mark.skipif(
    not os.environ.get("GOLDNET_BUNDLE"),
    reason="GOLDNET_BUNDLE names no built bundle (tools/build-bundle.sh builds one)",
)
def test_the_built_bundle_passes_its_smoke_test(tmp_path: Path) -> None:
    smoke = tool("smoke_bundle")
    given = Path(os.environ["GOLDNET_BUNDLE"])
    archive = given.name.endswith((".tar.gz", ".zip"))
    program = smoke.unpack(given, tmp_path / "unpacked") if archive else given
    found = smoke.smoke(program, tmp_path, tmp_path, lobby=False)
    assert found["version"] == f"goldnet {__version__}"
    assert found["verify"]["valid"] is True and "winner" in found["demo"]
