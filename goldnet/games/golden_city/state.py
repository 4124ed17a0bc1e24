"""The data of a Golden City position: what is public, what each seat privately knows, the
observation a seat is shown and the canonical encoding peers hash.

A position is plain lists of ints (and a few strings), numbered in the map's canonical field
order. Where a prospector stands is one int: a surface field ``f``, or ``NS + m`` for mine field
``m`` (``NS`` the number of surface fields); at home is standing on one's own house.

Hidden values are never in the public part: a face-down hill or gallery token is ``DOWN`` until
its public reveal; a mission is ``None`` in :attr:`Core.shown` until the end. What a seat saw
privately (its mission, tokens it peeked at with a lantern) lives in :attr:`Core.mission` and
:attr:`Core.known`, which :meth:`Core.canonical` never encodes and :meth:`Core.observation`
shows to that seat alone.

Invariants: ``todo`` is the queue of what remains of the turn (its head says what the game
awaits, see :mod:`.rules`); each seat's sack holds ``nuggets`` (gold), ``thieves`` (captured)
and ``below`` (gold found in the mine on this visit, banked by the wagon); ``loot_nuggets`` and
``loot_thieves`` are non-zero only under a revealed thief; ``left_hill``/``left_gallery`` count
the face-down tokens of each code (the public mix less what was revealed); ``hidden_gold`` is the
number of face-down nugget and vein tokens; the gold in play (banks, sacks, loot) changes only
with an event that carries ``enter`` or ``leave``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import msgpack

from ...engine import Event, Wire
from .board import Board
from .gazette import ISSUES
from .moves import Tables
from .setup import GALLERY_NAMES, MISSIONS, TOKEN_NAMES, TOOLS, Setup

DOWN = -1
"""A face-down token (hill or gallery)."""
EMPTY = 0
"""A field with no token (or a door)."""
WALL = 22
"""A walled gallery field (after a cave-in was left)."""

GAME = "golden-city"

TOOL_SETS: tuple[tuple[str, ...], ...] = tuple(
    tuple(t for i, t in enumerate(TOOLS) if mask >> i & 1) for mask in range(1 << len(TOOLS))
)
"""The tool names of each tool mask."""
ISSUE_SETS: tuple[tuple[str, ...], ...] = tuple(
    tuple(name for i, name in enumerate(ISSUES) if mask >> i & 1)
    for mask in range(1 << len(ISSUES))
)
"""The issue names of each mask of published issues."""
_HILL_NAMES, _HILL_CODES = tuple(TOKEN_NAMES.values()), tuple(TOKEN_NAMES)
_GALLERY_NAMES, _GALLERY_CODES = tuple(GALLERY_NAMES.values()), tuple(GALLERY_NAMES)


def ev(kind: str, seat: int | None, **data: Any) -> Event:
    """An event of ``kind`` about ``seat`` with ``data`` in the order given."""
    return Event(kind, seat, tuple(data.items()))


def push(st: Core, *tasks: tuple[Any, ...]) -> None:
    """Put ``tasks`` at the front of the turn's queue, in the order given."""
    st.todo[0:0] = tasks


@dataclass(frozen=True)
class Observation:
    """What one seat (or, with ``seat`` None, anyone) sees of a position.

    Fields are surface field numbers unless said; ``where`` is ``("home"|"surface"|"mine",
    field)`` per seat. ``hills``: per hill, -1 face down, 0 empty, 1-9 a visible nugget, 11-19 a
    revealed thief (10 + strength); ``loot``: per hill ``(nuggets, thieves)`` under a thief.
    ``mine``: per mine field, -1 face down, 0 empty, 1-9 a visible vein, 20 a ghost, 21 a cave-in,
    22 walled. ``sacks``: per seat ``(nuggets, thieves, below)``. ``tools``: per seat, the tool
    names it holds. ``awaiting``: the head of the turn's queue (e.g. ``("move", (4,))``);
    ``queue``: the whole queue. ``tokens_left``: per token value, how many lie face down.
    ``counters``: per seat, its mission counters in the order of
    :data:`~.setup.MISSIONS`. ``claimed``: per seat, whether it announced its mission fulfilled;
    ``claims``: the counters each claim was made on (None: no claim); ``windows``: each seat's
    counters at its last claiming moment.
    ``setup``: the game's numbers (prices, thresholds, ...).
    ``shown``: per seat, its mission once revealed at the end. ``mission``: this seat's own
    mission; ``known``: ``(hill, token)`` this seat saw with its lantern.
    """

    seat: int | None
    board: Board
    setup: Setup
    seats: int
    active: int
    turn: int
    awaiting: tuple[Wire, ...]
    queue: tuple[tuple[Wire, ...], ...]
    roll: int | None
    where: tuple[tuple[str, int], ...]
    positions: tuple[int, ...]
    sacks: tuple[tuple[int, int, int], ...]
    banks: tuple[int, ...]
    tools: tuple[tuple[str, ...], ...]
    light: tuple[int, ...]
    lost_turn: tuple[bool, ...]
    hills: tuple[int, ...]
    loot: tuple[tuple[int, int], ...]
    mine: tuple[int, ...]
    rafts: tuple[int, ...]
    locomotive: int
    advances: int
    issue: str | None
    published: tuple[str, ...]
    wanted: int | None
    chest: bool
    cow: bool
    hidden_gold: int
    tokens_left: tuple[tuple[str, int], ...]
    counters: tuple[tuple[int, ...], ...]
    claimed: tuple[bool, ...]
    claims: tuple[tuple[int, ...] | None, ...]
    windows: tuple[tuple[int, ...], ...]
    shown: tuple[str | None, ...]
    peeked: tuple[tuple[int, ...], ...]
    end: str | None
    mission: str | None
    known: tuple[tuple[int, str], ...]


