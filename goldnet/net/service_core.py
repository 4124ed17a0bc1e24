"""The running half of the table service: what a :class:`~.service.TableService` does once it
has a peer — hold the profile, play that peer's game to its end while telling the listener what
happens, run the service's tasks, and close. No Qt here; nothing here names a game.

:class:`ServiceCore` is the base of :class:`~.service.TableService` (which hosts, joins or
resumes a table and hands the peer to :meth:`ServiceCore._play`); it holds every piece of the
service's state. It runs on one asyncio loop and reports to a :class:`~.reports.Listener` whose
methods run on that loop and must not block. It holds no game state: what the local seat may
know comes from its peer as :class:`~goldnet.view.View` objects (a spectator's: the public
view), with a clone of the peer's own rules state only when a seat played by hand is on turn.

Invariants: at most one game per service, and one service per profile at a time (a second one,
in this process or another, gets :class:`~.errors.ProfileInUse`: two peers with one key would
take each other's seat); the listener hears ``on_started`` once, before any view, and a wait
report only when it changed; :meth:`ServiceCore.close` is idempotent, bounded in time
(:data:`END_GRACE`, :data:`CLOSE_WAIT`) and leaves every journal of an unfinished game closed
(deleted when its game never started: nothing to resume); every problem reaches the listener
classified by :func:`~.reports.problem_of` when the caller runs a coroutine through
:meth:`ServiceCore.guard`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any, BinaryIO

from protocol.errors import LocalProtocolError

from ..engine import Claimer, GameState
from ..errors import GoldnetError
from ..profile import Profile, ProfileError
from ..view import View
from .client import NetPeer
from .connection import PROBE_TIMEOUT
from .errors import ProfileInUse
from .hosting import Announcement, rehost_finder
from .invite import Invite
from .journal import hold
from .relay import MAX_PENDING, MAX_SPECTATORS, Relay
from .rematch import RematchWatch
from .rematch import watch as rematch_watch
from .reports import Listener, Outcome, TableStart, WaitReport, problem_of, wait_report

log = logging.getLogger("goldnet.net.service")


END_GRACE = 10.0
"""Seconds a hosted relay stays, once the game ended, for the others to receive the end (their
``close`` envelopes take up to the client's close grace) before it closes."""
CLOSE_WAIT = 5.0
"""Seconds :meth:`ServiceCore.close` waits for its cancelled tasks to end."""
WATCH_PERIOD = 1.0
"""Seconds between two wait reports while nothing else happens (the countdown's pace)."""


class ServiceCore:
    """The state and the running of one network table of the local player (see the module
    docstring); :class:`~.service.TableService` adds how a table is entered.

    Args:
        profile: the player's profile (identity, journals, records; bots of this process keep
            theirs under ``bots/``).
        listener: told what happens (on the loop).
        name: the player's display name at the table (at most 40 characters are used).
        interfaces: mDNS interfaces (``None``: every IPv4 interface).
        probe_timeout: seconds the first connection to a joined table may take.
        max_spectators, max_pending: caps of a hosted relay.
        claimer_for: makes the claimer of the local seat when a person plays it, for the
            table's game (:attr:`goldnet.net.peer.TablePeer.claimer_for`; ``None``: no claims).
    """

    def __init__(
        self,
        profile: Profile,
        listener: Listener,
        name: str,
        *,
        interfaces: list[str] | None = None,
        probe_timeout: float = PROBE_TIMEOUT,
        max_spectators: int = MAX_SPECTATORS,
        max_pending: int = MAX_PENDING,
        claimer_for: Callable[[str], Claimer | None] | None = None,
    ) -> None:
        self.profile = profile
        self.claimer_for = claimer_for
        self.listener = listener
        self.name = name[:40] or "goldnet"
        self.interfaces = interfaces
        self.probe_timeout = probe_timeout
        self.max_spectators = max_spectators
        self.max_pending = max_pending
        self.invite: Invite | None = None
        """Where the game's relay is (a hosted table: the invite code to give others)."""
        self.peer: NetPeer | None = None
        """The local player's peer (a spectator's when watching)."""
        self.bots: list[NetPeer] = []
        """The peers of the bots of this process that hold seats at a hosted table."""
        self.bot_tasks: list[asyncio.Task[Any]] = []
        """The tasks playing them (cancelling one takes that bot away from the table)."""
        self.relay: Relay | None = None
        self.outcome: Outcome | None = None
        self._announcement: Announcement | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self.closing = asyncio.Event()
        """Set once :meth:`close` was called."""
        self._started = False
        self._reported: WaitReport | None = None
        self._held: BinaryIO | None = None
        self._kept: Relay | None = None
        """A finished table's relay kept open for a rematch's note, closed with this service."""
        self.watch: RematchWatch | None = None
        """A member's watch of its finished table's relay for a rematch offer."""

    def _hold_profile(self) -> None:
        """Hold this profile's key for this service (released by :meth:`close`).

        Raises:
            ProfileInUse: another service holds it.
            ProfileError: the lock file cannot be written (a read-only profile folder...).
        """
        if self._held is not None:
            return
        self.profile.identity  # noqa: B018 - creates the profile (and its key) if needed
        lock = self.profile.folder / "network.lock"
        try:
            self._held = hold(lock)
        except BlockingIOError:  # the lock is held
            raise ProfileInUse(
                f"the profile {self.profile.folder} is in use by another goldnet process (a "
                "network game): a second player on this computer needs a profile of its own "
                "(--profile DIR)"
            ) from None
        except OSError as exc:  # a read-only or full disk, no permission
            raise ProfileError(f"cannot write {lock}: {exc.strerror}") from None

    # --- playing ------------------------------------------------------------------------------

    def _new_peer(
        self,
        invite: Invite,
        *,
        bot_level: str = "",
        role: str = "player",
        options: tuple[Any, ...] | None = None,
        game: str = "",
    ) -> NetPeer:
        return NetPeer(
            self.profile.identity,
            invite,
            name=self.name,
            folder=self.profile.folder,
            bot_level=bot_level,
            role=role,
            options=options,
            game=game,
        )

    async def _play(self, peer: NetPeer) -> Outcome:
        self.peer = peer
        peer.on_view = self._on_view
        peer.claimer_for = self.claimer_for
        peer.on_presence = lambda _key, _connected: self._report()
        if peer.find_relay is None:
            peer.find_relay = rehost_finder(peer, self.interfaces)
        self._show_start(peer)
        self.listener.on_status("seated", peer.invite)
        watch = self._spawn(self._watch(peer))
        try:
            self.outcome = await peer.run()
        finally:
            watch.cancel()
            if self.outcome is None:
                _drop_journal(peer)
        self._report()
        self.listener.on_finished(self.outcome)
        if self.outcome.ending == "over":
            self.watch = rematch_watch(self, peer)
            if self.watch is not None:
                self._spawn(self.watch.run())
        return self.outcome

    def answer_rematch(self, accepted: bool) -> bool:
        """This member's answer to the host's rematch offer (on the loop); False: no offer."""
        return self.watch is not None and self.watch.answer(accepted)

    def _show_start(self, peer: NetPeer) -> None:
        """A resumed game that already runs: started, and a first view from where it stands."""
        if peer.machine.table is None or peer.machine.engine is None:
            return
        self._started = True
        self.listener.on_started(self._table_start(peer))
        peer.show()
        self._report()

    def _on_view(self, view: View, trial: GameState | None) -> None:
        peer = self.peer
        if peer is None or self._closed:
            return
        if not self._started:
            self._started = True
            self.listener.on_started(self._table_start(peer))
        self.listener.on_view(view, trial)
        # A view is told while the peer still works on what it received (its journal, the
        # game's end): what the game waits for is reported once that is done.
        asyncio.get_running_loop().call_soon(self._report)

    def _table_start(self, peer: NetPeer) -> TableStart:
        table = peer.machine.table
        assert table is not None
        levels = {p.identity.public: p.bot_level for p in [*self.bots, peer] if p.bot_level}
        return TableStart(
            table.game,
            table.options,
            table.names,
            peer.machine.seat_of(peer.identity.public),
            peer.invite,
            table.members,
            table.abandon_after,
            tuple(peer.past),
            tuple(levels.get(key, "") for key in table.members),
        )

    async def _watch(self, peer: NetPeer) -> None:
        """Once a second while the game runs: the report again (the time left counts down)."""
        while peer.outcome is None and not self._closed:
            await asyncio.sleep(WATCH_PERIOD)
            self._report()

    def _report(self) -> None:
        """Tell the listener what the game waits for now, if that changed."""
        peer = self.peer
        if peer is None or peer.machine.table is None or self._closed:
            return
        report = wait_report(peer)
        if report != self._reported:
            self._reported = report
            self.listener.on_wait(report)

    def play(self, action: tuple[Any, ...]) -> bool:
        """The local player's move, on the loop (the answer to a view on turn); a refusal is
        reported as a ``play`` problem. Returns whether the move was sent."""
        peer = self.peer
        if peer is None or self._closed:
            return False
        try:
            peer.play(tuple(action))
        except (LocalProtocolError, GoldnetError) as exc:
            self.listener.on_problem(problem_of(exc, self.invite))
            return False
        return True

    # --- running, ending ----------------------------------------------------------------------

    async def guard(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` (a :meth:`host`, :meth:`join` or :meth:`resume`), reporting what stops
        it to the listener as a :class:`~.reports.Problem` instead of raising (the desktop
        client's way; the command line awaits them and prints the error)."""
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await coro
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if self._closed:
                return
            problem = problem_of(exc, self.invite)
            if problem.kind == "failed":
                log.exception("network game failed")
            self.listener.on_problem(problem)
        finally:
            if task is not None:
                self._tasks.discard(task)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        """Stop everything of this table: peers, bots, announcement, relay (idempotent).

        A finished hosted game's relay first waits up to :data:`END_GRACE` seconds for the
        others to receive the end and disconnect.
        """
        if self._closed:
            return
        self._closed = True
        self.closing.set()
        loop = asyncio.get_running_loop()
        relay = self.relay
        if relay is not None and self.outcome is not None:
            deadline = loop.time() + END_GRACE
            while relay.connected > 0 and loop.time() < deadline:
                await asyncio.sleep(0.05)
        current = asyncio.current_task()
        tasks = [t for t in self._tasks if t is not current]
        for task in tasks:
            task.cancel()
        if tasks:  # bounded: a library's task (zeroconf's) may be slow to unwind
            await asyncio.wait(tasks, timeout=CLOSE_WAIT)
        for peer in (self.peer, *self.bots):
            if peer is not None and peer.outcome is None:
                _drop_journal(peer)
        if self._announcement is not None:
            await self._announcement.close()
        if self.watch is not None:
            await self.watch.stop()
        for kept in (relay, self._kept):
            if kept is not None:
                await kept.close()
        if self._held is not None:
            self._held.close()
            self._held = None


def _drop_journal(peer: NetPeer) -> None:
    """Close the journal of a game that did not finish; delete it if the game never started
    (there is nothing to resume)."""
    journal = peer.journal
    if journal is None:
        return
    journal.close()
    if peer.machine.table is None:
        with contextlib.suppress(OSError):
            journal.path.unlink()
