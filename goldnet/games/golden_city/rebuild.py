"""A Golden City position rebuilt from one seat's observation: what a bot searches from.

The observation holds the whole public position (the turn's queue included) and the seat's own
secrets, so the rebuilt state has the same public hash and shows that seat the same
observation; the other seats' missions are unknown (None) and the face-down tokens stay face
down — a bot that plays on fulfils their reveals with values of its own choosing
(a determinized view), drawn from ``tokens_left``.

Invariants: :func:`from_observation` reads the observation only; the result is independent of
any other state.
"""

from __future__ import annotations

from ...engine import Terminal
from .gazette import ISSUES
from .missions import mission_kinds
from .moves import tables
from .rules import State
from .setup import GALLERY_CODES, HILL_CODES, TOOLS, make_decks
from .state import Observation


def from_observation(obs: Observation) -> State:
    """The position ``obs`` shows, as a :class:`~.rules.State` holding ``obs.seat``'s secrets."""
    st = State.__new__(State)
    board, setup, n = obs.board, obs.setup, obs.seats
    st.board, st.setup, st.n_seats = board, setup, n
    st.tab = tables(board, n)
    st.ns = len(board.terrain)
    kinds = mission_kinds(board)
    st._decks = make_decks(setup, len(board.hills), len(board.galleries), kinds)
    st.pos = list(obs.positions)
    st.nuggets = [sack[0] for sack in obs.sacks]
    st.thieves = [sack[1] for sack in obs.sacks]
    st.below = [sack[2] for sack in obs.sacks]
    st.bank = list(obs.banks)
    st.tools = [sum(1 << TOOLS.index(t) for t in names) for names in obs.tools]
    st.light = list(obs.light)
    st.lost = [int(x) for x in obs.lost_turn]
    st.hill = list(obs.hills)
    st.loot_nuggets = [loot[0] for loot in obs.loot]
    st.loot_thieves = [loot[1] for loot in obs.loot]
    st.gal = list(obs.mine)
    st.rafts = list(obs.rafts)
    st.loco, st.advances, st.cow = obs.locomotive, obs.advances, obs.cow
    st.issue = -1 if obs.issue is None else ISSUES.index(obs.issue)
    st.published = sum(1 << ISSUES.index(name) for name in obs.published)
    st.wanted = -1 if obs.wanted is None else obs.wanted
    st.chest = obs.chest
    st.counters = [list(row) for row in obs.counters]
    st.claimed = list(obs.claims)
    st.window = list(obs.windows)
    st.shown = list(obs.shown)
    st.peeked = list(obs.peeked)
    st.left_hill = [0] * 20
    st.left_gallery = [0] * 22
    for name, count in obs.tokens_left:
        if name in HILL_CODES:
            st.left_hill[HILL_CODES[name]] = count
        else:
            st.left_gallery[GALLERY_CODES[name]] = count
    st.hidden_gold = obs.hidden_gold
    st.active, st.roll, st.turn, st.end = obs.active, obs.roll, obs.turn, obs.end
    st.todo = list(obs.queue)
    st.mission = [None] * n
    st.known = [{} for _ in range(n)]
    if obs.seat is not None:
        st.mission[obs.seat] = obs.mission
        st.known[obs.seat] = dict(obs.known)
    best = max(st.bank)
    winners = tuple(s for s, bank in enumerate(st.bank) if bank == best)
    st._result = None if st.todo else Terminal(tuple(st.bank), winners)
    return st
