"""Work-arounds for defects of the Qt binding in use; imported first by :mod:`ui`.

Singletons' reference counts: some PySide6 builds (seen with PySide6-Essentials 6.12.0, an
``abi3`` wheel, on CPython 3.11) return ``None`` from ``void`` C++ methods, and ``True`` from
``Signal.emit``, without taking a reference. Since Python 3.12 these singletons are immortal and
nothing happens; on 3.11 each such call (``painter.setPen``, ``item.update``, every emitted
signal …) lowers the singleton's count by one, and after a few thousand calls the interpreter
aborts with "Fatal Python error: none_dealloc" (or ``bool_dealloc``). When — and only when — a
probe shows the leak, :func:`protect_singletons` gives ``None``, ``True`` and ``False`` the
protection 3.12 has: a reference count so large that the leak can never bring it to zero.
"""

from __future__ import annotations

import ctypes
import sys

_MARGIN = 1 << 48
_applied = False


def singletons_leak() -> bool:
    """Whether the binding loses references to ``None`` (void methods) or ``True`` (emit)."""
    from PySide6.QtCore import QObject, QPointF, Signal

    class _Probe(QObject):
        ping = Signal()

    point = QPointF()
    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(64):
        point.setX(1.0)
        probe.ping.emit()
    return sys.getrefcount(None) <= none_before - 32 or sys.getrefcount(True) <= true_before - 32


def _raise_count(obj: object) -> bool:
    count = ctypes.c_ssize_t.from_address(id(obj))
    before = sys.getrefcount(obj)
    count.value += _MARGIN
    if sys.getrefcount(obj) != before + _MARGIN:  # not the object layout we expect: undo
        count.value -= _MARGIN
        return False
    return True


def protect_singletons() -> bool:
    """Make ``None``, ``True`` and ``False`` effectively immortal if the binding leaks them;
    True when applied."""
    global _applied
    if _applied:
        return True
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if not singletons_leak():
        return False
    _applied = all([_raise_count(None), _raise_count(True), _raise_count(False)])
    return _applied


protect_singletons()
