"""Games against bots on this computer (goldnet.botgame), without Qt: journalled like a network
game, resumed from the journal — after a close or a crash — and saved as a record that
verifies."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from goldnet import games
from goldnet.binding import make_engine
from goldnet.botgame import BotGame, BotGameError
from goldnet.net.journal import (
    Journal,
    JournalError,
    describe_journal,
    read_journal,
    unfinished,
)
from goldnet.records import read, verify
from goldnet.view import bot_action, view_of
from protocol.envelope import Envelope
from protocol.events import Transmit
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, Lockstep

GAME = "mountains-rivers"


def new_game(folder: Path, me: Identity, *, seat: int = 0, board: int = 3) -> BotGame:
    names = ["Ada", "Greedy bot"] if seat == 0 else ["Greedy bot", "Ada"]
    levels = ["", "greedy"] if seat == 0 else ["greedy", ""]
    return BotGame.new(GAME, (board,), names, seat, levels, me, folder=folder)


def play(game: BotGame, moves: int, me_bot: Any = None) -> int:
    """Play ``moves`` actions (every seat's: the player's by a bot of the test), or to the end;
    returns how many were played."""
    me_bot = me_bot or games.get(game.game).make_bot("random", "me")
    for played in range(moves):
        if game.finished:
            return played
        due = game.bot_turn()
        if due is not None:
            seat, view = due
            game.play(seat, bot_action(game.bot(seat), view))
        else:
            view = view_of(game.state, game.human)
            assert view.on_turn
            game.play(game.human, bot_action(me_bot, view))
    return moves


def test_a_game_is_journalled_resumed_and_saved_as_a_verifying_record(tmp_path: Path) -> None:
    me = Identity.generate()
    game = new_game(tmp_path, me, seat=1)
    views = game.take_views()
    assert views[0].events == () and views[0].seat == 1  # the start, then the first roll
    assert len(views) >= 2
    play(game, 12)
    turn = game.state.turn
    game.close()

    (path,) = unfinished(tmp_path / "journal")
    state = read_journal(path)
    assert state.meta == ("", "player", "Ada", GAME, (3,), "")
    assert state.local is not None and [(s, lvl) for s, lvl, _ in state.local.bots] == [
        (0, "greedy")
    ]
    info = describe_journal(path)
    assert info["local"] and info["names"] == ("Greedy bot", "Ada") and info["seat"] == 1
    assert info["game"] == GAME and info["invite"] == ""

    again = BotGame.resume(path, me, tmp_path)
    assert again.names == ("Greedy bot", "Ada") and again.levels == ("greedy", "")
    assert again.human == 1 and again.state.turn == turn
    # the earlier steps come back as views: the start, then every step of the player's seat
    assert again.past[0].events == () and again.past[-1].observation == again.state.observation(1)
    assert sum(len(v.moves) for v in again.past) == again.moved == 12
    bot_key = Identity(state.local.bots[0][2]).public
    assert again.table.members == (bot_key, me.public)  # the same members as before
    play(again, 1000)
    assert again.finished and again.result is not None and again.halted is None
    assert again.record is not None and again.record.parent == tmp_path / "records"
    checked = verify(read(again.record))
    assert checked.result == again.result and checked.table.names == again.names
    assert checked.table.members == (bot_key, me.public)
    assert not unfinished(tmp_path / "journal")
    assert read_journal(path).end == ("over", str(again.record), "")


def test_after_a_crash_the_game_goes_on_from_what_the_journal_holds(tmp_path: Path) -> None:
    """The journal on disk while the game runs — its last entry torn — is a game to go on
    with: what was lost is played again, and the record still verifies."""
    me = Identity.generate()
    game = new_game(tmp_path / "a", me)
    play(game, 9)
    (path,) = unfinished(tmp_path / "a" / "journal")
    crashed = tmp_path / "b" / "journal" / path.name
    crashed.parent.mkdir(parents=True)
    shutil.copyfile(path, crashed)  # what a crash leaves: the game was never closed
    crashed.write_bytes(crashed.read_bytes()[:-7])  # and the last write was cut short
    game.close()

    again = BotGame.resume(crashed, me, tmp_path / "b")
    assert 8 <= again.moved <= 9
    play(again, 1000)
    assert again.record is not None and verify(read(again.record)).result == again.result


def test_a_game_in_play_is_not_resumed_a_second_time(tmp_path: Path) -> None:
    me = Identity.generate()
    game = new_game(tmp_path, me)
    play(game, 3)
    (path,) = unfinished(tmp_path / "journal")
    with pytest.raises(JournalError, match="in use by another goldnet process"):
        BotGame.resume(path, me, tmp_path)
    game.close()


def test_another_players_game_is_not_resumed(tmp_path: Path) -> None:
    game = new_game(tmp_path, Identity.generate())
    play(game, 3)
    game.close()
    (path,) = unfinished(tmp_path / "journal")
    before = path.read_bytes()
    with pytest.raises(BotGameError, match="another player's"):
        BotGame.resume(path, Identity.generate(), tmp_path)
    assert path.read_bytes() == before
    assert unfinished(tmp_path / "journal") == [path]  # still there for its own player


def test_a_network_journal_is_not_a_game_against_bots(tmp_path: Path) -> None:
    path = tmp_path / "journal" / "net.journal"
    journal = Journal(path)
    journal.meta("goldnet://127.0.0.1:1/x", "player", "Ada", GAME, (1,), "")
    journal.close()
    with pytest.raises(BotGameError, match="not a game against bots"):
        BotGame.resume(path, Identity.generate(), tmp_path)


def test_a_game_nobody_moved_in_leaves_nothing_to_resume(tmp_path: Path) -> None:
    game = new_game(tmp_path, Identity.generate())
    assert game.moved == 0 and unfinished(tmp_path / "journal")
    game.close()
    assert unfinished(tmp_path / "journal") == []


def test_damaged_bots_in_a_journal_are_named(tmp_path: Path) -> None:
    path = tmp_path / "journal" / "bad.journal"
    journal = Journal(path)
    journal.meta("", "player", "Ada", GAME, (1,), "")
    journal._write(["local", bytes(32), [[1, "greedy", b"short"]]], sync=True)
    journal.close()
    with pytest.raises(JournalError, match="its bots cannot be read"):
        read_journal(path)


def test_chance_is_the_beacon_s_and_each_member_signs_its_own(tmp_path: Path) -> None:
    """Every member draws its beacon seed (the journal keeps the player's and the bot's apart)
    and signs with its own key: the player's envelopes are the player's, the bot's the bot's."""
    me = Identity.generate()
    game = new_game(tmp_path, me)
    play(game, 4)
    game.close()
    (path,) = unfinished(tmp_path / "journal")
    state = read_journal(path)
    assert len(state.seeds) == 1 and list(state.bot_seeds) == [1]
    assert state.seeds[0] != state.bot_seeds[1][0]
    assert state.local is not None
    bot = Identity(state.local.bots[0][2]).public
    assert {Envelope.decode(d).sender for d in state.outgoing} == {me.public}
    assert {Envelope.decode(d).sender for _, d in state.incoming} == {bot}
    # every envelope once, in the relay's order: the bot's indexes leave the player's places
    indexes = [i for i, _ in state.incoming]
    assert indexes == sorted(set(indexes))
    assert len(state.outgoing) + len(state.incoming) > max(indexes)


@pytest.mark.parametrize("seats", [3, 5])
def test_cards_with_private_peeks_resume_and_end_with_a_record_that_verifies(
    tmp_path: Path, cards_game: games.GameInfo, seats: int
) -> None:
    """A journalled game with cards is dealt by the deck protocol among its members (every deck
    seed derived from the dealer's seed the journal keeps): it resumes with the same cards, and
    its record — the deal and the audits in it — is saved and verifies."""
    me = Identity.generate()
    names = [f"p{i}" for i in range(seats)]
    levels = ["" if i == 1 else "random" for i in range(seats)]
    game = BotGame.new("cards", (1,), names, 1, levels, me, folder=tmp_path)
    assert game.table.shadows is not None
    mine = cards_game.make_bot("random", "me")
    play(game, 5, mine)
    faces = list(game.state.observation(1).faces)
    game.close()
    (path,) = unfinished(tmp_path / "journal")
    again = BotGame.resume(path, me, tmp_path)
    assert list(again.state.observation(1).faces) == faces
    play(again, 1000, mine)
    assert again.finished and again.result is not None and again.record is not None
    assert read_journal(path).end == ("over", str(again.record), "")
    checked = verify(read(again.record))
    assert checked.ending == "over" and checked.result == again.result
    assert checked.summary()["names"] == names


def test_cards_without_a_journal_are_dealt_by_this_process(cards_game: games.GameInfo) -> None:
    """A game that saves no record (no profile folder) is dealt by the trusted local dealer:
    its table names no shuffle proofs, and nothing is saved at its end."""
    names = ["p0", "p1", "p2"]
    game = BotGame.new(
        "cards", (1,), names, 0, ["", "random", "random"], Identity.generate(), folder=None
    )
    assert game.table.shadows is None
    play(game, 1000)
    assert game.finished and game.result is not None and game.record is None


def test_a_network_journal_is_described_by_its_table_not_its_invite(tmp_path: Path) -> None:
    """What Resume says of a network game: its game, options, every seat's name and the
    player's seat, from the table envelope the journal holds (a joiner's: received)."""
    host, me = Identity.generate(), Identity.generate()
    proposer = Lockstep(host, make_engine, entropy=os.urandom)
    proposer.propose(GAME, (6,), (host.public, me.public), ("Bea", "Ada"), bytes(16))
    table = next(e.data for e in iter(proposer.next_event, NEED_DATA) if isinstance(e, Transmit))
    joiner = Lockstep(me, make_engine, entropy=os.urandom)
    joiner.receive(table)
    commit = next(e.data for e in iter(joiner.next_event, NEED_DATA) if isinstance(e, Transmit))
    path = tmp_path / "journal" / "net.journal"
    journal = Journal(path)
    journal.meta("goldnet://127.0.0.1:47001/x", "player", "Ada", GAME, (), "")
    journal.incoming(0, table)
    journal.outgoing(commit)
    journal.close()
    info = describe_journal(path)
    assert not info["local"] and info["game"] == GAME and info["options"] == (6,)
    assert info["names"] == ("Bea", "Ada") and info["seat"] == 1


def test_missions_are_announced_at_their_claiming_moment(tmp_path: Path) -> None:
    """A Golden City mission is claimed at the draw of its seat's own die; each member (the bots,
    and the player through ``claimer``) claims right after the step that made that draw due,
    before its own reveal of it — none fulfilled at a claiming moment goes unannounced."""
    info = games.get("golden-city")
    claims = unannounced = 0
    for k in range(3):
        game = BotGame.new(
            "golden-city",
            (),
            ["Ada", "Bot", "Bot 2"],
            0,
            ["", "heuristic", "heuristic"],
            Identity.generate(),
            folder=None,
        )
        game.claimer = info.make_bot("heuristic", f"claimer-{k}")  # a Claimer too
        play(game, 3000, info.make_bot("heuristic", f"me-{k}"))
        assert game.result is not None
        events = [e for view in game.take_views() for e in view.events]
        claims += sum(e.kind == "claim" for e in events)
        unannounced += sum(e.kind == "unannounced" for e in events)
        claimed = game.state.observation(None).claimed
        assert sum(claimed) == sum(e.kind == "claim" for e in events)
        assert not any(e.kind == "false-claim" for e in events)
    assert claims >= 2 and unannounced == 0
