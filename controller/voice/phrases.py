"""Every phrase the board says, by key, with its format arguments; each is an English message id
of the catalog (``controller.i18n``), said in the board's language.

>>> phrase("throw", who="Red", faces="yellow, two, hearts")
'Red: yellow, two, hearts.'
>>> spoken_place("Y-II-H", language("de"))
'gelb, zwei, Herz'
>>> spoken_place("Y-II-H")
'yellow, two, hearts'
>>> spoken_place("c2")
'c 2'
"""

from __future__ import annotations

import re

from controller.games import games
from controller.i18n import N_, Language, language

PHRASES: dict[str, str] = {
    "game_started": N_("New game: {variant}."),
    "turn": N_("{who} to play."),
    "throw": N_("{who}: {faces}."),
    "throw_anywhere": N_("{who}: {faces}. One {piece} anywhere."),
    "free_throws": N_("Free throw! {who} has {left} to play."),
    "free_throws_ended": N_("FLIX FLIX FLIX: the free throws end."),
    "opponent_anywhere": N_("FLIX FLIX FLIX: {who} places one {piece} anywhere."),
    "turn_lost": N_("Turn lost: {reason}."),
    "nobody_places": N_("Nobody can place a {piece}: call FLIX or PENALTY."),
    "computer_move": N_("{who} plays {place}."),
    "computer_move_why": N_("{who} plays {place}: {reason}."),
    "computer_step": N_("{who} moves {place} to {to}."),
    "computer_call": N_("{who} calls FLIX."),
    "computer_penalty": N_("{who} calls PENALTY."),
    "scored": N_("{who} scores {lines}."),
    "called_scored": N_("{who} calls FLIX and scores {lines}."),
    "call_nothing": N_("{who} calls FLIX: no line."),
    "pattern": N_("{who} scores {pattern} {value}."),
    "paid_off": N_("{team} scores {value}; the others pay it."),
    "penalty": N_("Penalty against {team}: {count} go back."),
    "penalty_nothing": N_("{who} calls PENALTY: nothing to penalise."),
    "refused_place": N_("Not on {place}: {reason}."),
    "fix": N_("{sentences}."),
    "undo": N_("Taken back."),
    "winner": N_("{team} wins!"),
    "draw": N_("The game is a draw."),
    "board_lost": N_("The board stopped answering."),
    "board_back": N_("The board answers again."),
    "voice_on": N_("Voice on."),
}
"""The phrases, English message ids (``say.gettext`` says them in the board's language)."""

WORDS: dict[str, str] = {
    "I": N_("one"),
    "II": N_("two"),
    "III": N_("three"),
    "IV": N_("four"),
    "R": N_("red"),
    "Y": N_("yellow"),
    "G": N_("green"),
    "B": N_("blue"),
    "S": N_("spades"),
    "H": N_("hearts"),
    "D": N_("diamonds"),
    "C": N_("clubs"),
    "win": N_("win"),
    "flix": N_("FLIX"),
    "line": N_("a line"),
    "lines": N_("{count} lines"),
    "men": N_("{count} {pieces}"),
    "man": N_("one {piece}"),
}
"""The words spoken names and counts are made of."""


def game_title(variant: str, say: Language | None = None) -> str:
    """The game named ``variant`` as ``say``'s language calls it (its spec's title)."""
    spec = games().get(variant)
    return variant if spec is None else (say or language("en")).gettext(spec.title)


HOLE_NAME = re.compile(r"\b([RYGB])-(I|II|III|IV)-([SHDC])\b")
"""A spaceboard hole as the engine names it (``Y-II-H``)."""
CELL_NAME = re.compile(r"\b([a-k])(\d{1,2})\b")
"""A cell of a flat board as the engine names it (``c2``)."""


def phrase(key: str, say: Language | None = None, **args: object) -> str:
    """The phrase ``key`` in ``say``'s language (English by default), its arguments filled in."""
    return (say or language("en")).gettext(PHRASES[key]).format(**args)


def word(key: str, say: Language | None = None) -> str:
    """One of ``WORDS`` in ``say``'s language."""
    return (say or language("en")).gettext(WORDS[key])


def spoken_place(name: str, say: Language | None = None) -> str:
    """A hole or cell name as it is said: ``Y-II-H`` is "yellow, two, hearts", ``c2`` "c 2"."""
    hole = HOLE_NAME.fullmatch(name)
    if hole is not None:
        return ", ".join(word(part, say) for part in hole.groups())
    cell = CELL_NAME.fullmatch(name)
    return f"{cell.group(1)} {cell.group(2)}" if cell is not None else name


def spoken_text(text: str, *, cells: bool = False, say: Language | None = None) -> str:
    """Free text (a computer's reason, a fix sentence) with every spaceboard hole name said,
    and with ``cells`` (a flat board's text) every cell name.

    >>> spoken_text("Lift the piece from b2", cells=True)
    'Lift the piece from b 2'
    """
    said = HOLE_NAME.sub(lambda found: spoken_place(found.group(0), say), text)
    return CELL_NAME.sub(lambda found: spoken_place(found.group(0), say), said) if cells else said


def spoken_face(face: str, say: Language | None = None) -> str:
    """One die face as it is said: floors as numbers, colours and suits by name."""
    return word(face, say) if face in WORDS else (say or language("en")).gettext(face)


def spoken_throw(throw: str, say: Language | None = None) -> str:
    """A throw ``yellow/II/hearts`` as "yellow, two, hearts"."""
    return ", ".join(spoken_face(face, say) for face in throw.split("/"))


def count_of(count: int, one: str, many: str, say: Language | None = None, **args: object) -> str:
    """``WORDS[one]`` for one, else ``WORDS[many]``, with ``count`` and ``args`` filled in."""
    return word(one if count == 1 else many, say).format(count=count, **args)
