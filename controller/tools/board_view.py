"""The terminal drawing of a board in play: the simulator's view with each team's pieces told apart.

A team's Men show as the lower-case initial of its name (``r`` Red, ``b`` Blue, ``g`` Green), its
Burocrats as the capital; when two names share an initial the teams are ``a``, ``b``, ``c``.
A piece the game does not know (one to lift) keeps the plain glyph ``o`` / ``x`` / ``*``.
"""

from __future__ import annotations

from controller.core.board_controller import BoardController
from engine.bitboard import scan_forward
from hal.base import Backend, Piece
from sim.view import render_board


def team_letters(names: tuple[str, ...] | list[str], teams: int) -> list[str]:
    """One lower-case letter per team: the initials of the names when they differ."""
    initials = [name.strip()[:1].lower() for name in names[:teams]]
    if len(set(initials)) == teams and all(c.isalpha() for c in initials):
        return initials
    return list("abcd"[:teams])


def piece_glyphs(controller: BoardController) -> dict[int, str]:
    """The glyph of every hole where the board holds the piece the game has there."""
    game = controller.game
    letters = team_letters(controller.config.game.team_names, game.teams)
    sensed = controller.sensed.holes
    glyphs: dict[int, str] = {}
    for team in range(game.teams):
        for hole in scan_forward(game.men[team]):
            if sensed[hole] in (Piece.MAN, Piece.PRESENT):
                glyphs[hole] = letters[team]
        for hole in scan_forward(game.burocrats[team]):
            if sensed[hole] in (Piece.BUROCRAT, Piece.PRESENT):
                glyphs[hole] = letters[team].upper()
    return glyphs


def legend(controller: BoardController) -> str:
    """Which letter is whose, e.g. ``r Red   b Blue   (capitals: Burocrats)``."""
    game = controller.game
    names = controller.config.game.team_names
    letters = team_letters(names, game.teams)
    teams = "   ".join(f"{letters[t]} {names[t]}" for t in range(game.teams))
    return f"pieces  {teams}" + ("   (capitals: Burocrats)" if game.uses_burocrats else "")


def draw(board: Backend, controller: BoardController, *, color: bool) -> str:
    """The board as the terminal shows it, with a legend of the team letters."""
    layout = controller.config.layout
    view = render_board(board, color=color, layout=layout, glyphs=piece_glyphs(controller))
    return f"{view}\n{legend(controller)}"
