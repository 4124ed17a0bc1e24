"""Games against bots survive the window (pytest-qt offscreen, real files in tmp folders).

A game against a bot is played a few turns, the window is closed, a new window on the same
profile offers it under "Resume an interrupted game" (named by its game and opponent), resumes
it with the earlier turns in the log and plays it to the end: its record verifies and replays.
Closing the window mid-game asks first and says the game is saved. Several interrupted games
are offered in a menu. A network game resumed from the lobby shows its earlier turns too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QToolTip, QWidget

from goldnet.engine import Action
from goldnet.net.journal import describe_journal, unfinished
from goldnet.profile import Profile
from goldnet.records import read, verify
from ui import i18n
from ui.app import MainWindow
from ui.controller import PlayController
from ui.game_controller import GameController
from ui.netgame import NetworkController
from ui.replay import ReplayWidget

from .conftest import Artifacts, dealt, field, open_window


def new_window(
    qtbot: Any, profile: Profile, translations: i18n.Translations | None = None
) -> MainWindow:
    if translations is not None:
        translations.install("en")
    window: MainWindow = open_window(qtbot, profile, translations)
    return window


def start_bot_game(
    qtbot: Any, window: MainWindow, *, board: int = 4, seat: int = 1
) -> GameController:
    """Choose a board, the greedy bot and my seat on the start screen, click Play and wait for
    the deal."""
    start = window.start
    start.name_edit.setText("Ada")
    start.option_combos["board"].setCurrentIndex(start.option_combos["board"].findData(board))
    start.level_combo.setCurrentIndex(start.level_combo.findData("greedy"))
    start.seat_combo.setCurrentIndex(start.seat_combo.findData(seat))
    QTest.mouseClick(start.play_button, Qt.MouseButton.LeftButton)
    c = dealt(qtbot, window.table)
    assert isinstance(c, GameController) and window.stack.currentWidget() is window.table
    return c


def intent(c: PlayController, action: Action) -> None:
    """Play ``action`` through the controller's intents (what the scene's clicks call)."""
    a = field(str(action[1]))
    c.click(a)
    if action[0] != "bury":
        b = field(str(action[2]))
        if a != b or c.moves.is_free_choice():
            c.click(b)


def play_mine(qtbot: Any, c: PlayController, moves: int | None = None, limit: int = 300) -> int:
    """Play my seat (its first legal action each turn: reveals come first, so the game moves
    on) for ``moves`` turns or to the end; returns how many I played."""
    played = 0
    for _ in range(limit):
        if played == moves:
            return played
        qtbot.waitUntil(lambda: c.phase in ("human", "over", "stopped"), timeout=15000)
        if c.phase != "human":
            break
        view = c.view
        intent(c, view.legal[0])
        assert c.phase == "confirm"
        c.confirm()
        qtbot.waitUntil(lambda v=view: c.view is not v, timeout=15000)
        played += 1
    qtbot.waitUntil(lambda: c.phase in ("over", "stopped"), timeout=15000)
    return played


def log_lines(window: MainWindow) -> list[str]:
    log = window.table.log
    return [log.item(i).text() for i in range(log.count())]


def with_tooltip(window: MainWindow, widget: QWidget) -> QImage:
    """The window with ``widget``'s tooltip shown under it (painted in: offscreen, a tooltip
    is a window of its own)."""
    window.activateWindow()  # a tooltip shows over the active window only
    QApplication.processEvents()
    below = widget.mapToGlobal(QPoint(12, widget.height() + 4))
    QToolTip.showText(below, widget.toolTip(), widget)
    QApplication.processEvents()
    image = window.grab().toImage()
    tips = [
        w
        for w in QApplication.topLevelWidgets()
        if w.objectName() == "qtooltip_label" and w.isVisible()
    ]
    assert tips and tips[0].text() == widget.toolTip(), "the tooltip did not show"
    painter = QPainter(image)
    at = window.mapFromGlobal(tips[0].mapToGlobal(QPoint(0, 0)))
    painter.drawImage(at, tips[0].grab().toImage())
    painter.end()
    QToolTip.hideText()
    return image


def test_a_bot_game_left_by_closing_the_window_is_resumed_and_finished(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts
) -> None:
    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile)
    c = start_bot_game(qtbot, window)
    assert c.names == ("Medium bot", "Ada") and c.human == 1 and c.unsaved == ""
    assert play_mine(qtbot, c, 4) == 4
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    before = log_lines(window)
    turn = c.obs.turn
    assert len(before) > 8
    (journal,) = unfinished(profile.folder / "journal")

    window.close()  # the game is journalled as it goes: nothing to do but close
    assert not window.isVisible() and window.table.controller is None
    assert unfinished(profile.folder / "journal") == [journal]

    again = new_window(qtbot, profile)
    start = again.start
    assert start.resume_button.isEnabled()
    tip = start.resume_button.toolTip()
    assert tip.startswith("Mountains & Rivers (Board 4) against Medium bot, last played ")
    assert "goldnet://" not in tip
    artifacts.save(with_tooltip(again, start.resume_button), "resume-tooltip-en.png")

    QTest.mouseClick(start.resume_button, Qt.MouseButton.LeftButton)
    c = again.table.controller
    assert isinstance(c, GameController) and again.stack.currentWidget() is again.table
    assert c.names == ("Medium bot", "Ada") and c.human == 1 and c.setup.options == (4,)
    assert c.obs.turn == turn and c.setup.bot == "greedy"
    # the turn log starts where the first window's did: the earlier turns, then the resume
    resumed = log_lines(again)
    assert resumed[: len(before)] == before
    assert resumed[len(before)] == f"The game goes on from turn {turn}."
    assert c.last_move is not None and c.last_move[0] == 0  # the bot's move, marked
    assert again.table.scene is not None and again.table.scene.last_move_fields()
    artifacts.save(again.grab().toImage(), "resumed-log-en.png")

    assert play_mine(qtbot, c) > 0
    table = again.table
    assert c.phase == "over" and table.end.isVisible() and table.result is not None
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=5000)
    record = Path(str(table.record_path))
    assert record.parent == profile.folder / "records"
    assert table.end.record.isVisible() and str(record) in table.end.record.text()
    checked = verify(read(record))
    assert checked.result == table.result and checked.table.names == c.names
    assert checked.table.members[1] == profile.identity.public
    assert not unfinished(profile.folder / "journal")

    QTest.mouseClick(table.end.replay, Qt.MouseButton.LeftButton)
    replay = again.stack.currentWidget()
    assert isinstance(replay, ReplayWidget) and replay is again.replay
    assert replay.replay.steps[-1].state.finished
    QTest.mouseClick(replay.leave_button, Qt.MouseButton.LeftButton)
    assert again.stack.currentWidget() is start and not start.resume_button.isEnabled()


def test_closing_the_window_mid_game_says_the_game_is_saved_and_asks(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts, translations: i18n.Translations
) -> None:
    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile, translations)
    assert not window.ask_to_close()  # no game: nothing to ask
    c = start_bot_game(qtbot, window, seat=0)
    play_mine(qtbot, c, 2)

    assert window.ask_to_close()
    box = window.close_question
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == (
        "Your game is saved: “Resume an interrupted game” on the start screen goes on with it."
    )
    artifacts.save(window_with(window, box), "close-question-en.png")
    keep = box.findChild(QPushButton, "keepPlaying")
    QTest.mouseClick(keep, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.close_question is None)
    assert window.isVisible() and window.table.controller is c  # the game goes on
    play_mine(qtbot, c, 1)

    translations.install("fr")
    qtbot.waitUntil(lambda: window.table.log_title.text() == "Journal de la partie")
    assert window.ask_to_close()
    box = window.close_question
    assert box is not None and box.text().startswith("Votre partie est enregistrée")
    artifacts.save(window_with(window, box), "close-question-fr.png")
    QTest.mouseClick(box.findChild(QPushButton, "closeAnyway"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible())
    assert window.table.controller is None
    (journal,) = unfinished(profile.folder / "journal")
    assert describe_journal(journal)["names"] == ("Ada", "Medium bot")


def window_with(window: MainWindow, box: QWidget) -> QImage:
    """The window with the dialog ``box`` painted over it (offscreen, a window of its own)."""
    image = window.grab().toImage()
    painter = QPainter(image)
    painter.drawImage(window.mapFromGlobal(box.mapToGlobal(QPoint(0, 0))), box.grab().toImage())
    painter.end()
    return image


def test_a_game_the_profile_cannot_hold_is_played_and_said_unsaved(
    qtbot: Any, tmp_path: Path
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the profile should be")
    window = new_window(qtbot, Profile(tmp_path / "me"))
    window.profile = Profile(blocked)
    c = start_bot_game(qtbot, window, seat=0)
    assert c.game.journal is None and c.unsaved
    assert log_lines(window)[-1] == (
        "This game is not saved: if the window closes, it cannot be resumed."
    )
    play_mine(qtbot, c, 1)
    assert window.ask_to_close()
    box = window.close_question
    assert box is not None
    assert box.text() == "This game is not saved: if you close the window, it is lost."
    QTest.mouseClick(box.findChild(QPushButton, "keepPlaying"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.close_question is None)


def test_a_finished_game_closes_without_a_question(qtbot: Any, tmp_path: Path) -> None:
    window = new_window(qtbot, Profile(tmp_path / "me"))
    c = start_bot_game(qtbot, window, seat=0)
    play_mine(qtbot, c)
    assert c.phase == "over" and not window.ask_to_close()


def test_several_interrupted_games_are_offered_in_a_menu_in_english_and_french(
    qtbot: Any,
    tmp_path: Path,
    artifacts: Artifacts,
    translations: i18n.Translations,
) -> None:
    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile, translations)
    first = start_bot_game(qtbot, window, board=2, seat=0)
    play_mine(qtbot, first, 3)
    qtbot.waitUntil(lambda: first.phase == "human", timeout=15000)
    turn = first.obs.turn
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    second = start_bot_game(qtbot, window, board=5, seat=1)
    play_mine(qtbot, second, 2)
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    start = window.start
    assert window.stack.currentWidget() is start and start.resume_button.isEnabled()
    menu = start.resume_button.menu()
    assert menu is not None
    texts = [a.text() for a in menu.actions()]
    assert [t.split(" against ")[0] for t in texts] == [
        "Mountains & Rivers (Board 5)",  # the newest first
        "Mountains & Rivers (Board 2)",
    ]
    assert all(t.split(" against ")[1].startswith("Medium bot, last played ") for t in texts)
    assert start.resume_button.toolTip() == "\n".join(texts)
    artifacts.save(with_tooltip(window, start.resume_button), "resume-menu-tooltip-en.png")

    translations.install("fr")
    qtbot.waitUntil(lambda: start.resume_button.text() == "Reprendre une partie interrompue")
    menu = start.resume_button.menu()
    assert menu is not None
    assert all(a.text().startswith("Montagnes et Rivières (Plateau ") for a in menu.actions())
    artifacts.save(with_tooltip(window, start.resume_button), "resume-menu-tooltip-fr.png")

    menu.actions()[1].trigger()  # the older game: the first one
    c = window.table.controller
    assert isinstance(c, GameController) and c.setup.options == (2,) and c.human == 0
    assert c.obs.turn == turn
    lines = log_lines(window)
    assert texts_in(lines, f"La partie reprend au tour {turn}.")
    artifacts.save(window.grab().toImage(), "resumed-log-fr.png")
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    assert len(unfinished(profile.folder / "journal")) == 2


def texts_in(lines: list[str], text: str) -> bool:
    return text in lines


def test_a_network_game_resumed_from_the_lobby_shows_its_earlier_turns(
    qtbot: Any, tmp_path: Path
) -> None:
    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile)
    start = window.start
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData("greedy"))
    QTest.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(window.table.controller, NetworkController), timeout=15000)
    c = window.table.controller
    assert isinstance(c, NetworkController)
    play_mine(qtbot, c, 3)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    before = log_lines(window)
    turn = c.obs.turn
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(start.resume_button.isEnabled, timeout=10000)
    tip = start.resume_button.toolTip()
    assert tip.startswith("Mountains & Rivers (Board ") and " against Medium bot, last " in tip
    QTest.mouseClick(start.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: (
            isinstance(window.table.controller, NetworkController)
            and window.table.controller is not c
        ),
        timeout=15000,
    )
    resumed = log_lines(window)
    assert resumed[: len(before)] == before
    assert resumed[len(before)] == f"The game goes on from turn {turn}."
