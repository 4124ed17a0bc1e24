"""The desktop client: the only package that imports Qt.

A shell any game uses — :mod:`.app` (the window and ``goldnet`` without a sub-command),
:mod:`.start` (the start screen), :mod:`.lobby` / :mod:`.network` / :mod:`.netgame` (network
play), :mod:`.table` (the table window), :mod:`.controller` (a game against a bot),
:mod:`.replay` (records), :mod:`.render` (offscreen pictures), :mod:`.texts` and :mod:`.i18n`
(words, translations), :mod:`.style` — and a kit per game (:mod:`.kits` finds it by the game's
name: the board scene, its words, clicks into actions). See ``docs/ui.md``.
"""
