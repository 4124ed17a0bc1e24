"""Round 11 attacks on the two defences against old tables: a profile notes every game it signs
in (``games-played``) and refuses a table of one of them; a relay takes a first table only as its
signer's ``env`` and afterwards seats only its members.
"""

from __future__ import annotations

import ssl
from pathlib import Path
from typing import Any

from goldnet.botgame import BotGame
from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.errors import NetError
from goldnet.net.frames import Env, Seats, auth_message
from goldnet.net.invite import Invite
from goldnet.net.journal import played, read_journal
from goldnet.net.relay import Relay
from goldnet.records import read, verify
from protocol.codec import pack
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from ..botplay import finish_bot_game
from .relaykit import (
    GAME,
    HOST,
    Member,
    MemoryRelay,
    Raw,
    entries,
    greedy_member,
    run,
    table_envelope,
    until,
)


def bot_game_record(folder: Path, me: Identity) -> list[bytes]:
    """A finished game against a bot on this computer, played with ``me`` in the profile
    ``folder``: its record's envelopes (a record its player may share)."""
    game = BotGame.new(GAME, (3,), ["Ada", "Bot"], 0, ["", "greedy"], me, folder=folder)
    finish_bot_game(game)
    assert game.record is not None
    return list(read(game.record))


def test_a_bot_games_table_sent_by_a_hostile_relay(tmp_path: Path) -> None:
    """A hostile host (its relay is in its process) holds the record of a game its victim
    played against a bot on its computer (shared, as records are). The victim joins the host's
    table; the relay sends it the bot game's table — signed by the victim itself, listing it.
    The victim's peer, in the same profile, must refuse it: were it taken, the peer would sign
    that game's commitment anew, and with the record's own commitment that is two histories
    under the victim's key — a proof naming it. (It succeeded before bot games noted their
    games: ``goldnet verify`` of the record with the new commitment named the victim.)"""
    folder = tmp_path / "profile"
    me = Identity.generate()
    record = bot_game_record(folder, me)
    table = Envelope.decode(record[0])
    assert table.type == "table" and table.sender == me.public
    sent: list[list[Any]] = []
    relay = MemoryRelay(on_send=lambda _member, frames: sent.extend(frames))
    invite = Invite("127.0.0.1", 1, Identity.generate().fingerprint)
    victim = greedy_member(me, invite, relay, folder, (3,))
    victim.open_journal(folder / "journal" / "net.journal", "greedy")
    host = Identity.generate()
    victim._on_frame(Seats((host.public, me.public), ("h", "a")))
    refusal: BaseException | None = None
    try:
        victim._on_frame(Env(0, table.raw))
    except Exception as exc:
        refusal = exc
    signed = [Envelope.decode(d) for kind, d in sent if kind == "env"]
    anew = [e for e in signed if e.game_id == table.game_id and e.sender == me.public]
    if anew:  # the attack: a second history of the bot game under the victim's key
        checked = verify([*record, *(e.raw for e in anew)])
        assert checked.ending == "halted" and checked.culprit == me.public, checked
        raise AssertionError(f"ATTACK: the victim signed {[e.type for e in anew]} anew")
    assert refusal is not None and "already played" in str(refusal)
    assert table.game_id in played(folder)


