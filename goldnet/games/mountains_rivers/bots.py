"""Bots for Mountains & Rivers: ``random``, ``greedy`` and ``strong`` (DESIGN §2, "Bots").

Every bot implements :class:`goldnet.engine.Bot`: ``choose(observation, legal_actions)`` returns
one of ``legal_actions``, deciding only from the :class:`~.rules.Observation` (the game has no
secrets). A bot takes a seed (``int`` or ``str``) at construction and draws only from its own
:class:`goldnet.rng.Stream`, so the same seed and the same observations give the same moves on
every machine.

The strong bot (:class:`StrongBot`) searches two plies with an expectation over the opponent's
roll, and solves free-choice endings exactly; its design and measured strength are told in its
docstring.

Invariants: the bots' evaluations use integer arithmetic only (roll weights are the integer
weights of :data:`~.rules.ROLL_REQUESTS`), and iterate over tuples and lists in canonical order,
never over sets: a bot's choice does not depend on the platform or on hash seeds. The memos kept
per board or per bot hold pure functions of positions, so they change speed, never choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from ...engine import Action, Bot
from ...rng import Stream
from .board import Board
from .geometry import FIELD_AT_PAD, LINES, PAD_POS, PAD_STEPS, to_pad
from .rules import FIELD_NAMES, FREE, ROLL_REQUESTS, Observation, State, range_pad

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "strong")
"""The names :func:`make_bot` accepts."""

MAX_ROLL = 5
"""The longest line a roll can ask for (range 1-5)."""


# --- actions as padded masks ---------------------------------------------------------------


def _action_tables() -> tuple[dict[Action, int], dict[Action, int]]:
    reveals: dict[Action, int] = {}
    for n in range(1, MAX_ROLL + 1):
        for mask, idx in LINES[n]:
            lo, hi = min(idx[0], idx[-1]), max(idx[0], idx[-1])
            reveals[("reveal", FIELD_NAMES[lo], FIELD_NAMES[hi])] = to_pad(mask)
    buries: dict[Action, int] = {
        ("bury", name): 1 << PAD_POS[f] for f, name in enumerate(FIELD_NAMES)
    }
    return reveals, buries


_REVEAL_MASK, _BURY_BIT = _action_tables()
"""Canonical reveal actions (lines of 1 to 5 fields) and bury actions -> padded masks."""


def _pad_mask(action: Action) -> tuple[bool, int]:
    """``(is_bury, padded mask)`` of a canonical action.

    Raises:
        ValueError: ``action`` is not a canonical reveal of 1 to 5 fields or bury.
    """
    mask = _REVEAL_MASK.get(action)
    if mask is not None:
        return False, mask
    bit = _BURY_BIT.get(action)
    if bit is not None:
        return True, bit
    raise ValueError(f"not a canonical Mountains & Rivers action: {action!r}")


# --- per-board tables ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tables:
    """A board's territories and lines on the padded grid (see :mod:`.geometry`)."""

    terr: tuple[tuple[int, ...], tuple[int, ...]]
    """Padded masks of the territories per family (seat 0's mountains, seat 1's rivers)."""
    family_at: tuple[tuple[int, ...], tuple[int, ...]]
    """``family_at[fam][p]``: the index of the territory of ``fam`` holding padded bit ``p``."""
    line_at: tuple[dict[int, tuple[int, int]], ...]
    """``line_at[axis][p]``: (full line number, position along it) of padded bit ``p``."""
    line_bits: tuple[tuple[tuple[int, ...], ...], ...]
    """``line_bits[axis][line]``: the padded bits of a full line of the hexagon, ascending."""
    line_mask: tuple[tuple[int, ...], ...]
    """``line_mask[axis][line]``: the padded mask of that full line."""
    pairs: tuple[tuple[int, int, int], ...]
    """``(mountain, river, padded mask)`` of every non-empty intersection of the two."""
    pairs_of: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``pairs_of[fam][i]``: ``(other territory, padded mask)`` of every non-empty
    intersection of territory ``i`` of family ``fam`` with a territory of the other family."""
    star: dict[int, int]
    """``star[p]``: the padded mask of the three full lines through padded bit ``p``."""
    touched: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
    """Memo: line or field mask -> indices of the mountains and rivers holding its fields
    (bounded: one entry per line of the board)."""
    finishing: dict[tuple[int, int], tuple[tuple[int, int], ...]]
    """Memo of :func:`_finishing_lines` keyed by (face-down of a territory, face-down on the
    lines through its first field); cleared when it grows large."""


_SHAPES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (j * step) for j in range(n)) for step in PAD_STEPS) for n in range(MAX_ROLL + 1)
)
"""``_SHAPES[n][axis]``: the padded mask of a line of ``n`` fields starting at bit 0."""


def _pairs(board: Board) -> tuple[tuple[int, int, int], ...]:
    return tuple(
        (m, r, to_pad(mm & rm))
        for m, mm in enumerate(board.mountains)
        for r, rm in enumerate(board.rivers)
        if mm & rm
    )


@lru_cache(maxsize=32)
def _tables(board: Board) -> _Tables:
    pairs = _pairs(board)
    size = max(PAD_POS) + 1
    family_at: list[tuple[int, ...]] = []
    for of in (board.mountain_of, board.river_of):
        at = [0] * size
        for f, p in enumerate(PAD_POS):
            at[p] = of[f]
        family_at.append(tuple(at))
    line_at: list[dict[int, tuple[int, int]]] = []
    line_bits: list[tuple[tuple[int, ...], ...]] = []
    line_mask: list[tuple[int, ...]] = []
    for step in PAD_STEPS:
        at_axis: dict[int, tuple[int, int]] = {}
        full: list[tuple[int, ...]] = []
        for p in PAD_POS:
            if p - step in FIELD_AT_PAD:
                continue
            bits: list[int] = []
            q = p
            while q in FIELD_AT_PAD:
                at_axis[q] = (len(full), len(bits))
                bits.append(q)
                q += step
            full.append(tuple(bits))
        line_at.append(at_axis)
        line_bits.append(tuple(full))
        line_mask.append(tuple(sum(1 << q for q in bits) for bits in full))
    return _Tables(
        (
            tuple(to_pad(m) for m in board.mountains),
            tuple(to_pad(m) for m in board.rivers),
        ),
        (family_at[0], family_at[1]),
        tuple(line_at),
        tuple(line_bits),
        tuple(line_mask),
        pairs,
        (
            tuple(
                tuple((r, pm) for m, r, pm in pairs if m == i) for i in range(len(board.mountains))
            ),
            tuple(tuple((m, pm) for m, r, pm in pairs if r == i) for i in range(len(board.rivers))),
        ),
        {
            p: sum(line_mask[axis][line_at[axis][p][0]] for axis in range(len(PAD_STEPS)))
            for p in PAD_POS
        },
        {},
        {},
    )


def _touched(tab: _Tables, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Indices of the mountains and of the rivers that hold a field of ``mask`` (sorted)."""
    hit = tab.touched.get(mask)
    if hit is None:
        found: tuple[list[int], list[int]] = ([], [])
        rest = mask
        while rest:
            low = rest & -rest
            p = low.bit_length() - 1
            for fam in (0, 1):
                i = tab.family_at[fam][p]
                if i not in found[fam]:
                    found[fam].append(i)
            rest ^= low
        hit = (tuple(sorted(found[0])), tuple(sorted(found[1])))
        tab.touched[mask] = hit
    return hit


