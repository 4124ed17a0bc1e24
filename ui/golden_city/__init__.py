"""The Golden City kit of the desktop client (:mod:`ui.kits`): its table scene (``scene.py``:
the map and the mine in ``items.py``, pieces' drawings in ``art.py`` and ``icons.py``, the
panels in ``panels.py``, the die tray, mission card and Gazette in ``cards.py``, the store,
the duel scene and the buttons in ``overlays.py``), clicks into actions (``moves.py``), its
words (``words.py``, ``log.py``, ``notes.py``), still pictures (``render.py``) and rules page
(``rules.py``). ``KIT`` is what the shell uses; everything heavy is imported when first used,
so offering the game on the start screen costs nothing.
"""

from __future__ import annotations

from .kit import KIT

__all__ = ["KIT"]
