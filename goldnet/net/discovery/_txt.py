"""What a table looks like on the wire: :class:`TableInfo`, its instance name and TXT record.

Holds the validated :class:`TableInfo`, the DNS-SD instance name (:func:`instance_name`), the
TXT properties an announcer sends (:func:`txt_properties`), and the reading side: RFC 6763 TXT
parsing, the newest TXT record of an instance in python-zeroconf's cache (:func:`newest_txt`)
and the table a resolved service announces (:func:`parse_service`).

Invariants:

- A ``TableInfo`` that exists is well-formed: every field is checked on construction.
- An instance name is one DNS label of at most 59 UTF-8 bytes (63 minus room for a "-2"
  rename); every TXT string an announcer sends is at most 255 bytes, else ``ValueError``.
- Reading never raises on what the network sent: a malformed TXT record, or one of another
  protocol version, gives ``None`` (logged at debug level).
"""

from __future__ import annotations

import ipaddress
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._const import CLASS_IN, PROTOCOL_VERSION, TYPE_TXT, log

if TYPE_CHECKING:
    from zeroconf import Zeroconf

# RFC 6763 §4.1.1: an instance name is one DNS label, at most 63 bytes of UTF-8. python-zeroconf
# renames on a conflict by appending "-2", "-3", …, so our own names stop 4 bytes short.
_MAX_LABEL_BYTES = 63
_RENAME_ROOM = 4
# RFC 6763 §6.1: one TXT string ("key=value") is at most 255 bytes.
_MAX_TXT_ENTRY = 255


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One open table as announced on the LAN; validated on construction.

    ``name``: the human table name (non-empty). ``game``: the game's registry name
    (:mod:`goldnet.games`). ``free_seats``: seats still free, >= 0. ``fingerprint``: the host's
    key fingerprint text (``"abcd-efgh-…"``); tables are deduplicated by it and TLS pins it.
    ``host``: an IPv4 address string the host can be reached at. ``port``: its TCP port,
    1–65535. ``version``: the protocol version announced (``PROTOCOL_VERSION`` for tables this
    build can join). ``game_id``: for a table a member re-hosted, the game id's first 16 bytes
    in hex (TXT ``gid``); else empty.

    Raises ``ValueError`` (or ``TypeError`` for a wrong type) on an invalid field, so a table
    parsed off the network that gets built is well-formed.
    """

    name: str
    game: str
    free_seats: int
    fingerprint: str
    host: str
    port: int
    version: int = PROTOCOL_VERSION
    game_id: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.game_id, str) or (
            self.game_id and (len(self.game_id) != 32 or self.game_id.strip("0123456789abcdef"))
        ):
            raise ValueError(f"TableInfo.game_id must be 32 hex digits or empty: {self.game_id!r}")
        for field in ("name", "game", "fingerprint", "host"):
            value = getattr(self, field)
            if not isinstance(value, str):
                raise TypeError(f"TableInfo.{field} must be a str, not {type(value).__name__}")
            if not value.strip() or _has_control(value):
                raise ValueError(f"TableInfo.{field} must be non-empty printable text: {value!r}")
        for field in ("free_seats", "port", "version"):
            value = getattr(self, field)
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"TableInfo.{field} must be an int, not {type(value).__name__}")
        if self.free_seats < 0:
            raise ValueError(f"TableInfo.free_seats must be >= 0: {self.free_seats}")
        if not 0 < self.port < 65536:
            raise ValueError(f"TableInfo.port must be in 1..65535: {self.port}")
        if self.version < 0:
            raise ValueError(f"TableInfo.version must be >= 0: {self.version}")
        ipaddress.IPv4Address(self.host)  # ValueError names the bad text


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in text)


def instance_name(table_name: str, fingerprint: str) -> str:
    """The DNS-SD instance name for a table: ``"<table name> (<first 4 chars of fp>)"``.

    Control characters, dots and backslashes become spaces, runs of spaces collapse, and the
    table name is cut (on a character boundary) so the whole name is at most 59 UTF-8 bytes —
    one DNS label (63) minus room for python-zeroconf's "-2" rename on a conflict.
    """
    tag = "".join(ch for ch in fingerprint if ch.isalnum())[:4] or "0000"
    cleaned = "".join(" " if (_has_control(ch) or ch in ".\\") else ch for ch in table_name)
    base = " ".join(cleaned.split()) or "table"
    suffix = f" ({tag})"
    room = _MAX_LABEL_BYTES - _RENAME_ROOM - len(suffix.encode())
    base = base.encode()[:room].decode(errors="ignore").rstrip() or "table"
    return base + suffix


def txt_properties(info: TableInfo) -> dict[str, str]:
    props = {
        "v": str(info.version),
        "game": info.game,
        "name": info.name,
        "free": str(info.free_seats),
        "fp": info.fingerprint,
    }
    if info.game_id:
        props["gid"] = info.game_id
    for key, value in props.items():
        if len(key.encode()) + 1 + len(value.encode()) > _MAX_TXT_ENTRY:
            raise ValueError(f"TXT entry {key!r} longer than {_MAX_TXT_ENTRY} bytes")
    return props


def _choose_host(addresses: Sequence[str], networks: Sequence[ipaddress.IPv4Network]) -> str:
    """A non-loopback address on one of our networks, else any non-loopback, else loopback."""
    parsed = [ipaddress.IPv4Address(a) for a in addresses]
    for address in parsed:
        if not address.is_loopback and any(address in net for net in networks):
            return str(address)
    for address in parsed:
        if not address.is_loopback:
            return str(address)
    return str(parsed[0])


def _parse_txt(text: bytes) -> dict[str, str]:
    """RFC 6763 §6 TXT data (length-prefixed ``key=value`` strings) as a dict.

    Keys are case-insensitive (lower-cased here) and the first occurrence of a key wins (§6.4);
    strings without ``=`` are ignored. Raises ``ValueError`` on a truncated record and
    ``UnicodeDecodeError`` on text that is not UTF-8.
    """
    props: dict[str, str] = {}
    at = 0
    while at < len(text):
        end = at + 1 + text[at]
        if end > len(text):
            raise ValueError("truncated TXT record")
        key, sep, value = text[at + 1 : end].partition(b"=")
        if sep and key:
            props.setdefault(key.decode("ascii").lower(), value.decode("utf-8"))
        at = end
    return props


def newest_txt(zc: Zeroconf, name: str) -> bytes | None:
    """The current TXT data of ``name`` in ``zc``'s cache: the record that expires last.

    python-zeroconf can hold two TXT records for one instance, and ``ServiceInfo`` may read the
    wrong one: a replaced record is only marked to expire in a second (RFC 6762 §10.2: its
    ``created`` is reset, its TTL set to 1 s), and one received less than a second before its
    replacement is kept for its whole TTL. Of records with the announcer's TTL, the one that
    expires last is the one received last.
    """
    records = zc.cache.async_all_by_details(name, TYPE_TXT, CLASS_IN)
    newest = max(records, key=lambda record: record.get_expiration_time(100), default=None)
    text = getattr(newest, "text", None)  # a DNSText
    return text if isinstance(text, bytes) else None


def parse_service(
    name: str,
    text: bytes,
    port: int | None,
    addresses: Sequence[str],
    networks: Sequence[ipaddress.IPv4Network],
) -> TableInfo | None:
    """The table a resolved service announces, or None (logged at debug) if it is malformed."""
    try:
        props = _parse_txt(text)
        version_text, free_text = props["v"], props["free"]
        if not (version_text.isascii() and version_text.isdigit()):
            raise ValueError(f"v={version_text!r} is not a number")
        if int(version_text) != PROTOCOL_VERSION:
            log.debug("ignoring %s: protocol version %s", name, version_text)
            return None
        if not (free_text.isascii() and free_text.isdigit()):
            raise ValueError(f"free={free_text!r} is not a number")
        if not addresses:
            raise ValueError("no IPv4 address")
        if port is None:
            raise ValueError("no port")
        return TableInfo(
            name=props["name"],
            game=props["game"],
            free_seats=int(free_text),
            fingerprint=props["fp"],
            host=_choose_host(addresses, networks),
            port=port,
            version=int(version_text),
            game_id=props.get("gid", ""),
        )
    except (KeyError, ValueError, TypeError) as exc:  # UnicodeDecodeError is a ValueError
        log.debug("ignoring malformed goldnet service %s: %r", name, exc)
        return None
