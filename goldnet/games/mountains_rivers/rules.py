"""The rules of Mountains & Rivers as docs/rules/mountains-rivers.md states them ("A turn" N: step
N of its section "A turn"; quoted phrases are the game's rule text).

A turn: the range is recomputed from the face-down markers; unless it is free choice the tiles
still in play are thrown (a :class:`~goldnet.engine.ChanceOf` request); then the active seat
reveals a straight line of exactly the rolled number of face-down markers, or buries one exposed
gold marker with a shovel; collection follows at once; then the other seat's turn begins.

Actions (canonical form, fields written ``"q,r"``):

- ``("reveal", a, b)`` — turn up the straight line from field ``a`` to field ``b``; ``a`` is the
  end with the smaller field number; ``a == b`` for a single marker.
- ``("bury", f)`` — turn exposed gold marker ``f`` face down, handing a shovel to the opponent.

Actions are named and parsed by :mod:`.actions` (re-exported here: ``FIELD_NAMES``,
``reveal_action``, ``bury_action``); the tiles and the range are :mod:`.tiles` (re-exported:
``FREE``, ``RANGE_NAMES``, ``TILES``, ``ROLL_REQUESTS``, ``tile_faces``, ``range_of``,
``range_pad``). Every refusal is an
:class:`~goldnet.engine.IllegalAction` built by :func:`.refusals.refuse`: it carries one of the
codes of :data:`.refusals.REFUSALS` with its arguments.

Invariants: every field is exactly one of face-down, gold (revealed) or empty (collected);
``sum(scores) + gold-on-board + face-down == 91``; shovels always sum to 4.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

import msgpack

from ...engine import (
    Action,
    Awaiting,
    Event,
    PerfectInformation,
    Terminal,
    TurnOf,
    Wire,
)
from .actions import FIELD_NAMES, bury_action, field_number, reveal_action
from .board import FAMILY_NAMES, MOUNTAINS, RIVERS, Board
from .geometry import (
    FIELD_AT_PAD,
    LINES,
    N_FIELDS,
    PAD_ALL,
    PAD_POS,
    PAD_STEPS,
    PAD_WIDTH,
    from_pad,
    line_starts,
    pad_fields,
    to_pad,
)
from .refusals import refuse, shown
from .tiles import FREE as FREE
from .tiles import RANGE_NAMES as RANGE_NAMES
from .tiles import ROLL_REQUESTS as ROLL_REQUESTS
from .tiles import TILES as TILES
from .tiles import _count_lines
from .tiles import range_of as range_of
from .tiles import range_pad as range_pad
from .tiles import tile_faces as tile_faces

GAME = "mountains-rivers"
N_SEATS = 2
START_SHOVELS = 2
"""Rule text: "Each player starts with two shovels"."""

_FACES: dict[tuple[int, int], tuple[int, ...]] = {
    (rng, roll): tile_faces(rng, roll) for rng in TILES for roll in range(1, 6) if roll <= rng
}
"""The faces drawn for each (range, roll)."""

_PAD_SIZE = PAD_WIDTH * (PAD_WIDTH - 1)

_NO_FIELDS = (-1, -1, 0, 0)
"""The memo of :meth:`State._field_masks` before its first use (no mask is negative)."""


def _reveal_table() -> tuple[tuple[tuple[Action | None, ...], ...], ...]:
    """``table[n][axis][p]``: the canonical reveal of the line of ``n`` fields that starts at
    padded bit ``p`` and runs towards larger bits along ``axis`` (None where there is none)."""
    table: list[tuple[tuple[Action | None, ...], ...]] = []
    for n in range(len(LINES)):
        per_axis = []
        for step in PAD_STEPS:
            row: list[Action | None] = [None] * _PAD_SIZE
            if n:
                for p in PAD_POS:
                    end = p + (n - 1) * step
                    if all(p + k * step in FIELD_AT_PAD for k in range(n)):
                        row[p] = (
                            "reveal",
                            FIELD_NAMES[FIELD_AT_PAD[p]],
                            FIELD_NAMES[FIELD_AT_PAD[end]],
                        )
            per_axis.append(tuple(row))
        table.append(tuple(per_axis))
    return tuple(table)


_REVEALS = _reveal_table()

_LINE_BY_ENDS: dict[tuple[int, int], tuple[int, int]] = {}
for _n in range(1, len(LINES)):
    for _mask, _idx in LINES[_n]:
        _LINE_BY_ENDS[(min(_idx[0], _idx[-1]), max(_idx[0], _idx[-1]))] = (to_pad(_mask), _n)

_BURY_ACTIONS: dict[int, Action] = {
    PAD_POS[f]: ("bury", name) for f, name in enumerate(FIELD_NAMES)
}


_PAD_BYTES = (_PAD_SIZE + 7) // 8
_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if value >> i & 1) for value in range(256))
    for k in range(_PAD_BYTES)
)
"""``_BYTE_BITS[k][v]``: the absolute bit numbers set in byte ``k`` of value ``v``."""


def _bits(pad: int) -> list[int]:
    """The set bits of padded mask ``pad``, ascending (a byte at a time: this is hot)."""
    out: list[int] = []
    for table, value in zip(_BYTE_BITS, pad.to_bytes(_PAD_BYTES, "little"), strict=True):
        if value:
            out.extend(table[value])
    return out


@dataclass(frozen=True, slots=True)
class _PadBoard:
    """A board's territories on the padded grid, for the rules' hot paths."""

    territories: tuple[tuple[int, ...], tuple[int, ...]]
    """Padded masks per family (mountains, rivers)."""
    owner: tuple[tuple[int, int] | None, ...]
    """Per padded bit: (mountain index, river index) of that field."""


@lru_cache(maxsize=64)
def _pad_board(board: Board) -> _PadBoard:
    owner: list[tuple[int, int] | None] = [None] * _PAD_SIZE
    for f, p in enumerate(PAD_POS):
        owner[p] = (board.mountain_of[f], board.river_of[f])
    return _PadBoard(
        (tuple(to_pad(m) for m in board.mountains), tuple(to_pad(m) for m in board.rivers)),
        tuple(owner),
    )


@dataclass(frozen=True, slots=True)
class Observation:
    """The public view of a position (Mountains & Rivers has no secrets).

    Attributes:
        board: the board being played.
        facedown, gold: bitmasks of face-down markers and exposed gold; the rest is empty.
        scores, shovels: per seat.
        active: the seat to move, or None once finished.
        range_: 5, 4, 3, :data:`FREE`, or None once finished.
        roll: the thrown roll of this turn, or None (not yet thrown, or free choice).
        turn: the number of turns confirmed so far.
    """

    board: Board
    facedown: int
    gold: int
    scores: tuple[int, int]
    shovels: tuple[int, int]
    active: int | None
    range_: int | None
    roll: int | None
    turn: int


class State(PerfectInformation):
    """A Mountains & Rivers position; implements :class:`goldnet.engine.GameState` (no cards,
    no claims: :class:`~goldnet.engine.PerfectInformation`).

    Build a new game with ``State(board)``; a custom position with :meth:`from_position`.
    ``facedown`` and ``gold`` are padded-grid masks (see :mod:`.geometry`); the field-number
    masks are :attr:`facedown_fields`, :attr:`gold_fields` and :attr:`empty_fields`.
    """

    game = GAME
    n_seats = N_SEATS

    __slots__ = (
        "_fields",
        "_geo",
        "active",
        "board",
        "facedown",
        "gold",
        "range_",
        "roll",
        "scores",
        "shovels",
        "turn",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        self._geo = _pad_board(board)
        self._fields = _NO_FIELDS
        self.facedown = PAD_ALL
        self.gold = 0
        self.scores = [0, 0]
        self.shovels = [START_SHOVELS, START_SHOVELS]
        self.active: int | None = 0
        self.roll: int | None = None
        self.turn = 0
        self.range_: int | None = range_pad(self.facedown)

    @classmethod
    def from_position(
        cls,
        board: Board,
        *,
        gold: int = 0,
        empty: int = 0,
        scores: tuple[int, int] = (0, 0),
        shovels: tuple[int, int] = (START_SHOVELS, START_SHOVELS),
        active: int = 0,
        turn: int = 0,
    ) -> State:
        """A position at the start of ``active``'s turn, before the roll.

        ``gold`` and ``empty`` are disjoint field-number bitmasks; every other field is face
        down. With nothing face down the game is over.

        Raises:
            ValueError: overlapping masks, a seat not 0 or 1, or negative counts.
        """
        if gold & empty or (gold | empty) >> N_FIELDS:
            raise ValueError("gold and empty fields overlap or lie off the board")
        if active not in (0, 1):
            raise ValueError(f"the active seat is 0 or 1, not {active}")
        if min(scores) < 0 or min(shovels) < 0:
            raise ValueError("scores and shovels cannot be negative")
        state = cls(board)
        state.gold = to_pad(gold)
        state.facedown = PAD_ALL & ~state.gold & ~to_pad(empty)
        state.scores = list(scores)
        state.shovels = list(shovels)
        state.turn = turn
        state._settle(active)
        return state

    @classmethod
    def from_observation(cls, obs: Observation) -> State:
        """The position an observation shows (for bots that look ahead)."""
        state = cls(obs.board)
        state.facedown = to_pad(obs.facedown)
        state.gold = to_pad(obs.gold)
        state.scores = list(obs.scores)
        state.shovels = list(obs.shovels)
        state.active = obs.active
        state.range_ = obs.range_
        state.roll = obs.roll
        state.turn = obs.turn
        return state

    @property
    def finished(self) -> bool:
        """Whether every marker has been collected ("A turn" 6)."""
        return self.active is None

    @property
    def facedown_fields(self) -> int:
        """Field-number bitmask of face-down markers."""
        return self._field_masks()[2]

    @property
    def gold_fields(self) -> int:
        """Field-number bitmask of exposed gold."""
        return self._field_masks()[3]

    def _field_masks(self) -> tuple[int, int, int, int]:
        """``(facedown, gold, facedown_fields, gold_fields)``: the last two converted once per
        position (several observations of one position are asked for, one per seat and turn);
        a memo of the padded masks themselves, so it never outlives them."""
        memo = self._fields
        if memo[0] != self.facedown or memo[1] != self.gold:
            memo = (self.facedown, self.gold, from_pad(self.facedown), from_pad(self.gold))
            self._fields = memo
        return memo

    @property
    def empty_fields(self) -> int:
        """Field-number bitmask of collected (empty) fields."""
        return from_pad(PAD_ALL & ~self.facedown & ~self.gold)

    # --- the interface of goldnet.engine.GameState ----------------------------------------

    def awaiting(self) -> Awaiting:
        """Terminal, a roll to throw (unless free choice), or the active seat's turn."""
        if self.active is None:
            a, b = self.scores
            return Terminal((a, b), (0,) if a > b else (1,) if b > a else (0, 1))
        if self.roll is None and self.range_:
            return ROLL_REQUESTS[self.range_]
        return TurnOf(self.active)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal reveal, then every legal bury, of ``seat`` now, in canonical order.

        In free choice: every single face-down marker, then every pair of neighbouring ones; no
        bury. Otherwise: every straight line of exactly ``roll`` face-down markers, then every
        exposed gold marker if ``seat`` holds a shovel ("A turn" 3 and 4). Empty
        when it is not ``seat``'s turn or before the roll.
        """
        if seat != self.active or (self.roll is None and self.range_):
            return []
        if not self.range_:
            return self._lines(1) + self._lines(2)
        assert self.roll is not None
        out = self._lines(self.roll)
        if self.shovels[seat] > 0:
            out.extend(_BURY_ACTIONS[p] for p in _bits(self.gold))
        return out

    def _lines(self, n: int) -> list[Action]:
        fd = self.facedown
        table = _REVEALS[n]
        if n == 1:
            return list(map(table[0].__getitem__, _bits(fd)))  # type: ignore[arg-type]
        out: list[Action] = []
        for axis, step in enumerate(PAD_STEPS):
            out.extend(map(table[axis].__getitem__, _bits(line_starts(fd, n, step))))  # type: ignore[arg-type]
        return out

    def count_reveals(self, roll: int | None) -> int:
        """How many reveals are legal with ``roll`` now (``None`` in free choice); 0 for a roll
        that cannot be thrown now, and once the game is over."""
        if self.range_ is None:
            return 0
        if self.range_ == FREE:
            if roll is not None:
                return 0
            return _count_lines(self.facedown, 1) + _count_lines(self.facedown, 2)
        if roll is None or roll not in dict(ROLL_REQUESTS[self.range_].outcomes):
            return 0
        return _count_lines(self.facedown, roll)

    def count_buries(self) -> int:
        """How many bury actions the active seat has now ("A turn" 4)."""
        if self.active is None or self.range_ == FREE or self.shovels[self.active] == 0:
            return 0
        return self.gold.bit_count()

    def apply_chance(self, outcome: Wire) -> list[Event]:
        """Set this turn's roll.

        Raises:
            IllegalAction: no roll is due, or ``outcome`` cannot be thrown in the range.
        """
        if self.active is None:
            raise refuse("game-over")
        if self.range_ == FREE:
            raise refuse("free-choice-roll")
        if self.roll is not None:
            raise refuse("already-thrown")
        assert self.range_ is not None
        if (
            not isinstance(outcome, int)
            or isinstance(outcome, bool)
            or outcome not in dict(ROLL_REQUESTS[self.range_].outcomes)
        ):
            raise refuse("roll-outside-range", roll=shown(outcome), range=RANGE_NAMES[self.range_])
        self.roll = outcome
        return [
            Event("roll", self.active, (("roll", outcome), ("faces", _FACES[self.range_, outcome])))
        ]

    def apply(self, action: Action) -> list[Event]:
        """Apply the active seat's reveal or bury, then collection, then pass the turn.

        Raises:
            IllegalAction: the action is malformed or not legal now; the state is unchanged.
        """
        seat = self.active
        if seat is None:
            raise refuse("game-over")
        if self.roll is None and self.range_:
            raise refuse("not-thrown")
        if not isinstance(action, tuple) or not action:
            raise refuse("malformed-action", action=repr(action))
        kind = action[0]
        if kind == "reveal":
            changed, events = self._reveal(seat, action)
        elif kind == "bury":
            changed, events = self._bury(seat, action)
        else:
            raise refuse("unknown-action", kind=repr(kind))
        events.extend(self._collect(seat, changed))
        self.turn += 1
        self._settle(1 - seat)
        if self.active is None:
            a, b = self.scores
            events.append(Event("end", 0 if a > b else 1, (("scores", (a, b)),)))
        else:
            assert self.range_ is not None
            events.append(Event("turn", self.active, (("range", RANGE_NAMES[self.range_]),)))
        return events

    def _settle(self, next_seat: int) -> None:
        """Start ``next_seat``'s turn: the range is recomputed, nothing thrown; or the end."""
        self.roll = None
        if self.facedown:
            self.active = next_seat
            self.range_ = range_pad(self.facedown)
        else:
            self.active = None
            self.range_ = None

    def clone(self) -> State:
        """An independent copy."""
        other = State.__new__(State)
        other.board = self.board
        other._geo = self._geo
        other._fields = self._fields
        other.facedown = self.facedown
        other.gold = self.gold
        other.scores = self.scores[:]
        other.shovels = self.shovels[:]
        other.active = self.active
        other.range_ = self.range_
        other.roll = self.roll
        other.turn = self.turn
        return other

    def observation(self, seat: int | None = None) -> Observation:
        """The whole position: nothing in this game is hidden from any seat."""
        _, _, facedown, gold = self._field_masks()
        return Observation(
            self.board,
            facedown,
            gold,
            (self.scores[0], self.scores[1]),
            (self.shovels[0], self.shovels[1]),
            self.active,
            self.range_,
            self.roll,
            self.turn,
        )

    def canonical(self) -> bytes:
        """The canonical msgpack encoding of the public state (hashed by :meth:`public_hash`):
        ``[game, board digest, face-down and gold as 12-byte big-endian field-number masks,
        scores, shovels, active, roll, turn]``."""
        return msgpack.packb(
            [
                GAME,
                self.board.digest,
                self.facedown_fields.to_bytes(12, "big"),
                self.gold_fields.to_bytes(12, "big"),
                self.scores,
                self.shovels,
                self.active,
                self.roll,
                self.turn,
            ]
        )

    def public_hash(self) -> bytes:
        """SHA-256 of :meth:`canonical` (32 bytes)."""
        return hashlib.sha256(self.canonical()).digest()

    # --- the rules ---------------------------------------------------------------------

    def _reveal(self, seat: int, action: Action) -> tuple[int, list[Event]]:
        """Rule text: "Click the first and last marker of a straight line containing exactly the
        rolled number of face-down markers. No gaps, exposed gold or collected fields may
        interrupt the line." Free choice: one marker or two neighbouring markers."""
        if len(action) != 3:
            raise refuse("reveal-fields")
        a, b = field_number(action[1]), field_number(action[2])
        if a > b:
            raise refuse("reveal-order")
        if a == b:
            mask, n = 1 << PAD_POS[a], 1
        else:
            line = _LINE_BY_ENDS.get((a, b))
            if line is None:
                raise refuse("not-a-line", a=FIELD_NAMES[a], b=FIELD_NAMES[b])
            mask, n = line
        if not self.range_:
            if n > 2:
                raise refuse("free-choice-line")
        elif n != self.roll:
            assert self.roll is not None
            raise refuse("line-length", roll=self.roll, n=n)
        if self.facedown & mask != mask:
            bad = _bits(mask & ~self.facedown)[0]
            if self.gold >> bad & 1:
                raise refuse("line-crosses-gold", field=FIELD_NAMES[FIELD_AT_PAD[bad]])
            raise refuse("line-crosses-empty", field=FIELD_NAMES[FIELD_AT_PAD[bad]])
        self.facedown &= ~mask
        self.gold |= mask
        fields = tuple(FIELD_NAMES[f] for f in pad_fields(mask))
        return mask, [Event("reveal", seat, (("fields", fields),))]

    def _bury(self, seat: int, action: Action) -> tuple[int, list[Event]]:
        """Rule text: "you may turn one revealed gold marker face down if you have at least one
        shovel and random throwing tiles remain. Afterwards, give one shovel to your opponent."
        """
        if len(action) != 2:
            raise refuse("bury-fields")
        f = field_number(action[1])
        if not self.range_:
            raise refuse("free-choice-bury")
        if self.shovels[seat] == 0:
            raise refuse("no-shovel")
        bit = 1 << PAD_POS[f]
        if not self.gold & bit:
            raise refuse("bury-needs-gold", field=FIELD_NAMES[f])
        self.gold &= ~bit
        self.facedown |= bit
        self.shovels[seat] -= 1
        self.shovels[1 - seat] += 1
        return bit, [Event("bury", seat, (("field", FIELD_NAMES[f]), ("shovel_to", 1 - seat)))]

    def _collect(self, active: int, changed: int) -> list[Event]:
        """Collection ("A turn" 5): the active seat's complete territories first, then the
        opponent's; each gives its owner all gold still in it. Only a territory holding a
        field that changed this turn can have become complete."""
        geo = self._geo
        touched: tuple[set[int], set[int]] = (set(), set())
        for p in _bits(changed):
            owner = geo.owner[p]
            assert owner is not None
            touched[MOUNTAINS].add(owner[0])
            touched[RIVERS].add(owner[1])
        events: list[Event] = []
        for seat in (active, 1 - active):
            family = MOUNTAINS if seat == 0 else RIVERS
            territories = geo.territories[family]
            for index in sorted(touched[family]):
                territory = territories[index]
                if territory & self.facedown == 0 and territory & self.gold:
                    got = territory & self.gold
                    self.gold &= ~got
                    self.scores[seat] += got.bit_count()
                    events.append(
                        Event(
                            "collect",
                            seat,
                            (
                                ("family", FAMILY_NAMES[family]),
                                ("territory", index),
                                ("fields", tuple(FIELD_NAMES[f] for f in pad_fields(got))),
                                ("gold", got.bit_count()),
                            ),
                        )
                    )
        return events


__all__ = ["FIELD_NAMES", "bury_action", "reveal_action"]  # re-exported from .actions
