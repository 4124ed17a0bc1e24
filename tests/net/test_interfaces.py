"""mDNS on machines with VPN and virtual adapters (goldnet/net/discovery/_interfaces.py,
goldnet/net/hosting.py): adapters that cannot carry mDNS to a LAN are skipped with one log line
each and the rest still work; the address an invite names is a plain LAN adapter's.

Fake adapter lists (``ifaddr.get_adapters`` and the flags patched) hold only addresses this
machine does not have, besides 127.0.0.1: trying them binds nothing and sends nothing. As root
on Linux, a real network namespace of the test's own (``unshare --net --mount``) holds a veth
pair, a tun tunnel, a bridge with no port, an adapter without multicast and a link-local one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import ifaddr
import pytest

from goldnet.net import hosting
from goldnet.net.discovery import _interfaces, bound_addresses, open_zeroconf, survey

ROOT = Path(__file__).resolve().parents[2]
UP, LOOP, P2P, MCAST = 0x1, 0x8, 0x10, 0x1000
REAL_ADAPTERS = ifaddr.get_adapters


def adapter(
    name: str, address: str, prefix: int = 24, nice: str = "", ip_name: str = ""
) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, nice or name, [ifaddr.IP(address, prefix, ip_name or name)])


def fake(
    monkeypatch: pytest.MonkeyPatch, adapters: list[ifaddr.Adapter], flags: dict[str, int]
) -> None:
    local = {ip.ip for a in REAL_ADAPTERS() for ip in a.ips}
    for a in adapters:
        if a.ips[0].ip != "127.0.0.1" and a.ips[0].ip in local:
            pytest.skip(f"{a.ips[0].ip} is configured on this machine")
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: adapters)
    monkeypatch.setattr(_interfaces, "adapter_flags", flags.get)


LINUX_LAPTOP = [
    adapter("lo", "127.0.0.1", 8),
    adapter("docker0", "172.31.250.1", 16),  # a container bridge: tried, kept if it opens
    adapter("tun0", "10.231.0.6", 32),  # an OpenVPN / WireGuard tunnel
    adapter("nomc0", "10.232.0.1"),  # an adapter that does not do multicast
    adapter("eth1", "198.51.100.10"),  # gone between listing and opening: fails
    adapter("eth9", "169.254.77.7", 16),  # link-local only: fails here, like Windows' stale ones
]
LINUX_FLAGS = {
    "lo": UP | LOOP,
    "docker0": UP | MCAST,
    "tun0": UP | P2P | MCAST,
    "nomc0": UP,
    "eth1": UP | MCAST,
    "eth9": UP | MCAST,
}


def test_adapters_that_fail_are_skipped_with_one_line_each_and_the_rest_works(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fake(monkeypatch, LINUX_LAPTOP, LINUX_FLAGS)
    caplog.set_level(logging.WARNING, logger="goldnet.net.discovery")
    assert [c.address for c in survey() if c.skip] == ["10.231.0.6", "10.232.0.1"]

    async def body() -> list[str]:
        zc = await open_zeroconf(None)
        try:
            return bound_addresses(zc)
        finally:
            await zc.async_close()

    assert asyncio.run(asyncio.wait_for(body(), 20)) == ["127.0.0.1"]
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    for address, why in [
        ("172.31.250.1", ""),
        ("10.231.0.6", "point-to-point"),
        ("10.232.0.1", "does not do multicast"),
        ("198.51.100.10", ""),
        ("169.254.77.7", ""),
    ]:
        named = [line for line in lines if f"skipping interface {address}" in line]
        assert len(named) == 1 and why in named[0], (address, lines)
    assert not [line for line in lines if "127.0.0.1" in line]


def test_the_invite_names_a_plain_lan_adapter_before_virtual_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows = [  # Windows lists virtual adapters first; it shows no flags
        adapter("{1}", "172.28.16.1", 20, "Hyper-V Virtual Ethernet Adapter", "vEthernet (WSL)"),
        adapter("{2}", "169.254.3.4", 16, "TAP-Windows Adapter V9", "Local Area Connection"),
        adapter("{3}", "100.101.102.103", 32, "Tailscale Tunnel", "Tailscale"),
        adapter("{4}", "169.254.9.9", 16, "Realtek PCIe GbE Family Controller", "Ethernet"),
        adapter("{5}", "192.168.77.20", 24, "Intel(R) Wi-Fi 6 AX201 160MHz", "Wi-Fi"),
        adapter("{6}", "127.0.0.1", 8, "Software Loopback Interface 1", "Loopback"),
    ]
    fake(monkeypatch, windows, {})
    assert hosting.lan_address(None) == "192.168.77.20"
    assert [c.virtual for c in survey()] == [True, True, True, False, False, False]
    fake(monkeypatch, windows[:4] + windows[5:], {})  # Wi-Fi off: a link-local LAN adapter
    assert hosting.lan_address(None) == "169.254.9.9"
    fake(
        monkeypatch,
        [LINUX_LAPTOP[2], LINUX_LAPTOP[1], adapter("wlp2s0", "192.168.77.21")],
        LINUX_FLAGS,
    )
    assert hosting.lan_address(None) == "192.168.77.21"
    fake(monkeypatch, LINUX_LAPTOP[:2], LINUX_FLAGS)  # only a bridge: better than loopback
    assert hosting.lan_address(None) == "172.31.250.1"
    fake(monkeypatch, LINUX_LAPTOP[:1], LINUX_FLAGS)
    assert hosting.lan_address(None) == "127.0.0.1"
    assert hosting.lan_address(["10.0.0.5"]) == "10.0.0.5"  # an interface asked for wins


# ------------------------------------------------ a network namespace of the test's own (root)

NAMESPACE = r"""
set -e
mount -t sysfs sysfs /sys  # this namespace's adapters (a private mount: unshare --mount)
ip link set lo up
ip link add gva type veth peer name gvb
ip addr add 10.213.9.1/24 dev gva; ip addr add 10.213.9.2/24 dev gvb
ip link set gva up; ip link set gvb up
ip tuntap add gtun0 mode tun
ip addr add 10.98.0.1 peer 10.98.0.2 dev gtun0; ip link set gtun0 up
ip link add gbr0 type bridge; ip addr add 172.18.0.1/16 dev gbr0; ip link set gbr0 up
ip link add gnm0 type veth peer name gnm1; ip link set gnm0 multicast off
ip addr add 10.97.0.1/24 dev gnm0; ip link set gnm0 up; ip link set gnm1 up
ip link add gll0 type veth peer name gll1; ip addr add 169.254.7.7/16 dev gll0
ip link set gll0 up; ip link set gll1 up
exec "$@"
"""

INSIDE = r"""
import asyncio, json, logging
from goldnet.net.discovery import Announcer, TableInfo, PROTOCOL_VERSION, find_table
from goldnet.net import hosting

