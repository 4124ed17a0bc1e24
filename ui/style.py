"""Colours, sizes and fonts of the table: one place for the look of the game.

Everything is drawn as vector art in scene units; ``HEX`` (the circumradius of a field) is the
unit every other size derives from, so the table scales cleanly to any window and any HiDPI
screen (the view only changes its transform).

Colour choices (see docs/ui.md): mountains are muted greens, told apart from one another by
narrow sand paths; rivers are blue *lines* with a light core (shape, not only colour, separates
them from the mountain *areas*); markers are brown (face down), gold (revealed) or an empty ring
(collected) — three different lightnesses, so they read in greyscale too.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QIcon, QPixmap

HEX = 30.0
"""Circumradius of a field in scene units."""

SAND_GAP = 0.085 * HEX
"""Half the width of a sand path between two mountains."""

MARKER_RADIUS = 0.46 * HEX
RIVER_WIDTH = 0.30 * HEX
RIVER_CORE = 0.13 * HEX

TABLE = QColor("#3b2a1e")
"""The wooden table under the board."""
TABLE_LIGHT = QColor("#4d3827")
PLATE_EDGE = QColor("#6b4b2a")
SAND = QColor("#e9d9ae")
SAND_DARK = QColor("#cdb785")

MOUNTAIN_FILLS: tuple[QColor, ...] = (
    QColor("#8fb07a"),
    QColor("#6f9a62"),
    QColor("#a9b97c"),
    QColor("#7fa08c"),
    QColor("#98a866"),
)
"""Mountain fills; neighbouring mountains get different entries (greedy colouring)."""
MOUNTAIN_PEAK = QColor(40, 60, 30, 70)
MOUNTAIN_HIGHLIGHT = QColor("#fff4c2")

RIVER_DARK = QColor("#1d5ea8")
RIVER_LIGHT = QColor("#7cc0f0")
RIVER_HIGHLIGHT = QColor("#bfe6ff")

FACEDOWN = QColor("#6e4120")
FACEDOWN_LIGHT = QColor("#9a6235")
FACEDOWN_RIM = QColor("#3e230f")
GOLD = QColor("#f1c232")
GOLD_LIGHT = QColor("#fff3b0")
GOLD_DARK = QColor("#a97c0c")
EMPTY_RING = QColor("#5b4a33")

PREVIEW_OK = QColor(60, 200, 90)
PREVIEW_BAD = QColor(220, 60, 50)
SELECTED = QColor("#ffffff")

PANEL = QColor("#f6ecd2")
PANEL_EDGE = QColor("#8a6a3d")
INK = QColor("#2b2118")
INK_SOFT = QColor("#6d5c48")
AWAY = QColor("#a8321b")
"""A seat's status while its connection is lost."""
WOOD = QColor("#c9a06a")
WOOD_DARK = QColor("#8f6437")
STROKE = QColor("#111111")
SHOVEL_BLADE = QColor("#8e9aa3")
SHOVEL_HANDLE = QColor("#8a5a2b")

SEAT_DEFAULTS: tuple[str, ...] = ("#c0392b", "#2c6fbf", "#27ae60", "#8e44ad", "#e67e22", "#16a085")
"""Default seat colours, one per seat of the largest table (six), all distinct: red, blue,
green, purple, orange, teal (seats take them in order when a profile has no colour)."""
COLOUR_CHOICES: tuple[str, ...] = (
    "#c0392b",
    "#2c6fbf",
    "#27ae60",
    "#8e44ad",
    "#e67e22",
    "#16a085",
    "#d35400",
    "#2c3e50",
)
"""Colours offered on the start screen."""

FONT_FAMILY = "DejaVu Sans"

START_SCREEN = """
StartScreen { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #f6edd8, stop:1 #e9dcbc); }
QGroupBox { font-weight: bold; color: #6b4b2a; border: 1px solid #c9b38a; border-radius: 10px;
            margin-top: 16px; padding: 12px 10px 10px 10px; background: rgba(255, 252, 242, 200); }
QGroupBox::title { subcontrol-origin: margin; left: 12px; padding: 0 4px; }
QLabel { color: #3b2a1e; }
QPushButton#playBot { background: #c98a1b; color: white; border: 1px solid #8a5a16;
                      border-radius: 8px; padding: 8px; }
QPushButton#playBot:hover { background: #dc9b28; }
QPushButton#hostTable, QPushButton#joinTable, QPushButton#joinByCode {
    background: #2f6f8f; color: white; border: 1px solid #1f4f66; border-radius: 7px;
    padding: 6px 14px; font-weight: bold; }
QPushButton#hostTable:hover, QPushButton#joinTable:hover, QPushButton#joinByCode:hover {
    background: #3a84a8; }
QPushButton#hostTable:disabled, QPushButton#joinTable:disabled, QPushButton#joinByCode:disabled {
    background: #b9c4c9; border-color: #a0aab0; color: #eef2f4; }
QPushButton#watchTable, QPushButton#watchByCode {
    background: #fffdf6; color: #1f4f66; border: 1px solid #2f6f8f; border-radius: 7px;
    padding: 6px 14px; font-weight: bold; }
QPushButton#watchTable:hover, QPushButton#watchByCode:hover { background: #e3eef3; }
QPushButton#watchTable:disabled, QPushButton#watchByCode:disabled {
    color: #a0aab0; border-color: #c4ccd0; background: #f4f1ea; }
QListWidget#lanTables { background: #fffdf6; border: 1px solid #c9b38a; border-radius: 6px; }
QListWidget#lanTables::item { padding: 6px 4px; }
QListWidget#lanTables::item:selected { background: #f3d99b; color: #2b2118; }
QFrame#netStatusBox { border-radius: 8px; padding: 2px; }
QFrame#netStatusBox[tone="info"] { background: #e3eef3; border: 1px solid #9cc0d0; }
QFrame#netStatusBox[tone="busy"] { background: #fff2cf; border: 1px solid #e0b85c; }
QFrame#netStatusBox[tone="problem"] { background: #fbe0d8; border: 1px solid #d0806a; }
QLabel#hostHeading, QLabel#tablesHeading { font-weight: bold; color: #6b4b2a; }
"""
"""The start screen's Qt style sheet (its widgets are found by ``objectName``)."""


def seat_colours(count: int, mine: str | None = None, seat: int | None = None) -> tuple[str, ...]:
    """A colour per seat of a table of ``count`` seats, all different: ``mine`` at my ``seat``
    (``seat`` None: a spectator — every seat its default); every other seat its own default
    (:data:`SEAT_DEFAULTS`) unless that one is taken, else the first free colour of
    :data:`SEAT_DEFAULTS` then :data:`COLOUR_CHOICES`."""
    out: list[str | None] = [None] * count
    if seat is not None and mine is not None and 0 <= seat < count:
        out[seat] = mine

    def taken(colour: str) -> bool:
        return any(c is not None and QColor(c) == QColor(colour) for c in out)

    for s in range(count):
        default = SEAT_DEFAULTS[s % len(SEAT_DEFAULTS)]
        if out[s] is None and not taken(default):
            out[s] = default
    for s in range(count):
        if out[s] is None:
            free = [c for c in (*SEAT_DEFAULTS, *COLOUR_CHOICES) if not taken(c)]
            out[s] = free[0] if free else SEAT_DEFAULTS[s % len(SEAT_DEFAULTS)]
    return tuple(c for c in out if c is not None)


def swatch(colour: str, size: int = 14) -> QIcon:
    """A square of ``colour``, ``size`` pixels wide (seat colours in lists and choosers)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)
