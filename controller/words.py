"""What the controller says to people: each board's own words, the line of what happens now,
and what to fix.

>>> board_words("flip4").where(3, every_empty=False)
'one of the 3 lit squares'
>>> board_words("flix").view().pieces
'Men'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from controller.config import Config
from controller.reconcile import Mismatch
from controller.wire import Typed
from engine.bitboard import popcount, scan_forward
from engine.game import Game, Phase
from engine.holes import Naming
from hal.base import BoardReading, Piece


class Words(Typed):
    """How people name this board's places and pieces (``BoardWords``)."""

    place: str
    places: str
    into: str
    piece: str
    pieces: str
    tally: str | None


@dataclass(frozen=True)
class BoardWords:
    """How people name a board's places and pieces: ``place``/``places`` (holes, squares,
    cells), ``into`` (a piece goes *in* a hole, *on* a square), ``piece``/``pieces`` (Men,
    pieces, counters) and ``tally``, the label of the lines each team scored (``None`` where
    the first line ends the game or no line counts)."""

    place: str
    places: str
    into: str
    piece: str
    pieces: str
    tally: str | None

    def where(self, lit: int, *, every_empty: bool) -> str:
        """The places a piece may go: every empty one, the lit one, or one of ``lit``."""
        if every_empty:
            return f"any empty {self.place}"
        return f"the lit {self.place}" if lit == 1 else f"one of the {lit} lit {self.places}"

    def view(self) -> Words:
        """As the state and ``GET /api/info`` carry it."""
        return Words(**asdict(self))


BOARD_WORDS: dict[str, BoardWords] = {
    "flix": BoardWords("hole", "holes", "in", "Man", "Men", "Lines scored"),
    "flip4": BoardWords("square", "squares", "on", "piece", "pieces", None),
    "olix": BoardWords("cell", "cells", "on", "counter", "counters", None),
}
"""The words of each board, by its geometry key (a variant's ``geometry``)."""


def board_words(geometry: str) -> BoardWords:
    """The words of the board ``geometry`` (a board of another shape: the flat boards' words,
    cells and pieces)."""
    return BOARD_WORDS.get(geometry) or BoardWords("cell", "cells", "on", "piece", "pieces", None)


def piece_name(piece: str, words: BoardWords) -> str:
    """An engine piece (``man``, ``burocrat``) as people name it on this board."""
    return "Burocrat" if piece == "burocrat" else words.piece


def fix_sentences(
    mismatch: Mismatch, game: Game, sensed: BoardReading, team_names: tuple[str, ...]
) -> list[str]:
    """What a hand must do, one sentence per hole or groove."""
    naming = game.naming
    board = board_words(game.geometry)
    words = [problem.words() for problem in mismatch.grooves]
    for hole in scan_forward(mismatch.extra):
        kind = "Burocrat" if sensed.holes[hole] is Piece.BUROCRAT else board.piece
        words.append(f"Lift the {kind} from {naming.name(hole)}")
    for hole in scan_forward(mismatch.missing):
        team, piece = game.piece_at(hole) or (0, "man")
        name = piece_name(piece, board)
        words.append(f"Put the {team_names[team]} {name} back on {naming.name(hole)}")
    for hole in scan_forward(mismatch.wrong_kind):
        team, piece = game.piece_at(hole) or (0, "man")
        name = piece_name(piece, board)
        words.append(f"Swap the piece on {naming.name(hole)} for the {team_names[team]} {name}")
    return words


class GrooveProblem(Typed):
    groove: int
    expected: str
    found: str | None


class MismatchView(Typed):
    """The settled board against the game: hole names and groove problems."""

    missing: list[str]
    extra: list[str]
    wrong_kind: list[str]
    grooves: list[GrooveProblem]


def mismatch_view(mismatch: Mismatch, naming: Naming) -> MismatchView:
    """The mismatch as the state and the events show it: hole names and groove problems."""
    return MismatchView(
        missing=[naming.name(h) for h in scan_forward(mismatch.missing)],
        extra=[naming.name(h) for h in scan_forward(mismatch.extra)],
        wrong_kind=[naming.name(h) for h in scan_forward(mismatch.wrong_kind)],
        grooves=[GrooveProblem(p.groove, p.expected, p.found) for p in mismatch.grooves],
    )


def message(
    game: Game,
    config: Config,
    *,
    phase: Phase,
    connected: bool,
    clearing: bool,
    ready: bool = False,
    fix: list[str],
    variant_words: str | None,
) -> str:
    """One line for people: what happens now (``variant_words``: the flow's line, if any)."""
    names = config.team_names
    board = board_words(game.geometry)
    mover = f"{names[game.team_of_seat[game.to_move]]} (player {game.to_move + 1})"
    if not connected:
        return "Board disconnected — searching for the board. The game waits where it was."
    if variant_words is not None and phase != Phase.AWAIT_FIX:
        return variant_words
    if game.game_over:
        result = "Draw." if game.winner is None else f"{names[game.winner]} wins!"
        return after_game(result, game, clearing=clearing, ready=ready)
    if phase == Phase.AWAIT_FIX:
        if fix:
            return "Fix the board: " + "; ".join(fix) + "."
        return f"The board does not match the game: see the blinking {board.places}."
    if game.phase == Phase.AWAIT_CALLS:
        return f"Nobody can place a {board.piece}: call FLIX for a line of yours, or PENALTY."
    if game.phase == Phase.AWAIT_ROLL:
        extra = f" ({game.free_throws} free throws left)" if game.free_throws else ""
        if config.dice == "physical":
            return f"{mover}: throw the dice and enter the faces{extra}."
        return f"{mover}: press ROLL{extra}."
    return f"{mover}: place a {board.piece} {board.into} {where_to_place(game)}."


def after_game(result: str, game: Game, *, clearing: bool, ready: bool) -> str:
    """A finished game's ``result`` and, once its win has flashed, how the next game starts:
    the board emptied, then asked for (MENU, the page's Next game; README "After a game")."""
    if ready:
        return f"{result} Press MENU or Next game to play the next game."
    if clearing:
        piece = board_words(game.geometry).piece
        return f"{result} Lift every {piece} off the board, then press MENU or Next game."
    return result


def where_to_place(game: Game) -> str:
    """The places a piece may go in, in words: every empty one only when all are allowed."""
    every_empty = game.allowed == game.board_mask & ~game.occupied
    return board_words(game.geometry).where(popcount(game.allowed), every_empty=every_empty)
