"""The protocol's search commands line by line: go (movetime, depth, nodes, infinite), stop,
info, bestmove, hint, setoption; with a stand-in player (the protocol is under test here)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

import engine.players
from engine.game import Action
from engine.payoff import PayOffFlix
from engine.players.base import Decision, SearchInfo
from engine.protocol import EngineProtocol, info_line
from engine.variants import VARIANTS
from tests.engine.protocol_doubles import LowestHolePlayer


@pytest.fixture
def doubles(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every variant's computer player is the stand-in."""
    monkeypatch.setattr("engine.players.PLAYERS", {v: LowestHolePlayer for v in VARIANTS})
    yield


class Session:
    """A protocol session whose searches run at once, on this thread, with a counting clock."""

    def __init__(self) -> None:
        self.ticks = 0
        self.lines: list[str] = []
        self.protocol = EngineProtocol(clock=self.clock, emit=self.lines.append)

    def clock(self) -> float:
        self.ticks += 1
        return self.ticks / 1000  # one millisecond per reading

    def say(self, line: str, *, stop_after: bool = False) -> list[str]:
        """The lines answered to ``line``, a search it started included (run to its end;
        ``stop_after``: a ``stop`` is sent once it ran, as ``go infinite`` needs)."""
        self.lines.clear()
        self.lines.extend(self.protocol.handle(line))
        search = self.protocol.searching
        if search is not None and not search.done:
            search.run()
            if stop_after:
                assert self.protocol.busy and self.protocol.handle("stop") == []
            search.finish(self.lines.append)
        return list(self.lines)


@pytest.fixture
def session(doubles: None) -> Session:
    return Session()


def test_go_depth_prints_info_lines_then_bestmove(session: Session) -> None:
    assert session.say("go depth 2") == [
        "info depth 1 score cp 10 nodes 1 nps 1000 time 1 pv R-I-S",
        "info depth 2 score cp 20 nodes 2 nps 1000 time 2 pv R-I-S",
        "bestmove R-I-S",
    ]


def test_go_nodes_and_movetime_bound_the_search(session: Session) -> None:
    assert session.say("go nodes 1") == [
        "info depth 1 score cp 10 nodes 1 nps 1000 time 1 pv R-I-S",
        "bestmove R-I-S",
    ]
    answer = session.say("go movetime 2 depth 9")  # the clock ticks 1 ms a reading
    assert answer[-1] == "bestmove R-I-S" and len(answer) == 2


def test_go_without_limits_searches_to_the_players_level(session: Session) -> None:
    assert session.say("setoption name Level value 4") == []
    answer = session.say("go")
    assert [line.split()[2] for line in answer[:-1]] == ["1", "2", "3", "4"]
    assert answer[-1] == "bestmove R-I-S"


def test_go_infinite_answers_only_after_stop(session: Session) -> None:
    protocol = session.protocol
    assert protocol.handle("go infinite") == []
    search = protocol.searching
    assert search is not None and search.infinite and protocol.busy
    assert protocol.handle("isready") == ["readyok"]  # read while the search runs
    assert protocol.handle("position startpos") == [
        "error position: a search is running (send stop first)"
    ]
    assert protocol.handle("stop") == [] and search.stopped
    search.run()  # the stand-in sees its stop check at once
    search.finish(session.lines.append)
    assert session.lines == ["bestmove R-I-S"] and not protocol.busy


def test_go_infinite_ignores_depth_and_nodes_until_stop(session: Session) -> None:
    answer = session.say("go infinite depth 1", stop_after=True)
    assert answer[-1] == "bestmove R-I-S"


def test_quit_stops_a_running_search(session: Session) -> None:
    protocol = session.protocol
    protocol.handle("go infinite")
    assert protocol.handle("quit") == [] and protocol.finished
    assert protocol.searching is not None and protocol.searching.stopped


def test_payoff_bestmove_names_the_token(session: Session) -> None:
    session.say("variant payoff")
    game = session.protocol.game
    assert isinstance(game, PayOffFlix)
    hands = game.hands
    assert session.say("go depth 1")[-1] == f"bestmove R-I-S token {max(hands[0])}"
    moves = f"R-I-S token {hands[0][-1]} B-IV-C token {hands[1][0]}"
    assert session.say(f"position startpos moves {moves}") == []
    assert session.protocol.game.tokens == {0: hands[0][-1], 63: hands[1][0]}
    assert session.say("position startpos moves r1s token 7")[0].startswith("error position:")


def test_payoff_info_lines_carry_no_token(session: Session) -> None:
    session.say("variant payoff")
    info = session.say("go depth 1")[0]
    assert info.endswith("pv R-I-S") and "token" not in info


def test_a_roll_phase_answers_bestmove_roll(session: Session) -> None:
    session.say("variant lucky")
    assert session.say("go depth 1")[-1] == "bestmove roll"
    session.say("roll yellow/II/hearts")
    assert session.say("go depth 1")[-1] == "bestmove Y-II-H"
    assert session.say("hint") == ["hint Y-II-H the lowest open hole (seed 0)"]


