"""Hosting, joining and leaving a remote game; the link taken up again after a restart."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from controller.config import Config, ConfigError
from controller.core.board_controller import BoardController
from controller.core.computer import Computer
from controller.core.seats import Seat
from controller.errors import BadOrder, NotNow
from controller.remote import saved
from controller.remote.codes import derive, new_code, normalise
from controller.remote.guest import VARIANTS, Guest
from controller.remote.host import Host
from controller.remote.link import Broker
from controller.remote.role import Order


class RemotePlay:
    """The remote side of one service: none, a ``Host`` or a ``Guest`` at a time."""

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
        self.role: Host | Guest | None = None
        self._opening = False

    def broker(self) -> Broker:
        try:
            return Broker.from_config(self.config)
        except ConfigError as error:
            raise NotNow(str(error)) from None

    async def restore(self) -> None:
        """After a restart: take the saved place in the remote game again (with a broker)."""
        kept = saved.load(self.data_dir)
        if kept is None or not self.config.broker:
            return
        try:
            self.broker()
        except NotNow as error:
            print(f"flixboard: remote play not resumed: {error}", file=sys.stderr, flush=True)
            return
        if kept.role == "host":
            await self._host(kept.code, kept.spectator_code, kept.seats)
        else:
            await self._join(kept.code)

    async def host(self, seats: object) -> dict[str, Any]:
        """Open the current game for the other board: ``seats`` (from 0) are played there,
        by default every seat but the first. The join codes."""
        self._check_free()
        self.broker()
        game = self.ctl.game
        if game.variant not in VARIANTS:
            raise NotNow(f"remote play carries {', '.join(VARIANTS)}, not {game.variant}")
        if seats is None:
            seats = list(range(1, game.players))
        if (
            not isinstance(seats, list)
            or not seats
            or len(set(seats)) != len(seats)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
            or not all(0 <= s < game.players for s in seats)
        ):
            raise BadOrder(f"seats must be a list of seats 0..{game.players - 1}, not {seats!r}")
        chosen = tuple(sorted(seats))

        def as_people(now: float) -> None:  # a remote seat's computer plays on the other side
            for seat in chosen:
                if self.ctl.session.seats[seat].is_computer:
                    self.computer.switch(seat, Seat(), now)

        self.order(as_people)
        role = await self._host(new_code(), new_code(), chosen)
        return {
            "code": role.keys.code,
            "spectator_code": role.spectator_keys.code,
            "game_id": role.keys.game_id,
            "seats": list(chosen),
        }

    async def join(self, code: object) -> None:
        """Join the game of a join code (a spectator's code: watch it)."""
        self._check_free()
        self.broker()
        await self._join(normalise(code))

    async def leave(self) -> None:
        """Leave the remote game; this board's game stays as it is."""
        role = self.role
        if role is None:
            raise NotNow("not in a remote game")
        self.role = None
        self.ctl.remote = None
        saved.save(self.data_dir, None)
        await role.stop()

    async def stop(self) -> None:
        """The service stops: close the link, keep what was saved."""
        if self.role is not None:
            await self.role.stop()

    def _check_free(self) -> None:
        if self.role is not None or self._opening:
            raise NotNow("already in a remote game: leave it first (POST /api/remote/leave)")

    async def _host(self, code: str, spectator_code: str, seats: tuple[int, ...]) -> Host:
        self._opening = True
        try:
            keys, spectator_keys = await asyncio.gather(
                asyncio.to_thread(derive, code), asyncio.to_thread(derive, spectator_code)
            )
        finally:
            self._opening = False
        saved.save(self.data_dir, saved.Saved("host", code, spectator_code, seats))
        role = Host(self.ctl, self.broker(), keys, spectator_keys, seats, self.order)
        self._begin(role)
        return role

    async def _join(self, code: str) -> None:
        self._opening = True
        try:
            keys = await asyncio.to_thread(derive, code)
        finally:
            self._opening = False
        saved.save(self.data_dir, saved.Saved("guest", code))
        seats = self.config.seats
        self._begin(Guest(self.ctl, self.broker(), keys, seats, self.order))

    def _begin(self, role: Host | Guest) -> None:
        self.role = role
        self.ctl.remote = role
        role.start()
        # a Man seated while the service was down (killed before it settled) is this move
        self.order(self.ctl.recommit)
