"""Still pictures of a Mountains & Rivers table: the whole table (``goldnet render``, the docs,
the tests) and the board alone (the start screen's preview).

Nothing animates (``speed`` 0); :func:`ui.render.render_scene` paints a scene into an image.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from goldnet.games.mountains_rivers.rules import State

from .. import style
from ..render import ensure_app
from .scene import TableScene


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
