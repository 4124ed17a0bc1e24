"""Forgeries for tests: what a cheating member can send (one of its envelopes signed again with
fields changed), and byte-level mutations of a file."""

from __future__ import annotations

from typing import Any

from protocol.envelope import Envelope
from protocol.identity import Identity


def resign(identity: Identity, data: bytes, **changes: Any) -> bytes:
    """``data`` (an envelope of ``identity``) signed again by it with some fields changed:
    ``type_``, ``game_id``, ``seq``, ``prev``, ``body`` or ``seen``."""
    env = Envelope.decode(data)
    fields: dict[str, Any] = {
        "type_": env.type,
        "game_id": env.game_id,
        "seq": env.seq,
        "prev": env.prev,
        "body": env.body,
        "seen": env.seen,
    }
    fields.update(changes)
    return Envelope.seal(identity, **fields).raw


def mutate(data: bytes, edits: list[tuple[int, int, str]]) -> bytes:
    """``data`` with ``edits`` applied in turn: ``(where, byte, kind)`` with kind ``"f"`` (flip
    the bits of ``byte`` at ``where``), ``"i"`` (insert ``byte``), ``"d"`` (delete one byte) or
    ``"c"`` (cut from ``where``); ``where`` wraps around the current length."""
    out = bytearray(data)
    for where, byte, kind in edits:
        where %= len(out) + 1
        if kind == "f" and where < len(out):
            out[where] ^= byte
        elif kind == "i":
            out[where:where] = bytes([byte])
        elif kind == "d" and where < len(out):
            del out[where]
        elif kind == "c":
            del out[where:]
    return bytes(out)
