"""Invite codes: host, port and the relay's fingerprint in one copyable string.

``goldnet://HOST:PORT/FINGERPRINT``, e.g. ``goldnet://203.0.113.5:47001/abcd-efgh-…``; an IPv6
host is written in brackets. Joining by invite needs no discovery.

A table re-hosted by one of its members (its first relay died or misbehaved) is given as
``goldnet://HOST:PORT/FINGERPRINT/GAME``, where ``GAME`` is the first 16 bytes of the game id in
lower-case hex: a peer resuming that game accepts the relay only if the game matches and the
relay's key is a member key of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import GoldnetError

SCHEME = "goldnet://"
_FINGERPRINT = re.compile(r"^[a-z2-7]{4}(-[a-z2-7]{4}){5}$")
_GAME = re.compile(r"^[0-9a-f]{32}$")
GAME_PREFIX = 16
"""Bytes of the game id an invite code carries."""


class InviteError(GoldnetError, ValueError):
    """An invite code that cannot be read; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Invite:
    """Where a relay listens and which key it must show."""

    host: str
    port: int
    fingerprint: str
    game: str = ""
    """For a re-hosted table: the game id's first 16 bytes in hex; empty otherwise."""

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        game = f"/{self.game}" if self.game else ""
        return f"{SCHEME}{host}:{self.port}/{self.fingerprint}{game}"


def parse_invite(text: str) -> Invite:
    """Read an invite code (surrounding spaces ignored).

    Raises:
        InviteError: not of the form ``goldnet://HOST:PORT/FINGERPRINT[/GAME]``.
    """
    text = text.strip()
    if not text.startswith(SCHEME):
        raise InviteError(f"an invite code starts with {SCHEME}")
    rest = text[len(SCHEME) :]
    address, slash, fp = rest.partition("/")
    fp, game_slash, game = fp.partition("/")
    if not slash or not _FINGERPRINT.match(fp) or (game_slash and not game):
        raise InviteError("the invite code's fingerprint is missing or mistyped")
    if game_slash and not _GAME.match(game):
        raise InviteError("the invite code's game id is mistyped (32 hex digits)")
    if address.startswith("["):
        host, bracket, port_text = address[1:].partition("]")
        if not bracket or not port_text.startswith(":"):
            raise InviteError("an IPv6 address is written [ADDRESS]:PORT")
        port_text = port_text[1:]
    else:
        host, colon, port_text = address.rpartition(":")
        if ":" in host:  # an unbracketed IPv6 address: where its port starts is ambiguous
            raise InviteError("an IPv6 address is written [ADDRESS]:PORT")
        if not colon:
            raise InviteError("the invite code has no port")
    if not host:
        raise InviteError("the invite code has no host")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise InviteError(f"port {port_text!r} is not a number from 1 to 65535")
    return Invite(host, int(port_text), fp, game)
