"""Olix through the engine protocol, line by line: the variant, cell moves, perft, the real
player's bestmove and hint, and the errors (in-process and through ``flixboard engine``)."""

from __future__ import annotations

from test_engine_protocol import run_engine

from engine.olix import Olix, perft
from engine.protocol import EngineProtocol

THREAT = "A3 A5 B3 B5 C3 C5 D3 D5 E3 E5 F3 F5 G3"
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
    assert protocol.handle("position startpos moves F6 e5 K11") == []
    assert protocol.game.to_json()["board"] == {
        "E5": {"team": 1, "piece": "man"},
        "F6": {"team": 0, "piece": "man"},
        "K11": {"team": 0, "piece": "man"},
    }


def test_bad_moves_answer_errors_and_change_nothing() -> None:
    protocol = EngineProtocol("olix")
    protocol.handle("position startpos moves F6")
    assert protocol.handle("position startpos moves F6 F6") == [
        "error position: move 'F6': F6 is occupied"
    ]
    assert protocol.handle("position startpos moves L1") == [
        "error position: move 'L1': not a cell of the 11x11 grid: 'L1' (columns A..K, rows 1..11)"
    ]
    assert protocol.handle("position startpos moves R-I-S") == [
        "error position: move 'R-I-S': not a cell name: 'R-I-S' (columns A..K, rows 1..11, "
        "like 'F6')"
    ]
    assert protocol.handle("roll") == ["error roll: olix uses no dice: nothing to roll"]
    assert protocol.handle("players 4") == ["error players: olix is a game for 2 players, not 4"]
    assert list(protocol.game.to_json()["board"]) == ["F6"]


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
    assert search(protocol, "go nodes 5000") == ["bestmove H3"]  # else I-8 wins in row 3
    assert len(infos) == 1 and infos[0].startswith("info depth 2 score cp ")
    assert infos[0].endswith(" pv H3")
    assert search(protocol, "hint") == [
        "hint H3 blocks a super-pattern: I-8 at H3 would win for the opponent"
    ]
    protocol.handle(f"position startpos moves {THREAT} K11")
    assert search(protocol, "hint") == ["hint H3 makes the super-pattern I-8 at H3 and wins"]
    protocol.handle(f"position startpos moves {THREAT} K11 H3")
    assert protocol.handle("go") == ["error go: the game is over"]


def test_a_session_through_the_command_line() -> None:
    answers = run_engine(
        [
            "variant olix",
            "perft 1",
            f"position startpos moves {THREAT} K11",
            "go depth 1",
            "position startpos moves F6",
            "setoption name Level value 1",
            "go",
            "quit",
        ]
    )
    moves = [line for line in answers if not line.startswith("info ")]
    assert moves[:2] == ["perft 1 121", "bestmove H3"]
    assert moves[2].startswith("bestmove ") and len(moves) == 3
    cell = moves[2].split()[1]
    assert cell != "F6" and EngineProtocol("olix").game.cells.cell_index(cell) >= 0
