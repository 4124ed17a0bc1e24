"""A minimal ui kit for the test card game (``tests/protocol/cards.py``): the shell shows a game
it never names, with 2 to 6 seats.

Registered for a test with :func:`ui.kits.register` (the ``cards_kit`` fixture of
``tests/ui/conftest.py``); the shell's own :data:`ui.kits.KITS` never lists it. The scene draws
a panel per seat (name on the seat's colour, score, status) over a row of cards; a click on a
face-down card flips it. Its words are plain English (no translations: a test kit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from goldnet.engine import Event, GameState, Refusal, Terminal
from tests.protocol.cards import NAME, View
from ui import texts
from ui.kits import PaceStep
from ui.rules import RulesText

CARD_W, CARD_H, GAP = 54.0, 80.0, 10.0
PANEL_W, PANEL_H = 150.0, 84.0


class SeatPanel(QGraphicsRectItem):
    """A seat's panel: its name on its colour, its score and a status line."""

    def __init__(self, seat: int) -> None:
        super().__init__(0, 0, PANEL_W, PANEL_H)
        self.seat = seat
        self.name = ""
        self.status = ""
        self.setBrush(QBrush(QColor("#f6ecd2")))
        self.setPen(QPen(QColor("#8a6a3d"), 2))
        self.head = QGraphicsRectItem(0, 0, PANEL_W, 26, self)
        self.head.setPen(QPen(Qt.PenStyle.NoPen))
        self.name_item = QGraphicsSimpleTextItem(self)
        self.name_item.setFont(QFont("DejaVu Sans", 11, QFont.Weight.Bold))
        self.name_item.setBrush(QBrush(QColor("white")))
        self.name_item.setPos(8, 4)
        self.score_item = QGraphicsSimpleTextItem(self)
        self.score_item.setFont(QFont("DejaVu Sans", 11))
        self.score_item.setPos(8, 32)
        self.status_item = QGraphicsSimpleTextItem(self)
        self.status_item.setFont(QFont("DejaVu Sans", 9))
        self.status_item.setPos(8, 58)

    def set_seat(self, name: str, colour: str) -> None:
        self.name = name
        self.name_item.setText(name)
        self.head.setBrush(QBrush(QColor(colour)))

    def set_score(self, score: int) -> None:
        self.score_item.setText(f"{score} points")

    def set_status(self, active: bool, text: str, winner: bool, away: bool) -> None:
        self.status = text
        self.status_item.setText(text)
        self.status_item.setBrush(QBrush(QColor("#a8321b" if away else "#2b2118")))
        width = 5 if active or winner else 2
        self.setPen(QPen(QColor("#f1c232" if active or winner else "#8a6a3d"), width))


class CardItem(QGraphicsRectItem):
    """One card: face down (brown) or face up (its value)."""

    def __init__(self, index: int) -> None:
        super().__init__(0, 0, CARD_W, CARD_H)
        self.index = index
        self.value: int | None = None
        self.label = QGraphicsSimpleTextItem(self)
        self.label.setFont(QFont("DejaVu Sans", 20, QFont.Weight.Bold))
        self.label.setPos(CARD_W / 2 - 8, CARD_H / 2 - 16)
        self.show_value(None)

    def show_value(self, value: int | None) -> None:
        self.value = value
        self.setBrush(QBrush(QColor("#6e4120" if value is None else "#fffdf6")))
        self.setPen(QPen(QColor("#3e230f"), 2))
        self.label.setText("" if value is None else str(value))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if not isinstance(scene, CardsScene):
            return
        if event.button() == Qt.MouseButton.LeftButton:
            scene.clicked.emit(self.index)
        else:
            scene.cancelRequested.emit()


