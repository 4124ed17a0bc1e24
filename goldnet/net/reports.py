"""What a table service tells whoever drives it — the desktop client or the command line —
through a :class:`Listener`; no Qt here.

- :class:`TableStart` — the table of a game that started (or was resumed).
- :class:`~goldnet.view.View` — after each step, what the local seat may know (a spectator:
  the public view); never a game state.
- :class:`WaitReport` — what the game waits for and who is connected, with the time left
  before the game may be adjudicated abandoned: for the screen, never evidence.
- :class:`Outcome` — how the game ended (over, abandoned or halted).
- :class:`Problem` — anything that stops or refuses the game, classified by the exception's
  class (:func:`problem_of`, never by its words) so that the GUI can say it in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from protocol.errors import LocalProtocolError
from protocol.events import Waiting
from protocol.messages import DEFAULT_ABANDON_AFTER

from ..engine import GameState, Terminal
from ..profile import ProfileError
from ..view import View
from .errors import (
    BotFailed,
    CannotListen,
    NetError,
    NotResumable,
    PinError,
    ProfileInUse,
    Refused,
    RelayLost,
)
from .invite import Invite
from .journal import JournalError

if TYPE_CHECKING:
    from .client import NetPeer

ENDINGS = ("over", "abandoned", "halted")


@dataclass(frozen=True)
class Outcome:
    """How a network game ended.

    ``ending``: ``"over"`` (``result`` holds the scores), ``"abandoned"`` (no result; seat
    ``by`` adjudicated it after the table's abandonment time) or ``"halted"`` (``culprit`` is
    the member proven at fault and ``reason`` says what it signed; the record holds the proof).
    """

    result: Terminal | None
    record: Path
    turns: int
    names: tuple[str, ...]
    options: tuple[Any, ...]
    ending: str = "over"
    reason: str = ""
    culprit: bytes | None = None
    by: int | None = None


@dataclass(frozen=True)
class TableStart:
    """A game that started: the table's game, options, names in seat order, this player's seat
    (``None`` for a spectator), where the relay is, the members' keys in seat order, the
    table's abandonment time (seconds without progress), for a game resumed from its journal,
    this seat's views of the steps played before (the game's start first: the turn log's
    earlier turns) and, per seat, the level of the bot of this process that plays it (``""``:
    a seat played by a person, or by another process — this one cannot tell). A bot's level
    is what this process knows of its own bots, never something a member signed."""

    game: str
    options: tuple[Any, ...]
    names: tuple[str, ...]
    seat: int | None
    invite: Invite
    members: tuple[bytes, ...] = ()
    abandon_after: int = DEFAULT_ABANDON_AFTER
    past: tuple[View, ...] = ()
    bots: tuple[str, ...] = ()

    def seat_of(self, key: bytes | None) -> int | None:
        """The seat of member ``key`` (``None``: not a member, or no key)."""
        return self.members.index(key) if key is not None and key in self.members else None


@dataclass(frozen=True)
class WaitReport:
    """What a running network game waits for and who is connected (for the screen only).

    Attributes:
        waiting: the lockstep machine's :class:`~protocol.events.Waiting` (``kind``, ``seats``,
            ``draw``); ``None`` once the game has ended.
        connected: per seat, the relay's last word on that member's connection (``None``: not
            known — not told yet, or this peer is not connected itself).
        online: this peer holds a connection to the relay.
        idle: game-clock seconds since the game last progressed (it started, a draw, an
            action).
        left: seconds before a member may adjudicate the game abandoned: the table's
            abandonment time minus ``idle``, never below 0.
    """

    waiting: Waiting | None
    connected: tuple[bool | None, ...]
    online: bool
    idle: int
    left: int


def wait_report(peer: NetPeer) -> WaitReport:
    """The report of ``peer``'s game now, counted from its last progress on its loop clock.
    Reads the peer only: call it on the loop."""
    table = peer.machine.table
    members = table.members if table is not None else ()
    abandon_after = table.abandon_after if table is not None else DEFAULT_ABANDON_AFTER
    online = peer.connected
    connected = tuple(peer.presence.get(key) if online else None for key in members)
    idle = max(0, peer.loop_clock.now - peer.progress_at) // 1000
    return WaitReport(peer.waiting(), connected, online, idle, max(0, abandon_after - idle))


@dataclass(frozen=True)
class Problem:
    """Why a game could not start or go on; the GUI words it (``kind`` says which case).

    Kinds: ``unreachable`` (no connection to ``host:port``), ``wrong-key`` (something else
    answers there), ``refused`` (the relay said no: ``detail``), ``lost`` (the connection was
    lost and could not be restored), ``port`` (cannot listen on ``port``), ``discovery`` (LAN
    discovery could not start), ``journal`` (the interrupted game cannot be read or goes on no
    more), ``profile``, ``play`` (the move was refused: ``detail``), ``failed`` (anything
    else: ``detail``). A game that ends — over, abandoned, or halted on a member's proven
    fault — is no problem: it comes as an :class:`Outcome`.
    """

    kind: str
    host: str = ""
    port: int = 0
    detail: str = ""


def problem_of(exc: BaseException, invite: Invite | None = None) -> Problem:
    """Classify an exception of the table service by its class (never by its message)."""
    from .discovery import DiscoveryError

    host, port = (invite.host, invite.port) if invite is not None else ("", 0)
    text = str(exc)
    if isinstance(exc, PinError):
        return Problem("wrong-key", host, port, text)
    if isinstance(exc, Refused):
        return Problem("refused", host, port, exc.reason)
    if isinstance(exc, RelayLost):
        return Problem("lost", host, port, text)
    if isinstance(exc, CannotListen):
        return Problem("port", host, port, text)
    if isinstance(exc, DiscoveryError):
        return Problem("discovery", detail=text)
    if isinstance(exc, NotResumable):
        return Problem("journal", detail=text)
    if isinstance(exc, ProfileInUse):
        return Problem("profile", detail=text)
    if isinstance(exc, NetError):
        return Problem("failed", host, port, text)
    if isinstance(exc, (ConnectionError, OSError, TimeoutError, EOFError)):
        return Problem("unreachable", host, port, text or type(exc).__name__)
    if isinstance(exc, JournalError):
        return Problem("journal", detail=text)
    if isinstance(exc, ProfileError):
        return Problem("profile", detail=text)
    if isinstance(exc, LocalProtocolError):
        return Problem("play", detail=text)
    if isinstance(exc, BotFailed):  # its one line says which bot and how: no class name
        return Problem("failed", host, port, text)
    return Problem("failed", host, port, f"{type(exc).__name__}: {text}")


class Listener(Protocol):
    """What a :class:`~goldnet.net.service.TableService` tells, called in its event loop's
    thread (must not block: the desktop client posts each call to the GUI thread)."""

    def on_status(self, kind: str, value: Any) -> None:
        """``("hosting", Invite)`` the relay listens (the invite code to give others);
        ``("announced", bool)`` the LAN announcement started or failed; ``("connecting",
        Invite)``; ``("seated", Invite)`` connected, waiting for the game to start;
        ``("resuming", Path)`` a journal was read; ``("rehosted", Invite)`` this member's
        relay for the table listens."""

    def on_started(self, table: TableStart) -> None:
        """The game started, or a resumed game stands where it was: views follow."""

    def on_view(self, view: View, trial: GameState | None) -> None:
        """What the local seat may know after a step (the first one right after
        ``on_started``). ``trial`` is given only with a view on turn of a seat played by hand:
        a clone of this peer's own rules state (which holds this seat's knowledge only), for
        trying a move before it is confirmed; the answer is :meth:`TableService.play`."""

    def on_wait(self, report: WaitReport) -> None:
        """After every step and presence notice, and once a second while the game runs (only
        when the report changed)."""

    def on_finished(self, outcome: Outcome) -> None:
        """The game ended; its record is saved."""

    def on_problem(self, problem: Problem) -> None:
        """The game could not start or go on, or a move was refused (``play``)."""
