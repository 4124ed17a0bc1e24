"""The table scene: one board, the players' panels and the roll, painted from observations.

The scene knows no rules. It is told what to show (:meth:`TableScene.show_observation`, with
the events of the change so it can animate them), and it emits intents:

- ``clicked(int)`` — a field was clicked (left button);
- ``hovered(int)`` — the pointer entered a field (``-1``: left the board);
- ``cancelRequested()`` — a right click on the board.

These are the intents of a kit's board scene (:class:`ui.kits.Kit`); the field numbers are
what :class:`~ui.mountains_rivers.moves.FieldMoves` turns into actions.

Hovering a field highlights its mountain and its river; every field's tooltip names the field
(``q,r``, as the turn log does) and both. The last move stays marked on the board — a band in
the mover's colour along its line, a ring around each of its fields — until the next one
(:meth:`TableScene.show_last_move`, the controller's ``lastMoveChanged``).
Animations (markers flipping, gold flying to the collector's panel, a shovel flying to the
opponent, the tiles tumbling) run at :attr:`TableScene.speed` (0: everything instant, used by
offscreen rendering and tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QBrush, QLinearGradient
from PySide6.QtWidgets import QGraphicsScene

from goldnet.engine import Event
from goldnet.games.mountains_rivers.actions import FIELD_NAMES
from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.geometry import INDEX, N_FIELDS, fields_of, parse_field
from goldnet.games.mountains_rivers.rules import FREE, TILES, Observation, tile_faces

from .. import style
from .geometry import BoardGeometry, board_geometry
from .items import (
    EMPTY,
    FACEDOWN,
    GOLD,
    FieldItem,
    LastMoveItem,
    MountainItem,
    NuggetItem,
    PlateItem,
    PreviewItem,
    RiverItem,
)
from .pace import move_fields
from .panels import (
    PANEL_H,
    PANEL_W,
    TILES_W,
    PlayerPanelItem,
    ShovelItem,
    TilesItem,
    panel_tooltip,
    shovel_tooltip,
    tiles_tooltip,
)

H = style.HEX
FLIP_MS, STAGGER_MS, COLLECT_MS, FLY_MS, SHOVEL_MS, ROLL_MS = 330, 90, 380, 650, 850, 750

_STAGES = {
    (FACEDOWN, GOLD): [FACEDOWN, GOLD],
    (FACEDOWN, EMPTY): [FACEDOWN, GOLD, EMPTY],
    (GOLD, EMPTY): [GOLD, EMPTY],
    (GOLD, FACEDOWN): [GOLD, FACEDOWN],
    (EMPTY, GOLD): [EMPTY, GOLD],
    (EMPTY, FACEDOWN): [EMPTY, GOLD, FACEDOWN],
}


def _field(name: str) -> int:
    return INDEX[parse_field(name)]


def statuses(obs: Observation) -> list[int]:
    """Per field: FACEDOWN, GOLD or EMPTY."""
    out = [EMPTY] * N_FIELDS
    for f in fields_of(obs.facedown):
        out[f] = FACEDOWN
    for f in fields_of(obs.gold):
        out[f] = GOLD
    return out


class TableScene(QGraphicsScene):
    """The Mountains & Rivers table for one board (see the module docstring)."""

    clicked = Signal(object)
    hovered = Signal(object)
    cancelRequested = Signal()

    def __init__(self, board: Board, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.geometry: BoardGeometry = board_geometry(board)
        self.speed = 1.0
        self.names = ["", ""]
        self.obs: Observation | None = None
        self._hovered = -1
        self._flying: list[QVariantAnimation] = []
        self._in_flight = [0, 0]
        g = self.geometry
        self.plate = PlateItem(g.plate)
        self.addItem(self.plate)
        self.mountains = [
            MountainItem(i, area, style.MOUNTAIN_FILLS[g.mountain_colours[i]])
            for i, area in enumerate(g.mountains)
        ]
        self.rivers = [RiverItem(i, path) for i, path in enumerate(g.river_paths)]
        self.fields = [FieldItem(f, g.centres[f], g.hexagons[f]) for f in range(N_FIELDS)]
        self.preview = PreviewItem()
        self.last_move = LastMoveItem()
        self._last_fields: tuple[int, ...] = ()
        for item in (*self.mountains, *self.rivers, *self.fields, self.preview, self.last_move):
            self.addItem(item)
        # Header: player 1's panel, the roll, player 2's panel.
        top = g.rect.top() - 0.5 * H - PANEL_H
        gap = 0.3 * H
        width = 2 * PANEL_W + TILES_W + 2 * gap
        left = g.rect.center().x() - width / 2
        self.panels = [PlayerPanelItem(0), PlayerPanelItem(1)]
        self.panels[0].setPos(left, top)
        self.tiles = TilesItem()
        self.tiles.setPos(left + PANEL_W + gap, top)
        self.panels[1].setPos(left + PANEL_W + TILES_W + 2 * gap, top)
        for item in (*self.panels, self.tiles):
            self.addItem(item)
        self.shovels = [ShovelItem() for _ in range(4)]
        self._shovel_owner = [0, 0, 1, 1]
        for item in self.shovels:
            self.addItem(item)
        self._place_shovels(0)
        self._statuses = [FACEDOWN] * N_FIELDS
        rect = QRectF(left, top, width, g.rect.bottom() - top).adjusted(-H, -H, H, H)
        self.setSceneRect(rect)
        grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
        grad.setColorAt(0, style.TABLE_LIGHT)
        grad.setColorAt(1, style.TABLE)
        self.setBackgroundBrush(QBrush(grad))

    # --- what to show -------------------------------------------------------------------

    def set_seats(self, names: Sequence[str], colours: Sequence[str]) -> None:
        self.names = list(names)
        for seat, panel in enumerate(self.panels):
            family = self.tr("Mountains") if seat == 0 else self.tr("Rivers")
            panel.set_info(names[seat], family, colours[seat])
        self._update_tooltips()

    def show_last_move(self, move: Any) -> None:
        """Mark ``move`` — ``(seat, action)``: a reveal's line or a bury's field, in the seat's
        colour — until the next one; ``None`` (or an action it cannot read) marks nothing."""
        fields: tuple[int, ...] = ()
        colour = style.INK
        if isinstance(move, tuple) and len(move) == 2 and isinstance(move[1], tuple):
            seat, action = move
            fields = move_fields(action)
            if isinstance(seat, int) and 0 <= seat < len(self.panels):
                colour = self.panels[seat].colour
        self._last_fields = fields
        self.last_move.show_move([self.geometry.centres[f] for f in fields], colour)

    def last_move_fields(self) -> tuple[int, ...]:
        """The fields marked as the last move (empty: none)."""
        return self._last_fields

    def set_panel_status(
        self, seat: int, active: bool, text: str, winner: bool = False, away: bool = False
    ) -> None:
        self.panels[seat].set_state(active, text, winner, away)

    def ms(self, base: int) -> int:
        return int(base * self.speed)

    def show_observation(self, obs: Observation, events: Sequence[Event] = ()) -> None:
        """Show ``obs``; the changes since the last observation are animated, attributed with
        ``events`` (who collected which field) when given. The first observation shown is
        drawn at once."""
        if self.obs is None:
            speed, self.speed = self.speed, 0.0
            try:
                self.obs = obs
                self.show_observation(obs, events)
            finally:
                self.speed = speed
            return
        new = statuses(obs)
        collector: dict[int, int] = {}
        order: dict[int, int] = {}
        for e in events:
            if e.kind == "collect" and e.seat is not None:
                for name in e.get("fields", ()):
                    collector[_field(name)] = e.seat
            elif e.kind == "reveal":
                for k, name in enumerate(e.get("fields", ())):
                    order[_field(name)] = k
        for f in range(N_FIELDS):
            old, now = self._statuses[f], new[f]
            if old == now:
                continue
            stages = _STAGES[(old, now)]
            delay = self.ms(STAGGER_MS * order.get(f, 0))
            self.fields[f].set_status(
                stages, self.ms(FLIP_MS if now != EMPTY else COLLECT_MS), delay
            )
            if now == EMPTY and f in collector and self.speed > 0:
                seat = collector[f]
                self._in_flight[seat] += 1
                start = delay + self.ms(FLIP_MS) * (len(stages) - 1)
                self._fly_nugget(f, seat, start)
        self._statuses = new
        for seat, panel in enumerate(self.panels):
            panel.set_score(obs.scores[seat], self._in_flight[seat])
        self._show_roll(obs, any(e.kind == "roll" for e in events))
        self._place_shovels(self.ms(SHOVEL_MS), obs.shovels)
        self.obs = obs
        self._update_tooltips()

    def _show_roll(self, obs: Observation, rolled: bool = False) -> None:
        rng = obs.range_
        if rng is None:
            texts = (self.tr("The game is over"), "", "")
            self.tiles.set_roll((), None, None, texts)
            return
        if rng == FREE:
            texts = (
                self.tr("Range"),
                self.tr("Free choice"),
                self.tr("Reveal one marker or two neighbours"),
            )
            self.tiles.set_roll((), None, None, texts)
            return
        range_text = f"1–{rng}"
        faces = tile_faces(rng, obs.roll) if obs.roll is not None else None
        if obs.roll is None:
            caption = self.tr("Not thrown yet")
        else:
            caption = self.tr("Roll: %n marker(s)", "", obs.roll)
        self.tiles.set_roll(
            TILES[rng],
            faces,
            obs.roll,
            (self.tr("Range"), range_text, caption),
            self.ms(ROLL_MS),
            rolled,
        )

    def _place_shovels(self, duration: int, counts: Sequence[int] | None = None) -> None:
        owner = self._shovel_owner
        moved: list[int] = []
        if counts is not None:
            for seat in (0, 1):
                while owner.count(seat) > counts[seat]:
                    i = max(k for k in range(4) if owner[k] == seat)
                    owner[i] = 1 - seat
                    moved.append(i)
        for seat in (0, 1):
            mine = [k for k in range(4) if owner[k] == seat]
            for slot, k in enumerate(mine):
                target = self.panels[seat].shovel_slot(slot)
                self.shovels[k].move_to(target, duration if k in moved else min(duration, 200))

    def _fly_nugget(self, f: int, seat: int, delay: int) -> None:
        nugget = NuggetItem()
        start = self.geometry.centres[f]
        end = self.panels[seat].score_point()
        nugget.setPos(start)
        nugget.setVisible(False)
        self.addItem(nugget)
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(self.ms(FLY_MS))
        anim.setEasingCurve(QEasingCurve.Type.InOutQuad)

        def step(t: float) -> None:
            nugget.setVisible(True)
            nugget.setPos(start + (end - start) * t + QPointF(0, -1.5 * H * 4 * t * (1 - t)))
            nugget.setScale(1.0 + 0.3 * 4 * t * (1 - t))

        def done() -> None:
            self.removeItem(nugget)
            self._in_flight[seat] = max(0, self._in_flight[seat] - 1)
            self.panels[seat].nugget_arrived()
            self._flying.remove(anim)

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._flying.append(anim)
        QTimer.singleShot(delay, anim.start)

    def animating(self) -> bool:
        """Whether any animation is still running."""
        return (
            bool(self._flying)
            or any(f.animating() for f in self.fields)
            or any(s.flying() for s in self.shovels)
            or self.tiles._anim is not None
        )

    # --- selection and preview ------------------------------------------------------------

    def set_selected(self, field: int | None) -> None:
        for item in self.fields:
            item.set_selected_end(item.number == field)

    def set_preview(self, line: Sequence[int] | None, legal: bool = True) -> None:
        if not line:
            self.preview.clear()
        else:
            self.preview.show_line([self.geometry.centres[f] for f in line], legal)

    # --- hover, tooltips ------------------------------------------------------------------

    def field_hovered(self, f: int) -> None:
        self._highlight(f)
        self._hovered = f
        self.hovered.emit(f)

    def field_left(self, f: int) -> None:
        if self._hovered == f:
            self._hovered = -1
            self._highlight(-1)
            self.hovered.emit(-1)

    def pointer_left(self) -> None:
        """The pointer left the view: as if it left the hovered field."""
        if self._hovered >= 0:
            self.field_left(self._hovered)

    def field_clicked(self, f: int) -> None:
        self.clicked.emit(f)

    def cancel_requested(self) -> None:
        self.cancelRequested.emit()

    def _highlight(self, f: int) -> None:
        m = self.board.mountain_of[f] if f >= 0 else -1
        r = self.board.river_of[f] if f >= 0 else -1
        for item in self.mountains:
            item.set_highlighted(item.index == m)
        for river in self.rivers:
            river.set_highlighted(river.index == r)

    def highlighted(self) -> tuple[int, int]:
        """(mountain, river) highlighted now, -1 for none."""
        m = next((i.index for i in self.mountains if i._highlight), -1)
        r = next((i.index for i in self.rivers if i._highlight), -1)
        return m, r

    def tooltip(self, f: int) -> str:
        """The tooltip of field ``f``: its mountain and its river, with their owners and how
        many markers each still hides."""
        m, r = self.board.mountain_of[f], self.board.river_of[f]
        facedown = self.obs.facedown if self.obs is not None else (1 << N_FIELDS) - 1
        left_m = (self.board.mountains[m] & facedown).bit_count()
        left_r = (self.board.rivers[r] & facedown).bit_count()
        owner_m = self.names[0] or self.tr("player 1")
        owner_r = self.names[1] or self.tr("player 2")
        return "\n".join(
            (
                self.tr("Field %1").replace("%1", FIELD_NAMES[f]),
                self.tr("Mountain %1 (%2): %n face-down marker(s) left", "", left_m)
                .replace("%1", str(m + 1))
                .replace("%2", owner_m),
                self.tr("River %1 (%2): %n face-down marker(s) left", "", left_r)
                .replace("%1", str(r + 1))
                .replace("%2", owner_r),
            )
        )

    def _update_tooltips(self) -> None:
        for item in self.fields:
            item.setToolTip(self.tooltip(item.number))
        for seat, panel in enumerate(self.panels):
            panel.setToolTip(panel_tooltip(seat, self.names, self.obs))
        for k, shovel in enumerate(self.shovels):
            shovel.setToolTip(shovel_tooltip(self._name(self._shovel_owner[k])))
        self.tiles.setToolTip(tiles_tooltip(self.obs))

    def _name(self, seat: int) -> str:
        return self.names[seat] or (self.tr("player 1") if seat == 0 else self.tr("player 2"))

    def retranslate(self) -> None:
        """Re-read every text after a change of language."""
        for seat, panel in enumerate(self.panels):
            panel.set_info(
                self.names[seat],
                self.tr("Mountains") if seat == 0 else self.tr("Rivers"),
                panel.colour.name(),
            )
        if self.obs is not None:
            self._show_roll(self.obs)
        self._update_tooltips()
