"""A toy game for the protocol tests, and a small in-memory driver of lockstep machines.

The toy game: each round throws one die with the 1–5 weights of the Mountains & Rivers tiles
(1, 2, 2, 2, 1), then the seat whose turn it is plays ``("take", k)`` with ``1 <= k <= roll``;
taken points add to that seat's score. The game ends after ``rounds`` rounds. Claims: any seat
may claim ``("token", k)`` for one of the :data:`TOKENS` tokens nobody holds yet (the first
claim applied gets it). Everything a lockstep machine needs (turns, chance, claims, legality, a
public hash) in a few lines, with any number of seats.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from protocol.codec import pack
from protocol.errors import RemoteProtocolError
from protocol.events import Drawn, Forward, GameAbandoned, GameOver, Secret, Transmit, YourTurn
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, Lockstep
from protocol.messages import Chance, Due, Over, Turn
from protocol.sampling import HashStream
from tests.forge import resign

WEIGHTS = (1, 2, 2, 2, 1)
GAME = "toy"
TOKENS = 10


class ToyEngine:
    """The toy game; implements :class:`protocol.lockstep.Engine`."""

    def __init__(self, seats: int, rounds: int) -> None:
        self.seats = seats
        self.rounds = rounds
        self.round = 0
        self.roll: int | None = None
        self.scores = [0] * seats
        self.outcomes: list[int] = []
        self.tokens: dict[int, int] = {}
        """Token -> the seat that claimed it."""

    def due(self) -> Due:
        if self.round >= self.rounds:
            return Over(tuple(self.scores))
        if self.roll is None:
            return Chance(WEIGHTS)
        return Turn(self.round % self.seats)

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        due = self.due()
        if not isinstance(due, Turn) or due.seat != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        if (
            len(action) != 2
            or action[0] != "take"
            or not isinstance(action[1], int)
            or isinstance(action[1], bool)
        ):
            raise ValueError(f"not a toy action: {action!r}")
        assert self.roll is not None
        if not 1 <= action[1] <= self.roll:
            raise ValueError(f"take 1 to {self.roll}, not {action[1]}")

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self.scores[seat] += action[1]
        self.round += 1
        self.roll = None

    def apply_outcome(self, index: int) -> None:
        self.outcomes.append(index)
        self.roll = index + 1

    def check_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        if len(claim) != 2 or claim[0] != "token" or type(claim[1]) is not int:
            raise ValueError(f"not a toy claim: {claim!r}")
        if not 0 <= claim[1] < TOKENS:
            raise ValueError(f"there is no token {claim[1]}")
        if claim[1] in self.tokens or self.round >= self.rounds:
            raise ValueError(f"token {claim[1]} is taken")

    def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        self.check_claim(seat, claim)
        self.tokens[claim[1]] = seat

    def apply_card(self, deck: str, card: int, to: int | None, value: Any) -> None:
        raise ValueError("the toy game has no cards")

    def decks(self) -> tuple[tuple[str, tuple[Any, ...]], ...]:
        return ()

    def state_hash(self) -> bytes:
        tokens = [tuple(sorted(self.tokens.items()))] if self.tokens else []
        return hashlib.sha256(
            pack([GAME, self.round, self.roll, tuple(self.scores), *tokens])
        ).digest()


def toy_engines(rounds: int = 12) -> Callable[[str, tuple[Any, ...], int], ToyEngine]:
    """An engine factory for tables of the game ``"toy"`` (no options)."""

    def make(game: str, options: tuple[Any, ...], seats: int) -> ToyEngine:
        if game != GAME or options != ():
            raise ValueError(f"unknown game {game!r} {options!r}")
        return ToyEngine(seats, rounds)

    return make


def key(label: str) -> Identity:
    """A fixed identity named by ``label``."""
    return Identity(hashlib.sha256(b"toy/key/" + label.encode()).digest())


def seed(label: str, index: int = 0) -> bytes:
    """A fixed beacon seed named by ``label`` for chain ``index``."""
    return hashlib.sha256(b"toy/seed/" + label.encode() + index.to_bytes(4, "big")).digest()


def entropy(label: str) -> Callable[[int], bytes]:
    """Fixed "entropy" for ``label``: its seeds for chains 0, 1, 2, ... in turn."""
    count = iter(range(1 << 30))

    def draw(size: int) -> bytes:
        assert size == 32
        return seed(label, next(count))

    return draw


class Node:
    """One toy peer: a lockstep machine, the envelopes it must send, and what it refused.

    It plays ``("take", roll)`` — or a move from ``moves`` when given — whenever its turn comes.
    """

    def __init__(self, label: str, machine: Lockstep) -> None:
        self.label = label
        self.machine = machine
        self.outbox: deque[bytes] = deque()
        self.errors: list[RemoteProtocolError] = []
        self.result: Any = None
        self.events: list[Any] = []
        self.secrets: list[bytes] = []
        self.sent: list[bytes] = []
        """Every envelope this node's machine made (its journal of own envelopes)."""
        self.abandoned: GameAbandoned | None = None
        self.idle = False
        """An idle node (its player away) lets its turns pass without playing."""
        self.plan: dict[int, list[tuple[Any, ...]]] = {}
        """Claims to queue once the given draw is drawn (they ride in the next reveal)."""

    @property
    def engine(self) -> ToyEngine:
        assert isinstance(self.machine.engine, ToyEngine)
        return self.machine.engine

    def drain(self) -> None:
        while (event := self.machine.next_event()) is not NEED_DATA:
            self.events.append(event)
            if isinstance(event, (Transmit, Forward)):
                self.outbox.append(event.data)
                if isinstance(event, Transmit):
                    self.sent.append(event.data)
            elif isinstance(event, Secret):
                self.secrets.append(event.seed)
            elif isinstance(event, YourTurn) and not self.idle:
                roll = self.engine.roll
                assert roll is not None
                self.machine.send(("take", roll))
            elif isinstance(event, GameOver):
                self.result = event.result
            elif isinstance(event, GameAbandoned):
                self.abandoned = event
            elif isinstance(event, Drawn):
                for claim in self.plan.pop(event.draw, []):
                    self.machine.claim(claim)

    @property
    def key(self) -> bytes:
        """This node's public key."""
        assert self.machine.identity is not None
        return self.machine.identity.public

    def deliver(self, data: bytes) -> None:
        if self.machine.halted is not None or self.machine.abandoned is not None:
            return
        try:
            self.machine.receive(data)
        except RemoteProtocolError as exc:
            self.errors.append(exc)
        self.drain()


