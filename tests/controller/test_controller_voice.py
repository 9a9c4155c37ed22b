"""The board's voice: a whole game said by espeak-ng into WAV files, stale lines dropped, the loop
never held up by speech, the voice's settings and its page route."""

from __future__ import annotations

import asyncio
import doctest
import importlib
import json
import threading
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.config import Config
from controller.core.combination import TOGETHER_S
from controller.core.session import game_entry
from controller.core.state import Happened
from controller.tools.sim_run import SimRun
from controller.voice.engines import Engine, EspeakNg, Piper, VoiceError
from controller.voice.lines import Line
from controller.voice.speech_queue import Loudness, SpeechQueue
from controller.voice.voice import Voice, audio_present
from engine.events import Event as GameEvent
from engine.events import GameOver, NoOpenSquare, Rolled
from engine.game import Phase
from engine.holes import name
from engine.variants import new_game
from hal.geometry import load_geometry
from tests.api_harness import Harness
from tests.sim_hands import put

LUCKY = Config.of(variant="lucky", enabled=False)
SEATS = [{"kind": "human"}, {"kind": "computer", "level": 1}]
MOVES = 400
"""More actions than any Lucky Flix game of two players takes."""
IDLE_S = 120.0
"""A generous bound for espeak-ng to say one line on a loaded machine (speed is benched)."""
FLOORS = {"I": "one", "II": "two", "III": "three", "IV": "four", "flix": "FLIX"}
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
TEAMS = ("Red", "Blue")


def said_throw(throw: str) -> str:
    return ", ".join(FLOORS.get(face, face) for face in throw.split("/"))


def said_hole(hole: str) -> str:
    panel, floor, suit = hole.split("-")
    return f"{COLOURS[panel]}, {FLOORS[floor]}, {SUITS[suit]}"


def expected_lines(events: list[dict[str, Any]]) -> list[str]:
    """What the board must say of a Lucky Flix game between Red (a person) and Blue (the
    computer), event by event."""
    lines: list[str] = []
    turn = None
    for event in events:
        kind, seat = event["type"], event.get("seat")
        who = TEAMS[seat] if isinstance(seat, int) else ""
        if event.get("secret"):
            continue
        if kind == "game_started":
            lines.append("New game: Lucky Flix.")
        elif kind == "turn" and seat != turn:
            turn = seat
            lines.append(f"{who} to play.")
        elif kind == "roll" and event.get("reading") == "anywhere":
            lines.append(f"{who}: {said_throw(event['throw'])}. One Man anywhere.")
        elif kind == "roll":
            lines.append(f"{who}: {said_throw(event['throw'])}.")
        elif kind == "free_throws":
            lines.append(f"Free throw! {who} has {event['left']} to play.")
        elif kind == "free_throws_ended":
            lines.append("FLIX FLIX FLIX: the free throws end.")
        elif kind == "opponent_anywhere":
            lines.append(f"FLIX FLIX FLIX: {TEAMS[event['opponent']]} places one Man anywhere.")
        elif kind == "turn_lost":
            lines.append(f"Turn lost: {event['reason']}.")
        elif kind == "computer" and event["action"] == "place":
            reason = event["reason"].split(";")[0].split(":")[0].strip()
            lines.append(f"{who} plays {said_hole(event['hole'])}: {reason}.")
        elif kind == "scored":
            count = len(event["lines"])
            said = "a line" if count == 1 else f"{count} lines"
            calls = "calls FLIX and scores" if event["how"] in ("call", "late call") else "scores"
            lines.append(f"{who} {calls} {said}.")
        elif kind == "call_nothing":
            lines.append(f"{who} calls FLIX: no line.")
        elif kind == "penalty":
            lines.append(f"Penalty against {TEAMS[event['against']]}: ")
        elif kind == "game_over":
            lines.append(f"{TEAMS[event['winner']]} wins!" if event["winner"] is not None else "")
    return lines


