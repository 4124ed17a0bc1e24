"""How a game ends at the table, and how it pauses: the end panel and the pause panel over the
board (:class:`~ui.overlays.EndPanel`, :class:`~ui.overlays.PausePanel`).

:class:`TableEnd` is the part of :class:`ui.table.TableWidget` (its base class: the panels,
the board view and the controller are the table's attributes, set by the table) that shows a
result (the winners and scores), a network game that ended without one (abandoned or halted),
a game that stopped, the saved record (and "Replay the record"), the rematch button, and why
a network game is paused with the offer to host its table here. The words come from
:mod:`ui.table_words`.

Invariants: the end panel is shown only once the game ended or stopped, always raised over the
board and placed again whenever its text or the table's size changes; "Replay the record" is
offered only for a saved record of a game neither abandoned nor halted; the re-host button is
taken once, until offered again; every string is translated in the table's context
(``TableWidget``, named explicitly: the .ts files keep the table's messages in the one context
they always had).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QRectF, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget

from goldnet.engine import Terminal

from . import table_words as words
from . import texts
from .boardview import BoardView
from .controller import PlayController
from .overlays import EndPanel, PausePanel, place_panel


class TableEnd(QWidget):
    """The end and pause panels of the table, which is a subclass of this (module docstring).

    Signals: ``openRecordRequested(path)``, ``rehostRequested()`` (the player chose to host
    the network table here)."""

    openRecordRequested = Signal(str)
    rehostRequested = Signal()

    view: BoardView
    end: EndPanel
    pause: PausePanel
    controller: PlayController | None
    result: Terminal | None
    outcome: Any
    """How a network game ended without a result (a ``goldnet.net.client.Outcome``)."""
    record_path: str | None

    if TYPE_CHECKING:

        def show_hint(self, text: str) -> None: ...

        def _refresh(self) -> None: ...

    def _offer_rehost(self, offered: bool) -> None:
        """Offer (or not) to host the network table here, in the pause panel."""
        self.pause.show_offer(offered)
        self.pause.rehost.setEnabled(True)
        if self.pause.isVisible():
            self._place_pause()

    def _rehost(self) -> None:
        self.pause.rehost.setEnabled(False)  # once: the network thread takes it from here
        self.show_hint(texts.rehosting())
        self.rehostRequested.emit()

    def _finished(self, result: Terminal) -> None:
        self.result = result
        c = self.controller
        assert c is not None
        self._word_result(c, result)
        self._show_end(c)

    def _word_result(self, c: PlayController, result: Terminal) -> None:
        """The end panel's title and scores, in the language now in use."""
        title, scores = words.result_words(c, result)
        self.end.title.setText(title)
        self.end.scores.setText(scores)

    def _paused(self, text: str) -> None:
        """Why the network game is paused ("" : it goes on)."""
        self.pause.message.setText(text)
        self.pause.setVisible(bool(text))
        if text:
            self._place_pause()
            self.pause.raise_()
        self._refresh()

    def _place_pause(self) -> None:
        self.pause.title.setText(QCoreApplication.translate("TableWidget", "Game paused"))
        self.pause.note.setText(texts.pause_note())
        place_panel(self.pause, QRectF(self.view.rect()), 640, bottom=True)

    def _ended(self, outcome: Any) -> None:
        """A network game that ended without a result: abandoned or halted."""
        self.outcome = outcome
        self._word_ending()
        c = self.controller
        if c is not None:
            self._show_end(c)

    def _word_ending(self) -> None:
        outcome, c = self.outcome, self.controller
        if outcome is None or c is None:
            return
        title, text, detail = words.ending_words(c, outcome)
        self.end.title.setText(title)
        self.end.scores.setText(text)
        if detail is None:
            self.end.detail.hide()
        else:
            self.end.detail.setText(detail)
            self.end.detail.setVisible(bool(detail))

    def _stopped(self, message: str) -> None:
        """A network game that cannot go on: say why, offer the way back."""
        c = self.controller
        if c is None:
            return
        self.end.title.setText(QCoreApplication.translate("TableWidget", "The game stopped"))
        self.end.scores.setText(message)
        self._show_end(c)

    def _show_end(self, c: PlayController) -> None:
        self.show_hint("")  # the end is what there is to read now
        self.end.rematch.setVisible(c.can_rematch)
        self._update_record()
        self._refresh()
        self._place_end()
        self.end.show()
        self.end.raise_()

    def _end_changed(self) -> None:
        """The rematch's box changed (:mod:`ui.rematch`): Rematch once only, the panel's size."""
        if self.end.isVisible() and self.controller is not None:
            self.end.rematch.setVisible(self.controller.can_rematch)
            self._place_end()

    def _record_saved(self, path: str) -> None:
        self.record_path = path
        self._update_record()
        if self.end.isVisible():
            self._place_end()

    def _update_record(self) -> None:
        network = self.controller is not None and self.controller.over_network
        path = self.record_path
        ended = self.result is not None or self.outcome is not None
        self.end.record.setVisible(ended and (network or path is not None))
        # the replay of an abandoned or halted game's record comes later
        self.end.replay.setVisible(path is not None and self.outcome is None)
        self.end.record.setText(words.record_line(path))

    def _open_record(self) -> None:
        if self.record_path is not None:
            self.openRecordRequested.emit(self.record_path)

    def _place_end(self) -> None:
        place_panel(self.end, QRectF(self.view.rect()), 580)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.end.isVisible():
            self._place_end()
        if self.pause.isVisible():
            self._place_pause()

    def _retranslate_end(self) -> None:
        """The end and pause panels in the language now in use, placed again for their size."""
        self.end.rematch.setText(QCoreApplication.translate("TableWidget", "Rematch"))
        self.end.back.setText(QCoreApplication.translate("TableWidget", "Back to the start"))
        self.end.replay.setText(QCoreApplication.translate("TableWidget", "Replay the record"))
        self.end.offer.retranslate()
        self.pause.offer.setText(texts.rehost_offer())
        self.pause.rehost.setText(texts.rehost_button())
        c = self.controller
        if self.record_path is not None or self.end.record.text():
            self._update_record()
        if self.result is not None and c is not None:  # the end panel, in the new language
            self._word_result(c, self.result)
            self._place_end()
        if self.outcome is not None:
            self._word_ending()
            self._place_end()
        if self.pause.isVisible():
            self._place_pause()
