"""Hosting, joining and leaving a remote game; the link taken up again after a restart."""

from __future__ import annotations

import asyncio
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from controller.computer.player import Computer
from controller.config import Config, ConfigError
from controller.core.board_controller import BoardController
from controller.errors import BadOrder, NotNow
from controller.remote import saved
from controller.remote.codes import normalise
from controller.remote.guest import Guest
from controller.remote.host import Host, HostKeys
from controller.remote.joining import Joining
from controller.remote.link import Broker
from controller.remote.messages import VARIANTS
from controller.remote.pake import Door, Welcome, fresh_code, nameplate
from controller.remote.role import Order
from controller.remote.shown import Hosted
from controller.remote.tokens import game_refusal, hosting_refusal
from controller.seats import Seat
from engine.phrase import why


def _code(kept: str) -> str:
    """A saved code, or a fresh one for a code of an older, shorter form (nobody can type it)."""
    try:
        return normalise(kept)
    except BadOrder:
        return fresh_code()


class RemotePlay:
    """The remote side of one service: none, a ``Host``, a ``Joining`` or a ``Guest`` at a
    time."""

    def __init__(
        self,
        controller: BoardController,
        computer: Computer,
        config: Config,
        data_dir: Path | None,
        order: Order,
    ) -> None:
        self.ctl = controller
        self.computer = computer
        self.config = config
        self.data_dir = data_dir
        self.order = order
        self.role: Host | Joining | Guest | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def broker(self) -> Broker:
        try:
            return Broker.from_config(self.config)
        except ConfigError as error:
            raise NotNow(*error.args) from None

    async def restore(self) -> None:
        """After a restart: take the saved place in the remote game again (with a broker)."""
        kept = saved.load(self.data_dir)
        if kept is None or not self.config.remote.broker:
            return
        try:
            self.broker()
        except NotNow as error:
            print(f"flixboard: remote play not resumed: {error}", file=sys.stderr, flush=True)
            return
        try:
            if kept.role == "host":
                keys = HostKeys(
                    kept.game_id,
                    bytes.fromhex(kept.log_key),
                    Ed25519PrivateKey.from_private_bytes(bytes.fromhex(kept.host_key)),
                    bytes.fromhex(kept.guest_key) if kept.guest_key else None,
                    bytes.fromhex(kept.to_guest) if kept.to_guest else None,
                    bool(kept.watched),
                )
                code, spectator_code = _code(kept.code), _code(kept.spectator_code)
                join = Door(code, False, failures=kept.failures, misses=kept.missed)
                join.codes, join.used = kept.codes, keys.guest_key is not None
                self._host(keys, (join, Door(spectator_code, True)), kept.seats)
            elif kept.role == "joining":
                self._join(kept.code)
            else:
                welcome = Welcome(
                    kept.role,
                    kept.game_id,
                    bytes.fromhex(kept.log_key),
                    bytes.fromhex(kept.host_key),
                    bytes.fromhex(kept.guest_key),
                    bytes.fromhex(kept.to_guest),
                )
                self._guest(welcome, kept.code)
        except ValueError as error:
            print(f"flixboard: remote play not resumed: {error}", file=sys.stderr, flush=True)

    async def host(self, seats: object) -> Hosted:
        """Open the current game for the other board: ``seats`` (from 0) are played there,
        by default every seat but the first. The join codes."""
        self._check_free()
        self.broker()
        game = self.ctl.game
        if game.variant not in VARIANTS:
            raise NotNow(
                why(
                    "remote play carries {variants}, not {variant}",
                    variants=", ".join(VARIANTS),
                    variant=game.variant,
                )
            )
        if (refusal := game_refusal(self.ctl.session.entry) or hosting_refusal(game)) is not None:
            raise NotNow(refusal)
        if seats is None:
            seats = list(range(1, game.players))
        if (
            not isinstance(seats, list)
            or not seats
            or len(set(seats)) != len(seats)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
            or not all(0 <= s < game.players for s in seats)
        ):
            raise BadOrder(
                why(
                    "seats must be a list of seats 0..{last}, not {seats}",
                    last=game.players - 1,
                    seats=repr(seats),
                )
            )
        chosen = tuple(sorted(seats))

        def as_people(now: float) -> None:  # a remote seat's computer plays on the other side
            for seat in chosen:
                if self.ctl.session.seats[seat].is_computer:
                    self.computer.switch(seat, Seat(), now)

        self.order(as_people)
        code = fresh_code()
        spectator_code = fresh_code(nameplate(code))  # two meeting places
        keys = HostKeys(secrets.token_hex(8), secrets.token_bytes(32), Ed25519PrivateKey.generate())
        role = self._host(keys, (Door(code, False), Door(spectator_code, True)), chosen)
        return Hosted(code, spectator_code, role.game_id, list(chosen))

    async def join(self, code: object) -> None:
        """Join the game of a join code (a spectator's code: watch it)."""
        self._check_free()
        self.broker()
        self._join(normalise(code))

    async def leave(self) -> None:
        """Leave the remote game (the other side hears it; this side's retained messages leave
        the broker); this board's game stays as it is."""
        role = self.role
        if role is None:
            raise NotNow(why("not in a remote game"))
        self.role = None
        self.ctl.remote = None
        saved.save(self.data_dir, None)
        await role.leave()

    async def stop(self) -> None:
        """The service stops: close the link, keep what was saved."""
        for task in self._tasks:
            task.cancel()
        if self.role is not None:
            await self.role.stop()

    def _check_free(self) -> None:
        if self.role is not None:
            raise NotNow(why("already in a remote game: leave it first (POST /api/remote/leave)"))

    def _host(self, keys: HostKeys, doors: tuple[Door, Door], seats: tuple[int, ...]) -> Host:
        def keep() -> None:
            join, spectate = doors
            saved.save(
                self.data_dir,
                saved.Saved(
                    "host",
                    join.code,
                    spectate.code,
                    seats,
                    keys.game_id,
                    keys.log_key.hex(),
                    keys.signing.private_bytes(
                        Encoding.Raw, PrivateFormat.Raw, NoEncryption()
                    ).hex(),
                    "" if keys.guest_key is None else keys.guest_key.hex(),
                    "" if keys.to_guest is None else keys.to_guest.hex(),
                    join.codes,
                    join.failures,
                    int(keys.watched),
                    join.misses,
                ),
            )

        keep()
        role = Host(self.ctl, self.broker(), keys, doors, seats, self.order, keep)
        self._begin(role)
        return role

    def _join(self, code: str) -> None:
        saved.save(self.data_dir, saved.Saved("joining", code))
        self._begin(Joining(self.broker(), code, lambda welcome: self._welcomed(welcome, code)))

    def _welcomed(self, welcome: Welcome, code: str) -> None:
        """The host let this board in: the joining link gives way to the game's."""

        async def switch() -> None:
            joining = self.role
            if not isinstance(joining, Joining) or joining.code != code:
                return
            await joining.stop()
            self._guest(welcome, code)

        task = asyncio.get_running_loop().create_task(switch())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _guest(self, welcome: Welcome, code: str) -> None:
        saved.save(
            self.data_dir,
            saved.Saved(
                welcome.role,
                code,
                game_id=welcome.game_id,
                log_key=welcome.log_key.hex(),
                host_key=welcome.host_key.hex(),
                guest_key=welcome.guest_key.hex() if welcome.role == "guest" else "",
                to_guest=welcome.to_guest.hex() if welcome.role == "guest" else "",
            ),
        )
        self._begin(
            Guest(self.ctl, self.broker(), welcome, code, self.config.game.seats, self.order)
        )

    def _begin(self, role: Host | Joining | Guest) -> None:
        self.role = role
        self.ctl.remote = role
        role.start()
        # a Man seated while the service was down (killed before it settled) is this move
        self.order(self.ctl.recommit)
