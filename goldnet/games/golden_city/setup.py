"""The setup of a Golden City game: every number the rules read that is not the map's — the
token mix, the starting bank, the store's prices, the bounties, the company's share, the duels'
constants, the missions and their thresholds, the mission bonus and the Gazette's amounts, per
seat count where the rulings allow it.

The amounts the French text fixes (the bounty of 2, the mission bonus 10/7/5/4/3, the company's
3 nuggets, the lantern's five rolls and reach of 3, the revolver's +2, the guard's strength 4, the
Gazette's amounts per seat count) are quoted in ``docs/rules/golden-city.md``; the rest are
designer's choices, set from self-play by the balance pass (``tools/balance_golden_city.py``;
the figures are in ``docs/rules/golden-city.md``): they are data here, never code.

Token values are the cards of the ``"hill"`` and ``"gallery"`` decks (their faces are public, the
order they lie in is the dealer's secret): ``"nugget-N"`` (N = 1..5), ``"thief-N"`` (strength
N = 1..5), ``"vein-N"`` (N = 5..7), ``"cave-in"``, ``"ghost"``. The rules work on token codes:
:func:`token_code` and :data:`TOKEN_NAMES`.

Invariants: a hill mix or gallery mix is a non-empty pattern, cycled and cut to the number of
hills or galleries of the map (:func:`deal_mix`), so any prefix of a pattern is itself a sensible
mix; every mission kind has a threshold; every price is at least 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Deck

TOOLS: tuple[str, ...] = ("revolver", "sieve", "horse", "lantern", "pony", "pickaxe")
"""The six tools, in the store's order (bit ``i`` of a tool mask is ``TOOLS[i]``)."""
REVOLVER, SIEVE, HORSE, LANTERN, PONY, PICKAXE = (1 << i for i in range(6))
USED_UP = LANTERN | PONY
"""Tools used up when used; the others are kept."""

MISSIONS: tuple[str, ...] = (
    "sheriff",
    "brawls",
    "fights",
    "mine",
    "raft",
    "ghosts",
    "prospector",
    "haul",
    "outfitter",
    "locomotive",
)
"""The mission kinds, each a public counter per seat (:data:`MISSION_TEXT`)."""
SHERIFF, BRAWLS, FIGHTS, MINE, RAFT, GHOSTS, PROSPECTOR, HAUL, OUTFITTER, LOCOMOTIVE = range(10)
"""Indexes of the mission counters, in the order of :data:`MISSIONS`."""

MISSION_TEXT: dict[str, str] = {
    "sheriff": "deliver {n} thieves to the sheriff",
    "brawls": "win {n} brawls against thieves",
    "fights": "win {n} fights against prospectors",
    "mine": "bring {n} nuggets up from the mine with the wagon",
    "raft": "cross a lake by raft {n} times",
    "ghosts": "beat {n} ghosts in the mine",
    "prospector": "take {n} nugget tokens from the hills",
    "haul": "bank {n} nuggets or more in a single homecoming",
    "outfitter": "buy {n} tools at the general store",
    "locomotive": "launch the locomotive {n} times",
}
"""What each mission asks, in English (``{n}`` the threshold)."""

NEEDS_MINE = frozenset({"mine", "ghosts"})
NEEDS_LAKE = frozenset({"raft"})

# Token codes: a hill holds a nugget 1..9 (its value) or a thief 11..19 (10 + strength); a mine
# field holds a vein 1..9 (its value), a ghost or a cave-in.
THIEF = 10
GHOST = 20
CAVE_IN = 21

TOKEN_NAMES: dict[int, str] = {
    **{v: f"nugget-{v}" for v in range(1, 6)},
    **{THIEF + s: f"thief-{s}" for s in range(1, 6)},
}
GALLERY_NAMES: dict[int, str] = {
    **{v: f"vein-{v}" for v in range(5, 8)},
    GHOST: "ghost",
    CAVE_IN: "cave-in",
}
HILL_CODES: dict[str, int] = {name: code for code, name in TOKEN_NAMES.items()}
GALLERY_CODES: dict[str, int] = {name: code for code, name in GALLERY_NAMES.items()}