def test_tactflix_substitution_answers_the_man_to_replace(session: Session) -> None:
    session.say("variant tactflix")
    session.say("position startpos moves r1s b4s r1h b4h r1d b4d r1c g3c")
    assert session.protocol.game.phase == "substitute"
    assert session.say("go depth 1")[-1] == "bestmove R-I-S"


def test_hint_answers_one_line_with_a_reason(session: Session) -> None:
    assert session.say("setoption name Seed value 42") == []
    assert session.say("hint") == ["hint R-I-S the lowest open hole (seed 42)"]


def test_a_hint_is_one_line_whatever_the_reason(session: Session) -> None:
    class Wordy(LowestHolePlayer):
        def decide(self, *args: Any, **kwargs: Any) -> Decision:
            decision = super().decide(*args, **kwargs)
            return replace(decision, reason="blocks\nR-I-S..B-IV-C\r\n  now ")

    engine.players.PLAYERS["qubic"] = Wordy
    assert session.say("hint") == ["hint R-I-S blocks R-I-S..B-IV-C now"]


def test_setoption_level_and_seed_reach_the_player(session: Session) -> None:
    made: list[tuple[int, int]] = []

    def factory(level: int, seed: int) -> LowestHolePlayer:
        made.append((level, seed))
        return LowestHolePlayer(level, seed)

    engine.players.PLAYERS["qubic"] = factory
    session.say("SETOPTION NAME level VALUE 5")
    session.say("setoption name seed value 9223372036854775807")
    session.say("go depth 1")
    assert made == [(5, 2**63 - 1)]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("go movetime -1", "error go: movetime must be a whole number 1..3600000: '-1'"),
        ("go movetime 0", "error go: movetime must be a whole number 1..3600000: '0'"),
        ("go nodes abc", "error go: nodes must be a whole number 1..1000000000: 'abc'"),
        ("go depth 65", "error go: depth must be a whole number 1..64: '65'"),
        ("go depth", "error go: expected 'go [movetime MS] [depth N] [nodes N] [infinite]', got"),
        ("go depth 1 depth 2", "error go: expected 'go [movetime MS] [depth N]"),
        ("go fast", "error go: expected 'go [movetime MS] [depth N]"),
        ("go nodes 1" + "0" * 30, "error go: nodes must be a whole number 1..1000000000: '1000"),
        ("setoption name Level value 9", "error setoption: Level must be a whole number 1..5: '9'"),
        ("setoption name Level value 0", "error setoption: Level must be a whole number 1..5: '0'"),
        ("setoption name Seed value -3", "error setoption: Seed must be a whole number 0..9223"),
        (
            "setoption name Hash value 64",
            "error setoption: no option 'Hash' (options: Level, Seed)",
        ),
        ("setoption name Level", "error setoption: expected 'setoption name Level|Seed value N'"),
        ("setoption Level 3", "error setoption: expected 'setoption name Level|Seed value N'"),
        ("stop", "error stop: no search is running"),
        ("stop now", "error stop: expected 'stop'"),
        ("hint please", "error hint: expected 'hint'"),
    ],
)
def test_bad_search_commands_answer_errors(session: Session, line: str, expected: str) -> None:
    answer = session.say(line)
    assert len(answer) == 1 and answer[0].startswith(expected), answer
    assert not session.protocol.busy and session.protocol.level == 3


@pytest.mark.parametrize("command", ["go", "hint", "go infinite"])
def test_no_search_when_the_game_is_over(session: Session, command: str) -> None:
    session.say("position startpos moves r1s b4s r1h b4h r1d b4d r1c")
    assert session.protocol.game.game_over
    assert session.say(command) == [f"error {command.split()[0]}: the game is over"]


def test_a_variant_without_a_player_answers_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("engine.players.PLAYERS", {})
    protocol = EngineProtocol()
    assert protocol.handle("go") == ["error go: no computer player for qubic"]
    assert not protocol.busy


def test_a_failing_player_answers_an_error_and_the_session_goes_on(session: Session) -> None:
    class Broken(LowestHolePlayer):
        def decide(self, *args: Any, **kwargs: Any) -> Decision:
            raise ZeroDivisionError

    engine.players.PLAYERS["qubic"] = Broken
    assert session.say("go depth 1") == ["error go: internal error ZeroDivisionError"]
    assert session.say("isready") == ["readyok"]


def test_info_lines_show_mate_scores_and_a_tokenless_pv() -> None:
    game = EngineProtocol(variant="payoff").game
    pv = (Action("place", hole=0, token=50), Action("place", hole=63), Action("roll"))
    info = SearchInfo(depth=7, score=0, nodes=3000, seconds=1.5, pv=pv, mate=4)
    assert info_line(info, game) == (
        "info depth 7 score mate 4 nodes 3000 nps 2000 time 1500 pv R-I-S B-IV-C roll"
    )
    assert info_line(SearchInfo(1, -35, 0, 0.0), game) == (
        "info depth 1 score cp -35 nodes 0 nps 0 time 0"
    )
