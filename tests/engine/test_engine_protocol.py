"""The engine text protocol: the pure class, and ``flixboard engine`` as a subprocess."""

from __future__ import annotations

import queue
import select
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from engine.holes import parse
from engine.protocol import EngineProtocol

ROOT = Path(__file__).resolve().parents[2]
WITH_DOUBLES = [sys.executable, str(ROOT / "tests" / "engine" / "protocol_doubles.py")]
"""``flixboard engine`` with the stand-in player of every variant (until real players exist)."""


def run_engine(lines: list[str], *command: str) -> list[str]:
    argv = list(command) or [sys.executable, "-m", "controller.cli", "engine"]
    done = subprocess.run(
        argv,
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    assert done.stderr == ""
    return done.stdout.splitlines()


def test_a_session_through_the_cli_module() -> None:
    answers = run_engine(
        [
            "isready",
            "variant qubic",
            "position startpos",
            "perft 1",
            "perft 2",
            "perft 3",
            "position startpos moves R-I-S Y-I-S R-I-H Y-I-H R-I-D Y-I-D",
            "go movetime 100",
            "position startpos moves R-I-S Y-I-S R-I-H Y-I-H B-IV-C Y-I-D",
            "go depth 2",
            "quit",
            "isready",
        ],
        *WITH_DOUBLES,
    )
    assert [line for line in answers if not line.startswith("info ")] == [
        "readyok",
        "perft 1 64",
        "perft 2 4032",
        "perft 3 249984",
        "bestmove R-I-C",
        "bestmove R-I-D",
    ]
    first_info = answers[4]  # the real clock: nps and time vary
    assert first_info.startswith("info depth 1 score cp 10 nodes 1 nps ")
    assert first_info.endswith(" pv R-I-C")


def test_bad_input_answers_errors_and_the_engine_keeps_going() -> None:
    answers = run_engine(
        [
            "bogus",
            "variant chess",
            "position startpos moves R-I-S Q-9-Z",
            "position startpos moves R-I-S R-I-S",
            "position somewhere",
            "perft",
            "perft x",
            "perft 99",
            "go fast",
            "go depth x",
            "roll red/I/spades",
            "players 5",
            "",
            "isready",
        ]
    )
    assert len(answers) == 13
    assert all(answer.startswith("error ") for answer in answers[:-1]), answers
    assert "'bogus'" in answers[0] and "'chess'" in answers[1] and "'Q-9-Z'" in answers[2]
    assert "R-I-S is occupied" in answers[3]
    assert "no dice" in answers[10] and "5" in answers[11]
    assert answers[-1] == "readyok"


def test_lucky_through_the_console_script() -> None:
    script = ROOT / ".venv" / "bin" / "flixboard"
    answers = run_engine(
        [
            "variant lucky",
            "roll yellow/II/hearts",
            "position startpos moves win/II/hearts Y-II-H",
            "roll yellow/II/hearts",
            "perft 1",
            "roll",
            "quit",
        ],
        str(script),
        "engine",
    )
    assert answers[0] == "error perft: perft counts actions of qubic, flip4, olix, not lucky"
    assert answers[1].startswith("throw ") and len(answers) == 2


def test_lucky_search_through_the_cli() -> None:
    answers = run_engine(
        ["variant lucky", "go depth 1", "roll yellow/II/hearts", "go depth 1", "quit"],
        *WITH_DOUBLES,
    )
    assert [line for line in answers if not line.startswith("info ")] == [
        "bestmove roll",
        "bestmove Y-II-H",
    ]


@pytest.mark.parametrize(
    ("line", "answer"),
    [("isready", ["readyok"]), ("  ", []), ("ISREADY", ["readyok"]), ("variant QUBIC", [])],
)
def test_protocol_class_answers(line: str, answer: list[str]) -> None:
    assert EngineProtocol().handle(line) == answer


def test_protocol_game_over_and_players() -> None:
    engine = EngineProtocol()
    assert engine.handle("players 3") == []
    assert engine.game.players == 3
    engine.handle(
        "position startpos moves R-I-S Y-I-S G-I-S R-I-H Y-I-H G-I-H R-I-D Y-I-D G-I-D R-I-C"
    )
    assert engine.game.winner == 0
    assert engine.handle("go") == ["error go: the game is over"]
    assert engine.handle("perft 3") == ["perft 3 1"]
    assert engine.handle("quit") == [] and engine.finished


def test_each_answer_is_flushed_before_the_next_command() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "controller.cli", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for command, answer in [("isready", "readyok"), ("perft 2", "perft 2 4032")]:
            process.stdin.write(command + "\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 60.0)
            assert ready, f"no answer to {command!r}"
            assert process.stdout.readline().strip() == answer
        process.stdin.write("quit\n")
        process.stdin.flush()
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    "line", ["perft ²", "players ²", "go depth ²", "perft ٣", "players \uff13"]
)
def test_numbers_are_ascii_digits_and_others_answer_errors(line: str) -> None:
    engine = EngineProtocol()
    answer = engine.handle(line)
    assert len(answer) == 1 and answer[0].startswith(f"error {line.split()[0]}:"), answer
    assert engine.game.players == 2 and engine.handle("isready") == ["readyok"]


LUCKY_ROW = (
    "red/I/spades r1s blue/IV/spades b4s red/I/hearts r1h blue/IV/hearts b4h "
    "red/I/diamonds r1d blue/IV/diamonds b4d red/I/clubs r1c"
)


@pytest.mark.parametrize(
    ("variant", "moves"),
    [("lucky", LUCKY_ROW), ("payoff", "r1s b4s r1h b4h r1d b4d r1c")],
)
def test_a_completed_line_scores_without_a_flix_button(variant: str, moves: str) -> None:
    engine = EngineProtocol()
    assert engine.handle(f"variant {variant}") == []
    assert engine.handle(f"position startpos moves {moves}") == []
    assert engine.game.winner == 0
    assert engine.handle("go") == ["error go: the game is over"]


def test_tactflix_moves_also_replace_and_withdraw_men() -> None:
    engine = EngineProtocol()
    engine.handle("variant tactflix")
    start = "position startpos moves r1s b4s r1h b4h r1d b4d r1c g3c"
    assert engine.handle(start) == [] and engine.game.phase == "substitute"
    assert engine.handle(f"{start} r1c") == [] and engine.game.phase == "withdraw"
    assert engine.handle(f"{start} r1c r1s r1h r1d") == []
    assert engine.game.phase == "await_place" and engine.game.to_move == 1
    assert engine.game.piece_at(parse("R-I-C")) == (0, "burocrat")


def test_keywords_are_case_insensitive() -> None:
    engine = EngineProtocol()
    assert engine.handle("POSITION StartPos MOVES r1s") == []
    assert engine.game.piece_at(0) == (0, "man")


class Lines:
    """The output lines of ``process``, read on a thread (``select`` cannot see lines that a
    buffered ``readline`` already read ahead)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        self.queue: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stdout: IO[str]) -> None:
        for line in stdout:
            self.queue.put(line)

    def until(self, wanted: str) -> list[str]:
        """Lines up to the first that starts with ``wanted`` (a generous timeout, not a check)."""
        lines: list[str] = []
        while not lines or not lines[-1].startswith(wanted):
            try:
                lines.append(self.queue.get(timeout=60).strip())
            except queue.Empty:
                raise AssertionError(f"no {wanted!r} after {lines}") from None
        return lines


def test_go_infinite_runs_until_stop_through_the_cli() -> None:
    process = subprocess.Popen(
        WITH_DOUBLES, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert process.stdin is not None
    lines = Lines(process)
    try:
        process.stdin.write("go infinite\nisready\n")
        process.stdin.flush()
        assert "readyok" in lines.until("readyok")  # answered while it searches
        process.stdin.write("position startpos moves R-I-S\n")  # waits for the search
        process.stdin.write("stop\n")
        process.stdin.flush()
        assert lines.until("bestmove")[-1] == "bestmove R-I-S"
        process.stdin.write("go depth 1\n")
        process.stdin.flush()
        assert lines.until("bestmove")[-1] == "bestmove R-I-H"  # after R-I-S
        process.stdin.write("quit\n")
        process.stdin.flush()
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_end_of_input_stops_an_infinite_search() -> None:
    answers = run_engine(["go infinite"], *WITH_DOUBLES)
    assert answers[-1] == "bestmove R-I-S"


def test_huge_numbers_and_deep_perft_answer_errors_through_the_cli() -> None:
    answers = run_engine(
        [
            "perft " + "9" * 4400,
            "players " + "9" * 4400,
            "perft 6",
            "go depth " + "9" * 5000,
            "isready",
        ]
    )
    assert len(answers) == 5 and all(a.startswith("error ") for a in answers[:4]), answers
    assert answers[-1] == "readyok"


def test_quit_behind_waiting_commands_stops_an_infinite_search_and_ends() -> None:
    answers = run_engine(
        ["go infinite", "position startpos moves R-I-S", "quit", "isready"], *WITH_DOUBLES
    )
    assert [line for line in answers if not line.startswith("info ")] == ["bestmove R-I-S"]
