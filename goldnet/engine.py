"""The state interface every game implements, modelled on OpenSpiel's State API, adapted to
peers that each hold different secrets.

A game state is pure data plus pure functions: no I/O, no clock, no ``random``, no floats, no
iteration over containers whose order could differ between peers. Same inputs, same bytes.

What happens next is told by :meth:`GameState.awaiting`:

- :class:`TurnOf` — a seat must choose one of ``legal_actions(seat)``;
- :class:`ChanceOf` — the engine needs a random outcome, given as outcomes with **integer
  weights**; it never draws itself: offline play uses :class:`goldnet.rng.Stream`, network play
  the dice beacon;
- :class:`RevealOf` — a face-down card of a named deck must be revealed, to everyone or to one
  seat (fulfilled offline and in tests by :class:`goldnet.local_deck.LocalDeck`; in network play
  by the deck protocol, which does not exist yet for private reveals);
- :class:`Terminal` — the game is over.

**Cards and private knowledge.** A game that holds hidden cards names its decks and their
contents in :meth:`GameState.decks`; the engine only ever holds **card handles** (a deck's name
and a card number), never a card's value before it is revealed. :meth:`GameState.apply_reveal`
fulfils a :class:`RevealOf`: a public reveal (``to`` None) puts the value into the public state;
a private reveal (``to`` a seat) records publicly *that* the seat saw the card, and the value —
given only to the state of a peer entitled to it, None everywhere else — goes into that seat's
**private knowledge**. Private knowledge lives beside the public state: it is never hashed into
:meth:`GameState.public_hash` (peers that know different things compute equal hashes), never
part of ``observation(other seat)`` or ``observation(None)``; ``observation(seat)`` includes
that seat's own knowledge. One state may hold several seats' knowledge (offline self-play, where
one trusted process deals), and still shows each seat only its own.

**Claims.** Inputs that no turn asks for (a mission-fulfilled claim) are **claims**:
:meth:`GameState.claims` lists the claims a seat may make now, whoever's turn it is, and
:meth:`GameState.apply_claim` applies one. Whether a claim is legal depends on the public state
only (every peer must judge it alike), and a claim never changes what is awaited (whose turn,
which chance with which weights, which reveal). *When* a claim applies is not the engine's
business: in network play a claim rides in its sender's next beacon reveal and applies at that
draw, in seat order, before the draw's outcome (``docs/protocol.md``) — and since the last
member to reveal knows that outcome when it signs its claims, a claim that changed the draw
would let it steer the draw.

Actions and claims are tuples of wire values (``None``, ``bool``, ``int``, ``str``, ``bytes``
and nested tuples) in one canonical form per game, so that they encode to one msgpack byte
string.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, runtime_checkable

Wire: TypeAlias = "bool | int | str | bytes | tuple[Wire, ...] | None"
"""A msgpack-able value with one canonical encoding (no floats, no maps)."""

Action: TypeAlias = tuple[Wire, ...]
"""A seat's move in canonical form, e.g. ``("reveal", "0,0", "2,0")``."""


RefusalArg: TypeAlias = "int | str"
"""The value of a refusal's named argument: a number, a field ``"q,r"``, a name, or the
``repr`` of a malformed value."""

UNSPECIFIED = "illegal"
"""The code of a refusal whose raiser gave none: the UI can only say that the action is not
allowed."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused, in a form the UI can put in any language.

    Attributes:
        code: names the rule that refuses, e.g. ``"line-length"``; each game documents its
            codes (for Mountains & Rivers: ``docs/rules/mountains-rivers.md``).
        params: the refusal's named arguments, sorted by name, e.g.
            ``(("n", 4), ("roll", 3))``.
    """

    code: str
    params: tuple[tuple[str, RefusalArg], ...] = ()

    def get(self, name: str, default: RefusalArg | None = None) -> RefusalArg | None:
        """The argument named ``name``."""
        for key, value in self.params:
            if key == name:
                return value
        return default


class IllegalAction(ValueError):
    """An action that is not legal in the current state; the state is unchanged.

    ``str(exc)`` says why in English words a player understands (logs, scenario output and a
    halted game's reason show it); :attr:`refusal` says it as a code with named arguments, for
    a UI to word in the player's language.

    ``IllegalAction(message, code="line-length", roll=3, n=4)``; without ``code`` the refusal
    is :data:`UNSPECIFIED`.
    """

    def __init__(self, message: str, *, code: str = UNSPECIFIED, **params: RefusalArg) -> None:
        super().__init__(message)
        self.refusal = Refusal(code, tuple(sorted(params.items())))

    @property
    def code(self) -> str:
        """The refusal's code (see :class:`Refusal`)."""
        return self.refusal.code

    def __reduce__(self) -> tuple[Any, ...]:
        return (_illegal_action, (str(self), self.refusal))


def _illegal_action(message: str, refusal: Refusal) -> IllegalAction:
    """Rebuild a pickled :class:`IllegalAction`."""
    return IllegalAction(message, code=refusal.code, **dict(refusal.params))


