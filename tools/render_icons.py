"""Render goldnet's icon set from its SVG source (``resources/icons/goldnet.svg``).

``python tools/render_icons.py OUT_DIR`` writes, with Qt's own ``QSvgRenderer`` (no other
tool): ``goldnet-<N>.png`` for each size of :data:`SIZES` (the Linux hicolor theme's sizes),
``goldnet.ico`` (Windows: 16–256 in one file) and ``goldnet.icns`` (macOS), the two last through
Qt's ico/icns image plugins, which ship with PySide6. The bundle build runs it
(``tools/build-bundle.sh``); the rendered files are build products, not kept in git.
Exit status 1 with a one-line message if the source cannot be read or a file not written.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""Square sizes rendered, in pixels."""

SOURCE = Path(__file__).resolve().parents[1] / "resources" / "icons" / "goldnet.svg"


def render(out: Path, source: Path = SOURCE) -> list[Path]:
    """Render the icon set into ``out`` (created): the files written.

    Raises:
        RuntimeError: the SVG is not valid, or a file could not be written.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise RuntimeError(f"{source}: not a valid SVG")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    images: dict[int, QImage] = {}
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        images[size] = image
        path = out / f"goldnet-{size}.png"
        if not image.save(str(path), "PNG"):
            raise RuntimeError(f"could not write {path}")
        written.append(path)
    for name, fmt, size in (("goldnet.ico", "ICO", 256), ("goldnet.icns", "ICNS", 512)):
        path = out / name
        if not images[size].save(str(path), fmt):
            raise RuntimeError(f"could not write {path} (no {fmt} image plugin?)")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/render_icons.py OUT_DIR", file=sys.stderr)
        return 2
    try:
        for path in render(Path(argv[0])):
            print(path)
    except RuntimeError as exc:
        print(f"render_icons: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