def play(run: SimRun) -> None:
    """Red rolls, places in the first lit hole and calls its lines; Blue is the computer."""
    ctl = run.controller
    game = ctl.game
    for _ in range(MOVES):
        run.think()  # the computer's answer under way (its move or its call), if any
        if game.game_over:
            return
        now = run.clock.now()
        if game.to_move == 1:
            continue
        if any(pending.team == 0 for pending in game.uncalled):
            ctl.call(0, now)
        elif game.phase == Phase.AWAIT_ROLL:
            ctl.roll(None, now)
        elif game.phase == Phase.AWAIT_PLACE:
            hole = (game.allowed & -game.allowed).bit_length() - 1
            put(run, name(hole, game.layout))
            continue
        elif game.phase == Phase.AWAIT_CALLS:
            ctl.penalty(0, now)
        run.follow(now)
    raise AssertionError("the game did not end")


@pytest.fixture
def lucky_run() -> Iterator[SimRun]:
    run = SimRun(LUCKY, first_game=game_entry(LUCKY, "lucky", 2, 11, None, SEATS, True))
    yield run
    run.close()


def test_a_whole_game_against_the_computer_is_said_line_by_line(
    lucky_run: SimRun, tmp_path: Path
) -> None:
    run = lucky_run
    sent: list[Line] = []
    seen: list[dict[str, Any]] = []
    voice = Voice.from_config(
        Config.of(enabled=True), lambda: run.controller.game, sent.append, wav_dir=tmp_path
    )
    assert voice.queue is not None

    def say_each(event: Happened | GameEvent, published: dict[str, Any]) -> None:
        """Each event said before the next (no line is stale, so none is dropped)."""
        seen.append(published)
        voice.note(event, published)
        voice.flush()
        assert voice.queue is not None and voice.queue.wait_idle(IDLE_S)

    run.controller.session.subscribe(say_each)
    run.controller.new_game(game_entry(LUCKY, "lucky", 2, 11, None, SEATS, True), run.clock.now())
    play(run)
    voice.close()

    expected = expected_lines(seen)
    said = [line.text for line in voice.queue.said]
    assert len(said) == len(expected), said
    for spoken, wanted in zip(said, expected, strict=True):
        assert spoken.startswith(wanted), (spoken, wanted)
    assert said[-1] in ("Red wins!", "Blue wins!")
    assert any(" plays " in text for text in said) and any("Red: " in text for text in said)
    assert [line.text for line in sent] == said  # the pages get the same words
    wavs = voice.queue.engine.written
    assert len(wavs) == len(said)
    durations = []
    for path in wavs:
        with wave.open(str(path), "rb") as audio:
            assert audio.getnframes() > 0, path
            durations.append(audio.getnframes() / audio.getframerate())
    assert all(0.3 < seconds < 30 for seconds in durations), durations
    longest = said[durations.index(max(durations))]
    assert "plays" in longest or "has" in longest or "Turn lost" in longest, longest


class SlowEngine(Engine):
    """The last wire only: each line takes until ``release`` is set (a slow speaker)."""

    name = "slow"

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.begun = threading.Event()
        self.texts: list[str] = []

    def speak(self, text: str, volume: int, rate: int, started: Callable[[], None]) -> None:
        self.texts.append(text)
        started()
        self.begun.set()
        self.release.wait(IDLE_S)

    def stop(self) -> None:
        self.release.set()


def test_later_news_replaces_stale_news_waiting_in_the_queue() -> None:
    engine = SlowEngine()
    queue = SpeechQueue(engine, Loudness(80, 160))
    queue.put([Line("turn", "Red to play.", "turn", ("turn",))])
    assert engine.begun.wait(IDLE_S)  # the first line is being said: it is never cut
    queue.put([Line("turn", "Blue to play.", "turn", ("turn",))])
    queue.put([Line("throw", "Blue: red, one, spades.", "throw", ("throw",))])
    queue.put([Line("turn", "Red to play.", "turn", ("turn",))])  # Blue's turn is stale now
    queue.put([Line("game_started", "New game: Olix.", "game", ("*",))])
    queue.put([Line("turn", "Blue to play.", "turn", ("turn",))])
    engine.release.set()
    assert queue.wait_idle(IDLE_S)
    queue.close()
    assert engine.texts == ["Red to play.", "New game: Olix.", "Blue to play."]
    assert [line.text for line in queue.dropped] == [
        "Blue to play.",
        "Blue: red, one, spades.",
        "Red to play.",
    ]


def test_mute_drops_what_waits_and_ends_the_line_being_said() -> None:
    engine = SlowEngine()
    queue = SpeechQueue(engine, Loudness(80, 160))
    queue.put([Line("a", "One.", "a"), Line("b", "Two.", "b")])
    assert engine.begun.wait(IDLE_S)
    queue.mute(True)
    assert queue.wait_idle(IDLE_S)
    queue.put([Line("c", "Three.", "c")])
    assert queue.idle()
    queue.close()
    assert engine.texts == ["One."]


