"""LAN discovery over real mDNS (docs/discovery.md), kept on 127.0.0.1 or on network namespaces this
file creates itself: no test announces or browses on the machine's real interfaces.

Every name and fingerprint is unique per run, so a second test run on the same machine (its tables
are visible on loopback too) cannot disturb the assertions.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import ifaddr
import pytest
from zeroconf.asyncio import AsyncServiceInfo

from goldnet.net.discovery import (
    ENV_INTERFACES,
    PROTOCOL_VERSION,
    SERVICE_TYPE,
    Announcer,
    Browser,
    DiscoveryError,
    TableEvent,
    TableInfo,
    bound_addresses,
    find_table,
    find_tables,
    instance_name,
    interfaces_from_env,
    open_zeroconf,
)

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = ["127.0.0.1"]
T = TypeVar("T")

# Announces one table (its records' TTL in seconds optional, third), then obeys stdin lines:
# "update N", "withdraw", "exit". Prints one JSON line per step. stdin is read in a thread so
# this works on every platform.
ANNOUNCER = r"""
import asyncio, json, sys
from goldnet.net.discovery import Announcer, TableInfo

async def main():
    interfaces, fields, *ttl = json.loads(sys.argv[1])
    announcer = Announcer(interfaces, **({"ttl": ttl[0]} if ttl else {}))
    table = await announcer.start(TableInfo(**fields))
    print(json.dumps({"ready": table.host, "seconds": announcer.registration_seconds}), flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).split()
        if not line or line[0] == "exit":
            break
        if line[0] == "update":
            await announcer.update(int(line[1]))
        elif line[0] == "withdraw":
            await announcer.withdraw()
        print(json.dumps({"done": line[0]}), flush=True)
    await announcer.close()

asyncio.run(main())
"""

# Looks for one table by name and prints it (or null) as JSON.
FINDER = r"""
import asyncio, dataclasses, json, sys
from goldnet.net.discovery import find_table

interfaces, name, timeout = json.loads(sys.argv[1])
table = asyncio.run(find_table(name, timeout, interfaces))
print(json.dumps(dataclasses.asdict(table) if table else None), flush=True)
"""


def run(coro: Coroutine[Any, Any, T], timeout: float = 20.0) -> T:
    """Run one test body on a fresh event loop, failing (not hanging) after ``timeout`` s."""

    async def bounded() -> T:
        async with asyncio.timeout(timeout):
            return await coro

    return asyncio.run(bounded())


def unique(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def table(name: str, fingerprint: str | None = None, **changes: Any) -> TableInfo:
    fields: dict[str, Any] = {
        "name": name,
        "game": "mountains-rivers",
        "free_seats": 3,
        "fingerprint": fingerprint or f"{uuid.uuid4().hex[:4]}-{uuid.uuid4().hex[:4]}-test",
        "host": "127.0.0.1",
        "port": 40123,
        "version": PROTOCOL_VERSION,
    }
    fields.update(changes)
    return TableInfo(**fields)


class Events:
    """A browser's events, taken per fingerprint in arrival order; events of other tables (a
    parallel run's, say) wait in a backlog instead of being lost."""

    def __init__(self, browser: Browser) -> None:
        self.queue = browser.subscribe()
        self.backlog: list[TableEvent] = []

    async def next(self, fingerprint: str, timeout: float) -> TableEvent:
        async with asyncio.timeout(timeout):
            while True:
                for i, event in enumerate(self.backlog):
                    if event[1].fingerprint == fingerprint:
                        return self.backlog.pop(i)
                self.backlog.append(await self.queue.get())


