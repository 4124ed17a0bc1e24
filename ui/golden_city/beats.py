"""What one beat of the Golden City table does with its events, and what an offer lights up.

- :func:`apply_events`: the die thrown in the tray, the sieve's die, the duel scene (its start,
  each die, ties, who won and what changed hands), the Gazette's front page opening;
- :func:`beat_ms`: how long a beat's animations take (the next beat waits for them);
- :class:`Offer` (made by :mod:`.moves` from the legal actions) and :func:`offer_glows`: which
  fields glow, in which colour, with which label — destinations (with the step count on the
  surface, so a horse's two values read apart), home, caves to go down, landings a raft
  reaches, hills a lantern reaches;
- :func:`seat_spot`: where a prospector's pawn stands (at home beside its house; beside a
  token or another prospector it shares a field with).

Invariants: no rules here — destinations are the offer's legal actions, the rest is what the
observation and the events say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from goldnet.engine import Action, Event
from goldnet.games.golden_city.board import HILL
from goldnet.games.golden_city.state import Observation

from .cards import TUMBLE_MS
from .geometry import MINE_HEX, H
from .marks import BurstItem
from .notes import duel_result, duel_title, roll_caption, side_name, tie_line
from .overlays import Side

if TYPE_CHECKING:
    from .scene import TableScene

MOVE = QColor("#3fbf5a")
HOME = QColor("#f1c232")
DESCEND = QColor("#9b59d0")
RAFT = QColor("#2f8fd8")
PEEK = QColor("#ffb02e")

DUEL_STARTS = frozenset({"fight", "brawl", "ghost", "guard"})
DUEL_ENDS = frozenset(
    {"fight-won", "brawl-won", "brawl-lost", "ghost-beaten", "ghost-won", "guard-won", "chest"}
)
_MS = {
    "roll": TUMBLE_MS,
    "move": 420,
    "raft": 520,
    "locomotive": 650,
    "token": 380,
    "duel-roll": 520,
    "duel-tie": 300,
    "gazette": 700,
    "descend": 420,
    "wagon": 420,
    "hit": 500,
    "sent-home": 420,
    "pony": 420,
    "home": 300,
    **dict.fromkeys(DUEL_STARTS, 350),
    **dict.fromkeys(DUEL_ENDS, 900),
}


@dataclass(frozen=True)
class Offer:
    """What the player may do now: ``phase`` (``"store"``, ``"before"``, ``"move"``), the legal
    actions, a preview arrow from the pawn to the hovered destination (targets ``("field"|
    "mine", number)``), and a bubble ``(target, title, ((text, action), ...))`` when one field
    ends a move in several ways."""

    seat: int
    phase: str
    legal: frozenset[Action]
    arrow: tuple[tuple[str, int], tuple[str, int]] | None = None
    bubble: tuple[tuple[str, int], str, tuple[tuple[str, Action], ...]] | None = None


def beat_ms(events: Sequence[Event], speed: float) -> int:
    """How long a beat of ``events`` keeps the stage (ms, at ``speed``)."""
    return int(max((_MS.get(e.kind, 0) for e in events), default=0) * speed)


def seat_spot(scene: TableScene, obs: Observation, seat: int) -> QPointF:
    """Where ``seat``'s pawn stands in ``obs``."""
    lay, board = scene.lay, scene.board
    where, at = obs.where[seat]
    if where == "mine":
        centre = lay.mine_centres[at]
        others = [s for s, w in enumerate(obs.where) if w == ("mine", at)]
        shift = 0.32 * MINE_HEX * (others.index(seat) * 2 - (len(others) - 1))
        return centre + QPointF(shift, -0.15 * MINE_HEX)
    centre = lay.centres[at]
    if where == "home":
        return centre + QPointF(0.55 * H, 0.35 * H)
    others = [s for s, w in enumerate(obs.where) if w == ("surface", at)]
    shift = 0.34 * H * (others.index(seat) * 2 - (len(others) - 1))
    if board.terrain[at] == HILL and obs.hills[board.hill_of[at]] != 0:
        return centre + QPointF(0.42 * H + shift, 0.2 * H)
    return centre + QPointF(shift, 0)


