"""Every fuzz target, by name (importing both target modules registers them)."""

from __future__ import annotations

from . import targets_files, targets_rules  # noqa: F401  (register their targets)
from .targets import TARGETS, Target

__all__ = ["TARGETS", "Target"]
