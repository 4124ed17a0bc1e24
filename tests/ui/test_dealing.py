"""A new game against bots is dealt off the GUI thread (pytest-qt, offscreen): the window
processes its events while the deal runs and says "Dealing…"; a deal that fails is told to the
player and leads back to the start; a deal nobody waits for any more leaves no journal."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from goldnet.botgame import BotGame
from goldnet.profile import Profile
from ui.controller import GameSetup
from ui.table import TableWidget

from .conftest import dealt

SETUP = GameSetup(
    "golden-city", (), 0, "random", ("Ada", "Bot A", "Bot B"), ("#c0392b", "#2c6fbf", "#27ae60"), 1
)
QUICK = GameSetup("mountains-rivers", (1,), 0, "random", ("Ada", "Bot"), ("#c0392b", "#2c6fbf"), 5)
"""A game without cards: a quick deal."""
BOUND = 30.0
"""Seconds a held deal waits for the GUI thread at most (a bound, never a measure)."""


def held_deal(monkeypatch: Any, release: threading.Event, fail: str = "") -> None:
    """``BotGame.new`` waits (in the dealer's thread) until ``release`` is set — by the GUI
    thread — before it deals, or raises ``ValueError(fail)``."""
    real = BotGame.new

    def new(*args: Any, **kwargs: Any) -> BotGame:
        if not release.wait(BOUND):
            raise RuntimeError("the GUI thread processed no event while the deal ran")
        if fail:
            raise ValueError(fail)
        return real(*args, **kwargs)

    monkeypatch.setattr(BotGame, "new", staticmethod(new))


def table_of(qtbot: Any) -> TableWidget:
    table = TableWidget(speed=0.0, bot_delay=0)
    qtbot.addWidget(table, before_close_func=lambda t: (t.stop(), t.dealer.join()))
    table.show()
    qtbot.waitExposed(table)
    return table


def test_the_gui_thread_runs_its_timers_while_the_deal_runs(qtbot, monkeypatch, tmp_path) -> None:
    release = threading.Event()
    held_deal(monkeypatch, release)
    table = table_of(qtbot)
    seen: list[tuple[bool, str]] = []

    def tick() -> None:  # on the GUI thread, while the deal waits for it
        seen.append((table.dealing is not None, table.view.message.text()))
        release.set()

    QTimer.singleShot(0, tick)
    table.start_game(SETUP, profile=Profile(tmp_path / "me"))
    c = dealt(qtbot, table, timeout=int(BOUND * 2000))
    assert seen == [(True, "Dealing… the game starts in a moment.")]  # on the empty board
    assert c.game.table.names == SETUP.names and len(table.scene.panels) == 3
    assert not table.view.message.isVisible() and not table.status.text().startswith("Dealing")


def test_a_failed_deal_is_told_and_leads_back(qtbot, monkeypatch, tmp_path) -> None:
    release = threading.Event()
    release.set()
    held_deal(monkeypatch, release, fail="Golden City has no bot 'wizard'")
    table = table_of(qtbot)
    with qtbot.waitSignal(table.leaveRequested, timeout=int(BOUND * 1000)):
        table.start_game(QUICK, profile=Profile(tmp_path / "me"))
    box = table.findChild(QMessageBox, "cannotDeal")
    assert box is not None and box.isVisible()
    assert box.text() == "This game could not be dealt."
    assert box.informativeText() == "Golden City has no bot 'wizard'"
    assert table.controller is None and table.dealing is None and table.status.text() == ""


def test_a_deal_left_behind_leaves_no_journal(qtbot, monkeypatch, tmp_path: Path) -> None:
    release = threading.Event()
    held_deal(monkeypatch, release)
    table = table_of(qtbot)
    profile = Profile(tmp_path / "me")
    table.start_game(QUICK, profile=profile)
    table.stop()  # the player left before the cards were dealt
    release.set()
    table.dealer.join()
    assert table.controller is None and table.dealing is None
    assert profile.folder.is_dir() and not list(profile.folder.rglob("*.journal"))
