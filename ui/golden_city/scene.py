"""The Golden City table scene: the map, the mine inset, the pieces, the seats' panels, the die
tray, the mission card and the Gazette, painted from observations.

The scene knows no rules. It is told what to show (:meth:`TableScene.show_observation`, with
the events of the change so it can animate them) and what the player may do now
(:meth:`TableScene.set_preview`, an :class:`Offer` made by the kit's moves from the legal
actions), and it emits intents:

- ``clicked(object)`` — ``("field", f)`` a surface field, ``("mine", m)`` a mine field,
  ``("act", action)`` a button (the store's, the die tray's, a bubble's);
- ``hovered(object)`` — the pointer over ``("field", f)`` or ``("mine", m)``; None: off;
- ``cancelRequested()`` — a right click.

**Beats.** Each observation shown is one *beat*: its changes start at once (a die tumbling, a
pawn gliding, a token turning over, a duel's dice), and the next beat waits until they are
done, so a turn's steps stay readable even when they arrive together; :meth:`animating` says a
beat is still on screen (the table's pacer waits for it before another seat's next step). At
:attr:`speed` 0 (tests, still pictures) everything is instant.

What the player's window shows is that seat's observation: its mission on the glass card and
its lantern's peeks come from there, so another seat's window never holds them.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import QColor, QLinearGradient
from PySide6.QtWidgets import QGraphicsScene

from goldnet.engine import Event
from goldnet.games.golden_city.state import Observation

from .. import style
from . import art
from .beats import Offer, apply_events, beat_ms, offer_glows, seat_spot
from .cards import DieTrayItem, GazetteItem, MissionCardItem
from .geometry import MINE_HEX, H, layout, shore_angle
from .items import (
    Z_LOCO,
    Z_PAWN,
    Z_RAFT,
    FieldItem,
    MapItem,
    MineItem,
    PieceItem,
    TokenItem,
)
from .marks import LightItem, MarkItem
from .overlays import BubbleItem, ButtonItem, DuelItem, StoreItem, StoreOffer
from .panels import SeatInfo, SeatPanelItem
from .places import cave_letters, gallery_number
from .tips import field_tip, mine_tip
from .words import mine_title, station_label, tr

MAX_QUEUE = 6
"""Beats waiting beyond this are shown at once (the table catches up)."""


class TableScene(QGraphicsScene):
    """The Golden City table for one board and seat count (see the module docstring)."""

    clicked = Signal(object)
    hovered = Signal(object)
    cancelRequested = Signal()

    def __init__(self, board: Any, seats: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.board, self.seats = board, seats
        self.lay = lay = layout(board)
        self.speed = 1.0
        self.names = [""] * seats
        self.colours = [QColor(c) for c in style.SEAT_DEFAULTS[:seats]]
        self.obs: Observation | None = None
        self.offer: Offer | None = None
        self._queue: deque[tuple[Observation, tuple[Event, ...]]] = deque()
        self._beat = QTimer(self)
        self._beat.setSingleShot(True)
        self._beat.timeout.connect(self._next_beat)
        self._duel_timer = QTimer(self)
        self._duel_timer.setSingleShot(True)
        self._duel_timer.timeout.connect(self._hide_duel)
        self.duels: list[str] = []
        """The title of every duel shown (tests read it)."""
        self.letters = cave_letters(board)
        self.houses = [board.houses[h] for h in board.seat_houses[seats]]
        self.map = MapItem(board, lay, {f: self.letters[f] for f in self.letters if f >= 0})
        self.addItem(self.map)
        self.mine = None
        if board.mine.coords:
            doors = {
                m: self.letters.get(-1 - board.door_cave[m], "")
                for m in range(len(board.mine.coords))
                if board.door_cave[m] >= 0
            }
            self.mine = MineItem(board, lay, doors)
            self.addItem(self.mine)
        self.fields = [
            FieldItem("field", f, lay.centres[f], lay.hexes[f], H)
            for f in range(len(board.terrain))
        ]
        self.mine_fields = [
            FieldItem("mine", m, lay.mine_centres[m], lay.mine_hexes[m], MINE_HEX)
            for m in range(len(board.mine.coords))
        ]
        for m, item in enumerate(self.mine_fields):
            if board.door_cave[m] < 0:
                item.tag = str(gallery_number(board, m))
        for item in (*self.fields, *self.mine_fields):
            self.addItem(item)
        self.hill_tokens = [TokenItem(False, 0.46 * H) for _ in board.hills]
        for h, f in enumerate(board.hills):
            self.hill_tokens[h].setPos(lay.centres[f] + QPointF(-0.08 * H, -0.12 * H))
        self.gallery_tokens = [TokenItem(True, 0.5 * MINE_HEX) for _ in board.galleries]
        for g, m in enumerate(board.galleries):
            self.gallery_tokens[g].setPos(lay.mine_centres[m])
        for token in (*self.hill_tokens, *self.gallery_tokens):
            self.addItem(token)
        self.rafts = [PieceItem(art.raft, 0.62 * H, Z_RAFT) for _ in board.rafts]
        self.loco = PieceItem(art.locomotive, 0.62 * H, Z_LOCO)
        self.pawns = [PieceItem(art.pawn, 0.55 * H, Z_PAWN, self.colours[s]) for s in range(seats)]
        self.lights = [LightItem(self.pawns[s]) for s in range(seats)]
        for item in (*self.rafts, self.loco, *self.pawns):
            self.addItem(item)
        self.panels: list[SeatPanelItem] = []
        for seat, house in enumerate(board.seat_houses[seats]):
            panel = SeatPanelItem(seat, lay.panels[house])
            self.panels.append(panel)
            self.addItem(panel)
        self.tray = DieTrayItem(lay.tray)
        self.addItem(self.tray)
        tray_w = lay.tray.width()
        self.roll_button = ButtonItem(
            "",
            QRectF(0.5 * H, 3.35 * H, tray_w - 1.0 * H, 0.9 * H),
            ("act", ("roll",)),
            self.tray,
        )
        self.roll_button.activated.connect(self.clicked)
        self.pony_button = ButtonItem(
            "",
            QRectF(0.5 * H, 4.4 * H, tray_w - 1.0 * H, 0.85 * H),
            ("act", ("pony",)),
            self.tray,
            tone="blue",
        )
        self.pony_button.activated.connect(self.clicked)
        card = lay.card
        self.mission = MissionCardItem(
            QRectF(card.left(), card.top(), card.width(), card.height() * 0.5)
        )
        self.addItem(self.mission)
        self.mission.hide()
        folded = QRectF(
            card.left() + 0.3 * H,
            card.top() + card.height() * 0.53,
            card.width() - 0.6 * H,
            card.height() * 0.47,
        )
        opened_w = 22 * H
        opened = QRectF(
            lay.middle.x() - opened_w / 2,
            lay.middle.y() - 8.3 * H,
            opened_w,
            opened_w * folded.height() / folded.width(),
        )
        self.gazette = GazetteItem(folded, opened)
        self.addItem(self.gazette)
        self.store = StoreItem(lay.middle)
        self.store.activated.connect(self.clicked)
        self.duel = DuelItem(lay.middle)
        self.bubble = BubbleItem()
        self.bubble.activated.connect(self.clicked)
        self.mark = MarkItem()
        for item in (self.store, self.duel, self.bubble, self.mark):
            self.addItem(item)
        self._hovered: tuple[str, int] | None = None
        self.setSceneRect(lay.rect)
        grad = QLinearGradient(lay.rect.topLeft(), lay.rect.bottomRight())
        grad.setColorAt(0, style.TABLE_LIGHT)
        grad.setColorAt(1, style.TABLE)
        self.setBackgroundBrush(grad)
        self.retranslate()

    # --- the shell's calls --------------------------------------------------------------

    def ms(self, base: int) -> int:
        return int(base * self.speed)

    def set_seats(self, names: Sequence[str], colours: Sequence[str]) -> None:
        self.names = list(names)
        self.colours = [QColor(c) for c in colours]
        for seat, panel in enumerate(self.panels):
            panel.set_seat(names[seat], colours[seat])
        used = self.board.seat_houses[self.seats]
        self.map.set_houses({h: self.colours[s] for s, h in enumerate(used)}, station_label())
        for seat, pawn in enumerate(self.pawns):
            pawn.colour = self.colours[seat]
            pawn.update()
        self._tooltips()

    def set_panel_status(
        self, seat: int, active: bool, text: str, winner: bool = False, away: bool = False
    ) -> None:
        self.panels[seat].set_state(active, text, winner, away)

    def set_selected(self, target: object) -> None:
        """Nothing is selected on this board (a move is one click)."""

    def show_last_move(self, move: Any) -> None:
        """Ring the field where ``move`` — ``(seat, action)`` — ended (a move, a descent, a raft,
        a lantern's target), in the mover's colour; anything else marks nothing."""
        self.mark.clear()
        obs = self.obs
        if obs is None or not (isinstance(move, tuple) and len(move) == 2):
            return
        seat, action = move
        if not (isinstance(seat, int) and 0 <= seat < self.seats and isinstance(action, tuple)):
            return
        if len(action) != 2 or action[0] not in ("move", "descend", "raft", "lantern"):
            return
        below = obs.where[seat][0] == "mine" and action[0] == "move"
        grid = self.board.mine if below else self.board.surface
        f = grid.index.get(str(action[1]))
        if f is None:
            return
        centre = self.lay.mine_centres[f] if below else self.lay.centres[f]
        self.mark.ring(centre, (MINE_HEX if below else H) * 0.92, self.colours[seat])

    def show_observation(self, obs: Observation, events: Sequence[Event] = ()) -> None:
        """Show ``obs``, animating ``events`` (one beat; see the module docstring). The first
        observation is drawn at once."""
        if self.obs is None or self.speed <= 0:
            self._apply(obs, tuple(events), instant=self.obs is None or self.speed <= 0)
            return
        self._queue.append((obs, tuple(events)))
        while len(self._queue) > MAX_QUEUE:
            old, old_events = self._queue.popleft()
            self._apply(old, old_events, instant=True)
        if not self._beat.isActive():
            self._next_beat()

    def _next_beat(self) -> None:
        if not self._queue:
            return
        obs, events = self._queue.popleft()
        ms = self._apply(obs, events, instant=False)
        self._beat.start(max(0, ms))

    def animating(self) -> bool:
        """A beat is still on screen, or the Gazette's front page is open."""
        return bool(self._queue) or self._beat.isActive() or self.gazette.holding()

    def set_preview(self, offer: Any, legal: bool = True) -> None:
        """What the player may do now (an :class:`Offer`; None: nothing) — highlighted fields,
        the store, the die tray's buttons, a bubble — and what the pointer previews."""
        self.offer = offer if isinstance(offer, Offer) else None
        self._show_offer()

    def pointer_left(self) -> None:
        if self._hovered is not None:
            self.field_left(self._hovered)

    def retranslate(self) -> None:
        self.roll_button.set_text(tr("Roll the die"))
        self.pony_button.set_text(tr("Ride the Pony Express home"))
        if self.mine is not None:
            self.mine.set_title(mine_title())
        self.map.set_houses(self.map.house_colours, station_label())
        if self.obs is not None:
            self._panels(self.obs)
            self._cards(self.obs)
        self._show_offer()
        self._tooltips()

    # --- intents ----------------------------------------------------------------------------

    def field_hovered(self, target: tuple[str, int]) -> None:
        self._hovered = target
        self.hovered.emit(target)

    def field_left(self, target: tuple[str, int]) -> None:
        if self._hovered == target:
            self._hovered = None
            self.hovered.emit(None)

    # --- showing ------------------------------------------------------------------------------

    def _apply(self, obs: Observation, events: tuple[Event, ...], instant: bool) -> int:
        """Show ``obs`` and start the animations of ``events``; how long they take (ms)."""
        speed = self.speed
        if instant:
            self.speed = 0.0
        try:
            before = self.obs
            self.obs = obs
            ms = beat_ms(events, self.speed)
            apply_events(self, before, obs, events)
            self._pieces(obs, before)
            self._tokens(obs)
            self._panels(obs)
            self._cards(obs)
            self._show_offer()
            self._tooltips()
            return ms
        finally:
            self.speed = speed

    def pawn_spot(self, obs: Observation, seat: int) -> QPointF:
        return seat_spot(self, obs, seat)

    def _pieces(self, obs: Observation, before: Observation | None) -> None:
        glide = self.ms(420)
        for seat, pawn in enumerate(self.pawns):
            moved = before is None or before.where[seat] != obs.where[seat]
            pawn.glide(self.pawn_spot(obs, seat), glide if moved else 0, hop=0.6 * H)
            self.lights[seat].set_rolls(obs.light[seat] if obs.where[seat][0] == "mine" else 0)
        track = self.board.track
        loco = self.lay.centres[track[min(obs.locomotive, len(track) - 1)]]
        self.loco.glide(loco + QPointF(0, -0.3 * H), self.ms(650))
        spots: dict[int, int] = {}
        for k, f in enumerate(obs.rafts):
            n = spots.get(f, 0)
            spots[f] = n + 1
            self.rafts[k].setRotation(shore_angle(self.board, self.lay, f))
            self.rafts[k].glide(self._raft_spot(f, n), self.ms(520))

    def _raft_spot(self, f: int, n: int) -> QPointF:
        """Where the ``n``-th raft moored at landing ``f`` floats: at the end of its jetty."""
        angle = math.radians(shore_angle(self.board, self.lay, f))
        reach = 1.3 * H
        side = n * 0.55 * H
        along = QPointF(math.cos(angle), math.sin(angle))
        across = QPointF(-along.y(), along.x())
        return self.lay.centres[f] + along * reach + across * side

    def _tokens(self, obs: Observation) -> None:
        flip = self.ms(380)
        known = dict(obs.known)
        for h, token in enumerate(self.hill_tokens):
            token.peeked = known.get(h, "") if obs.hills[h] == -1 else ""
            token.set_code(obs.hills[h], obs.loot[h], flip)
        for g, m in enumerate(self.board.galleries):
            self.gallery_tokens[g].set_code(obs.mine[m], (0, 0), flip)

    def _panels(self, obs: Observation) -> None:
        from .notes import mission_outcome

        for seat, panel in enumerate(self.panels):
            panel.set_info(
                SeatInfo(
                    bank=obs.banks[seat],
                    sack=obs.sacks[seat],
                    tools=obs.tools[seat],
                    lost_turn=obs.lost_turn[seat],
                    claimed=obs.claimed[seat],
                    where=obs.where[seat][0],
                    light=obs.light[seat],
                    mission=mission_outcome(obs, seat),
                )
            )

    def _cards(self, obs: Observation) -> None:
        from .notes import gazette_effect, mission_card, track_caption

        card = mission_card(obs)
        if card is None:
            self.mission.hide()
        else:
            self.mission.set_mission(*card)
            self.mission.show()
        self.gazette.speed = self.speed
        self.gazette.set_issue(obs.issue, len(obs.published), gazette_effect(obs))
        self.tray.set_track(obs.locomotive, len(self.board.track), track_caption(obs))

    def _show_offer(self) -> None:
        offer, obs = self.offer, self.obs
        for item in (*self.fields, *self.mine_fields):
            item.set_glow(None)
        self.mark.arrow(None, None)
        self.roll_button.setVisible(False)
        self.pony_button.setVisible(False)
        if offer is None or obs is None:
            self.store.show_offer(None)
            self.bubble.close()
            return
        if offer.phase == "store":
            self._hide_duel()
            sale = obs.issue == "sale"
            setup = obs.setup
            from goldnet.games.golden_city.setup import TOOLS

            self.store.show_offer(
                StoreOffer(
                    prices=tuple(setup.price(t, sale) for t in range(len(TOOLS))),
                    usual=tuple(setup.prices),
                    held=obs.tools[offer.seat],
                    bank=obs.banks[offer.seat],
                    legal=frozenset(str(a[1]) for a in offer.legal if a[0] == "buy"),
                    sale=sale,
                )
            )
        else:
            self.store.show_offer(None)
        if offer.phase == "before":
            self.roll_button.setVisible(("roll",) in offer.legal)
            self.pony_button.setVisible(("pony",) in offer.legal)
        for kind, number, colour, label in offer_glows(self, obs, offer):
            items = self.fields if kind == "field" else self.mine_fields
            items[number].set_glow(colour, label)
        if offer.arrow is not None:
            start, end = offer.arrow
            self.mark.arrow(self._spot(start), self._spot(end))
        if offer.bubble is None:
            self.bubble.close()
        else:
            where, title, choices = offer.bubble
            self.bubble.offer(self._spot(where), title, choices)

    def _spot(self, target: tuple[str, int]) -> QPointF:
        kind, number = target
        return self.lay.mine_centres[number] if kind == "mine" else self.lay.centres[number]

    def _hide_duel(self) -> None:
        self._duel_timer.stop()
        self.duel.hide()

    def finish_duel(self, result: str) -> None:
        """The duel ended with ``result``: it stays on screen a moment, then goes."""
        self.duel.finish(result)
        self._duel_timer.start(self.ms(2400))

    def _tooltips(self) -> None:
        obs = self.obs
        if obs is None:
            return
        names = [n or f"{k + 1}" for k, n in enumerate(self.names)]
        for item in self.fields:
            item.setToolTip(field_tip(obs, item.number, names, self.letters))
        for item in self.mine_fields:
            item.setToolTip(mine_tip(obs, item.number, names, self.letters))
        tray = [tr("The die: 2 to 6, or the locomotive.")]
        if obs.roll:
            tray.append(tr("Last roll: %1.").replace("%1", str(obs.roll)))
        self.tray.setToolTip("<qt>" + "<br>".join(tray) + "</qt>")


__all__ = ["Offer", "TableScene"]
