"""The strong bot: its settings (:class:`Weights`), its decision and its two-ply search.

:class:`StrongBot` solves small free-choice endings exactly (:mod:`._endgame`) and otherwise
values every legal action with :class:`_Search`: the gold collected now, the opponent's
expected best reply over its roll, and the bot's prospects after it (:mod:`._evaluation`).

Invariants: values are integers in :data:`~._evaluation.UNIT` per gold; actions are valued in
the order of ``legal_actions`` and ties between equal values are drawn from the bot's own seeded
stream, so the same seed and observations give the same move on every machine. Burying is never
considered from :attr:`Weights.bury_turn_cap` on, so a game between strong bots ends. The
look-ahead's shortcuts (a territory's completing lines taken from the decision's position while
the markers they depend on stay, a reveal's outcome memoised by the markers near it) give
exactly what computing afresh gives: they change the speed, never a value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ....engine import Action
from ....rng import Stream
from ..rules import FREE, Observation, State
from ._endgame import Endgame
from ._evaluation import UNIT, contest_change, contest_potential, facedown_counts, roll_options
from ._simple import check_choice
from ._tables import (
    MAX_ROLL,
    Tables,
    count_lines,
    finishing_lines,
    finishing_reach,
    pad_mask,
    region,
    reveal,
    tables_of,
)


@dataclass(frozen=True, slots=True)
class Weights:
    """The strong bot's settings; weights in :data:`UNIT` per gold or per 1024.

    The defaults were chosen by self-play, 200 games per comparison between variants (see the
    :class:`StrongBot` docstring).

    Attributes:
        follow: per 1024, how much of the mover's own expected best gain on the turn after the
            opponent's reply counts.
        contest: per 1024, weight of the contest potential (see :func:`contest_potential`).
        bury_margin: units a bury loses at once: it must gain at least that much later. Keeps
            the bot from burying for nothing (bury loops).
        bury_turn_cap: from this turn on (``Observation.turn``) no bury is considered: the
            rules have no turn cap, and a bot that reveals on every turn ends the game.
        endgame_fields: free-choice positions with at most this many face-down markers are
            solved exactly.
        endgame_nodes: node budget of that exact search (a deterministic bound on its time); when
            exceeded the bot falls back to its evaluation.
        shortlist: how many of the best actions by the quick reply model are valued again by
            the full one (0: the quick model decides alone).
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
       opponent's: docs/rules/mountains-rivers.md, "A turn" 5); a bury costs
       :attr:`Weights.bury_margin` now;
    2. then, averaged over the opponent's roll (the integer weights of the range the action
       leaves; in free choice the opponent picks one or two markers), the opponent's reply.
       Only reveals that complete a territory move gold; they are enumerated exactly from each
       territory's face-down markers (the lines of ``n`` face-down fields holding them all).
       Any other reveal, or a bury, is a *quiet* reply worth 0, modelled as leaving the
       position unchanged. The reply is the opponent's completing reveal of most gold (quick
       model, for every action) or the reply, quiet or completing, that leaves the bot least
       (full model, for the :attr:`Weights.shortlist` best actions of the quick model);
    3. plus the bot's prospects after that reply: the contest potential (:func:`contest_potential`),
       which counts every uncollected field for the seat whose territory through it holds fewer
       face-down markers, and a share (:attr:`Weights.follow`) of the bot's expected best gain
       on its next turn from a completing reveal, net of the potential it spends.

    Free-choice positions (no roll, no bury: perfect information) with few face-down markers
    are solved exactly by alpha-beta over the final gold difference (:class:`Endgame`).
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
        check_choice(legal_actions)
        obs: Observation = observation
        state = State.from_observation(obs)
        assert state.active is not None
        tab = tables_of(obs.board)
        values: list[int] | None = None
        w = self.weights
        if obs.range_ == FREE and state.facedown.bit_count() <= w.endgame_fields:
            values = Endgame(tab, w.endgame_nodes).values(
                state.facedown, state.gold, state.active, legal_actions
            )
        if values is None:
            values = self._search_values(tab, state, legal_actions)
        top = max(values)
        return self._stream.choice(
            [a for a, v in zip(legal_actions, values, strict=True) if v == top]
        )

    def _search_values(
        self, tab: Tables, state: State, legal_actions: Sequence[Action]
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


_Lines = tuple[list[list[int]], list[list[int]]]
"""Per family, per length ``n`` (index 0 unused): the lines of ``n`` face-down fields
completing one of the family's territories (a line completing two appears twice)."""

_Found = tuple[tuple[tuple[int, int], ...], ...]
"""Per territory of one family: its :func:`~._tables.finishing_lines` in some position."""


class _Search:
    """One decision's look-ahead for ``seat``; values in :data:`UNIT` per gold.

    A position is ``(face-down, gold, contest)``, the last being :func:`contest_potential` of
    seat 0, kept up to date incrementally with :func:`contest_change`.

    ``moves`` memoises the look-ahead's reveals: what a reveal collects and how it changes the
    contest potential depend only on the fields of the territories it touches and of those
    crossing them (:func:`~._tables.region`), so they are keyed by the line, the seat and the
    face-down and gold markers there. The same line is valued again in many nearby positions
    of one decision; the memo lives for that decision and changes its speed, never its values.
    """

    __slots__ = (
        "base_fd",
        "base_found",
        "base_sensitive",
        "contest",
        "moves",
        "seat",
        "shovels",
        "tab",
        "w",
    )

    def __init__(
        self, tab: Tables, seat: int, shovels: Sequence[int], w: Weights, fd: int, gold: int
    ) -> None:
        self.tab = tab
        self.seat = seat
        self.shovels = tuple(shovels)
        self.w = w
        self.contest = contest_potential(tab, fd, gold, 0)
        self.moves: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
        self.base_fd = fd
        found: list[_Found] = []
        sensitive: list[tuple[int, ...]] = []
        for family in tab.terr:
            lefts = [t & fd for t in family]
            found.append(tuple(finishing_lines(tab, fd, left) if left else () for left in lefts))
            sensitive.append(
                tuple(t | finishing_reach(tab, left) for t, left in zip(family, lefts, strict=True))
            )
        self.base_found = (found[0], found[1])
        self.base_sensitive = (sensitive[0], sensitive[1])

    def value(self, fd: int, gold: int, action: Action, turn: int, full: bool) -> int:
        """Value of ``action`` for the mover from ``(fd, gold)`` (the decision's position):
        gold now, minus the opponent's expected best reply, plus the mover's prospects after
        it. ``full`` makes the opponent choose among its completing reveals by the value left
        to the mover, not just by the gold they collect."""
        seat = self.seat
        bury, mask = pad_mask(action)
        if bury:
            if turn >= self.w.bury_turn_cap:
                return _NEVER
            fd1, gold1, now = fd | mask, gold & ~mask, -self.w.bury_margin
            opp_shovels = self.shovels[1 - seat] + 1
        else:
            fd1, gold1, diff = reveal(self.tab, fd, gold, mask, seat)
            now = diff * UNIT
            opp_shovels = self.shovels[1 - seat]
        if not fd1:
            return now
        c1 = self.contest + contest_change(
            self.tab, facedown_counts(self.tab, fd), fd | gold, fd1, fd1 | gold1, mask
        )
        return now - self._reply(fd1, gold1, c1, 1 - seat, opp_shovels > 0, full)

    def _lines(self, fd: int) -> _Lines:
        """The lines completing each family's territories in face-down ``fd``."""
        return self._family_lines(fd, 0), self._family_lines(fd, 1)

    def _family_lines(self, fd: int, fam: int) -> list[list[int]]:
        """Per length ``n``, the lines completing the territories of ``fam`` in face-down
        ``fd``, territory by territory. A territory's lines depend only on the face-down
        markers in it and along the lines through it (:func:`~._tables.finishing_reach`):
        where those are as in the decision's position (``base_sensitive``), its lines there
        (``base_found``) are taken."""
        into: list[list[int]] = [[] for _ in range(MAX_ROLL + 1)]
        tab = self.tab
        delta = fd ^ self.base_fd
        sensitive = self.base_sensitive[fam]
        found = self.base_found[fam]
        for i, t in enumerate(tab.terr[fam]):
            if sensitive[i] & delta:
                left = t & fd
                if not left:
                    continue
                lines = finishing_lines(tab, fd, left)
            else:
                lines = found[i]
            for n, mask in lines:
                into[n].append(mask)
        return into

    @staticmethod
    def _quiet(fd: int, n: int, lines: _Lines, can_bury: bool) -> bool:
        """Whether the mover has a move worth 0 now with a line of ``n``: a bury, or a line
        that completes no territory."""
        return can_bury or count_lines(fd, n) > len(set(lines[0][n]) | set(lines[1][n]))

    def _reveal(
        self, fd: int, gold: int, counts: tuple[list[int], list[int]], mask: int, seat: int
    ) -> tuple[int, int, int, int]:
        """``(difference, face-down, gold, contest change)`` after ``seat`` reveals ``mask``
        in ``(fd, gold)`` (``counts``: :func:`facedown_counts` of ``fd``); as
        :func:`~._tables.reveal` and :func:`contest_change`, through :attr:`moves`."""
        tab = self.tab
        near = region(tab, mask)
        key = (mask, seat, fd & near, gold & near)
        hit = self.moves.get(key)
        if hit is None:
            fd2, gold2, diff = reveal(tab, fd, gold, mask, seat)
            change = contest_change(tab, counts, fd | gold, fd2, fd2 | gold2, mask)
            hit = (diff, change, (gold | mask) & ~gold2)
            self.moves[key] = hit
        diff, change, collected = hit
        return diff, fd & ~mask, (gold | mask) & ~collected, change

    def _options(
        self,
        fd: int,
        gold: int,
        counts: tuple[list[int], list[int]],
        seat: int,
        n: int,
        lines: _Lines,
        forced: bool,
    ) -> list[tuple[int, int, int, int, int]]:
        """``(difference, face-down, gold, line, contest change)`` after every distinct reveal
        of ``n`` fields by ``seat`` that completes one of its territories; when ``forced`` (no
        quiet move and no such reveal), after those completing only the opponent's."""
        out: list[tuple[int, int, int, int, int]] = []
        seen: list[int] = []
        for mask in lines[1 - seat if forced else seat][n]:
            if mask not in seen:
                seen.append(mask)
                diff, fd2, gold2, change = self._reveal(fd, gold, counts, mask, seat)
                out.append((diff, fd2, gold2, mask, change))
        return out

    def _threat(self, fd: int, gold: int, contest: int) -> int:
        """The mover's expected gain (units), on its turn in this position, from its best
        reveal completing a territory, beyond what the contest potential already credits: the
        gold difference collected plus the change of the potential; 0 if a quiet move is
        better."""
        seat = self.seat
        tab = self.tab
        weight_c = self.w.contest if seat == 0 else -self.w.contest
        options = roll_options(fd)
        if options[0][1]:
            return self._thrown_threat(fd, gold, options, weight_c)
        lines = self._lines(fd)
        counts = facedown_counts(tab, fd)
        total = 0
        free_best = -(1 << 40)
        for n, weight in options:
            best = -(1 << 40)
            candidates = self._options(fd, gold, counts, seat, n, lines, False)
            if not candidates and not self._quiet(fd, n, lines, weight > 0):
                candidates = self._options(fd, gold, counts, seat, n, lines, True)
            for diff, fd2, _gold2, _mask, change in candidates:
                best = max(best, diff * UNIT + (weight_c * change // 1024 if fd2 else 0))
            if best < 0 and self._quiet(fd, n, lines, weight > 0):
                best = 0
            if weight:
                total += weight * best
            else:
                free_best = max(free_best, best)
        return total // 8 if options[0][1] else free_best

    def _thrown_threat(
        self, fd: int, gold: int, options: tuple[tuple[int, int], ...], weight_c: int
    ) -> int:
        """:meth:`_threat` when the range is thrown: the mover always has a quiet move then
        (a bury is assumed available), so each roll is worth its best completing reveal or 0.
        The same as the general path, without building the positions after each reveal."""
        seat = self.seat
        tab = self.tab
        lines = self._family_lines(fd, seat)
        memo = self.moves
        regions = tab.region
        counts: tuple[list[int], list[int]] | None = None
        total = 0
        for n, weight in options:
            best = 0
            for mask in lines[n]:
                near = regions.get(mask)
                if near is None:
                    near = region(tab, mask)
                key = (mask, seat, fd & near, gold & near)
                hit = memo.get(key)
                if hit is None:
                    if counts is None:
                        counts = facedown_counts(tab, fd)
                    fd2, gold2, diff = reveal(tab, fd, gold, mask, seat)
                    change = contest_change(tab, counts, fd | gold, fd2, fd2 | gold2, mask)
                    hit = (diff, change, (gold | mask) & ~gold2)
                    memo[key] = hit
                value = hit[0] * UNIT
                if fd & ~mask:
                    value += weight_c * hit[1] // 1024
                if value > best:
                    best = value
            total += weight * best
        return total // 8

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
        options = roll_options(fd)
        lines = self._lines(fd)
        counts = facedown_counts(tab, fd)
        quiet_leaf: int | None = None
        total = 0
        free_best = -(1 << 40)
        for n, weight in options:
            best: int | None = None
            candidates = self._options(fd, gold, counts, opp, n, lines, False)
            need = full or not candidates or max(c[0] for c in candidates) < 0
            quiet = need and self._quiet(fd, n, lines, opp_can_bury and weight > 0)
            if not candidates and not quiet:
                candidates = self._options(fd, gold, counts, opp, n, lines, True)
            if not full and candidates:
                if quiet:
                    candidates = []  # every completing reveal loses gold: the quiet move
                else:
                    top = max(c[0] for c in candidates)
                    candidates = [next(c for c in candidates if c[0] == top)]
            for diff, fd2, gold2, _mask, change in candidates:
                v = diff * UNIT
                if fd2:
                    v -= self._leaf(fd2, gold2, contest + change)
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
