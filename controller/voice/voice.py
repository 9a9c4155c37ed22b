"""The board's voice: the lines of the controller's events, said on the board's speaker and sent
to the pages (which may say them with the browser's speech synthesis).

``note`` takes each published event (the session's subscriber) and keeps its lines; ``flush``
(after each step of the loop) hands them to the speech queue and to ``send`` together, so the
lines of one step replace stale ones as one batch. Nothing here waits for speech.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from controller.config import Config
from controller.core.state import Event, Happened, VoicePressed
from controller.events import published
from controller.i18n import language
from controller.voice.engines import VoiceError, make_engine
from controller.voice.lines import Line, Narrator
from controller.voice.phrases import phrase
from controller.voice.speech_queue import Loudness, SpeechQueue, Started
from controller.wire import Typed
from engine.events import Event as GameEvent
from engine.game import Game

SOUND_CARDS = Path("/proc/asound/cards")


def audio_present(cards: Path = SOUND_CARDS) -> bool:
    """Whether ALSA lists a sound card (an output the voice can play on)."""
    try:
        text = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return bool(text.strip()) and "no soundcards" not in text


class VoiceView(Typed):
    """``GET /api/voice``: whether the board speaks, its engine, mute, volume (0..100)."""

    speaks: bool
    engine: str | None
    muted: bool
    volume: int


class Voice:
    """See the module docstring. ``queue`` is ``None`` where the board does not speak (voice
    off, or no audio); the lines still go to the pages."""

    def __init__(
        self,
        config: Config,
        game: Callable[[], Game],
        send: Callable[[Line], None],
        queue: SpeechQueue | None,
    ) -> None:
        self.config = config
        self.narrator = Narrator(config.game.team_names, language(config.board.language))
        self.queue = queue
        self._game = game
        self._send = send
        self._pending: list[Line] = []

    @classmethod
    def from_config(
        cls,
        config: Config,
        game: Callable[[], Game],
        send: Callable[[Line], None],
        *,
        wav_dir: Path | None = None,
        started: Started | None = None,
    ) -> Voice:
        """The voice ``[voice]`` sets: ``enabled = "auto"`` speaks where ALSA has a sound card
        and the engine is installed, ``true`` must speak (``VoiceError`` when it cannot);
        ``wav_dir``: write WAV files there instead of playing (tests, the bench)."""
        speaks = config.voice.enabled is True or (
            config.voice.enabled == "auto" and audio_present()
        )
        queue = None
        if speaks or wav_dir is not None:
            try:
                engine = make_engine(
                    config.voice.engine, config.board.language, config.voice.piper_voice, wav_dir
                )
            except VoiceError as error:
                if config.voice.enabled is True:
                    raise
                print(f"flixboard: the board does not speak: {error}", file=sys.stderr)
            else:
                loudness = Loudness(config.voice.volume, config.voice.rate)
                queue = SpeechQueue(engine, loudness, started)
        return cls(config, game, send, queue)

    def reconfigure(self, config: Config) -> None:
        """Settings changed on the page: the team names and the language are said at once (the
        board's language: the lines, and espeak-ng's voice), and a changed volume or rate from
        the next line (a volume set from the board's page stays until the setting changes)."""
        before, self.config = self.config, config
        self.narrator.team_names = tuple(config.game.team_names)
        self.narrator.say = language(config.board.language)
        if self.queue is not None:
            self.queue.engine.set_language(config.board.language)
            if config.voice.volume != before.voice.volume:
                self.queue.loudness.volume = config.voice.volume
            if config.voice.rate != before.voice.rate:
                self.queue.loudness.rate = config.voice.rate

    def note(self, happened: Happened | GameEvent, data: Event) -> None:
        """Keep the lines of a published event (said at the next ``flush``); ``data``: the event
        as published (a session listener gets both)."""
        event = published(happened)
        if isinstance(event, VoicePressed):
            if self.queue is None:
                return  # the board does not speak: nothing to mute
            self.set(muted=not self.muted)
            if not self.muted:
                said = phrase("voice_on", self.narrator.say)
                self._pending.append(Line("voice_on", said, "voice"))
            return
        self._pending.extend(self.narrator.lines(event, self._game(), time.perf_counter()))

    def flush(self) -> None:
        """Say and send the lines kept since the last flush."""
        if not self._pending:
            return
        lines, self._pending = self._pending, []
        if self.queue is not None:
            self.queue.put(lines)
        for line in lines:
            self._send(line)

    @property
    def muted(self) -> bool:
        return self.queue is not None and self.queue.loudness.muted

    def set(self, *, muted: bool | None = None, volume: int | None = None) -> None:
        """Mute or unmute the board, set its volume (0..100)."""
        if self.queue is None:
            return
        if volume is not None:
            self.queue.loudness.volume = volume
        if muted is not None:
            self.queue.mute(muted)

    def view(self) -> VoiceView:
        """The voice as the page shows it: whether the board speaks, its engine, mute, volume."""
        speaks = self.queue is not None
        return VoiceView(
            speaks=speaks,
            engine=self.queue.engine.name if self.queue is not None else None,
            muted=self.muted,
            volume=self.queue.loudness.volume
            if self.queue is not None
            else self.config.voice.volume,
        )

    def close(self) -> None:
        if self.queue is not None:
            self.queue.close()
