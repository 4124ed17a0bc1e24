"""Monte-Carlo rollouts for the strong bot: determinized play-outs of a decision's candidates.

A decision's candidates are each played out :attr:`Plan.rollouts` times on the position rebuilt
from the bot's own observation (:func:`~..rebuild.from_observation`). Rollout ``r`` of every
candidate shares the same **determinization** and the same chance stream (common random numbers,
so candidates are compared on the same luck):

- the **determinization**: the face-down hill tokens the seat has not peeked at are dealt at
  random from the pool it cannot tell apart (the public mix left, less its own peeks still face
  down), the tokens it peeked at keep their peeked value, and the face-down gallery tokens are
  dealt from the gallery mix left — a deal consistent with everything the seat has seen, and
  with nothing else; the other seats' missions stay unknown (``None``);
- the **play-out**: every seat plays the heuristic's one-look choice
  (:meth:`~._heuristic.HeuristicBot.values`, first best on ties) — the bot's own seat with its
  own weights and rates, the others with the heuristic bot's (:data:`OPPONENT`) — but leaves
  the store at once (a tool's worth comes after the horizon, its price before it: a purchase
  would only count against the line that goes home); the die is drawn from a stream named by
  the rollout and the turn (so that every candidate sees the same rolls), the duels, the sieve
  and the Gazette from the rollout's stream, and a reveal takes the dealt value;
- the **horizon**: the play-out stops when :attr:`Plan.horizon` turns after the decision's turn
  have begun (or at the game's end, or at a mission reveal), and is valued by :func:`leaf`: the
  bot's lead over its best rival on the scale of a chance of winning (:func:`win_score`); a game
  that ended is valued on the banks alone (sacks are lost), the missions as the bot knows them.

A candidate's value is the sum over its rollouts; the strong bot plays the candidate of highest
sum. The number of rollouts is a fixed count, never a time: the same seed and observation give
the same choice on every machine.

Invariants: integer arithmetic only; the only draws are from streams named by the bot's seed,
the decision's draw and the rollout's number; the root position is never changed (each play-out
runs on a clone); a play-out is bounded by :data:`MAX_STEPS` inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....engine import Action, ChanceOf, RevealOf, Terminal, TurnOf
from ....rng import Stream
from ..rules import State
from ..setup import GALLERY_NAMES, MISSIONS, TOKEN_NAMES
from ..state import DOWN
from ._heuristic import HeuristicBot
from ._value import U, Valuer, Weights
from ._view import hill_pool, known_codes

OPPONENT = HeuristicBot("opponent")
"""The other seats' policy in a play-out: the heuristic bot's own values (its stream is never
drawn from: :meth:`~._heuristic.HeuristicBot.values` draws nothing)."""

MAX_STEPS = 400
"""The most inputs (actions, chances, reveals) one play-out applies before it is valued."""


@dataclass(frozen=True, slots=True)
class Plan:
    """How one decision is simulated.

    Attributes:
        rollouts: play-outs per candidate.
        horizon: turns begun after the decision's turn before a play-out is valued.
    """

    rollouts: int
    horizon: int


@dataclass(frozen=True, slots=True)
class Scale:
    """The leaf's scale: per seat count, the lead (units) worth an even chance
    (:attr:`width_base`) and its growth per locomotive advance still to come
    (:attr:`width_step`), fitted on heuristic self-play; :attr:`rival` the weight (per 100) of
    the best opponent against the opponents' mean."""

    rival: int = 100
    width_base: tuple[int, ...] = (0, 0, 400, 250, 150, 120, 100)
    width_step: tuple[int, ...] = (0, 0, 200, 100, 50, 40, 30)

    def width(self, seats: int, advances_left: int) -> int:
        """The lead (units) worth an even chance with ``advances_left`` advances to go."""
        return self.width_base[seats] + self.width_step[seats] * max(0, advances_left)


def deal(root: State, me: int, stream: Stream) -> dict[tuple[str, int], str]:
    """One determinization of ``root``'s face-down tokens from seat ``me``'s knowledge:
    ``(deck, card) -> value`` for every face-down hill and gallery token."""
    out: dict[tuple[str, int], str] = {}
    known = known_codes(root, me)
    pool = hill_pool(root, me, known)
    unseen = [h for h, code in enumerate(root.hill) if code == DOWN and h not in known]
    for h in sorted(known):
        out["hill", h] = TOKEN_NAMES[known[h]]
    for h, code in zip(unseen, _shuffled(pool, stream), strict=False):
        out["hill", h] = TOKEN_NAMES[code]
    gallery = root.board.gallery_of
    down = [gallery[m] for m, code in enumerate(root.gal) if code == DOWN and gallery[m] >= 0]
    for g, code in zip(down, _shuffled(root.left_gallery, stream), strict=False):
        out["gallery", g] = GALLERY_NAMES[code]
    return out


