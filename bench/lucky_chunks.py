"""Runs an equal-time Lucky Flix pairing in chunks on two processes, reporting as it goes."""

from __future__ import annotations

import time
from functools import partial

from bench.chunks import match_figures, run_chunks
from bench.lucky_equal_time import play_chunk
from engine.players.dice_opponents import MatchResult


def run_pairing(pairing: str, games: int, prefix: str) -> dict[str, float]:
    """Play ``games`` games of ``pairing``; the figures under ``prefix``
    (:func:`~bench.chunks.match_figures`)."""
    play = partial(play_chunk, pairing, clock=time.perf_counter)
    return match_figures(prefix, run_chunks(pairing, play, games, MatchResult()))
