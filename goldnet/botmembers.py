"""The members of a game against bots (:mod:`goldnet.botgame`) and what rebuilds them from a
journal: no Qt, no I/O here.

- :class:`Member`: one seat's identity, lockstep machine, bot level and bot, and how many of its
  beacon seeds the journal holds.
- :class:`Watched`: the player's engine, which tells the game around each step it applies (the
  player's views are made from the player's own machine: what that seat may know).
- :func:`deck_seed`: each member's deck seed, derived from the journalled dealer's seed, so a
  resumed game deals the same cards; :func:`local_dealer`: the trusted dealer of a game that
  saves no record.
- :func:`relay_order`: the journalled envelopes in the order the in-memory relay passed them on.

Invariants: every function here is a pure function of its arguments (no clock, no randomness,
no unordered iteration): the same journal always rebuilds the same order and the same seeds; an
envelope or journal that does not decode is a :class:`BotGameError` naming the journal, never
a traceback.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from protocol.envelope import Envelope
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity
from protocol.lockstep import Lockstep

from . import games
from .binding import EngineBinding, make_engine
from .engine import Action, Bot, GameState
from .errors import GoldnetError
from .local_deck import LocalDeck
from .net.journal import JournalState
from .rng import Stream


class BotGameError(GoldnetError):
    """A game against bots that cannot be started or resumed; the message says why."""


@dataclass
class Member:
    """One member: its seat, identity, machine, bot level (``""``: the player) and bot."""

    seat: int
    identity: Identity
    machine: Lockstep
    level: str = ""
    bot: Bot | None = None
    seeds: int = 0
    """Beacon seeds of this member already in the journal."""


class Watched(EngineBinding):
    """The player's engine: calls ``before()`` before each step it applies (the game's start
    is viewed before the first) and ``after(move)`` after it (``move``: ``(seat, action)`` for
    an action, ``None`` for a die, a claim or a card) — a view per step."""

    def __init__(
        self,
        binding: EngineBinding,
        before: Callable[[], None],
        after: Callable[[tuple[int, Action] | None], None],
    ) -> None:
        super().__init__(binding.state)
        self._before = before
        self._after = after

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self._before()
        super().apply_action(seat, action)
        self._after((seat, tuple(action)))

    def apply_outcome(self, index: int) -> None:
        self._before()
        super().apply_outcome(index)
        self._after(None)

    def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        self._before()
        super().apply_claim(seat, claim)  # IllegalAction: void, nothing changed, nothing told
        self._after(None)

    def apply_card(self, deck: str, card: int, to: int | None, value: Any) -> None:
        self._before()
        super().apply_card(deck, card, to, value)
        self._after(None)


def engines_from(start: GameState | None) -> Callable[[str, tuple[Any, ...], int], EngineBinding]:
    """The machines' engine factory: the game's new state, or a clone of ``start``."""
    if start is None:
        return make_engine
    return lambda _game, _options, _seats: EngineBinding(start.clone())


def local_dealer(
    game: str, options: tuple[Any, ...], seats: int, seed: bytes, start: GameState | None
) -> LocalDeck | None:
    """The trusted local dealer of a game with cards (``None`` for a game without)."""
    state = start if start is not None else games.get(game).make(tuple(options), seats)
    if not state.decks():
        return None
    return LocalDeck(state.decks(), Stream(seed.hex(), "deck"))


def deck_seed(dealer: bytes, seat: int) -> bytes:
    """The deck seed (32 bytes) of the member at ``seat`` of a game against bots whose dealer's
    seed (journalled before the game starts) is ``dealer``."""
    return hashlib.sha256(b"goldnet/botgame/deck\x00" + dealer + bytes([seat])).digest()


def relay_order(state: JournalState) -> list[tuple[bytes, bytes]]:
    """``(sender key, envelope)`` of every journalled envelope in the relay's order: each bot
    envelope at its index, the player's filling the places between, in their own order.

    Raises:
        BotGameError: an envelope that does not decode.
    """
    indexed = dict(state.incoming)
    own = deque(state.outgoing)
    order: list[bytes] = []
    index = 0
    while indexed or own:
        if index in indexed:
            order.append(indexed.pop(index))
        elif own:
            order.append(own.popleft())
        else:  # a gap with nothing of the player's to fill it: keep the rest in order
            order.extend(indexed.pop(i) for i in sorted(indexed))
        index += 1
    try:
        return [(Envelope.decode(data).sender, data) for data in order]
    except RemoteProtocolError as exc:
        raise BotGameError(f"the journal {state.path} is damaged: {exc}") from None


def digest(data: bytes) -> bytes:
    """An envelope's SHA-256 (how the game knows which envelopes the journal holds)."""
    return hashlib.sha256(data).digest()