def test_a_crash_after_the_commit_left_before_the_table_was_journalled(tmp_path: Path) -> None:
    """A peer takes a table: it notes the game, signs its commitment, journals and sends it —
    and only then journals the table it took (own envelopes first). A crash in between leaves
    a journal holding the commitment and no table. Resumed, the peer gets the table from the
    relay again: it is of a game the profile noted, yet it is this journal's game (its own
    commitment in it is reused, never signed anew). Resume must take it — refusing it would
    leave a game this member committed in with no way back to it (it did, before a peer
    holding own envelopes of the game counted as that game's)."""
    folder = tmp_path / "profile"
    me, host = Identity.generate(), Identity.generate()
    table = table_envelope(host, host, me, nonce=b"\x11" * 16)
    sent: list[list[Any]] = []
    relay = MemoryRelay(on_send=lambda _member, frames: sent.extend(frames))
    invite = Invite("127.0.0.1", 1, Identity.generate().fingerprint)
    seats = Seats((host.public, me.public), ("h", "a"))

    def member() -> Member:
        return greedy_member(me, invite, relay, folder, (2,))

    first = member()
    path = folder / "journal" / "net.journal"
    first.open_journal(path, "greedy")
    first._on_frame(seats)
    first._on_frame(Env(0, table.raw))
    (commit,) = [Envelope.decode(d) for kind, d in sent if kind == "env"]
    assert commit.type == "commit" and table.game_id in played(folder)
    assert first.journal is not None
    first.journal.close()
    # the crash: the table taken, journalled last, is not in the journal
    kept = [e for e in entries(path.read_bytes()) if not (e[0] == "in" and e[-1] == table.raw)]
    assert len(kept) < len(entries(path.read_bytes()))
    path.write_bytes(b"".join(len(p).to_bytes(4, "big") + p for p in map(pack, map(list, kept))))
    sent.clear()
    again = NetPeer.from_journal(me, read_journal(path), folder, make_bot("greedy", "v"))
    resumed = Member.__new__(Member)
    resumed.__dict__.update(again.__dict__)
    resumed.relay, resumed.seat_count = relay, 2
    relay.members = [resumed]
    resumed._on_frame(seats)
    resumed._on_frame(Env(0, table.raw))
    assert resumed.machine.table is not None and resumed.machine.game_id == table.game_id
    assert resumed.machine.halted is None
    signed = [Envelope.decode(d) for kind, d in sent if kind == "env"]
    assert all(e.raw == commit.raw for e in signed if e.type == "commit")  # never anew


def test_an_unseated_strangers_rematch_watch_is_closed_with_its_seat(tmp_path: Path) -> None:
    """A stranger holding the invite code sits before the table is set and opens a rematch
    watch (allowed: it holds a seat). The first seat's table does not list it: its seat is
    freed, its player connection refused. Its watch must go too — else it stays at a table it
    is no member of, gets the host's rematch note (the next table's invite code) and may send
    rematch notes of its own. (It got the note before the table's settling refused strangers'
    watches as well as their seats.)"""

    async def scenario() -> None:
        r_id, a_id, s_id = Identity.generate(), Identity.generate(), Identity.generate()
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=3)
        port = await relay.start(HOST, 0)
        raws: list[Raw] = []
        try:
            for identity in (r_id, a_id, s_id):
                raw = await Raw.connect(port)
                raws.append(raw)
                assert (await raw.auth(identity))[0] == "welcome"
            watch = await Raw.connect(port)
            raws.append(watch)
            assert (await watch.auth(s_id, "watch"))[0] == "welcome"
            table = table_envelope(r_id, r_id, a_id, nonce=b"\x22" * 16)
            raws[0].send(["env", table.raw])
            await until(lambda: relay.game_id == table.game_id)
            assert s_id.public not in [k for k, _ in relay.members]
            relay.send_note(b"the next table's invite", b"sig")
            frames: list[tuple[Any, ...]] = []
            for _ in range(50):  # until it is closed, or quiet for a second
                try:
                    frames.append(await watch.recv(timeout=1))
                except (EOFError, ConnectionError, TimeoutError, ssl.SSLError):
                    break
            leaked = [f for f in frames if f[0] == "rematch"]
            if leaked:
                raise AssertionError("ATTACK: the unseated stranger's watch got the note")
            assert not any(c.key == s_id.public for c in relay._clients)
        finally:
            for raw in raws:
                raw.close()
            await relay.close()

    run(scenario(), timeout=30)


