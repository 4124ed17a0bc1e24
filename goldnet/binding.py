"""Binds a rules engine to the protocol's lockstep machine.

- :class:`EngineBinding` adapts a :class:`~goldnet.engine.GameState` to
  :class:`protocol.lockstep.Engine`;
- :func:`make_engine` makes any registered game's engine from a table's options (the engine
  factory every lockstep machine of goldnet is given).

Invariants: the binding adds no rule of its own — it translates what the state awaits into the
protocol's typed dues and forwards each step to the state, collecting the rules' events; a
state bound here holds only what its peer's seat may know.

An action is checked by applying it to a clone of the state (the state is never touched by a
check); the clone so made is kept, and applying the same seat's same action next adopts it (and
its events) instead of applying the action a second time: the rules run once per action on a
roll's path, not twice. Anything else applied in between, or another action, drops it; "the
same action" is the very object checked (the machine applies the action object it judged, or
its own move as sent): an equal one applies afresh — equality cannot tell ``True`` from ``1``,
nor ``repr`` an int subclass from an int, and the rules may refuse one and take the other.
The due of a chance request is made once per request object (a frozen value the rules may hand
out again for the same kind of draw), not at each of the machine's several questions per step.

The state hash is kept for the state object it was computed on, and dropped by every step
applied through the binding (the only way the machine changes its state): :meth:`prepare`
computes it ahead, in idle time, for the action due next — the mover signs it and every other
member compares it, both on a roll's path.
"""

from __future__ import annotations

from typing import Any

from protocol.messages import Card, Chance, Due, Over, Turn

from . import games
from .engine import (
    ChanceOf,
    Deck,
    Event,
    GameState,
    IllegalAction,
    RevealOf,
    TurnOf,
    Wire,
)


class EngineBinding:
    """A game state seen through the protocol's :class:`~protocol.lockstep.Engine` interface.

    ``events`` collects the engine's events (for the UI and logs) as actions are applied.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self._checked: tuple[GameState, int, Any, GameState, list[Event]] | None = None
        """(state checked on, seat, the action object checked, the clone it made, its events)."""
        self._chance: tuple[ChanceOf, Chance] | None = None
        """The last chance request seen and its due (asked several times per step)."""
        self._hash: tuple[GameState, bytes] | None = None
        """The state hash and the state object it is of (dropped by every step applied)."""

    def due(self) -> Due:
        request = self.state.awaiting()
        if isinstance(request, TurnOf):
            return Turn(request.seat)
        if isinstance(request, ChanceOf):
            last = self._chance
            if last is not None and last[0] is request:  # the very (frozen) request object
                return last[1]
            due = Chance(request.weights)
            self._chance = (request, due)
            return due
        if isinstance(request, RevealOf):
            return Card(request.deck, request.card, request.to)
        return Over(request)

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        request = self.state.awaiting()
        if not isinstance(request, TurnOf) or request.seat != seat:
            raise IllegalAction(f"it is not seat {seat}'s turn", code="not-your-turn", seat=seat)
        self._checked = None
        trial = self.state.clone()
        events = trial.apply(action)
        self._checked = (self.state, seat, action, trial, events)

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self._hash = None
        checked, self._checked = self._checked, None
        if checked is not None:
            state, checked_seat, checked_action, trial, events = checked
            if state is self.state and checked_seat == seat and checked_action is action:
                self.state = trial  # what applying it here would give: the rules ran once
                self.events.extend(events)
                return
        self.events.extend(self.state.apply(action))

    def apply_outcome(self, index: int) -> None:
        self._checked = self._hash = None
        request = self.state.awaiting()
        assert isinstance(request, ChanceOf)
        self.events.extend(self.state.apply_chance(request.outcomes[index][0]))

    def check_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        """Raises: IllegalAction (a ValueError) when the rules refuse ``seat``'s claim now."""
        self._checked = None
        self.state.clone().apply_claim(seat, claim)

    def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        """Raises: IllegalAction, the state unchanged, when the claim is no longer legal."""
        self._checked = self._hash = None
        self.events.extend(self.state.apply_claim(seat, claim))

    def apply_card(self, deck: str, card: int, to: int | None, value: Wire) -> None:
        self._checked = self._hash = None
        self.events.extend(self.state.apply_reveal(deck, card, to, value))

    def state_hash(self) -> bytes:
        cached = self._hash
        if cached is not None and cached[0] is self.state:
            return cached[1]
        hash_ = self.state.public_hash()
        self._hash = (self.state, hash_)
        return hash_

    def prepare(self) -> None:
        """Compute ahead, for idle time, what the next step needs if it is an action: the
        state hash (the mover signs it, the others compare it)."""
        if isinstance(self.state.awaiting(), TurnOf):
            self.state_hash()

    def decks(self) -> tuple[Deck, ...]:
        return self.state.decks()


def make_engine(game: str, options: tuple[Any, ...], seats: int) -> EngineBinding:
    """A new game's engine from a table's game name, options and seat count, through the game
    registry (:mod:`goldnet.games`).

    Raises:
        ValueError: an unknown game, wrong options or a wrong number of seats.
    """
    return EngineBinding(games.get(game).make(options, seats))
