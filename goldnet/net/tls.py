"""TLS 1.3 for the relay (stdlib ``ssl``), keyed by the relay's Ed25519 identity.

The relay's certificate is self-signed with its identity key (cryptography). Clients pin it:
after the handshake they compare the certificate's public key with the fingerprint they were
given (invite code or zeroconf TXT). Stdlib ``ssl`` cannot accept unknown client certificates,
so clients prove who they are inside the protocol (see :mod:`.relay`). The relay runs the
server context through its own lean TLS protocol (:mod:`.server`), clients through asyncio.
"""

from __future__ import annotations

import datetime
import ssl
import tempfile
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.x509.oid import NameOID

from protocol.identity import Identity, fingerprint

from .errors import PinError


def server_context(identity: Identity) -> ssl.SSLContext:
    """A TLS 1.3 server context whose certificate is self-signed by ``identity``."""
    key = Ed25519PrivateKey.from_private_bytes(identity.private_bytes())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"goldnet {identity.fingerprint}")])
    start = datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(int.from_bytes(identity.public[:8], "big") | 1)
        .not_valid_before(start)
        .not_valid_after(start.replace(year=2120))
        .sign(key, None)
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.num_tickets = 0  # clients never resume a session: keep no session state for them
    # ssl loads certificates from files only: write them to a private temporary folder.
    with tempfile.TemporaryDirectory(prefix="goldnet-tls-") as folder:
        cert_path = Path(folder) / "cert.pem"
        key_path = Path(folder) / "key.pem"
        cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        key_path.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        context.load_cert_chain(cert_path, key_path)
    return context


def client_context() -> ssl.SSLContext:
    """A TLS 1.3 client context that defers trust to :func:`check_pin` (no CA, no hostname)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def peer_public_key(ssl_object: ssl.SSLObject | ssl.SSLSocket) -> bytes:
    """The raw Ed25519 public key of the peer's certificate.

    Raises:
        PinError: no certificate, or not an Ed25519 one.
    """
    der = ssl_object.getpeercert(binary_form=True)
    if not der:
        raise PinError("the relay sent no certificate")
    key = x509.load_der_x509_certificate(der).public_key()
    if not isinstance(key, Ed25519PublicKey):
        raise PinError("the relay's certificate is not an Ed25519 goldnet certificate")
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def check_pin(ssl_object: ssl.SSLObject | ssl.SSLSocket, expected: str) -> bytes:
    """The relay's public key, after checking its fingerprint is ``expected``.

    Raises:
        PinError: the fingerprints differ (wrong relay, or someone in between).
    """
    public = peer_public_key(ssl_object)
    actual = fingerprint(public)
    if actual != expected:
        raise PinError(
            f"the relay's key is {actual}, not {expected}: wrong address, or someone in between"
        )
    return public
