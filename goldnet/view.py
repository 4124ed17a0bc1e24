"""What one seat may know of a game now: its :class:`View`.

A view is made from the rules state a peer holds — which only ever holds what its own seat may
know — and carries nothing else: the seat's observation (:meth:`GameState.observation`, the
public one for a spectator), its legal actions (empty unless it is on turn), what the game
awaits next (public by the engine contract) and the rules' events since the seat's previous
view. The desktop client draws views; bots choose from them (:func:`bot_action`), the same
way a person at the table would.

Invariants: a view is immutable and holds no game state; ``legal`` is non-empty exactly when
``awaiting`` is ``TurnOf(seat)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from .engine import Action, Awaiting, Bot, Claimer, Event, GameState, Terminal, TurnOf


@dataclass(frozen=True)
class View:
    """One seat's view of a game (see the module docstring).

    Attributes:
        seat: whose view it is (``None``: a spectator's, the public view).
        observation: ``state.observation(seat)`` — the game's own observation type.
        legal: the seat's legal actions in canonical order; empty when it is not on turn.
        events: the rules' events since this seat's previous view, oldest first (for
            animations and the turn log).
        awaiting: what the game awaits next (a turn, chance, a reveal, or its end).
        moves: the actions applied since the previous view, ``(seat, action)`` oldest first
            (public: every member signed and broadcast its own).
    """

    seat: int | None
    observation: Any
    legal: tuple[Action, ...]
    events: tuple[Event, ...]
    awaiting: Awaiting
    moves: tuple[tuple[int, Action], ...] = ()

    @property
    def on_turn(self) -> bool:
        """The seat must choose one of :attr:`legal` now."""
        return bool(self.legal)

    @property
    def result(self) -> Terminal | None:
        """The game's end, once reached."""
        return self.awaiting if isinstance(self.awaiting, Terminal) else None


def view_of(
    state: GameState,
    seat: int | None,
    events: Sequence[Event] = (),
    moves: Sequence[tuple[int, Action]] = (),
) -> View:
    """The view of ``seat`` (``None``: a spectator) of ``state``, with the ``events`` and
    ``moves`` since its previous view. Reads ``state`` only."""
    awaiting = state.awaiting()
    due = seat is not None and awaiting == TurnOf(seat)
    legal = tuple(state.legal_actions(seat)) if due and seat is not None else ()
    return View(seat, state.observation(seat), legal, tuple(events), awaiting, tuple(moves))


def bot_action(bot: Bot, view: View) -> Action:
    """What ``bot`` plays on ``view`` (a view on turn): it decides from the seat's observation
    and legal actions only — the one "let a bot play its turn" step of every path (in memory,
    over the network, at the desktop).

    Raises:
        ValueError: the view is not on turn.
    """
    if not view.legal:
        raise ValueError(f"seat {view.seat} is not on turn: a bot has nothing to choose")
    return bot.choose(view.observation, view.legal)


def bot_claim(bot: Bot, observation: Any, claims: Sequence[Action]) -> Action | None:
    """What ``bot`` claims now among ``claims`` (those its seat may make and is not making yet),
    from its seat's ``observation``; None when it makes none, is no
    :class:`~goldnet.engine.Claimer`, or there is nothing to claim — the one "let a bot claim"
    step of every path."""
    # hasattr is what isinstance(bot, Claimer) checks of a runtime-checkable protocol, at a
    # fraction of its cost (this runs at every roll of every bot game)
    if not claims or not hasattr(bot, "claim"):
        return None
    return cast(Claimer, bot).claim(observation, claims)
