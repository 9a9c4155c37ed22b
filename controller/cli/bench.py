"""``flixboard bench``: the command line of ``controller.tools.bench``."""

from __future__ import annotations

import argparse
import json

from controller.tools.bench import collect


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--only", metavar="PREFIX", help="run only figures of probes whose module starts so"
    )


def main(args: argparse.Namespace) -> int:
    figures = collect(args.only)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:32} {value}")
    return 0
