"""``flixboard bench``: the command line of the checkout's ``bench`` package.

The probes measure from a checkout of the project: the installed package does not carry them, so
the command looks for ``bench/`` beside the ``controller`` it runs from and says so when there is
none.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from controller.cli.values import positive

CHECKOUT = Path(__file__).resolve().parents[2]
"""Where ``bench/`` sits in a checkout: beside ``controller/``."""
SCALE_ENV = "FLIXBOARD_BENCH_SCALE"
"""The game-count scale of the player probes (``bench.bench_scale`` reads it)."""


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
    if not (CHECKOUT / "bench" / "__init__.py").is_file():
        print(
            f"flixboard bench: no bench/ beside {CHECKOUT / 'controller'}: the probes are not "
            "installed; run the command from a checkout of the project",
            file=sys.stderr,
        )
        return 2
    if str(CHECKOUT) not in sys.path:
        sys.path.insert(0, str(CHECKOUT))
    if args.scale is not None:
        os.environ[SCALE_ENV] = str(args.scale)
    collect: Callable[[str | None], dict[str, float | str]]
    collect = importlib.import_module("bench").collect
    figures = collect(args.only)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        width = max(map(len, figures))
        for key, value in figures.items():
            print(f"{key:{width}} {value}")
    return 0
