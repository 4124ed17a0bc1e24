"""The strong bot's Monte-Carlo rollouts: its determinizations hold only what its seat saw, its
choices do not change with what its seat cannot see, are legal, and repeat for a seed.

Speed is measured by ``goldnet bench``, win rates by ``goldnet selfplay`` (see the bots' docs).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from goldnet.engine import Action
from goldnet.games.golden_city.bots import StrongBot
from goldnet.games.golden_city.bots._heuristic import HeuristicBot
from goldnet.games.golden_city.bots._rollout import Plan, Scale, Simulator, deal
from goldnet.games.golden_city.bots._strong import Settings
from goldnet.games.golden_city.rebuild import from_observation
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import TOKEN_NAMES
from goldnet.games.golden_city.state import DOWN
from goldnet.rng import Stream

from .helpers import game, put
from .test_bots import at_move, to_before


class Always(StrongBot):
    """The strong bot simulating every choice (no one-look shortcut), few rollouts."""

    settings = Settings(rollouts=6, margin=10**9)


def peeked(st: State, seat: int, h: int, value: str) -> State:
    st.known[seat][h] = value
    st.peeked[seat] = (h,)
    return st


def test_a_deal_keeps_the_seats_peek_and_the_public_mix() -> None:
    st = peeked(game(2, ("prospector", "raft")), 0, 4, "thief-5")
    root = from_observation(st.observation(0))
    mix = Counter({TOKEN_NAMES[c]: n for c, n in enumerate(root.left_hill) if n > 0})
    down = [h for h, code in enumerate(root.hill) if code == DOWN]
    seen = set()
    for r in range(8):
        dealt = deal(root, 0, Stream("test-deal", r))
        hills = {card: v for (deck, card), v in dealt.items() if deck == "hill"}
        assert sorted(hills) == down and hills[4] == "thief-5"
        assert Counter(hills.values()) == mix
        seen.add(tuple(sorted(hills.items())))
    assert len(seen) > 1  # the unseen tokens are dealt at random


def test_a_deal_never_uses_another_seats_peek() -> None:
    a = peeked(game(2, ("prospector", "raft")), 1, 4, "thief-5")
    b = peeked(game(2, ("prospector", "raft")), 1, 4, "nugget-1")
    assert a.observation(0) == b.observation(0)
    for r in range(4):
        roots = [from_observation(st.observation(0)) for st in (a, b)]
        deals = [deal(root, 0, Stream("test-deal", r)) for root in roots]
        assert deals[0] == deals[1]


def close_move(st: State) -> State:
    put(st, 0, "2,4")
    st.nuggets[0] = 3
    return at_move(st, 0, 3)


def test_hidden_tokens_the_seat_cannot_see_never_change_its_choice() -> None:
    """Seat 1 peeked different values at the same hill, and seat 1's missions differ: seat 0's
    observation is the same, and so is every simulated choice of seat 0."""
    a = peeked(close_move(game(2, ("haul", "sheriff"))), 1, 4, "thief-5")
    b = peeked(close_move(game(2, ("haul", "mine"))), 1, 4, "nugget-5")
    assert a.known != b.known and a.observation(0) == b.observation(0)
    legal = a.legal_actions(0)
    assert len(legal) > 1 and legal == b.legal_actions(0)
    for seed in range(3):
        choices = [Always(seed).choose(st.observation(0), legal) for st in (a, b)]
        assert choices[0] == choices[1] and choices[0] in legal


def test_a_seed_gives_the_same_simulated_choice_and_play_outs() -> None:
    st = close_move(game(2, ("prospector", "raft")))
    legal = st.legal_actions(0)
    obs: Any = st.observation(0)
    assert Always(4).choose(obs, legal) == Always(4).choose(obs, legal)
    root = from_observation(obs)
    totals = [
        Simulator(root, 0, HeuristicBot(0), HeuristicBot.weights, Scale(), Plan(3, 2), 7).totals(
            legal
        )
        for _ in range(2)
    ]
    assert totals[0] == totals[1] and all(-3000 <= t <= 3000 for t in totals[0])
    assert root.public_hash() == st.public_hash()  # the play-outs ran on clones


def test_simulated_choices_are_legal_in_every_phase() -> None:
    st = game(2, ("raft", "haul"))
    put(st, 0, "1,2")  # a landing holding a raft: choices before the roll
    to_before(st, 0)
    legal: list[Action] = st.legal_actions(0)
    assert len(legal) > 1
    assert Always(1).choose(st.observation(0), legal) in legal
    moving = close_move(game(2, ("prospector", "raft")))
    assert Always(1).choose(moving.observation(0), moving.legal_actions(0)) in (
        moving.legal_actions(0)
    )
