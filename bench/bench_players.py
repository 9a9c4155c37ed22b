"""Bench probe of the computer players: search speed and time per move, every variant and level.

Each level plays seeded games against level 1 of its own variant (seats alternating); every
move it searches for (placements, Pay-Off token entries, Tac-T-Flix substitutions; not rolls or
calls) is timed. No movetime cap: a level's own node budget bounds its search.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

from bench.bench_scale import scaled
from bench.dice_bench import playout_rate
from engine.game import Action, Game, Phase
from engine.players import PLAYERS, make_player
from engine.players.base import DEFAULT_LEVEL, LEVELS, Budget, Clock, Decision, InfoSink, Player
from engine.players.dice_opponents import play_game
from engine.variants import new_game

VARIANTS = tuple(sorted(PLAYERS))
"""The variants with a computer player: lucky, payoff, qubic, tactflix."""
TIMED_GAMES = 4
"""Games per variant and level at bench scale 1."""
SEED = 500
UNTIMED_PHASES = (Phase.AWAIT_ROLL, Phase.AWAIT_CALLS)


@dataclass
class MoveLog:
    """The seconds and the search nodes of each timed move."""

    seconds: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)


@dataclass
class Timed:
    """A player whose moves (not rolls or calls) go to ``log``."""

    player: Player
    log: MoveLog
    clock: Clock = time.perf_counter
    level: int = field(init=False)

    def __post_init__(self) -> None:
        self.level = self.player.level

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """The player's decision, logged unless it is a roll or a call."""
        start = self.clock()
        made = self.player.decide(game, budget, on_info)
        if game.phase not in UNTIMED_PHASES:
            self.log.seconds.append(self.clock() - start)
            self.log.nodes.append(made.info.nodes)
        return made

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """The player's calls."""
        return self.player.reactions(game, seat)


def timed_games(variant: str, level: int, games: int, seed: int = SEED) -> MoveLog:
    """The moves of ``level`` in ``games`` games against level 1 of ``variant``, seats
    alternating; game ``i`` has seed ``seed + i`` (the game's dice and our player; theirs one
    more)."""
    log = MoveLog()
    for number in range(games):
        ours = Timed(make_player(variant, level, seed + number), log)
        theirs = make_player(variant, 1, seed + number + 1)
        seats: list[Player] = [ours, theirs] if number % 2 == 0 else [theirs, ours]
        play_game(new_game(variant, players=2, seed=seed + number), seats, time.perf_counter, {})
    return log


def measure() -> dict[str, float]:
    """Per variant ``V`` and level ``N`` 1..5: ``players_V_lN_move_ms_median`` and
    ``players_V_lN_move_ms_max`` (uncapped: the level's node budget), and per variant
    ``players_V_nodes_per_s`` at the default level (nodes counted by the player's own search);
    ``players_lucky_playouts_per_s``: Lucky Flix playouts (blocking ones, as from level 2) from
    the empty board."""
    figures: dict[str, float] = {
        "players_lucky_playouts_per_s": round(playout_rate(time.perf_counter))
    }
    games = scaled(TIMED_GAMES)
    for variant in VARIANTS:
        nodes_per_s = 0.0
        for level in LEVELS:
            log = timed_games(variant, level, games)
            ms = [1000 * seconds for seconds in log.seconds]
            figures[f"players_{variant}_l{level}_move_ms_median"] = round(statistics.median(ms), 2)
            figures[f"players_{variant}_l{level}_move_ms_max"] = round(max(ms), 2)
            if level == DEFAULT_LEVEL:
                total = sum(log.seconds)
                nodes_per_s = sum(log.nodes) / total if total > 0 else 0.0
        figures[f"players_{variant}_nodes_per_s"] = round(nodes_per_s)
    return figures
