"""Flip 4 (RULES.md §10): two dice, a 5x5 board of numbers, four pieces each, four in a row wins.

Each throw gives three results: the sum, the difference and the product of the two dice. In
part 1 a piece is placed on a square carrying a result; in part 2 a piece standing on a result
moves one square (a flip with an opponent's piece, a jump through a corner).

>>> from engine.variants import new_game
>>> game = new_game("flip4", players=2, seed=1)
>>> [e.type for e in game.roll("2/1")], game.names(game.allowed)
(['roll'], ['a2', 'e2', 'c3'])
>>> [e.type for e in game.place("c3")], game.to_move
(['place', 'turn'], 1)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from msgspec import UNSET
from msgspec.structs import replace

from engine.bitboard import Bitboard, bit, popcount, scan_forward
from engine.errors import IllegalAction, IllegalPlacement, IllegalRoll, SettingError
from engine.events import (
    DirectionReversed,
    Event,
    Flipped,
    FreeMove,
    FreePlacement,
    IntoCorner,
    Jumped,
    Moved,
    NoOpenSquare,
    Placed,
    Rolled,
    Scored,
    Turn,
    TurnLost,
)
from engine.game import Action, Game, Options, Phase
from engine.grid import CELLS, Grid
from engine.holes import Hole
from engine.phrase import N_, why

NUMBERS: tuple[int, ...] = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    15,
    16,
    18,
    20,
    24,
    25,
    30,
    36,
)
"""The 21 numbered squares: every sum, difference and product of two dice."""
CORNER = "C"
"""How an arrangement marks a corner square."""
DEFAULT_ARRANGEMENT: tuple[int | None, ...] = (
    *(None, 8, 20, 5, None),
    *(3, 7, 36, 16, 2),
    *(15, 30, 1, 24, 11),
    *(4, 18, 25, 0, 6),
    *(None, 10, 9, 12, None),
)
"""The board row by row from the top, ``None`` for a corner (reasons in RULES.md §10)."""
PIECES_PER_PLAYER = 4
MAX_ATTEMPTS = 3
"""Part 1: after this many throws in a row with no open result square, place anywhere."""
MAX_MISSES = 3
"""Part 2: on this many turns in a row without a match, move any piece."""
LINE_LENGTH = 4
DEFAULT_TURN_LIMIT = 2000
"""Turns after which a game is a draw (the rules never end a game without a line)."""

GRID = Grid("flip4", 5, 5, replace(CELLS, place=N_("square"), places=N_("squares")))
"""The 5x5 board of squares."""
CORNERS: Bitboard = GRID.corners
LINES: tuple[Bitboard, ...] = tuple(line for line in GRID.lines(LINE_LENGTH) if not line & CORNERS)
"""The 16 runs of four squares that win: never through a corner (no piece stays there)."""
LINES_THROUGH: tuple[tuple[Bitboard, ...], ...] = tuple(
    tuple(line for line in LINES if line >> cell & 1) for cell in range(GRID.cells)
)

_THROW = re.compile(r"\s*([1-6])\s*[/ ,x-]?\s*([1-6])\s*")


def results(first: int, second: int) -> tuple[int, int, int]:
    """The three results of a throw: sum, difference, product."""
    return first + second, abs(first - second), first * second


def landing_squares(own: Bitboard, start: int) -> Bitboard:
    """Where a piece that stepped from ``start`` into a corner may land: any square but a
    corner, a square of its own colour or ``start`` (going back would be a pass)."""
    return GRID.all & ~CORNERS & ~own & ~bit(start)


def parse_dice(text: str) -> tuple[int, int]:
    """Two dice from text such as ``3/5``, ``3 5`` or ``35``."""
    found = _THROW.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise IllegalRoll(
            why("not a throw of two dice: {text} (expected two of 1..6, as '3/5')", text=repr(text))
        )
    return int(found.group(1)), int(found.group(2))


def parse_arrangement(value: str | Sequence[int | str | None]) -> tuple[int | None, ...]:
    """The 25 squares row by row: numbers, ``C`` (or ``None``) at the four corners."""
    items: Sequence[int | str | None] = value.split() if isinstance(value, str) else value
    if isinstance(value, bytes) or not isinstance(items, Sequence) or len(items) != GRID.cells:
        raise SettingError(
            f"arrangement must list the {GRID.cells} squares row by row (C for a corner): {value!r}"
        )
    squares: list[int | None] = []
    for cell, item in enumerate(items):
        corner = CORNERS >> cell & 1
        if item is None or (isinstance(item, str) and item.strip().upper() == CORNER):
            if not corner:
                raise SettingError(f"arrangement: {GRID.name(cell)} is not a corner")
            squares.append(None)
            continue
        if corner:
            raise SettingError(f"arrangement: the corner {GRID.name(cell)} carries no number")
        if isinstance(item, str) and item.strip().isdigit() and item.strip().isascii():
            number = int(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            number = item
        else:
            raise SettingError(f"arrangement: {item!r} at {GRID.name(cell)} is not a number")
        squares.append(number)
    numbers = sorted(n for n in squares if n is not None)
    if numbers != sorted(NUMBERS):
        missing = sorted(set(NUMBERS) - set(numbers))
        extra = sorted(set(numbers) - set(NUMBERS)) or sorted(
            {n for n in numbers if numbers.count(n) > 1}
        )
        raise SettingError(
            f"arrangement must carry each of {' '.join(map(str, NUMBERS))} once "
            f"(missing {missing}, wrong or repeated {extra})"
        )
    return tuple(squares)


def parse_position(text: str) -> list[Bitboard]:
    """Each team's squares from ``"b2 c3 / d4 b4"`` (the same count each, no corner twice)."""
    if not isinstance(text, str) or not text.isascii():
        raise SettingError(f"position must be text such as 'b2 c3 / d4 b4': {text!r}")
    teams: list[Bitboard] = []
    taken = 0
    for part in text.split("/"):
        mask = 0
        for item in part.split():
            cell = GRID.parse(item)
            if (CORNERS | taken) >> cell & 1:
                raise SettingError(f"position: {item} is a corner or taken twice")
            mask |= bit(cell)
            taken |= bit(cell)
        teams.append(mask)
    counts = {popcount(mask) for mask in teams}
    if len(counts) != 1 or max(counts) > PIECES_PER_PLAYER:
        raise SettingError(
            f"position: every team needs the same number of pieces (0..{PIECES_PER_PLAYER}): "
            f"{text!r}"
        )
    return teams


