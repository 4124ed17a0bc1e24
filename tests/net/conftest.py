"""What every network test shares: mDNS only on the loopback interface, never on the
machine's real networks."""

from __future__ import annotations

import pytest

from ..processes import LOOPBACK


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", LOOPBACK)
