"""``goldnet bench`` figures of the relay under many idle connections (issue 8), and the relay
process the roll figures (:mod:`goldnet.bench_roll`) use too.

The relay runs in a subprocess (``python -m goldnet.bench_relay`` serves a table on 127.0.0.1,
one more per line read on its standard input, and prints each one's port), so that its memory
and its processor time are its own: ``RSS after − RSS before`` divided by the connections it
holds. An idle connection is a TCP + TLS 1.3 connection whose handshake is done and whose
``hello`` was read, then nothing: what a crowd of slow or hostile clients costs. Two real
clients — TLS, pinned key, ``auth`` as players — then measure an echo through the relay (a
frame from one to the other, which answers at once: the relay sends no client its own envelopes
back), with the idle connections open and with none.

Loopback only; every wait is bounded. The bench raises its own limit of open files (and the
relay subprocess its own) to the hard limit where the system has such limits (POSIX).
"""

from __future__ import annotations

import asyncio
import json
import socket
import ssl
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from .launch import module_command
from .net.frames import FrameDecoder, auth_message, encode
from .net.tls import check_pin, client_context

HOST = "127.0.0.1"
GAME = "mountains-rivers"
GAME_ID = bytes(32)

Figure = dict[str, Any]


def raise_open_files_limit() -> int | None:
    """Raise this process's soft limit of open files to its hard limit; the new soft limit, or
    None where there is no such limit (the ``resource`` module is POSIX-only)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft)


def rss(pid: int) -> int | None:
    """Resident memory of process ``pid`` in bytes (Linux ``/proc``; None elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


class RelayProcess:
    """A relay process on 127.0.0.1 serving one table, and more on demand (:meth:`table`),
    until :meth:`stop`.

    Args:
        options: keyword arguments for the first table's :class:`~goldnet.net.relay.Relay`
            (caps, timeouts; ``game`` and ``seats``, by default a 2-seat Mountains & Rivers
            table).
    """

    def __init__(self, options: dict[str, Any] | None = None, stderr: IO[bytes] | None = None):
        self.proc = subprocess.Popen(
            module_command("goldnet.bench_relay", json.dumps(options or {})),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr if stderr is not None else subprocess.DEVNULL,
        )
        self.port, self.fingerprint = self._read_table()

    def _read_table(self) -> tuple[int, str]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.stop()
            raise RuntimeError("the relay subprocess did not start a table")
        info = json.loads(line)
        return int(info["port"]), str(info["fingerprint"])

    def table(self, options: dict[str, Any] | None = None) -> tuple[int, str]:
        """Open another table in the same relay process (``options`` as for the first): its
        port and fingerprint."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(options or {}).encode() + b"\n")
        self.proc.stdin.flush()
        return self._read_table()

    @property
    def rss(self) -> int | None:
        return rss(self.proc.pid)

    def stop(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def _recv_frames(sock: ssl.SSLSocket, decoder: FrameDecoder) -> list[tuple[Any, ...]]:
    while True:
        data = sock.recv(65536)
        if not data:
            raise EOFError("the relay closed the connection")
        frames = decoder.feed(data)
        if frames:
            return frames


def open_idle(port: int, count: int, seconds: float) -> tuple[list[ssl.SSLSocket], int]:
    """Try ``count`` idle connections for ``seconds`` at most; the ones the relay holds (TLS
    done, ``hello`` read) and how many attempts failed (refused, closed, timed out, out of
    descriptors on this side)."""
    context = client_context()
    held: list[ssl.SSLSocket] = []
    failed = 0
    deadline = time.monotonic() + seconds
    for _ in range(count):
        if time.monotonic() > deadline:
            failed += 1
            continue
        try:
            raw = socket.create_connection((HOST, port), timeout=5)
        except OSError:
            failed += 1
            continue
        try:
            sock = context.wrap_socket(raw)
            sock.settimeout(5)
            if _recv_frames(sock, FrameDecoder())[0][0] != "hello":
                raise EOFError("no hello")
        except (OSError, EOFError):
            raw.close()
            failed += 1
            continue
        held.append(sock)
    return held, failed


class Client:
    """A real client (blocking sockets): TLS 1.3, the relay's key pinned, ``auth`` as a
    player."""

    def __init__(self, port: int, fingerprint: str) -> None:
        self.identity = Identity.generate()
        raw = socket.create_connection((HOST, port), timeout=10)
        self.sock = client_context().wrap_socket(raw)
        self.sock.settimeout(10)
        relay_key = check_pin(self.sock, fingerprint)
        self.decoder = FrameDecoder()
        self.pending: list[tuple[Any, ...]] = []
        hello = self.recv()
        me = self.identity.public
        signed = auth_message(hello[3], relay_key, me, "bench")
        self.sock.sendall(encode(["auth", me, "player", "bench", self.identity.sign(signed)]))
        if self.recv()[0] != "welcome":
            raise RuntimeError("the bench client was refused")
        self.seq = 0
        self.prev = ZERO_HASH

    def recv(self) -> tuple[Any, ...]:
        while not self.pending:
            self.pending.extend(_recv_frames(self.sock, self.decoder))
        return self.pending.pop(0)

    def envelope(self) -> bytes:
        """This client's next envelope (signed, chained)."""
        envelope = Envelope.seal(self.identity, "commit", GAME_ID, self.seq, self.prev, ())
        self.seq, self.prev = self.seq + 1, envelope.hash
        return envelope.raw

    def send(self, data: bytes) -> None:
        self.sock.sendall(encode(["env", data]))

    def wait_for(self, data: bytes) -> None:
        """Read frames until the env frame carrying ``data``."""
        while True:
            frame = self.recv()
            if frame[0] == "env" and frame[2] == data:
                return

    def close(self) -> None:
        self.sock.close()


class Pair:
    """Two real clients at one table: :meth:`echo` is a frame from the first through the relay
    to the second, which answers at once through the relay (the relay sends no client its own
    envelopes back)."""

    def __init__(self, port: int, fingerprint: str) -> None:
        self.a = Client(port, fingerprint)
        try:
            self.b = Client(port, fingerprint)
        except BaseException:
            self.a.close()
            raise

    def echo(self) -> float:
        """Seconds from the first client sending a fresh envelope to its receiving the second
        client's answer."""
        mine, answer = self.a.envelope(), self.b.envelope()
        start = time.perf_counter()
        self.a.send(mine)
        self.b.wait_for(mine)
        self.b.send(answer)
        self.a.wait_for(answer)
        return time.perf_counter() - start

    def echoes(self, runs: int) -> float:
        """The median of ``runs`` echoes, after a few to warm up."""
        for _ in range(5):
            self.echo()
        return statistics.median(self.echo() for _ in range(runs))

    def close(self) -> None:
        self.a.close()
        self.b.close()


def run_relay_bench(idle: int = 2000, runs: int = 200, seconds: float = 60) -> dict[str, Figure]:
    """The idle-connection figures; ``idle`` connections attempted within ``seconds``.

    Returns ``{name: {"median": value, "unit": …, "runs": n, "target": text}}`` like
    :func:`goldnet.bench.run_bench`.
    """
    limit = raise_open_files_limit()
    patience = 2 * seconds + 60  # no idle connection is timed out during the bench
    lifted = {
        "handshake_timeout": patience,
        "idle_timeout": patience,
        "max_pending": idle + 16,
    }
    figures: dict[str, Figure] = {}
    relay = RelayProcess(lifted)
    try:
        pair = Pair(relay.port, relay.fingerprint)
        try:
            alone = pair.echoes(runs)
            time.sleep(0.2)
            before = relay.rss
            held, _ = open_idle(relay.port, idle, seconds)
            time.sleep(0.5)
            after = relay.rss
            try:
                crowded = pair.echoes(runs)
            finally:
                for sock in held:
                    sock.close()
        finally:
            pair.close()
    finally:
        relay.stop()
    capped = RelayProcess()  # the default caps: 16 connections waiting to authenticate
    try:
        kept, _ = open_idle(capped.port, idle, seconds)
        for sock in kept:
            sock.close()
    finally:
        capped.stop()
    figures[f"relay idle connections held of {idle}"] = {
        "median": len(held),
        "unit": "connections",
        "runs": 1,
        "target": f"{idle} (caps raised; open-files limit {limit})",
    }
    figures[f"relay idle connections held of {idle}, default caps"] = {
        "median": len(kept),
        "unit": "connections",
        "runs": 1,
        "target": "16 (the others closed before TLS)",
    }
    if before is not None and after is not None and held:
        figures["relay memory per idle connection"] = {
            "median": (after - before) / len(held) / 1024,
            "unit": "KiB",
            "runs": 1,
            "target": "<= 100 KiB",
        }
    figures["relay echo, no idle connection"] = {
        "median": alone * 1000,
        "unit": "ms",
        "runs": runs,
    }
    figures[f"relay echo, {len(held)} idle connections"] = {
        "median": crowded * 1000,
        "unit": "ms",
        "runs": runs,
    }
    figures["relay echo ratio (crowded / alone)"] = {
        "median": crowded / alone,
        "unit": "x",
        "runs": runs,
        "target": "close to 1",
    }
    return figures


# --- the relay subprocess -------------------------------------------------------------------


def _serve(options: dict[str, Any]) -> None:
    """Serve one table per line of standard input (JSON: the relay's options, and ``game`` and
    ``seats``, by default a 2-seat Mountains & Rivers table), the first from ``options``; print
    each one's port and fingerprint; stop at end of input."""
    from .net.relay import Relay

    raise_open_files_limit()

    async def main(first: dict[str, Any]) -> None:
        relays = []
        loop = asyncio.get_running_loop()
        table = first
        while True:
            game, seats = table.pop("game", GAME), table.pop("seats", 2)
            relay = Relay(Identity.generate(), table_name="bench", game=game, seats=seats, **table)
            port = await relay.start(HOST, 0)
            relays.append(relay)
            sys.stdout.write(json.dumps({"port": port, "fingerprint": relay.fingerprint}) + "\n")
            sys.stdout.flush()
            line = await loop.run_in_executor(None, sys.stdin.readline)  # until it is closed
            if not line:
                break
            table = json.loads(line)
        for relay in relays:
            await relay.close()

    asyncio.run(main(options))


if __name__ == "__main__":
    _serve(json.loads(sys.argv[1]) if len(sys.argv) > 1 else {})
