"""What a Golden City bot knows: a position rebuilt from its own observation, the odds of the
tokens it has not seen, and the odds of duels.

A bot never reads the rules state it plays in: :func:`rebuild` makes a fresh
:class:`~..rules.State` from an :class:`~..state.Observation` — the public position, the seat's
own mission and the tokens it peeked at — to look ahead in. Its hidden tokens stay face down
(``DOWN``); when a look-ahead stops on one, its value is drawn from :func:`hill_odds` /
:func:`gallery_odds`: the public mix less what was revealed (``left_hill``, ``left_gallery``),
less what the seat peeked at elsewhere, or the peeked value itself. That is the bot's
determinized view of the hidden tokens; nothing else is ever assumed about them.

Invariants: odds are integer weights (no floats); a rebuilt state holds no other seat's mission
or peeked value (it cannot: the observation has none); everything here is a pure function of
the observation.
"""

from __future__ import annotations

from functools import lru_cache

from ..gazette import ISSUES
from ..rules import State
from ..setup import HILL_CODES, TOOLS
from ..state import DOWN, WALL, Core, Observation

TOOL_MASK: dict[tuple[str, ...], int] = {}
"""Memo: a tuple of tool names -> its tool mask."""


def tool_mask(names: tuple[str, ...]) -> int:
    """The tool mask (bit ``i`` is ``TOOLS[i]``) of the tool names ``names``."""
    mask = TOOL_MASK.get(names)
    if mask is None:
        mask = sum(1 << TOOLS.index(t) for t in names)
        TOOL_MASK[names] = mask
    return mask


def _tail(head: tuple[object, ...]) -> list[tuple[object, ...]]:
    """What follows a turn's head task in the queue (the observation shows the head only):
    ``("store", 0)`` is followed by the rest of the turn, ``("store", 1)`` by the next seat's
    turn; ``("before",)`` and ``("move", steps)`` end the queue."""
    if head[0] == "store":
        return [("ready",)] if head[1] == 0 else [("next",)]
    return []


def rebuild(obs: Observation) -> State:
    """A :class:`State` of the position ``obs`` shows, for look-ahead from its seat's turn.

    Face-down tokens stay face down; the seat's own mission and peeks are its private
    knowledge in the state; another seat's mission is None. The queue is the observed head and
    what follows it in a turn (:func:`_tail`).

    Raises:
        ValueError: ``obs`` is a spectator's (no seat) or not at a turn's decision.
    """
    if obs.seat is None or obs.awaiting[0] not in ("store", "before", "move"):
        raise ValueError("a bot rebuilds positions only at its own turn's decisions")
    st = State.__new__(State)
    n = obs.seats
    st.board, st.setup, st.n_seats = obs.board, obs.setup, n
    from ..moves import tables

    st.tab = tables(obs.board, n)
    st.ns = len(obs.board.terrain)
    st.pos = list(obs.positions)
    st.nuggets = [s[0] for s in obs.sacks]
    st.thieves = [s[1] for s in obs.sacks]
    st.below = [s[2] for s in obs.sacks]
    st.bank = list(obs.banks)
    st.tools = [tool_mask(t) for t in obs.tools]
    st.light = list(obs.light)
    st.lost = [int(x) for x in obs.lost_turn]
    st.hill = list(obs.hills)
    st.loot_nuggets = [x[0] for x in obs.loot]
    st.loot_thieves = [x[1] for x in obs.loot]
    st.gal = list(obs.mine)
    st.rafts = list(obs.rafts)
    st.loco, st.advances, st.cow = obs.locomotive, obs.advances, obs.cow
    st.issue = -1 if obs.issue is None else ISSUES.index(obs.issue)
    st.published = sum(1 << ISSUES.index(i) for i in obs.published)
    st.wanted = -1 if obs.wanted is None else obs.wanted
    st.chest = obs.chest
    st.counters = [list(row) for row in obs.counters]
    st.claimed = [
        tuple(row) if c else None for c, row in zip(obs.claimed, obs.counters, strict=True)
    ]
    st.window = [tuple(row) for row in obs.counters]
    st.shown = list(obs.shown)
    st.peeked = list(obs.peeked)
    st.left_hill = list(obs.left_hill)
    st.left_gallery = list(obs.left_gallery)
    st.hidden_gold = obs.hidden_gold
    st.active, st.roll, st.turn, st.end = obs.active, obs.roll, obs.turn, obs.end
    st.mission = [None] * n
    st.mission[obs.seat] = obs.mission
    st.known = [{} for _ in range(n)]
    st.known[obs.seat] = dict(obs.known)
    st.todo = [obs.awaiting, *_tail(obs.awaiting)]
    st._decks = ()
    st._result = None
    return st


def known_codes(st: Core, seat: int) -> dict[int, int]:
    """The hills still face down whose token ``seat`` peeked at: hill -> token code."""
    return {h: HILL_CODES[v] for h, v in st.known[seat].items() if st.hill[h] == DOWN}


def hill_pool(st: Core, seat: int, known: dict[int, int]) -> list[int]:
    """Per hill token code, how many face-down tokens ``seat`` has not seen (the public mix
    left, less the tokens ``known`` still face down)."""
    pool = list(st.left_hill)
    for code in known.values():
        pool[code] -= 1
    return pool


def hill_odds(
    st: Core, h: int, pool: list[int], known: dict[int, int]
) -> tuple[tuple[int, int], ...]:
    """``(code, weight)`` of the face-down token on hill ``h``: the peeked code, else the
    unseen pool (integer weights, codes ascending)."""
    code = known.get(h)
    if code is not None:
        return ((code, 1),)
    return tuple((c, w) for c, w in enumerate(pool) if w > 0)


def gallery_odds(st: Core) -> tuple[tuple[int, int], ...]:
    """``(code, weight)`` of a face-down gallery token (nobody peeks below)."""
    return tuple((c, w) for c, w in enumerate(st.left_gallery) if w > 0)


def walls(st: Core) -> int:
    """Bit mask of the walled mine fields."""
    mask = 0
    for m, code in enumerate(st.gal):
        if code == WALL:
            mask |= 1 << m
    return mask


@lru_cache(maxsize=256)
def brawl_odds(bonus: int, strength: int) -> tuple[int, int]:
    """``(wins, decided)`` faces of the duel die for a brawl at ``bonus`` against
    ``strength`` (ties roll again, so the chance of winning is ``wins / decided``)."""
    wins = sum(1 for d in range(1, 7) if d + bonus > strength)
    losses = sum(1 for d in range(1, 7) if d + bonus < strength)
    return wins, wins + losses


@lru_cache(maxsize=64)
def fight_odds(mine: int, theirs: int) -> tuple[int, int]:
    """``(wins, decided)`` pairs of duel dice for the attacker at bonus ``mine`` against the
    defender at bonus ``theirs`` (ties roll again)."""
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + mine > d + theirs)
    losses = sum(1 for a in range(1, 7) for d in range(1, 7) if a + mine < d + theirs)
    return wins, wins + losses