def token_code(deck: str, value: object) -> int | None:
    """The code of a card value of ``deck`` (``"hill"`` or ``"gallery"``), or None."""
    if not isinstance(value, str):
        return None
    return (HILL_CODES if deck == "hill" else GALLERY_CODES).get(value)


@dataclass(frozen=True)
class Setup:
    """Everything a game of ``seats`` seats reads besides the map.

    Attributes:
        seats: the seat count.
        hill_mix, gallery_mix: token patterns (card values), cycled over the hills/galleries.
        starting_bank: nuggets in each bank at the start.
        prices: per tool of :data:`TOOLS`, its price in nuggets.
        bounty, doubled_bounty: the sheriff's bounty per captured thief (normal; *La prime
            doublée*).
        company: nuggets the mining company keeps from each wagon.
        lantern_rolls: rolls a lantern lit on descent lights.
        peek_range: hex distance a lantern peek reaches.
        revolver: the revolver's bonus in duels.
        guard: the train guard's strength.
        mission_bonus: the bonus a fulfilled mission pays at the end.
        mayor: what *Le maire* pays each last seat.
        wanted: what *Avis de recherche* pays whoever beats the leader.
        chest: what the train's chest holds (*Le coffre du train*).
        thresholds: per mission kind of :data:`MISSIONS`, the count that fulfils it.
        gold_rush, new_veins, bandits: the Gazette's public tokens (values, strengths).
    """

    seats: int
    hill_mix: tuple[str, ...]
    gallery_mix: tuple[str, ...]
    starting_bank: int
    prices: tuple[int, ...]
    mission_bonus: int
    mayor: int
    wanted: int
    chest: int
    thresholds: tuple[int, ...]
    bounty: int = 2
    doubled_bounty: int = 4
    company: int = 3
    lantern_rolls: int = 5
    peek_range: int = 3
    revolver: int = 2
    guard: int = 4
    gold_rush: tuple[int, ...] = (2, 3, 4)
    new_veins: tuple[int, ...] = (5, 6)
    bandits: tuple[int, ...] = (3, 5)

    def price(self, tool: int, sale: bool) -> int:
        """The price of tool number ``tool`` (index in :data:`TOOLS`); one less during *Soldes*
        ("chaque objet coûte une pépite de moins"), never below zero."""
        return max(0, self.prices[tool] - 1) if sale else self.prices[tool]

    def threshold(self, mission: str) -> int:
        """The count that fulfils ``mission``."""
        return self.thresholds[MISSIONS.index(mission)]


HILL_MIX: tuple[str, ...] = (
    "nugget-2", "thief-4", "nugget-3", "nugget-1", "thief-3", "nugget-4", "nugget-2",
    "thief-3", "nugget-5", "nugget-3", "thief-4", "nugget-1", "nugget-2", "thief-5",
    "nugget-4", "nugget-3", "thief-2", "nugget-5", "nugget-1", "thief-3",
)  # fmt: skip
"""Designer's choice: 13 nuggets (1-5, average 2.8) and 7 thieves (2-5, average 3.4) in 20,
interleaved so that any prefix mixes both; on the designed map's 30 hills, 20 nuggets and 10
thieves (figures in docs/rules/golden-city.md, "Balance, measured")."""

GALLERY_MIX: tuple[str, ...] = (
    "vein-5", "ghost", "vein-6", "vein-7", "cave-in", "vein-5", "ghost", "vein-6",
    "vein-7", "vein-5", "ghost", "vein-6",
)  # fmt: skip
"""Designer's choice for 3 to 6 seats: 8 veins, 3 ghosts, 1 cave-in in 12; on the designed
map's 20 galleries, 13 veins, 5 ghosts, 2 cave-ins."""

