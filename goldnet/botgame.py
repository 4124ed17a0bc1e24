"""A game against bots on this computer: a lockstep game whose members all live in this process,
journalled like a network game and saved as a record. No Qt here: the desktop's
:class:`ui.game_controller.GameController` drives it.

The player's seat is played with the profile's identity, each bot seat with a fresh identity
of its own (kept in the journal). Every seat has its own lockstep machine
(:class:`protocol.lockstep.Lockstep`); an in-memory relay passes every envelope a machine makes
to every other machine, in the one order they were made (as :class:`goldnet.harness.Harness`
does). Chance is the beacon's — every seat contributes to every draw — exactly as at a network
table, so the finished game's envelopes *are* a record that ``goldnet verify`` and the replay
viewer accept, saved where a network game's is (:func:`goldnet.net.journal.record_path`). A
journalled game with cards is dealt by the deck protocol among its members, as at a network
table, so its record holds the deal and the audits (each seat's view in a replay); each deck
seed derives from the journalled dealer's seed (:func:`~goldnet.botmembers.deck_seed`), the
members skip checking each other's shuffle proofs (all this process). A game that saves no
record (unjournalled, or from a given start), or an older journal whose table has no
``shadows``, is dealt by a trusted :class:`~goldnet.local_deck.LocalDeck` from that seed (every
machine gets both: the table decides).

Who moves: :meth:`BotGame.play` plays a seat's action (the player's, or the one a bot chose);
the caller asks the bots — :meth:`bot_turn` says which seat is due and gives its view —, so
that a bot may choose in another thread (this object is not thread-safe: use it from one
thread at a time — the desktop makes it in a worker thread, the deal takes a second, and hands
it to the GUI thread: :mod:`ui.dealing`). Bots' claims are made as their machines sign each
reveal, as a network bot's are (:func:`goldnet.view.bot_claim`); the player's the same way, by
:attr:`BotGame.claimer` when the desktop gives one (e.g. a mission announced as soon as it is
fulfilled).

Journal (:mod:`goldnet.net.journal`, the same format and folder as a network game's): ``meta``
with no invite code; ``local`` (the bots' levels and keys, the dealer's seed); the player's
beacon seeds (``seed``) and the bots' (``botseed``), each before its chain's commitment; then
every envelope as the relay passes it on, *before* any other machine sees it — the player's as
``out``, the bots' as ``in`` indexed by its place in the relay's order; ``end`` with the
record's path. :meth:`BotGame.resume` rebuilds every machine from it: each takes back its own
envelopes (never signed anew), then receives the others' in the relay's order; the player's
views of those steps come back as :attr:`BotGame.past` (the turn log's earlier turns).

Invariants: a machine sees an envelope only once it is in the journal, so everything any
machine knows is rebuilt from the journal after a crash (what was signed and not journalled
was seen by no one and is signed again, identically or not, harmlessly: the same process holds
every key); no clock (a game on this computer is never adjudicated abandoned); the player's
views hold only what the player's seat may know (its own machine's state). The members, the
player's watched engine and what rebuilds the relay's order from a journal are in
:mod:`goldnet.botmembers`.
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Secret, Transmit
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, Lockstep, Phase, Table
from protocol.messages import Turn

from . import games
from .binding import EngineBinding, make_engine
from .botmembers import (
    BotGameError,
    Member,
    Watched,
    deck_seed,
    digest,
    engines_from,
    local_dealer,
    relay_order,
)
from .engine import Action, Bot, Claimer, GameState, Terminal
from .local_deck import LocalDeck
from .net.journal import (
    Journal,
    JournalError,
    JournalState,
    LocalSeats,
    journal_path,
    note_played,
    read_journal,
    record_path,
)
from .records import write
from .view import View, bot_claim, view_of

__all__ = ["MAX_DELIVERIES", "BotGame", "BotGameError", "deck_seed"]

MAX_DELIVERIES = 100_000
"""Most envelopes one :meth:`BotGame.run` passes on (a bound: a game's step needs a few)."""


class BotGame:
    """One game against bots on this computer (see the module docstring). Make it with
    :meth:`new` or :meth:`resume`.

    Attributes:
        human: the player's seat.
        names: every seat's name, in seat order.
        levels: every seat's bot level, in seat order (``""`` at the player's seat).
        past: after :meth:`resume`, the player's views of the steps played before (the first
            one the game's start); empty for a new game.
        journal: the open journal (``None``: not journalled — a given start position, or the
            profile's folder could not be written).
        record: where the finished game's record was saved (``None`` before, or none saved).
        result: the result once the game is over.
        halted: why the game stopped, if a machine refused an envelope (a bug: every member
            is this process).
        unsaved: why the journal stopped mid-game ("" while it takes every step): a write
            failed (:class:`~goldnet.net.journal.JournalError`: a full or failing disk). The
            game goes on unjournalled and saves no record; the journal stays whole up to its
            last entry, so a resume goes on from there.
    """

    def __init__(
        self,
        game: str,
        options: tuple[Any, ...],
        human: int,
        *,
        folder: Path | None,
        journal: Journal | None,
    ) -> None:
        self.game = game
        self.options = options
        self.human = human
        self._seats: list[Member] = []
        self.folder = folder
        self.journal = journal
        self.names: tuple[str, ...] = ()
        self.levels: tuple[str, ...] = ()
        self.past: list[View] = []
        self.record: Path | None = None
        self.result: Terminal | None = None
        self.halted: str | None = None
        self.unsaved = ""
        self._views: list[View] = []
        self._viewed = 0
        self._relay: deque[tuple[int, bytes]] = deque()
        self._sent = 0
        """Envelopes the relay passed on (the next one's index)."""
        self._known: set[bytes] = set()
        """Digests of the envelopes in the journal (replayed ones are not passed on again)."""
        self._ended = False
        self._started = False
        """The view of the game's start was made."""
        self.claimer: Claimer | None = None
        """What claims the player's seat makes (the desktop sets it from the game's kit);
        None: the player claims nothing."""

    # --- making one ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        options: tuple[Any, ...],
        names: Sequence[str],
        human: int,
        levels: Sequence[str],
        identity: Identity,
        *,
        folder: Path | None,
        start: GameState | None = None,
        entropy: Callable[[int], bytes] = os.urandom,
    ) -> BotGame:
        """A new game: ``names`` and ``levels`` give every seat's name and bot level (the
        player's level ``""``), ``identity`` is the player's. It is journalled in the profile
        ``folder`` (``None``: not journalled), unless it starts from the position ``start`` (a
        test's or a scenario's: a record could not be verified from it, so none is saved).

        Raises:
            ValueError: an unknown game, options or seat count the game does not have, or a bot
                level it does not have.
            JournalError: the journal cannot be written.
        """
        info = games.get(game)
        count = len(names)
        info.check(tuple(options), count)
        if len(levels) != count or not 0 <= human < count:
            raise ValueError("one bot level per seat, and the player's seat among them")
        for seat, level in enumerate(levels):
            if seat != human and level not in info.bot_levels:
                raise ValueError(f"{info.title} has no bot {level!r}")
        dealer = entropy(32)
        identities = [identity if s == human else Identity.generate() for s in range(count)]
        journal = None
        if folder is not None and start is None:
            journal = Journal(journal_path(folder, f"{game}-bots"))
            try:
                journal.meta("", "player", names[human], game, tuple(options), "")
                bots = tuple(
                    (s, levels[s], identities[s].private_bytes())
                    for s in range(count)
                    if s != human
                )
                journal.local(LocalSeats(dealer, bots))
            except JournalError:
                journal.close()
                raise
        self = cls(game, tuple(options), human, folder=folder, journal=journal)
        dealt = journal is not None  # a record will be saved: the deck protocol deals
        deck = None if dealt else local_dealer(game, options, count, dealer, start)
        for seat in range(count):
            seed = deck_seed(dealer, seat) if dealt else None
            engines = engines_from(start)
            self._seat(seat, identities[seat], levels[seat], engines, deck, entropy, [], seed)
        me = self._seats[human].machine
        members = tuple(i.public for i in identities)
        try:
            table = me.propose(game, tuple(options), members, tuple(names), entropy(16))
        except LocalProtocolError as exc:
            self.close()
            raise ValueError(str(exc)) from None
        if journal is not None and folder is not None:  # a record will hold the player's
            try:  # envelopes: a network table must never get it to sign them anew
                note_played(folder, table.game_id)
            except JournalError:
                self.close()
                raise
        self.names = table.names
        self.run()
        return self

    @classmethod
    def resume(cls, path: Path, identity: Identity, folder: Path) -> BotGame:
        """The game of journal ``path`` (a game against bots of the profile ``folder``, whose
        player is ``identity``), rebuilt as far as its journal goes.

        Raises:
            BotGameError: not a game against bots on this computer, it has ended, or its
                journal does not rebuild it (damaged, or another player's).
            JournalError: unreadable, or in use by another goldnet process.
        """
        state = read_journal(path)
        local = state.local
        if local is None:
            raise BotGameError(f"{path} is not a game against bots on this computer")
        if state.end is not None:
            raise BotGameError(f"the game of {path} has ended")
        _invite, _role, _name, game, options, _bot = state.meta
        if not isinstance(game, str) or not isinstance(options, tuple):
            raise BotGameError(f"the journal {path} is damaged: its game cannot be read")
        levels = {seat: level for seat, level, _key in local.bots}
        count = len(local.bots) + 1
        human = next((s for s in range(count) if s not in levels), None)
        if human is None or sorted(levels) != [s for s in range(count) if s != human]:
            raise BotGameError(f"the journal {path} is damaged: its seats do not add up")
        identities = {seat: Identity(key) for seat, _level, key in local.bots}
        identities[human] = identity
        journal = Journal(path)
        self = cls(game, options, human, folder=folder, journal=journal)
        try:
            deck = local_dealer(self.game, self.options, count, local.dealer, None)
            for seat in range(count):
                seeds = state.seeds if seat == human else state.bot_seeds.get(seat, [])
                level = levels.get(seat, "")
                seed = deck_seed(local.dealer, seat)
                self._seat(
                    seat, identities[seat], level, make_engine, deck, os.urandom, seeds, seed
                )
            self._replay(state)
            if self._seats[human].machine.table is None:
                raise BotGameError(f"the journal {path} holds no table of this player's")
        except (BotGameError, ValueError) as exc:  # an unknown game is a ValueError too
            journal.close()
            if isinstance(exc, BotGameError):
                raise
            raise BotGameError(f"the journal {path} cannot be resumed: {exc}") from None
        try:  # a game journalled before games were noted (docs/security.md, "Which table")
            note_played(folder, self.table.game_id)
        except JournalError:
            journal.close()
            raise
        self.names = self.table.names
        self.past = self.take_views()
        self.run()  # what was due and not journalled yet
        return self

    def _seat(
        self,
        seat: int,
        identity: Identity,
        level: str,
        engines: Callable[[str, tuple[Any, ...], int], EngineBinding],
        dealer: LocalDeck | None,
        entropy: Callable[[int], bytes],
        seeds: Sequence[bytes],
        deck: bytes | None = None,
    ) -> None:
        """Add the member of ``seat`` (the next one): its machine — the player's with a watched
        engine, one view per step of the rules — and a bot's bot. ``dealer`` serves a table
        without ``shadows``, ``deck`` (the member's deck seed) deals one with."""
        if seat == self.human:
            factory = engines
            engines = lambda g, o, n: Watched(factory(g, o, n), self._before_step, self._step)  # noqa: E731
        machine = Lockstep(
            identity,
            engines,
            entropy=entropy,
            seeds=seeds,
            dealer=dealer,
            deck_seed=deck,
            deck_proofs=False,  # every member is this process
        )
        bot = (
            None
            if seat == self.human
            else games.get(self.game).make_bot(level, identity.fingerprint)
        )
        member = Member(seat, identity, machine, level, bot, len(seeds))
        machine.claimer = lambda: self._claims(member)
        self._seats.append(member)
        self.levels = tuple(s.level for s in self._seats)

    def _replay(self, state: JournalState) -> None:
        """Every machine as far as the journal goes: its own envelopes back first, then the
        others' in the relay's order.

        Raises:
            BotGameError: the journal does not rebuild the game.
        """
        order = relay_order(state)
        me = self._seats[self.human].identity.public
        if any(Envelope.decode(data).sender != me for data in state.outgoing):
            raise BotGameError(f"the journal {state.path} is another player's game")
        own: dict[bytes, list[bytes]] = {s.identity.public: [] for s in self._seats}
        for sender, data in order:
            if sender not in own:
                raise BotGameError(f"the journal {state.path} holds an envelope of no seat")
            own[sender].append(data)
            self._known.add(digest(data))
        try:
            for seat in self._seats:
                seat.machine.restore(own[seat.identity.public])
            for sender, data in order:
                for seat in self._seats:
                    if seat.identity.public != sender:
                        seat.machine.receive(data)
        except (LocalProtocolError, RemoteProtocolError) as exc:
            raise BotGameError(f"the journal {state.path} is damaged: {exc}") from None
        for seat in self._seats:  # a damaged seed would make a reveal that halts the game
            beacon = seat.machine.beacon
            fault = beacon.own_fault() if beacon is not None else None
            if fault is not None:
                raise BotGameError(
                    f"the journal {state.path} is damaged: seat {seat.seat}: {fault}"
                )
        self._sent = len(order)
        for seat in self._seats:
            self._drain(seat)

    # --- playing ------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The player's rules state (what the player's seat may know): read it, clone it to try
        moves, never change it."""
        engine = self._seats[self.human].machine.engine
        assert isinstance(engine, EngineBinding), "a table exists once the game is made"
        return engine.state

    @property
    def table(self) -> Table:
        """The game's table (members in seat order, names, options, game id)."""
        table = self._seats[self.human].machine.table
        assert table is not None, "a table exists once the game is made"
        return table

    @property
    def finished(self) -> bool:
        """Nothing more will happen: over (``result``) or halted (``halted``)."""
        return self._ended

    @property
    def moved(self) -> int:
        """Actions applied so far."""
        return self._seats[self.human].machine.actions

    def bot(self, seat: int) -> Bot:
        """The bot of ``seat`` (a bot seat)."""
        bot = self._seats[seat].bot
        if bot is None:
            raise ValueError(f"seat {seat} is the player's")
        return bot

    def bot_turn(self) -> tuple[int, View] | None:
        """The bot seat on turn now and its view (to choose from), or ``None``."""
        if self._ended:
            return None
        engine = self._seats[self.human].machine.engine
        due = engine.due() if engine is not None else None
        if not isinstance(due, Turn) or due.seat == self.human:
            return None
        seat = self._seats[due.seat]
        bot_engine = seat.machine.engine
        assert isinstance(bot_engine, EngineBinding)
        return due.seat, view_of(bot_engine.state, due.seat)

    def play(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` (the player's move, or a bot's choice), then pass on
        everything it leads to (:meth:`run`).

        Raises:
            LocalProtocolError: not that seat's turn, or the rules refuse the action (nothing
                is played).
        """
        if self._ended:
            raise LocalProtocolError("the game has ended")
        member = self._seats[seat]
        member.machine.send(tuple(action))
        self._drain(member)
        self.run()

    def take_views(self) -> list[View]:
        """The player's views of the steps since the last call, oldest first."""
        views, self._views = self._views, []
        return views

    def run(self) -> None:
        """Pass every pending envelope on (journalled first) until no machine has anything to
        send; save the record when the game is over."""
        for seat in self._seats:
            self._drain(seat)
        for _ in range(MAX_DELIVERIES):
            if not self._relay or self._ended:
                break
            sender, data = self._relay.popleft()
            self._journal(sender, data)
            for seat in self._seats:
                if seat.seat == sender:
                    continue
                try:
                    seat.machine.receive(data)
                except RemoteProtocolError as exc:
                    self._halt(str(exc))
                    return
                except LocalProtocolError:
                    continue  # this machine's game has ended
                self._drain(seat)
        me = self._seats[self.human].machine
        if me.halted is not None:
            self._halt(me.halted.reason)
        elif me.finished and not self._relay and not self._ended:
            self._finish()

    def close(self) -> None:
        """Stop playing (the window leaves the game): the journal is closed, so the game can be
        resumed — or deleted when nobody moved yet (nothing to go on with). Idempotent."""
        journal, self.journal = self.journal, None
        if journal is None:
            return
        journal.close()
        if not self._ended and self.moved == 0:
            with contextlib.suppress(OSError):
                journal.path.unlink()

    # --- inside -------------------------------------------------------------------------------

    def _before_step(self) -> None:
        """A step is about to be applied: the game's start is a view first, if not yet."""
        if not self._started:
            self._started = True
            self._step(None)

    def _step(self, move: tuple[int, Action] | None) -> None:
        """The player's engine applied a step (or is about to apply the first): a view of the
        player's seat now, with the events and the move since the previous view."""
        self._started = True
        engine = self._seats[self.human].machine.engine
        if not isinstance(engine, EngineBinding):
            return
        events = engine.events[self._viewed :]
        self._viewed = len(engine.events)
        self._views.append(view_of(engine.state, self.human, events, [move] if move else []))

    def _drain(self, seat: Member) -> None:
        """Take a machine's events: seeds to the journal, envelopes to the relay."""
        machine = seat.machine
        while True:
            event = machine.next_event()
            if event is NEED_DATA:
                break
            if isinstance(event, Secret) and event.index >= seat.seeds:
                seat.seeds = event.index + 1
                if self.journal is not None and seat.seat == self.human:
                    self._save(self.journal.seed, event.index, event.seed)
                elif self.journal is not None:
                    self._save(self.journal.bot_seed, seat.seat, event.index, event.seed)
            elif isinstance(event, Transmit) and digest(event.data) not in self._known:
                self._relay.append((seat.seat, event.data))

    def _claims(self, seat: Member) -> list[tuple[Any, ...]]:
        """A member's claim, asked as its machine signs a reveal, on the state of that draw:
        a bot's, or the player's by :attr:`claimer`."""
        machine, bot = seat.machine, seat.bot
        player = seat.seat == self.human
        if (self.claimer if player else bot) is None or machine.phase is not Phase.PLAY:
            return []
        engine = machine.engine
        assert isinstance(engine, EngineBinding)
        claims = [c for c in engine.state.claims(seat.seat) if c not in machine.pending_claims]
        if not claims:
            return []
        observation = engine.state.observation(seat.seat)
        if player and self.claimer is not None:
            claim = self.claimer.claim(observation, claims)
        else:
            assert bot is not None
            claim = bot_claim(bot, observation, claims)
        return [] if claim is None else [claim]

    def _journal(self, sender: int, data: bytes) -> None:
        """Write an envelope the relay passes on, before anyone sees it."""
        self._known.add(digest(data))
        index, self._sent = self._sent, self._sent + 1
        if self.journal is None:
            return
        if sender == self.human:
            self._save(self.journal.outgoing, data)
        else:
            self._save(self.journal.incoming, index, data)

    def _save(self, write: Callable[..., None], *entry: Any) -> None:
        """Write one journal entry; a failed write stops the journal (:attr:`unsaved`), never
        the game."""
        try:
            write(*entry)
        except JournalError as exc:
            self.unsaved = str(exc)
            journal, self.journal = self.journal, None
            if journal is not None:
                journal.close()

    def _finish(self) -> None:
        """Over: save the record (unless a trusted dealer dealt its cards) and end the
        journal."""
        self._ended = True
        me = self._seats[self.human].machine
        result = self.state.awaiting()
        assert isinstance(result, Terminal)
        self.result = result
        table = me.table
        assert table is not None
        dealt = not self.state.decks() or table.shadows is not None
        if self.folder is not None and self.journal is not None and dealt:
            path = record_path(self.folder, table.game, table.names[0], table.game_id)
            try:
                write(path, list(me.record))
                self.record = path
            except OSError:
                self.record = None
        if self.journal is not None:
            self._save(self.journal.end, "over", str(self.record or ""))
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    def _halt(self, reason: str) -> None:
        """A machine refused an envelope of this process's own members: a bug. The journal
        keeps the game as it was (not ended), for whoever looks into it."""
        self._ended = True
        self.halted = reason
        if self.journal is not None:
            self.journal.close()
            self.journal = None
