"""The rules of Mountains & Rivers for players: the Rules window's page (:mod:`ui.rules`), in the
player's language, with two pictures drawn by this kit's own table scene.

What it says follows the rule text and its rulings as ``docs/rules/mountains-rivers.md``
restates them (what each player owns, a turn, collection, the range, shovels, the end); it is
written for players, not quoted. Every sentence is one translation (context ``Rules``, literal
sources, so ``pyside6-lupdate`` finds it) and is escaped into the HTML, so a translation never
breaks the page.

The pictures are drawn by the table's own items (nothing animates, nothing is random): the three
markers (``facedown.png``, ``gold.png``, ``empty.png``), and stills of a made-up position on
board 1 — ``line.png``, part of the board with a line of three being chosen among face-down
markers, exposed gold and a collected mountain; ``header.png``, the two panels and the tiles
after a throw of 3. They carry words (names, "Range"), so they are drawn again in each
language.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.geometry import INDEX, mask_of, parse_field
from goldnet.games.mountains_rivers.rules import State

from .. import style
from ..rules import RulesText
from .geometry import line_between
from .items import EMPTY, FACEDOWN, GOLD, paint_marker
from .render import table_scene

PICTURE_WIDTH = 460
"""Pixels: the width of each picture on the page."""
MARKER_SIZE = 28
"""Pixels: a marker's picture in the list of markers."""

_BOARD = 1
_COLLECTED = "-1,-1"
"""A field of the mountain shown collected (all of its fields empty)."""
_GOLD = ("2,-1", "-3,0", "0,1")
_LINE = ("-2,2", "0,2")
"""The ends of the line of three being chosen."""


def _h2(text: str) -> str:
    return f"<h2>{escape(text)}</h2>"


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _item(lead: str, text: str) -> str:
    """A list item opening with a bold ``lead``."""
    return f"<li><b>{escape(lead)}</b> {escape(text)}</li>"


def _items(*texts: str) -> str:
    return "".join(f"<li>{escape(t)}</li>" for t in texts)


def _marker(name: str, lead: str, text: str) -> str:
    """A list item with a marker's picture."""
    return (
        f'<li><img src="{name}" width="{MARKER_SIZE}" height="{MARKER_SIZE}" '
        f'style="vertical-align: middle"> <b>{escape(lead)}</b> {escape(text)}</li>'
    )


def _picture(name: str, caption: str) -> str:
    return (
        f'<p align="center"><img src="{name}" width="{PICTURE_WIDTH}"><br>'
        f'<span class="caption">{escape(caption)}</span></p>'
    )


def _field(name: str) -> int:
    return INDEX[parse_field(name)]


def _position() -> State:
    """The made-up position of the pictures: one mountain collected, a few exposed nuggets,
    the first seat's turn with a roll of 3."""
    board = load_board(_BOARD)
    collected = board.mountains[board.mountain_of[_field(_COLLECTED)]]
    gold = mask_of(_field(f) for f in _GOLD)
    state = State.from_position(
        board, gold=gold, empty=collected, scores=(collected.bit_count(), 0), turn=6
    )
    state.apply_chance(3)
    return state


def pictures() -> dict[str, QImage]:
    """``line.png`` and ``header.png`` (module docstring), :data:`PICTURE_WIDTH` wide."""
    state = _position()
    scene = table_scene(
        state,
        (
            QCoreApplication.translate("Rules", "Player 1"),
            QCoreApplication.translate("Rules", "Player 2"),
        ),
    )
    first, last = _field(_LINE[0]), _field(_LINE[1])
    scene.set_selected(first)
    scene.set_preview(line_between(first, last), True)
    scene.set_panel_status(0, True, QCoreApplication.translate("Rules", "Your turn"))
    centres = scene.geometry.centres
    centre = (centres[first] + centres[last]) / 2
    h = style.HEX
    board_part = QRectF(centre.x() - 6.6 * h, centre.y() - 5.7 * h, 11.6 * h, 7.6 * h)
    header = scene.panels[0].sceneBoundingRect().united(scene.panels[1].sceneBoundingRect())
    return {
        **{f"{name}.png": _marker_image(status) for name, status in _MARKERS.items()},
        "line.png": _render(scene, board_part),
        "header.png": _render(scene, header.adjusted(-0.3 * h, -0.3 * h, 0.3 * h, 0.15 * h)),
    }


_MARKERS = {"facedown": FACEDOWN, "gold": GOLD, "empty": EMPTY}