@dataclass(frozen=True)
class Flip4Options(Options):
    """Flip 4 settings: ``arrangement`` (the 25 squares row by row, ``C`` at the corners; text
    or a list; ``None`` = :data:`DEFAULT_ARRANGEMENT`), ``turn_limit`` (a draw after that many
    turns) and ``position`` (pieces already on the board, team by team separated by ``/``, the
    same number for every team: ``"b2 c3 / d4 b4"``; seat 0 throws first)."""

    arrangement: str | Sequence[int | str | None] | None = field(default=None, hash=False)
    turn_limit: int = DEFAULT_TURN_LIMIT
    position: str | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.men_per_team not in (None, PIECES_PER_PLAYER):
            raise SettingError(f"Flip 4 has {PIECES_PER_PLAYER} pieces per player")
        if self.arrangement is not None:
            squares = parse_arrangement(self.arrangement)
            shown = " ".join(CORNER if n is None else str(n) for n in squares)
            object.__setattr__(self, "arrangement", shown)
        if isinstance(self.turn_limit, bool) or not isinstance(self.turn_limit, int):
            raise SettingError(f"turn_limit must be a whole number: {self.turn_limit!r}")
        if not 1 <= self.turn_limit <= 1_000_000:
            raise SettingError(f"turn_limit must be 1..1000000: {self.turn_limit}")
        if self.position is not None:
            parse_position(self.position)

    @property
    def squares(self) -> tuple[int | None, ...]:
        """The number of each square, ``None`` at a corner."""
        if self.arrangement is None:
            return DEFAULT_ARRANGEMENT
        return parse_arrangement(self.arrangement)


