"""The start screen: remembered name and colour, a bot game's choices (the lobby's network
parts: test_lobby.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from goldnet.profile import Profile
from ui.app import MainWindow

from .conftest import Artifacts, dealt


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
    c = dealt(qtbot, window.table)
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
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)  # while dealing
    assert window.stack.currentWidget() is window.start
    assert window.table.controller is None and window.table.dealing is None
    window.table.dealer.join()
    assert window.table.controller is None


def widget_places(window: MainWindow, widgets: list[QWidget]) -> list[tuple[int, int, int, int]]:
    """Where ``widgets`` are in ``window`` once its layouts settled (bounded)."""
    for _ in range(5):
        QApplication.processEvents()
    out = []
    for w in widgets:
        top_left = w.mapTo(window, QPoint(0, 0))
        out.append((top_left.x(), top_left.y(), w.width(), w.height()))
    return out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_invite_code_field_and_the_buttons_stay_put_when_the_status_changes(
    qtbot, translations, artifacts: Artifacts, language: str
) -> None:
    """A click aimed at the invite code field (or a button) while the status box appears,
    grows or goes lands where it was aimed: only the list of tables gives it room."""
    translations.install(language)
    window = MainWindow(translations=translations, speed=0.0, bot_delay=0)
    qtbot.addWidget(window, before_close_func=lambda w: w.shutdown())
    window.resize(1280, 860)
    window.show()
    qtbot.waitExposed(window)
    start = window.start
    start.name_edit.setText("Alice")
    watched = [
        start.invite_edit,
        start.join_button,
        start.watch_button,
        start.join_table_button,
        start.watch_table_button,
        start.table_name_edit,
        start.host_button,
        start.copy_invite_button,
        start.replay_button,
        start.resume_button,
    ]
    idle = widget_places(window, watched)
    code = "goldnet://192.0.2.5:47001/abcd-efgh-ijkl-mnop-qrst-uvwx"
    hosting = window.lobby.tr(
        "Your table “%1” is open. Waiting for a player to join — they can pick it "
        "from their list, or join with your invite code:\n%2"
    )
    statuses = [
        ("connecting", "Connecting to 192.0.2.5:47001…", "busy"),
        ("hosting", hosting.replace("%1", start.default_table_name()).replace("%2", code), "busy"),
        ("hosting", (hosting + "\n" + "Invite code copied.").replace("%2", code), "busy"),
        ("idle", "Could not reach 192.0.2.5:47001 — check the address. " * 4, "problem"),
        ("idle", "", "info"),
    ]
    for state, text, tone in statuses:
        start.set_network_state(state, text, tone)
        assert start.net_status_box.isVisible() == bool(text)
        assert widget_places(window, watched) == idle, text
        if state == "hosting":
            artifacts.save(window.grab().toImage(), f"start-hosting-{language}.png")
    # The status box sits right under the list; the list gave it its room.
    start.set_network_state("hosting", statuses[1][1], "busy")
    widget_places(window, watched)
    box = start.net_status_box.geometry()
    assert start.tables_list.geometry().bottom() < box.top()
    assert box.bottom() < start.join_table_button.mapTo(start.net_box, QPoint(0, 0)).y()


@pytest.mark.parametrize(
    ("name", "english", "french"),
    [
        ("Alice", "Alice's table", "Table d’Alice"),
        ("Hélène", "Hélène's table", "Table d’Hélène"),
        ("Yves", "Yves's table", "Table d’Yves"),
        ("Bob", "Bob's table", "Table de Bob"),
        ("Yann", "Yann's table", "Table de Yann"),
        ("", "My table", "Ma table"),
    ],
)
def test_the_default_table_name_elides_in_french(
    qtbot, translations, name: str, english: str, french: str
) -> None:
    window = MainWindow(translations=translations, speed=0.0, bot_delay=0)
    qtbot.addWidget(window, before_close_func=lambda w: w.shutdown())
    start = window.start
    start.name_edit.setText(name)
    assert start.default_table_name() == english
    translations.install("fr")
    assert start.default_table_name() == french
    qtbot.waitUntil(lambda: start.table_name_edit.placeholderText() == french)  # LanguageChange
    assert start.host_choices()["table_name"] == french


def test_the_preview_is_drawn_after_the_first_paint(qtbot) -> None:
    """The start screen shows before its board preview is drawn (issue 10: first paint)."""
    window = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(window, before_close_func=lambda w: w.shutdown())
    start = window.start
    assert start.preview.pixmap().isNull() and not start.painted
    assert not window.bridge.loop_thread.running  # the network thread waits too
    window.show()
    qtbot.waitUntil(lambda: start.painted)
    qtbot.waitUntil(lambda: not start.preview.pixmap().isNull())
    qtbot.waitUntil(lambda: window.bridge.loop_thread.running)
    # a change of board draws it again at once
    before = start.preview.pixmap().cacheKey()
    start.option_combos["board"].setCurrentIndex(start.option_combos["board"].findData(3))
    assert start.preview.pixmap().cacheKey() != before


def test_a_window_closed_before_its_first_frame_starts_no_network_thread(qtbot) -> None:
    window = MainWindow(speed=0.0, bot_delay=0)
    window.show()  # the first frame is queued…
    window.close()  # …and the window closes before it is painted: shutdown
    qtbot.wait(50)
    window.start._painted()  # what the queued frame would have triggered
    assert not window.bridge.loop_thread.running
