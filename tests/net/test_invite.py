"""Invite codes ``goldnet://HOST:PORT/FINGERPRINT`` (goldnet.net.invite)."""

from __future__ import annotations

import pytest

from goldnet.net.invite import Invite, InviteError, parse_invite
from protocol.identity import Identity

FP = Identity(bytes(range(32))).fingerprint


@pytest.mark.parametrize(
    ("host", "port"),
    [
        ("127.0.0.1", 47001),
        ("203.0.113.5", 1),
        ("table.example.org", 65535),
        ("localhost", 8080),
        ("::1", 47001),
        ("2001:db8::5", 443),
        ("fe80::1%eth0", 47001),
    ],
)
def test_format_and_parse_round_trip(host: str, port: int) -> None:
    invite = Invite(host, port, FP)
    text = str(invite)
    assert text.startswith("goldnet://")
    assert text.endswith(f":{port}/{FP}")
    if ":" in host:
        assert f"[{host}]:{port}" in text
    assert parse_invite(text) == invite
    assert str(parse_invite(text)) == text


def test_the_fingerprint_is_the_relays_key_fingerprint() -> None:
    identity = Identity.generate()
    invite = parse_invite(f"goldnet://10.0.0.2:47001/{identity.fingerprint}")
    assert invite == Invite("10.0.0.2", 47001, identity.fingerprint)


def test_surrounding_spaces_are_ignored() -> None:
    assert parse_invite(f"  goldnet://10.0.0.2:47001/{FP}\n") == Invite("10.0.0.2", 47001, FP)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an invite code starts with goldnet://"),
        (f"http://10.0.0.2:47001/{FP}", "an invite code starts with goldnet://"),
        (f"10.0.0.2:47001/{FP}", "an invite code starts with goldnet://"),
        ("goldnet://10.0.0.2:47001", "fingerprint is missing or mistyped"),
        ("goldnet://10.0.0.2:47001/", "fingerprint is missing or mistyped"),
        (f"goldnet://10.0.0.2:47001/{FP[:-1]}", "fingerprint is missing or mistyped"),
        (f"goldnet://10.0.0.2:47001/{FP.upper()}", "fingerprint is missing or mistyped"),
        (f"goldnet://10.0.0.2:47001/{FP}/", "fingerprint is missing or mistyped"),
        (f"goldnet://10.0.0.2:47001/{FP.replace('-', '')}", "fingerprint is missing"),
        (f"goldnet://10.0.0.2/{FP}", "the invite code has no port"),
        (f"goldnet://:47001/{FP}", "the invite code has no host"),
        (f"goldnet://[]:47001/{FP}", "the invite code has no host"),
        (f"goldnet://10.0.0.2:0/{FP}", "port '0' is not a number from 1 to 65535"),
        (f"goldnet://10.0.0.2:65536/{FP}", "port '65536' is not a number from 1 to 65535"),
        (f"goldnet://10.0.0.2:http/{FP}", "port 'http' is not a number"),
        (f"goldnet://10.0.0.2:/{FP}", "port '' is not a number"),
        (f"goldnet://10.0.0.2:-1/{FP}", "port '-1' is not a number"),
        (f"goldnet://[::1/{FP}", "an IPv6 address is written [ADDRESS]:PORT"),
        (f"goldnet://[::1]/{FP}", "an IPv6 address is written [ADDRESS]:PORT"),
        (f"goldnet://[::1]47001/{FP}", "an IPv6 address is written [ADDRESS]:PORT"),
        (f"goldnet://::1:47001/{FP}", "an IPv6 address is written [ADDRESS]:PORT"),
        (f"goldnet://fe80::1/{FP}", "an IPv6 address is written [ADDRESS]:PORT"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InviteError) as info:
        parse_invite(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_invite_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="starts with"):
        parse_invite("nonsense")
