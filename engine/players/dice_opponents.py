"""Yardsticks for the Lucky Flix player, and a match runner.

- :class:`OnePlyPlayer`: the engine's one-ply player (:func:`engine.ai.choose_hole`) after the
  dice have spoken.
- :class:`FlatMonteCarloPlayer`: for each allowed hole, 256 playouts to the end with random
  placements (a line wins only when a random hole completes it) and throws drawn from the
  equally likely throws; the hole with the best win rate.
- :func:`play_match`: N games between two players, seats alternating, one seed per game.

>>> from engine.players.lucky import LuckyPlayer
>>> result = play_match(lambda: LuckyPlayer(1, 0), lambda: OnePlyPlayer(), 2, clock=lambda: 0.0)
>>> result.games, 0.0 <= result.score <= 1.0
(2, True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from engine.ai import choose_hole
from engine.bitboard import scan_forward
from engine.errors import IllegalAction
from engine.game import Action, Game, Phase
from engine.phrase import why
from engine.players.base import Budget, Clock, Decision, InfoSink, Player
from engine.players.fast_lucky import LuckySim, table_of
from engine.players.flix_calls import call_reactions
from engine.players.flix_common import await_calls_decision, decision, rng_for
from engine.players.match_score import MatchScore
from engine.players.view import seat_view
from engine.variants import new_game

FLAT_PLAYOUTS = 256
"""Playouts per allowed hole of the flat Monte Carlo player."""
MAX_ACTIONS = 5000
"""A game of the match runner that lasts longer than this is scored a draw (never seen)."""


class _Yardstick(ABC):
    """Rolls, calls at once, penalises every line it can (as alert as level 5)."""

    level = 5
    seed = 0

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Its own FLIX and any PENALTY it can make."""
        return call_reactions(game, seat, self.level, self.seed)

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Roll, place with :meth:`choose`, or call."""
        if game.phase == Phase.AWAIT_ROLL:
            return decision(Action("roll"), why("rolls the dice"), budget, 50)
        if game.phase == Phase.AWAIT_CALLS:
            return await_calls_decision(game, self.level, self.seed, budget)
        if game.phase != Phase.AWAIT_PLACE:
            raise IllegalAction(why("nothing to do in phase {phase}", phase=game.phase))
        hole, percent = self.choose(game, budget)
        return decision(Action("place", hole=hole), why("its pick"), budget, percent, depth=1)

    @abstractmethod
    def choose(self, game: Game, budget: Budget) -> tuple[int, int]:
        """The hole to fill and its expected score in percent."""


class OnePlyPlayer(_Yardstick):
    """Win if the dice allow it, else block, else the most open hole."""

    def choose(self, game: Game, budget: Budget) -> tuple[int, int]:
        """:func:`engine.ai.choose_hole`."""
        return choose_hole(game), 50


class FlatMonteCarloPlayer(_Yardstick):
    """``playouts`` random playouts per allowed hole; the best win rate (seeded)."""

    def __init__(self, seed: int = 0, playouts: int = FLAT_PLAYOUTS) -> None:
        self.seed = seed
        self.playouts = playouts

    def choose(self, game: Game, budget: Budget) -> tuple[int, int]:
        """The allowed hole with the most playouts won (ties: the lowest hole)."""
        seat = game.to_move
        team = game.team_of_seat[seat]
        sim = LuckySim.from_game(game, table_of(game))
        rng = rng_for("flat", self.seed, game.placements, seat, game.occupied, game.allowed)
        best, best_wins = -1, -1
        for hole in scan_forward(game.allowed):
            wins = 0
            for _ in range(self.playouts):
                if budget.exhausted():
                    break
                winner = sim.after_place(seat, hole, game.free_throws, rng, False, take_wins=False)
                wins += winner == team
                budget.count()
            if wins > best_wins:
                best, best_wins = hole, wins
        return best, round(100 * best_wins / self.playouts)


@dataclass
class MatchResult(MatchScore):
    """The first player's score over ``games`` (:class:`MatchScore`) and its placement times."""

    move_seconds: list[float] = field(default_factory=list)

    def add(self, other: Self) -> None:
        """Count ``other``'s games, and its placement times, too."""
        super().add(other)
        self.move_seconds.extend(other.move_seconds)


def play_game(
    game: Game,
    players: list[Player],
    clock: Clock,
    times: dict[int, list[float]],
    movetime: float | None = None,
    *,
    nodes: int | None = None,
    viewed: bool = False,
) -> None:
    """Play ``game`` to its end, ``players[seat]`` for each seat; every seat's calls are asked
    after each action; each decision may take ``movetime`` seconds and ``nodes`` nodes
    (``None``: no cap); ``viewed``: each seat decides on its own view (:func:`seat_view`).
    Placement times of each seat go to ``times[seat]``."""

    def shown(seat: int) -> Game:
        return seat_view(game, seat) if viewed else game

    for _ in range(MAX_ACTIONS):
        if game.game_over:
            return
        for seat, player in enumerate(players):
            for action in player.reactions(shown(seat), seat):
                if not game.game_over:
                    game.apply(action)
        if game.game_over:
            return
        seat = game.to_move
        placing = game.phase == Phase.AWAIT_PLACE
        budget = Budget(clock=clock, movetime=movetime, nodes=nodes)
        made = players[seat].decide(shown(seat), budget)
        if placing:
            times.setdefault(seat, []).append(budget.elapsed())
        game.apply(made.action)


def play_match(
    first: Callable[[], Player],
    second: Callable[[], Player],
    games: int,
    clock: Clock,
    seed: int = 0,
    variant: str = "lucky",
    options: Mapping[str, Any] | None = None,
    movetime: float | None = None,
) -> MatchResult:
    """``games`` two-player games of ``first`` against ``second``; ``first`` takes seat 0 in
    even games and seat 1 in odd ones; game ``i`` has seed ``seed + i``; every decision of both
    may take ``movetime`` seconds (``None``: no cap)."""
    result = MatchResult()
    for number in range(games):
        game = new_game(variant, players=2, seed=seed + number, options=options)
        ours = number % 2
        seats = [first(), second()] if ours == 0 else [second(), first()]
        times: dict[int, list[float]] = {}
        play_game(game, seats, clock, times, movetime)
        result.move_seconds.extend(times.get(ours, []))
        result.count(game, ours)
    return result
