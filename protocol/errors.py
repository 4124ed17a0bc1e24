"""The protocol's exceptions: one root, the local side's mistakes and the remote side's.

Every malformed or dishonest input from the network raises :class:`RemoteProtocolError`, and
nothing else escapes the protocol's entry points (STYLE: h11's ``_util.py``).
"""

from __future__ import annotations


class ProtocolError(Exception):
    """Root of every protocol error."""


class LocalProtocolError(ProtocolError):
    """This peer asked for something the protocol does not allow (a bug or a misuse)."""


class RemoteProtocolError(ProtocolError):
    """Bytes or an envelope from the network are malformed, forged or break the rules.

    Attributes:
        reason: what is wrong, in words.
        culprit: the 32-byte public key of the peer proven at fault (it signed the bad
            envelope), or ``None`` when nobody can be blamed (garbage bytes, a bad signature,
            an envelope any relay could have replayed).
        index: the position of the offending envelope in a record, when known.
    """

    def __init__(self, reason: str, culprit: bytes | None = None, index: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.culprit = culprit
        self.index = index

    def __str__(self) -> str:
        return self.reason
