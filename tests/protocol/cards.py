"""A card game for tests ("cards"): 2–6 seats, a die every turn, a row of face-down cards,
private peeks and claims — everything the engine contract carries, in a few rules.

It registers like any game, through :data:`GAME_INFO`: ``GOLDNET_GAMES=tests.protocol.cards``
with the repository root on ``PYTHONPATH`` (docs/development.md, "Registering a test game"),
or :func:`goldnet.games.register` inside a test.

Rules. The table holds ``2 * seats + 4`` face-down cards, numbered from 0, whose values are
:func:`values` (1 to 4, cycling); the option ``private`` is 0 or 1. Seats play in turn from
seat 0. A turn: the die is rolled (``ChanceOf("die")``, 1 to 6); then the seat on turn plays

- ``("flip", i)``: card ``i`` turns face up. Its value is drawn publicly: with ``private`` 0 by
  a chance request (``ChanceOf("card")``) over the values still face down, each weighted by how
  many cards show it — what network play does today; with ``private`` 1 by a public
  ``RevealOf("cards", i, None)``. A value at most the roll scores its value for the seat.
- ``("peek", i)`` (``private`` 1 only; at most :data:`PEEKS` per seat, a face-down card it has
  not peeked at): ``RevealOf("cards", i, seat)``. Everyone learns that the seat peeked at card
  ``i``; only the seat learns the value (its private knowledge). That ends the turn.

Claims (both variants): once two face-up cards show one value ``v`` that nobody has claimed,
any seat but the one whose turn it is (or whose die is being rolled) may claim
``("pair", v)``: one point, once per value. Everything it depends on is public.

The game ends when every card is face up; the highest score wins, ties share.

Refusal codes: ``game-over``, ``not-awaited`` (nothing of that kind is due), ``malformed``,
``unknown-action``, ``no-card``, ``face-up``, ``no-peeking``, ``no-peeks-left``,
``already-peeked``, ``bad-outcome``, ``bad-card-value``, ``on-turn``, ``no-pair``, ``claimed``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from goldnet.engine import (
    Action,
    Awaiting,
    Bot,
    ChanceOf,
    Deck,
    Event,
    IllegalAction,
    RevealOf,
    Terminal,
    TurnOf,
    Wire,
)
from goldnet.games import GameInfo, Option
from goldnet.rng import Stream
from protocol.codec import pack

NAME = "cards"
DECK = "cards"
PEEKS = 2
"""Peeks per seat and game."""
DIE = ChanceOf("die", tuple((face, 1) for face in range(1, 7)))


def values(seats: int) -> tuple[int, ...]:
    """The cards' values for ``seats`` seats (the deck's contents)."""
    return tuple(1 + i % 4 for i in range(2 * seats + 4))


def _refuse(message: str, code: str, **params: int | str) -> IllegalAction:
    return IllegalAction(message, code=code, **params)


@dataclass(frozen=True)
class View:
    """What one seat (or, with ``seat`` None, anyone) sees.

    ``faces``: each card's value once face up, else None; ``peeked``: per seat, the cards it
    peeked at; ``pairs``: ``(value, seat)`` per claimed pair, in the order claimed; ``known``:
    ``(card, value)`` of the cards this seat peeked at (empty for the public view)."""

    seat: int | None
    private: bool
    faces: tuple[int | None, ...]
    active: int
    roll: int | None
    scores: tuple[int, ...]
    peeks_left: tuple[int, ...]
    peeked: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, int], ...]
    turn: int
    known: tuple[tuple[int, Wire], ...]


class CardsState:
    """A position of the card game; implements :class:`goldnet.engine.GameState`."""

    game = NAME

    def __init__(self, seats: int, private: bool) -> None:
        self.n_seats = seats
        self.private = private
        self.values = values(seats)
        self.faces: list[int | None] = [None] * len(self.values)
        self.active = 0
        self.roll: int | None = None
        self.pending: tuple[str, int] | None = None
        self.scores = [0] * seats
        self.peeks_left = [PEEKS if private else 0] * seats
        self.peeked: list[tuple[int, ...]] = [()] * seats
        self.pairs: list[tuple[int, int]] = []
        self.turn = 0
        self.known: list[dict[int, Wire]] = [{} for _ in range(seats)]
        """Per seat, what it privately saw: card -> value. Never hashed, shown to it alone."""

    # --- what is due -------------------------------------------------------------------

    def _face_down(self) -> list[tuple[Wire, int]]:
        """``(value, how many)`` of the values still face down, by value."""
        left = list(self.values)
        for face in self.faces:
            if face is not None:
                left.remove(face)
        return [(v, left.count(v)) for v in sorted(set(left))]

    def awaiting(self) -> Awaiting:
        if self.pending is not None:
            kind, card = self.pending
            if kind == "peek":
                return RevealOf(DECK, card, self.active)
            if self.private:
                return RevealOf(DECK, card, None)
            return ChanceOf("card", tuple(self._face_down()))
        if None not in self.faces:
            best = max(self.scores)
            winners = tuple(s for s, score in enumerate(self.scores) if score == best)
            return Terminal(tuple(self.scores), winners)
        if self.roll is None:
            return DIE
        return TurnOf(self.active)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.awaiting() != TurnOf(seat):
            return []
        down = [i for i, face in enumerate(self.faces) if face is None]
        out: list[Action] = [("flip", i) for i in down]
        if self.peeks_left[seat] > 0:
            out += [("peek", i) for i in down if i not in self.peeked[seat]]
        return out

    # --- inputs ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        due = self.awaiting()
        if not isinstance(due, TurnOf):
            raise _refuse(f"no move is due now ({type(due).__name__})", "not-awaited")
        seat = due.seat
        if not isinstance(action, tuple) or len(action) != 2 or type(action[1]) is not int:
            raise _refuse(f"not a card action: {action!r}", "malformed", action=repr(action))
        kind, card = action
        if kind not in ("flip", "peek"):
            raise _refuse(f"unknown action {kind!r}", "unknown-action", kind=repr(kind))
        if not 0 <= card < len(self.faces):
            raise _refuse(f"there is no card {card}", "no-card", card=card)
        if self.faces[card] is not None:
            raise _refuse(f"card {card} is face up", "face-up", card=card)
        if kind == "peek":
            if not self.private:
                raise _refuse("this table plays without peeking", "no-peeking")
            if self.peeks_left[seat] == 0:
                raise _refuse(f"seat {seat} has no peek left", "no-peeks-left", seat=seat)
            if card in self.peeked[seat]:
                raise _refuse(f"seat {seat} saw card {card}", "already-peeked", card=card)
            self.peeks_left[seat] -= 1
            self.peeked[seat] = tuple(sorted((*self.peeked[seat], card)))
        self.pending = (kind, card)
        return [Event(kind, seat, (("card", card),))]

    def apply_chance(self, outcome: Wire) -> list[Event]:
        due = self.awaiting()
        if not isinstance(due, ChanceOf):
            raise _refuse("no chance is due now", "not-awaited")
        if type(outcome) is not int or outcome not in dict(due.outcomes):
            raise _refuse(f"{outcome!r} is no outcome of {due.kind}", "bad-outcome")
        if due.kind == "die":
            self.roll = outcome
            return [Event("roll", self.active, (("roll", outcome),))]
        return self._end_turn(self._turn_up(outcome))

    def _turn_up(self, value: int) -> list[Event]:
        assert self.pending is not None and self.roll is not None
        card, seat = self.pending[1], self.active
        self.faces[card] = value
        gain = value if value <= self.roll else 0
        self.scores[seat] += gain
        return [Event("face", seat, (("card", card), ("value", value), ("gain", gain)))]

    def _end_turn(self, events: list[Event]) -> list[Event]:
        self.pending, self.roll = None, None
        self.active = (self.active + 1) % self.n_seats
        self.turn += 1
        return [*events, Event("turn", self.active)]

    def decks(self) -> tuple[Deck, ...]:
        return ((DECK, self.values),) if self.private else ()

    def apply_reveal(self, deck: str, card: int, to: int | None, value: Wire) -> list[Event]:
        if self.awaiting() != RevealOf(deck, card, to):
            raise _refuse(f"no reveal of {deck} {card} is due", "not-awaited")
        possible = dict(self._face_down())
        if (value is not None or to is None) and (type(value) is not int or value not in possible):
            raise _refuse(f"{value!r} is no face-down card value", "bad-card-value")
        if to is None:
            assert isinstance(value, int)
            return self._end_turn(self._turn_up(value))
        if value is not None:
            self.known[to][card] = value
        return self._end_turn([Event("peeked", to, (("card", card),))])

    def claims(self, seat: int) -> list[Action]:
        if isinstance(self.awaiting(), Terminal) or seat == self.active:
            return []
        faces = [f for f in self.faces if f is not None]
        claimed = {v for v, _ in self.pairs}
        return [("pair", v) for v in sorted(set(faces)) if faces.count(v) >= 2 and v not in claimed]

    def apply_claim(self, seat: int, claim: Action) -> list[Event]:
        if isinstance(self.awaiting(), Terminal):
            raise _refuse("the game is over", "game-over")
        if not isinstance(claim, tuple) or len(claim) != 2 or claim[0] != "pair":
            raise _refuse(f"not a claim: {claim!r}", "malformed", action=repr(claim))
        if type(seat) is not int or not 0 <= seat < self.n_seats or type(claim[1]) is not int:
            raise _refuse(f"not a claim: {claim!r}", "malformed", action=repr(claim))
        value = claim[1]
        if seat == self.active:
            raise _refuse(f"seat {seat} is on turn", "on-turn", seat=seat)
        if value in {v for v, _ in self.pairs}:
            raise _refuse(f"the pair of {value} is claimed", "claimed", value=value)
        if [f for f in self.faces if f is not None].count(value) < 2:
            raise _refuse(f"no two cards show {value}", "no-pair", value=value)
        self.pairs.append((value, seat))
        self.scores[seat] += 1
        return [Event("pair", seat, (("value", value),))]

    # --- views -------------------------------------------------------------------------

    def clone(self) -> CardsState:
        other = CardsState.__new__(CardsState)
        other.__dict__.update(self.__dict__)
        for name in ("faces", "scores", "peeks_left", "peeked", "pairs"):
            setattr(other, name, list(getattr(self, name)))
        other.known = [dict(k) for k in self.known]
        return other

    def observation(self, seat: int | None) -> View:
        known = () if seat is None else tuple(sorted(self.known[seat].items()))
        return View(
            seat,
            self.private,
            tuple(self.faces),
            self.active,
            self.roll,
            tuple(self.scores),
            tuple(self.peeks_left),
            tuple(self.peeked),
            tuple(self.pairs),
            self.turn,
            known,
        )

    def public_hash(self) -> bytes:
        public = self.observation(None)
        fields = [NAME, self.n_seats, self.private, public.faces, public.active, public.roll]
        fields += [self.pending, public.scores, public.peeks_left, public.peeked, public.pairs]
        return hashlib.sha256(pack([*fields, public.turn])).digest()


class RandomBot:
    """Uniform over the legal actions; claims whatever it may claim, first one first."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._stream = Stream(NAME, "bot", seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return self._stream.choice(legal_actions)

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        return claims[0] if claims else None


def _new_state(options: tuple[Wire, ...], seats: int) -> CardsState:
    return CardsState(seats, bool(options[0]))


def _make_bot(level: str, seed: int | str) -> Bot:
    if level != "random":
        raise ValueError(f"unknown bot {level!r}: the card game has 'random'")
    return RandomBot(seed)


def _format_result(
    options: tuple[Wire, ...], names: Sequence[str], result: Terminal, turns: int
) -> str:
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
    winners = " and ".join(names[w] for w in result.winners)
    return f"private {options[0]}  {scores}  winner: {winners}  turns: {turns}"


GAME_INFO = GameInfo(
    name=NAME,
    title="Cards (a test game)",
    seats=range(2, 7),
    options=(Option("private", (0, 1), "1: seats may peek at cards privately"),),
    new_state=_new_state,
    bot_levels=("random",),
    make_bot=_make_bot,
    format_result=_format_result,
)
