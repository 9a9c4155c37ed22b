"""The speech engines: espeak-ng (Debian's, the default) and Piper (neural, when installed).

An engine says one line at a time, on the voice's own thread (``SpeechQueue``): ``speak``
blocks until the line is said and calls ``started`` when its first sound is made. With a
``wav_dir`` the engine writes each line to a numbered WAV file there instead of playing it
(tests, the bench). No engine downloads anything: Piper needs its executable on the PATH and
a voice file (``[voice] piper_voice``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path

from controller.config import ConfigError
from controller.voice.spawn import spawn

WAV_HEADER = 44
"""Bytes of a WAV header before the first sound (espeak-ng's ``--stdout``)."""
CHUNK = 65536
PIPE_SIZE = 1 << 20
"""The output pipe's size (Linux's most for a process without privileges): a line's sound
waits in it while the voice's thread waits."""
BATCH_S = 0.05
"""After a line's first sound its output is read this seldom: espeak-ng writes a line in some
fifty pieces, and each read makes the voice's thread take the interpreter from the loop."""
NICENESS = "10"
"""How much lower than the service the engine runs: speech never takes the CPU from the LEDs."""
NICE = shutil.which("nice")


class VoiceError(ConfigError):
    """A speech engine that cannot run here; the message says what to install or set."""


class Running:
    """One engine process, started with the C library's ``posix_spawn`` without holding the
    interpreter (``controller.voice.spawn``: the service's loop never waits for the voice's
    thread to let go of it): its output pipe, a pidfd to end it without racing a reused pid,
    and its text on standard input, if any."""

    def __init__(self, command: list[str], stdin: bytes | None) -> None:
        argv = [NICE, "-n", NICENESS, *command] if NICE else command
        out_read, out_write = os.pipe()
        with contextlib.suppress(OSError):  # a smaller pipe only means more reads
            fcntl.fcntl(out_read, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
        in_read, in_write = os.pipe()
        try:
            self.pid = spawn(argv, in_read, out_write)
        finally:
            os.close(in_read)
            os.close(out_write)
        self.stdout = out_read
        self._pidfd: int | None = os.pidfd_open(self.pid)
        self._lock = threading.Lock()
        with os.fdopen(in_write, "wb") as text:
            text.write(stdin or b"")

    def read(self) -> bytes:
        """The next output bytes (``b""`` at its end)."""
        return os.read(self.stdout, CHUNK)

    def read_rest(self) -> bytes:
        """The output from here to its end, read in batches ``BATCH_S`` apart."""
        data = bytearray()
        while chunk := os.read(self.stdout, PIPE_SIZE):
            data += chunk
            time.sleep(BATCH_S)
        return bytes(data)

    def wait(self) -> None:
        """Wait for the process to end, then let go of its pipe and pidfd."""
        os.waitpid(self.pid, 0)
        os.close(self.stdout)
        with self._lock:
            if self._pidfd is not None:
                os.close(self._pidfd)
                self._pidfd = None

    def kill(self) -> None:
        with self._lock:
            if self._pidfd is not None:
                with contextlib.suppress(ProcessLookupError):
                    signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)


class Engine(ABC):
    """Says lines. A backend must override ``speak``; it may override ``set_language`` (a
    Piper voice file speaks one language: it keeps it); ``stop`` ends the line being said."""

    name = "engine"

    def __init__(self, wav_dir: Path | None = None) -> None:
        self.wav_dir = wav_dir
        self.written: list[Path] = []
        """The WAV files written (with a ``wav_dir``), in order."""
        self._running: Running | None = None

    @abstractmethod
    def speak(self, text: str, volume: int, rate: int, started: Callable[[], None]) -> None:
        """Say ``text`` at ``volume`` (0..100) and ``rate`` (words per minute); call ``started``
        at its first sound; return once it is said."""

    def set_language(self, language: str) -> None:  # noqa: B027 - most engines keep theirs
        """Say the next lines in ``language`` (``en``, ``de``), where the engine can."""

    def stop(self) -> None:
        """End the line being said now (mute)."""
        running = self._running
        if running is not None:
            running.kill()

    def _next_wav(self) -> Path:
        assert self.wav_dir is not None
        path = self.wav_dir / f"{len(self.written) + 1:04d}.wav"
        self.written.append(path)
        return path

    def _run(self, command: list[str], stdin: bytes | None = None) -> Running:
        self._running = Running(command, stdin)
        return self._running


class EspeakNg(Engine):
    """espeak-ng: plays through the default ALSA device, or (``wav_dir``) writes WAV files,
    reading its ``--stdout`` so that ``started`` marks the first sound made."""

    name = "espeak-ng"

    def __init__(
        self, language: str = "en", wav_dir: Path | None = None, executable: str = "espeak-ng"
    ) -> None:
        super().__init__(wav_dir)
        found = shutil.which(executable)
        if found is None:
            raise VoiceError(
                "the voice needs espeak-ng: sudo apt install espeak-ng "
                "(or set [voice] enabled = false)"
            )
        self.executable = found
        self.language = language

    def set_language(self, language: str) -> None:
        self.language = language  # the voice thread reads it at its next line

    def speak(self, text: str, volume: int, rate: int, started: Callable[[], None]) -> None:
        amplitude = str(round(volume * 2))  # espeak-ng's 0..200, 100 its normal
        command = [self.executable, "-v", self.language, "-a", amplitude, "-s", str(rate)]
        if self.wav_dir is None:
            process = self._run([*command, "--", text])
            started()
            process.wait()
            return
        process = self._run([*command, "--stdout", "--", text])
        data = bytearray()
        while len(data) <= WAV_HEADER and (chunk := process.read()):
            data += chunk
        started()  # the first sound (or, for a stopped line, none: but the line was begun)
        data += process.read_rest()
        process.wait()
        _write_wav(self._next_wav(), bytes(data))


class Piper(Engine):
    """Piper: a neural voice from a voice file (``.onnx``), used only when its executable is
    installed and a voice is configured; played with ``aplay``. ``volume`` and ``rate`` are
    espeak-ng's: Piper speaks at its voice's pace, as loud as the mixer is set."""

    name = "piper"

    def __init__(self, voice: str, wav_dir: Path | None = None, executable: str = "piper") -> None:
        super().__init__(wav_dir)
        found = shutil.which(executable)
        if found is None:
            raise VoiceError(
                '[voice] engine = "piper" but Piper is not installed: pip install piper-tts, '
                'or set [voice] engine = "espeak-ng"'
            )
        if not voice or not Path(voice).is_file():
            raise VoiceError(
                f'[voice] engine = "piper" needs a voice file: set [voice] piper_voice to a '
                f"downloaded .onnx voice (none is downloaded here; got {voice!r})"
            )
        self.player = shutil.which("aplay")
        if self.player is None and wav_dir is None:
            raise VoiceError("Piper's lines are played with aplay: sudo apt install alsa-utils")
        self.executable = found
        self.voice = voice

    def speak(self, text: str, volume: int, rate: int, started: Callable[[], None]) -> None:
        path = self._next_wav() if self.wav_dir is not None else None
        target = path or Path(tempfile.gettempdir()) / f"flixboard-piper-{os.getpid()}.wav"
        # Both Piper command lines (the C++ one and piper-tts) take these two options; the
        # voice keeps its own pace and the mixer sets the volume.
        command = [self.executable, "--model", self.voice]
        process = self._run([*command, "--output_file", str(target)], stdin=text.encode())
        process.wait()
        started()
        if path is None and self.player is not None:
            self._run([self.player, "-q", str(target)]).wait()
            target.unlink(missing_ok=True)


def _write_wav(path: Path, data: bytes) -> None:
    """Write espeak-ng's ``--stdout`` WAV with its sizes set (a pipe leaves them unknown)."""
    if len(data) < WAV_HEADER:
        data = _empty_wav_header()
    body = len(data) - WAV_HEADER
    header = bytearray(data[:WAV_HEADER])
    header[4:8] = (36 + body).to_bytes(4, "little")
    header[40:44] = body.to_bytes(4, "little")
    path.write_bytes(bytes(header) + data[WAV_HEADER:])


def _empty_wav_header() -> bytes:
    """A 22050 Hz mono 16-bit WAV header with no sound."""
    rate, channels, width = 22050, 1, 2
    return (
        b"RIFF"
        + (36).to_bytes(4, "little")
        + b"WAVEfmt "
        + (16).to_bytes(4, "little")
        + (1).to_bytes(2, "little")
        + channels.to_bytes(2, "little")
        + rate.to_bytes(4, "little")
        + (rate * channels * width).to_bytes(4, "little")
        + (channels * width).to_bytes(2, "little")
        + (width * 8).to_bytes(2, "little")
        + b"data"
        + (0).to_bytes(4, "little")
    )


def make_engine(
    engine: str, language: str, piper_voice: str, wav_dir: Path | None = None
) -> Engine:
    """The engine ``[voice] engine`` names; ``VoiceError`` when it cannot run here."""
    if engine == "piper":
        return Piper(piper_voice, wav_dir)
    return EspeakNg(language, wav_dir)
