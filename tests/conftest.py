"""Test-wide setup: Qt runs headless (pytest-qt aborts without a display otherwise)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
