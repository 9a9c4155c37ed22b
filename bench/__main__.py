"""``python -m bench`` (``make bench``): the probes' figures, from a checkout of the project.

Run it from the checkout's root with the development environment (``.venv/bin/python -m bench``):
the probes and the test rigs some of them start (``tests/``) live in the checkout only, and the
installed package carries neither.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from bench import collect
from bench.bench_scale import SCALE_ENV
from controller.cli.values import positive


def parser() -> argparse.ArgumentParser:
    """The command line: which probes, at what scale, printed how."""
    parser = argparse.ArgumentParser(
        prog="python -m bench", description="measure speed and memory figures (docs/benchmarks.md)"
    )
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
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the chosen probes and print their figures; 2 for a bad option (``argparse``)."""
    args = parser().parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
