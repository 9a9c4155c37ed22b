"""Bench probe of the voice: how soon the board starts saying an event, and whether speaking
slows the controller.

- ``voice_speech_start_ms_p50`` / ``_p95``: wall time from an event's publication (the voice
  notes it) to the first sound espeak-ng makes of its line (its first audio bytes after the WAV
  header, read from ``--stdout``), over ``LINES`` lines of Qubic games on a simulated board,
  each line said before the next placement (so no line waits behind another).
- ``controller_latency_ms_p99_quiet`` / ``_speaking``: the controller's sensor -> LED latency
  (``bench_controller.placement_latencies``) without a voice and with espeak-ng saying every
  turn as it comes, measured in alternating rounds so that both see the same machine load.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bench_controller import placement_latencies
from bench.bench_scale import scaled
from controller.config import Config
from controller.core.session import Listener, game_entry
from controller.tools.sim_run import SimRun
from controller.voice.lines import Line
from controller.voice.voice import Voice
from engine.ai import choose_hole
from engine.game import Game
from engine.variants import new_game

LINES = 200
ROUNDS = 8
PLACEMENTS_PER_ROUND = 250
IDLE_S = 60.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def speaking_voice(
    wav_dir: Path, game: Callable[[], Game], starts: list[float] | None = None
) -> tuple[Voice, Listener]:
    """A voice writing espeak-ng's lines to ``wav_dir`` (``starts`` gets each line's seconds
    from its event to its first sound), and the listener that says each event at once."""

    def started(line: Line, at: float) -> None:
        if starts is not None:
            starts.append(at - line.made)

    voice = Voice.from_config(
        Config(enabled=True), game, lambda line: None, wav_dir=wav_dir, started=started
    )

    def say(event: dict[str, Any]) -> None:
        voice.note(event)
        voice.flush()

    return voice, say


def speech_starts(count: int | None = None) -> list[float]:
    """Seconds from each event to the first sound of its line, ``count`` lines (default:
    ``LINES`` times the bench's scale)."""
    count = scaled(LINES) if count is None else count
    config = Config(variant="qubic")
    run = SimRun(config, first_game=game_entry(config, "qubic", 2, 1, None))
    ctl, board = run.controller, run.board
    starts: list[float] = []
    with tempfile.TemporaryDirectory() as wav_dir:
        voice, say = speaking_voice(Path(wav_dir), lambda: ctl.game, starts)
        assert voice.queue is not None
        ctl.session.subscribe(say)
        while len(starts) < count:
            if ctl.game.game_over:
                board.clear()
                run.advance(config.win_animation_s + 1.0)
            else:
                board.place(choose_hole(ctl.game))
                run.settle()
            if not voice.queue.wait_idle(IDLE_S):
                raise RuntimeError("espeak-ng did not finish a line")
        voice.close()
    run.close()
    return starts[:count]


def latencies_while_speaking() -> tuple[list[float], list[float]]:
    """Sensor -> LED latencies without a voice and while espeak-ng says every turn (the lines
    are worded for a Qubic game of two, as the bench's games are)."""
    quiet: list[float] = []
    speaking: list[float] = []
    game = new_game("qubic", players=2)
    with tempfile.TemporaryDirectory() as wav_dir:
        for _ in range(ROUNDS):
            quiet += placement_latencies(scaled(PLACEMENTS_PER_ROUND))
            voice, say = speaking_voice(Path(wav_dir), lambda: game)
            speaking += placement_latencies(scaled(PLACEMENTS_PER_ROUND), listener=say)
            voice.close()
            if voice.queue is not None:  # keep the temporary folder small
                for path in voice.queue.engine.written:
                    path.unlink(missing_ok=True)
    return quiet, speaking


def measure() -> dict[str, float]:
    """The voice's figures for ``flixboard bench``."""
    started = time.perf_counter()
    starts = speech_starts()
    quiet, speaking = latencies_while_speaking()
    return {
        "voice_speech_start_ms_p50": round(statistics.median(starts) * 1000, 1),
        "voice_speech_start_ms_p95": round(percentile(starts, 0.95) * 1000, 1),
        "controller_latency_ms_p99_quiet": round(percentile(quiet, 0.99) * 1000, 3),
        "controller_latency_ms_p99_speaking": round(percentile(speaking, 0.99) * 1000, 3),
        "voice_bench_s": round(time.perf_counter() - started, 1),
    }
