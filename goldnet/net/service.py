"""The table service: one network table of the local player, for the command line and the
desktop client alike; no Qt here.

:class:`TableService` hosts a table (a relay in this process; the local player's seat played by
hand or by a bot, other seats by bots of this process or by players who join), joins one by
invite code as a member or a spectator, or resumes an interrupted game from the profile's
journal — through its relay, through one a member re-hosted (an invite code), or through a
relay this member re-hosts itself. Seats and options come from the game registry
(:mod:`goldnet.games`); nothing here names a game.

It runs on one asyncio loop and reports to a :class:`~.reports.Listener` whose methods run on
that loop and must not block: the desktop client posts each call to its GUI thread, the command
line prints. It holds no game state: what the local seat may know comes from its peer as
:class:`~goldnet.view.View` objects (a spectator's: the public view), with a clone of the peer's
own rules state only when a seat played by hand is on turn.

Invariants: at most one game per service, and one service per profile at a time (a second one,
in this process or another, gets :class:`~.errors.ProfileInUse`: two peers with one key would
take each other's seat); :meth:`close` is idempotent and leaves every journal of an unfinished
game closed (deleted when its game never started: nothing to resume); every problem reaches the
listener classified by :func:`~.reports.problem_of` when the caller runs a coroutine through
:meth:`guard`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from protocol.errors import LocalProtocolError

from .. import games
from ..engine import Claimer, GameState
from ..errors import GoldnetError
from ..profile import Profile, ProfileError
from ..view import View
from .client import NetPeer
from .connection import PROBE_TIMEOUT, probe
from .errors import NotResumable, ProfileInUse
from .hosting import (
    LOOPBACK,
    Announcement,
    bind_address,
    bots_of,
    game_prefix,
    lan_address,
    listen,
    plan_table,
    reach,
    rehost_finder,
    relay_from_journal,
    yield_to_lower_seat,
)
from .invite import Invite
from .journal import (
    JournalState,
    hold,
    journal_path,
    read_journal,
)
from .relay import MAX_PENDING, MAX_SPECTATORS, Relay
from .rematch import Plan, RematchWatch
from .rematch import watch as rematch_watch
from .reports import Listener, Outcome, TableStart, WaitReport, problem_of, wait_report

log = logging.getLogger("goldnet.net.service")

END_GRACE = 10.0
"""Seconds a hosted relay stays, once the game ended, for the others to receive the end (their
``close`` envelopes take up to the client's close grace) before it closes."""
CLOSE_WAIT = 5.0
"""Seconds :meth:`TableService.close` waits for its cancelled tasks to end."""
WATCH_PERIOD = 1.0
"""Seconds between two wait reports while nothing else happens (the countdown's pace)."""


class TableService:
    """One network table of the local player (see the module docstring).

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

    # --- hosting ------------------------------------------------------------------------------

    async def host(
        self,
        game: str,
        *,
        table_name: str = "",
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        seat: int = 0,
        plays: bool = True,
        bot: str = "",
        bots: Sequence[tuple[str, str]] = (),
        port: int | None = None,
        abandon_after: int | None = None,
        shadows: int | None = None,
        rematch: Plan | None = None,
    ) -> Outcome | None:
        """Host a table of ``game`` here and play it to its end.

        Args:
            table_name: shown on the LAN (default: "NAME's table").
            seats: how many (``None``: the fewest the game has).
            options: table options by name; a missing one (or ``None``) is drawn at random.
            seat: this player's seat when every seat is in this process (-1: drawn); with
                players on the network this player takes seat 0, which proposes the table.
            plays: ``False``: relay only — this process takes no seat and serves until closed.
            bot: a bot level that plays this player's seat (``""``: by hand, through views).
            bots: ``(level, name)`` of each bot of this process that takes a seat.
            port: the relay's port (``None``: the usual one, or any free one if it is taken).
            abandon_after: the table's abandonment time in seconds (``None``: the default).
            shadows: for a game whose cards the deck deals, ``k``, the shadow shuffles of
                every shuffle proof (20 to 64; ``None``: the protocol's default, 20).
            rematch: the seats of a rematch (:func:`.rematch.offer`; ``seats`` and ``bots``
                must be its): taken by their keys, in its order; its members are told the
                invite code through the finished table's relay, closed with this service.

        Returns:
            How the game ended; ``None`` for a relay only, once :meth:`close` was called.

        Raises:
            ValueError: an unknown game, option, seat count or bot level; ``shadows`` for a
                game without cards, or out of its range.
            CannotListen: the port cannot be had.
            NetError, JournalError: the game could not go on.
        """
        if rematch is not None:
            self._kept = rematch.relay  # closed with this service, whatever happens
        info = games.get(game)
        self._hold_profile()
        plan = plan_table(info, seats, options, shadows, plays, bot, [level for level, _ in bots])
        count, chosen, local_only = plan.seats, plan.options, plan.local_only
        identity = self.profile.identity
        bot_profiles = [self._bot_profile(level, i) for i, (level, _) in enumerate(bots)]
        others = [
            (p.identity.public, name[:40]) for p, (_, name) in zip(bot_profiles, bots, strict=True)
        ]
        members = plan.members((identity.public, self.name), others, seat)
        if rematch is not None:
            if {k for k, _ in members} - {k for k, _ in rematch.seats}:
                raise ValueError("a rematch seats this player and its bots")
            members = list(rematch.seats)
        table_name = (table_name or f"{self.name}'s table")[:60]
        relay = Relay(
            identity,
            table_name=table_name,
            game=game,
            seats=count,
            members=members,
            max_spectators=self.max_spectators,
            max_pending=self.max_pending,
        )
        bind = bind_address(self.interfaces, local_only)
        listening = await listen(relay, bind, port)
        self.relay = relay
        address = LOOPBACK if local_only else lan_address(self.interfaces)
        self.invite = Invite(address, listening, identity.fingerprint)
        self.listener.on_status("hosting", self.invite)
        if rematch is not None:
            rematch.announce(identity, self.invite)
        if not local_only:
            self._spawn(self._announce(relay, table_name, address, listening))
        here = Invite(reach(bind), listening, identity.fingerprint)
        for bot_profile, (level, name) in zip(bot_profiles, bots, strict=True):
            bot_peer = NetPeer(
                bot_profile.identity,
                here,
                name=name[:40],
                folder=bot_profile.folder,
                bot_level=level,
                options=chosen,
                game=game,
                abandon_after=abandon_after,
            )
            bot_peer.shadows = shadows
            bot_peer.open_journal(journal_path(bot_profile.folder, table_name), level)
            self.start_bot(bot_peer)
        if not plays:
            await self.closing.wait()
            return None
        peer = self._new_peer(here, bot_level=bot, options=chosen, game=game)
        peer.abandon_after = abandon_after
        peer.shadows = shadows
        peer.open_journal(journal_path(self.profile.folder, table_name), bot)
        assert peer.journal is not None
        peer.journal.bind(bind)  # a resume listens there again
        return await self._play(peer)

    def _bot_profile(self, level: str, index: int) -> Profile:
        """The profile of the ``index``-th bot of this process (its own key, journal, record)."""
        folder = self.profile.folder / "bots" / (level if index == 0 else f"{level}-{index + 1}")
        return Profile(folder)

    async def _announce(
        self, relay: Relay, name: str, address: str, port: int, gid: str = ""
    ) -> None:
        announcement = Announcement(self.interfaces)
        self._announcement = announcement
        announced = await announcement.start(relay, name, address, port, gid)
        self.listener.on_status("announced", announced)

    def start_bot(self, bot_peer: NetPeer) -> asyncio.Task[Any]:
        """Play ``bot_peer`` (a bot of this process) at the table until its game ends."""
        if bot_peer not in self.bots:
            self.bots.append(bot_peer)
        task = self._spawn(self._run_bot(bot_peer))
        self.bot_tasks.append(task)
        return task

    async def _run_bot(self, bot_peer: NetPeer) -> None:
        try:
            await bot_peer.run()
        except GoldnetError as exc:
            log.warning("a bot of this table stopped: %s", exc)

    # --- joining, resuming --------------------------------------------------------------------

    async def join(
        self,
        invite: Invite,
        *,
        spectate: bool = False,
        bot: str = "",
        rematch: tuple[str, tuple[Any, ...], tuple[bytes, ...]] | None = None,
    ) -> Outcome:
        """Join the table of ``invite`` and play (or watch) it to its end.

        Args:
            spectate: watch read-only, verifying every envelope (no seat, no journal).
            bot: a bot level that plays this player's seat (``""``: by hand, through views).
            rematch: a rematch this member accepted: the finished table's game, options and
                members — the new one must be of them (else NetError, before any move).

        Raises:
            OSError, TimeoutError: nothing answers at that address (checked at once).
            PinError: something else answers there.
            NetError, JournalError: the game could not go on.
        """
        self._hold_profile()
        self.invite = invite
        self.listener.on_status("connecting", invite)
        await probe(invite, self.probe_timeout)
        # The options are drawn only if this peer gets seat 0 (first at a standalone relay).
        role = "spectator" if spectate else "player"
        peer = self._new_peer(invite, bot_level=bot, role=role)
        if rematch is not None:
            peer.game, peer.options, peer.rematch_of = rematch
        if not spectate:
            peer.open_journal(journal_path(self.profile.folder, invite.host), bot)
        return await self._play(peer)

    async def resume(
        self,
        path: Path,
        *,
        by_hand: bool = False,
        rehost: bool = False,
        invite: Invite | None = None,
        port: int | None = None,
    ) -> Outcome:
        """Go on with the interrupted game of journal ``path``: through its relay; through the
        relay of ``invite`` (a member re-hosted the table); or, with ``rehost``, through a relay
        of this member's, announced on the LAN with the game id. The host of a table reopens
        its own relay where it was (same port, same address), with the bots of this process
        that played at it.

        Args:
            by_hand: this player plays the seat (the journal's bot does not).
            port: the re-hosted relay's port (``None``: the table's own for its host, else any).

        Raises:
            NotResumable: a re-host of a game not started, by a spectator, or an invite code
                without the game id for a game that started.
            JournalError, CannotListen, NetError: the game could not go on.
        """
        self._hold_profile()
        state = read_journal(path)
        level = "" if by_hand else str(state.meta[5] or "")
        peer = NetPeer.from_journal(
            self.profile.identity, state, self.profile.folder, None, bot_level=level
        )
        self.invite = peer.invite
        self.listener.on_status("resuming", (path, peer.received))
        if peer.outcome is not None:  # it had ended: nothing to connect for
            self.peer = peer
            self._show_start(peer)
            self.outcome = peer.outcome
            self.listener.on_finished(peer.outcome)
            return peer.outcome
        try:
            table = peer.machine.table
            if invite is not None:
                if table is not None and not invite.game:
                    raise NotResumable("a re-hosted table's invite code ends with its game id")
                peer.switch_relay(invite)
            hosted = peer.invite.fingerprint == self.profile.identity.fingerprint
            if (rehost or hosted) and peer.role != "player":
                raise NotResumable("only a player of the game can re-host it")
            if (rehost or hosted) and table is None:
                raise NotResumable("only a game that has started can be re-hosted")
            if rehost or hosted:
                await self._reopen(peer, state, rehost, port)
        except BaseException:
            if peer.journal is not None:
                peer.journal.close()
            raise
        return await self._play(peer)

    async def _reopen(
        self, peer: NetPeer, state: JournalState, rehost: bool, port: int | None
    ) -> None:
        """A relay of this member's for ``peer``'s table, from its journal — the host's again
        where it was (``rehost`` False), or a new one (any free port unless ``port`` is given);
        the bots of this process that played at it come back from their journals."""
        table = peer.machine.table
        assert table is not None
        identity = self.profile.identity
        helpers = bots_of(self.profile.folder, table.game_id)
        local_only = all(k == identity.public or k in helpers for k in table.members)
        bind = bind_address(self.interfaces, local_only)
        if not rehost:
            bind, port = state.bind or bind, port or peer.invite.port
        relay = relay_from_journal(identity, peer, state)
        listening = await listen(relay, bind, port or 0)
        self.relay = relay
        if peer.journal is not None:
            peer.journal.bind(bind)  # a later resume listens there again
        game = game_prefix(peer)
        address = LOOPBACK if local_only else lan_address(self.interfaces)
        self.invite = Invite(address, listening, identity.fingerprint, game)
        self.listener.on_status("rehosted", (self.invite, f"{bind}:{listening}"))
        if not local_only:
            self._spawn(self._announce(relay, relay.table_name, address, listening, game))
            self._spawn(yield_to_lower_seat(peer, relay, self.interfaces))
        here = Invite(reach(bind), listening, identity.fingerprint, game)
        peer.switch_relay(here)
        for bot_profile, bot_state in helpers.values():
            level = str(bot_state.meta[5] or bot_profile.folder.name.split("-")[0])
            bot_peer = NetPeer.from_journal(
                bot_profile.identity, bot_state, bot_profile.folder, None, bot_level=level
            )
            if bot_peer.outcome is None:
                bot_peer.switch_relay(here)
                self.start_bot(bot_peer)

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
