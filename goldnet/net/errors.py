"""The network layer's errors, under :class:`goldnet.errors.GoldnetError`.

Each class is one kind of problem, so that a caller classifies a problem by its class
(:func:`goldnet.net.reports.problem_of`), never by its words. Frames that break the framing are
:class:`goldnet.net.frames.FrameError`, which is also a protocol error (remote input), and LAN
discovery's failures are :class:`goldnet.net.discovery.DiscoveryError`; both derive from
:class:`NetError` too. A journal's are :class:`goldnet.net.journal.JournalError`, an invite
code's :class:`goldnet.net.invite.InviteError`.
"""

from __future__ import annotations

from ..errors import GoldnetError


class NetError(GoldnetError):
    """The game cannot go on over the network; the message says why and what to try."""


class Refused(NetError):
    """The relay refused this peer at authentication; ``reason`` is the relay's."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the relay refused this peer: {reason}")
        self.reason = reason


class RelayLost(NetError):
    """The relay stayed out of reach before the game started (after several tries)."""


class PinError(NetError):
    """The relay's certificate is not the one the invite or announcement named."""


class CannotListen(NetError):
    """A table's relay cannot listen on its address and port (taken, or not this machine's)."""


class ProfileInUse(NetError):
    """Another goldnet process plays a network game with this profile's key."""


class BotFailed(GoldnetError):
    """The bot playing this peer's seat raised, or chose a move the rules refuse: the peer
    leaves the table (its seat shows disconnected) with its journal intact, to be resumed."""


class NotResumable(NetError):
    """There is no game to resume, or not the way asked (e.g. re-hosting a game not started)."""
