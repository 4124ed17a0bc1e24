"""The desktop client: the only package that imports Qt.

Modules: :mod:`.app` (the window and ``goldnet`` without a sub-command), :mod:`.start` (the
start screen), :mod:`.table` / :mod:`.scene` / :mod:`.items` / :mod:`.panels` (the table),
:mod:`.controller` (a game against a bot), :mod:`.replay` (records), :mod:`.render`
(offscreen pictures), :mod:`.i18n` (translations). See ``docs/ui.md``.
"""
