"""Lucky Flix at equal time: the matches that measure the search against flat Monte Carlo.

Pure: the clock comes in as an argument. A match is played in chunks (:func:`play_chunk`) so the
bench can spread them over processes; each chunk names its pairing, its first game seed and its
number of games, and seats alternate by the game's number so chunks add up to one match.

- ``search_vs_flat``: our default level against :class:`EqualTimeFlatPlayer`, both capped at
  :data:`MOVETIME` a decision.
- ``flat_vs_plain``: the check of the yardstick, neither capped: :class:`EqualTimeFlatPlayer`
  (then 256 greedy playouts a hole) against the plain flat player (256 random playouts a hole).
- ``timed_flat_vs_plain``: the same with the yardstick capped at :data:`MOVETIME` (the plain
  player not): what the cap costs it on the machine at hand.

>>> sorted(PAIRINGS)
['flat_vs_plain', 'search_vs_flat', 'timed_flat_vs_plain']
>>> play_chunk("search_vs_flat", 3, 2, clock=lambda: 0.0)
Traceback (most recent call last):
...
ValueError: a chunk starts at an even-numbered game: 3
"""

from __future__ import annotations

from collections.abc import Callable

from engine.game import Action, Game
from engine.players.base import DEFAULT_LEVEL, Budget, Clock, Decision, InfoSink, Player
from engine.players.dice_opponents import FlatMonteCarloPlayer, MatchResult, play_match
from engine.players.lucky import LuckyPlayer
from engine.players.lucky_flat import EqualTimeFlatPlayer

MOVETIME = 0.1
"""Seconds each capped player may take per decision."""
SEARCH_SEED, FLAT_SEED, PLAIN_SEED = 11, 13, 17
"""The players' own seeds in the equal-time matches."""
MEASURE_SEED = 500_000
"""Game ``i`` of the measurement ``search_vs_flat`` has seed ``MEASURE_SEED + i``."""
CHECK_SEED = 600_000
"""Game ``i`` of the check ``flat_vs_plain`` has seed ``CHECK_SEED + i``."""


class TimedPlayer:
    """``player`` with its own movetime cap, whatever budget the match hands it."""

    def __init__(self, player: Player, movetime: float) -> None:
        self.player = player
        self.level = player.level
        self.movetime = movetime

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """The wrapped player's calls."""
        return list(self.player.reactions(game, seat))

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """The wrapped player's decision within ``movetime`` seconds."""
        own = Budget(clock=budget.clock, movetime=self.movetime, stop=budget.stop)
        made = self.player.decide(game, own, on_info)
        budget.count(own.visited)
        return made


PAIRINGS: dict[str, tuple[Callable[[], Player], Callable[[], Player], float | None]] = {
    "search_vs_flat": (
        lambda: LuckyPlayer(DEFAULT_LEVEL, seed=SEARCH_SEED),
        lambda: EqualTimeFlatPlayer(seed=FLAT_SEED),
        MOVETIME,
    ),
    "flat_vs_plain": (
        lambda: EqualTimeFlatPlayer(seed=FLAT_SEED),
        lambda: FlatMonteCarloPlayer(seed=PLAIN_SEED),
        None,
    ),
    "timed_flat_vs_plain": (
        lambda: TimedPlayer(EqualTimeFlatPlayer(seed=FLAT_SEED), MOVETIME),
        lambda: FlatMonteCarloPlayer(seed=PLAIN_SEED),
        None,
    ),
}
"""Pairing name -> (the first player, its opponent, the movetime both get)."""


def play_chunk(pairing: str, first_game: int, games: int, clock: Clock) -> MatchResult:
    """Games ``first_game`` .. ``first_game + games - 1`` of ``pairing`` (seed: the pairing's base
    seed plus the game's number; the first player takes seat 0 in even-numbered games, so
    ``first_game`` is even)."""
    if first_game % 2:
        raise ValueError(f"a chunk starts at an even-numbered game: {first_game}")
    first, second, movetime = PAIRINGS[pairing]
    base = MEASURE_SEED if pairing == "search_vs_flat" else CHECK_SEED
    return play_match(first, second, games, clock, base + first_game, movetime=movetime)
