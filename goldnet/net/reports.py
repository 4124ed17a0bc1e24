"""What a network game tells the GUI (through :class:`Listener`); no Qt here.

- :class:`TableStart` — the table of a game that started.
- :class:`Step` — a snapshot of the rules state after each lockstep event, for the GUI to show
  and animate.
- :class:`WaitReport` — what the game waits for and who is connected, with the time left
  before the game may be adjudicated abandoned: for the screen, never evidence.
- :class:`Problem` — anything that stops or refuses the game, classified (``kind``) so that
  the GUI can say it in plain words; never a traceback.

A game's end comes as the client's :class:`~goldnet.net.client.Outcome` (``ending``: over,
abandoned or halted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from protocol.events import Waiting
from protocol.messages import DEFAULT_ABANDON_AFTER

from ..engine import Event, GameState, Terminal
from .client import NetPeer, Outcome
from .invite import Invite


@dataclass(frozen=True)
class TableStart:
    """A game that started: the table's game, options, names in seat order, this player's seat
    (``None`` for a spectator), where the relay is, the members' keys in seat order and the
    table's abandonment time (seconds without progress)."""

    game: str
    options: tuple[Any, ...]
    names: tuple[str, ...]
    seat: int | None
    invite: Invite
    members: tuple[bytes, ...] = ()
    abandon_after: int = DEFAULT_ABANDON_AFTER

    @property
    def board(self) -> int:
        return int(self.options[0])

    def seat_of(self, key: bytes | None) -> int | None:
        """The seat of member ``key`` (``None``: not a member, or no key)."""
        return self.members.index(key) if key is not None and key in self.members else None


@dataclass(frozen=True)
class Step:
    """One step of a network game, as the GUI shows it.

    ``kind``: ``"started"`` (``table`` set; the position to start from, perhaps mid-game when
    resuming), ``"drawn"`` (the tiles were thrown), ``"applied"`` (``seat`` played ``action``
    on a roll of ``roll``), ``"over"`` (``result`` set). ``state`` is a snapshot (a clone, the
    GUI's to keep) of the position after the step; ``events`` are the rules' events of it.
    """

    kind: str
    state: GameState
    events: tuple[Event, ...] = ()
    seat: int | None = None
    action: tuple[Any, ...] | None = None
    roll: int | None = None
    result: Terminal | None = None
    table: TableStart | None = None


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


def wait_report(peer: NetPeer, progress_at: int) -> WaitReport:
    """The report of ``peer``'s game now; ``progress_at`` is the peer's loop clock (ms) at the
    game's last progress. Reads the peer only: call it on the loop."""
    table = peer.machine.table
    members = table.members if table is not None else ()
    abandon_after = table.abandon_after if table is not None else DEFAULT_ABANDON_AFTER
    online = peer.connected
    connected = tuple(peer.presence.get(key) if online else None for key in members)
    idle = max(0, peer.loop_clock.now - progress_at) // 1000
    return WaitReport(peer.waiting(), connected, online, idle, max(0, abandon_after - idle))


@dataclass(frozen=True)
class Problem:
    """Why a game could not start or go on; the GUI words it (``kind`` says which case).

    Kinds: ``unreachable`` (no connection to ``host:port``), ``wrong-key`` (something else
    answers there), ``refused`` (the relay said no: ``detail``), ``lost`` (the connection was
    lost and could not be restored), ``port`` (cannot listen on ``port``), ``journal`` (the
    interrupted game cannot be read), ``profile``, ``play`` (the move was refused: ``detail``),
    ``failed`` (anything else: ``detail``). A game that ends — over, abandoned, or halted on
    a member's proven fault — is no problem: it comes as an ``Outcome``.
    """

    kind: str
    host: str = ""
    port: int = 0
    detail: str = ""


class Listener(Protocol):
    """Callbacks of a :class:`~goldnet.net.bridge.GameSession`, called in the loop thread (must
    not block)."""

    def on_status(self, kind: str, value: Any) -> None:
        """``("hosting", Invite)`` the relay listens; ``("announced", bool)`` the LAN
        announcement started or failed; ``("connecting", Invite)``; ``("seated", Invite)``
        connected, waiting for the game to start."""

    def on_step(self, step: Step) -> None: ...

    def on_turn(self, seat: int) -> None: ...

    def on_wait(self, report: WaitReport) -> None:
        """After every lockstep event and presence notice, and once a second while the game
        runs (only when the report changed)."""

    def on_finished(self, outcome: Outcome) -> None: ...

    def on_problem(self, problem: Problem) -> None: ...
