"""Offscreen pictures of a table, for ``goldnet render``, the docs and the tests, in any game.

No window is opened: the game's kit (:mod:`ui.kits`) builds a still scene of the position and
:func:`render_scene` paints it straight into a :class:`QImage`. Qt still needs an
``QApplication`` (fonts); :func:`ensure_app` creates one on the ``offscreen`` platform when
there is no display.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene

from goldnet.engine import GameState


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


def render_scene(scene: QGraphicsScene, width: int) -> QImage:
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


_translations: list[Any] = []
"""The one set of translations pictures are worded in (kept alive while the process draws;
installing another language replaces its translator, never stacks a second one)."""


def use_language(language: str | None) -> str:
    """Word the pictures drawn from now on in ``language`` (``"en"``, ``"fr"``; None: the
    system's); returns the language used."""
    from .i18n import Translations, resolve

    ensure_app(headless=True)
    if not _translations:
        _translations.append(Translations())
    lang = resolve(language)
    _translations[0].install(lang)
    return lang


def render_state(
    state: GameState,
    out: Path,
    width: int = 1400,
    seat: int | None = None,
    language: str | None = None,
) -> None:
    """Write a PNG of ``state`` (a position of any game with a kit) to ``out``, ``width``
    pixels wide — as ``seat`` sees it when given (its secrets: a mission, a peek), else the
    public view —, worded in ``language`` (None: the system's).

    Raises:
        OSError: the file cannot be written.
        KeyError: the game has no kit.
    """
    from . import kits

    use_language(language)
    kit = kits.get(state.game)
    scene = kit.still_scene(state) if seat is None else kit.still_scene(state, seat)  # type: ignore[call-arg]
    image = render_scene(scene, width)
    saved: bool = image.save(str(out), "PNG")  # type: ignore[call-overload]
    if not saved:
        raise OSError(f"cannot write {out}")


def mark_random(image: QImage) -> None:
    """Veil ``image`` and draw a question mark over it: a choice that will be drawn at random
    (the start screen's preview of a random board)."""
    from . import style

    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceAtop)
    painter.fillRect(image.rect(), QColor(244, 234, 210, 170))
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
    font = QFont(style.FONT_FAMILY)
    font.setPixelSize(round(image.height() * 0.5))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#8a5a16"))
    painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, "?")
    painter.end()