class Child:
    """A Python subprocess speaking JSON lines; always killed on exit of the ``with`` block."""

    def __init__(self, code: str, arg: Any, prefix: list[str] | None = None) -> None:
        self.code, self.arg, self.prefix = code, arg, prefix or []
        self.proc: asyncio.subprocess.Process | None = None

    async def __aenter__(self) -> Child:
        self.proc = await asyncio.create_subprocess_exec(
            *self.prefix,
            sys.executable,
            "-c",
            self.code,
            json.dumps(self.arg),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.communicate()

    async def send(self, line: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def receive(self, timeout: float = 10.0) -> Any:
        assert self.proc is not None and self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        if not line:
            assert self.proc.stderr is not None
            error = (await self.proc.stderr.read()).decode(errors="replace")
            raise AssertionError(f"child exited without output:\n{error}")
        return json.loads(line)


@asynccontextmanager
async def announced(
    *tables: TableInfo, interfaces: list[str] | None = None
) -> AsyncIterator[list[Announcer]]:
    """Announce ``tables`` in this process (concurrently), on loopback unless told otherwise."""
    announcers = [Announcer(interfaces or LOOPBACK) for _ in tables]
    try:
        await asyncio.gather(*(a.start(t) for a, t in zip(announcers, tables, strict=True)))
        yield announcers
    finally:
        await asyncio.gather(*(a.close() for a in announcers))


# --------------------------------------------------------------------- across two processes


def test_table_of_another_process_is_found_updated_and_removed_over_loopback() -> None:
    mine = table(unique("Loopback table"))

    async def body() -> None:
        fields = {k: getattr(mine, k) for k in mine.__dataclass_fields__}
        async with Child(ANNOUNCER, [LOOPBACK, fields]) as child:
            ready = await child.receive()
            assert ready["ready"] == "127.0.0.1"
            assert 0.5 < ready["seconds"] < 5.0  # RFC 6762 probing: ~1.2–1.7 s
            async with Browser(LOOPBACK) as browser:
                began = time.perf_counter()
                events = Events(browser)
                kind, seen = await events.next(mine.fingerprint, timeout=2.0)
                assert time.perf_counter() - began < 2.0
                assert kind == "added"
                assert seen == mine  # every TXT field, the port and the address round-trip
                assert mine in browser.tables()

                await child.send("update 1")
                kind, seen = await events.next(mine.fingerprint, timeout=3.0)
                assert (kind, seen) == ("updated", TableInfo(**{**fields, "free_seats": 1}))
                assert await child.receive() == {"done": "update"}

                await child.send("withdraw")
                kind, seen = await events.next(mine.fingerprint, timeout=3.0)
                assert (kind, seen.fingerprint, seen.free_seats) == ("removed", mine.fingerprint, 1)
                assert all(t.fingerprint != mine.fingerprint for t in browser.tables())
            await child.send("exit")
            assert await asyncio.wait_for(child.proc.wait(), 5) == 0  # type: ignore[union-attr]

    run(body())


def test_table_leaves_the_view_when_its_process_closes_the_announcer() -> None:
    mine = table(unique("Closing table"))

    async def body() -> None:
        fields = {k: getattr(mine, k) for k in mine.__dataclass_fields__}
        async with Browser(LOOPBACK) as browser:
            events = Events(browser)
            async with Child(ANNOUNCER, [LOOPBACK, fields]) as child:
                await child.receive()
                assert (await events.next(mine.fingerprint, 2.0))[0] == "added"
                await child.send("exit")  # close() without withdraw(): still says goodbye
                assert (await events.next(mine.fingerprint, 3.0))[0] == "removed"

    run(body())


def test_a_table_whose_process_was_killed_leaves_when_its_records_expire() -> None:
    """No goodbye: the table stays while its host answers the browser's refresh questions, and
    leaves when its SRV record expires unanswered — not when the PTR record does (python-zeroconf
    keeps a PTR for at least 1125 s, whatever TTL was announced)."""
    ttl = 5  # seconds; the product announces 120
    mine = table(unique("Killed table"))

    async def body() -> None:
        fields = {k: getattr(mine, k) for k in mine.__dataclass_fields__}
        async with Browser(LOOPBACK) as browser:
            events = Events(browser)
            async with Child(ANNOUNCER, [LOOPBACK, fields, ttl]) as child:
                await child.receive()
                assert await events.next(mine.fingerprint, 5.0) == ("added", mine)
                # Alive for two TTLs: asked again before each expiry, it answers; nothing leaves.
                with pytest.raises(TimeoutError):
                    await events.next(mine.fingerprint, 2.0 * ttl)
                assert mine in browser.tables()
                assert child.proc is not None
                child.proc.kill()  # no goodbye
                killed = time.monotonic()
                kind, seen = await events.next(mine.fingerprint, ttl + 4.0)
                assert (kind, seen) == ("removed", mine)
                assert time.monotonic() - killed <= ttl + 2.0  # the TTL, and a check's delay
                assert all(t.fingerprint != mine.fingerprint for t in browser.tables())

    run(body(), timeout=40)


def test_announcer_refuses_a_ttl_below_one_second() -> None:
    for bad in (0, -5, 1.5):
        with pytest.raises(ValueError, match="ttl"):
            Announcer(LOOPBACK, ttl=bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- view and records


def test_same_fingerprint_twice_shows_one_table_and_the_latest_wins() -> None:
    fingerprint = f"{uuid.uuid4().hex[:8]}-dup"
    first = table(unique("Dup first"), fingerprint, port=40001)
    second = table(unique("Dup second"), fingerprint, port=40002, free_seats=1)

    async def body() -> None:
        async with Browser(LOOPBACK) as browser:
            events = Events(browser)
            async with announced(first) as (announcer_1,):
                assert await events.next(fingerprint, 2.0) == ("added", first)
                async with announced(second):
                    assert await events.next(fingerprint, 2.0) == ("updated", second)
                    mine = [t for t in browser.tables() if t.fingerprint == fingerprint]
                    assert mine == [second]
                # The latest instance left: the view falls back to the one still announced.
                assert await events.next(fingerprint, 3.0) == ("updated", first)
                await announcer_1.withdraw()
                assert await events.next(fingerprint, 3.0) == ("removed", first)
                await announcer_1.withdraw()  # idempotent

    run(body())


def test_update_after_withdraw_announces_the_table_again() -> None:
    mine = table(unique("Again"))
    # Generous bounds (they end the wait as soon as the event comes): re-announcing probes for
    # 1.2-1.6 s, and a machine busy with other tests can add seconds to that.

    async def body() -> None:
        async with Browser(LOOPBACK) as browser, Announcer(LOOPBACK) as announcer:
            events = Events(browser)
            await announcer.start(mine)
            assert await events.next(mine.fingerprint, 10.0) == ("added", mine)
            # Seats change from the relay's callbacks as tasks: the calls must not interleave.
            await asyncio.gather(announcer.update(0), announcer.withdraw())
            assert await events.next(mine.fingerprint, 10.0) == (
                "updated",
                replace(mine, free_seats=0),
            )
            assert (await events.next(mine.fingerprint, 10.0))[0] == "removed"
            assert announcer.service_name is None  # withdrawn
            await announcer.update(2)  # a seat freed up: announced again
            again = replace(mine, free_seats=2)
            kind, seen = await events.next(mine.fingerprint, 10.0)
            assert kind == "added"
            if seen != again:
                # On a loaded machine the browser may resolve the name from a TXT record it
                # still caches from the first announcement; the new one corrects it at once.
                assert await events.next(mine.fingerprint, 10.0) == ("updated", again)
            assert announcer.info == replace(mine, free_seats=2)
        await announcer.update(1)  # after close: nothing, no error

    run(body())


def test_malformed_txt_and_other_versions_are_ignored(caplog: pytest.LogCaptureFixture) -> None:
    tag = uuid.uuid4().hex[:8]
    good = table(unique("Good"), f"{tag}-good")
    future = table(unique("Future"), f"{tag}-v99", version=99)
    caplog.set_level(logging.DEBUG, logger="goldnet.net.discovery")

    def raw(label: str, port: int = 40100, **txt: str) -> AsyncServiceInfo:
        """A service registered straight through python-zeroconf; ``fp`` is the label."""
        props = {
            "v": str(PROTOCOL_VERSION),
            "game": "mountains-rivers",
            "name": label,
            "free": "2",
            "fp": label,
        }
        props.update(txt)
        return AsyncServiceInfo(
            SERVICE_TYPE,
            f"{label}.{SERVICE_TYPE}",
            port=port,
            properties=props,
            server=f"{label}.local.",
            parsed_addresses=LOOPBACK,
        )

    bad = {
        f"{tag}-free": raw(f"{tag}-free", free="x"),
        f"{tag}-negative": raw(f"{tag}-negative", free="-1"),
        f"{tag}-noversion": raw(f"{tag}-noversion", v=""),
        f"{tag}-port0": raw(f"{tag}-port0", port=0),
    }
    turning = f"{tag}-turns-bad"

    async def body() -> None:
        zc = await open_zeroconf(LOOPBACK)
        announcers = [Announcer(LOOPBACK), Announcer(LOOPBACK)]
        try:
            infos = [*bad.values(), raw(turning)]
            starting = asyncio.gather(announcers[0].start(future), announcers[1].start(good))
            waits = await asyncio.gather(*(zc.async_register_service(info) for info in infos))
            await asyncio.gather(*waits, starting)  # all probe at once: ~1.7 s, not 7 × 1.7 s
            async with Browser(LOOPBACK) as browser:
                events = Events(browser)
                assert await events.next(good.fingerprint, 2.0) == ("added", good)
                kind, seen = await events.next(turning, 2.0)
                assert kind == "added" and seen.free_seats == 2
                # A valid table whose TXT turns malformed leaves the view.
                await (await zc.async_update_service(raw(turning, free="many")))
                assert await events.next(turning, 3.0) == ("removed", seen)
                # An answer held back before the update (RFC 6762 §6) may still bring the old
                # TXT back for a moment; the Announcer repeats an update once those are out,
                # and so does this raw service — after which the table stays out.
                await asyncio.sleep(1.5)
                await (await zc.async_update_service(raw(turning, free="many")))
                await asyncio.sleep(0.3)  # let every pending resolve finish
                for _ in range(4):  # the held-back answer's "added", then its "removed"
                    if turning not in {t.fingerprint for t in browser.tables()}:
                        break
                    await events.next(turning, 3.0)
                fingerprints = {t.fingerprint for t in browser.tables()}
                assert good.fingerprint in fingerprints
                assert not fingerprints & {future.fingerprint, turning, *bad}
        finally:
            await asyncio.gather(*(a.close() for a in announcers))
            await zc.async_close()
        assert "protocol version 99" in caplog.text
        for label in bad:
            assert f"ignoring malformed goldnet service {label}." in caplog.text

    run(body())


def test_find_tables_and_find_table_return_what_is_announced() -> None:
    tag = uuid.uuid4().hex[:8]
    b_table = table(f"{tag} B", f"{tag}-b")
    a_table = table(f"{tag} A", f"{tag}-a", port=40999)

    async def body() -> None:
        async with announced(b_table, a_table):
            began = time.perf_counter()
            assert await find_table(a_table.name, 5.0, LOOPBACK) == a_table
            assert time.perf_counter() - began < 2.0  # returned on sight, not at the timeout
            # 1.5 s: an answer multicast in the last second is held back up to ~1.1 s (RFC 6762 §6)
            found = [t for t in await find_tables(1.5, LOOPBACK) if t.name.startswith(tag)]
            assert found == [a_table, b_table]  # sorted by name
            assert await find_table(f"{tag} nobody", 0.3, LOOPBACK) is None

    run(body())


def test_instance_names_are_one_clean_dns_label() -> None:
    assert instance_name("Friday game", "abcd-efgh-ijkl") == "Friday game (abcd)"
    assert instance_name("a.b\\c\x00d\n", "ab-cd") == "a b c d (abcd)"
    long = instance_name("é" * 100, "abcd")
    assert len(long.encode()) <= 59 and long.endswith(" (abcd)")
    long.encode().decode()  # never cut inside a character
    assert instance_name("...", "") == "table (0000)"


def test_table_info_validates_its_fields() -> None:
    good = table("ok")
    wrong_values: list[dict[str, Any]] = [
        {"free_seats": -1},
        {"port": 0},
        {"host": "nowhere"},
        {"name": " "},
        {"game": "a\nb"},
    ]
    for bad in wrong_values:
        with pytest.raises(ValueError):
            replace(good, **bad)
    wrong_types: list[dict[str, Any]] = [{"free_seats": "3"}, {"version": True}]
    for bad in wrong_types:
        with pytest.raises(TypeError):
            replace(good, **bad)


# ------------------------------------------------------------------------------- interfaces


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", None),
        ("all", None),
        ("loopback", ["127.0.0.1"]),
        ("127.0.0.1", ["127.0.0.1"]),
        (" 10.0.0.2 , loopback,10.0.0.2", ["10.0.0.2", "127.0.0.1"]),
    ],
)
def test_interfaces_from_text(text: str, expected: list[str] | None) -> None:
    assert interfaces_from_env(text) == expected


@pytest.mark.parametrize("text", ["eth0", "10.0.0", "::1", "10.0.0.1,,", "224.0.0.251", "0.0.0.0"])
def test_interfaces_from_bad_text_say_what_is_wrong(text: str) -> None:
    with pytest.raises(ValueError, match=ENV_INTERFACES):
        interfaces_from_env(text)


def test_interfaces_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_INTERFACES, raising=False)
    assert interfaces_from_env() is None
    monkeypatch.setenv(ENV_INTERFACES, "loopback")
    assert interfaces_from_env() == ["127.0.0.1"]
    monkeypatch.setenv(ENV_INTERFACES, "lo")
    with pytest.raises(ValueError, match="'lo'"):
        interfaces_from_env()


