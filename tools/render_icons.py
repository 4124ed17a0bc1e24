"""Render goldnet's icon set from its SVG source (``resources/icons/goldnet.svg``).

``python tools/render_icons.py OUT_DIR`` writes, with Qt's own ``QSvgRenderer`` (no other
tool): ``goldnet-<N>.png`` for each size of :data:`SIZES` (the Linux hicolor theme's sizes),
``goldnet.ico`` (Windows: the sizes of :data:`ICO_SIZES` in one file) and ``goldnet.icns``
(macOS: those of :data:`ICNS_TYPES`, Retina's doubled sizes included). The two last hold each
size as its own PNG image — what Windows Vista and later and macOS 10.7 and later read — put
together here with :mod:`struct` (Qt's ico and icns writers store one image only, which the
desktop then scales down to a blur). The bundle build runs it (``tools/build-bundle.sh``); the
rendered files are build products, not kept in git. Exit status 1 with a one-line message if
the source cannot be read or a file not written.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""Square sizes rendered as PNG files, in pixels."""

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""Sizes in the Windows icon (256 is the largest an .ico holds)."""

ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
"""The macOS icon's entries: type code and size in pixels (ic10–ic14: the @2x of 512, 16, 32,
128, 256 points)."""

SOURCE = Path(__file__).resolve().parents[1] / "resources" / "icons" / "goldnet.svg"


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG image per size (``pngs``: size in pixels → PNG file)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding :data:`ICNS_TYPES`, each a PNG of ``pngs`` (size → PNG file)."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render(out: Path, source: Path = SOURCE) -> list[Path]:
    """Render the icon set into ``out`` (created): the files written.

    Raises:
        RuntimeError: the SVG is not valid, or a file could not be written.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise RuntimeError(f"{source}: not a valid SVG")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pngs: dict[int, bytes] = {}
    for size in sorted({*SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)}):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise RuntimeError(f"could not encode the {size} px icon as PNG")
        buffer.close()
        pngs[size] = bytes(data.data())
    files = {f"goldnet-{size}.png": pngs[size] for size in SIZES}
    files["goldnet.ico"] = ico_bytes({size: pngs[size] for size in ICO_SIZES})
    files["goldnet.icns"] = icns_bytes(pngs)
    for name, content in files.items():
        path = out / name
        try:
            path.write_bytes(content)
        except OSError as exc:
            raise RuntimeError(f"could not write {path}: {exc.strerror}") from None
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
