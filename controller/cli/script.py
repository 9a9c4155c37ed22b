"""``flixboard script``: the command line of ``controller.tools.script``."""

from __future__ import annotations

import argparse
import json
import sys

from controller.config import ConfigError, apply_overrides, load_config
from controller.core.state import as_json
from controller.tools.board_view import draw
from controller.tools.script import ScriptError, run_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="script_command", metavar="ACTION", required=True)
    run = sub.add_parser("run", help="run a scenario script and print the final state")
    run.add_argument("file", help="a JSON Lines scenario script")
    run.add_argument("--json", action="store_true", help="print the final state as JSON")
    run.add_argument("--config", metavar="FILE", help="a TOML configuration file")
    run.add_argument(
        "--set", action="append", default=[], metavar="TABLE.KEY=VALUE", help="override a setting"
    )


def main(args: argparse.Namespace) -> int:
    try:
        config = apply_overrides(load_config(args.config), args.set)
        state, run = run_file(args.file, config)
    except (ScriptError, ConfigError) as error:
        print(f"flixboard script: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(as_json(state), indent=2))
    else:
        print(draw(run.board, run.controller, color=sys.stdout.isatty()))
        print(f"phase: {state.phase}   {state.message}")
    return 0
