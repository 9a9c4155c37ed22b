"""Print the Lucky Flix player's figures: playouts/s and match scores against the yardsticks.

Usage: .venv/bin/python scripts/measure_lucky.py [games] [opponent] [level] [first seed]
"""

from __future__ import annotations

import statistics
import sys
import time

from engine.players.dice_bench import lucky_match, playout_rate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    opponent = sys.argv[2] if len(sys.argv) > 2 else "flat"
    level = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    clock = time.perf_counter
    greedy, plain = playout_rate(clock), playout_rate(clock, greedy=False)
    print(f"playouts/s: greedy {greedy:.0f}, random {plain:.0f}")
    start = clock()
    result = lucky_match(games, clock, opponent, level, seed)
    moves = result.move_seconds
    print(
        f"level {level} vs {opponent}: {result.games} games, W/D/L {result.wins}/{result.draws}/"
        f"{result.losses}, score {result.percent:.1f}%, placement median "
        f"{1000 * statistics.median(moves):.1f} ms, max {1000 * max(moves):.0f} ms, "
        f"{clock() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
