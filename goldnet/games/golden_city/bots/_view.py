"""What a Golden City bot knows of the hidden tokens, and the odds of duels.

A bot never reads the rules state it plays in: it looks ahead in a position rebuilt from its own
observation (:func:`~..rebuild.from_observation`: the public position, the seat's own mission
and the tokens it peeked at). Its hidden tokens stay face down (``DOWN``); when a look-ahead
stops on one, its value is drawn from :func:`hill_odds` / :func:`gallery_odds`: the public mix
less what was revealed (the position's tokens left), less what the seat peeked at elsewhere, or
the peeked value itself. That is the bot's determinized view of the hidden tokens; nothing else
is ever assumed about them.

Invariants: odds are integer weights (no floats); a rebuilt position holds no other seat's
mission or peeked value (the observation has none); everything here is a pure function of the
position.
"""

from __future__ import annotations

from functools import lru_cache

from ..setup import HILL_CODES
from ..state import DOWN, WALL, Core


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