def test_placements_go_on_while_the_voice_is_still_speaking() -> None:
    """A speaker that never finishes its line: the service's loop still commits every
    placement and answers the page (speech waits on its own thread only)."""
    harness = Harness(config=Config.of(variant="qubic", enabled=False))
    service = harness.service
    engine = SlowEngine()
    service.voice.queue = SpeechQueue(engine, Loudness(80, 160))
    holes = ["R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"]

    async def place_all() -> dict[str, Any]:
        for index, hole in enumerate(holes):
            response = await harness.client.post("/api/sim/place", json={"hole": hole})
            assert response.status_code == 200, response.text
            harness.advance(0.5)
            if index == 0:  # Blue's turn is being said (and stays so): the rest must wait
                assert await asyncio.to_thread(engine.begun.wait, IDLE_S)
        return await harness.state()

    state = asyncio.run(place_all())
    assert sorted(state["board"]) == sorted(holes)
    assert engine.begun.is_set() and not engine.release.is_set()  # still on its first line
    assert engine.texts == ["Blue to play."]
    waiting = service.voice.queue._waiting
    assert [line.text for line in waiting] == ["Blue to play."]  # only the latest turn waits
    engine.release.set()
    service.voice.close()


def test_a_missing_piper_says_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(VoiceError, match="Piper is not installed: pip install piper-tts"):
        Piper(str(tmp_path / "voice.onnx"), executable="piper-not-here")
    with pytest.raises(VoiceError, match="sudo apt install espeak-ng"):
        EspeakNg(executable="espeak-ng-not-here")
    config = Config.of(enabled=True, engine="piper")
    with pytest.raises(VoiceError, match="piper"):
        Voice.from_config(config, lambda: new_game("lucky"), lambda line: None)


