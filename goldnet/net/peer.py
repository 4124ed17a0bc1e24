"""One member (or spectator) of one table as far as its own lockstep machine goes: the
machine, its write-ahead journal, the seat's views, its bot and the record the game leaves.
No sockets here: :class:`goldnet.net.client.NetPeer` carries the envelopes to and from a relay.

Journal order (write-ahead, fsynced): a fresh beacon seed before the commitment to its chain;
an own envelope before it is sent; an envelope of the game once the machine accepted it (never
one it refused: a flood of another game's envelopes leaves the journal unchanged). The own
envelopes one step of the machine makes — a move and the reveal it makes due — are held until
the step is done, then journalled with one fsync and only then sent, together (:meth:`_flush`):
``own`` holds journalled envelopes only, so nothing unjournalled is ever sent or sent again.

A bot plays the seat when one is given, choosing from the seat's view
(:func:`goldnet.view.bot_action`), and a claiming bot makes its claims as the machine signs each
reveal, on the state of that draw (:func:`goldnet.view.bot_claim`); a seat played by a person makes
its claims the same way by the :class:`~goldnet.engine.Claimer` that ``claimer_for`` gives for the
table's game (the desktop client's: Golden City's mission announced as soon as it is fulfilled —
nobody is asked: a reveal is signed without waiting for anyone). A bot that raises (or chooses a
move the rules refuse) is never called again: :attr:`TablePeer.failure` says, in one line, which
bot failed and how (the traceback goes to the debug log only), what the step made so far is
journalled and sent as usual, and ``on_failure`` is told, so that the connection ends at once and
the table sees the seat disconnected — never a peer that stays connected and silent. Without a bot,
``on_view`` is told each step's :class:`~goldnet.view.View` — with a clone of this peer's rules
state when the seat is on turn — and the answer comes through :meth:`TablePeer.play` (the desktop
client). A view is made at each step of the rules — the game's start, each drawn outcome, applied
action, claim and revealed card — from a copy of the state right after it (the machine's engine is
wrapped for that: by the time the machine reports its events, it may be several steps further), so
a view carries exactly one step's events. Views are built and told once the step's own envelopes
are journalled and sent (:meth:`_flush`): a view is no part of what a member signs, and building
one would hold up a move or a reveal. While a peer is rebuilt from its journal, the views of the
steps it replays are kept in :attr:`TablePeer.past` instead (the turn log's earlier turns).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Self

from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import (
    Applied,
    CardRevealed,
    Dealt,
    DeckSecret,
    Drawn,
    Forward,
    GameAbandoned,
    GameOver,
    GameStarted,
    Secret,
    Transmit,
    Waiting,
    YourTurn,
)
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, Lockstep, Phase
from protocol.messages import Table, Turn

from .. import games
from ..binding import EngineBinding, make_engine
from ..engine import Bot, Claimer, GameState, Terminal
from ..records import write
from ..view import View, bot_action, bot_claim, view_of
from .errors import BotFailed, NetError
from .invite import Invite
from .journal import Journal, JournalError, JournalState, note_played, played, record_path
from .loop import GameClock
from .reports import Outcome

log = logging.getLogger("goldnet.net.peer")

CLOSE_GRACE = 5.0
"""Seconds a finished game waits for the others' ``close`` envelopes (whose digests would show
an equivocation on the last move) before its result is final anyway."""


class TablePeer:
    """One peer of one table, without its connection (see the module docstring).

    Args:
        identity: this peer's profile key.
        invite: where the table's relay is (written in the journal).
        name: the display name at the table.
        bot: plays this peer's seat (``None``: see ``bot_level``).
        bot_level: a bot level of the table's game that plays the seat, made once the game
            is known (``""`` with no ``bot``: a person plays, told by ``on_view``).
        folder: the profile folder (journal in ``journal/``, records in ``records/``).
        role: ``"player"`` (takes a seat) or ``"spectator"`` (read-only, verifies as it
            watches).
        options: the game options this peer uses if it proposes the table (seat 0); ``None``:
            drawn from the game registry when it proposes.
        seeds: the beacon seeds already drawn for this game (resuming), chain 0 first.
        deck_seed: the deck seed already drawn for this game (resuming), if any.
        game: the game this peer proposes if it gets seat 0 (``""``: the relay's game).
        on_event: called with every lockstep event (for measurements).
        abandon_after: the table's abandonment time in seconds if this peer proposes it
            (``None``: the protocol's default).
    """

    def __init__(
        self,
        identity: Identity,
        invite: Invite,
        *,
        name: str,
        folder: Path,
        bot: Bot | None = None,
        bot_level: str = "",
        role: str = "player",
        options: tuple[Any, ...] | None = None,
        seeds: tuple[bytes, ...] = (),
        deck_seed: bytes | None = None,
        on_event: Callable[[Any], None] | None = None,
        game: str = "",
        abandon_after: int | None = None,
    ) -> None:
        self.identity = identity
        self.invite = invite
        self.name = name
        self.folder = folder
        self.bot = bot
        self.bot_level = bot_level
        self.role = role
        self.options = options
        self.game = game
        self.abandon_after = abandon_after
        self.shadows: int | None = None
        """The deck's shadow shuffles if this peer proposes a table whose cards the deck deals
        (``None``: the protocol's default)."""
        self.on_event = on_event
        self.on_view: Callable[[View, GameState | None], None] | None = None
        """Called after each step with this seat's view, and with a clone of this peer's rules
        state when the seat is on turn and no bot plays it (module docstring)."""
        self.progress_at = 0
        """The loop clock (ms) when the game last progressed: it started, a draw, an action
        (what the lockstep machine counts the abandonment time from)."""
        self.loop_clock = GameClock()
        self.machine = Lockstep(
            identity if role == "player" else None,
            self._engine,
            clock=self.loop_clock,
            entropy=os.urandom,
            seeds=seeds,
            deck_seed=deck_seed,
        )
        self.machine.claimer = self._claims
        if role == "player":
            self.machine.table_guard = self._guard_table
        self.failure: BotFailed | None = None
        """Why this seat's bot stopped playing (it raised), if it did: the peer leaves."""
        self.on_failure: Callable[[], None] | None = None
        """Told once when :attr:`failure` is set (a network peer closes its connection)."""
        self.claimer_for: Callable[[str], Claimer | None] | None = None
        """The claimer of a seat played by a person, made for the table's game (``None``, or
        one that gives ``None``: the seat makes no claim)."""
        self._claimer: tuple[Claimer | None] | None = None
        """The claimer made (once the table's game is known)."""
        self.received = 0
        """Where this peer stands in the relay's log: one past the last entry received (the
        relay sends a member no entry of its own, so those after it may be its own); asked
        for again from there after a reconnection."""
        self.own: dict[bytes, bytes] = {}
        """Hash → bytes of every envelope this peer made and journalled (sendable)."""
        self._batch: dict[bytes, bytes] = {}
        """Hash → bytes of the envelopes this peer made in the step under way, not journalled
        yet (never sent before :meth:`_flush`)."""
        self._unsent: list[list[Any]] = []
        """Frames to send once the step's own envelopes are journalled, in order."""
        self.taken: set[bytes] = set()
        """Hashes of the other members' envelopes the machine took (known by content: a
        relay's log index may change with the relay)."""
        self.outcome: Outcome | None = None
        self.journal: Journal | None = None
        self._replaying = False
        self._journalled = 0
        """How many of the machine's accepted envelopes were looked at for the journal."""
        self._index = 0
        """The relay log index of the envelope being taken."""
        self._ended = asyncio.Event()
        self._over: tuple[Terminal, float] | None = None
        """The result and when the engine reached it, while the closes come in."""
        self._viewed = 0
        """How many of the engine's events views have carried."""
        self._view_started = False
        """The first view (the game's start) was made."""
        self.past: list[View] = []
        """This seat's views of the steps rebuilt from the journal (the game's start first)."""
        self._views: list[tuple[GameState, int | None, list[Any], list[Any]]] = []
        """Steps whose views ``on_view`` is told after the next :meth:`_flush`: a copy of the
        state right after each, the seat, its events and move."""

    def _send(self, frames: list[list[Any]]) -> None:
        """Pass frames (``["env", bytes]``, ``["evidence", bytes]``) to the relay in this
        order, if connected (:class:`~goldnet.net.client.NetPeer` does)."""

    def _flush(self, *, tell: bool = True) -> None:
        """Journal the own envelopes made since the last flush (one fsync for all of them),
        then send them with the evidence queued meanwhile, in order; then, with ``tell``, tell
        the views made meanwhile. Called at the end of every step of the machine and before a
        bot thinks (without ``tell``: its turn's view waits until its move has left): a crash
        can lose envelopes that never left, never one that did."""
        if self._batch:
            if self.journal is not None:
                self.journal.outgoing(*self._batch.values())
            self.own.update(self._batch)
            self._batch.clear()
        frames, self._unsent = self._unsent, []
        if frames and not self._replaying:
            self._send(frames)
        if tell:
            self._tell_views()

    def _guard_table(self, table: Table) -> None:
        """Refuse a table of a game this profile already signed in — unless this peer is that
        game's, rebuilt from its journal (replaying it, or holding own envelopes of that game:
        a crash after they left, before the table taken was journalled) — and note the game
        before this peer signs anything in it. Taking an old table again (a member or relay
        replaying it) would sign that game's first envelopes anew: an equivocation that names
        this member (docs/security.md, "Which table").

        Raises:
            NetError: the table is of a game this profile already played.
            JournalError: the profile's list of games cannot be read or written.
        """
        ours = any(Envelope.decode(d).game_id == table.game_id for d in self.own.values())
        if not self._replaying and not ours and table.game_id in played(self.folder):
            raise NetError(
                "this table is of a game this profile already played (an old table sent "
                "again): this peer takes no part in it — a game left unfinished goes on with "
                "Resume"
            )
        note_played(self.folder, table.game_id)

    def open_journal(self, path: Path, bot_name: str = "") -> None:
        """Start a new journal at ``path`` (its meta entry first)."""
        self.journal = Journal(path)
        options = self.options if self.options is not None else ()
        self.journal.meta(str(self.invite), self.role, self.name, self.game, options, bot_name)

    @classmethod
    def from_journal(
        cls,
        identity: Identity,
        state: JournalState,
        folder: Path,
        bot: Bot | None,
        *,
        bot_level: str = "",
    ) -> Self:
        """Rebuild a peer from its journal: the game as far as it was, ready to reconnect.

        Raises:
            JournalError: an own envelope in it does not verify (resuming without it would
                sign its sequence number anew), nor one of another member (the relay would
                never send it again), or a beacon seed that does not give the chain this peer
                committed to (its reveals would name it).
        """
        from .invite import parse_invite

        invite_text, role, name, game, options, _bot = state.meta
        peer = cls(
            identity,
            parse_invite(state.moved or invite_text),
            name=name,
            folder=folder,
            bot=bot,
            bot_level=bot_level,
            role=role,
            options=tuple(options) or None,
            seeds=tuple(state.seeds),
            deck_seed=state.deck_seed,
            game=game,
        )
        peer.journal = Journal(state.path)
        peer._replaying = True
        for data in state.outgoing:  # already journalled: never journal them twice
            peer.own[hashlib.sha256(data).digest()] = data
        if role == "player":  # own envelopes are reused, never signed anew
            try:
                peer.machine.restore(state.outgoing)
            except (RemoteProtocolError, LocalProtocolError) as exc:  # never sign them anew
                peer.journal.close()
                raise JournalError(f"the journal {state.path} is damaged: {exc}") from None
            peer._drain()
        peer._journalled = len(peer.machine.received)
        for index, data in state.incoming:
            try:  # accepted once, so valid: else its index, kept, would skip it for good
                Envelope.decode(data)
            except RemoteProtocolError as exc:
                peer.journal.close()
                raise JournalError(
                    f"the journal {state.path} is damaged: an envelope it took is invalid ({exc})"
                ) from None
            peer.received = max(peer.received, index + 1)
            peer.taken.add(hashlib.sha256(data).digest())
            with contextlib.suppress(RemoteProtocolError, LocalProtocolError):
                peer.machine.receive(data)
            peer._journalled = len(peer.machine.received)  # these are journalled already
            peer._drain()
        beacon = peer.machine.beacon
        fault = beacon.own_fault() if beacon is not None else None
        if fault is not None:  # its reveals would not hash to its chain: it would be named
            peer.journal.close()
            raise JournalError(f"the journal {state.path} is damaged: {fault}")
        peer._replaying = False
        return peer

    def waiting(self) -> Waiting | None:
        """What the game waits for now (for the screen), ``None`` once it has ended."""
        return self.machine.waiting()

    def play(self, action: tuple[Any, ...]) -> None:
        """Play ``action`` for this peer's seat: the answer to a view on turn, on the event loop.

        ``machine.send`` alone only queues the envelope: nothing would transmit it while the
        other peers wait for this move.

        Raises:
            LocalProtocolError: not this peer's turn, or the action is illegal (nothing sent).
        """
        self.machine.send(action)
        self._drain()

    def _take(self, index: int, data: bytes) -> None:
        """Give one envelope of the relay's log to the machine; journal it if accepted."""
        self._index = index
        try:
            self.machine.receive(data)
        except RemoteProtocolError as exc:
            if self.machine.halted is None:
                log.info("ignored an envelope: %s", exc)  # names nobody: a relay could cause it
        except LocalProtocolError:
            return  # the game has ended
        self._drain()

    def _maybe_play(self) -> None:
        engine = self.machine.engine
        seat = self.machine.seat_of(self.identity.public)
        if engine is None or seat is None or self.machine.ended:
            return
        if engine.due() == Turn(seat):
            self._turn(seat)

    def _turn(self, seat: int) -> None:
        """The seat is on turn: its bot plays (a person is asked by the view on turn that
        ends this drain)."""
        if self._replaying or not self.by_bot or self.failure is not None:
            return
        engine = self.machine.engine
        assert isinstance(engine, EngineBinding)
        try:
            action = bot_action(self._bot(), view_of(engine.state, seat))
        except Exception as exc:  # a bot's bug: this peer leaves, the others see it away
            self._bot_failed(seat, exc)
            return
        try:
            self.machine.send(action)
        except LocalProtocolError as exc:  # refused before anything was signed
            self._bot_failed(seat, exc, f"chose {action!r}, which the rules refuse")
            return
        self._drain()

    def _bot_failed(self, seat: int, exc: BaseException, what: str = "") -> None:
        """The seat's bot raised ``exc`` (or did ``what``): it plays no more (module docstring)."""
        if self.failure is not None:
            return
        log.debug("the bot of seat %s failed", seat, exc_info=exc)
        level = self.bot_level or getattr(self.bot, "name", "") or type(self.bot).__name__
        detail = " ".join(f"{type(exc).__name__}: {exc}".split())
        if what:
            detail = f"{' '.join(what.split())} ({detail})"
        if len(detail) > 200:
            detail = detail[:197] + "..."
        self.failure = BotFailed(
            f"the {level!r} bot playing seat {seat} ({self.name}) failed: {detail}; the seat is "
            "left disconnected, its journal kept: `goldnet resume` takes it back"
        )
        if self.on_failure is not None:
            self.on_failure()

    def _bot(self) -> Bot:
        """The seat's bot, made from its level once the table's game is known."""
        if self.bot is None:
            table = self.machine.table
            assert table is not None and self.bot_level
            self.bot = games.get(table.game).make_bot(self.bot_level, os.urandom(8).hex())
        return self.bot

    def _claims(self) -> list[tuple[Any, ...]]:
        """The claim a claiming bot — or a person's seat's claimer (``claimer_for``) — makes
        among those its seat may make now and is not making yet (the machine asks as this peer
        signs a reveal, on the state of that draw)."""
        machine, engine = self.machine, self.machine.engine
        seat = machine.seat_of(self.identity.public)
        if (
            self._replaying
            or self.failure is not None
            or machine.phase is not Phase.PLAY
            or seat is None
        ):
            return []
        claimer = None if self.by_bot else self._person_claimer()
        if not self.by_bot and claimer is None:
            return []
        assert isinstance(engine, EngineBinding)
        claims = [c for c in engine.state.claims(seat) if c not in machine.pending_claims]
        if not claims:  # the usual case: no observation made for nothing
            return []
        observation = engine.state.observation(seat)
        if claimer is not None:
            claim = claimer.claim(observation, claims)
        else:
            try:
                claim = bot_claim(self._bot(), observation, claims)
            except Exception as exc:  # asked inside the machine's step: it signs its reveal bare
                self._bot_failed(seat, exc)
                return []
        return [] if claim is None else [claim]

    def _person_claimer(self) -> Claimer | None:
        """The claimer of this seat played by a person (made once, for the table's game)."""
        if self._claimer is None:
            table = self.machine.table
            if self.claimer_for is None or table is None:
                return None
            self._claimer = (self.claimer_for(table.game),)
        return self._claimer[0]

    @property
    def by_bot(self) -> bool:
        """A bot plays this peer's seat (else a person does, through views)."""
        return self.bot is not None or bool(self.bot_level)

    def _engine(self, game: str, options: tuple[Any, ...], seats: int) -> EngineBinding:
        """The machine's engines: the game's, telling this peer before and after each step."""
        return _Watched(make_engine(game, options, seats), self)

    def _before_step(self) -> None:
        """A step is about to be applied: the game's start is shown first, if not yet."""
        if not self._view_started:
            self._view_started = True
            self._show(None)

    def _show(self, move: tuple[int, tuple[Any, ...]] | None) -> None:
        """Tell ``on_view`` this seat's view now: the events since the previous view, and the
        action ``move`` (seat, action) that made them, if any."""
        engine = self.machine.engine
        if not isinstance(engine, EngineBinding):
            return
        events = engine.events[self._viewed :]
        self._viewed = len(engine.events)
        seat = self.machine.seat_of(self.identity.public)
        if self._replaying:  # rebuilt from the journal: the turn log's earlier turns
            self.past.append(view_of(engine.state, seat, events, [move] if move else []))
            return
        if self.on_view is None:
            return
        # Made from a copy of this step's state once what the step signed has left
        # (:meth:`_flush`): building a view is no part of a move or a reveal.
        self._views.append((engine.state.clone(), seat, events, [move] if move else []))

    def _tell_views(self) -> None:
        """Tell ``on_view`` the views of the steps made since the last time, in order."""
        while self._views and self.on_view is not None:
            state, seat, events, moves = self._views.pop(0)
            view = view_of(state, seat, events, moves)
            self.on_view(view, state if view.on_turn and not self.by_bot else None)

    def show(self) -> None:
        """Tell ``on_view`` this seat's view now as a first view, without the events before it
        (a resumed game stands where its journal left it)."""
        engine = self.machine.engine
        if isinstance(engine, EngineBinding):
            self._viewed, self._view_started = len(engine.events), True
            self._show(None)
            self._tell_views()

    def _journal_accepted(self) -> None:
        """Journal what the machine accepted since last time (not this peer's own)."""
        received = self.machine.received
        while self._journalled < len(received):
            data = received[self._journalled]
            self._journalled += 1
            if self.journal is not None and hashlib.sha256(data).digest() not in self.own:
                self.journal.incoming(self._index, data)

    def _drain(self) -> None:
        while True:
            event = self.machine.next_event()
            if event is NEED_DATA:
                break
            if self.on_event is not None and not self._replaying:
                self.on_event(event)
            if isinstance(event, Secret):
                if self.journal is not None:  # before anything commits to it
                    self.journal.seed(event.index, event.seed)
            elif isinstance(event, DeckSecret):
                if self.journal is not None:  # before the deck key derived from it leaves
                    self.journal.deck_seed(event.seed)
            elif isinstance(event, Transmit):
                digest = hashlib.sha256(event.data).digest()
                if digest in self.own or digest in self._batch:
                    continue
                self._batch[digest] = event.data
                if not self._replaying:
                    self._unsent.append(["env", event.data])
            elif isinstance(event, Forward):
                if not self._replaying:
                    self._unsent.append(["evidence", event.data])
            elif isinstance(event, YourTurn):
                self._flush(tell=False)  # what is made so far leaves before the bot thinks
                self._turn(event.seat)
            elif isinstance(event, GameOver):
                self._over = (event.result, time.monotonic())
            elif isinstance(event, GameAbandoned):
                self._finish("abandoned", by=event.by)
            if isinstance(event, (GameStarted, Drawn, Applied, Dealt, CardRevealed)):
                self.progress_at = self.loop_clock.now
            if isinstance(event, GameStarted):
                self._before_step()  # the start, if no step came with it
        self._flush()
        if not self._replaying and self.outcome is None:  # own envelopes are known by now
            self._journal_accepted()
            engine = self.machine.engine
            if isinstance(engine, EngineBinding):
                engine.prepare()  # what has left first: this is for the next action
        halt = self.machine.halted
        if halt is not None and self.outcome is None:
            self._finish("halted", reason=halt.reason, culprit=halt.culprit)
        elif self._over is not None and self.outcome is None:
            result, since = self._over
            # Over: the result stands once every member's close is in (their digests agree
            # with ours), or after a short grace — a member that left cannot undo a result.
            if self.machine.settled or self._replaying or time.monotonic() - since > CLOSE_GRACE:
                self._finish("over", result=result)

    def _finish(
        self,
        ending: str,
        *,
        result: Terminal | None = None,
        reason: str = "",
        culprit: bytes | None = None,
        by: int | None = None,
    ) -> None:
        """Save the record (with the proof, for a halt) and end the journal."""
        self._flush()  # e.g. this peer's adjudication: journalled and sent before the end
        table = self.machine.table
        assert table is not None
        path = record_path(self.folder, table.game, table.names[0], table.game_id)
        envelopes = self.machine.record if ending == "over" else self.machine.full_record()
        write(path, list(envelopes))
        if ending == "abandoned":  # another member's clock is not ours to vouch for
            reason = f"{table.names[by or 0]} adjudicated it abandoned"
            if by == self.machine.seat_of(self.identity.public):
                reason = "nothing happened for the table's abandonment time"
        if self.journal is not None:
            self._journal_accepted()
            self.journal.end(ending, str(path), reason)
            self.journal.close()
        self.outcome = Outcome(
            result,
            path,
            self.machine.actions,
            table.names,
            table.options,
            ending=ending,
            reason=reason,
            culprit=culprit,
            by=by,
        )
        self._ended.set()


class _Watched(EngineBinding):
    """A game's engine binding that tells its peer before and after each step it applies."""

    def __init__(self, binding: EngineBinding, peer: TablePeer) -> None:
        super().__init__(binding.state)
        self._peer = peer

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self._peer._before_step()
        super().apply_action(seat, action)
        self._peer._show((seat, tuple(action)))

    def apply_outcome(self, index: int) -> None:
        self._peer._before_step()
        super().apply_outcome(index)
        self._peer._show(None)

    def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        self._peer._before_step()
        super().apply_claim(seat, claim)  # IllegalAction: void, nothing changed, nothing shown
        self._peer._show(None)

    def apply_card(self, deck: str, card: int, to: int | None, value: Any) -> None:
        self._peer._before_step()
        super().apply_card(deck, card, to, value)
        self._peer._show(None)
