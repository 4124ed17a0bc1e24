"""The Qt binding installed with goldnet keeps the reference counts of ``None``, ``True`` and
``False`` (docs/development.md, "The Qt pin").

PySide6-Essentials 6.12.0 on CPython 3.11 returns ``None`` from ``void`` C++ methods and ``True``
from ``Signal.emit`` without taking a reference: every call lowers the singleton's count by one
and after a few thousand calls the interpreter aborts ("Fatal Python error: none_dealloc" /
"bool_dealloc"). pyproject.toml's markers keep that combination from being installed; these tests
check the declaration and the binding actually installed. The probe runs in its own interpreter,
since on a leaking binding it ends in an abort.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]

ROUNDS = 200
"""Calls of each kind whose effect on the counts is measured (a leak loses exactly one each)."""

LONG_RUN = 20_000
"""Rounds of every kind of call after that: thousands more than a leaking binding survives."""

PROBE = r"""
import json, sys
from PySide6 import __version__
from PySide6.QtCore import QObject, QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication, QGraphicsRectItem, QGraphicsScene, QWidget

rounds, long_run = int(sys.argv[1]), int(sys.argv[2])
app = QApplication([])


class Probe(QObject):
    ping = Signal(int)


probe, point, rect, widget = Probe(), QPointF(), QRectF(), QWidget()
probe.ping.connect(lambda n: None)
image = QImage(8, 8, QImage.Format.Format_ARGB32)
painter, pen = QPainter(image), QPen(QColor("red"))
scene, item = QGraphicsScene(), QGraphicsRectItem(0, 0, 1, 1)
scene.addItem(item)
calls = {
    "QPointF.setX (void)": lambda: point.setX(1.0),
    "QPainter.setPen (void)": lambda: painter.setPen(pen),
    "QGraphicsItem.update (void)": lambda: item.update(),
    "QWidget.setEnabled (void)": lambda: widget.setEnabled(True),
    "Signal.emit (True)": lambda: probe.ping.emit(1),
    "QRectF.isEmpty (True)": lambda: rect.isEmpty(),
    "QWidget.isVisible (False)": lambda: widget.isVisible(),
}


def counts():
    return [sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False)]


deltas = {}
for name, call in calls.items():
    before = counts()
    for _ in range(rounds):
        call()
    deltas[name] = [after - first for first, after in zip(before, counts())]
print(json.dumps({"qt": __version__, "python": sys.version.split()[0], "deltas": deltas}))
sys.stdout.flush()
for _ in range(long_run):
    for call in calls.values():
        call()
painter.end()
print("survived")
"""


def test_the_qt_binding_keeps_none_true_and_false_alive(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROUNDS), str(LONG_RUN)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    lines = result.stdout.splitlines()
    assert lines, f"the probe printed nothing (exit {result.returncode}): {result.stderr[-2000:]}"
    report = json.loads(lines[0])
    leaks = {
        name: delta
        for name, delta in report["deltas"].items()
        if min(delta) <= -ROUNDS // 2  # a leak loses one reference per call
    }
    binding = f"PySide6 {report['qt']} on Python {report['python']}"
    assert not leaks, (
        f"{binding} loses references (None, True, False after {ROUNDS} calls): {leaks}; "
        "exclude this combination in pyproject.toml's dependencies"
    )
    assert result.returncode == 0 and lines[-1] == "survived", (
        f"{binding} did not survive {LONG_RUN} rounds of Qt calls (exit {result.returncode}): "
        f"{result.stderr[-2000:]}"
    )


def _qt_requirements(python_version: str) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    environment = {"python_version": python_version, "python_full_version": python_version + ".0"}
    return [
        req
        for req in map(Requirement, project["dependencies"])
        if req.name.lower() == "pyside6-essentials"
        and (req.marker is None or req.marker.evaluate(environment))
    ]


@pytest.mark.parametrize(
    ("python_version", "allowed", "excluded"),
    [
        ("3.11", ["6.6.0", "6.11.3"], ["6.12.0", "6.12.1", "6.13.0", "6.5.3"]),
        ("3.12", ["6.6.0", "6.11.3", "6.12.0", "6.13.0"], ["6.5.3"]),
        ("3.13", ["6.12.0"], ["6.5.3"]),
    ],
)
def test_the_dependencies_never_pair_python_3_11_with_qt_6_12(
    python_version: str, allowed: list[str], excluded: list[str]
) -> None:
    (requirement,) = _qt_requirements(python_version)
    for version in allowed:
        assert requirement.specifier.contains(Version(version)), (python_version, version)
    for version in excluded:
        assert not requirement.specifier.contains(Version(version)), (python_version, version)
