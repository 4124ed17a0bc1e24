"""The table service: one network table of the local player, for the command line and the
desktop client alike; no Qt here.

:class:`TableService` hosts a table (a relay in this process; the local player's seat played by
hand or by a bot, other seats by bots of this process or by players who join), joins one by
invite code as a member or a spectator, or resumes an interrupted game from the profile's
journal — through its relay, through one a member re-hosted (an invite code), or through a
relay this member re-hosts itself. Seats and options come from the game registry
(:mod:`goldnet.games`); nothing here names a game. Once it has its peer, the game is played by
its base, :class:`~.service_core.ServiceCore` (the state, the listener's reports, ``guard``,
``close``), whose invariants hold here too.

Invariants: the profile is held (:class:`~.errors.ProfileInUse` otherwise) before anything is
opened — a relay, a journal, a connection; every relay, bot and announcement this service opens
is closed with it, and so is a rematch's finished relay handed to :meth:`TableService.host`; a
bot of this process plays under its own profile (its own key, journal and record, below the
player's ``bots/``); a resumed game that ended connects nowhere.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import games
from ..errors import GoldnetError
from ..profile import Profile
from .client import NetPeer
from .connection import probe
from .errors import NotResumable
from .hosting import (
    LOOPBACK,
    Announcement,
    bind_address,
    bots_of,
    game_prefix,
    lan_address,
    listen,
    plan_table,
    reach,
    relay_from_journal,
    yield_to_lower_seat,
)
from .invite import Invite
from .journal import JournalState, journal_path, read_journal
from .relay import Relay
from .rematch import Plan
from .reports import Outcome
from .service_core import ServiceCore

log = logging.getLogger("goldnet.net.service")


class TableService(ServiceCore):
    """One network table of the local player (see the module docstring); made with the
    arguments of :class:`~.service_core.ServiceCore`."""

    # --- hosting ------------------------------------------------------------------------------

    async def host(
        self,
        game: str,
        *,
        table_name: str = "",
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        seat: int = 0,
        plays: bool = True,
        bot: str = "",
        bots: Sequence[tuple[str, str]] = (),
        port: int | None = None,
        abandon_after: int | None = None,
        shadows: int | None = None,
        rematch: Plan | None = None,
    ) -> Outcome | None:
        """Host a table of ``game`` here and play it to its end.

        Args:
            table_name: shown on the LAN (default: "NAME's table").
            seats: how many (``None``: the fewest the game has).
            options: table options by name; a missing one (or ``None``) is drawn at random.
            seat: this player's seat when every seat is in this process (-1: drawn); with
                players on the network this player takes seat 0, which proposes the table.
            plays: ``False``: relay only — this process takes no seat and serves until closed.
            bot: a bot level that plays this player's seat (``""``: by hand, through views).
            bots: ``(level, name)`` of each bot of this process that takes a seat.
            port: the relay's port (``None``: the usual one, or any free one if it is taken).
            abandon_after: the table's abandonment time in seconds (``None``: the default).
            shadows: for a game whose cards the deck deals, ``k``, the shadow shuffles of
                every shuffle proof (20 to 64; ``None``: the protocol's default, 20).
            rematch: the seats of a rematch (:func:`.rematch.offer`; ``seats`` and ``bots``
                must be its): taken by their keys, in its order; its members are told the
                invite code through the finished table's relay, closed with this service.

        Returns:
            How the game ended; ``None`` for a relay only, once :meth:`close` was called.

        Raises:
            ValueError: an unknown game, option, seat count or bot level; ``shadows`` for a
                game without cards, or out of its range.
            CannotListen: the port cannot be had.
            NetError, JournalError: the game could not go on.
        """
        if rematch is not None:
            self._kept = rematch.relay  # closed with this service, whatever happens
        info = games.get(game)
        self._hold_profile()
        plan = plan_table(info, seats, options, shadows, plays, bot, [level for level, _ in bots])
        count, chosen, local_only = plan.seats, plan.options, plan.local_only
        identity = self.profile.identity
        bot_profiles = [self._bot_profile(level, i) for i, (level, _) in enumerate(bots)]
        others = [
            (p.identity.public, name[:40]) for p, (_, name) in zip(bot_profiles, bots, strict=True)
        ]
        members = plan.members((identity.public, self.name), others, seat)
        if rematch is not None:
            if {k for k, _ in members} - {k for k, _ in rematch.seats}:
                raise ValueError("a rematch seats this player and its bots")
            members = list(rematch.seats)
        table_name = (table_name or f"{self.name}'s table")[:60]
        relay = Relay(
            identity,
            table_name=table_name,
            game=game,
            seats=count,
            members=members,
            max_spectators=self.max_spectators,
            max_pending=self.max_pending,
        )
        bind = bind_address(self.interfaces, local_only)
        listening = await listen(relay, bind, port)
        self.relay = relay
        address = LOOPBACK if local_only else lan_address(self.interfaces)
        self.invite = Invite(address, listening, identity.fingerprint)
        self.listener.on_status("hosting", self.invite)
        if rematch is not None:
            rematch.announce(identity, self.invite)
        if not local_only:
            self._spawn(self._announce(relay, table_name, address, listening))
        here = Invite(reach(bind), listening, identity.fingerprint)
        for bot_profile, (level, name) in zip(bot_profiles, bots, strict=True):
            bot_peer = NetPeer(
                bot_profile.identity,
                here,
                name=name[:40],
                folder=bot_profile.folder,
                bot_level=level,
                options=chosen,
                game=game,
                abandon_after=abandon_after,
            )
            bot_peer.shadows = shadows
            bot_peer.open_journal(journal_path(bot_profile.folder, table_name), level)
            self.start_bot(bot_peer)
        if not plays:
            await self.closing.wait()
            return None
        peer = self._new_peer(here, bot_level=bot, options=chosen, game=game)
        peer.abandon_after = abandon_after
        peer.shadows = shadows
        peer.open_journal(journal_path(self.profile.folder, table_name), bot)
        assert peer.journal is not None
        peer.journal.bind(bind)  # a resume listens there again
        return await self._play(peer)

    def _bot_profile(self, level: str, index: int) -> Profile:
        """The profile of the ``index``-th bot of this process (its own key, journal, record)."""
        folder = self.profile.folder / "bots" / (level if index == 0 else f"{level}-{index + 1}")
        return Profile(folder)

    async def _announce(
        self, relay: Relay, name: str, address: str, port: int, gid: str = ""
    ) -> None:
        announcement = Announcement(self.interfaces)
        self._announcement = announcement
        announced = await announcement.start(relay, name, address, port, gid)
        self.listener.on_status("announced", announced)

    def start_bot(self, bot_peer: NetPeer) -> asyncio.Task[Any]:
        """Play ``bot_peer`` (a bot of this process) at the table until its game ends."""
        if bot_peer not in self.bots:
            self.bots.append(bot_peer)
        task = self._spawn(self._run_bot(bot_peer))
        self.bot_tasks.append(task)
        return task

    async def _run_bot(self, bot_peer: NetPeer) -> None:
        try:
            await bot_peer.run()
        except GoldnetError as exc:
            log.warning("a bot of this table stopped: %s", exc)

    # --- joining, resuming --------------------------------------------------------------------

    async def join(
        self,
        invite: Invite,
        *,
        spectate: bool = False,
        bot: str = "",
        rematch: tuple[str, tuple[Any, ...], tuple[bytes, ...]] | None = None,
    ) -> Outcome:
        """Join the table of ``invite`` and play (or watch) it to its end.

        Args:
            spectate: watch read-only, verifying every envelope (no seat, no journal).
            bot: a bot level that plays this player's seat (``""``: by hand, through views).
            rematch: a rematch this member accepted: the finished table's game, options and
                members — the new one must be of them (else NetError, before any move).

        Raises:
            OSError, TimeoutError: nothing answers at that address (checked at once).
            PinError: something else answers there.
            NetError, JournalError: the game could not go on.
        """
        self._hold_profile()
        self.invite = invite
        self.listener.on_status("connecting", invite)
        await probe(invite, self.probe_timeout)
        # The options are drawn only if this peer gets seat 0 (first at a standalone relay).
        role = "spectator" if spectate else "player"
        peer = self._new_peer(invite, bot_level=bot, role=role)
        if rematch is not None:
            peer.game, peer.options, peer.rematch_of = rematch
        if not spectate:
            peer.open_journal(journal_path(self.profile.folder, invite.host), bot)
        return await self._play(peer)

    async def resume(
        self,
        path: Path,
        *,
        by_hand: bool = False,
        rehost: bool = False,
        invite: Invite | None = None,
        port: int | None = None,
    ) -> Outcome:
        """Go on with the interrupted game of journal ``path``: through its relay; through the
        relay of ``invite`` (a member re-hosted the table); or, with ``rehost``, through a relay
        of this member's, announced on the LAN with the game id. The host of a table reopens
        its own relay where it was (same port, same address), with the bots of this process
        that played at it.

        Args:
            by_hand: this player plays the seat (the journal's bot does not).
            port: the re-hosted relay's port (``None``: the table's own for its host, else any).

        Raises:
            NotResumable: a re-host of a game not started, by a spectator, or an invite code
                without the game id for a game that started.
            JournalError, CannotListen, NetError: the game could not go on.
        """
        self._hold_profile()
        state = read_journal(path)
        level = "" if by_hand else str(state.meta[5] or "")
        peer = NetPeer.from_journal(
            self.profile.identity, state, self.profile.folder, None, bot_level=level
        )
        self.invite = peer.invite
        self.listener.on_status("resuming", (path, peer.received))
        if peer.outcome is not None:  # it had ended: nothing to connect for
            self.peer = peer
            self._show_start(peer)
            self.outcome = peer.outcome
            self.listener.on_finished(peer.outcome)
            return peer.outcome
        try:
            table = peer.machine.table
            if invite is not None:
                if table is not None and not invite.game:
                    raise NotResumable("a re-hosted table's invite code ends with its game id")
                peer.switch_relay(invite)
            hosted = peer.invite.fingerprint == self.profile.identity.fingerprint
            if (rehost or hosted) and peer.role != "player":
                raise NotResumable("only a player of the game can re-host it")
            if (rehost or hosted) and table is None:
                raise NotResumable("only a game that has started can be re-hosted")
            if rehost or hosted:
                await self._reopen(peer, state, rehost, port)
        except BaseException:
            if peer.journal is not None:
                peer.journal.close()
            raise
        return await self._play(peer)

    async def _reopen(
        self, peer: NetPeer, state: JournalState, rehost: bool, port: int | None
    ) -> None:
        """A relay of this member's for ``peer``'s table, from its journal — the host's again
        where it was (``rehost`` False), or a new one (any free port unless ``port`` is given);
        the bots of this process that played at it come back from their journals."""
        table = peer.machine.table
        assert table is not None
        identity = self.profile.identity
        helpers = bots_of(self.profile.folder, table.game_id)
        local_only = all(k == identity.public or k in helpers for k in table.members)
        bind = bind_address(self.interfaces, local_only)
        if not rehost:
            bind, port = state.bind or bind, port or peer.invite.port
        relay = relay_from_journal(identity, peer, state)
        listening = await listen(relay, bind, port or 0)
        self.relay = relay
        if peer.journal is not None:
            peer.journal.bind(bind)  # a later resume listens there again
        game = game_prefix(peer)
        address = LOOPBACK if local_only else lan_address(self.interfaces)
        self.invite = Invite(address, listening, identity.fingerprint, game)
        self.listener.on_status("rehosted", (self.invite, f"{bind}:{listening}"))
        if not local_only:
            self._spawn(self._announce(relay, relay.table_name, address, listening, game))
            self._spawn(yield_to_lower_seat(peer, relay, self.interfaces))
        here = Invite(reach(bind), listening, identity.fingerprint, game)
        peer.switch_relay(here)
        for bot_profile, bot_state in helpers.values():
            level = str(bot_state.meta[5] or bot_profile.folder.name.split("-")[0])
            bot_peer = NetPeer.from_journal(
                bot_profile.identity, bot_state, bot_profile.folder, None, bot_level=level
            )
            if bot_peer.outcome is None:
                bot_peer.switch_relay(here)
                self.start_bot(bot_peer)