@dataclass(frozen=True, slots=True)
class TurnOf:
    """Seat ``seat`` must choose an action."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChanceOf:
    """A random outcome is needed.

    Attributes:
        kind: what is drawn, e.g. ``"roll"`` (used in logs and records).
        outcomes: ``(outcome, weight)`` pairs with positive integer weights; the probability of
            an outcome is its weight over the sum of weights. Outcomes are wire values.
    """

    kind: str
    outcomes: tuple[tuple[Wire, int], ...]

    def __post_init__(self) -> None:
        if not self.outcomes or any(w <= 0 for _, w in self.outcomes):
            raise ValueError("a chance request needs outcomes with positive integer weights")

    @property
    def weights(self) -> tuple[int, ...]:
        """The integer weights, in outcome order."""
        return tuple(w for _, w in self.outcomes)


@dataclass(frozen=True, slots=True)
class RevealOf:
    """Card ``card`` of deck ``deck`` must be revealed to seat ``to``, or to everyone when ``to``
    is None.

    Attributes:
        deck: the deck's name, one of :meth:`GameState.decks`.
        card: the card's handle: its number in the deck, ``0 <= card < len(deck)``; which value
            it holds is the dealer's secret until it is revealed.
        to: the one seat entitled to see it (a private reveal), or None (a public reveal).
    """

    deck: str
    card: int
    to: int | None


@dataclass(frozen=True, slots=True)
class Terminal:
    """The game is over.

    Attributes:
        scores: final score per seat.
        winners: the winning seats (several when they share the win).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Awaiting: TypeAlias = TurnOf | ChanceOf | RevealOf | Terminal


@dataclass(frozen=True, slots=True)
class Event:
    """Something that changed, for the UI's animations and the turn log.

    Attributes:
        kind: e.g. ``"roll"``, ``"reveal"``, ``"bury"``, ``"collect"``, ``"turn"``, ``"end"``.
        seat: the seat concerned, or None.
        data: kind-specific details (plain values only).
    """

    kind: str
    seat: int | None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """The detail named ``key``."""
        for k, v in self.data:
            if k == key:
                return v
        return default


Deck: TypeAlias = tuple[str, tuple[Wire, ...]]
"""A deck's name and the values of its cards, in a canonical order (the contents are public;
the order in which they lie face down is what the dealer keeps secret)."""


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers (see the module's description of cards, private
    knowledge and claims). A game without cards or claims inherits the last four methods from
    :class:`PerfectInformation`."""

    game: str
    """The game's identifier, e.g. ``"mountains-rivers"``."""

    n_seats: int

    def awaiting(self) -> Awaiting:
        """What happens next."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in canonical order (empty if not their turn)."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply the awaited seat's ``action``.

        Raises:
            IllegalAction: not legal now; the state is unchanged.
        """
        ...

    def apply_chance(self, outcome: Wire) -> list[Event]:
        """Fulfil the pending :class:`ChanceOf` with ``outcome``.

        Raises:
            IllegalAction: no chance is pending or ``outcome`` is not one of its outcomes.
        """
        ...

    def decks(self) -> tuple[Deck, ...]:
        """The game's face-down decks, each a name and its cards' values (empty: no cards).
        The same for every state of one game."""
        ...

    def apply_reveal(self, deck: str, card: int, to: int | None, value: Wire) -> list[Event]:
        """Fulfil the pending :class:`RevealOf` ``(deck, card, to)``.

        ``value`` is the card's value; for a private reveal (``to`` a seat) it is None in the
        state of a peer not entitled to see the card: that state learns only that seat ``to``
        saw it. A public reveal's value goes into the public state; a private one into seat
        ``to``'s private knowledge, which is never hashed and never shown to another seat.

        Raises:
            IllegalAction: no such reveal is pending, or ``value`` is no value of that deck (or
                None for a public reveal); the state is unchanged.
        """
        ...

    def claims(self, seat: int) -> list[Action]:
        """Every claim ``seat`` may make now, in canonical order (empty: none). Judged on the
        public state alone."""
        ...

    def apply_claim(self, seat: int, claim: Action) -> list[Event]:
        """Apply ``seat``'s ``claim``; :meth:`awaiting` is the same before and after.

        Raises:
            IllegalAction: not one of ``claims(seat)`` now; the state is unchanged.
        """
        ...

    def clone(self) -> GameState:
        """An independent copy (private knowledge included)."""
        ...

    def observation(self, seat: int | None) -> Any:
        """Everything ``seat`` may see: the public state and that seat's own private knowledge;
        ``None`` gives the public view. Never another seat's private knowledge."""
        ...

    def public_hash(self) -> bytes:
        """SHA-256 of the canonical encoding of the public state (32 bytes); private knowledge
        is never part of it."""
        ...


class PerfectInformation:
    """The cards-and-claims half of :class:`GameState` for a game that has neither: no deck,
    nothing to reveal, no claim. A state class inherits it (it adds no slots)."""

    __slots__ = ()

    def decks(self) -> tuple[Deck, ...]:
        """No decks."""
        return ()

    def apply_reveal(self, deck: str, card: int, to: int | None, value: Wire) -> list[Event]:
        """Raises: IllegalAction (code ``"no-reveal"``): the game has no cards."""
        raise IllegalAction("this game has no cards to reveal", code="no-reveal")

    def claims(self, seat: int) -> list[Action]:
        """No claims."""
        return []

    def apply_claim(self, seat: int, claim: Action) -> list[Event]:
        """Raises: IllegalAction (code ``"no-claim"``): the game has no claims."""
        raise IllegalAction("this game has no claims", code="no-claim")


class Bot(Protocol):
    """A player program: decides only from what its seat may see."""

    name: str

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions`` (non-empty)."""
        ...


@runtime_checkable
class Claimer(Protocol):
    """A bot that also makes claims (optional beside :class:`Bot`)."""

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        """One of ``claims`` (non-empty) to make now, or None to make none."""
        ...
