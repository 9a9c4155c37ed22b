"""Olix through the engine protocol, line by line: the variant, cell moves, perft, the real
player's bestmove and hint, and the errors (in-process and through ``flixboard engine``)."""

from __future__ import annotations

from engine.olix import Olix, perft
from engine.protocol import EngineProtocol
from tests.engine.test_engine_protocol import run_engine

THREAT = "a3 a5 b3 b5 c3 c5 d3 d5 e3 e5 f3 f5 g3"
"""Seven of the first player's counters in row 3 and six of the second's in row 5."""


def search(protocol: EngineProtocol, line: str) -> list[str]:
    """Answer ``line``; run the search it starts, as the command line's worker would."""
    answers = protocol.handle(line)
    if protocol.searching is not None and not protocol.searching.done:
        protocol.searching.run()
        protocol.searching.finish(answers.append)
    return answers


def test_variant_and_cell_moves() -> None:
    protocol = EngineProtocol()
    assert protocol.handle("variant OLIX") == []
    assert isinstance(protocol.game, Olix)
    assert protocol.handle("position startpos moves f6 e5 k11") == []
    assert protocol.game.to_json()["board"] == {
        "e5": {"team": 1, "piece": "man"},
        "f6": {"team": 0, "piece": "man"},
        "k11": {"team": 0, "piece": "man"},
    }


def test_bad_moves_answer_errors_and_change_nothing() -> None:
    protocol = EngineProtocol("olix")
    protocol.handle("position startpos moves f6")
    assert protocol.handle("position startpos moves f6 f6") == [
        "error position: move 'f6': f6 is occupied"
    ]
    assert protocol.handle("position startpos moves L1") == [
        "error position: move 'L1': no cell 'L1' on the olix board (a..k, 1..11)"
    ]
    assert protocol.handle("position startpos moves R-I-S") == [
        "error position: move 'R-I-S': not a cell name: 'R-I-S' (a..k, 1..11: a column and a "
        "row, as 'c2')"
    ]
    assert protocol.handle("roll") == ["error roll: olix uses no dice: nothing to roll"]
    assert protocol.handle("players 4") == ["error players: players must be 2, not 4"]
    assert list(protocol.game.to_json()["board"]) == ["f6"]


def test_perft_counts_olix_placements() -> None:
    protocol = EngineProtocol("olix")
    assert protocol.handle("perft 1") == ["perft 1 121"]
    assert protocol.handle("perft 2") == ["perft 2 14520"]
    assert protocol.handle("perft 3") == [f"perft 3 {121 * 120 * 119}"]  # no pattern ends a game
    protocol.handle(f"position startpos moves {THREAT}")
    game = protocol.game
    assert isinstance(game, Olix)
    assert protocol.handle("perft 2") == [f"perft 2 {perft(game, 2)}"]
    assert protocol.handle("perft 4") == [
        "error perft: perft depth must be a whole number 0..3: '4'"
    ]


def test_bestmove_and_hint_of_the_real_player() -> None:
    infos: list[str] = []
    protocol = EngineProtocol("olix", emit=infos.append)
    protocol.handle(f"position startpos moves {THREAT}")
    assert search(protocol, "go nodes 5000") == ["bestmove h3"]  # else I-8 wins in row 3
    assert len(infos) == 1 and infos[0].startswith("info depth 2 score cp ")
    assert infos[0].endswith(" pv h3")
    assert search(protocol, "hint") == [
        "hint h3 blocks a super-pattern: I-8 at h3 would win for the opponent"
    ]
    protocol.handle(f"position startpos moves {THREAT} k11")
    assert search(protocol, "hint") == ["hint h3 makes the super-pattern I-8 at h3 and wins"]
    protocol.handle(f"position startpos moves {THREAT} k11 h3")
    assert protocol.handle("go") == ["error go: the game is over"]


def test_a_session_through_the_command_line() -> None:
    answers = run_engine(
        [
            "variant olix",
            "perft 1",
            f"position startpos moves {THREAT} k11",
            "go depth 1",
            "position startpos moves f6",
            "setoption name Level value 1",
            "go",
            "quit",
        ]
    )
    moves = [line for line in answers if not line.startswith("info ")]
    assert moves[:2] == ["perft 1 121", "bestmove h3"]
    assert moves[2].startswith("bestmove ") and len(moves) == 3
    cell = moves[2].split()[1]
    assert cell != "f6" and EngineProtocol("olix").game.naming.parse(cell) >= 0