def _marker_image(status: int) -> QImage:
    """One marker of ``status``, drawn as on the board, on a field's colour."""
    size = MARKER_SIZE * 2
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / (2.2 * style.HEX), size / (2.2 * style.HEX))
    centre = QPointF(1.1 * style.HEX, 1.1 * style.HEX)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(style.MOUNTAIN_FILLS[1])
    painter.drawEllipse(centre, 1.05 * style.HEX, 1.05 * style.HEX)
    paint_marker(painter, centre, status, 0.62 * style.HEX)
    painter.end()
    return image


def _render(scene: QGraphicsScene, source: QRectF) -> QImage:
    width = PICTURE_WIDTH * 2  # sharp on HiDPI screens; the page shows it at PICTURE_WIDTH
    height = round(width * source.height() / source.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(style.TABLE))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, width, height), source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def rules() -> RulesText:
    """The page (see the module docstring)."""
    body = [
        _p(
            QCoreApplication.translate(
                "Rules",
                "Two prospectors share a valley of 91 fields. On every field lies one gold "
                "nugget, hidden under a face-down marker. Turn the markers up, claim the land "
                "the gold lies in, and collect more gold than your opponent.",
            )
        ),
        _h2(QCoreApplication.translate("Rules", "What you own")),
        "<ul>",
        _items(
            QCoreApplication.translate(
                "Rules",
                "The valley is cut up in two ways. The 17 mountains are the green areas "
                "separated by sand paths; the 17 rivers are the blue lines that join the "
                "fields of each river.",
            ),
            QCoreApplication.translate(
                "Rules", "Every field lies in exactly one mountain and in exactly one river."
            ),
            QCoreApplication.translate(
                "Rules",
                "One player owns all the mountains and moves first; the other owns all the "
                "rivers. Your panel shows your family with its sign: two peaks for the "
                "mountains, two waves for the rivers.",
            ),
            QCoreApplication.translate(
                "Rules",
                "Hover over a field: its mountain is outlined, its river glows, and the "
                "tooltip says how many face-down markers each of them still hides.",
            ),
        ),
        "</ul>",
        _h2(QCoreApplication.translate("Rules", "The markers")),
        "<ul>",
        _marker(
            "facedown.png",
            QCoreApplication.translate("Rules", "Brown:"),
            QCoreApplication.translate(
                "Rules", "a face-down marker — the gold under it is still hidden."
            ),
        ),
        _marker(
            "gold.png",
            QCoreApplication.translate("Rules", "Gold:"),
            QCoreApplication.translate("Rules", "exposed gold — turned up, but nobody's yet."),
        ),
        _marker(
            "empty.png",
            QCoreApplication.translate("Rules", "Empty ring:"),
            QCoreApplication.translate(
                "Rules", "a collected field — its gold went to a player, and it stays empty."
            ),
        ),
        "</ul>",
        _h2(QCoreApplication.translate("Rules", "How a turn goes")),
        "<ol>",
        _item(
            QCoreApplication.translate("Rules", "The roll."),
            QCoreApplication.translate(
                "Rules",
                "At the start of your turn the tiles are thrown for you. The roll is the "
                "number of black strokes on the upright tiles; above them, the range says "
                "which rolls are possible now.",
            ),
        ),
        _item(
            QCoreApplication.translate("Rules", "Reveal gold."),
            QCoreApplication.translate(
                "Rules",
                "Click the first, then the last marker of a straight line of exactly that "
                "many face-down markers. Lines run along the rows of fields, in any of the "
                "three directions. Exposed gold and collected fields interrupt a line. With "
                "a roll of 1, click a single face-down marker.",
            ),
        ),
        _item(
            QCoreApplication.translate("Rules", "Or bury gold."),
            QCoreApplication.translate(
                "Rules",
                "Instead of revealing, click one exposed gold marker to turn it face down "
                "again. This takes a shovel (see Shovels).",
            ),
        ),
        _item(
            QCoreApplication.translate("Rules", "Collection"),
            QCoreApplication.translate("Rules", "follows at once, by itself (see Collection)."),
        ),
        _item(
            QCoreApplication.translate("Rules", "Confirm."),
            QCoreApplication.translate(
                "Rules",
                "Click Confirm or press Enter. Until then, Undo (Ctrl+Z) takes your move "
                "back and you may choose again.",
            ),
        ),
        "</ol>",
        _p(
            QCoreApplication.translate(
                "Rules",
                "While you choose, the line shows green when it can be played and red when "
                "it cannot; the message above the board says what you can do now, and why a "
                "click was refused.",
            )
        ),
        _picture(
            "line.png",
            QCoreApplication.translate(
                "Rules",
                "A roll of 3: the first marker has a white ring, and the line to the last one "
                "shows green — three face-down markers in a straight row. Exposed gold and "
                "the empty rings of a collected mountain interrupt lines.",
            ),
        ),
        _h2(QCoreApplication.translate("Rules", "Collection")),
        "<ul>",
        _items(
            QCoreApplication.translate(
                "Rules",
                "When a territory — a mountain or a river — has no face-down marker left, "
                "its owner collects all the exposed gold in it, at once.",
            ),
            QCoreApplication.translate(
                "Rules",
                "The player whose turn it is collects first; then the opponent collects from "
                "their own territories that are complete. Every field is in a mountain and in "
                "a river, so one move can give gold to both players.",
            ),
            QCoreApplication.translate(
                "Rules",
                "Collected fields stay empty for the rest of the game: no nugget is counted "
                "twice, and an empty field interrupts lines.",
            ),
            QCoreApplication.translate(
                "Rules",
                "Mind your opponent's territories: revealing the last face-down marker of "
                "one of them hands its gold over.",
            ),
        ),
        "</ul>",
        _h2(QCoreApplication.translate("Rules", "The range")),
        _p(
            QCoreApplication.translate(
                "Rules",
                "Before every turn, the range — the rolls the tiles can show — is worked out "
                "from the face-down markers left on the board:",
            )
        ),
        '<table cellspacing="0">',
        _row(
            "1–5",
            QCoreApplication.translate("Rules", "three tiles: 0|1, 0|2, 1|2"),
            QCoreApplication.translate(
                "Rules", "while at least two straight lines of five face-down markers remain;"
            ),
        ),
        _row(
            "1–4",
            QCoreApplication.translate("Rules", "two tiles: 0|2, 1|2"),
            QCoreApplication.translate(
                "Rules", "otherwise, while at least two lines of four remain;"
            ),
        ),
        _row(
            "1–3",
            QCoreApplication.translate("Rules", "two tiles: 0|1, 1|2"),
            QCoreApplication.translate(
                "Rules", "otherwise, while at least two lines of three remain;"
            ),
        ),
        _row(
            QCoreApplication.translate("Rules", "Free choice"),
            QCoreApplication.translate("Rules", "no tiles"),
            QCoreApplication.translate(
                "Rules",
                "otherwise: reveal one marker (click it twice) or two neighbouring markers. "
                "Nobody can bury gold any more.",
            ),
        ),
        "</table>",
        _p(
            QCoreApplication.translate(
                "Rules",
                "Lines may overlap: a row of six face-down markers holds two lines of five. "
                "Each tile falls on either face with an even chance, so middle rolls come "
                "more often: in the range 1–5, a 1 or a 5 comes once in eight throws, a 2, "
                "3 or 4 twice in eight. Burying gold can make longer lines again, and so "
                "widen the range.",
            )
        ),
        _picture(
            "header.png",
            QCoreApplication.translate(
                "Rules",
                "The panels show each player's gold and shovels; between them, the range and "
                "the tiles in play — here the range 1–5, and three strokes in all: a roll of 3.",
            ),
        ),
        _h2(QCoreApplication.translate("Rules", "Shovels")),
        "<ul>",
        _items(
            QCoreApplication.translate(
                "Rules", "Each player starts with two shovels, drawn in their panel."
            ),
            QCoreApplication.translate(
                "Rules",
                "Burying gold takes at least one shovel: once you have buried, one of your "
                "shovels goes to your opponent. With no shovel you cannot bury, and in free "
                "choice nobody can.",
            ),
            QCoreApplication.translate(
                "Rules",
                "A buried nugget is face down again, so its mountain and its river cannot be "
                "collected until it is revealed once more: bury to keep gold from your "
                "opponent, or to keep it on the board until your own territory is complete.",
            ),
            QCoreApplication.translate(
                "Rules", "Undo takes back the bury and the shovel's journey together."
            ),
        ),
        "</ul>",
        _h2(QCoreApplication.translate("Rules", "The end")),
        _p(
            QCoreApplication.translate(
                "Rules",
                "When every field has been collected and the last turn is confirmed, the game "
                "is over. All 91 nuggets are then in the players' panels, so there is never a "
                "tie: the player with more gold wins.",
            )
        ),
    ]
    return RulesText("\n".join(body), pictures())


def _row(*cells: str) -> str:
    first, *rest = cells
    return (
        f"<tr><td><b>{escape(first)}</b></td>"
        + "".join(f"<td>{escape(c)}</td>" for c in rest)
        + "</tr>"
    )
