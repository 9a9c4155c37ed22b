"""Matches between computer players: games played to the end, results counted.

Pure: the clock comes in as an argument and only feeds each move's :class:`Budget`.

>>> from engine.players.qubic_opponents import OnePlyPlayer, RandomPlayer
>>> result = match(lambda s: OnePlyPlayer(s), lambda s: RandomPlayer(s), games=2,
...                clock=lambda: 0.0)
>>> result.wins + result.draws + result.losses, len(result.plies)
(2, 2)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.game import Action
from engine.players.base import Budget, Clock, Player
from engine.variants import new_game

SeededPlayer = Callable[[int], Player]
"""``factory(seed)`` -> a player."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game: the winning seat's team (None: draw) and the actions in order."""

    winner: int | None
    actions: tuple[Action, ...]

    @property
    def plies(self) -> int:
        """Placements made."""
        return sum(action.kind == "place" for action in self.actions)


@dataclass
class MatchResult:
    """Results from the first-named player's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    plies: list[int] = field(default_factory=list)

    @property
    def median_plies(self) -> float:
        """The median length of the games (0 for no games)."""
        return statistics.median(self.plies) if self.plies else 0.0


def play_game(
    players: Sequence[Player],
    clock: Clock,
    *,
    variant: str = "qubic",
    movetime: float | None = None,
) -> GameRecord:
    """Play one game, ``players[seat]`` deciding for each seat, reactions asked after each move."""
    game = new_game(variant, players=len(players))
    while not game.game_over:
        for seat, player in enumerate(players):
            if seat != game.to_move:
                for action in player.reactions(game, seat):
                    game.apply(action)
        decision = players[game.to_move].decide(game, Budget(clock=clock, movetime=movetime))
        game.apply(decision.action)
    return GameRecord(game.winner, tuple(game.actions))


def match(
    ours: SeededPlayer,
    theirs: SeededPlayer,
    games: int,
    clock: Clock,
    *,
    seed: int = 0,
    ours_first: bool | None = True,
    movetime: float | None = None,
) -> MatchResult:
    """``games`` two-player games; game ``i`` seeds both players with ``seed + i``.

    ``ours_first``: True (we always open), False (they always open), None (alternating, we open
    the even games).
    """
    result = MatchResult()
    for i in range(games):
        first = ours_first if ours_first is not None else i % 2 == 0
        us, them = ours(seed + i), theirs(seed + i)
        seats = (us, them) if first else (them, us)
        record = play_game(seats, clock, movetime=movetime)
        our_team = 0 if first else 1
        if record.winner is None:
            result.draws += 1
        elif record.winner == our_team:
            result.wins += 1
        else:
            result.losses += 1
        result.plies.append(record.plies)
    return result