def test_a_strangers_envelopes_of_the_resumed_game_are_dropped_when_the_table_comes() -> None:
    """A standalone relay restarted with an empty log; R, back first, resumes game G (whose
    table P proposed). A stranger S holding the invite code — who knows G's id, e.g. it watched
    G — sits before P is back and sends envelopes of its own marked game G. When P resends G's
    table the log keeps G's entries — S's too, though S is no member: served to every member
    and filling the log's room (here a small log, which then had no room for the table: G
    could not be resumed at this relay). The table must keep its members' envelopes only (it
    kept S's, and refused the table, before the settling dropped non-members' envelopes)."""

    async def scenario() -> None:
        p_id, r_id, s_id = Identity.generate(), Identity.generate(), Identity.generate()
        table = table_envelope(p_id, p_id, r_id, nonce=b"\x33" * 16)
        junk = [
            Envelope.seal(s_id, "commit", table.game_id, i, ZERO_HASH, (bytes(300),)).raw
            for i in range(6)
        ]
        relay = Relay(
            Identity.generate(),
            table_name="t",
            game=GAME,
            seats=3,
            max_log_bytes=len(table.raw) + sum(map(len, junk)) - 1,
        )
        port = await relay.start(HOST, 0)
        raws: list[Raw] = []
        try:
            for identity, claim in ((r_id, table.game_id), (s_id, None), (p_id, table.game_id)):
                raw = await Raw.connect(port)
                raws.append(raw)
                message = auth_message(raw.nonce, raw.relay_key, identity.public, "x")
                auth: list[Any] = ["auth", identity.public, "player", "x", identity.sign(message)]
                raw.send(auth if claim is None else [*auth, claim])
                assert (await raw.recv())[0] == "welcome"
                if identity is s_id:
                    for data in junk:
                        raw.send(["env", data])
                    await until(lambda: len(relay.log) == len(junk))
            raws[2].send(["env", table.raw])
            await until(lambda: relay.game_id is not None or bool(relay.refusals), timeout=5)
            if relay.game_id is None:
                raise AssertionError(f"ATTACK: G's table refused: {relay.refusals[-1:]}")
            signers = {Envelope.decode(d).sender for d in relay.log}
            if s_id.public in signers:
                raise AssertionError("ATTACK: the stranger's envelopes stay in G's log")
            assert relay.log == [table.raw]
        finally:
            for raw in raws:
                raw.close()
            await relay.close()

    run(scenario(), timeout=30)


def test_old_envelopes_as_evidence_before_a_new_table_of_the_same_members(tmp_path: Path) -> None:
    """R and A played G1. At their new table G2, R (or the relay) puts A's own G1 commitment
    and R's G1 table in the log before G2's table, as evidence. A's peer holds what comes
    before a table, then refuses the old table and drops G1's envelopes as another game's: it
    signs nothing of G1, takes G2, commits in it, and nobody is named."""
    folder = tmp_path / "profile"
    r_id, me = Identity.generate(), Identity.generate()
    g1 = table_envelope(r_id, r_id, me, nonce=b"\x44" * 16)
    g2 = table_envelope(r_id, r_id, me, nonce=b"\x55" * 16)
    sent: list[list[Any]] = []
    relay = MemoryRelay(on_send=lambda _member, frames: sent.extend(frames))
    invite = Invite("127.0.0.1", 1, Identity.generate().fingerprint)
    seats = Seats((r_id.public, me.public), ("r", "a"))
    peers = []
    for round_, frames in enumerate(([g1.raw], None)):
        peer = greedy_member(me, invite, relay, folder, (2,))
        peer.open_journal(folder / "journal" / f"g{round_}.journal", "greedy")
        peer._on_frame(seats)
        peers.append(peer)
        if frames is None:
            (old_commit,) = [Envelope.decode(d) for kind, d in sent if kind == "env"]
            sent.clear()
            frames = [old_commit.raw, g1.raw, g2.raw]
        for index, data in enumerate(frames):
            try:
                peer._on_frame(Env(index, data))
            except NetError as exc:  # the old table, refused
                assert round_ == 1 and data == g1.raw and "already played" in str(exc)
    peer = peers[1]
    signed = [Envelope.decode(d) for kind, d in sent if kind == "env"]
    assert signed and all(e.game_id == g2.game_id for e in signed)
    assert [e.type for e in signed] == ["commit"]
    assert peer.machine.game_id == g2.game_id and peer.machine.halted is None
