"""What a cheating member can send: one of its envelopes signed again with fields changed."""

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