def _observation(**fields: Any) -> Observation:
    """An :class:`Observation` of ``fields`` (every field, by name), built without the frozen
    dataclass's ``__init__``, which sets each of its 37 fields through ``object.__setattr__``:
    the observation is built for every decision of every seat, and that was half its cost. The
    object is the same — equal, hashed and immutable alike — as ``Observation(**fields)``."""
    obs = object.__new__(Observation)
    obs.__dict__.update(fields)
    return obs


class Core:
    """The data of a position (see the module's invariants); :class:`.rules.State` adds the
    rules."""

    __slots__ = (
        "active",
        "advances",
        "bank",
        "below",
        "board",
        "chest",
        "claimed",
        "counters",
        "cow",
        "end",
        "gal",
        "hidden_gold",
        "hill",
        "issue",
        "known",
        "left_gallery",
        "left_hill",
        "light",
        "loco",
        "loot_nuggets",
        "loot_thieves",
        "lost",
        "mission",
        "n_seats",
        "ns",
        "nuggets",
        "peeked",
        "pos",
        "published",
        "rafts",
        "roll",
        "setup",
        "shown",
        "tab",
        "thieves",
        "todo",
        "tools",
        "turn",
        "wanted",
        "window",
    )

    board: Board
    setup: Setup
    tab: Tables
    n_seats: int
    ns: int
    pos: list[int]
    nuggets: list[int]
    thieves: list[int]
    below: list[int]
    bank: list[int]
    tools: list[int]
    light: list[int]
    lost: list[int]
    hill: list[int]
    loot_nuggets: list[int]
    loot_thieves: list[int]
    gal: list[int]
    rafts: list[int]
    loco: int
    advances: int
    cow: bool
    issue: int
    published: int
    wanted: int
    chest: bool
    counters: list[list[int]]
    claimed: list[tuple[int, ...] | None]
    window: list[tuple[int, ...]]
    shown: list[str | None]
    peeked: list[tuple[int, ...]]
    left_hill: list[int]
    left_gallery: list[int]
    hidden_gold: int
    active: int
    roll: int | None
    turn: int
    todo: list[tuple[Any, ...]]
    end: str | None
    mission: list[str | None]
    known: list[dict[int, str]]

    def _copy_into(self, other: Core) -> None:
        for name in ("board", "setup", "tab", "n_seats", "ns", "loco", "advances", "cow"):
            setattr(other, name, getattr(self, name))
        for name in ("issue", "published", "wanted", "chest", "active", "roll", "turn", "end"):
            setattr(other, name, getattr(self, name))
        other.hidden_gold = self.hidden_gold
        for name in (
            "pos", "nuggets", "thieves", "below", "bank", "tools", "light", "lost", "hill",
            "loot_nuggets", "loot_thieves", "gal", "rafts", "claimed", "window", "shown",
            "peeked", "left_hill", "left_gallery", "todo", "mission",
        ):  # fmt: skip
            setattr(other, name, getattr(self, name)[:])
        other.counters = [row[:] for row in self.counters]
        other.known = [dict(k) for k in self.known]

    # --- small public facts --------------------------------------------------------------

    def in_mine(self, seat: int) -> bool:
        """Whether ``seat`` is below, in the mine."""
        return self.pos[seat] >= self.ns

    def at_home(self, seat: int) -> bool:
        """Whether ``seat`` stands on its own house."""
        return self.pos[seat] == self.tab.house[seat]

    def occupant(self, where: int, besides: int) -> int:
        """The seat other than ``besides`` standing on ``where`` (surface field, or ``NS + m``),
        or -1; nobody shares a house."""
        for seat, p in enumerate(self.pos):
            if p == where and seat != besides and p != self.tab.house[seat]:
                return seat
        return -1

    def walls(self) -> int:
        """Bit mask of the walled mine fields."""
        mask = 0
        for m, code in enumerate(self.gal):
            if code == WALL:
                mask |= 1 << m
        return mask

    def place_name(self, where: int) -> str:
        """The name ``"q,r"`` of a position (surface or mine field)."""
        if where >= self.ns:
            return self.board.mine.names[where - self.ns]
        return self.board.surface.names[where]

    # --- views ---------------------------------------------------------------------------

    def observation(self, seat: int | None = None) -> Observation:
        """Everything ``seat`` may see: the public position, its own mission and the tokens it
        peeked at; ``None`` gives the public view.

        Raises:
            ValueError: ``seat`` is neither None nor a seat number (``-1`` would otherwise show
                the last seat's secrets, ``True`` seat 1's).
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.n_seats):
            raise ValueError(f"no seat {seat!r} in a game of {self.n_seats} seats")
        ns, house = self.ns, self.tab.house
        where = tuple(
            ("mine", p - ns) if p >= ns else ("home" if p == house[s] else "surface", p)
            for s, p in enumerate(self.pos)
        )
        return _observation(
            seat=seat,
            board=self.board,
            setup=self.setup,
            seats=self.n_seats,
            active=self.active,
            turn=self.turn,
            awaiting=self.todo[0] if self.todo else ("over",),
            queue=tuple(self.todo),
            roll=self.roll,
            where=where,
            positions=tuple(self.pos),
            sacks=tuple(zip(self.nuggets, self.thieves, self.below, strict=True)),
            banks=tuple(self.bank),
            tools=tuple(map(TOOL_SETS.__getitem__, self.tools)),
            light=tuple(self.light),
            lost_turn=tuple(map(bool, self.lost)),
            hills=tuple(self.hill),
            loot=tuple(zip(self.loot_nuggets, self.loot_thieves, strict=True)),
            mine=tuple(self.gal),
            rafts=tuple(self.rafts),
            locomotive=self.loco,
            advances=self.advances,
            issue=None if self.issue < 0 else ISSUES[self.issue],
            published=ISSUE_SETS[self.published],
            wanted=None if self.wanted < 0 else self.wanted,
            chest=self.chest,
            cow=self.cow,
            hidden_gold=self.hidden_gold,
            tokens_left=self.tokens_left(),
            counters=tuple(map(tuple, self.counters)),
            claimed=tuple(c is not None for c in self.claimed),
            claims=tuple(self.claimed),
            windows=tuple(self.window),
            shown=tuple(self.shown),
            peeked=tuple(self.peeked),
            end=self.end,
            mission=None if seat is None else self.mission[seat],
            known=()
            if seat is None or not self.known[seat]
            else tuple(sorted(self.known[seat].items())),
        )

    def tokens_left(self) -> tuple[tuple[str, int], ...]:
        """Per token value of both decks (hill tokens, then gallery tokens), how many lie face
        down: the public mix less what was revealed."""
        hill = zip(_HILL_NAMES, map(self.left_hill.__getitem__, _HILL_CODES), strict=True)
        gallery = zip(
            _GALLERY_NAMES, map(self.left_gallery.__getitem__, _GALLERY_CODES), strict=True
        )
        return (*hill, *gallery)

    def canonical(self) -> bytes:
        """The canonical msgpack encoding of the public position (what :meth:`public_hash`
        hashes): the game, the map's digest, the seat count, then every public list in a fixed
        order. Never a seat's mission nor a peeked token's value."""
        return msgpack.packb(
            [
                GAME,
                self.board.digest,
                self.n_seats,
                self.active,
                self.turn,
                self.roll,
                self.todo,
                self.pos,
                self.nuggets,
                self.thieves,
                self.below,
                self.bank,
                self.tools,
                self.light,
                self.lost,
                self.hill,
                self.loot_nuggets,
                self.loot_thieves,
                self.gal,
                self.rafts,
                [self.loco, self.advances, self.cow, self.issue, self.published],
                [self.wanted, self.chest, self.hidden_gold, self.end],
                self.counters,
                self.claimed,
                self.window,
                self.shown,
                self.peeked,
                self.left_hill,
                self.left_gallery,
            ]
        )

    def public_hash(self) -> bytes:
        """SHA-256 of :meth:`canonical` (32 bytes)."""
        return hashlib.sha256(self.canonical()).digest()


__all__ = ["DOWN", "EMPTY", "GAME", "MISSIONS", "WALL", "Core", "Observation"]