TEST_NET = "192.0.2.1"  # RFC 5737 documentation address: configured on no interface here


def skip_if_test_net_is_configured() -> None:
    local = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips}
    if TEST_NET in local:
        pytest.skip(f"{TEST_NET} is configured on this machine, so binding to it cannot fail")


def test_open_zeroconf_skips_an_interface_that_cannot_be_bound(
    caplog: pytest.LogCaptureFixture,
) -> None:
    skip_if_test_net_is_configured()
    caplog.set_level(logging.WARNING, logger="goldnet.net.discovery")

    async def body() -> list[str]:
        zc = await open_zeroconf(["127.0.0.1", TEST_NET])
        try:
            return bound_addresses(zc)  # the only socket that can send is on loopback
        finally:
            await zc.async_close()

    assert run(body()) == ["127.0.0.1"]
    skipped = [r for r in caplog.records if r.levelno == logging.WARNING and TEST_NET in r.message]
    assert skipped, caplog.text


def test_open_zeroconf_names_every_failed_interface_when_none_works() -> None:
    skip_if_test_net_is_configured()
    with pytest.raises(DiscoveryError, match=rf"{TEST_NET}: .+") as error:
        run(open_zeroconf([TEST_NET]))
    assert "no mDNS interface could be opened" in str(error.value)


