"""Glue between a GUI thread and the asyncio network layer; no Qt here.

The desktop client runs asyncio in **one long-lived thread** (:class:`~.loop.LoopThread`). The
GUI calls into it with ``LoopThread.submit`` / ``LoopThread.call`` and never waits; the loop
calls back through a :class:`~.reports.Listener` whose methods run **in the loop thread** and
must not block — the Qt side turns each call into a queued signal.

:class:`GameSession` is one network game of the local player: host a table (a relay in this
process, announced on the LAN, with an optional bot in this process as a second
:class:`~goldnet.net.client.NetPeer` of its own identity, joining by invite over loopback),
join one by invite code, or resume one from the profile's journal. It reports
(:mod:`.reports`):

- :class:`Step` — a snapshot of the rules state after each lockstep event (game started, tiles
  thrown, an action applied, game over) with the rules' events of that step, for the GUI to
  show and animate. The snapshots come from a *mirror* state kept in the loop thread and
  advanced one lockstep event at a time, so each one is exactly the position after its step
  (the machine's own engine may already be several events ahead when an event is handled).
- ``on_turn(seat)`` when the local player must act; the GUI answers with :meth:`GameSession.play`.
- :class:`WaitReport` — what the game waits for, who is connected and the time left before
  the game may be adjudicated abandoned: after every lockstep event and presence notice, and
  once a second (:data:`WATCH_PERIOD`) while the game runs, whenever it changed. The time
  left is counted here, on the peer's loop clock, from the last event that was progress.
- the game's end as an :class:`~goldnet.net.client.Outcome` (over, abandoned, halted);
- :class:`Problem` — anything that stops or refuses the game, classified by exception class
  (never by its message) so that the GUI can say it in plain words; never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.errors import LocalProtocolError
from protocol.events import Applied, Drawn, GameOver, GameStarted
from protocol.lockstep import Table

from ..engine import ChanceOf, Event, GameState, Terminal
from ..profile import Profile, ProfileError
from ..session import make_engine
from .client import NetError, NetPeer, Outcome, Refused, RelayLost
from .invite import Invite
from .journal import JournalError, JournalState, read_journal, unfinished
from .loop import LoopThread
from .relay import Relay
from .reports import Listener, Problem, Step, TableStart, WaitReport, wait_report
from .tls import PinError, check_pin, client_context

log = logging.getLogger("goldnet.net.bridge")

GAME = "mountains-rivers"
SEATS = 2
DEFAULT_PORT = 47001
PROBE_TIMEOUT = 6.0
"""Seconds the first connection to a table may take before it counts as unreachable."""
END_GRACE = 3.0
"""Seconds a hosting relay waits, when closed after the game, for the others to disconnect."""
WATCH_PERIOD = 1.0
"""Seconds between two wait reports while nothing else happens (the countdown's pace)."""


class CannotListen(NetError):
    """A hosted table's relay cannot listen on its port."""


# --- what the GUI is told ------------------------------------------------------------------


def problem_of(exc: BaseException, invite: Invite | None = None) -> Problem:
    """Classify an exception of the network layer by its class (never by its message)."""
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
    return Problem("failed", host, port, f"{type(exc).__name__}: {text}")


async def probe(invite: Invite, timeout: float = PROBE_TIMEOUT) -> None:
    """Connect once to the relay of ``invite`` and check its key, then hang up.

    A :class:`~goldnet.net.client.NetPeer` retries a lost relay for many seconds; the first
    connection of a join is checked here instead, so a wrong address is reported at once.

    Raises:
        OSError, TimeoutError: nothing answers at that address.
        PinError: something answers with another key.
    """
    _, writer = await asyncio.wait_for(
        asyncio.open_connection(invite.host, invite.port, ssl=client_context()), timeout
    )
    try:
        check_pin(writer.get_extra_info("ssl_object"), invite.fingerprint)
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer.wait_closed(), 1.0)


def lan_address(interfaces: list[str] | None) -> str:
    """The address others should connect to: the first mDNS interface, else a LAN address."""
    if interfaces:
        return interfaces[0]
    from .discovery import all_ipv4_addresses

    addresses = [a for a in all_ipv4_addresses() if not a.startswith("127.")]
    return addresses[0] if addresses else "127.0.0.1"


