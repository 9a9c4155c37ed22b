"""Every phrase the board says, by message id, with its format arguments: the one place a
translation catalog replaces.

>>> phrase("throw", who="Red", faces="yellow, two, hearts")
'Red: yellow, two, hearts.'
>>> spoken_place("Y-II-H")
'yellow, two, hearts'
>>> spoken_place("c2")
'c 2'
"""

from __future__ import annotations

import re

PHRASES: dict[str, str] = {
    "game_started": "New game: {variant}.",
    "turn": "{who} to play.",
    "throw": "{who}: {faces}.",
    "throw_anywhere": "{who}: {faces}. One {piece} anywhere.",
    "free_throws": "Free throw! {who} has {left} to play.",
    "free_throws_ended": "FLIX FLIX FLIX: the free throws end.",
    "opponent_anywhere": "FLIX FLIX FLIX: {who} places one {piece} anywhere.",
    "turn_lost": "Turn lost: {reason}.",
    "nobody_places": "Nobody can place a {piece}: call FLIX or PENALTY.",
    "computer_move": "{who} plays {place}.",
    "computer_move_why": "{who} plays {place}: {reason}.",
    "computer_step": "{who} moves {place} to {to}.",
    "computer_call": "{who} calls FLIX.",
    "computer_penalty": "{who} calls PENALTY.",
    "scored": "{who} scores {lines}.",
    "called_scored": "{who} calls FLIX and scores {lines}.",
    "call_nothing": "{who} calls FLIX: no line.",
    "pattern": "{who} scores {pattern} {value}.",
    "payoff": "{team} scores {value}; the others pay it.",
    "penalty": "Penalty against {team}: {count} go back.",
    "penalty_nothing": "{who} calls PENALTY: nothing to penalise.",
    "refused_place": "Not on {place}: {reason}.",
    "fix": "{sentences}.",
    "undo": "Taken back.",
    "winner": "{team} wins!",
    "draw": "The game is a draw.",
    "board_lost": "The board stopped answering.",
    "board_back": "The board answers again.",
    "voice_on": "Voice on.",
}
"""The English phrases (the only language until a catalog adds another)."""

WORDS: dict[str, str] = {
    "I": "one",
    "II": "two",
    "III": "three",
    "IV": "four",
    "R": "red",
    "Y": "yellow",
    "G": "green",
    "B": "blue",
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
    "win": "win",
    "flix": "FLIX",
    "line": "a line",
    "lines": "{count} lines",
    "men": "{count} {pieces}",
    "man": "one {piece}",
}
"""The words spoken names and counts are made of."""

VARIANTS: dict[str, str] = {
    "lucky": "Lucky Flix",
    "payoff": "Pay-Off Flix",
    "tactflix": "Tac-T-Flix",
    "qubic": "3-D Tic Tac Toe",
    "flip4": "Flip 4",
    "olix": "Olix",
}

HOLE_NAME = re.compile(r"\b([RYGB])-(I|II|III|IV)-([SHDC])\b")
"""A spaceboard hole as the engine names it (``Y-II-H``)."""
CELL_NAME = re.compile(r"\b([a-k])(\d{1,2})\b")
"""A cell of a flat board as the engine names it (``c2``)."""


def phrase(key: str, **args: object) -> str:
    """The phrase ``key`` with its arguments filled in."""
    return PHRASES[key].format(**args)


def spoken_place(name: str) -> str:
    """A hole or cell name as it is said: ``Y-II-H`` is "yellow, two, hearts", ``c2`` "c 2"."""
    hole = HOLE_NAME.fullmatch(name)
    if hole is not None:
        return ", ".join(WORDS[part] for part in hole.groups())
    cell = CELL_NAME.fullmatch(name)
    return f"{cell.group(1)} {cell.group(2)}" if cell is not None else name


def spoken_text(text: str, *, cells: bool = False) -> str:
    """Free text (a computer's reason, a fix sentence) with every spaceboard hole name said,
    and with ``cells`` (a flat board's text) every cell name.

    >>> spoken_text("Lift the piece from b2", cells=True)
    'Lift the piece from b 2'
    """
    said = HOLE_NAME.sub(lambda found: spoken_place(found.group(0)), text)
    return CELL_NAME.sub(lambda found: spoken_place(found.group(0)), said) if cells else said


def spoken_face(face: str) -> str:
    """One die face as it is said: floors as numbers, colours and suits by name."""
    return WORDS.get(face, face)


def spoken_throw(throw: str) -> str:
    """A throw ``yellow/II/hearts`` as "yellow, two, hearts"."""
    return ", ".join(spoken_face(face) for face in throw.split("/"))


def count_of(count: int, one: str, many: str, **args: object) -> str:
    """``WORDS[one]`` for one, else ``WORDS[many]``, with ``count`` and ``args`` filled in."""
    return WORDS[one if count == 1 else many].format(count=count, **args)
