"""La Gazette de Golden City: its twelve issues, when each can appear, what each does, and each
front page in French (the seed's words) and English.

"Toutes les trois avancées de la locomotive (jamais à son arrivée en gare), un numéro paraît.
Tiré au sort au moment de paraître, parmi ceux qui n'ont pas encore paru et qui peuvent arriver,
il change la donne jusqu'au suivant." An issue is drawn by a chance request (``"gazette"``, one
weight per issue that can appear, the outcome the issue's name); an issue that places tokens
draws each place by another chance request (``"place"``, one weight per field the issue allows,
the outcome the field's name). Instant effects apply at publication; lasting ones hold until the
next issue is published (if none can be, the current one stays).

Preconditions and readings (designer's choices, docs/rules/golden-city.md, "The Gazette"):
*Fièvre de l'or* needs three empty, unoccupied hills in the half of the hills farthest from the
station ("loin de la ville"); *Nouveau filon* two empty, unoccupied galleries; *Les bandits* two
empty, unoccupied hills; *Le maire* banks not all equal; *Avis de recherche* one seat alone at the
top of the banks; *Grève* and *Nouveau filon* a mine; the others can always appear.

Invariants: an issue appears at most once a game; ``st.issue`` is the issue in force or -1; the
wanted seat and the train's chest exist only while their issue is in force.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine import Event
from .board import Board

if TYPE_CHECKING:
    from .state import Core

ISSUES: tuple[str, ...] = (
    "gold-rush",
    "new-vein",
    "bandits",
    "mayor",
    "wanted",
    "chest",
    "cow",
    "sandstorm",
    "storm",
    "sale",
    "strike",
    "double-bounty",
)
"""The twelve issues, in the seed's order."""
(GOLD_RUSH, NEW_VEIN, BANDITS, MAYOR, WANTED, CHEST, COW, SANDSTORM, STORM, SALE, STRIKE,
 DOUBLE_BOUNTY) = range(12)  # fmt: skip


def front_page(issue: str, language: str) -> tuple[str, str]:
    """The front page of ``issue`` in ``language`` (``"fr"``, the seed's words, or ``"en"``):
    ``(title, text)``, read from the data file ``golden_city/gazette.json``.

    Raises:
        KeyError: no such issue or language.
    """
    page = _pages()[language][issue]
    return (page["title"], page["text"])


@lru_cache(maxsize=1)
def _pages() -> dict[str, dict[str, dict[str, str]]]:
    from ...data import load_json

    data: dict[str, dict[str, dict[str, str]]] = load_json("golden_city", "gazette.json")
    return data


@lru_cache(maxsize=32)
def far_hills(board: Board) -> tuple[int, ...]:
    """The hills "loin de la ville": the half of the hills (rounded up) farthest from the
    station, by hex distance, ties kept together."""
    station = board.track[-1]
    distances = sorted(board.distance(f, station) for f in board.hills)
    if not distances:
        return ()
    cut = distances[len(distances) // 2]
    return tuple(h for h, f in enumerate(board.hills) if board.distance(f, station) >= cut)


def _free_hills(st: Core, hills: tuple[int, ...] | range) -> tuple[int, ...]:
    board = st.board
    taken = set(st.pos)
    return tuple(h for h in hills if st.hill[h] == 0 and board.hills[h] not in taken)


def _free_galleries(st: Core) -> tuple[int, ...]:
    taken = set(st.pos)
    return tuple(m for m in st.board.galleries if st.gal[m] == 0 and st.ns + m not in taken)


def places(st: Core, issue: int) -> tuple[str, ...]:
    """The names of the fields issue ``issue`` may place its next token on."""
    board = st.board
    if issue == GOLD_RUSH:
        return tuple(board.surface.names[board.hills[h]] for h in _free_hills(st, far_hills(board)))
    if issue == BANDITS:
        hills = _free_hills(st, range(len(board.hills)))
        return tuple(board.surface.names[board.hills[h]] for h in hills)
    if issue == NEW_VEIN:
        return tuple(board.mine.names[m] for m in _free_galleries(st))
    return ()


def can_appear(st: Core, issue: int) -> bool:
    """Whether ``issue`` has not appeared yet and its precondition holds now."""
    if st.published >> issue & 1:
        return False
    setup = st.setup
    if issue in (GOLD_RUSH, BANDITS, NEW_VEIN):
        count = {GOLD_RUSH: len(setup.gold_rush), BANDITS: len(setup.bandits)}.get(
            issue, len(setup.new_veins)
        )
        return len(places(st, issue)) >= count
    if issue == MAYOR:
        return len(set(st.bank)) > 1
    if issue == WANTED:
        return st.bank.count(max(st.bank)) == 1
    if issue == STRIKE:
        return bool(st.board.galleries or any(c >= 0 for c in st.board.door_cave))
    return True


def after_advance(st: Core) -> list[Event]:
    """A third advance: the draw of an issue among those that can appear, or nothing."""
    from .state import ev, push

    issues = tuple(i for i in range(len(ISSUES)) if can_appear(st, i))
    if not issues:
        return [ev("no-gazette", None)]
    push(st, ("gazette", tuple((ISSUES[i], 1) for i in issues)))
    return []


def publish(st: Core, name: str) -> list[Event]:
    """Issue ``name`` appears: the previous one's lasting effect ends, this one's starts or
    applies at once."""
    from .state import ev, push

    issue = ISSUES.index(name)
    st.issue = issue
    st.published |= 1 << issue
    st.wanted, st.chest, st.cow = -1, False, False
    setup = st.setup
    events = [ev("gazette", None, issue=name)]
    if issue in (GOLD_RUSH, BANDITS, NEW_VEIN):
        push(st, ("place", name, 0, tuple((f, 1) for f in places(st, issue))))
    elif issue == MAYOR:
        low = min(st.bank)
        for seat, bank in enumerate(st.bank):
            if bank == low:
                st.bank[seat] += setup.mayor
                events.append(ev("mayor", seat, gold=setup.mayor, enter=setup.mayor))
    elif issue == WANTED:
        st.wanted = st.bank.index(max(st.bank))
        events.append(ev("wanted", st.wanted))
    elif issue == CHEST:
        st.chest = True
    elif issue == COW:
        st.cow = True
    return events


def place(st: Core, task: tuple[Any, ...], field: str) -> list[Event]:
    """Put the ``task``'s next token on ``field`` (a drawn outcome), then draw the next place."""
    from .setup import THIEF
    from .state import ev, push

    _, name, k, _ = task
    issue = ISSUES.index(name)
    board = st.board
    if issue == NEW_VEIN:
        value = st.setup.new_veins[k]
        st.gal[board.mine.index[field]] = value
        left = len(st.setup.new_veins)
    else:
        h = board.hill_of[board.surface.index[field]]
        if issue == GOLD_RUSH:
            value = st.setup.gold_rush[k]
            st.hill[h] = value
            left = len(st.setup.gold_rush)
        else:
            value = st.setup.bandits[k]
            st.hill[h] = THIEF + value
            left = len(st.setup.bandits)
    if k + 1 < left:
        push(st, ("place", name, k + 1, tuple((f, 1) for f in places(st, issue))))
    return [ev("placed", None, issue=name, field=field, value=value)]
