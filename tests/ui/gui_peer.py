"""A GUI peer in a process of its own, for the tests that kill one: the desktop client's window
(offscreen) joins a network table by invite code and plays its seat by real clicks on the board
(:func:`~tests.ui.golden_city_play.policy`), until the game's turn reaches ``TURNS``; it then
prints one JSON line (its seat, the turn, the names) and stops clicking, waiting to be killed.
It ends by itself after ``LIFETIME`` seconds at the latest (a bound: a test kills it long before).

    python -m tests.ui.gui_peer PROFILE INVITE TURNS [NAME]
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

LIFETIME_MS = 300_000
TICK_MS = 20


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from goldnet.profile import Profile
    from ui.app import MainWindow
    from ui.netgame import NetworkController

    from .golden_city_play import click_action, policy

    profile, invite, turns = Path(argv[0]), argv[1], int(argv[2])
    app = QApplication([])
    window = MainWindow(Profile(profile), speed=0.0, bot_delay=0, host_port=0)
    window.resize(1280, 860)
    window.show()
    window.start.name_edit.setText(argv[3] if len(argv) > 3 else "Mia")
    window.lobby.join_code(invite)
    told = False

    def tick() -> None:
        nonlocal told
        c = window.table.controller
        if told or not isinstance(c, NetworkController) or c.phase in ("over", "stopped"):
            return
        if c.obs.turn >= turns:
            told = True
            line = {"seat": c.human, "turn": c.obs.turn, "names": list(c.names)}
            print(json.dumps(line), flush=True)
            return
        if c.phase != "human" and not c.chaining():
            return
        table = window.table
        click_action(table.view, c, policy(c.observation(), sorted(c.legal_now(), key=repr)))
        if not c.chaining():
            QTest.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(TICK_MS)
    QTimer.singleShot(LIFETIME_MS, app.quit)
    app.exec()
    window.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