def _shuffled(counts: Sequence[int], stream: Stream) -> list[int]:
    """The codes of a pool (``counts[code]`` tokens each) in a random order (Fisher-Yates)."""
    codes = [c for c, n in enumerate(counts) for _ in range(max(0, n))]
    for i in range(len(codes) - 1, 0, -1):
        j = stream.below(i + 1)
        codes[i], codes[j] = codes[j], codes[i]
    return codes


class Simulator:
    """The play-outs of one decision (see the module's description).

    Args:
        root: the position rebuilt from the bot's observation (never changed).
        me: the bot's seat.
        policy: the bot's own rollout policy (the heuristic's values with the bot's weights and
            rates); the other seats play :data:`OPPONENT`.
        weights: the leaf's valuer settings.
        scale: the leaf's scale.
        plan: the number of rollouts and the horizon.
        key: names the decision's streams (drawn from the bot's own stream).
    """

    def __init__(
        self,
        root: State,
        me: int,
        policy: HeuristicBot,
        weights: Weights,
        scale: Scale,
        plan: Plan,
        key: int,
    ) -> None:
        self.root, self.me, self.policy, self.w = root, me, policy, weights
        self.scale, self.plan = scale, plan
        self.turn = root.turn
        self.streams = [Stream("golden-city", "rollout", key, r) for r in range(plan.rollouts)]
        self.deals = [deal(root, me, s) for s in self.streams]
        self.key = key

    def totals(self, candidates: Sequence[Action]) -> list[int]:
        """Per candidate, the sum of its play-outs' values (each from -1000 to 1000)."""
        out = []
        for action in candidates:
            total = 0
            for r in range(self.plan.rollouts):
                st = self.root.clone()
                st.apply(action)
                total += self.play(st, r)
            out.append(total)
        return out

    def play(self, st: State, r: int) -> int:
        """Play ``st`` (consumed) out with rollout ``r``'s deal and stream; its leaf value."""
        stream = Stream("golden-city", "rollout", self.key, r, "play")
        dealt = self.deals[r]
        last = self.turn + self.plan.horizon
        for _ in range(MAX_STEPS):
            request = st.awaiting()
            if isinstance(request, Terminal) or st.end is not None or st.turn > last:
                break
            if isinstance(request, TurnOf):
                seat = request.seat
                legal = st.legal_actions(seat)
                if st.todo[0][0] == "store":
                    st.apply(("done",))  # a tool's worth lies past the horizon, its price not
                elif len(legal) > 1:
                    policy = self.policy if seat == self.me else OPPONENT
                    values = policy.values(st, seat, legal)
                    st.apply(legal[values.index(max(values))])
                else:
                    st.apply(legal[0])
            elif isinstance(request, ChanceOf):
                if request.kind == "die":
                    # the die by turn, so that candidates see the same rolls
                    die = Stream("golden-city", "rollout", self.key, r, st.turn, st.active)
                    st.apply_chance(die.chance(request))
                else:
                    st.apply_chance(stream.chance(request))
            else:
                assert isinstance(request, RevealOf)
                value = dealt.get((request.deck, request.card))
                if request.deck == "mission" or value is None:
                    break
                st.apply_reveal(request.deck, request.card, request.to, value)
        return self.leaf(st)

    def leaf(self, st: State) -> int:
        """The bot's chance of winning from ``st``, as a score from -1000 to 1000: its lead
        over its rivals (their bank, kept sack and expected mission) on :func:`win_score`'s
        scale; once the game ended, on the banks and missions alone."""
        first = st.active if st.turn > self.turn else (st.active + 1) % st.n_seats
        v = Valuer(st, self.me, self.w, first)
        others = range(st.n_seats)
        if st.end is not None:
            mine = U * st.bank[self.me] + _mission_bonus(st, self.me)
            theirs = [U * st.bank[o] + v.mission_guess(o) for o in others if o != self.me]
            width = self.scale.width_base[st.n_seats] // 4
        else:
            mine = v.value(self.me)
            theirs = [v.holding(o) + v.mission_guess(o) for o in others if o != self.me]
            left = len(st.board.track) - 1 - st.loco
            width = self.scale.width(st.n_seats, left)
        best = max(theirs)
        mean = sum(theirs) // len(theirs)
        k = self.scale.rival
        return win_score(mine - (k * best + (100 - k) * mean) // 100, width)


def _mission_bonus(st: State, s: int) -> int:
    """Seat ``s``'s mission bonus (units) at the end: its whole bonus when its counters reached
    its mission's threshold, else nothing."""
    mission = st.mission[s]
    if mission is None:
        return 0
    kind = MISSIONS.index(mission)
    met = st.counters[s][kind] >= st.setup.thresholds[kind]
    return U * st.setup.mission_bonus if met else 0


def win_score(lead: int, width: int) -> int:
    """A lead (units) as a score from -1000 to 1000 rising like a chance of winning:
    ``1000 * lead / (|lead| + width)`` (a soft step, in integers; ``width`` the lead that
    scores 500)."""
    score = 1000 * abs(lead) // (abs(lead) + max(1, width))
    return score if lead >= 0 else -score