def test_audio_is_found_from_the_sound_cards_alsa_lists(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    assert not audio_present(cards)
    cards.write_text("--- no soundcards ---\n")
    assert not audio_present(cards)
    cards.write_text(" 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n")
    assert audio_present(cards)


def test_menu_then_roll_mutes_the_voice_and_neither_acts(lucky_run: SimRun, tmp_path: Path) -> None:
    run = lucky_run
    game = run.controller.game
    voice = Voice.from_config(
        Config.of(enabled=True), lambda: run.controller.game, lambda line: None, wav_dir=tmp_path
    )
    assert voice.queue is not None
    run.controller.session.subscribe(voice.note)
    assert game.to_move == 0 and game.phase == Phase.AWAIT_ROLL
    run.board.press("menu")
    run.advance(TOGETHER_S / 2)
    run.board.press("roll")
    run.advance(1.0)
    assert voice.muted
    assert game.phase == Phase.AWAIT_ROLL
    assert not any(event.type == "roll" for event in game.events)  # nothing rolled
    refusals = [e for e in run.controller.session.events if e["type"] == "refused"]
    assert refusals == []  # and MENU took nothing back (there was nothing: it would say so)
    run.board.press("menu")
    run.advance(TOGETHER_S / 2)
    run.board.press("roll")
    run.step()
    voice.flush()
    assert not voice.muted
    assert voice.queue.wait_idle(IDLE_S)
    assert [line.text for line in voice.queue.said] == ["Voice on."]
    run.board.press("roll")  # alone, ROLL rolls at once
    run.step()
    assert any(event.type == "roll" for event in game.events)
    run.board.press("menu")  # alone, MENU takes back once the combination can no longer come
    run.step()
    assert not any(e["type"] == "refused" for e in run.controller.session.events)
    run.advance(TOGETHER_S)
    refused = [e for e in run.controller.session.events if e["type"] == "refused"]
    assert refused and refused[-1]["button"] == "menu"  # nothing of a person's to take back
    voice.close()


def test_the_voice_route_mutes_and_sets_the_volume() -> None:
    harness = Harness(config=Config.of(enabled=False))
    engine = SlowEngine()
    harness.service.voice.queue = SpeechQueue(engine, Loudness(80, 160))

    async def change() -> list[tuple[int, dict[str, Any]]]:
        answers = []
        for body in ({"muted": True}, {"volume": 30}, {"volume": 101}, {"muted": "yes"}):
            response = await harness.client.post("/api/voice", json=body)
            answers.append((response.status_code, response.json()))
        read = await harness.client.get("/api/voice")
        return [*answers, (read.status_code, read.json())]

    answers = asyncio.run(change())
    voice = {"speaks": True, "engine": "slow", "muted": True, "volume": 30}
    assert answers[1] == (200, voice) and answers[4] == (200, voice)
    assert answers[0][1]["muted"] is True and answers[0][1]["volume"] == 80
    assert answers[2][0] == 400 and "volume: an integer 0..100" in answers[2][1]["error"]
    assert answers[3][0] == 400 and "muted has the wrong type" in answers[3][1]["error"]
    harness.service.voice.close()


def test_a_flip4_board_is_spoken_of_in_squares_and_cells() -> None:
    """The pages get the lines of a Flip 4 board: its throw, a piece on a square the dice do not
    allow, and what to fix, with the cells said letter and number."""
    api = Harness(config=Config.of(enabled=False, fix_after_s=0.0), geometry=load_geometry("flip4"))
    pages = api.service.subscribe()

    async def play() -> list[str]:
        assert (await api.post("/api/roll", {"faces": "2/1"})).status_code == 200
        assert (await api.post("/api/sim/place", {"hole": "b2"})).status_code == 200
        api.advance(0.5)
        messages = [json.loads(text) for text in await pages.take()]
        return [m["line"]["text"] for m in messages if m["type"] == "speech"]

    said = asyncio.run(play())
    assert said == [
        "Red: 2, 1.",
        "Not on b 2: that square is not lit.",
        "Lift the piece from b 2.",
    ]


def test_a_german_board_speaks_german() -> None:
    """The same Flip 4 lines on a board set to German: its throw, the refusal and the fix."""
    config = Config.of(enabled=False, fix_after_s=0.0, language="de")
    api = Harness(config=config, geometry=load_geometry("flip4"))
    pages = api.service.subscribe()

    async def play() -> list[str]:
        assert (await api.post("/api/roll", {"faces": "2/1"})).status_code == 200
        assert (await api.post("/api/sim/place", {"hole": "b2"})).status_code == 200
        api.advance(0.5)
        messages = [json.loads(text) for text in await pages.take()]
        return [m["line"]["text"] for m in messages if m["type"] == "speech"]

    said = asyncio.run(play())
    assert said == [
        "Rot: 2, 1.",
        "Nicht auf b 2: das Feld leuchtet nicht.",
        "Von b 2 den Stein nehmen.",
    ]


def test_the_voice_switches_language_without_a_restart(tmp_path: Path) -> None:
    """The settings page sets the board's language: the next line is German, and espeak-ng
    says it with its German voice."""
    game = new_game("lucky")
    voice = Voice.from_config(
        Config.of(enabled=True), lambda: game, lambda line: None, wav_dir=tmp_path
    )
    assert voice.queue is not None and isinstance(voice.queue.engine, EspeakNg)
    over = GameOver(winner=0, draw=False, reason="line")
    voice.note(over, {**over.to_json(), "at": 1.0})
    voice.flush()
    assert voice.queue.wait_idle(IDLE_S)
    voice.reconfigure(Config.of(enabled=True, language="de"))
    voice.note(over, {**over.to_json(), "at": 2.0})
    voice.note(NoOpenSquare(seat=0, attempts=1), {})  # the voice says nothing of some kinds
    roll = Rolled(seat=0, throw="yellow/II/hearts", holes=0, drawn=False)
    voice.note(roll, roll.to_json())
    voice.flush()
    assert voice.queue.wait_idle(IDLE_S)
    voice.close()
    said = [line.text for line in voice.queue.said]
    assert said == ["Red wins!", "Rot gewinnt!", "Rot: gelb, zwei, Herz."]
    assert voice.queue.engine.language == "de"
    for path in voice.queue.engine.written:
        with wave.open(str(path), "rb") as audio:
            assert audio.getnframes() > 0, path


def test_docstring_examples() -> None:
    attempted = 0
    for module in ("controller.voice.phrases", "controller.core.combination"):
        result = doctest.testmod(importlib.import_module(module))
        assert result.failed == 0, module
        attempted += result.attempted
    assert attempted >= 8