class CardsScene(QGraphicsScene):
    """The card table: a panel per seat above the row of cards."""

    clicked = Signal(object)
    hovered = Signal(object)
    cancelRequested = Signal()

    def __init__(self, seats: int, cards: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.speed = 1.0
        self.setBackgroundBrush(QBrush(QColor("#3b2a1e")))
        self.panels = [SeatPanel(s) for s in range(seats)]
        width = max(seats * (PANEL_W + GAP), cards * (CARD_W + GAP)) + GAP
        for s, panel in enumerate(self.panels):
            panel.setPos(GAP + s * (PANEL_W + GAP), GAP)
            self.addItem(panel)
        self.cards = [CardItem(i) for i in range(cards)]
        for i, card in enumerate(self.cards):
            card.setPos(GAP + i * (CARD_W + GAP), 2 * GAP + PANEL_H + 30)
            self.addItem(card)
        self.roll = QGraphicsSimpleTextItem()
        self.roll.setFont(QFont("DejaVu Sans", 14))
        self.roll.setBrush(QBrush(QColor("#fff3b0")))
        self.roll.setPos(GAP, 2 * GAP + PANEL_H + 4)
        self.addItem(self.roll)
        self.setSceneRect(QRectF(0, 0, width, 3 * GAP + PANEL_H + 30 + CARD_H + GAP))

    def set_seats(self, names: Sequence[str], colours: Sequence[str]) -> None:
        for panel, name, colour in zip(self.panels, names, colours, strict=True):
            panel.set_seat(name, colour)

    def set_panel_status(
        self, seat: int, active: bool, text: str, winner: bool = False, away: bool = False
    ) -> None:
        self.panels[seat].set_status(active, text, winner, away)

    def show_observation(self, observation: View, events: Sequence[Event] = ()) -> None:
        for card, face in zip(self.cards, observation.faces, strict=True):
            card.show_value(face)
        for panel, score in zip(self.panels, observation.scores, strict=True):
            panel.set_score(score)
        self.roll.setText("" if observation.roll is None else f"Die: {observation.roll}")

    def set_selected(self, target: Any) -> None:
        pass

    def set_preview(self, targets: Any, legal: bool) -> None:
        pass

    def show_last_move(self, move: Any) -> None:
        self.last_move = move

    def retranslate(self) -> None:
        pass

    def animating(self) -> bool:
        return False

    def pointer_left(self) -> None:
        pass


class CardMoves:
    """A click on a face-down card flips it."""

    def __init__(self, controller: Any) -> None:
        self.controller = controller

    def click(self, target: Any) -> None:
        self.controller._try(("flip", int(target)))

    def hover(self, target: Any) -> None:
        pass


class CardsKit:
    """The kit of the test card game (module docstring)."""

    game = NAME

    def scene(self, observation: View, parent: QObject | None = None) -> CardsScene:
        return CardsScene(len(observation.scores), len(observation.faces), parent)

    def still_scene(self, state: GameState) -> CardsScene:
        observation = state.observation(None)
        scene = self.scene(observation)
        count = len(observation.scores)
        scene.set_seats([f"Seat {s + 1}" for s in range(count)], ["#c0392b"] * count)
        scene.show_observation(observation)
        return scene

    def preview(self, options: tuple[Any, ...], width: int) -> QImage:
        image = QImage(width, width // 2, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#3b2a1e"))
        painter = QPainter(image)
        painter.setPen(QColor("#fff3b0"))
        painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, "cards")
        painter.end()
        return image

    def position(self, case: Mapping[str, Any]) -> GameState:
        raise ValueError("the card game has no scenario cases")

    def moves(self, controller: Any) -> CardMoves:
        return CardMoves(controller)

    def tentative_observation(self, committed: View, trial: GameState) -> Any:
        return trial.observation(committed.seat)

    def pace_steps(self, before: View, events: Sequence[Event], after: View) -> list[PaceStep]:
        return [
            PaceStep(
                "die" if any(e.kind == "roll" for e in events) else "card", after, tuple(events)
            )
        ]

    def active_seat(self, observation: View) -> int | None:
        return None if None not in observation.faces else observation.active

    def turn_of(self, observation: View) -> Any:
        return observation.roll

    def turn_number(self, observation: View) -> int:
        return observation.turn

    def refusal(self, why: Refusal) -> str:
        return texts.refusal(why, {})

    def log_lines(
        self, events: Sequence[Event], names: Sequence[str], turn: Any, seen: Any = None
    ) -> list[str]:
        out = []
        for e in events:
            if e.kind == "face" and e.seat is not None:
                out.append(f"{names[e.seat]} turns up a {e.get('value')}")
        return out

    def turn_status(self, phase: str, observation: View, selected: bool) -> str:
        if phase == "waiting":
            return "Waiting for the die…"
        return f"Your turn, die {observation.roll}: click a face-down card."

    def title(self) -> str:
        return "Cards"

    def tagline(self) -> str:
        return "Cards — a test game for 2 to 6"

    def option_title(self, name: str) -> str:
        return "Private peeks"

    def option_value(self, name: str, value: Any) -> str:
        return "At random" if value is None else ("Yes" if value else "No")

    def seat_choice(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    def host_seat_note(self) -> str:
        return "Against players on the network, the host takes seat 1."

    def bot_level(self, level: str) -> str:
        return level.capitalize()

    def bot_name(self, level: str) -> str:
        return f"{level.capitalize()} bot"

    def table_line(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        return "Cards — " + ", ".join(names)

    def score_line(self, names: Sequence[str], result: Terminal) -> str:
        return ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))

    def replay_title(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        return "Replay of cards: " + ", ".join(names)

    def rules(self) -> RulesText:
        return RulesText(
            "<h2>A turn</h2><p>A die is thrown; click a face-down card to turn it up. A card "
            "worth at most the die scores its value.</p><h2>The end</h2><p>When every card is "
            "face up, the highest score wins.</p>"
        )


KIT = CardsKit()