GALLERY_MIX_TWO: tuple[str, ...] = (
    "vein-5", "ghost", "vein-6", "vein-7", "vein-5", "cave-in", "vein-6", "vein-7",
    "ghost", "vein-5", "vein-6", "vein-7",
)  # fmt: skip
"""Designer's choice for 2 seats, a richer mine: 9 veins, 2 ghosts, 1 cave-in in 12; on the
designed map's 20 galleries, 15 veins, 3 ghosts, 2 cave-ins (two players have more hills each,
so a mine as poor as the larger tables' did not repay the pickaxe)."""

PRICES = (3, 2, 3, 1, 2, 4)
"""Revolver, sieve, horse, lantern, Pony Express, pickaxe (designer's choice, measured), at 2 to
5 seats."""

PRICES_SIX = (3, 1, 3, 1, 1, 4)
"""The same at 6 seats, the sieve and the Pony Express one nugget cheaper (designer's choice,
measured): with a bank of 4 the horse took most of it, and at 2 nuggets the sieve was seldom
bought and the pony not repaid."""

THRESHOLDS: dict[int, tuple[int, ...]] = {
    # seats: sheriff, brawls, fights, mine, raft, ghosts, prospector, haul, outfitter, locomotive
    2: (2, 2, 1, 18, 2, 1, 5, 12, 6, 4),
    3: (2, 2, 1, 14, 2, 1, 5, 11, 5, 4),
    4: (2, 2, 1, 14, 2, 1, 4, 10, 5, 4),
    5: (2, 2, 1, 14, 1, 1, 4, 9, 4, 4),
    6: (1, 2, 1, 14, 1, 1, 3, 8, 4, 4),
}
"""Per seat count, per :data:`MISSIONS` kind (designer's choice, measured): a table of more
prospectors shares the same hills and lakes, so most missions ask less there."""

STARTING_BANK: dict[int, int] = {2: 6, 3: 6, 4: 6, 5: 6, 6: 4}
"""Per seat count (designer's choice, measured): one tool at the first store, two of the
cheaper ones below six seats; at six, where the mission bonus is 3, a smaller bank keeps the
outfitter mission from being done in the first round."""

_PER_SEATS = {
    # seats: (mission bonus, mayor, wanted, chest) -- the seed's amounts
    2: (10, 6, 6, 10),
    3: (7, 4, 5, 8),
    4: (5, 3, 4, 7),
    5: (4, 2, 3, 6),
    6: (3, 2, 3, 5),
}

SETUPS: dict[int, Setup] = {
    seats: Setup(
        seats=seats,
        hill_mix=HILL_MIX,
        gallery_mix=GALLERY_MIX_TWO if seats == 2 else GALLERY_MIX,
        starting_bank=STARTING_BANK[seats],
        prices=PRICES_SIX if seats == 6 else PRICES,
        mission_bonus=bonus,
        mayor=mayor,
        wanted=wanted,
        chest=chest,
        thresholds=THRESHOLDS[seats],
    )
    for seats, (bonus, mayor, wanted, chest) in _PER_SEATS.items()
}
"""The setup of each seat count, 2 to 6."""


def deal_mix(pattern: tuple[str, ...], count: int) -> tuple[str, ...]:
    """``count`` token values: ``pattern`` cycled and cut (the deck's contents, sorted)."""
    return tuple(sorted(pattern[i % len(pattern)] for i in range(count)))


def make_decks(
    setup: Setup, hills: int, galleries: int, missions: tuple[str, ...]
) -> tuple[Deck, ...]:
    """The decks of a game: ``"hill"`` (one card per hill), ``"gallery"`` (one per gallery
    field that is not a door; absent without one) and ``"mission"`` (the kinds ``missions``)."""
    decks: list[Deck] = [("hill", deal_mix(setup.hill_mix, hills))]
    if galleries:
        decks.append(("gallery", deal_mix(setup.gallery_mix, galleries)))
    decks.append(("mission", missions))
    return tuple(decks)
