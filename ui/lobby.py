"""The lobby's networking: the start screen's "Play with others" and "Resume" wired to the
network thread.

:class:`Lobby` listens to the :class:`~ui.start.StartScreen` (host, join by code, join a listed
table, watch a table, copy my invite code, cancel, resume) and to the
:class:`~ui.network.NetBridge` (tables on the LAN). A hosted table has the seat count the host
chose (the game's seat counts, from the registry); its other seats are players who join or bots
of this process. A watched table is joined as a spectator (read-only: its peer checks every
envelope as it watches, and the table shows the public view). "Host this table myself" at the
table re-hosts a network game through the same link (:meth:`rehost`).

Each game is a :class:`~ui.network.TableLink` to the table service; while it connects or waits
for players the start screen says so (with Cancel / Stop hosting), and when the game's first
view arrives the lobby makes a :class:`~ui.netgame.NetworkController` and
hands it over with ``gameStarted``. The game, its seats and options go to the service by the
game registry's names (:mod:`goldnet.games`).
Every problem is shown in plain words with what to try (:func:`ui.texts.problem_text`).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication

from goldnet import games
from goldnet.engine import GameState
from goldnet.net.discovery import TableInfo
from goldnet.net.invite import Invite, InviteError, parse_invite
from goldnet.net.journal import JournalError, describe_journal, unfinished
from goldnet.profile import Profile, ProfileError
from goldnet.view import View

from . import kits, style, texts
from .network import NetBridge, TableLink
from .start import StartScreen

if TYPE_CHECKING:
    from goldnet.net.reports import Outcome, Problem, TableStart

    from .netgame import NetworkController

log = logging.getLogger("goldnet.ui.lobby")


class Lobby(QObject):
    """See the module docstring.

    Signals:
        gameStarted(NetworkController): a network game began; show it at the table.
        resumeLocal(Path): the player chose to go on with this game against bots on this
            computer (its journal): the window resumes it (:mod:`goldnet.botgame`).
    """

    gameStarted = Signal(object)
    resumeLocal = Signal(object)

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
        self.link: TableLink | None = None
        self.controller: NetworkController | None = None
        self.table: TableStart | None = None
        """The table of the game that started, until its first view arrives."""
        self.invite: Invite | None = None
        """My invite code while hosting a table."""
        self._hosting: dict[str, Any] = {}
        self.spectating = False
        """The game joined last is watched, not played."""
        self.hosted = False
        """This window's relay hosts the current game's table (hosted, resumed or re-hosted
        here)."""
        self.listed: TableInfo | None = None
        """The LAN list's table being joined or watched (None: by code, hosting, resuming)."""
        try:
            start.own_fingerprint = profile.identity.fingerprint
        except ProfileError as exc:
            log.warning("%s", exc)
        start.hostRequested.connect(self.host)
        start.joinCodeRequested.connect(self.join_code)
        start.joinTableRequested.connect(self.join_table)
        start.watchTableRequested.connect(self.watch_table)
        start.watchCodeRequested.connect(self.watch_code)
        start.copyInviteRequested.connect(self.copy_invite)
        start.cancelNetworkRequested.connect(self.cancel)
        start.resumeRequested.connect(self.resume)
        bridge.tableSeen.connect(start.table_seen)
        bridge.browseFailed.connect(start.discovery_failed)
        # The network thread and LAN browsing start once the start screen is on screen (or
        # at the first network action, :meth:`_can_start`): the first paint comes first.
        self._shut = False
        start.firstPainted.connect(self._first_paint)
        if start.painted:
            self._first_paint()
        self.refresh_resume()

    # --- what the player asks ----------------------------------------------------------------

    def host(self, choices: dict[str, Any]) -> None:
        """Host a table (:meth:`StartScreen.host_choices`: ``game`` — default the first game
        of the registry —, the table name, one entry per table option of the game (None or
        missing: drawn at random), ``seats`` (missing: the fewest the game has), ``opponent``
        (a bot level that takes every other seat, or None for players on the network) and
        ``seat``; ``abandon_after``, the table's abandonment time in seconds, may be added to
        them)."""
        if not self._can_start():
            return
        link = self._new_link()
        opponent = choices.get("opponent")
        info = games.get(choices.get("game") or games.names()[0])
        seats = int(choices.get("seats") or info.seats[0])
        self._hosting = dict(choices)
        if opponent:
            text = self.tr("Starting a game against the bots…")
        else:
            text = self.tr("Opening your table…")
        self.start.set_network_state("connecting", text, "busy")
        bots = self.bot_names(info.name, opponent, seats - 1) if opponent else []
        link.host(
            info.name,
            table_name=choices["table_name"],
            seats=seats,
            options={o.name: choices.get(o.name) for o in info.options},
            bots=[(opponent, name) for name in bots] if opponent else [],
            seat=choices.get("seat", 0),
            abandon_after=choices.get("abandon_after"),
        )

    def join_code(self, text: str) -> None:
        """Join by invite code; a code that cannot be read is explained, nothing else."""
        self._by_code(text, spectate=False)

    def join_table(self, table: TableInfo) -> None:
        """Join a table of the LAN list; if nobody is there, it leaves the list."""
        if self._can_start():
            self._join(Invite(table.host, table.port, table.fingerprint), listed=table)

    def watch_table(self, table: TableInfo) -> None:
        """Watch a table of the LAN list as a spectator (read-only); if nobody is there, it
        leaves the list."""
        if self._can_start():
            self._join(Invite(table.host, table.port, table.fingerprint), True, table)

    def watch_code(self, text: str) -> None:
        """Watch the table of an invite code as a spectator; a bad code is explained."""
        self._by_code(text, spectate=True)

    def _by_code(self, text: str, *, spectate: bool) -> None:
        if not self._can_start():
            return
        try:
            invite = parse_invite(text)
        except InviteError as exc:
            message = texts.invite_problem(str(exc) if text.strip() else "")
            self.start.set_network_state("idle", message, "problem")
            return
        self._join(invite, spectate=spectate)

    def _join(
        self, invite: Invite, spectate: bool = False, listed: TableInfo | None = None
    ) -> None:
        self._hosting = {}
        self.spectating = spectate
        link = self._new_link()
        self.listed = listed
        self.start.set_network_state(
            "connecting",
            texts.arg(self.tr("Connecting to %1…"), f"{invite.host}:{invite.port}"),
            "busy",
        )
        link.join(invite, spectate=spectate)

    def join_rematch(self, invite: Invite, rematch: tuple[Any, ...]) -> None:
        """Join the rematch this member accepted (``rematch``: the finished table's game,
        options and members, which the new table must keep — :meth:`TableLink.join`)."""
        if not self._can_start():
            return
        self._hosting = {}
        self.spectating = False
        link = self._new_link()
        self.start.set_network_state(
            "connecting",
            texts.arg(self.tr("Connecting to %1…"), f"{invite.host}:{invite.port}"),
            "busy",
        )
        link.join(invite, rematch=rematch)

    def rehost(self) -> None:
        """Host the running network game's table here (the table's "Host this table
        myself"): the same link goes on through a relay of this member's."""
        if self.link is not None and self.controller is not None and not self.spectating:
            self.link.rehost()

    def resume(self, path: Path | None = None) -> None:
        """Go on with the interrupted game of journal ``path`` (default: the newest of this
        profile): a network game through the table service, a game against bots on this
        computer through ``resumeLocal``."""
        if self.link is not None:
            return
        journals = unfinished(self.profile.folder / "journal")
        path = path or (journals[0] if journals else None)
        try:
            local = path in journals and describe_journal(path)["local"]
        except JournalError:
            path = None
        if path is None or path not in journals:
            self.refresh_resume()
            return
        if local:
            self.resumeLocal.emit(path)
            return
        if not self._can_start():
            return
        self._hosting = {}
        self.spectating = False
        link = self._new_link()
        self.start.set_network_state("connecting", self.tr("Resuming your game…"), "busy")
        link.resume(path)

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
        self._end_link()
        self.start.set_network_state("idle")

    def leave(self) -> None:
        """The player left the table (the game may go on later: Resume)."""
        if self.link is None:
            return
        finished = self.link.outcome is not None or (
            self.controller is not None and self.controller.phase == "over"
        )
        hosted = self.hosted
        self._end_link()
        if finished or self.spectating:  # a spectator keeps nothing to resume
            self.start.set_network_state("idle")
        elif hosted:  # the table closed with this window's relay: resuming opens it again
            self.start.set_network_state(
                "idle",
                self.tr(
                    "You left the game and closed your table. It can go on later: “Resume an "
                    "interrupted game” opens your table again."
                ),
                "info",
            )
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
        """Close the game and the network thread (the window closes); it starts no more."""
        self._shut = True
        self.link = None
        self.controller = None
        self.bridge.shutdown()

    # --- helpers -----------------------------------------------------------------------------

    def bot_names(self, game: str, level: str, count: int) -> list[str]:
        """The names of ``count`` bots of ``level`` at one table: ``Easy bot``, ``Easy bot 2``…"""
        name = kits.bot_name(game, level)
        return [name if i == 0 else f"{name} {i + 1}" for i in range(count)]

    def _first_paint(self) -> None:
        if not self._shut:
            self.bridge.start()

    def _can_start(self) -> bool:
        if self.link is not None or self._shut:
            return False
        self.bridge.start()
        return True

    def _new_link(self) -> TableLink:
        self.start.save()
        link = self.bridge.link(self.start.player_name())
        for signal, slot in self._slots(link):
            signal.connect(slot)
        link.closed.connect(self.refresh_resume)
        self.link = link
        self.controller = None
        self.table = None
        self.invite = None
        self.hosted = False
        self.listed = None
        self.start.set_resumable(False)
        return link

    def _slots(self, link: TableLink) -> list[tuple[Any, Any]]:
        return [
            (link.statusChanged, self._status),
            (link.started, self._started),
            (link.viewed, self._viewed),
            (link.failed, self._failed),
            (link.finished, self._finished),
        ]

    def _end_link(self) -> None:
        link, self.link = self.link, None
        self.controller = None
        self.table = None
        self.invite = None
        if link is not None:
            for signal, slot in self._slots(link):
                signal.disconnect(slot)
            link.close()

    def refresh_resume(self) -> None:
        """Offer "Resume" for the profile's interrupted games — network games and games against
        bots on this computer, each named by its game and opponents (not while a network game
        runs)."""
        found = []
        for path in unfinished(self.profile.folder / "journal"):
            try:
                found.append((path, self.describe(describe_journal(path))))
            except JournalError:
                continue
        self.start.offer_resume(found, self.link is None)

    def describe(self, info: dict[str, Any]) -> str:
        """An interrupted game in words (:func:`~goldnet.net.journal.describe_journal`'s
        ``info``): its game, the other players, when it was last played."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info["modified"]))
        names, seat, game = info["names"], info["seat"], info["game"]
        if game in kits.names():  # a bot's name in the player's language, whatever it was signed in
            names = kits.seat_names(game, names)
        others = [n for s, n in enumerate(names) if s != seat]
        if not others:  # the table is not known: where it was
            where = kits.title(game) if info["local"] else info["invite"]
            return texts.arg(self.tr("Your game at %1, last played %2"), where, when)
        what = kits.title(game)
        if game in kits.names() and info["options"]:  # the board, say: "(Board 5)"
            options = zip(kits.info(game).options, info["options"], strict=False)
            kit = kits.get(game)
            what += " (" + ", ".join(kit.option_value(o.name, v) for o, v in options) + ")"
        return texts.arg(
            self.tr("%1 against %2, last played %3"), what, texts.name_list(others), when
        )

    def _hosting_text(self) -> str:
        invite = str(self.invite) if self.invite is not None else ""
        seats = int(self._hosting.get("seats") or 2)
        if seats > 2:
            text = self.tr(
                "Your table “%1” is open. Waiting for players to join — they can pick it "
                "from their list, or join with your invite code:\n%2"
            )
        else:
            text = self.tr(
                "Your table “%1” is open. Waiting for a player to join — they can pick it "
                "from their list, or join with your invite code:\n%2"
            )
        return texts.arg(text, self._hosting.get("table_name", ""), invite)

    # --- what the network says -----------------------------------------------------------------

    def _status(self, kind: str, value: Any) -> None:
        if kind == "rematch-hosting":  # the finished table's link hosts its rematch
            if self.controller is not None:
                self.controller.shutdown()  # the new game's views are the next controller's
            self.controller, self.table, self._hosting = None, None, {"opponent": None}
            self.spectating = False
        if kind in ("hosting", "rehosted"):
            self.hosted = True
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

    def _started(self, table: TableStart) -> None:
        if self.controller is None and (table.seat is not None or self.spectating):
            self.table = table

    def _viewed(self, view: View, trial: GameState | None) -> None:
        """The game's first view: the table opens (later views are the controller's)."""
        table, link = self.table, self.link
        if self.controller is not None or table is None or link is None:
            return
        if table.game not in kits.names():  # a game this program cannot show
            self._end_link()
            message = texts.cannot_show(kits.title(table.game))
            self.start.set_network_state("idle", message, "problem")
            return
        from .netgame import NetworkController  # imported when a game starts, not at launch

        colours = style.seat_colours(len(table.names), self.start.player_colour(), table.seat)
        controller = NetworkController(link, table, view, trial, colours, bot_delay=self.bot_delay)
        self.controller = controller
        self.table = None
        self.start.set_network_state("playing")
        self.gameStarted.emit(controller)

    def _failed(self, problem: Problem) -> None:
        if self.controller is not None:
            return  # the table shows it
        listed = self.listed
        self._end_link()
        text = texts.problem_text(problem)
        if listed is not None and problem.kind in ("unreachable", "wrong-key"):
            # Nobody there (or someone else): the table is gone, whatever the LAN still says.
            self.start.drop_table(listed.fingerprint)
            text += "\n" + self.tr("That table is no longer on your list.")
        self.start.set_network_state("idle", text, "problem")

    def _finished(self, outcome: Outcome) -> None:
        if self.controller is not None:
            return  # the table shows it
        self._end_link()
        self.start.set_network_state(
            "idle",
            texts.arg(self.tr("That game had already ended. Its record: %1"), outcome.record),
            "info",
        )
