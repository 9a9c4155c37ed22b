"""``flixboard demo``: the command line of ``controller.tools.demo``."""

from __future__ import annotations

import argparse
import sys

from controller.cli.values import seconds, seed
from controller.games import games
from controller.tools.demo import play
from engine.players.base import DEFAULT_LEVEL, LEVELS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    played = [name for name, spec in games().items() if spec.player is not None]
    parser.add_argument(
        "--variant",
        choices=played,
        default=played[0],
        help=f"the game to play, on the board it is played on (default {played[0]})",
    )
    parser.add_argument(
        "--seed", type=seed, default=1, help="dice and game seed, 0..2**63-1 (default 1)"
    )
    parser.add_argument(
        "--level",
        type=int,
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help=f"the computer players' level, 1..5 (default {DEFAULT_LEVEL})",
    )
    parser.add_argument(
        "--delay",
        type=seconds,
        default=0.4,
        help="seconds between moves, 0..60, when printing to a terminal (default 0.4)",
    )


def main(args: argparse.Namespace) -> int:
    tty = sys.stdout.isatty()
    play(args.variant, args.seed, sys.stdout, color=tty, delay=args.delay, level=args.level)
    return 0
