"""Bench probe of the voice: how soon the board starts saying an event, and whether speaking
slows the controller.

- ``voice_speech_start_ms_p50`` / ``_p95``: wall time from an event's publication (the voice
  notes it) to the first sound espeak-ng makes of its line (its first audio bytes after the WAV
  header, read from ``--stdout``), over ``LINES`` lines of Qubic games on a simulated board,
  each line said before the next placement (so no line waits behind another).
- ``controller_latency_ms_p99_quiet`` / ``_speaking``: the controller's sensor -> LED latency
  (``bench_controller.placement_latencies``) without a voice and with espeak-ng saying every
  turn as it comes, measured in alternating rounds so that both see the same machine load.
- ``tap_led_ms_p50`` / ``_p95`` / ``_p99``: a tap through the running
  service (its loop, web server and voice in this process, ``bench.service_thread``): from
  sending the page's ``POST /api/sim/place`` on a kept-alive connection to the LED frame that
  shows the Man, ``TAP_ROUNDS`` rounds of ``TAPS_PER_ROUND`` taps alternating between the
  service's voice off (``_voice_off``), speaking every line its events make on a speaker
  (``_speaking``: espeak-ng plays into ALSA's null device, as on a board) and into WAV files
  (``_speaking_wav``: the voice's thread reads every byte, more work in this process than
  playing). ``tap_lines_said`` counts the lines begun in the speaking rounds.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from bench.bench_controller import placement_latencies
from bench.bench_scale import scaled
from bench.bench_tap import KeptAlive, _next_game
from bench.service_thread import ServiceThread
from controller.config import Config
from controller.core.session import Listener, game_entry
from controller.core.state import Event, Happened
from controller.tools.sim_run import SimRun
from controller.voice.engines import EspeakNg
from controller.voice.lines import Line
from controller.voice.speech_queue import Loudness, SpeechQueue
from controller.voice.voice import Voice
from engine.ai import choose_hole
from engine.events import Event as GameEvent
from engine.game import Game
from engine.holes import parse
from engine.variants import new_game

LINES = 200
ROUNDS = 8
PLACEMENTS_PER_ROUND = 250
IDLE_S = 60.0
TAP_ROUNDS = 10
TAPS_PER_ROUND = 60


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
        Config.of(enabled=True), game, lambda line: None, wav_dir=wav_dir, started=started
    )

    def say(event: Happened | GameEvent, data: Event) -> None:
        voice.note(event, data)
        voice.flush()

    return voice, say


def speech_starts(count: int | None = None) -> list[float]:
    """Seconds from each event to the first sound of its line, ``count`` lines (default:
    ``LINES`` times the bench's scale)."""
    count = scaled(LINES) if count is None else count
    config = Config.of(variant="qubic")
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
                run.advance(config.leds.win_animation_s + 1.0)
                ctl.next_game(run.clock.now())  # the board's MENU
                run.step()
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


def tap_round(service: ServiceThread, client: KeptAlive, count: int) -> list[float]:
    """Seconds from sending ``count`` taps (``POST /api/sim/place`` of a hole the game allows)
    to the LED frame that shows each Man."""
    latencies: list[float] = []
    while len(latencies) < count:
        state = client.request("GET", "/api/state")
        if state["phase"] != "await_place" or not state["allowed"]:
            _next_game(client, state)
            continue
        name = sorted(state["allowed"])[len(latencies) % len(state["allowed"])]
        hole = parse(name)
        last = service.board.frames[-1]
        start = time.monotonic()
        client.request("POST", "/api/sim/place", {"hole": name})
        latencies.append(service.frame_showing(hole, last.color(hole), start) - start)
    return latencies


NULL_SPEAKER = "pcm.!default { type null }\n"
"""An ALSA configuration whose default device takes the sound and drops it: espeak-ng plays
each line as on a board's speaker, with no sound card."""
TAP_MODES = ("voice_off", "speaking", "speaking_wav")


@contextlib.contextmanager
def null_speaker() -> Iterator[None]:
    """espeak-ng's children play into ALSA's null device (a ``~/.asoundrc`` of their own)."""
    with tempfile.TemporaryDirectory() as home:
        (Path(home) / ".asoundrc").write_text(NULL_SPEAKER)
        before = os.environ.get("HOME")
        os.environ["HOME"] = home
        try:
            yield
        finally:
            if before is None:
                del os.environ["HOME"]
            else:
                os.environ["HOME"] = before


def taps_with_voice_off_and_speaking(
    rounds: int = TAP_ROUNDS, per_round: int | None = None
) -> tuple[dict[str, list[float]], int]:
    """Tap -> LED seconds by ``TAP_MODES``, in rounds alternating on one service: the voice
    off, speaking every line on a speaker (ALSA's null device), speaking every line into WAV
    files (the voice's thread reads every byte); and the lines said."""
    per_round = scaled(TAPS_PER_ROUND) if per_round is None else per_round
    samples: dict[str, list[float]] = {mode: [] for mode in TAP_MODES}
    said = 0
    with (
        tempfile.TemporaryDirectory() as data,
        tempfile.TemporaryDirectory() as wav_dir,
        null_speaker(),
        ServiceThread(Path(data)) as service,
    ):
        client = KeptAlive(service.port)
        voice = service.service.voice
        try:
            for _ in range(rounds):
                samples["voice_off"] += tap_round(service, client, per_round)
                for mode, folder in (("speaking", None), ("speaking_wav", Path(wav_dir))):
                    engine = EspeakNg(voice.config.board.language, folder)
                    queue = SpeechQueue(
                        engine, Loudness(voice.config.voice.volume, voice.config.voice.rate)
                    )
                    voice.queue = queue  # read by the loop at its next step
                    samples[mode] += tap_round(service, client, per_round)
                    voice.queue = None
                    said += len(queue.said)
                    queue.close()
                    for path in engine.written:  # keep the temporary folder small
                        path.unlink(missing_ok=True)
        finally:
            client.close()
    return samples, said


def measure() -> dict[str, float]:
    """The voice's figures for ``python -m bench``."""
    started = time.perf_counter()
    starts = speech_starts()
    quiet, speaking = latencies_while_speaking()
    taps, said = taps_with_voice_off_and_speaking()
    figures = {
        f"tap_led_ms_{name}_{mode}": round(percentile(samples, share) * 1000, 2)
        for mode, samples in taps.items()
        for name, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
    }
    return {
        **figures,
        "tap_samples_each": len(taps["voice_off"]),
        "tap_lines_said": said,
        "voice_speech_start_ms_p50": round(statistics.median(starts) * 1000, 1),
        "voice_speech_start_ms_p95": round(percentile(starts, 0.95) * 1000, 1),
        "controller_latency_ms_p99_quiet": round(percentile(quiet, 0.99) * 1000, 3),
        "controller_latency_ms_p99_speaking": round(percentile(speaking, 0.99) * 1000, 3),
        "voice_bench_s": round(time.perf_counter() - started, 1),
    }
