"""Still pictures of a Golden City table: the whole table (``goldnet render``, the docs, the
tests) and the map alone (the start screen's preview).

Nothing animates (``speed`` 0); :func:`ui.render.render_scene` paints a scene into an image.
A still picture shows one seat's observation (``seat``: its mission card and its lantern's
peeks) or the public view (``seat`` None).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from goldnet.engine import Terminal
from goldnet.games.golden_city.rules import State

from .. import style
from ..render import ensure_app
from .scene import TableScene
from .words import seat_label, tr


def table_scene(
    state: State,
    seat: int | None = None,
    names: Sequence[str] = (),
    colours: Sequence[str] | None = None,
) -> TableScene:
    """A still scene showing ``state`` as ``seat`` sees it (None: the public view)."""
    ensure_app()
    scene = TableScene(state.board, state.n_seats)
    scene.speed = 0.0
    seat_names = [
        names[s] if s < len(names) and names[s] else seat_label(s) for s in range(state.n_seats)
    ]
    scene.set_seats(seat_names, colours or style.seat_colours(state.n_seats))
    obs = state.observation(seat)
    scene.show_observation(obs)
    result = state.awaiting()
    if isinstance(result, Terminal):
        for s in result.winners:
            scene.set_panel_status(s, False, tr("Winner!"), winner=True)
    else:
        scene.set_panel_status(obs.active, True, tr("To play"))
    return scene


def render_board(state: State, width: int) -> QImage:
    """Only the map of ``state`` (no panels, no mine), ``width`` pixels wide, transparent
    around."""
    scene = table_scene(state)
    scene.setBackgroundBrush(Qt.BrushStyle.NoBrush)
    rect = scene.lay.plate.adjusted(-6, -6, 6, 12)
    for item in scene.items():
        if (
            item is not scene.map
            and item.parentItem() is None
            and not rect.contains(item.sceneBoundingRect())
        ):
            item.hide()
    height = round(width * rect.height() / rect.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, width, height), rect, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image
