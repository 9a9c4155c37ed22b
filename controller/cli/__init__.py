"""The ``flixboard`` command: one sub-command per module, imported only when chosen.

Each command module offers ``add_arguments(parser)`` and ``main(args) -> int``: the modules of
this package, and ``sim.mcu`` for ``sim-mcu`` (the simulated Pico is the simulator's own tool).
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import sys
from types import ModuleType

COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("controller.cli.run", "run the board service (simulated board by default)"),
    "demo": (
        "controller.cli.demo",
        "the computer plays every seat of a full game on the simulated board",
    ),
    "script": ("controller.cli.script", "run a scenario script against the simulated board"),
    "engine": ("controller.cli.engine", "the rules engine's text protocol on stdin/stdout"),
    "selftest": (
        "controller.cli.selftest",
        "check LEDs, sensors, buttons and grooves of a board",
    ),
    "calibrate": ("controller.cli.calibrate", "measure and store the Hall sensors' baselines"),
    "pico-setup": (
        "controller.cli.pico_setup",
        "tell a Pico which board it sits in: the spaceboard or a flat board",
    ),
    "pico-update": (
        "controller.cli.pico_update",
        "update the Pico's firmware to the UF2 this release carries, from the Pi",
    ),
    "games": ("controller.cli.games", "list the kept games, show one, or players' statistics"),
    "import": (
        "controller.cli.import_game",
        "check a game record in the text notation by replaying it, and keep it",
    ),
    "sim-mcu": ("sim.mcu", "serve a simulated Pico on a pseudo-terminal"),
}


EXIT_STATUSES = (
    "exit status: 0 done; 1 the program's own failure, or the board's while it runs (selftest: "
    "a check failed); 2 what was given cannot be used: an option or its value, a file "
    "(configuration, script, record, journal, game records), a data directory, a game id, a "
    "board that does not answer at start"
)
"""The epilog of every ``--help`` (``controller.cli.status``)."""


HELP = ("-h", "--help")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="flixboard", description="The FLIX board controller.", epilog=EXIT_STATUSES
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (_, help_text) in COMMANDS.items():
        commands.add_parser(name, help=help_text, add_help=False)
    return parser


def _load(name: str) -> ModuleType:
    return importlib.import_module(COMMANDS[name][0])


def command_parser(name: str) -> tuple[argparse.ArgumentParser, ModuleType]:
    """The parser of the command ``name`` (its options from its module), and the module."""
    module = _load(name)
    parser = argparse.ArgumentParser(
        prog=f"flixboard {name}", description=COMMANDS[name][1], epilog=EXIT_STATUSES
    )
    module.add_arguments(parser)
    return parser, module


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``flixboard`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in COMMANDS:
        parser = _parser()
        before = itertools.takewhile(lambda word: word not in COMMANDS, argv)
        unknown = [word for word in before if word.startswith("-") and word not in HELP]
        if unknown:  # named, not hidden behind the missing COMMAND
            parser.error(
                f"unrecognized arguments: {' '.join(unknown)} "
                "(a command's options follow it: flixboard COMMAND --help)"
            )
        parser.parse_args(argv)  # prints usage and exits for an unknown or missing command
        return 2
    parser, module = command_parser(argv[0])
    args = parser.parse_args(argv[1:])
    result: int = module.main(args)
    return result
