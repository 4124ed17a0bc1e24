"""Offscreen pictures of the table, for ``goldnet render``, the docs and the tests.

No window is opened: the scene is painted straight into a :class:`QImage`. Qt still needs an
``QApplication`` (fonts); :func:`ensure_app` creates one on the ``offscreen`` platform when
there is no display.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from goldnet.games.mountains_rivers.rules import State

from .scene import TableScene


def use_offscreen_without_display() -> None:
    """Select Qt's offscreen platform when no display is available (Linux/BSD only)."""
    if "QT_QPA_PLATFORM" in os.environ or sys.platform in ("win32", "darwin"):
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def ensure_app(headless: bool = False) -> QApplication:
    """The running Qt application, or a new one (graphics scenes need a widgets application
    even when nothing is shown): on the offscreen platform when ``headless`` (unless
    ``QT_QPA_PLATFORM`` says otherwise) or when there is no display."""
    app = QApplication.instance()
    if app is None:
        if headless:
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        use_offscreen_without_display()
        app = QApplication([sys.argv[0] if sys.argv else "goldnet"])
    return app  # type: ignore[return-value]


def render_scene(scene: TableScene, width: int) -> QImage:
    """Paint ``scene`` into an image ``width`` pixels wide (height from the aspect ratio)."""
    rect = scene.sceneRect()
    height = round(width * rect.height() / rect.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#3b2a1e"))
    painter = QPainter(image)
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing
        | QPainter.RenderHint.TextAntialiasing
        | QPainter.RenderHint.SmoothPixmapTransform
    )
    scene.render(painter, QRectF(0, 0, width, height), rect, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def render_board(state: State, width: int) -> QImage:
    """Only the board of ``state`` (no panels), ``width`` pixels wide, transparent around."""
    scene = table_scene(state)
    scene.setBackgroundBrush(Qt.BrushStyle.NoBrush)
    rect = scene.geometry.rect.adjusted(-6, -6, 6, 12)
    height = round(width * rect.height() / rect.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, width, height), rect, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def table_scene(
    state: State, names: tuple[str, str] = ("", ""), colours: tuple[str, str] | None = None
) -> TableScene:
    """A still scene showing ``state`` (no animation)."""
    from . import style

    ensure_app()
    scene = TableScene(state.board)
    scene.speed = 0.0
    seat_names = (
        names[0] or QCoreApplication.translate("Render", "Player 1"),
        names[1] or QCoreApplication.translate("Render", "Player 2"),
    )
    scene.set_seats(seat_names, colours or style.SEAT_DEFAULTS)
    scene.show_observation(state.observation(None))
    if state.active is not None:
        scene.set_panel_status(state.active, True, QCoreApplication.translate("Render", "To play"))
    else:
        winner = 0 if state.scores[0] > state.scores[1] else 1
        scene.set_panel_status(
            winner, False, QCoreApplication.translate("Render", "Winner!"), winner=True
        )
    return scene


def render_state(state: State, out: Path, width: int = 1400) -> None:
    """Write a PNG of ``state`` to ``out``.

    Raises:
        OSError: the file cannot be written.
    """
    ensure_app(headless=True)
    image = render_scene(table_scene(state), width)
    saved: bool = image.save(str(out), "PNG")  # type: ignore[call-overload]
    if not saved:
        raise OSError(f"cannot write {out}")
