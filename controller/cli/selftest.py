"""``flixboard selftest``: the command line of ``controller.tools.selftest``; it speaks the
board's language when it reads a configuration (``--config``, ``--set board.language=...``),
else the terminal's (``controller.cli.language``)."""

from __future__ import annotations

import argparse
import sys

from controller.cli.language import command_language
from controller.cli.run import open_board
from controller.config import ConfigError, apply_overrides, load_config
from controller.i18n import error_words, language
from controller.tools.selftest import run_real, run_sim
from hal.errors import HalError
from hal.geometry import load_geometry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--board",
        default="sim",
        metavar="sim|serial[:PORT]|gpio",
        help="the board to check: the simulator (default; checked on its own), a Pico on USB "
        "serial or direct GPIO (you are asked to place pieces and press buttons)",
    )
    parser.add_argument(
        "--geometry",
        metavar="flix|flip4|olix|FILE",
        help="the board's shape, as for flixboard run (default: the spaceboard)",
    )
    parser.add_argument("--config", metavar="FILE", help="a TOML configuration file")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="TABLE.KEY=VALUE",
        help="override a setting of the configuration (repeatable)",
    )


def main(args: argparse.Namespace) -> int:
    say = command_language()
    try:
        config = apply_overrides(load_config(args.config), args.set)
        if args.config is not None or any(item.startswith("board.language") for item in args.set):
            say = language(config.language)
        geometry = load_geometry(args.geometry)
        if args.board.partition(":")[0] == "sim":
            results = run_sim(config.layout, config.brightness_cap, geometry)
        else:
            board = open_board(args.board, config, None, geometry, args.geometry)
            results = run_real(board, config.layout, input, say)
    except (ConfigError, HalError) as error:
        print(f"flixboard selftest: {say.words(error_words(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nflixboard selftest: " + say.gettext("interrupted"), file=sys.stderr)
        return 130
    for result in results:
        verdict = say.gettext("PASS") if result.passed else say.gettext("FAIL")
        print(f"{verdict}  {say.gettext(result.item):10} {say.words(result.detail)}")
    return 0 if all(r.passed for r in results) else 1