def test_open_zeroconf_refuses_malformed_addresses() -> None:
    for bad in (["eth0"], []):
        with pytest.raises(ValueError):
            run(open_zeroconf(bad))


# ------------------------------------------------------------ two network namespaces (root)


async def sh(*args: str) -> None:
    proc = await asyncio.create_subprocess_exec(
        *args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, err = await proc.communicate()
    if proc.returncode:
        raise RuntimeError(f"{' '.join(args)}: {err.decode(errors='replace').strip()}")


def namespaces_or_skip() -> str:
    geteuid: Callable[[], int] | None = getattr(os, "geteuid", None)
    if geteuid is None or geteuid() != 0:
        pytest.skip("creating network namespaces needs root (Linux ip netns)")
    ip = shutil.which("ip")
    if ip is None:
        pytest.skip("the ip command (iproute2) is not installed")
    probe = subprocess.run([ip, "netns", "list"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"ip netns is unavailable: {probe.stderr.strip()}")
    return ip


def test_table_is_found_across_a_veth_pair_between_two_namespaces() -> None:
    ip = namespaces_or_skip()
    suffix = f"{os.getpid() % 100000}"
    ns_a, ns_b, veth_a, veth_b = f"gn-a{suffix}", f"gn-b{suffix}", f"gnva{suffix}", f"gnvb{suffix}"
    addr_a, addr_b = "10.213.7.1", "10.213.7.2"
    mine = table(unique("Namespace table"), host=addr_a)

    async def setup() -> None:
        await sh(ip, "netns", "add", ns_a)
        await sh(ip, "netns", "add", ns_b)
        await sh(ip, "link", "add", veth_a, "type", "veth", "peer", "name", veth_b)
        for ns, veth, addr in ((ns_a, veth_a, addr_a), (ns_b, veth_b, addr_b)):
            await sh(ip, "link", "set", veth, "netns", ns)
            await sh(ip, "-n", ns, "addr", "add", f"{addr}/24", "dev", veth)
            await sh(ip, "-n", ns, "link", "set", "lo", "up")
            await sh(ip, "-n", ns, "link", "set", veth, "up", "multicast", "on")

    async def teardown() -> None:
        for args in (("netns", "del", ns_a), ("netns", "del", ns_b), ("link", "del", veth_a)):
            with contextlib.suppress(RuntimeError):  # never made, or gone with its namespace
                await sh(ip, *args)

    async def body() -> None:
        try:
            await setup()
            fields = {k: getattr(mine, k) for k in mine.__dataclass_fields__}
            async with Child(ANNOUNCER, [[addr_a], fields], [ip, "netns", "exec", ns_a]) as a:
                assert (await a.receive())["ready"] == addr_a
                finder = Child(FINDER, [[addr_b], mine.name, 3.0], [ip, "netns", "exec", ns_b])
                async with finder:
                    found = await finder.receive()
                assert found is not None and TableInfo(**found) == mine
        finally:
            await teardown()

    run(body(), timeout=30)
    listed = subprocess.run([ip, "netns", "list"], capture_output=True, text=True, check=False)
    assert ns_a not in listed.stdout and ns_b not in listed.stdout
