"""``flixboard engine``: the rules engine's text protocol on stdin/stdout (see engine.protocol)."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from engine.protocol import EngineProtocol


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: everything is set through protocol commands."""


def serve(source: TextIO, sink: TextIO) -> int:
    """Answer each command line of ``source`` on ``sink``, flushing after each, until ``quit``."""
    protocol = EngineProtocol()
    for line in source:
        for answer in protocol.handle(line):
            sink.write(answer + "\n")
        sink.flush()
        if protocol.finished:
            break
    return 0


def main(args: argparse.Namespace) -> int:
    return serve(sys.stdin, sys.stdout)
