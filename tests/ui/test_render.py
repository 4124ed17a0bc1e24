"""Every one of the eleven boards renders offscreen, in-process and through ``goldnet render``;
the pictures are saved as artifacts."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from goldnet import cli
from goldnet.games.mountains_rivers.boards import BOARD_NUMBERS, load_board
from goldnet.games.mountains_rivers.rules import State
from ui import style
from ui.mountains_rivers.geometry import board_geometry
from ui.mountains_rivers.render import table_scene
from ui.render import render_scene

from .conftest import Artifacts

ROOT = Path(__file__).resolve().parents[2]


def _colour_at(image: QImage, x: float, y: float) -> QColor:
    return image.pixelColor(int(x), int(y))


def test_every_board_renders(qapp, artifacts: Artifacts) -> None:
    digests = set()
    for k in BOARD_NUMBERS:
        board = load_board(k)
        scene = table_scene(State(board), ("Ada", "Bot"))
        image = render_scene(scene, 900)
        assert image.width() == 900 and image.height() > 600
        artifacts.save(image, f"board-{k:02d}.png")
        digests.add(hashlib.sha256(bytes(image.constBits())).hexdigest())
        # Every field centre shows a face-down (brown) marker.
        rect = scene.sceneRect()
        scale = 900 / rect.width()
        for f in (0, 45, 90):
            c = board_geometry(board).centres[f]
            colour = _colour_at(image, (c.x() - rect.left()) * scale, (c.y() - rect.top()) * scale)
            assert colour.red() > colour.blue() and colour.value() < 200, (k, f, colour.name())
        # A sand path runs between two fields of different mountains.
        for a in range(91):
            b = a + 1
            if b < 91 and board.mountain_of[a] != board.mountain_of[b]:
                ca, cb = board_geometry(board).centres[a], board_geometry(board).centres[b]
                if abs(ca.y() - cb.y()) < 1:
                    # On the hexagons' shared edge, off the line joining the centres (where a
                    # river may run).
                    mid = (ca + cb) / 2 + QPointF(0, 0.3 * style.HEX)
                    break
        colour = _colour_at(image, (mid.x() - rect.left()) * scale, (mid.y() - rect.top()) * scale)
        sand = style.SAND
        assert abs(colour.hue() - sand.hue()) < 25 and colour.value() > 150, colour.name()
    assert len(digests) == 11


def test_goldnet_render_writes_eleven_distinct_pngs(
    qapp, tmp_path: Path, artifacts: Artifacts, capsys
) -> None:
    # All eleven through the command's code path in this process (fast) ...
    digests = set()
    for k in BOARD_NUMBERS:
        out = tmp_path / f"b{k}.png"
        status = cli.main(
            ["render", "mountains-rivers", "--board", str(k), "--out", str(out), "--width", "500"]
        )
        assert status == 0
        data = out.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        digests.add(hashlib.sha256(data).hexdigest())
    assert len(digests) == 11
    assert "wrote" in capsys.readouterr().out
    # ... and three as real headless processes, the way a user runs it.
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY")}
    procs = []
    for k in (1, 6, 11):
        out = tmp_path / f"p{k}.png"
        cmd = [sys.executable, "-m", "goldnet", "render", "mountains-rivers", "--board", str(k)]
        cmd += ["--out", str(out), "--width", "700"]
        procs.append((k, out, subprocess.Popen(cmd, env=env, cwd=ROOT, stderr=subprocess.PIPE)))
    for k, out, proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
        image = QImage(str(out))
        assert image.width() == 700
        artifacts.save(image, f"cli-board-{k:02d}.png")


def test_goldnet_render_a_game_in_progress(tmp_path: Path, artifacts: Artifacts) -> None:
    out = tmp_path / "game.png"
    cmd = [sys.executable, "-m", "goldnet", "render", "mountains-rivers", "--board", "4"]
    cmd += ["--turns", "20", "--seed", "3", "--out", str(out)]
    result = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert not image.isNull()
    artifacts.save(image, "cli-game-in-progress.png")


def test_goldnet_render_refuses_bad_arguments_in_one_line(tmp_path: Path) -> None:
    for args, message in (
        (["--out", str(tmp_path / "x.png")], "give --board K or --scenario FILE"),
        (["--board", "12", "--out", str(tmp_path / "x.png")], "board goes from 1 to 11"),
        (["--board", "2", "--out", str(tmp_path / "no" / "x.png")], "cannot write"),
    ):
        cmd = [sys.executable, "-m", "goldnet", "render", "mountains-rivers", *args]
        result = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert result.returncode == 2
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
