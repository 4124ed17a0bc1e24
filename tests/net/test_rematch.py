"""A rematch at a finished network table (docs/rematch.md), Qt-free: the notes, and two table
services on 127.0.0.1 that finish a game, then play a rematch the host offered and the member
accepted — a new game id, the same seats in the same order; a stranger cannot sit at it; a note
nobody of the table signed, or of another game, is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from goldnet.net import rematch
from goldnet.net.client import NetPeer
from goldnet.net.connection import RelayConnection
from goldnet.net.errors import NetError, Refused
from goldnet.net.frames import Seats
from goldnet.net.invite import Invite
from goldnet.net.rematch import RematchError, read_note, seating, sign_note
from goldnet.net.service import TableService
from goldnet.profile import Profile
from goldnet.records import read
from protocol.envelope import Envelope
from protocol.identity import Identity

from .relaykit import HOST, run, until
from .test_service import Recorder

GID = bytes(range(32))


def test_a_note_signed_by_a_member_is_read() -> None:
    ada, bea = Identity.generate(), Identity.generate()
    members = (ada.public, bea.public)
    note = read_note(*sign_note(ada, "offer", GID, 30), GID, members)
    assert (note.kind, note.signer, note.seconds) == ("offer", ada.public, 30)
    answer = read_note(*sign_note(bea, "answer", GID, False), GID, members)
    assert (answer.signer, answer.accepted) == (bea.public, False)
    invite = f"goldnet://127.0.0.1:5/{ada.fingerprint}"
    table = read_note(*sign_note(ada, "table", GID, invite, members), GID, members)
    assert table.invite is not None and table.invite.port == 5 and table.members == members


@pytest.mark.parametrize(
    "case, message",
    [
        ("stranger", "signed by a key that is no member"),
        ("forged", "signature is not its member's"),
        ("other game", "not for this game"),
        ("seats a stranger", "seats someone who was not at this table"),
        ("bad seconds", "a rematch offer is [seconds]"),
        ("garbage", "not a msgpack array"),
    ],
)
def test_a_note_that_is_not_its_members_or_not_this_games_is_refused(
    case: str, message: str
) -> None:
    ada, bea, eve = Identity.generate(), Identity.generate(), Identity.generate()
    members = (ada.public, bea.public)
    data, signature = sign_note(ada, "answer", GID, True)
    if case == "stranger":
        data, signature = sign_note(eve, "answer", GID, True)
    elif case == "forged":  # eve's signature over a note in bea's name (a relay's forgery)
        data = sign_note(bea, "answer", GID, True)[0]
        signature = eve.sign(rematch.NOTE_TAG + data)
    elif case == "other game":
        data, signature = sign_note(ada, "answer", bytes(32), True)
    elif case == "seats a stranger":
        invite = f"goldnet://127.0.0.1:5/{ada.fingerprint}"
        data, signature = sign_note(ada, "table", GID, invite, (ada.public, eve.public))
    elif case == "bad seconds":
        data, signature = sign_note(ada, "offer", GID, 0)
    else:
        data = b"\xc1not msgpack"
    with pytest.raises(RematchError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_note(data, signature, GID, members)


def test_seating_keeps_the_old_seat_order_of_those_who_play_again() -> None:
    keys = [bytes([i]) * 32 for i in range(4)]
    names = ["a", "b", "c", "d"]
    assert seating(keys, names, [keys[2]], [keys[3], keys[0]]) == [
        (keys[0], "a"),
        (keys[2], "c"),
        (keys[3], "d"),
    ]


async def finished_table(
    tmp_path: Path,
) -> tuple[TableService, Recorder, TableService, Recorder]:
    """Ada hosts a two-seat Mountains & Rivers table, Bea joins it, random bots play both seats
    to the end; returned once Bea watches Ada's finished relay for a rematch: ``(ada, what Ada
    heard, bea, what Bea heard)``."""
    heard_ada, heard_bea = Recorder(), Recorder()
    ada = TableService(Profile(tmp_path / "ada"), heard_ada, "Ada", interfaces=[HOST])
    bea = TableService(Profile(tmp_path / "bea"), heard_bea, "Bea", interfaces=[HOST])
    hosting = asyncio.create_task(
        ada.host("mountains-rivers", seats=2, options={"board": 3}, bot="random", port=0)
    )
    await until(lambda: ada.invite is not None)
    assert ada.invite is not None
    await bea.join(ada.invite, bot="random")
    await hosting
    await until(lambda: bea.watch is not None and bea.watch._link is not None)
    return ada, heard_ada, bea, heard_bea


def test_the_whole_rematch_through_two_services_and_a_stranger_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        ada, heard_ada, bea, heard_bea = await finished_table(tmp_path)
        assert ada.invite is not None
        assert bea.peer is not None and bea.peer.machine.table is not None
        old = bea.peer.machine.table

        # a stranger cannot watch the finished table for a rematch
        eve = Identity.generate()
        link = await RelayConnection.open(ada.invite)
        with pytest.raises(Refused, match="only a member of this table may watch it"):
            await link.greet(eve, "watch", "Eve")
        await link.close()

        offering = asyncio.create_task(rematch.offer(ada, 20))
        await until(lambda: any(k == "rematch-offer" for k, _ in heard_bea.statuses))
        assert ("rematch-offer", (0, 20)) in heard_bea.statuses
        # an answer in Bea's connection that Bea did not sign is not taken
        watch = bea.watch
        assert watch is not None and watch._link is not None
        watch._link.send(["rematch", *sign_note(eve, "answer", old.game_id, True)])
        assert bea.answer_rematch(True)
        assert not bea.answer_rematch(False)  # one answer
        plan = await offering
        assert plan is not None and [k for k, _ in plan.seats] == list(old.members)
        assert [s for s in heard_ada.statuses if s[0] == "rematch-answer"] == [
            ("rematch-answer", (1, True))
        ]
        # what ui.network.TableLink does: the finished relay goes to the new service
        ada.relay = None
        await ada.close()
        ada2 = TableService(Profile(tmp_path / "ada"), Recorder(), "Ada", interfaces=[HOST])
        new_game = asyncio.create_task(
            ada2.host(
                plan.game,
                seats=len(plan.seats),
                options={"board": plan.options[0]},
                bot="random",
                port=0,
                rematch=plan,
            )
        )
        await until(lambda: any(k == "rematch-table" for k, _ in heard_bea.statuses))
        invite, game, options, members = dict(heard_bea.statuses)["rematch-table"]
        assert invite == ada2.invite and members == old.members
        await bea.close()

        # a stranger's key is refused at the reserved table
        stranger = TableService(Profile(tmp_path / "eve"), Recorder(), "Eve", interfaces=[HOST])
        with pytest.raises(Refused, match="the table is full"):
            await stranger.join(invite, bot="random")
        await stranger.close()

        bea2 = TableService(Profile(tmp_path / "bea"), Recorder(), "Bea", interfaces=[HOST])
        second = await bea2.join(invite, bot="random", rematch=(game, options, members))
        await new_game
        assert second.ending == "over"
        assert bea2.peer is not None and bea2.peer.machine.table is not None
        new = bea2.peer.machine.table
        assert new.members == old.members and new.options == old.options
        assert new.game_id != old.game_id and new.nonce != old.nonce
        # the finished game's record holds no note: notes are no envelopes
        record = read(bea.outcome.record if bea.outcome else "")
        assert all(Envelope.decode(e).game_id == old.game_id for e in record)
        await bea2.close()
        await ada2.close()

    run(scenario(), timeout=90)


def test_an_offer_nobody_answers_ends_without_a_rematch_and_a_member_floods_no_further(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        ada, heard_ada, bea, heard_bea = await finished_table(tmp_path)
        assert ada.relay is not None and ada.relay.connected == 0  # a watch is no player

        plan = await rematch.offer(ada, 1)  # Bea's window says nothing
        assert plan is None
        assert ("rematch-offer", (0, 1)) in heard_bea.statuses
        kinds = [(k, v) for k, v in heard_ada.statuses if k.startswith("rematch-")]
        assert kinds == [("rematch-offered", 1), ("rematch-silent", (1,)), ("rematch-none", None)]

        # a member's notes are capped: the fifth closes its watch
        watch = bea.watch
        assert watch is not None and watch._link is not None
        gid = ada.relay.game_id
        assert gid is not None
        for _ in range(rematch.MAX_NOTES + 1):
            watch._link.send(["rematch", *sign_note(bea.profile.identity, "answer", gid, True)])
        await until(lambda: any("too many rematch notes" in r for r in ada.relay.refusals))
        await bea.close()
        await ada.close()

    run(scenario(), timeout=60)


def test_a_member_refuses_a_rematch_table_of_other_options_or_other_players(
    tmp_path: Path,
) -> None:
    ada, bea, eve = Identity.generate(), Identity.generate(), Identity.generate()
    invite = Invite(HOST, 1, ada.fingerprint)
    peer = NetPeer(bea, invite, name="Bea", folder=tmp_path, game="mountains-rivers")
    peer.options, peer.rematch_of = (3,), (ada.public, bea.public)
    with pytest.raises(NetError, match="the rematch offered is not the same game"):
        peer._engine("mountains-rivers", (9,), 2)
    peer._engine("mountains-rivers", (3,), 2)  # the same: taken
    with pytest.raises(NetError, match="the rematch offered is not the same game"):
        peer._on_frame(Seats((ada.public, eve.public), ("Ada", "Eve")))
    peer._on_frame(Seats((bea.public, ada.public), ("Bea", "Ada")))  # seats, not yet the table
