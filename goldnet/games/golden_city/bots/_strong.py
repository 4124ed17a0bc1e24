"""The strong bot ("strong"): the heuristic's one-look choice, checked by Monte-Carlo rollouts
when it is a close call; the store is the heuristic's.

At a move or before the roll, the bot values its legal actions with the heuristic's one-look
value (:meth:`~._heuristic.HeuristicBot.values`, on a :class:`~..rules.State` rebuilt by
:func:`~..rebuild.from_observation` from its own observation). When the best is clear — no
other action within :attr:`Settings.margin` of it among the :attr:`Settings.candidates` best —
it plays it; otherwise each of those candidates is played out :attr:`Settings.rollouts` /
(number of candidates) times by :class:`~._rollout.Simulator`: determinized deals of the hidden
tokens from its own knowledge, every seat playing the heuristic, to a horizon of
``min(seats, 3)`` turns begun after its own (:attr:`Settings.horizon`), each play-out valued as
a chance of winning; the candidate of best total is played (ties: the heuristic's order).

The store is not simulated: a tool pays back over many turns, which a play-out of a few turns
cannot see; the bot buys by the heuristic's tool rates. Nor is a lantern peek: what it tells
serves later choices, which a few play-outs measure as noise; the heuristic's rule decides it.

With :attr:`Settings.rollouts` at 0 the bot is the earlier expectimax of its own turn
(:class:`_Search`), kept as the variant the measured figures compare with: from the decision to
the end of its turn it plays every line on the rebuilt state and averages over every chance
node — the die's six faces (at each, the best of its :attr:`Settings.shortlist` best moves by
the one-look value), each value of a face-down token by :func:`~._view.hill_odds` /
:func:`~._view.gallery_odds`, its own lantern peek in two classes (a nugget, a thief), a duel as
won and lost weighted by the exact counts of rolls, the sieve's die by its mean, the Gazette by
one draw from its stream — and values a line's end by :func:`~._rollout.win_score` of its lead.

Invariants: values are integers; candidates and children are taken in a fixed order and the
only draws are from streams named by the bot's seed, so the same seed and observations give the
same move on every machine; the work of one decision is bounded by counts (rollouts, a
play-out's :data:`~._rollout.MAX_STEPS`, :attr:`Settings.nodes`), never by a clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ....engine import Action, ChanceOf, RevealOf, Terminal, TurnOf
from ....rng import Stream
from ..rebuild import from_observation
from ..rules import State
from ..setup import GALLERY_NAMES, GHOST, THIEF, TOKEN_NAMES
from ..state import Observation
from ._heuristic import HeuristicBot, after_value
from ._rollout import Plan, Scale, Simulator, win_score
from ._simple import check_choice
from ._value import Valuer, Weights, duel_bonus


@dataclass(frozen=True, slots=True)
class Settings:
    """The strong bot's search settings.

    Attributes:
        rollouts: play-outs of one decision, shared equally by its candidates (0: the
            expectimax variant).
        candidates: the most actions, best first by the one-look value, that are played out.
        horizon: turns begun after the decision's turn before a play-out is valued (0:
            ``min(seats, 3)``).
        margin: how close (units) to the best one-look value an action must be to be played
            out; with no other action that close, the best is played at once.
        shortlist: how many of its own moves, best first by the one-look value, are searched
            at a die face inside the search.
        nodes: the most positions one decision searches, shared equally by its legal actions
            (a deterministic bound on its time).
        replies: how many turns of the seats after it the search plays on, each seat moving
            where the heuristic's one-look value is best for it (0: its own turn only).
        width_base, width_step: per seat count, the lead (units) worth an even chance, and its
            growth per locomotive advance still to come (:meth:`width`).
        bold, careful, lead, late_rounds: the risk appetite by standing
            (:meth:`StrongBot.weights_at`): per 100, how much the sack's risks count when
            behind the best rival by more than ``lead`` units with at most ``late_rounds``
            turns left (``bold``), or ahead by as much (``careful``); 100 and 100 (as built):
            the heuristic's weights throughout (tried: no measurable gain, see the bots' docs).
    """

    rollouts: int = 32
    candidates: int = 3
    horizon: int = 0
    margin: int = 100
    shortlist: int = 2
    nodes: int = 4000
    replies: int = 0
    rival: int = 100
    width_base: tuple[int, ...] = (0, 0, 400, 250, 150, 120, 100)
    width_step: tuple[int, ...] = (0, 0, 200, 100, 50, 40, 30)
    bold: int = 100
    careful: int = 100
    lead: int = 300
    late_rounds: int = 1000

    def width(self, seats: int, advances_left: int) -> int:
        """The lead (units) worth an even chance with ``advances_left`` locomotive advances to
        the station (fitted on heuristic self-play)."""
        return self.width_base[seats] + self.width_step[seats] * max(0, advances_left)


class StrongBot(HeuristicBot):
    """The heuristic checked by Monte-Carlo rollouts ("strong"); see the module's description.

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream` (ties, the rollouts' streams, the
            Gazette's draws).
    """

    name = "strong"
    weights = Weights()
    settings = Settings()

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self._stream = Stream("golden-city", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """The legal action of best expected value, ties drawn from the stream.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choice(legal_actions)
        obs: Observation = observation
        if len(legal_actions) == 1 or obs.awaiting[0] == "store":
            return super().choose(observation, legal_actions)
        assert obs.seat is not None
        root = from_observation(obs)
        if self.settings.rollouts:
            return self._simulate(root, obs.seat, legal_actions)
        search = _Search(root, obs.seat, self.weights, self.settings, self._stream)
        budget = max(1, self.settings.nodes // len(legal_actions))
        values = [search.action(root, a, budget) for a in legal_actions]
        top = max(values)
        best = [a for a, x in zip(legal_actions, values, strict=True) if x == top]
        return self._stream.choice(best)

    def weights_at(self, st: State, s: int) -> Weights:
        """The valuer's settings by standing: behind its best rival by more than
        :attr:`Settings.lead` with at most :attr:`Settings.late_rounds` turns left, the sack's
        risks (exposure, the late end) count :attr:`Settings.bold` per 100; ahead by as much,
        :attr:`Settings.careful` per 100."""
        c = self.settings
        w = self.weights
        if c.bold == 100 and c.careful == 100:
            return w
        v = Valuer(st, s, w)
        mine = v.holding(s) + v.mission_value(s)
        best = max(v.holding(o) + v.mission_guess(o) for o in range(st.n_seats) if o != s)
        if mine - best < -c.lead and v.rounds <= c.late_rounds:
            k = c.bold
        elif mine - best > c.lead:
            k = c.careful
        else:
            return w
        return replace(
            w,
            exposure=w.exposure * k // 100,
            mine_exposure=w.mine_exposure * k // 100,
            late=w.late * k // 100,
        )

    def _simulate(self, root: State, me: int, legal: Sequence[Action]) -> Action:
        """The candidate of best Monte-Carlo total (see :mod:`._rollout`)."""
        s = self.settings
        quick = self.values(root, me, legal)
        order = sorted(range(len(legal)), key=lambda i: -quick[i])
        top = quick[order[0]]
        if legal[order[0]][0] == "lantern":
            return legal[order[0]]  # a peek's worth is what it tells later: not simulated
        keep = sorted(
            i
            for i in order[: s.candidates]
            if quick[i] >= top - s.margin and legal[i][0] != "lantern"
        )
        if len(keep) == 1:
            return legal[keep[0]]
        candidates = [legal[i] for i in keep]
        horizon = s.horizon if s.horizon > 0 else min(root.n_seats, 3)
        plan = Plan(max(1, s.rollouts // len(candidates)), horizon)
        scale = Scale(s.rival, s.width_base, s.width_step)
        sim = Simulator(root, me, self, self.weights, scale, plan, self._stream.below(1 << 30))
        totals = sim.totals(candidates)
        # ties go to the heuristic's order
        best = max(range(len(candidates)), key=lambda i: (totals[i], quick[keep[i]]))
        return candidates[best]


class _Search:
    """One decision's expectimax (see the module's description)."""

    def __init__(
        self, root: State, me: int, weights: Weights, settings: Settings, stream: Stream
    ) -> None:
        self.me, self.w, self.settings, self.stream = me, weights, settings, stream
        self.turn = root.turn
        self.nodes = 0
        self.budget = settings.nodes

    def action(self, st: State, action: Action, budget: int = 0) -> int:
        """The expected value of playing ``action`` in ``st`` (not changed); with a
        ``budget``, a fresh count of positions for this action's lines."""
        if budget:
            self.nodes, self.budget = 0, budget
        child = st.clone()
        child.apply(action)
        return self.node(child)

    def node(self, st: State) -> int:
        """The expected value of ``st`` (consumed: it may be changed)."""
        self.nodes += 1
        request = st.awaiting()
        if (
            isinstance(request, Terminal)
            or st.turn > self.turn + self.settings.replies
            or self.nodes > self.budget
        ):
            return self.leaf(st)
        if isinstance(request, TurnOf):
            if request.seat != self.me:
                return self.reply(st, request.seat)
            if st.todo[0][0] == "store" or st.turn != self.turn:
                return self.leaf(st)
            return self.choice(st)
        if isinstance(request, ChanceOf):
            return self.chance(st, request)
        return self.reveal(st, request)

    def choice(self, st: State) -> int:
        """The bot's own choice inside the search: the best of its shortlist."""
        legal = st.legal_actions(self.me)
        if len(legal) > self.settings.shortlist:
            v = Valuer(st, self.me, self.w)
            head = st.todo[0][0]
            if head == "move":
                quick = [after_value(v, self.me, a) for a in legal]
            else:
                quick = [v.value(self.me) if a[0] == "roll" else 0 for a in legal]
            order = sorted(range(len(legal)), key=lambda i: -quick[i])
            legal = [legal[i] for i in sorted(order[: self.settings.shortlist])]
        return max(self.action(st, a) for a in legal)

    def reply(self, st: State, seat: int) -> int:
        """An opponent's turn inside the search: it leaves the store, rolls, and moves where
        the heuristic's one-look value is best for it."""
        head = st.todo[0][0]
        legal = st.legal_actions(seat)
        if head == "store":
            action: Action = ("done",)
        elif head == "before":
            action = ("roll",)
        elif len(legal) == 1:
            action = legal[0]
        else:
            v = Valuer(st, seat, self.w)
            quick = [after_value(v, seat, a) for a in legal]
            action = legal[quick.index(max(quick))]
        st.apply(action)
        return self.node(st)

    def chance(self, st: State, request: ChanceOf) -> int:
        head = st.todo[0]
        kind = head[0]
        if kind == "duel":
            return self.duel(st, head)
        if kind == "sieve":
            st.apply_chance(1)
            return self.node(st)
        if kind == "roll":
            total = 0
            for face, _ in request.outcomes:
                child = st.clone()
                child.apply_chance(face)
                total += self.node(child)
            return total // len(request.outcomes)
        st.apply_chance(self.stream.chance(request))
        return self.node(st)

    def duel(self, st: State, task: tuple[Any, ...]) -> int:
        """A duel as two outcomes, each by a representative roll (or pair of rolls) weighted
        by how many rolls give it."""
        _, kind, seat, target, first, _ = task
        if kind in ("fight", "ghost"):
            mine = duel_bonus(st, seat) if kind == "fight" else 0
            theirs = duel_bonus(st, target) if kind == "fight" else 0
            firsts = range(1, 7) if first < 0 else (first,)
            pairs = [(a, d) for a in firsts for d in range(1, 7) if a + mine != d + theirs]
            won = [p for p in pairs if p[0] + mine > p[1] + theirs]
            lost = [p for p in pairs if p[0] + mine < p[1] + theirs]
            groups: list[tuple[tuple[int, ...], int]] = []
            cut = 0 if first < 0 else 1  # the attacker's roll already made is not rolled again
            if won:
                groups.append((won[-1][cut:], len(won)))
            if lost:
                groups.append((lost[0][cut:], len(lost)))
        else:
            bonus = duel_bonus(st, seat)
            strength = st.hill[target] - THIEF if kind == "brawl" else target
            wins = [d for d in range(1, 7) if d + bonus > strength]
            losses = [d for d in range(1, 7) if d + bonus < strength]
            groups = []
            if wins:
                groups.append(((wins[-1],), len(wins)))
            if losses:
                groups.append(((losses[0],), len(losses)))
        total = weight = 0
        for rolls, count in groups:
            child = st.clone()
            for roll in rolls:
                child.apply_chance(roll)
            total += count * self.node(child)
            weight += count
        return total // weight

    def reveal(self, st: State, request: RevealOf) -> int:
        if request.deck == "mission":
            return self.leaf(st)
        v = Valuer(st, self.me, self.w)
        if request.deck == "gallery":
            odds = list(v.gallery)
            names = GALLERY_NAMES
        else:
            names = TOKEN_NAMES
            known = v.known.get(request.card)
            if known is not None:
                odds = [(known, 1)]
            elif request.to is None:
                odds = [(c, w) for c, w in enumerate(v.pool) if w > 0]
            else:
                odds = _classes(v.pool)
        total = weight = 0
        for code, count in odds:
            child = st.clone()
            child.apply_reveal(request.deck, request.card, request.to, names[code])
            total += count * self.node(child)
            weight += count
        return total // weight if weight else self.leaf(st)

    def leaf(self, st: State) -> int:
        """The bot's chance of winning, as a score: its lead over the best opponent (its value
        less their bank, kept sack and expected mission) on the smooth scale of
        :func:`win_score`, whose width is the game's remaining uncertainty."""
        first = st.active if st.turn > self.turn else (st.active + 1) % st.n_seats
        v = Valuer(st, self.me, self.w, first)
        others = [v.holding(o) + v.mission_guess(o) for o in range(st.n_seats) if o != self.me]
        best = max(others)
        mean = sum(others) // len(others)
        k = self.settings.rival
        rival = (k * best + (100 - k) * mean) // 100
        lead = v.value(self.me) - rival
        left = len(st.board.track) - 1 - st.loco
        width = self.settings.width(st.n_seats, left)
        return win_score(lead, width) if width > 0 else lead


def _classes(pool: list[int]) -> list[tuple[int, int]]:
    """A lantern peek's values in two classes, nuggets and thieves: each the pool token
    nearest its class's mean, weighted by the class's count."""
    out = []
    for low, high in ((1, THIEF), (THIEF + 1, GHOST)):
        count = sum(pool[low:high])
        if count:
            mean = sum(c * pool[c] for c in range(low, high)) // count
            present = [c for c in range(low, high) if pool[c] > 0]
            out.append((min(present, key=lambda c: abs(c - mean)), count))
    return out