def offer_glows(
    scene: TableScene, obs: Observation, offer: Offer
) -> list[tuple[str, int, QColor, str]]:
    """The fields to light for ``offer``: ``(kind, number, colour, label)``."""
    board = scene.board
    surface, mine = board.surface.index, board.mine.index
    below = obs.where[offer.seat][0] == "mine"
    start = obs.positions[offer.seat]
    out: list[tuple[str, int, QColor, str]] = []
    for action in sorted(offer.legal, key=repr):
        if len(action) != 2 or not isinstance(action[1], str):
            continue
        verb, name = action[0], action[1]
        if verb == "move" and below:
            m = mine.get(name)
            if m is not None:
                out.append(("mine", m, MOVE, ""))
            continue
        f = surface.get(name)
        if f is None:
            continue
        if verb == "move":
            home = f == scene.houses[offer.seat]
            label = str(board.distance(start, f)) if not below else ""
            out.append(("field", f, HOME if home else MOVE, label))
        elif verb == "descend":
            out.append(("field", f, DESCEND, "↓"))
        elif verb == "raft":
            out.append(("field", f, RAFT, ""))
        elif verb == "lantern":
            out.append(("field", f, PEEK, "?"))
    return out


def _side(scene: TableScene, obs: Observation, seat: int, kind: str) -> Side:
    revolver = "revolver" in obs.tools[seat] and kind != "ghost" and obs.issue != "storm"
    return Side(scene.names[seat], scene.colours[seat], bonus=2 * revolver)


def start_duel(scene: TableScene, obs: Observation, kind: str, seat: int, target: Any) -> None:
    """Open the duel scene: ``seat`` against ``target`` (a seat, a hill, a mine field, the
    guard's strength)."""
    left = _side(scene, obs, seat, kind)
    if kind == "fight":
        right = _side(scene, obs, int(target), kind)
    elif kind == "brawl":
        code = obs.hills[int(target)] if 0 <= int(target) < len(obs.hills) else 10
        right = Side(side_name("thief"), None, kind="thief", strength=max(0, code - 10))
    elif kind == "ghost":
        right = Side(side_name("ghost"), None, kind="ghost")
    else:
        right = Side(side_name("guard"), None, kind="guard", strength=int(target))
    title = duel_title(kind, scene.names[seat], scene.names[int(target)] if kind == "fight" else "")
    scene.duel.start(title, left, right, seat)
    scene.duels.append(title)
    scene._duel_timer.stop()


def apply_events(
    scene: TableScene, before: Observation | None, obs: Observation, events: Sequence[Event]
) -> None:
    """Start what ``events`` show: the die, the sieve, the duel scene, the Gazette."""
    if before is None and obs.awaiting and obs.awaiting[0] == "duel":  # drawn mid-duel
        _, kind, seat, target, first, _then = obs.awaiting
        start_duel(scene, obs, str(kind), int(seat), target)
        if isinstance(first, int) and first >= 0:
            scene.duel.rolled("left", first, 0)
    ended = False  # a duel ended in this beat: its outcome stays a moment, turn or not
    for e in events:
        kind = e.kind
        if kind == "turn":
            if not ended:
                scene._hide_duel()
            scene.tray.set_sieve(None)
        elif kind == "roll" and e.seat is not None:
            face = e.get("face")
            steps = e.get("steps", ())
            caption = roll_caption(scene.names[e.seat], face, steps, obs)
            scene.tray.set_roll(face, scene.colours[e.seat], caption, scene.ms(TUMBLE_MS))
        elif kind == "sieve":
            scene.tray.set_sieve(int(e.get("gold", 0)))
        elif kind in DUEL_STARTS and e.seat is not None:
            target: Any = {
                "fight": e.get("defender"),
                "guard": e.get("strength"),
                "brawl": _hill_at(scene, str(e.get("field", ""))),
                "ghost": 0,
            }[kind]
            start_duel(scene, obs, kind, e.seat, target)
        elif kind == "duel-roll":
            if not scene.duel.isVisible() and obs.awaiting and obs.awaiting[0] == "duel":
                _, dk, ds, dt, _first, _ = obs.awaiting
                start_duel(scene, obs, str(dk), int(ds), dt)
            left = e.seat is not None and e.seat == scene.duel.seat
            scene.duel.rolled("left" if left else "right", int(e.get("roll", 0)), scene.ms(480))
        elif kind == "duel-tie":
            scene.duel.note(tie_line(int(e.get("score", 0))))
        elif kind in DUEL_ENDS:
            ended = True
            scene.finish_duel(duel_result(e, scene.names))
        elif kind == "hit" and scene.speed > 0:
            track = scene.board.track
            spot = scene.lay.centres[track[min(obs.locomotive, len(track) - 1)]]
            scene.addItem(BurstItem(spot, scene.ms(900)))
        elif kind == "gazette":
            scene.gazette.set_issue(str(e.get("issue")), len(obs.published), "")
            scene.gazette.speed = scene.speed
            scene.gazette.open_front_page()


def _hill_at(scene: TableScene, name: str) -> int:
    f = scene.board.surface.index.get(name, -1)
    return scene.board.hill_of[f] if f >= 0 else 0
