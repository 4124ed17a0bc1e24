"""The start screen: remembered name and colour, a bot game's choices (the lobby's network
parts: test_lobby.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet.profile import Profile
from ui.app import MainWindow

from .conftest import Artifacts


def test_name_colour_and_choices_are_remembered(qtbot, artifacts: Artifacts) -> None:
    window = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    window.show()
    start = window.start
    start.name_edit.setText("Berthe")
    start.name_edit.editingFinished.emit()
    green = start.colour_buttons.button(2)
    QTest.mouseClick(green, Qt.MouseButton.LeftButton)
    start.option_combos["board"].setCurrentIndex(start.option_combos["board"].findData(7))
    start.level_combo.setCurrentIndex(start.level_combo.findData("strong"))
    start.seat_combo.setCurrentIndex(start.seat_combo.findData(1))
    qtbot.waitUntil(lambda: not start.preview.pixmap().isNull())  # drawn after the first paint
    artifacts.save(window.grab().toImage(), "start-screen.png")
    QTest.mouseClick(start.play_button, Qt.MouseButton.LeftButton)
    c = window.table.controller
    assert c is not None
    assert c.setup.options == (7,) and c.setup.bot == "strong" and c.human == 1
    assert c.setup.names[1] == "Berthe" and c.setup.colours[1] == "#27ae60"
    window.table.stop()
    saved = json.loads((Path(os.environ["GOLDNET_HOME"]) / "settings.json").read_text())
    assert saved["name"] == "Berthe" and saved["colour"] == "#27ae60"
    chosen = {"game": "mountains-rivers", "board": 7, "seats": 2, "bot": "strong", "seat": 1}
    assert saved["ui"] == chosen
    # A new window starts from what was remembered.
    again = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(again)
    assert again.start.name_edit.text() == "Berthe"
    assert again.start.player_colour() == "#27ae60"
    assert again.start.choices() == chosen


def test_other_settings_in_the_profile_are_kept(qtbot) -> None:
    profile = Profile()
    profile.save_settings({"relay": "example:47001", "name": "Old"})
    window = MainWindow(profile, speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    window.start.name_edit.setText("New")
    window.start.save()
    assert profile.settings()["relay"] == "example:47001"
    assert profile.settings()["name"] == "New"


def test_random_board_and_seat_are_drawn_per_game(qtbot) -> None:
    window = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    boards = {window.setup_for({"board": 0, "bot": "random", "seat": -1}, seed=s).options[0]
              for s in range(30)}  # fmt: skip
    seats = {window.setup_for({"board": 0, "bot": "random", "seat": -1}, seed=s).human
             for s in range(30)}  # fmt: skip
    assert len(boards) > 5 and boards <= set(range(1, 12)) and seats == {0, 1}


def test_leaving_the_table_returns_to_the_start(qtbot) -> None:
    window = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    window.show()
    QTest.mouseClick(window.start.play_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.table
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.start
    assert window.table.controller is None
