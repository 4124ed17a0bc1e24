"""A game against a bot whose journal cannot be written mid-game (a full disk): the game goes on
unsaved, the turn log says so once in the player's language (English, French), closing the
window warns that the game resumes from where saving stopped, and the journal stays whole up to
there — never a traceback (pytest-qt fails a test on an exception in a slot) nor a stuck window.

Two ways: the journal's write made to fail (any platform), and a real full disk — the profile on
a small tmpfs this test mounts and fills (root on Linux only; skipped otherwise, saying why).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from goldnet.botgame import BotGame
from goldnet.net.journal import Journal, JournalError, read_journal, unfinished
from goldnet.profile import Profile

from ..net.test_disk_faults import fill, small_disk
from .conftest import Artifacts
from .test_botgame import log_lines, new_window, play_mine, start_bot_game, window_with

STOPPED = {
    "en": "This game can no longer be saved (the disk is full or cannot be written): play goes "
    "on; if the window closes, it resumes from where saving stopped.",
    "fr": "Cette partie ne peut plus être enregistrée (le disque est plein ou ne peut pas être "
    "écrit)\u00a0: le jeu continue\u202f; si la fenêtre se ferme, elle reprendra là où "
    "l’enregistrement s’est arrêté.",
}
CLOSE = {
    "en": "This game is no longer saved: if you close the window, it resumes from where saving "
    "stopped, not from here.",
    "fr": "Cette partie n’est plus enregistrée\u00a0: si vous fermez la fenêtre, elle reprendra "
    "là où l’enregistrement s’est arrêté, pas d’ici.",
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_journal_write_failing_mid_game_leaves_the_game_going_on_unsaved(
    qtbot: Any,
    tmp_path: Path,
    translations: Any,
    artifacts: Artifacts,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile, translations)
    translations.install(language)
    c = start_bot_game(qtbot, window, seat=0)
    play_mine(qtbot, c, 2)
    assert c.game.journal is not None and not c.unsaved
    written = len(read_journal(c.game.journal.path).outgoing)
    fault = "cannot write the journal: No space left on device"

    def full(self: Journal, *_entry: Any) -> None:
        raise JournalError(fault)

    monkeypatch.setattr(Journal, "outgoing", full)
    monkeypatch.setattr(Journal, "incoming", full)
    play_mine(qtbot, c, 1)  # my move's envelope cannot be journalled
    assert c.game.unsaved == fault and c.game.journal is None
    lines = log_lines(window)
    assert lines.count(STOPPED[language]) == 1
    assert not any("No space left" in line or "Traceback" in line for line in lines)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)  # the bot played on
    artifacts.save(window.grab().toImage(), f"disk-full-{language}.png")
    play_mine(qtbot, c)  # to the end, unsaved
    assert c.phase == "over" and c.game.record is None
    assert log_lines(window).count(STOPPED[language]) == 1  # said once
    (journal,) = unfinished(profile.folder / "journal")  # whole up to where saving stopped
    assert len(read_journal(journal).outgoing) == written


def test_closing_after_saving_stopped_says_where_the_game_resumes(
    qtbot: Any,
    tmp_path: Path,
    translations: Any,
    artifacts: Artifacts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = new_window(qtbot, Profile(tmp_path / "me"), translations)
    c = start_bot_game(qtbot, window, seat=0)
    play_mine(qtbot, c, 1)

    def full(self: Journal, *_entry: Any) -> None:
        raise JournalError("cannot write the journal: No space left on device")

    monkeypatch.setattr(Journal, "outgoing", full)
    play_mine(qtbot, c, 1)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    for language in ("en", "fr"):
        translations.install(language)
        assert window.ask_to_close()
        box = window.close_question
        assert box is not None and box.text() == CLOSE[language]
        artifacts.save(window_with(window, box), f"disk-full-close-{language}.png")
        QTest.mouseClick(box.findChild(QPushButton, "keepPlaying"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.close_question is None)
    assert c.phase == "human"  # still playing


@pytest.mark.skipif(
    sys.platform != "linux" or os.geteuid() != 0,
    reason="mounting a small tmpfs needs root on Linux",
)
def test_a_bot_game_on_a_disk_that_fills_up_finishes_unsaved_and_resumes_from_the_fault(
    qtbot: Any, tmp_path: Path, translations: Any
) -> None:
    """The profile on a 1 MiB disk, filled after two of my moves: the game is played to its
    end (unsaved, said once), the journal reads back whole, and once there is room again the
    game resumes from its last journalled step."""
    with small_disk(tmp_path / "disk", 1024) as disk:
        profile = Profile(disk / "me")
        window = new_window(qtbot, profile, translations)
        c = start_bot_game(qtbot, window, seat=0)
        play_mine(qtbot, c, 2)
        filler = fill(disk)
        play_mine(qtbot, c)
        assert c.phase == "over" and c.game.record is None
        assert c.game.unsaved.endswith("No space left on device")
        assert log_lines(window).count(STOPPED["en"]) == 1
        (journal,) = unfinished(profile.folder / "journal")
        state = read_journal(journal)  # whole: every entry reads back
        assert state.end is None and state.outgoing
        filler.unlink()
        window.shutdown()
        resumed = BotGame.resume(journal, profile.identity, folder=profile.folder)
        try:
            assert resumed.result is None and resumed.moved > 0
        finally:
            resumed.close()
