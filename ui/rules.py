"""The Rules window: a game's rules for players, in their language, from the start screen or the
table.

The shell shows the page; the game's kit writes it (:meth:`ui.kits.Kit.rules` returns a
:class:`RulesText`: a body of simple HTML — headings ``h2``/``h3``, paragraphs, lists, tables —
and the pictures it names). :class:`RulesWindow` is one non-modal window per main window: it
stays open beside the table while the game goes on, follows a change of language (it asks the
kit again) and shows the game asked for last. :class:`RulesButton` is the button that opens it,
for any screen: it asks its owner which game to show, so a screen adds one with two lines.

Invariants: the kit's HTML is shown as given; every string of it goes through Qt's translation
in the kit. Pictures are named ``<img src="NAME">`` and served from :attr:`RulesText.images`
(nothing is read from disk or the network: :meth:`RulesBrowser.loadResource`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from . import kits, texts

STYLE_SHEET = """
h1 { color: #8a5a16; font-size: 22px; margin-bottom: 4px; }
h2 { color: #6b4510; font-size: 17px; margin-top: 16px; margin-bottom: 4px; }
h3 { color: #3b2a1e; font-size: 15px; margin-top: 10px; margin-bottom: 2px; }
p, li { font-size: 14px; color: #2b2118; }
.caption { font-size: 12px; color: #5b4a33; }
td { padding: 2px 8px; font-size: 14px; }
"""
"""Headings and captions in the start screen's browns (:mod:`ui.style`)."""


@dataclass(frozen=True)
class RulesText:
    """A game's rules as its kit gives them.

    Attributes:
        html: the body, translated: simple HTML (``h2``, ``h3``, ``p``, ``ul``/``ol``,
            ``table``; ``class="caption"`` for a picture's caption), without the title, which
            the window adds (the kit's :meth:`~ui.kits.Kit.title`).
        images: pictures by name, each shown where the body says ``<img src="NAME">``.
    """

    html: str
    images: Mapping[str, QImage] = field(default_factory=dict)


class RulesBrowser(QTextBrowser):
    """A text browser that serves the page's pictures from memory and opens no link."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images: Mapping[str, QImage] = {}
        self.setOpenLinks(False)
        self.document().setDefaultStyleSheet(STYLE_SHEET)

    def loadResource(self, kind: int, name: QUrl | str) -> Any:
        if kind == QTextDocument.ResourceType.ImageResource.value:
            image = self.images.get(name.toString() if isinstance(name, QUrl) else name)
            if image is not None:
                return image
        return None  # nothing from disk or the network


class RulesWindow(QDialog):
    """The rules of one game (see the module docstring); :meth:`show_game` chooses which."""

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesWindow")
        self.setModal(False)
        self.game = game
        self.browser = RulesBrowser()
        self.browser.setObjectName("rulesText")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.buttons)
        self.resize(720, 820)
        self.retranslate()

    def show_game(self, game: str) -> None:
        """Show the rules of ``game`` (a game with a kit)."""
        if game != self.game:
            self.game = game
            self.retranslate()
            self.browser.verticalScrollBar().setValue(0)

    def document_html(self) -> str:
        """The whole page: the game's name, then its kit's body."""
        kit = kits.get(self.game)
        rules = kit.rules()
        self.browser.images = rules.images
        return f"<h1>{html.escape(kit.title())}</h1>\n{rules.html}"

    def retranslate(self) -> None:
        kit = kits.get(self.game)
        self.setWindowTitle(texts.arg(self.tr("Rules — %1"), kit.title()))
        self.browser.setHtml(self.document_html())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def show_rules(game: str, parent: QWidget | None = None) -> RulesWindow:
    """Open (or bring forward) the Rules window of ``parent``'s main window on ``game``."""
    owner = parent.window() if parent is not None else None
    window = owner.findChild(RulesWindow) if owner is not None else None
    if window is None:
        window = RulesWindow(game, owner)
    else:
        window.show_game(game)
    window.show()
    window.raise_()
    window.activateWindow()
    return window


class RulesButton(QPushButton):
    """ "Rules": opens the Rules window on the game ``game()`` names (None: disabled click)."""

    def __init__(self, game: Callable[[], str | None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesButton")
        self._game = game
        self.clicked.connect(self.open_rules)
        self.retranslate()

    def open_rules(self) -> RulesWindow | None:
        game = self._game()
        return None if game is None else show_rules(game, self)

    def retranslate(self) -> None:
        self.setText(self.tr("Rules"))
        self.setToolTip(self.tr("How to play this game"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
