"""The page's words (controller/server/web/words.js), run under Node on events and states as the
service writes them: each board's own words, Flip 4's steps and throws, remote moves, and a
computer's move logged once."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import msgspec
import pytest

from controller.words import board_words

WEB = Path(__file__).resolve().parents[2] / "controller" / "server" / "web"
NODE = shutil.which("node")

TWO = {"team_of_seat": [0, 1], "seat_labels": ["Red (player 1)", "Blue (player 2)"]}


def said(calls: list[tuple[str, list[Any]]]) -> list[Any]:
    """Each ``(function, arguments)`` of words.js called by Node, its answer."""
    assert NODE is not None, "node is installed by scripts/setup-system.sh"
    script = (
        f"import * as words from {json.dumps((WEB / 'words.js').as_uri())};\n"
        "const calls = JSON.parse(await new Promise((done) => {\n"
        "  let text = ''; process.stdin.on('data', (c) => { text += c; });\n"
        "  process.stdin.on('end', () => done(text)); }));\n"
        "console.log(JSON.stringify(calls.map(([name, args]) => words[name](...args))));\n"
    )
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers: list[Any] = json.loads(done.stdout)
    return answers


def board(geometry: str, **state: Any) -> dict[str, Any]:
    return {**TWO, "words": msgspec.to_builtins(board_words(geometry).view()), **state}


def test_flip4_throws_steps_flips_and_corner_jumps_in_words() -> None:
    state = board("flip4")
    events = [
        {"type": "roll", "seat": 0, "throw": "4/3", "results": [7, 1, 12]},
        {"type": "move", "seat": 0, "hole": "c3", "to": "d4"},
        {"type": "corner", "seat": 1, "hole": "a2", "to": "a1"},
        {"type": "jump", "seat": 1, "hole": "a2", "to": "b1", "corner": "a1"},
        {"type": "flip", "seat": 1, "hole": "b5", "to": "d1", "opponent": 0, "corner": "a5"},
        {"type": "flip", "seat": 0, "hole": "c3", "to": "d3", "opponent": 1},
        {"type": "place", "seat": 0, "hole": "c3", "piece": "man"},
    ]
    assert said([("describeEvent", [event, state]) for event in events]) == [
        "Red (player 1) rolled 4 / 3: sum 7 · difference 1 · product 12.",
        "Red (player 1) moved the piece on c3 to d4.",
        "Blue (player 2) moved the piece on a2 into the corner a1.",
        "Blue (player 2) moved the piece from the corner a1 to b1.",
        "Blue (player 2) moved the piece from the corner a5 to d1: Red's piece there flips to b5.",
        "Red (player 1) moved the piece on c3 to d3: Blue's piece there flips to c3.",
        "Red (player 1) placed a piece on c3.",
    ]


@pytest.mark.parametrize(
    ("geometry", "placed"),
    [("flix", "placed a Man on R-I-S"), ("olix", "placed a counter on R-I-S")],
)
def test_a_placement_speaks_of_the_boards_piece(geometry: str, placed: str) -> None:
    event = {"type": "place", "seat": 0, "hole": "R-I-S", "piece": "man"}
    assert said([("describeEvent", [event, board(geometry)])]) == [f"Red (player 1) {placed}."]


def test_a_lucky_roll_counts_the_lit_holes_and_a_flip4_hint_moves_a_piece() -> None:
    roll = {"type": "roll", "seat": 0, "throw": "red/II/hearts", "lit": 2}
    hint = {"type": "hint", "seat": 0, "action": "move", "hole": "c3", "to": "d4", "reason": "wins"}
    assert said(
        [("describeEvent", [roll, board("flix")]), ("describeEvent", [hint, board("flip4")])]
    ) == [
        "Red (player 1) rolled red / floor II / hearts: 2 holes lit.",
        "Hint for Red (player 1): move the piece on c3 to d4 (wins).",
    ]


def test_a_computer_move_is_logged_once_under_the_computers_name() -> None:
    state = board("flip4", seats=[{"kind": "human"}, {"kind": "computer", "level": 2}])
    chose = {"type": "computer", "seat": 1, "action": "roll", "reason": "rolls: 30 of 36"}
    rolled = {"type": "roll", "seat": 1, "throw": "5/2", "results": [7, 3, 10]}
    assert said(
        [("quietEvent", [chose]), ("quietEvent", [rolled]), ("describeEvent", [rolled, state])]
    ) == [True, False, "Blue (Computer, level 2) rolled 5 / 2: sum 7 · difference 3 · product 10."]


def test_a_move_from_the_other_board_is_said_as_a_move() -> None:
    order = {"type": "remote_order", "seat": 1, "action": "roll"}
    assert said([("describeEvent", [order, board("flix")])]) == [
        "Blue (player 2) plays from the other board: rolls the dice."
    ]
