"""The start screen's choices of a game, from the game registry and in the game kit's words:
its table options (each with "at random" first), its seat count, its bots' levels and a seat.

The combo boxes keep registry values as their data — an option's value or :data:`RANDOM`, a
seat count, a bot level's name, a seat or :data:`RANDOM_SEAT` — and the kit words them
(:class:`ui.kits.Kit`: ``option_title``, ``option_value``, ``seat_choice``, ``bot_level``).
Nothing here knows a game: a game with one seat count gets no seat-count choice, one with more
(2–6) gets one; the seats offered follow the seat count chosen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox

from goldnet import games

from .kits import Kit

RANDOM = None
"""The data of an option's "at random" item."""
RANDOM_SEAT = -1
"""The data of the seat choice "Drawn at random"."""


def select(combo: QComboBox, value: Any) -> None:
    """Select the item whose data is ``value`` (the first item when none is)."""
    for i in range(combo.count()):
        if combo.itemData(i) == value:
            combo.setCurrentIndex(i)
            return
    combo.setCurrentIndex(0)


def fill(combo: QComboBox, values: Iterable[Any], keep: Any = None) -> None:
    """Put ``values`` (the items' data, texts left empty for :meth:`retranslate`) into
    ``combo`` and select ``keep`` (or the first). Signals are blocked meanwhile."""
    combo.blockSignals(True)
    combo.clear()
    for value in values:
        combo.addItem("", value)
    select(combo, keep)
    combo.blockSignals(False)


def option_combo(option: games.Option, saved: Any, name: str) -> QComboBox:
    """A combo of one table option: "at random", then each value; ``saved`` selected."""
    combo = QComboBox()
    combo.setObjectName(name)
    fill(combo, [RANDOM, *option.values], saved if saved in option.values else RANDOM)
    return combo


def word_option(combo: QComboBox, kit: Kit, option: games.Option) -> None:
    """The option's items in the kit's words (None: at random)."""
    for i in range(combo.count()):
        combo.setItemText(i, kit.option_value(option.name, combo.itemData(i)))


def seat_counts_combo(info: games.GameInfo, saved: Any) -> QComboBox:
    """A combo of the game's seat counts (``2``…``6``); ``saved`` selected when the game has
    it, else the fewest."""
    combo = QComboBox()
    fill(combo, list(info.seats), saved if saved in info.seats else info.seats[0])
    for i in range(combo.count()):
        combo.setItemText(i, str(combo.itemData(i)))
    return combo


def seat_count(combo: QComboBox, info: games.GameInfo) -> int:
    """The seat count chosen (the game's fewest when the combo is empty)."""
    value = combo.currentData()
    return int(value) if isinstance(value, int) and value in info.seats else info.seats[0]


def fill_seats(combo: QComboBox, count: int, keep: Any) -> None:
    """The seats of a table of ``count`` seats, then "Drawn at random"; ``keep`` selected when
    it is one of them."""
    fill(combo, [*range(count), RANDOM_SEAT], keep if keep in range(-1, count) else 0)


def word_seats(combo: QComboBox, kit: Kit) -> None:
    """Each seat in the kit's words, then "Drawn at random"."""
    for i in range(combo.count()):
        seat = int(combo.itemData(i))
        text = (
            QCoreApplication.translate("StartScreen", "Drawn at random")
            if seat < 0
            else kit.seat_choice(seat)
        )
        combo.setItemText(i, text)


def word_levels(combo: QComboBox, kit: Kit) -> None:
    """Each bot level in the kit's words (an empty level is left as it is)."""
    for i in range(combo.count()):
        level = str(combo.itemData(i) or "")
        if level:
            combo.setItemText(i, kit.bot_level(level))


def middle_level(info: games.GameInfo) -> str:
    """The bot level offered first: the middle one of the game's."""
    return info.bot_levels[len(info.bot_levels) // 2]
