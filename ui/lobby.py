"""The lobby's networking: the start screen's "Play with others" and "Resume" wired to the
network thread.

:class:`Lobby` listens to the :class:`~ui.start.StartScreen` (host, join by code, join a listed
table, copy my invite code, cancel, resume) and to the :class:`~ui.network.NetBridge` (tables
on the LAN). Each game is a :class:`~ui.network.NetSession`; while it connects or waits for a
player the start screen says so (with Cancel / Stop hosting), and when the game starts the
lobby makes a :class:`~ui.netgame.NetworkController` and hands it over with ``gameStarted``.
Every problem is shown in plain words with what to try (:func:`ui.texts.problem_text`).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication

from goldnet.net.bridge import Problem, Step, describe_journal
from goldnet.net.client import Outcome
from goldnet.net.discovery import TableInfo
from goldnet.net.invite import Invite, InviteError, parse_invite
from goldnet.net.journal import JournalError, unfinished
from goldnet.profile import Profile, ProfileError

from . import style, texts
from .netgame import NetworkController
from .network import NetBridge, NetSession
from .start import StartScreen

log = logging.getLogger("goldnet.ui.lobby")


class Lobby(QObject):
    """See the module docstring.

    Signals:
        gameStarted(NetworkController): a network game began; show it at the table.
    """

    gameStarted = Signal(object)

    def __init__(
        self,
        start: StartScreen,
        profile: Profile,
        bridge: NetBridge,
        bot_delay: int = 700,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.start = start
        self.profile = profile
        self.bridge = bridge
        self.bot_delay = bot_delay
        self.session: NetSession | None = None
        self.controller: NetworkController | None = None
        self.invite: Invite | None = None
        """My invite code while hosting a table."""
        self._hosting: dict[str, Any] = {}
        try:
            start.own_fingerprint = profile.identity.fingerprint
        except ProfileError as exc:
            log.warning("%s", exc)
        start.hostRequested.connect(self.host)
        start.joinCodeRequested.connect(self.join_code)
        start.joinTableRequested.connect(self.join_table)
        start.copyInviteRequested.connect(self.copy_invite)
        start.cancelNetworkRequested.connect(self.cancel)
        start.resumeRequested.connect(self.resume)
        bridge.tableSeen.connect(start.table_seen)
        bridge.browseFailed.connect(start.discovery_failed)
        self.refresh_resume()

    # --- what the player asks ----------------------------------------------------------------

    def host(self, choices: dict[str, Any]) -> None:
        """Host a table (:meth:`StartScreen.host_choices`; ``abandon_after``, the table's
        abandonment time in seconds, may be added to them)."""
        if not self._can_start():
            return
        session = self._new_session()
        opponent = choices.get("opponent")
        self._hosting = dict(choices)
        if opponent:
            text = self.tr("Starting a game against the bot…")
        else:
            text = self.tr("Opening your table…")
        self.start.set_network_state("connecting", text, "busy")
        session.host(
            table_name=choices["table_name"],
            board=choices.get("board", 0),
            opponent=opponent,
            opponent_name=self.bot_name(opponent) if opponent else "",
            seat=choices.get("seat", 0),
            abandon_after=choices.get("abandon_after"),
        )

    def join_code(self, text: str) -> None:
        """Join by invite code; a code that cannot be read is explained, nothing else."""
        if not self._can_start():
            return
        try:
            invite = parse_invite(text)
        except InviteError as exc:
            message = texts.invite_problem(str(exc) if text.strip() else "")
            self.start.set_network_state("idle", message, "problem")
            return
        self._join(invite)

    def join_table(self, table: TableInfo) -> None:
        if self._can_start():
            self._join(Invite(table.host, table.port, table.fingerprint))

    def _join(self, invite: Invite) -> None:
        self._hosting = {}
        session = self._new_session()
        self.start.set_network_state(
            "connecting",
            texts.arg(self.tr("Connecting to %1…"), f"{invite.host}:{invite.port}"),
            "busy",
        )
        session.join(invite)

    def resume(self) -> None:
        """Go on with the newest interrupted game of this profile."""
        if not self._can_start():
            return
        journals = unfinished(self.profile.folder / "journal")
        if not journals:
            self.refresh_resume()
            return
        self._hosting = {}
        session = self._new_session()
        self.start.set_network_state("connecting", self.tr("Resuming your game…"), "busy")
        session.resume(journals[0])

    def copy_invite(self) -> None:
        """Put my invite code on the clipboard (while hosting)."""
        if self.invite is None:
            return
        QGuiApplication.clipboard().setText(str(self.invite))
        self.start.set_network_state(
            self.start.net_state,
            self._hosting_text() + "\n" + self.tr("Invite code copied."),
            "busy",
        )

    def cancel(self) -> None:
        """Stop joining or hosting (before the game started)."""
        self._end_session()
        self.start.set_network_state("idle")

    def leave(self) -> None:
        """The player left the table (the game may go on later: Resume)."""
        if self.session is None:
            return
        finished = self.session.outcome is not None or (
            self.controller is not None and self.controller.phase == "over"
        )
        self._end_session()
        if finished:
            self.start.set_network_state("idle")
        else:
            self.start.set_network_state(
                "idle",
                self.tr(
                    "You left the game. It can go on later: “Resume an interrupted game” "
                    "(if the other player's table is still open)."
                ),
                "info",
            )

    def shutdown(self) -> None:
        """Close the game and the network thread (the window closes)."""
        self.session = None
        self.controller = None
        self.bridge.shutdown()

    # --- helpers -----------------------------------------------------------------------------

    def bot_name(self, level: str) -> str:
        return {
            "random": self.tr("Easy bot"),
            "greedy": self.tr("Medium bot"),
            "strong": self.tr("Hard bot"),
        }.get(level, level)

    def _can_start(self) -> bool:
        if self.session is not None:
            return False
        self.bridge.start()
        return True

    def _new_session(self) -> NetSession:
        self.start.save()
        session = self.bridge.session(self.start.player_name())
        session.statusChanged.connect(self._status)
        session.stepped.connect(self._stepped)
        session.failed.connect(self._failed)
        session.finished.connect(self._finished)
        session.closed.connect(self.refresh_resume)
        self.session = session
        self.controller = None
        self.invite = None
        self.start.set_resumable(False)
        return session

    def _end_session(self) -> None:
        session, self.session = self.session, None
        self.controller = None
        self.invite = None
        if session is not None:
            for signal, slot in (
                (session.statusChanged, self._status),
                (session.stepped, self._stepped),
                (session.failed, self._failed),
                (session.finished, self._finished),
            ):
                signal.disconnect(slot)
            session.close()

    def refresh_resume(self) -> None:
        """Enable "Resume" when the profile holds an interrupted game (not while one runs)."""
        journals = unfinished(self.profile.folder / "journal")
        if not journals:
            self.start.set_resumable(False, self.tr("No interrupted network game."))
            return
        try:
            info = describe_journal(journals[0])
        except JournalError:
            self.start.set_resumable(False)
            return
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info["modified"]))
        tip = texts.arg(self.tr("Your game at %1, last played %2"), info["invite"], when)
        self.start.set_resumable(self.session is None, tip)

    def _hosting_text(self) -> str:
        invite = str(self.invite) if self.invite is not None else ""
        return texts.arg(
            self.tr(
                "Your table “%1” is open. Waiting for a player to join — they can pick it "
                "from their list, or join with your invite code:\n%2"
            ),
            self._hosting.get("table_name", ""),
            invite,
        )

    # --- what the network says -----------------------------------------------------------------

    def _status(self, kind: str, value: Any) -> None:
        if kind == "hosting" and isinstance(value, Invite):
            self.invite = value
            if not self._hosting.get("opponent"):
                self.start.set_network_state("hosting", self._hosting_text(), "busy")
        elif kind == "announced" and value is False:
            self.start.set_network_state(
                self.start.net_state,
                self._hosting_text()
                + "\n"
                + self.tr(
                    "Your table could not be announced on the network: give your invite code "
                    "to the other player."
                ),
                "busy",
            )
        elif kind == "seated" and not self._hosting and isinstance(value, Invite):
            self.start.set_network_state(
                "connecting",
                texts.arg(
                    self.tr("Connected to %1 — waiting for the game to start…"),
                    f"{value.host}:{value.port}",
                ),
                "busy",
            )

    def _stepped(self, step: Step) -> None:
        if step.kind != "started" or self.controller is not None or self.session is None:
            return
        table = step.table
        if table is None or table.seat is None:
            return
        me = self.start.player_colour()
        other = style.contrasting(style.SEAT_DEFAULTS[1], me)
        colours = (me, other) if table.seat == 0 else (other, me)
        controller = NetworkController(self.session, step, colours, bot_delay=self.bot_delay)
        self.controller = controller
        self.start.set_network_state("playing")
        self.gameStarted.emit(controller)

    def _failed(self, problem: Problem) -> None:
        if self.controller is not None:
            return  # the table shows it
        self._end_session()
        self.start.set_network_state("idle", texts.problem_text(problem), "problem")

    def _finished(self, outcome: Outcome) -> None:
        if self.controller is not None:
            return  # the table shows it
        self._end_session()
        self.start.set_network_state(
            "idle",
            texts.arg(self.tr("That game had already ended. Its record: %1"), outcome.record),
            "info",
        )