def _reveal(tab: _Tables, fd: int, gold: int, mask: int, seat: int) -> tuple[int, int, int]:
    """Reveal line ``mask`` for ``seat`` and collect (RULINGS, "Collection").

    Returns:
        ``(face-down, gold, difference)``: the padded masks after collection and the gold
        ``seat`` gained minus the gold the opponent gained.
    """
    fd &= ~mask
    gold |= mask
    diff = 0
    touched = _touched(tab, mask)
    for fam, sign in ((seat, 1), (1 - seat, -1)):
        terr = tab.terr[fam]
        for i in touched[fam]:
            t = terr[i]
            if not t & fd:
                got = t & gold
                if got:
                    diff += sign * got.bit_count()
                    gold &= ~got
    return fd, gold, diff


_MEMO_LIMIT = 1 << 16
"""Entries a per-board memo may hold before it is cleared (memory bound, not behaviour)."""


def _finishing_lines(tab: _Tables, fd: int, left: int) -> tuple[tuple[int, int], ...]:
    """Every ``(n, line mask)`` of a line of ``n <= 5`` face-down fields containing all of
    ``left`` (a territory's face-down markers, non-empty): the reveals that complete it."""
    if left.bit_count() > MAX_ROLL:
        return ()
    p0 = (left & -left).bit_length() - 1
    key = (left, fd & tab.star[p0])
    hit = tab.finishing.get(key)
    if hit is None:
        hit = _finishing_lines_now(tab, fd, left, p0)
        if len(tab.finishing) >= _MEMO_LIMIT:
            tab.finishing.clear()
        tab.finishing[key] = hit
    return hit