def make_nodes(
    n: int,
    *,
    prefix: str = "p",
    rounds: int = 12,
    chain_length: int = 512,
    clock: Callable[[], int] = lambda: 0,
) -> list[Node]:
    """``n`` toy peers with fixed keys and seeds."""
    nodes = []
    for i in range(n):
        label = f"{prefix}{i}"
        machine = Lockstep(
            key(label),
            toy_engines(rounds),
            clock=clock,
            entropy=entropy(label),
            chain_length=chain_length,
        )
        nodes.append(Node(label, machine))
    return nodes


NONCE = b"toy-table-nonce-0123456789"


def propose(
    nodes: Sequence[Node], names: Sequence[str] | None = None, abandon_after: int | None = None
) -> None:
    """Node 0 proposes a toy table of every node, in order."""
    members = tuple(node.machine.identity.public for node in nodes if node.machine.identity)
    labels = tuple(names) if names is not None else tuple(node.label for node in nodes)
    nodes[0].machine.propose(GAME, (), members, labels, NONCE, abandon_after)
    nodes[0].drain()


Tamper = Callable[[Node, bytes], list[bytes]]
"""What a relay delivers in place of one envelope a node sent (``[data]`` for honesty)."""
Route = Callable[[Node, Node, bytes], list[bytes]]
"""What a relay delivers to one receiver in place of one envelope a node sent."""


def relay(
    nodes: Sequence[Node],
    *,
    tamper: Tamper | None = None,
    route: Route | None = None,
    watchers: Sequence[Node] = (),
    max_steps: int = 200_000,
) -> None:
    """Deliver every envelope to every other node (and to ``watchers``, spectators that send
    nothing), in the order sent, until all is quiet; ``tamper`` may replace, drop or add
    envelopes in flight, ``route`` do so per receiver."""
    for _ in range(max_steps):
        sender = next((n for n in nodes if n.outbox), None)
        if sender is None:
            return
        data = sender.outbox.popleft()
        for item in tamper(sender, data) if tamper else [data]:
            for node in [*nodes, *watchers]:
                if node is not sender:
                    for out in route(sender, node, item) if route else [item]:
                        node.deliver(out)
    raise AssertionError("the relay did not settle")


def scrambled_relay(nodes: Sequence[Node], seed: bytes) -> None:
    """Deliver every envelope to every other node over separate first-in first-out links,
    choosing which link delivers next from a seeded stream: each sender's envelopes arrive in
    order, but the interleaving of senders differs at every receiver."""
    stream = HashStream(seed)
    links: dict[tuple[int, int], deque[bytes]] = {
        (a, b): deque() for a in range(len(nodes)) for b in range(len(nodes)) if a != b
    }
    while True:
        for a, node in enumerate(nodes):
            while node.outbox:
                data = node.outbox.popleft()
                for b in range(len(nodes)):
                    if b != a:
                        links[a, b].append(data)
        busy = [link for link, queue in links.items() if queue]
        if not busy:
            return
        a, b = busy[stream.below(len(busy))]
        nodes[b].deliver(links[a, b].popleft())


def reseal(node: Node, data: bytes, **changes: Any) -> bytes:
    """``data`` signed again by ``node`` with some fields changed (``type_``, ``game_id``,
    ``seq``, ``prev``, ``body``, ``seen``): what a cheating member can send."""
    identity = node.machine.identity
    assert identity is not None
    return resign(identity, data, **changes)


def spectate(record: Sequence[bytes], rounds: int = 12) -> Lockstep:
    """A spectator machine fed ``record`` (raises what the machine raises)."""
    machine = Lockstep(None, toy_engines(rounds))
    for data in record:
        machine.receive(data)
    return machine


def watcher(rounds: int = 12) -> Node:
    """A spectator node (to pass to :func:`relay` as a watcher)."""
    return Node("watcher", Lockstep(None, toy_engines(rounds)))


def played(n: int = 2, **kwargs: Any) -> list[Node]:
    """``n`` toy peers after a whole honest game (``kwargs`` go to :func:`make_nodes`)."""
    nodes = make_nodes(n, **kwargs)
    propose(nodes)
    relay(nodes)
    return nodes
