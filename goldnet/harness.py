"""Whole games in memory: peers (a lockstep machine plus, optionally, a bot for its seat) and a
harness passing every envelope between them as a relay would — for tests, self-play records
and benchmarks.

- :class:`Peer` is one participant; its bot also makes claims when it is a
  :class:`~goldnet.engine.Claimer`, decided as its peer signs each reveal (the machine's
  ``claimer``), on the state of that draw;
- :class:`Harness` runs n peers, honest bots or scripted cheaters, through whole games. A game
  with cards is dealt by the mental-poker deck, as in network play (every peer's machine
  deals, reveals and audits through envelopes); peers that share one
  :class:`~goldnet.local_deck.LocalDeck` as their machines' dealer (``dealer=``) play it with
  a trusted dealer instead, for tests and offline play only.

Invariants: each peer's state holds only what its seat may know (the dealer gives a private
card's value to the entitled seat's peer alone); bots decide through
:func:`goldnet.view.bot_action` and :func:`goldnet.view.bot_claim`, the same steps the network
peer takes.
"""

from __future__ import annotations

import hashlib
import os
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import (
    DeckSecret,
    Forward,
    GameAbandoned,
    GameOver,
    Secret,
    Transmit,
    YourTurn,
)
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, Lockstep, Phase, Table
from protocol.sampling import HashStream

from .binding import EngineBinding, make_engine
from .engine import Bot, Terminal
from .view import bot_action, bot_claim, view_of


@dataclass
class Peer:
    """One participant: its identity, its lockstep machine, and the bot that plays its seat
    (``None`` for a spectator or a peer driven by hand)."""

    identity: Identity | None
    machine: Lockstep
    bot: Bot | None = None
    outbox: deque[bytes] = field(default_factory=deque)
    errors: list[RemoteProtocolError] = field(default_factory=list)
    result: Terminal | None = None
    abandoned: GameAbandoned | None = None
    secrets: list[bytes] = field(default_factory=list)
    """The beacon seeds this peer drew, in chain order (what a journal keeps)."""
    deck_seed: bytes | None = None
    """The deck seed this peer drew for a game with cards (what a journal keeps)."""

    def __post_init__(self) -> None:
        self.machine.claimer = self._claims

    @property
    def engine(self) -> EngineBinding:
        assert isinstance(self.machine.engine, EngineBinding)
        return self.machine.engine

    def drain(self) -> None:
        """Handle the machine's events: queue envelopes to send, let the bot play its turn."""
        while True:
            event = self.machine.next_event()
            if event is NEED_DATA:
                return
            if isinstance(event, (Transmit, Forward)):
                self.outbox.append(event.data)
            elif isinstance(event, Secret):
                self.secrets.append(event.seed)
            elif isinstance(event, DeckSecret):
                self.deck_seed = event.seed
            elif isinstance(event, YourTurn) and self.bot is not None:
                view = view_of(self.engine.state, event.seat)
                self.machine.send(bot_action(self.bot, view))
            elif isinstance(event, GameOver):
                self.result = event.result
            elif isinstance(event, GameAbandoned):
                self.abandoned = event

    def _claims(self) -> list[tuple[Any, ...]]:
        """The claim a :class:`~goldnet.engine.Claimer` bot makes among those its seat may make
        now and is not already making (the machine asks as this peer signs a reveal)."""
        machine, bot = self.machine, self.bot
        seat = machine.seat_of(self.identity.public) if self.identity is not None else None
        if bot is None or seat is None or machine.phase is not Phase.PLAY:
            return []
        state = self.engine.state
        claims = [c for c in state.claims(seat) if c not in machine.pending_claims]
        claim = bot_claim(bot, state.observation(seat), claims)
        return [] if claim is None else [claim]


def new_peer(
    bot: Bot | None,
    *,
    identity: Identity | None = None,
    entropy: Callable[[int], bytes] = os.urandom,
    clock: Callable[[], int] = lambda: 0,
    engines: Callable[[str, tuple[Any, ...], int], Any] = make_engine,
    **options: Any,
) -> Peer:
    """A member peer with a fresh (or given) identity; ``entropy`` feeds its beacon seeds and
    ``options`` go to :class:`~protocol.lockstep.Lockstep` (e.g. ``chain_length``)."""
    identity = identity or Identity.generate()
    machine = Lockstep(identity, engines, clock=clock, entropy=entropy, **options)
    return Peer(identity, machine, bot)


def label_entropy(label: str) -> Callable[[int], bytes]:
    """Reproducible "entropy" derived from ``label``: for tests and reproducible records only,
    never for a real game (anyone who knows the label knows every seed)."""
    stream = HashStream(b"goldnet/test-seed/" + label.encode())

    def draw(size: int) -> bytes:
        return b"".join(stream.word().to_bytes(8, "big") for _ in range((size + 7) // 8))[:size]

    return draw


def deterministic_peer(label: str, bot: Bot | None, **kwargs: Any) -> Peer:
    """A peer whose key and beacon seeds derive from ``label`` (tests and reproducible records)."""
    key = hashlib.sha256(b"goldnet/test-key/" + label.encode()).digest()
    return new_peer(bot, identity=Identity(key), entropy=label_entropy(label), **kwargs)


class Harness:
    """n peers in memory; every envelope a peer transmits reaches every other peer in the
    order it was sent, as through a relay. ``tamper`` may rewrite or drop an envelope in
    flight (return ``None`` to drop)."""

    def __init__(
        self,
        peers: Sequence[Peer],
        *,
        spectators: Sequence[Peer] = (),
        tamper: Callable[[int, bytes], bytes | None] | None = None,
    ) -> None:
        self.peers = list(peers)
        self.spectators = list(spectators)
        self.tamper = tamper
        self.log: list[tuple[int, bytes]] = []
        """Every envelope as sent: (sender's peer index, bytes)."""

    def start(
        self, game: str, options: tuple[Any, ...], nonce: bytes, names: Sequence[str] = ()
    ) -> Table:
        """Peer 0 proposes a table whose members are every peer, in order; ``names`` default
        to the peers' bot names."""
        members = tuple(p.identity.public for p in self.peers if p.identity is not None)
        if not names:
            names = [p.bot.name if p.bot else f"seat {i}" for i, p in enumerate(self.peers)]
        table = self.peers[0].machine.propose(game, options, members, tuple(names), nonce)
        self.peers[0].drain()
        return table

    def run(self, max_rounds: int = 1_000_000) -> None:
        """Deliver envelopes until nobody has anything to send. Refused envelopes are kept in
        each receiver's ``errors``; a halted receiver stops receiving."""
        for _ in range(max_rounds):
            sender = next((i for i, p in enumerate(self.peers) if p.outbox), None)
            if sender is None:
                return
            data = self.peers[sender].outbox.popleft()
            if self.tamper is not None:
                changed = self.tamper(sender, data)
                if changed is None:
                    continue
                data = changed
            self.log.append((sender, data))
            for i, peer in enumerate(self.peers + self.spectators):
                if i == sender:
                    continue
                self.deliver(peer, data)
        raise RuntimeError("the harness passed its round limit")

    @staticmethod
    def deliver(peer: Peer, data: bytes) -> None:
        if peer.machine.halted is not None or peer.machine.abandoned is not None:
            return
        try:
            peer.machine.receive(data)
        except RemoteProtocolError as exc:
            peer.errors.append(exc)
        except LocalProtocolError:
            pass
        peer.drain()
