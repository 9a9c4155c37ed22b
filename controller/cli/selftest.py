"""``flixboard selftest``: the command line of ``controller.tools.selftest``; it speaks the
board's language when it reads a configuration (``--config``, ``--set board.language=...``),
else the terminal's (``controller.cli.language``)."""

from __future__ import annotations

import argparse
import os
import sys

from controller.cli.language import command_language
from controller.cli.run import BOARD_VARIABLE, open_board
from controller.cli.values import SHAPES
from controller.config import Config, ConfigError, apply_overrides, load_config
from controller.i18n import error_words, language
from controller.tools.selftest import run_real, run_sim
from engine.phrase import why
from hal.errors import HalError
from hal.geometry import load_geometry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--board",
        metavar="sim|serial[:PORT]|gpio",
        help="the board to check: a Pico on USB serial or direct GPIO (you are asked to place "
        "pieces and press buttons), or the simulator (checked on its own, only when named); "
        f"without it: [board] backend of the configuration, else ${BOARD_VARIABLE}",
    )
    parser.add_argument(
        "--geometry",
        metavar=f"{SHAPES}|FILE",
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
            say = language(config.board.language)
        geometry = load_geometry(args.geometry)
        spec = board_to_check(args.board, config)
        if spec.partition(":")[0] == "sim":
            results = run_sim(config.layout, config.leds.brightness_cap, geometry)
        else:
            board = open_board(spec, config, None, geometry, args.geometry)
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


def board_to_check(named: str | None, config: Config) -> str:
    """The board ``--board`` names, else the configuration's, else the installer's environment's.
    The simulator only when one of them names it: a bare run on the Pi must check the Pi's board,
    never pass against the simulator."""
    spec = named or config.board.backend or os.environ.get(BOARD_VARIABLE, "")
    if not spec:
        raise ConfigError(
            why(
                "which board? --board serial (a Pico), --board gpio (the Pi's GPIO) or --board "
                "sim (the simulator): neither the configuration ([board] backend) nor "
                "${variable} names one",
                variable=BOARD_VARIABLE,
            )
        )
    return spec
