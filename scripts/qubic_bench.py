"""Print the Qubic player's figures: strength against the reference opponents, time per move.

Usage: python scripts/qubic_bench.py [--level N] [--movetime S] [--scale F] [--times-only]
"""

from __future__ import annotations

import argparse
import time

from engine.players.qubic_bench import move_times, strength


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--movetime", type=float, default=None, help="cap per move, seconds")
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the games to play")
    parser.add_argument("--games", type=int, default=4, help="games timed for move times")
    parser.add_argument("--times-only", action="store_true")
    args = parser.parse_args()
    clock = time.perf_counter
    times = move_times(clock, args.level, args.games, args.movetime)
    print(
        f"level {args.level}: {times.moves} moves, median {times.median * 1000:.0f} ms "
        f"(searched moves {times.median_searched * 1000:.0f} ms), "
        f"worst {times.worst * 1000:.0f} ms, {times.nodes_per_second:,.0f} nodes/s"
    )
    if args.times_only:
        return
    for label, result in strength(clock, args.level, args.movetime, args.scale).items():
        games = result.wins + result.draws + result.losses
        print(
            f"{label}: {result.wins} won, {result.draws} drawn, {result.losses} lost "
            f"of {games}; median {result.median_plies:g} plies",
            flush=True,
        )


if __name__ == "__main__":
    main()
