"""The process ``goldnet bench`` times for the lobby's first paint (:mod:`goldnet.bench_ui`).

``python -m ui.first_paint lobby|bare`` (in a desktop bundle: ``goldnet
--goldnet-run-module ui.first_paint lobby|bare``, :mod:`goldnet.launch`) opens the ``goldnet``
window (``goldnet.cli.main([])``, the command with no sub-command) or a bare ``QWidget`` window
of the same size, prints ``painted`` at the end of the event-loop pass that painted a window
for the first time, and exits at once. It prints ``closed without painting`` if the window
closed first. Importing this module does nothing.
"""

from __future__ import annotations

import os
import sys


def main(kind: str) -> None:
    """Open the ``kind`` window (``"lobby"`` or ``"bare"``) and report its first paint."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication(["goldnet"])

    def painted() -> None:
        print("painted", flush=True)
        os._exit(0)  # the figure is taken: nothing else of this process is measured

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (
                event.type() == QEvent.Type.Paint
                and watched.isWidgetType()
                and isinstance(watched, QWidget)
                and watched.isWindow()
            ):
                app.removeEventFilter(self)
                QTimer.singleShot(0, painted)  # after the rest of this frame is painted
            return False

    watch = FirstPaint()
    app.installEventFilter(watch)
    if kind == "bare":
        window = QWidget()
        window.resize(1280, 860)
        window.show()
        app.exec()
    else:
        from goldnet.cli import main as goldnet_main

        goldnet_main([])
    print("closed without painting", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "lobby")