def _finishing_lines_now(tab: _Tables, fd: int, left: int, p0: int) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    top = left.bit_length() - 1
    if left == 1 << p0:
        out.append((1, left))
    for axis, step in enumerate(PAD_STEPS):
        line, lo = tab.line_at[axis][p0]
        if left & ~tab.line_mask[axis][line]:
            continue
        span = (top - p0) // step + 1
        if span > MAX_ROLL or _SHAPES[span][axis] << p0 & ~fd:
            continue
        bits = tab.line_bits[axis][line]
        hi = lo + span - 1
        room = MAX_ROLL - span
        before = 0
        while before < room and lo - before - 1 >= 0 and fd >> bits[lo - before - 1] & 1:
            before += 1
        after = 0
        while after < room and hi + after + 1 < len(bits) and fd >> bits[hi + after + 1] & 1:
            after += 1
        for n in range(max(span, 2), min(MAX_ROLL, span + before + after) + 1):
            shape = _SHAPES[n][axis]
            for start in range(max(lo - before, hi - n + 1), min(lo, hi + after - n + 1) + 1):
                out.append((n, shape << bits[start]))
    return tuple(out)


def _count_lines(fd: int, n: int) -> int:
    """How many straight lines of ``n`` face-down fields ``fd`` holds."""
    if n == 1:
        return fd.bit_count()
    total = 0
    for step in PAD_STEPS:
        starts = fd
        for k in range(1, n):
            starts &= fd >> (k * step)
        total += starts.bit_count()
    return total


# --- the bots -----------------------------------------------------------------------------


def _check_choice(legal_actions: Sequence[Action]) -> None:
    if not legal_actions:
        raise ValueError("choose() needs at least one legal action")