class Flip4(Game):
    """Part 1 places the pieces by the dice, part 2 moves them; four in a row wins."""

    variant: ClassVar[str] = "flip4"
    rank: ClassVar[int] = 5
    perft_depth: ClassVar[int] = 4
    """Qubic's bound."""
    uses_dice: ClassVar[bool] = True
    default_men_per_team: ClassVar[int | None] = PIECES_PER_PLAYER
    seat_teams: ClassVar[Mapping[int, tuple[int, ...]]] = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
    options_class: ClassVar[type[Options]] = Flip4Options
    grid: ClassVar[Grid | None] = GRID
    lines_through: ClassVar[tuple[tuple[Bitboard, ...], ...]] = LINES_THROUGH
    _state_fields: ClassVar[tuple[str, ...]] = (
        *Game._state_fields,
        "dice_pair",
        "attempts",
        "misses",
        "direction",
        "free_move",
        "jump_from",
        "turns",
        "reverse",
    )

    def perft(self, depth: int) -> int:
        return perft(self, depth)

    def _init_state(self) -> None:
        assert isinstance(self.options, Flip4Options)
        self.squares: tuple[int | None, ...] = self.options.squares
        self.cells_of: dict[int, Bitboard] = {
            number: bit(cell) for cell, number in enumerate(self.squares) if number is not None
        }
        self.dice_pair: tuple[int, int] | None = None
        self.attempts = 0
        self.misses: list[int] = [0] * self.teams
        self.direction = 1
        self.free_move = False
        self.jump_from: int | None = None
        self.turns = 0
        self.reverse = False
        self.turn_limit: int = self.options.turn_limit
        if self.options.position is not None:
            teams = parse_position(self.options.position)
            if len(teams) != self.teams:
                raise SettingError(
                    f"position names {len(teams)} teams for a game of {self.teams} players"
                )
            for team, mask in enumerate(teams):
                self.men[team] = mask
                self.supply[team] -= popcount(mask)

    # ----------------------------------------------------------------- reading the state

    @property
    def placing(self) -> bool:
        """Part 1: some player (not resigned) still has a piece off the board."""
        return any(self.supply[team] for team in range(self.teams) if team not in self.resigned)

    @property
    def allowed(self) -> Bitboard:
        """Squares to act on now: where to place (part 1), the pieces that may move (part 2),
        where a piece jumping through a corner may land."""
        if self.phase == Phase.AWAIT_PLACE:
            return self.reach & ~self.occupied
        if self.phase in (Phase.AWAIT_MOVE, Phase.AWAIT_JUMP):
            return self.reach
        return 0

    def result_cells(self, pair: tuple[int, int]) -> Bitboard:
        """The squares carrying one of the throw's results."""
        mask = 0
        for number in results(*pair):
            mask |= self.cells_of.get(number, 0)
        return mask

    def targets(self, cell: int) -> Bitboard:
        """Where the mover's piece on ``cell`` may step: a neighbour not holding its own piece."""
        return GRID.neighbours[cell] & ~self.men[self.team_of_seat[self.to_move]]

    def jump_targets(self) -> Bitboard:
        """Where the piece in a corner may land (:func:`landing_squares`)."""
        assert self.jump_from is not None
        return landing_squares(self.men[self.team_of_seat[self.to_move]], self.jump_from)

    def moves(self) -> list[tuple[int, int]]:
        """Every ``(from, to)`` step the mover may make now (phase ``await_move``)."""
        if self.phase != Phase.AWAIT_MOVE:
            return []
        return [
            (cell, to)
            for cell in scan_forward(self.reach)
            for to in scan_forward(self.targets(cell))
        ]

    def names(self, mask: Bitboard) -> list[str]:
        """Square names of ``mask``."""
        return GRID.names(mask)

    def next_seat(self, seat: int) -> int:
        """The next seat in the direction of play, skipping resigned players."""
        for step in range(1, self.players + 1):
            candidate = (seat + step * self.direction) % self.players
            if self.team_of_seat[candidate] not in self.resigned:
                return candidate
        return seat

    def winning_team(self) -> int | None:
        """The first team (from the mover on) with four in a row, if any."""
        mover = self.team_of_seat[self.to_move]
        for team in (mover, *(t for t in range(self.teams) if t != mover)):
            if team not in self.resigned and any(line & self.men[team] == line for line in LINES):
                return team
        return None

    # ----------------------------------------------------------------- acting

    def roll(self, throw: Any = None) -> list[Event]:
        """Throw the two dice: given as text (``3/5``), or drawn from the seeded RNG."""
        return self.apply(Action("roll", throw=None if throw is None else str(throw)))

    def throw_text(self, text: str) -> str:
        """``3/5`` for a throw written ``3/5``, ``3 5`` or ``35``."""
        first, second = parse_dice(text)
        return f"{first}/{second}"

    def thrown(self) -> str | None:
        pair = self.dice_pair
        return None if pair is None else f"{pair[0]}/{pair[1]}"

    def read_move(self, text: str, token: int | None = None) -> Action | None:
        """A step ``c3-d2``: the mover's piece on ``c3`` to ``d2``."""
        if "-" not in text:
            return None
        source, _, target = text.partition("-")
        return Action("move", hole=GRID.parse(source), to=GRID.parse(target))

    def move(self, hole: Hole | str, to: Hole | str) -> list[Event]:
        """Step the mover's piece on ``hole`` to the neighbouring square ``to``."""
        source = GRID.parse(hole) if isinstance(hole, str) else hole
        target = GRID.parse(to) if isinstance(to, str) else to
        return self.apply(Action("move", hole=source, to=target))

    def _start_turn(self, seat: int) -> None:
        self.due_seat = seat
        if self.turns >= self.turn_limit:
            self._finish(None, "turn limit")
            return
        self.turns += 1
        self.to_move = seat
        self.phase = Phase.AWAIT_ROLL
        self.reach = 0
        self.attempts = 0
        self.free_move = False
        self._emit(Turn(seat=seat, phase=str(self.phase), free_throws=0))

    def _act_roll(self, action: Action) -> None:
        seat = self.to_move
        if self.phase != Phase.AWAIT_ROLL:
            raise IllegalRoll(
                why("seat {seat} cannot roll now (phase {phase})", seat=seat, phase=self.phase)
            )
        if action.throw is None:
            pair = (self._rng.randint(1, 6), self._rng.randint(1, 6))
        else:
            pair = parse_dice(action.throw)
        self.dice_pair = pair
        self.reverse = pair[0] == pair[1] and self.players > 2 and not self.placing
        matching = self.result_cells(pair)
        team = self.team_of_seat[seat]
        self._emit(
            Rolled(
                seat=seat,
                throw=f"{pair[0]}/{pair[1]}",
                results=list(results(*pair)),
                holes=matching,
                drawn=action.throw is None,
            )
        )
        if self.supply[team] > 0:
            self._roll_to_place(seat, matching)
        else:
            self._roll_to_move(seat, team, matching)

    def _roll_to_place(self, seat: int, matching: Bitboard) -> None:
        self.attempts += 1
        open_cells = matching & ~self.occupied
        if open_cells:
            self.phase, self.reach = Phase.AWAIT_PLACE, open_cells
        elif self.attempts < MAX_ATTEMPTS:
            self._emit(NoOpenSquare(seat=seat, attempts=self.attempts))
            self._emit(Turn(seat=seat, phase=str(self.phase), free_throws=0))
        else:
            self.phase, self.reach = Phase.AWAIT_PLACE, GRID.all & ~CORNERS
            self._emit(FreePlacement(seat=seat, attempts=self.attempts))

    def _roll_to_move(self, seat: int, team: int, matching: Bitboard) -> None:
        movable = matching & self.men[team]
        if movable:
            self.misses[team] = 0
        else:
            self.misses[team] += 1
            if self.misses[team] < MAX_MISSES:
                self._emit(TurnLost(seat=seat, reason=N_("no piece on a result")))
                self._end_turn(seat)
                return
            self.misses[team] = 0
            self.free_move = True
            movable = self.men[team]
            self._emit(FreeMove(seat=seat, misses=MAX_MISSES))
        self.phase, self.reach = Phase.AWAIT_MOVE, movable

    def _act_place(self, action: Action) -> None:
        if self.phase == Phase.AWAIT_JUMP:
            self._land(action.hole)
            return
        seat, cell = self.to_move, action.hole
        if self.phase != Phase.AWAIT_PLACE:
            raise IllegalPlacement(
                why("seat {seat} cannot place now (phase {phase})", seat=seat, phase=self.phase)
            )
        self._check_cell(cell)
        assert isinstance(cell, int)
        if self.occupied >> cell & 1:
            raise IllegalPlacement(why("{where} is occupied", where=GRID.name(cell)))
        if not self.reach >> cell & 1:
            raise IllegalPlacement(
                why(
                    "seat {seat} may not place at {where} now; allowed: {allowed}",
                    seat=seat,
                    where=GRID.name(cell),
                    allowed=" ".join(self.names(self.allowed)),
                )
            )
        team = self.team_of_seat[seat]
        self.men[team] |= bit(cell)
        self.supply[team] -= 1
        self.placements += 1
        self._emit(Placed(seat=seat, team=team, hole=cell, piece="man"))
        self._after_move(seat)

    def _act_move(self, action: Action) -> None:
        seat, source, target = self.to_move, action.hole, action.to
        if self.phase != Phase.AWAIT_MOVE:
            raise IllegalAction(
                why(
                    "seat {seat} cannot move a piece now (phase {phase})",
                    seat=seat,
                    phase=self.phase,
                )
            )
        self._check_cell(source)
        self._check_cell(target)
        assert isinstance(source, int) and isinstance(target, int)
        if not self.reach >> source & 1:
            raise IllegalAction(
                why(
                    "seat {seat} may not move the piece on {where}; movable: {movable}",
                    seat=seat,
                    where=GRID.name(source),
                    movable=" ".join(self.names(self.reach)),
                )
            )
        if not self.targets(source) >> target & 1:
            raise IllegalAction(
                why(
                    "the piece on {where} cannot step to {target}; it may go to {allowed}",
                    where=GRID.name(source),
                    target=GRID.name(target),
                    allowed=" ".join(self.names(self.targets(source))),
                )
            )
        team = self.team_of_seat[seat]
        self.men[team] &= ~bit(source)
        if CORNERS >> target & 1:
            self.men[team] |= bit(target)
            self.jump_from = source
            self.phase = Phase.AWAIT_JUMP
            self.reach = self.jump_targets()
            self._emit(IntoCorner(seat=seat, team=team, hole=source, to=target))
            return
        self._step(seat, team, source, target)
        self._after_move(seat)

    def _land(self, target: Hole | None) -> None:
        seat = self.to_move
        self._check_cell(target)
        assert isinstance(target, int) and self.jump_from is not None
        if not self.reach >> target & 1:
            raise IllegalPlacement(
                why(
                    "the piece in the corner cannot land on {target}; it may land on {allowed}",
                    target=GRID.name(target),
                    allowed=" ".join(self.names(self.reach)),
                )
            )
        team = self.team_of_seat[seat]
        corner = self.men[team] & CORNERS
        self.men[team] &= ~corner
        self._step(seat, team, self.jump_from, target, corner=next(scan_forward(corner)))
        self.jump_from = None
        self._after_move(seat)

    def _step(
        self, seat: int, team: int, source: int, target: int, corner: int | None = None
    ) -> None:
        """Put ``team``'s piece on ``target`` (a step, or a jump from ``corner``); an opponent
        there flips to ``source``."""
        self.men[team] |= bit(target)
        opponent = self.piece_team(target, other_than=team)
        if opponent is not None:
            self.men[opponent] = self.men[opponent] & ~bit(target) | bit(source)
            self._emit(
                Flipped(
                    seat=seat,
                    team=team,
                    hole=source,
                    to=target,
                    opponent=opponent,
                    corner=UNSET if corner is None else corner,
                )
            )
        elif corner is None:
            self._emit(Moved(seat=seat, team=team, hole=source, to=target))
        else:
            self._emit(Jumped(seat=seat, team=team, hole=source, to=target, corner=corner))

    def piece_team(self, cell: int, other_than: int | None = None) -> int | None:
        """The team of the piece on ``cell`` (not counting ``other_than``), or ``None``."""
        for team in range(self.teams):
            if team != other_than and self.men[team] >> cell & 1:
                return team
        return None

    def _after_move(self, seat: int) -> None:
        winner = self.winning_team()
        if winner is not None:
            line = next(line for line in LINES if line & self.men[winner] == line)
            self.scored_lines.append((winner, line))
            self._emit(Scored(seat=seat, team=winner, lines=[line], how="line"))
            self._finish(winner, "line")
            return
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        if self.reverse:
            self.reverse = False
            self.direction = -self.direction
            self._emit(DirectionReversed(seat=seat, direction=self.direction))
        self._start_turn(self.next_seat(seat))

    def _check_cell(self, cell: Hole | None) -> None:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < GRID.cells:
            raise IllegalPlacement(why("not a square of the Flip 4 board: {cell}", cell=repr(cell)))

    def _act_resign(self, action: Action) -> None:
        if self.phase == Phase.AWAIT_JUMP and action.seat == self.to_move:
            assert self.jump_from is not None
            team = self.team_of_seat[self.to_move]
            self.men[team] = self.men[team] & ~CORNERS | bit(self.jump_from)
            self.jump_from = None
        super()._act_resign(action)

    # ----------------------------------------------------------------- state

    def to_json(self, reveal_pending: bool = False, view_team: int | None = None) -> dict[str, Any]:
        state = super().to_json(reveal_pending, view_team)
        pair = self.dice_pair
        state["last_throw"] = self.thrown()
        state.update(
            results=None if pair is None else list(results(*pair)),
            squares={
                GRID.name(cell): number
                for cell, number in enumerate(self.squares)
                if number is not None
            },
            part=1 if self.placing else 2,
            direction=self.direction,
            misses=list(self.misses),
            free_move=self.free_move,
            moves={
                GRID.name(cell): self.names(self.targets(cell))
                for cell in scan_forward(self.reach if self.phase == Phase.AWAIT_MOVE else 0)
            },
            jump_from=None if self.jump_from is None else GRID.name(self.jump_from),
            geometry=GRID.key,
        )
        return state


def legal_actions(game: Flip4) -> list[Action]:
    """Every action of the mover now; a roll branches into the 21 different throws."""
    if game.phase == Phase.AWAIT_ROLL:
        return [Action("roll", throw=f"{a}/{b}") for a in range(1, 7) for b in range(a, 7)]
    if game.phase in (Phase.AWAIT_PLACE, Phase.AWAIT_JUMP):
        return [Action("place", hole=cell) for cell in scan_forward(game.allowed)]
    return [Action("move", hole=source, to=target) for source, target in game.moves()]


def perft(game: Flip4, depth: int) -> int:
    """How many action sequences of ``depth`` actions follow (a finished game ends one)."""
    if depth == 0 or game.game_over:
        return 1
    total = 0
    for action in legal_actions(game):
        game.apply(action)
        total += perft(game, depth - 1)
        game.pop()
    return total
