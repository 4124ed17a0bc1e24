"""The Mountains & Rivers kit of the desktop client (:mod:`ui.kits`): its table scene
(``scene.py``: the board's items in ``items.py``, the panels and tiles in ``panels.py``, exact
outlines in ``geometry.py``), clicks into actions (``moves.py``), its words (``texts.py``) and
still pictures (``render.py``). ``KIT`` is what the shell uses.
"""

from __future__ import annotations

from .kit import KIT

__all__ = ["KIT"]