def journal_path(profile: Profile, label: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label)[:40]
    return profile.folder / "journal" / f"{safe}-{os.urandom(4).hex()}.journal"


def random_board() -> int:
    return 1 + int.from_bytes(os.urandom(2), "big") % 11


# --- one game ---------------------------------------------------------------------------------


@dataclass
class _Mirror:
    """The rules state advanced one lockstep event at a time (see the module docstring)."""

    state: GameState | None = None
    table: TableStart | None = None


class GameSession:
    """One network game of the local player (see the module docstring). Every method runs on
    the loop; the GUI calls them through :class:`LoopThread`.

    Args:
        profile: the player's profile (identity, journal, records).
        listener: told what happens (in the loop thread).
        name: the player's display name at the table.
        interfaces: mDNS interfaces (``None``: every IPv4 interface); when given, a hosted
            relay listens on the first one only.
        probe_timeout: seconds the first connection to a joined table may take.
    """

    def __init__(
        self,
        profile: Profile,
        listener: Listener,
        name: str,
        interfaces: list[str] | None = None,
        probe_timeout: float = PROBE_TIMEOUT,
    ) -> None:
        self.profile = profile
        self.listener = listener
        self.name = name[:40] or "goldnet"
        self.interfaces = interfaces
        self.probe_timeout = probe_timeout
        self.invite: Invite | None = None
        """Where the game's relay is (for a hosted table: the invite code to give others)."""
        self.peer: NetPeer | None = None
        self.bot_peer: NetPeer | None = None
        self.bot_task: asyncio.Task[Any] | None = None
        """The task playing ``bot_peer`` (cancelling it takes the bot away from the table)."""
        self.relay: Relay | None = None
        self.outcome: Outcome | None = None
        self._announcer: Any = None
        self._mirror = _Mirror()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self._progress_at = 0
        """The local peer's loop clock (ms) when its game last progressed."""
        self._reported: WaitReport | None = None

    # --- starting ---------------------------------------------------------------------------

    async def host(
        self,
        *,
        table_name: str,
        board: int = 0,
        opponent: str | None = None,
        opponent_name: str = "",
        seat: int = 0,
        port: int = DEFAULT_PORT,
        abandon_after: int | None = None,
    ) -> None:
        """Host a table: a relay in this process. ``opponent``: a bot level to fill the other
        seat in this process (``None``: a player on the network, announced on the LAN; the
        host then plays seat 0). ``board`` 0 is drawn at random; so is ``seat`` -1.
        ``abandon_after``: the table's abandonment time in seconds (``None``: the protocol's
        default), used if a peer of this process proposes the table."""
        board = board or random_board()
        await self._guard(
            self._host(table_name, board, opponent, opponent_name, seat, port, abandon_after)
        )

    async def join(self, invite: Invite) -> None:
        """Join the table of ``invite``."""
        await self._guard(self._join(invite), invite)

    async def resume(self, path: Path) -> None:
        """Go on with the interrupted game of journal ``path`` (this player plays its seat)."""
        await self._guard(self._resume(path))

    async def _guard(self, coro: Coroutine[Any, Any, None], invite: Invite | None = None) -> None:
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
            problem = problem_of(exc, invite or self.invite)
            if problem.kind == "failed":
                log.exception("network game failed")
            self.listener.on_problem(problem)
        finally:
            if task is not None:
                self._tasks.discard(task)

    def _new_peer(
        self, invite: Invite, *, options: tuple[Any, ...], abandon_after: int | None = None
    ) -> NetPeer:
        return NetPeer(
            self.profile.identity,
            invite,
            name=self.name,
            folder=self.profile.folder,
            options=options,
            abandon_after=abandon_after,
        )

    async def _host(
        self,
        table_name: str,
        board: int,
        opponent: str | None,
        opponent_name: str,
        seat: int,
        port: int,
        abandon_after: int | None,
    ) -> None:
        identity = self.profile.identity
        if opponent is None or seat not in (0, 1):
            seat = 0 if opponent is None else int.from_bytes(os.urandom(1), "big") % 2
        me = (identity.public, self.name)
        bot_profile = None
        members = [me]
        if opponent is not None:
            from ..games.mountains_rivers.bots import make_bot

            bot = make_bot(opponent, os.urandom(8).hex())  # ValueError: unknown level
            bot_profile = Profile(self.profile.folder / "bots" / opponent)
            bot_member = (bot_profile.identity.public, (opponent_name or f"{opponent} bot")[:40])
            members = [me, bot_member] if seat == 0 else [bot_member, me]
        relay = Relay(identity, table_name=table_name, game=GAME, seats=SEATS, members=members)
        # A bot game needs no one else: loopback only. Otherwise as `goldnet host` does.
        if opponent is not None:
            bind = "127.0.0.1"
        else:
            bind = self.interfaces[0] if self.interfaces else "0.0.0.0"
        try:
            listening = await relay.start(bind, port)
        except OSError as exc:
            if port == 0:
                raise CannotListen(f"cannot listen on {bind}: {exc.strerror}") from None
            listening = await relay.start(bind, 0)  # the usual port is taken: any free one
        self.relay = relay
        address = "127.0.0.1" if opponent is not None else lan_address(self.interfaces)
        self.invite = Invite(address, listening, identity.fingerprint)
        self.listener.on_status("hosting", self.invite)
        if opponent is None:
            self._spawn(self._announce(table_name, address, listening))
        local = Invite("127.0.0.1", listening, identity.fingerprint)
        peer = self._new_peer(local, options=(board,), abandon_after=abandon_after)
        peer.open_journal(journal_path(self.profile, table_name))
        if bot_profile is not None:
            assert opponent is not None
            bot_peer = NetPeer(
                bot_profile.identity,
                local,
                name=members[1 - seat][1],
                folder=bot_profile.folder,
                bot=bot,
                options=(board,),
                abandon_after=abandon_after,
            )
            bot_peer.open_journal(journal_path(bot_profile, table_name), opponent)
            self.bot_peer = bot_peer
            self.bot_task = self._spawn(self._run_bot(bot_peer))
        await self._play(peer)

    async def _announce(self, table_name: str, address: str, port: int) -> None:
        from .discovery import Announcer, DiscoveryError, TableInfo

        relay = self.relay
        assert relay is not None
        announcer = Announcer(self.interfaces)
        self._announcer = announcer
        info = TableInfo(
            table_name[:60], GAME, relay.free_seats, self.profile.identity.fingerprint,
            address, port,
        )  # fmt: skip
        try:
            await announcer.start(info)
        except (DiscoveryError, OSError, ValueError) as exc:
            log.warning("cannot announce the table: %s", exc)
            self.listener.on_status("announced", False)
            return
        self.listener.on_status("announced", True)

        def on_seats(members: list[tuple[bytes, str]]) -> None:
            free = SEATS - len(members)
            coro = announcer.withdraw() if free <= 0 else announcer.update(free)
            self._spawn(coro)

        relay.on_seats = on_seats
        if relay.free_seats <= 0:  # filled while the announcement started
            self._spawn(announcer.withdraw())

    async def _run_bot(self, bot_peer: NetPeer) -> None:
        try:
            await bot_peer.run()
        except NetError as exc:
            log.warning("the bot of this table stopped: %s", exc)

    async def _join(self, invite: Invite) -> None:
        self.invite = invite
        self.listener.on_status("connecting", invite)
        await probe(invite, self.probe_timeout)
        # The options count only if this peer gets seat 0 (first at a standalone relay).
        peer = self._new_peer(invite, options=(random_board(),))
        peer.open_journal(journal_path(self.profile, invite.host))
        await self._play(peer)

    async def _resume(self, path: Path) -> None:
        state = read_journal(path)
        peer = NetPeer.from_journal(self.profile.identity, state, self.profile.folder, None)
        self.invite = peer.invite
        if peer.outcome is not None:  # it had ended: nothing to connect for
            self.peer = peer
            self._started_from(peer)
            self.outcome = peer.outcome
            self.listener.on_finished(peer.outcome)
            return
        self.listener.on_status("connecting", peer.invite)
        try:
            if peer.invite.fingerprint == self.profile.identity.fingerprint:
                await self._reopen(peer, state)  # this player hosted the table
            await probe(peer.invite, self.probe_timeout)
        except BaseException:
            if peer.journal is not None:
                peer.journal.close()
            raise
        await self._play(peer)

    async def _reopen(self, peer: NetPeer, state: JournalState) -> None:
        """Resuming a table this player hosted: its relay again, on the same port, with the log
        as far as this player's journal has it; and the bot of this process, if it played the
        other seat, from its own journal."""
        table = peer.machine.table
        if table is None:
            raise JournalError(f"the journal {state.path} holds no started game")
        identity = self.profile.identity
        members = list(zip(table.members, table.names, strict=True))
        bots = {}
        for folder in sorted((self.profile.folder / "bots").glob("*")):
            bot_profile = Profile(folder)
            if (folder / "identity.key").exists():
                bots[bot_profile.identity.public] = bot_profile
        remote = any(key not in bots and key != identity.public for key, _ in members)
        bind = (self.interfaces[0] if self.interfaces else "0.0.0.0") if remote else "127.0.0.1"
        relay = Relay(
            identity,
            table_name=self.name,
            game=table.game,
            seats=len(members),
            log=[data for _, data in state.incoming],
            members=members,
        )
        try:
            await relay.start(bind, peer.invite.port)
        except OSError as exc:
            raise CannotListen(
                f"cannot listen on port {peer.invite.port}: {exc.strerror}"
            ) from None
        self.relay = relay
        for key, _ in members:
            player = bots.get(key)
            if player is None:
                continue
            from ..games.mountains_rivers.bots import make_bot

            for path in unfinished(player.folder / "journal"):
                bot_state = read_journal(path)
                if bot_state.meta[0] == state.meta[0]:  # the same table
                    level = bot_state.meta[5] or player.folder.name
                    bot = make_bot(level, os.urandom(8).hex())
                    bot_peer = NetPeer.from_journal(player.identity, bot_state, player.folder, bot)
                    self.bot_peer = bot_peer
                    self.bot_task = self._spawn(self._run_bot(bot_peer))
                    break

    # --- playing ----------------------------------------------------------------------------

    async def _play(self, peer: NetPeer) -> None:
        self.peer = peer
        peer.on_event = self._on_event
        peer.on_turn = self.listener.on_turn
        peer.on_presence = self._on_presence
        self._started_from(peer)
        self.listener.on_status("seated", peer.invite)
        watch = self._spawn(self._watch(peer))
        try:
            self.outcome = await peer.run()
        finally:
            watch.cancel()
            if self.outcome is None:
                self._drop_journal(peer)
        self._report()
        self.listener.on_finished(self.outcome)

    async def _watch(self, peer: NetPeer) -> None:
        """Once a second while the game runs: the report again (the time left counts down)."""
        while peer.outcome is None and not self._closed:
            await asyncio.sleep(WATCH_PERIOD)
            self._report()

    def _report(self) -> None:
        """Tell the listener what the game waits for now, if that changed (loop thread)."""
        peer = self.peer
        if peer is None or peer.machine.table is None or self._closed:
            return
        report = wait_report(peer, self._progress_at)
        if report != self._reported:
            self._reported = report
            self.listener.on_wait(report)

    def _on_presence(self, key: bytes, connected: bool) -> None:
        self._report()

    @staticmethod
    def _drop_journal(peer: NetPeer) -> None:
        """Close the journal of a game that did not finish; delete it if the game never
        started (there is nothing to resume)."""
        journal = peer.journal
        if journal is None:
            return
        journal.close()
        if peer.machine.table is None:
            with contextlib.suppress(OSError):
                journal.path.unlink()

    def _started_from(self, peer: NetPeer) -> None:
        """When a resumed peer's game already runs: a ``started`` step from where it stands."""
        machine = peer.machine
        if machine.table is None or machine.engine is None:
            return
        engine = machine.engine
        state: GameState = engine.state  # type: ignore[attr-defined]
        self._mirror.state = state.clone()
        self._mirror.table = self._table_start(machine.table, peer)
        self._progress_at = peer.loop_clock.now  # the machine counts from its restart too
        self._emit("started", table=self._mirror.table)
        if machine.finished:
            request = state.awaiting()
            if isinstance(request, Terminal):
                self._emit("over", result=request)
        self._report()

    def _table_start(self, table: Table, peer: NetPeer) -> TableStart:
        seat = peer.machine.seat_of(peer.identity.public)
        return TableStart(
            table.game,
            table.options,
            table.names,
            seat,
            peer.invite,
            table.members,
            table.abandon_after,
        )

    def _emit(self, kind: str, events: list[Event] | None = None, **fields: Any) -> None:
        state = self._mirror.state
        assert state is not None
        step = Step(kind, state.clone(), tuple(events or ()), **fields)
        self.listener.on_step(step)

    def _on_event(self, event: Any) -> None:
        """Each lockstep event of the local peer (loop thread): advance the mirror, report."""
        peer = self.peer
        if peer is not None and isinstance(event, (GameStarted, Drawn, Applied)):
            self._progress_at = peer.loop_clock.now  # what the machine counts as progress
        self._advance(event)
        self._report()

    def _advance(self, event: Any) -> None:
        mirror = self._mirror
        peer = self.peer
        if isinstance(event, GameStarted):
            table = event.table
            mirror.state = make_engine(table.game, table.options, len(table.members)).state
            assert peer is not None
            mirror.table = self._table_start(table, peer)
            self._emit("started", table=mirror.table)
        elif mirror.state is None:
            return
        elif isinstance(event, Drawn):
            request = mirror.state.awaiting()
            if not isinstance(request, ChanceOf):
                log.error("mirror out of step: a draw while %s is due", request)
                return
            events = mirror.state.apply_chance(request.outcomes[event.index][0])
            self._emit("drawn", events)
        elif isinstance(event, Applied):
            roll = getattr(mirror.state, "roll", None)
            events = mirror.state.apply(event.action)
            self._emit("applied", events, seat=event.seat, action=event.action, roll=roll)
        elif isinstance(event, GameOver):
            self._emit("over", result=event.result)

    def play(self, action: tuple[Any, ...]) -> None:
        """The local player's move (loop thread); a refusal is reported as ``play``."""
        peer = self.peer
        if peer is None or self._closed:
            return
        try:
            peer.play(tuple(action))
        except (LocalProtocolError, JournalError, NetError) as exc:
            self.listener.on_problem(problem_of(exc, self.invite))

    # --- ending -----------------------------------------------------------------------------

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        """Stop everything of this game: peers, bot, announcement, relay (idempotent).

        A finished hosted game's relay first waits up to :data:`END_GRACE` seconds for the
        others to receive the end and disconnect.
        """
        if self._closed:
            return
        self._closed = True
        current = asyncio.current_task()
        relay = self.relay
        if relay is not None and self.outcome is not None:
            deadline = asyncio.get_running_loop().time() + END_GRACE
            while relay.connected > 0 and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.05)
        tasks = [t for t in self._tasks if t is not current]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for peer in (self.peer, self.bot_peer):
            if peer is not None and peer.outcome is None:
                self._drop_journal(peer)
        if self._announcer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._announcer.close(), 3.0)
        if relay is not None:
            await relay.close()


# --- resuming -----------------------------------------------------------------------------------


def describe_journal(path: Path) -> dict[str, Any]:
    """What an interrupted game's journal says: ``invite``, ``name``, ``modified`` (seconds
    since the epoch), ``entries`` (envelopes received).

    Raises:
        JournalError: unreadable.
    """
    state = read_journal(path)
    return {
        "invite": state.meta[0],
        "name": state.meta[2],
        "modified": path.stat().st_mtime,
        "entries": len(state.incoming),
    }


__all__ = [
    "DEFAULT_PORT",
    "CannotListen",
    "GameSession",
    "Listener",
    "LoopThread",
    "Problem",
    "Step",
    "TableStart",
    "WaitReport",
    "describe_journal",
    "lan_address",
    "probe",
    "problem_of",
]
