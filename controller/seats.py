"""Who sits at each seat: a person, or the computer at a level 1..5.

A seat is ``{"kind": "human"}`` or ``{"kind": "computer", "level": 3}`` in the HTTP API, the
journal and the configuration, with an optional ``"name"`` (the player's name in the game
records; without one, ``Computer, level N`` or ``Seat N``). A name belongs to the player:
switching a seat between a person and the computer leaves the name behind. Seats are numbered
from 0 in the API and the journal (as every other ``seat`` there), from 1 on the command line
and the page.

>>> seats_from_json([{"kind": "computer", "level": 2, "name": "Ann"}], players=2)
(Seat(kind='computer', level=2, name='Ann'), Seat(kind='human', level=None, name=None))
>>> Seat.computer(4).to_json()
{'kind': 'computer', 'level': 4}
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from controller.errors import BadOrder
from controller.game_data import NewGameData, SeatData
from engine.players.base import DEFAULT_LEVEL, LEVELS

HUMAN = "human"
COMPUTER = "computer"
MAX_NAME = 40
"""The longest player name (as the notation takes it)."""
_NOT_IN_NAME = r"\x00-\x1f\x7f-\x9f\xad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\uffff"
_BLANKS = r" \xa0\u1680\u2000-\u200a\u202f\u205f\u3000"
NAME_PATTERN = f"^[^{_NOT_IN_NAME}]*[^{_NOT_IN_NAME}{_BLANKS}][^{_NOT_IN_NAME}]*$"
"""What a name may be (with 1..``MAX_NAME`` characters): no control, format or line-breaking
character, not only blanks. The API's document states it (``controller.server.bodies``)."""
_NAME = re.compile(NAME_PATTERN)


@dataclass(frozen=True)
class Seat:
    """A person (``level`` ``None``) or the computer at ``level``; ``name`` the player's."""

    kind: str = HUMAN
    level: int | None = None
    name: str | None = None

    @classmethod
    def computer(cls, level: int = DEFAULT_LEVEL) -> Seat:
        return cls(COMPUTER, level)

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def to_json(self) -> SeatData:
        data: SeatData = {"kind": self.kind}
        if self.is_computer:
            data["level"] = self.level
        if self.name is not None:
            data["name"] = self.name
        return data

    def label(self, seat: int) -> str:
        """The player's name; without one, ``Computer, level N`` for the computer, ``Seat N``
        for a person (seats from 1, as people count them)."""
        if self.name:
            return self.name
        return f"Computer, level {self.level}" if self.is_computer else f"Seat {seat + 1}"


def check_name(value: object, where: str) -> str:
    """A player's name: 1..``MAX_NAME`` characters of ``NAME_PATTERN``."""
    if not isinstance(value, str) or len(value) > MAX_NAME or not _NAME.fullmatch(value):
        raise BadOrder(f"{where}: a name is 1..{MAX_NAME} printable characters, not {value!r}")
    return value.strip()


def seat_from_json(value: object, where: str) -> Seat:
    """One seat from its JSON form; ``BadOrder`` naming ``where`` (e.g. "seat 1") otherwise.
    A computer without a level plays at the default level."""
    if not isinstance(value, dict):
        raise BadOrder(f'{where}: a seat is an object {{"kind": ...}}, not {value!r}')
    unknown = sorted(set(value) - {"kind", "level", "name"})
    if unknown:
        raise BadOrder(f"{where}: unknown keys {unknown} (a seat has kind, level and name)")
    name = None if value.get("name") is None else check_name(value["name"], where)
    kind = value.get("kind")
    if kind == HUMAN:
        if value.get("level") is not None:
            raise BadOrder(f"{where}: a human seat has no level")
        return Seat(name=name)
    if kind != COMPUTER:
        raise BadOrder(f"{where}: kind must be 'human' or 'computer', not {kind!r}")
    level = value.get("level", DEFAULT_LEVEL)
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise BadOrder(f"{where}: level must be a whole number 1..5, not {level!r}")
    return Seat(COMPUTER, level, name)


def seats_from_json(values: object, players: int) -> tuple[Seat, ...]:
    """The seats of a game of ``players``: one entry per seat from 0, missing ones human."""
    if values is None:
        values = []
    if not isinstance(values, list):
        raise BadOrder(f"seats must be a list of seats, not {values!r}")
    if len(values) > players:
        raise BadOrder(f"{len(values)} seats given for a game of {players} players")
    given = [seat_from_json(value, f"seat {index}") for index, value in enumerate(values)]
    return (*given, *(Seat() for _ in range(players - len(given))))


def seats_json(seats: Sequence[Seat]) -> list[SeatData]:
    return [seat.to_json() for seat in seats]


def named(seats: Sequence[Seat], names: object) -> tuple[Seat, ...]:
    """``seats`` with the ``names`` given (a list, one per seat from 0; ``None`` keeps a
    seat's name); ``BadOrder`` for a name that is not one."""
    if names is None:
        return tuple(seats)
    if not isinstance(names, list):
        raise BadOrder(f"names must be a list of names, one per seat, not {names!r}")
    if len(names) > len(seats):
        raise BadOrder(f"{len(names)} names given for a game of {len(seats)} players")
    chosen = list(seats)
    for index, given in enumerate(names):
        if given is not None:
            chosen[index] = replace(chosen[index], name=check_name(given, f"name {index}"))
    return tuple(chosen)


def with_seats(
    entry: NewGameData,
    seats: object,
    hints: object,
    *,
    default_seats: Sequence[Seat],
    default_hints: bool,
    names: object = None,
) -> NewGameData:
    """A ``new_game`` entry with its ``seats`` (one per seat) and ``hints`` (shown or not):
    the given ones, else the configured ones, named by ``names`` (see ``named``). ``BadOrder``
    names a bad seat or name."""
    players = int(entry["players"])
    if seats is None:
        chosen = (*default_seats[:players], *(Seat() for _ in range(players - len(default_seats))))
    else:
        chosen = seats_from_json(seats, players)
    chosen = named(chosen, names)
    if hints is None:
        hints = default_hints
    if not isinstance(hints, bool):
        raise BadOrder(f"hints must be true or false, not {hints!r}")
    return {**entry, "seats": seats_json(chosen), "hints": hints}


def entry_seats(entry: NewGameData) -> tuple[tuple[Seat, ...], bool]:
    """The seats and the hints setting of a journalled ``new_game`` entry (journals written
    before seats existed: every seat human, hints on)."""
    players = int(entry["players"])
    return seats_from_json(entry.get("seats"), players), bool(entry.get("hints", True))


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer at ``seat``: from the game's seed and the seat, so a replayed
    game plays the same moves; by a one-way hash, so the computer cannot work the game's seed
    (and with it the dice to come, or the other teams' tokens) back out of its own."""
    digest = hashlib.blake2b(f"player:{game_seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % 2**31