class RandomBot:
    """Uniform over the legal actions ("random").

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream`.
    """

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("mountains-rivers", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, uniformly.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        _check_choice(legal_actions)
        return self._stream.choice(legal_actions)


class GreedyBot:
    """The move with the best immediate gold difference after collection ("greedy").

    The difference is the gold this seat collects minus the gold the opponent collects in the
    same turn (RULINGS, "Collection": the active seat first, then the opponent). Among the best
    moves it draws from its stream, preferring reveals: a bury (always worth 0 at once) is
    chosen only when every reveal loses gold.

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream`.
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("mountains-rivers", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """The legal action with the best immediate difference, ties drawn from the stream.

        Raises:
            ValueError: ``legal_actions`` is empty or holds a non-canonical action.
        """
        _check_choice(legal_actions)
        obs: Observation = observation
        assert obs.active is not None
        seat = obs.active
        tab = _tables(obs.board)
        fd, gold = to_pad(obs.facedown), to_pad(obs.gold)
        best: list[Action] = []
        best_value = -1 << 30
        for action in legal_actions:
            bury, mask = _pad_mask(action)
            value = 2 * (0 if bury else _reveal(tab, fd, gold, mask, seat)[2]) + (0 if bury else 1)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._stream.choice(best)


UNIT = 1024
"""Evaluation units per gold: every expectation over a roll (weights out of 8) stays an
integer."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The strong bot's settings; weights in :data:`UNIT` per gold or per 1024.

    The defaults were chosen by self-play, 200 games per comparison between variants (see the
    :class:`StrongBot` docstring).

    Attributes:
        follow: per 1024, how much of the mover's own expected best gain on the turn after the
            opponent's reply counts.
        contest: per 1024, weight of the contest potential (see :func:`_contest`).
        bury_margin: units a bury loses at once: it must gain at least that much later. Keeps
            the bot from burying for nothing (bury loops).
        bury_turn_cap: from this turn on (``Observation.turn``) no bury is considered: the
            rules have no turn cap, and a bot that reveals on every turn ends the game.
        endgame_fields: free-choice positions with at most this many face-down markers are
            solved exactly.
        endgame_nodes: node budget of that exact search (a deterministic bound on its time); when
            exceeded the bot falls back to its evaluation.
    """

    follow: int = 512
    contest: int = 1024
    bury_margin: int = UNIT
    bury_turn_cap: int = 120
    endgame_fields: int = 12
    endgame_nodes: int = 20000
    shortlist: int = 12


class StrongBot:
    """Depth-2 expectimax with a cheap evaluation, and exact free-choice endings ("strong").

    Every legal action is valued (integers, :data:`UNIT` per gold) as:

    1. the exact gold difference it collects now (the mover's territories first, then the
       opponent's, RULINGS "Collection"); a bury costs :attr:`Weights.bury_margin` now;
    2. then, averaged over the opponent's roll (the integer weights of the range the action
       leaves; in free choice the opponent picks one or two markers), the opponent's reply.
       Only reveals that complete a territory move gold; they are enumerated exactly from each
       territory's face-down markers (the lines of ``n`` face-down fields holding them all).
       Any other reveal, or a bury, is a *quiet* reply worth 0, modelled as leaving the
       position unchanged. The reply is the opponent's completing reveal of most gold (quick
       model, for every action) or the reply, quiet or completing, that leaves the bot least
       (full model, for the :attr:`Weights.shortlist` best actions of the quick model);
    3. plus the bot's prospects after that reply: the contest potential (:func:`_contest`),
       which counts every uncollected field for the seat whose territory through it holds fewer
       face-down markers, and a share (:attr:`Weights.follow`) of the bot's expected best gain
       on its next turn from a completing reveal, net of the potential it spends.

    Free-choice positions (no roll, no bury: perfect information) with few face-down markers
    are solved exactly by alpha-beta over the final gold difference (:class:`_Endgame`).
    Burying is considered only before :attr:`Weights.bury_turn_cap`, so a game between strong
    bots always ends. Ties between equally valued actions are drawn from the seeded stream.

    Self-play on the eleven standard boards, 200 games per pairing with seats alternating, each
    change against the version before: the contest potential 65-74 % (half and 1.5 times its
    weight, and a table of field shares measured from self-play, did worse); the exact ending
    70 %; the full reply model on a shortlist of 12 58 % (6 or 24: no better); no follow term
    40 %, never burying 44 %. Against the random and greedy bots it wins nearly every game.

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream` (used to break ties only).
    """

    name = "strong"
    weights = Weights()

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("mountains-rivers", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """The legal action of best expected value, ties drawn from the stream.

        Raises:
            ValueError: ``legal_actions`` is empty or holds a non-canonical action.
        """
        _check_choice(legal_actions)
        obs: Observation = observation
        state = State.from_observation(obs)
        assert state.active is not None
        tab = _tables(obs.board)
        values: list[int] | None = None
        w = self.weights
        if obs.range_ == FREE and state.facedown.bit_count() <= w.endgame_fields:
            values = _Endgame(tab, w.endgame_nodes).values(
                state.facedown, state.gold, state.active, legal_actions
            )
        if values is None:
            values = self._search_values(tab, state, legal_actions)
        top = max(values)
        return self._stream.choice(
            [a for a, v in zip(legal_actions, values, strict=True) if v == top]
        )

    def _search_values(
        self, tab: _Tables, state: State, legal_actions: Sequence[Action]
    ) -> list[int]:
        """Every action's value by the quick reply model; then the best
        :attr:`Weights.shortlist` again by the full one (the others get :data:`_NEVER`)."""
        w = self.weights
        assert state.active is not None
        fd, gold, turn = state.facedown, state.gold, state.turn
        search = _Search(tab, state.active, state.shovels, w, fd, gold)
        quick = [search.value(fd, gold, a, turn, False) for a in legal_actions]
        if not w.shortlist:
            return quick
        values = [_NEVER] * len(quick)
        for i in sorted(range(len(quick)), key=lambda i: -quick[i])[: w.shortlist]:
            if quick[i] > _NEVER:
                values[i] = search.value(fd, gold, legal_actions[i], turn, True)
        return values


_NEVER = -(1 << 60)


def _roll_options(fd: int) -> tuple[tuple[int, int], ...]:
    """``(line length, weight out of 8)`` for the next turn; weight 0 marks a free choice
    (the mover picks the length). Empty when the game is over."""
    if not fd:
        return ()
    rng = range_pad(fd)
    if rng == FREE:
        return ((1, 0), (2, 0))
    return _ROLL_OPTIONS[rng]


_ROLL_OPTIONS: dict[int, tuple[tuple[int, int], ...]] = {
    rng: tuple((cast(int, roll), w * 8 // sum(request.weights)) for roll, w in request.outcomes)
    for rng, request in ROLL_REQUESTS.items()
}
"""Per thrown range, ``(roll, weight out of 8)``: the weights of 1-5, 1-4 and 1-3 sum to 8, 4
and 4, so these stay exact."""


def _share(mine: int, other: int) -> int:
    """The mover's share minus the opponent's of a field (units), when the mover's territory
    through it still holds ``mine`` face-down markers and the opponent's ``other``."""
    return (other - mine) * UNIT // (mine + other) if mine + other else 0


_CONTEST = tuple(tuple(_share(a, b) for b in range(92)) for a in range(92))
"""``_CONTEST[mine][other]``: :func:`_share` for 0 to 91 face-down markers."""


def _contest(tab: _Tables, fd: int, gold: int, seat: int) -> int:
    """Contest potential of ``seat`` (units): every uncollected field (face down or exposed)
    counts :func:`_share` for the seat whose territory through it is nearer completion.

    A field's gold goes to whichever of its mountain and its river is completed first (both
    players avoid completing the other's). Against the alternatives tried (a table measured
    from self-play of which territory collects a field, and half or 1.5 times this weight)
    this simple form played best.
    """
    km = [(t & fd).bit_count() for t in tab.terr[0]]
    kr = [(t & fd).bit_count() for t in tab.terr[1]]
    live = fd | gold
    total = 0
    for m, r, mask in tab.pairs:
        n = (mask & live).bit_count()
        if n:
            total += n * _CONTEST[km[m]][kr[r]]
    return total if seat == 0 else -total


def _counts(tab: _Tables, fd: int) -> tuple[list[int], list[int]]:
    """Face-down markers left in every mountain and every river."""
    return [(t & fd).bit_count() for t in tab.terr[0]], [(t & fd).bit_count() for t in tab.terr[1]]


def _contest_change(
    tab: _Tables, counts: tuple[list[int], list[int]], live: int, fd2: int, live2: int, mask: int
) -> int:
    """How :func:`_contest` of seat 0 changes when a reveal or bury of ``mask`` turns a
    position with face-down ``counts`` (:func:`_counts`) and uncollected fields ``live`` into
    one with face-down ``fd2`` and uncollected ``live2`` (units). Only the territories
    holding a field of ``mask`` change."""
    mountains, rivers = _touched(tab, mask)
    km, kr = counts
    terr_m, terr_r = tab.terr
    pairs_m, pairs_r = tab.pairs_of
    table = _CONTEST
    new_r = {r: (terr_r[r] & fd2).bit_count() for r in rivers}
    total = 0
    for m in mountains:
        a, a2 = km[m], (terr_m[m] & fd2).bit_count()
        row, row2 = table[a], table[a2]
        for r, pm in pairs_m[m]:
            b = kr[r]
            total += (pm & live2).bit_count() * row2[new_r.get(r, b)] - (
                pm & live
            ).bit_count() * row[b]
    for r in rivers:
        b, b2 = kr[r], new_r[r]
        for m, pm in pairs_r[r]:
            if m not in mountains:  # else counted with its mountain
                row = table[km[m]]
                total += (pm & live2).bit_count() * row[b2] - (pm & live).bit_count() * row[b]
    return total


_Lines = tuple[dict[int, list[int]], dict[int, list[int]]]
"""Per family, per length ``n``: the lines of ``n`` face-down fields completing one of the
family's territories (a line completing two appears twice)."""


class _Search:
    """One decision's look-ahead for ``seat``; values in :data:`UNIT` per gold.

    A position is ``(face-down, gold, contest)``, the last being :func:`_contest` of seat 0,
    kept up to date incrementally with :func:`_contest_change`.
    """

    __slots__ = ("contest", "seat", "shovels", "tab", "w")

    def __init__(
        self, tab: _Tables, seat: int, shovels: Sequence[int], w: Weights, fd: int, gold: int
    ) -> None:
        self.tab = tab
        self.seat = seat
        self.shovels = tuple(shovels)
        self.w = w
        self.contest = _contest(tab, fd, gold, 0)

    def value(self, fd: int, gold: int, action: Action, turn: int, full: bool) -> int:
        """Value of ``action`` for the mover from ``(fd, gold)`` (the decision's position):
        gold now, minus the opponent's expected best reply, plus the mover's prospects after
        it. ``full`` makes the opponent choose among its completing reveals by the value left
        to the mover, not just by the gold they collect."""
        seat = self.seat
        bury, mask = _pad_mask(action)
        if bury:
            if turn >= self.w.bury_turn_cap:
                return _NEVER
            fd1, gold1, now = fd | mask, gold & ~mask, -self.w.bury_margin
            opp_shovels = self.shovels[1 - seat] + 1
        else:
            fd1, gold1, diff = _reveal(self.tab, fd, gold, mask, seat)
            now = diff * UNIT
            opp_shovels = self.shovels[1 - seat]
        if not fd1:
            return now
        c1 = self.contest + _contest_change(
            self.tab, _counts(self.tab, fd), fd | gold, fd1, fd1 | gold1, mask
        )
        return now - self._reply(fd1, gold1, c1, 1 - seat, opp_shovels > 0, full)

    def _lines(self, fd: int) -> _Lines:
        out: _Lines = (
            {n: [] for n in range(1, MAX_ROLL + 1)},
            {n: [] for n in range(1, MAX_ROLL + 1)},
        )
        tab = self.tab
        for fam in (0, 1):
            into = out[fam]
            for t in tab.terr[fam]:
                left = t & fd
                if left:
                    for n, mask in _finishing_lines(tab, fd, left):
                        into[n].append(mask)
        return out

    @staticmethod
    def _quiet(fd: int, n: int, lines: _Lines, can_bury: bool) -> bool:
        """Whether the mover has a move worth 0 now with a line of ``n``: a bury, or a line
        that completes no territory."""
        return can_bury or _count_lines(fd, n) > len(set(lines[0][n]) | set(lines[1][n]))

    def _options(
        self, fd: int, gold: int, seat: int, n: int, lines: _Lines, forced: bool
    ) -> list[tuple[int, int, int, int]]:
        """``(difference, face-down, gold, line)`` after every distinct reveal of ``n`` fields
        by ``seat`` that completes one of its territories; when ``forced`` (no quiet move and
        no such reveal), after those completing only the opponent's."""
        tab = self.tab
        out: list[tuple[int, int, int, int]] = []
        seen: list[int] = []
        for mask in lines[1 - seat if forced else seat][n]:
            if mask not in seen:
                seen.append(mask)
                fd2, gold2, diff = _reveal(tab, fd, gold, mask, seat)
                out.append((diff, fd2, gold2, mask))
        return out

    def _threat(self, fd: int, gold: int, contest: int) -> int:
        """The mover's expected gain (units), on its turn in this position, from its best
        reveal completing a territory, beyond what the contest potential already credits: the
        gold difference collected plus the change of the potential; 0 if a quiet move is
        better."""
        seat = self.seat
        tab = self.tab
        weight_c = self.w.contest if seat == 0 else -self.w.contest
        options = _roll_options(fd)
        lines = self._lines(fd)
        counts = _counts(tab, fd)
        live = fd | gold
        total = 0
        free_best = -(1 << 40)
        for n, weight in options:
            best = -(1 << 40)
            candidates = self._options(fd, gold, seat, n, lines, False)
            if not candidates and not self._quiet(fd, n, lines, weight > 0):
                candidates = self._options(fd, gold, seat, n, lines, True)
            for diff, fd2, gold2, mask in candidates:
                change = _contest_change(tab, counts, live, fd2, fd2 | gold2, mask) if fd2 else 0
                best = max(best, diff * UNIT + weight_c * change // 1024)
            if best < 0 and self._quiet(fd, n, lines, weight > 0):
                best = 0
            if weight:
                total += weight * best
            else:
                free_best = max(free_best, best)
        return total // 8 if options[0][1] else free_best

    def _leaf(self, fd: int, gold: int, contest: int) -> int:
        """Prospects of the mover (units) in a position where the mover is to move."""
        w = self.w
        value = w.contest * (contest if self.seat == 0 else -contest) // 1024
        if w.follow:
            value += w.follow * self._threat(fd, gold, contest) // 1024
        return value

    def _reply(
        self, fd: int, gold: int, contest: int, opp: int, opp_can_bury: bool, full: bool
    ) -> int:
        """Expected value (units), against the mover, of the opponent's best reply and the
        mover's prospects after it. The opponent's candidates are its reveals that complete
        one of its territories, and a quiet move (worth 0, leaving the position as it is).
        Quick model: the opponent takes the most gold; ``full``: the opponent takes what
        leaves the mover least."""
        tab = self.tab
        options = _roll_options(fd)
        lines = self._lines(fd)
        counts = _counts(tab, fd)
        live = fd | gold
        quiet_leaf: int | None = None
        total = 0
        free_best = -(1 << 40)
        for n, weight in options:
            best: int | None = None
            candidates = self._options(fd, gold, opp, n, lines, False)
            need = full or not candidates or max(c[0] for c in candidates) < 0
            quiet = need and self._quiet(fd, n, lines, opp_can_bury and weight > 0)
            if not candidates and not quiet:
                candidates = self._options(fd, gold, opp, n, lines, True)
            if not full and candidates:
                if quiet:
                    candidates = []  # every completing reveal loses gold: the quiet move
                else:
                    top = max(c[0] for c in candidates)
                    candidates = [next(c for c in candidates if c[0] == top)]
            for diff, fd2, gold2, mask in candidates:
                v = diff * UNIT
                if fd2:
                    c2 = contest + _contest_change(tab, counts, live, fd2, fd2 | gold2, mask)
                    v -= self._leaf(fd2, gold2, c2)
                if best is None or v > best:
                    best = v
            if quiet:
                if quiet_leaf is None:
                    quiet_leaf = self._leaf(fd, gold, contest)
                if best is None or -quiet_leaf > best:
                    best = -quiet_leaf
            if best is None:
                continue  # no line of this length at all (free choice, pairs)
            if weight:
                total += weight * best
            else:
                free_best = max(free_best, best)
        return total // 8 if options[0][1] else free_best


class _OutOfBudget(Exception):
    """The endgame search visited its node budget without finishing."""


_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Endgame:
    """Exact alpha-beta over a free-choice ending (no chance, no bury: a game of perfect
    information), maximising the final gold difference; values in gold.

    One instance serves one decision: its transposition table maps ``(face-down, gold,
    seat)`` to ``(value, bound kind)``, and ``budget`` counts the nodes it may still expand.
    """

    __slots__ = ("budget", "memo", "tab")

    def __init__(self, tab: _Tables, budget: int) -> None:
        self.tab = tab
        self.budget = budget
        self.memo: dict[tuple[int, int, int], tuple[int, int]] = {}

    def values(
        self, fd: int, gold: int, seat: int, legal_actions: Sequence[Action]
    ) -> list[int] | None:
        """The value of each action (gold this turn and after, for ``seat``), exact for the
        best actions and an upper bound below the best for the others; None when the search
        would exceed its node budget."""
        children = []
        for action in legal_actions:
            bury, mask = _pad_mask(action)
            if bury:
                return None
            children.append(_reveal(self.tab, fd, gold, mask, seat))
        order = sorted(range(len(children)), key=lambda i: -children[i][2])
        out = [0] * len(children)
        best = -_INF
        try:
            for i in order:
                fd2, gold2, diff = children[i]
                if fd2:
                    diff -= self._search(fd2, gold2, 1 - seat, -_INF, diff - best + 1)
                out[i] = diff
                best = max(best, diff)
        except _OutOfBudget:
            return None
        return out

    def _search(self, fd: int, gold: int, seat: int, alpha: int, beta: int) -> int:
        key = (fd, gold, seat)
        hit = self.memo.get(key)
        if hit is not None:
            value, kind = hit
            if (
                kind == _EXACT
                or (kind == _LOWER and value >= beta)
                or (kind == _UPPER and value <= alpha)
            ):
                return value
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        tab = self.tab
        children = []
        for mask in _free_moves(fd):
            children.append(_reveal(tab, fd, gold, mask, seat))
        children.sort(key=lambda child: -child[2])
        start = alpha
        best = -_INF
        for fd2, gold2, diff in children:
            if fd2:
                diff -= self._search(fd2, gold2, 1 - seat, diff - beta, diff - alpha)
            if diff > best:
                best = diff
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        kind = _LOWER if best >= beta else _UPPER if best <= start else _EXACT
        self.memo[key] = (best, kind)
        return best


_INF = 1 << 20


def _free_moves(fd: int) -> list[int]:
    """Padded masks of the free-choice reveals: every face-down marker, then every pair of
    neighbouring face-down markers."""
    out: list[int] = []
    rest = fd
    while rest:
        low = rest & -rest
        out.append(low)
        rest ^= low
    for step in PAD_STEPS:
        rest = fd & fd >> step
        while rest:
            low = rest & -rest
            out.append(low | low << step)
            rest ^= low
    return out


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[StrongBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}
"""The bot classes by name, in the order of :data:`BOT_NAMES`."""


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name`` (one of :data:`BOT_NAMES`) seeded with ``seed``.

    Raises:
        ValueError: ``name`` is not a known bot.
    """
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(
            f"unknown Mountains & Rivers bot {name!r}: choose one of {', '.join(BOT_NAMES)}"
        )
    return cls(seed)
