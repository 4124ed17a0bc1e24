"""The tooltips of the Golden City board's fields, in words for players: what the field is, what
lies on it, who stands there. Built from the observation the scene shows (so a lantern's peek
is in its owner's window only: another seat's observation does not hold it).
"""

from __future__ import annotations

from collections.abc import Sequence

from goldnet.games.golden_city.board import CAVE, HILL, HOUSE, LAKE, LANDING, RAILWAY, STATION
from goldnet.games.golden_city.state import Observation

from ..texts import arg
from .panels import lines_tip
from .places import gallery_number, grid
from .words import compass, terrain_name, token_name, tr

TERRAIN = {
    0: "plain",
    HILL: "hill",
    LAKE: "lake",
    LANDING: "landing",
    RAILWAY: "railway",
    STATION: "station",
    CAVE: "cave",
    HOUSE: "house",
}


def hill_token(code: int, loot: tuple[int, int]) -> str:
    """A hill's token as a sentence (-1 face down, 0 none, 1–9 a nugget, 11–19 a thief)."""
    if code == -1:
        return tr("A face-down token: a nugget (1 to 5) or a thief (strength 1 to 5).")
    if code == 0:
        return tr("Nothing left on this hill.")
    if code < 10:
        return arg(tr("A nugget of %1 in plain sight: whoever stops here takes it."), code)
    gold, thieves = loot
    line = arg(tr("A thief of strength %1: stopping here means a brawl."), code - 10)
    if gold or thieves:
        line += " " + arg(tr("It guards a loot (nuggets: %1, thieves: %2)."), gold, thieves)
    return line


def gallery_token(code: int) -> str:
    if code == -1:
        return tr("A face-down token: a vein (5 to 7 nuggets), a ghost or a cave-in.")
    if code == 0:
        return tr("An empty gallery.")
    if code < 20:
        return arg(tr("A vein of %1 nuggets in sight."), code)
    if code == 20:
        return tr("A ghost: stopping here means a duel without the revolver.")
    if code == 21:
        return tr("A cave-in: the gallery is walled once its prospector leaves.")
    return tr("Walled: nobody may enter or cross this gallery any more.")


def field_tip(obs: Observation, f: int, names: Sequence[str], letters: dict[int, str]) -> str:
    """The tooltip of surface field ``f``."""
    board = obs.board
    terrain = board.terrain[f]
    lines: list[str] = []
    kind = TERRAIN.get(terrain, "plain")
    owner = -1
    if terrain == HOUSE:
        number = next((h for h, g in board.houses.items() if g == f), -1)
        houses = board.seat_houses.get(obs.seats, ())
        owner = houses.index(number) if number in houses else -1
        kind = "house" if owner >= 0 else "plain"
    head = terrain_name(kind)
    if owner >= 0:
        head = arg(tr("House of %1"), names[owner])
    lines.append(f"{head} — {grid(board).label(f)}")
    if terrain == HILL:
        h = board.hill_of[f]
        lines.append(hill_token(obs.hills[h], obs.loot[h]))
        for seen, value in obs.known:
            if seen == h and obs.hills[h] == -1:
                lines.append(arg(tr("Your lantern showed: %1."), token_name(value)))
    elif terrain == LAKE:
        lines.append(tr("Only a raft crosses a lake, from one landing to another."))
    elif terrain == LANDING:
        rafts = obs.rafts.count(f)
        lines.append(tr("A landing: from here a raft crosses the lake instead of a roll."))
        if rafts:
            lines.append(tr("%n raft(s) moored here.", rafts))
    elif terrain == CAVE:
        lines.append(
            arg(
                tr("A mine entrance (door %1): with a pickaxe, stop here to go down."),
                compass(letters.get(f, "")),
            )
        )
    elif terrain == STATION:
        lines.append(tr("When the locomotive enters the station, the game ends."))
    elif terrain == RAILWAY:
        lines.append(tr("The railway: free to cross, walk along and stop on."))
    if board.track_index[f] == obs.locomotive:
        lines.append(tr("The locomotive stands here: whoever it hits goes home, robbed."))
        if obs.chest:
            lines.append(tr("The train's chest: stopping here means a duel with the guard."))
    for seat, (where, at) in enumerate(obs.where):
        if where != "mine" and at == f and (where == "surface" or owner == seat):
            lines.append(arg(tr("%1 stands here."), names[seat]))
    return lines_tip(lines)


def mine_tip(obs: Observation, m: int, names: Sequence[str], letters: dict[int, str]) -> str:
    """The tooltip of mine field ``m``."""
    board = obs.board
    if board.door_cave[m] >= 0:
        lines = [
            f"{terrain_name('door')} {compass(letters.get(m, ''))}",
            tr(
                "Land exactly on a door to go up: the wagon banks the gold found below, less "
                "the company's share."
            ),
        ]
    else:
        number = gallery_number(board, m)
        lines = [f"{terrain_name('gallery')} {number}", gallery_token(obs.mine[m])]
    for seat, (where, at) in enumerate(obs.where):
        if where == "mine" and at == m:
            lines.append(arg(tr("%1 stands here."), names[seat]))
            if obs.light[seat]:
                lines.append(tr("The lantern lights %n more roll(s).", obs.light[seat]))
    return lines_tip(lines)
