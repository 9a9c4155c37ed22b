"""``flixboard bench``: the command line of ``controller.tools.bench``."""

from __future__ import annotations

import argparse
import json
import os

from controller.cli.values import positive
from controller.tools.bench import collect
from controller.tools.bench_scale import SCALE_ENV


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--only", metavar="PREFIX", help="run only figures of probes whose module starts so"
    )
    parser.add_argument(
        "--scale",
        type=positive,
        metavar="F",
        help="play F times the full game counts of the player probes (say 0.1 for a quick look)",
    )


def main(args: argparse.Namespace) -> int:
    if args.scale is not None:
        os.environ[SCALE_ENV] = str(args.scale)
    figures = collect(args.only)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        width = max(map(len, figures))
        for key, value in figures.items():
            print(f"{key:{width}} {value}")
    return 0