lines = []
class Keep(logging.Handler):
    def emit(self, record):
        lines.append(record.getMessage())
logging.getLogger("goldnet.net.discovery").addHandler(Keep())
logging.getLogger("goldnet.net.discovery").setLevel(logging.WARNING)

async def main():
    announcer = Announcer(None)  # every interface, as a player's machine
    table = TableInfo("Namespace table", "mountains-rivers", 2, "abcd-efgh-ns", "127.0.0.1",
                      47001, PROTOCOL_VERSION)
    await announcer.start(table)
    found = await find_table("Namespace table", 5.0, ["10.213.9.2"])
    await announcer.close()
    return found

found = asyncio.run(main())
print(json.dumps({"found": found.host if found else None, "lines": lines,
                  "invite": hosting.lan_address(None)}))
"""


def test_in_a_namespace_with_a_tunnel_a_bridge_and_no_multicast_the_lan_still_works() -> None:
    geteuid = getattr(os, "geteuid", None)
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if geteuid is None or geteuid() != 0 or unshare is None or ip is None:
        pytest.skip("a network namespace needs root, unshare and ip (Linux)")
    command = [unshare, "--net", "--mount"]
    probe = subprocess.run([*command, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"unshare --net --mount is refused here: {probe.stderr.decode().strip()}")
    done = subprocess.run(
        [*command, "sh", "-c", NAMESPACE, "sh", sys.executable, "-c", INSIDE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    if done.returncode != 0 and "Error:" in done.stderr and "{" not in done.stdout:
        pytest.skip(f"this kernel cannot make the test's adapters: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    # found over the veth pair (both its ends are here: either address), beside the others
    assert result["found"] in ("10.213.9.1", "10.213.9.2")
    lines = result["lines"]
    tunnel = [line for line in lines if "10.98.0.1" in line]
    assert len(tunnel) == 1 and "point-to-point" in tunnel[0], lines
    no_multicast = [line for line in lines if "10.97.0.1" in line]
    assert len(no_multicast) == 1 and "multicast" in no_multicast[0], lines
    assert len(lines) == 2, lines  # the bridge and the link-local adapter open here
    assert result["invite"] in ("10.213.9.1", "10.213.9.2")  # never the tunnel or the bridge
