"""Each seat's own positions along a verified record, rebuilt from the secrets its audit published.

A record's verifier sees what a spectator sees: a card revealed privately to a seat (a Golden
City mission, a lantern's peek) stays unknown to it. Once every member has audited the deal
(:attr:`goldnet.records.Verified.dealt`), every card's value is public, and the game can be
played again input by input (:data:`goldnet.records.Input`) as the machine of ``seat`` played
it: every public input as it was, and each card revealed privately *to that seat* with its
value — a card revealed to another seat stays unknown, as it was to that seat's machine. The
positions are then exactly that seat's own during the game, step for step with the public ones.

Invariants: nothing is read but the verified record's inputs and its audited deal; a seat's
positions never hold another seat's private card; without the audit (a game without cards, or
a record that ends before its audits) no seat view is offered.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from .binding import make_engine
from .engine import Event, GameState, IllegalAction
from .errors import GoldnetError
from .records import Input


class SeatViewError(GoldnetError):
    """The inputs do not replay (a record that verified always does: a bug, or not the same
    record); the message says at which input."""


def seat_states(
    game: str,
    options: tuple[Any, ...],
    seats: int,
    inputs: Sequence[Input],
    dealt: Mapping[str, Sequence[Any]],
    seat: int,
) -> list[GameState]:
    """The rules state of ``seat``'s machine at the start and after each of ``inputs`` (so one
    more state than inputs), its private cards' values taken from ``dealt``.

    Raises:
        SeatViewError: an input the rules refuse, or a card ``dealt`` does not hold.
    """
    return [state for state, _ in seat_steps(game, options, seats, inputs, dealt, seat)]


def seat_steps(
    game: str,
    options: tuple[Any, ...],
    seats: int,
    inputs: Sequence[Input],
    dealt: Mapping[str, Sequence[Any]],
    seat: int,
) -> list[tuple[GameState, tuple[Event, ...]]]:
    """As :func:`seat_states`, each state with the events of the input that led to it (``()``
    for the start): the rules' events as ``seat``'s machine had them.

    Raises:
        SeatViewError: an input the rules refuse, or a card ``dealt`` does not hold.
    """
    binding = make_engine(game, tuple(options), seats)
    steps: list[tuple[GameState, tuple[Event, ...]]] = [(binding.state.clone(), ())]
    for number, applied in enumerate(inputs):
        seen = len(binding.events)
        kind = applied[0]
        try:
            if kind == "action":
                binding.apply_action(applied[1], applied[2])
            elif kind == "outcome":
                binding.apply_outcome(applied[1])
            elif kind == "claim":
                with contextlib.suppress(IllegalAction):  # void there too: nothing changed
                    binding.apply_claim(applied[1], applied[2])
            else:
                _, deck, card, to, value = applied
                if to is not None and to == seat:
                    value = dealt[deck][card]
                binding.apply_card(deck, card, to, value)
        except (LookupError, ValueError, TypeError) as exc:
            raise SeatViewError(f"input {number} ({kind}) does not replay: {exc}") from None
        steps.append((binding.state.clone(), tuple(binding.events[seen:])))
    return steps
